/* >>shapes: the shape functions the table names (gir__sh_<name>), called by the generic builder ---------------- */
static gir_status gir__sh_eye(gir__bctx *b) {
    if (b->attr.i[0] < 0 || b->attr.i[1] < 0)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "eye: node %u: n = %d and m = %d must be >= 0", b->id, (int)b->attr.i[0],
                          (int)b->attr.i[1]);
    b->out = gir_shape2(b->attr.i[0], b->attr.i[1]);
    return GIR_OK;
}
static gir_status gir__sh_arange(gir__bctx *b) {
    double start = b->attr.f[0], stop = b->attr.f[1], step = b->attr.f[2], n;
    if (!(step > 0 || step < 0) || start != start || stop != stop)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "arange: node %u: step must be nonzero and bounds finite", b->id);
    n = (stop - start) / step;
    if (n != n || n > 2147483647.0)            /* checked before any conversion: inf and NaN included */
        return GIR__BFAIL(b, GIR_ERR_LIMIT, "arange: node %u: [%g, %g) by %g has too many elements", b->id, start, stop, step);
    n = n <= 0 ? 0 : (double)(int64_t)n + ((double)(int64_t)n < n ? 1 : 0);
    b->out = gir_shape1((int32_t)n);
    return GIR_OK;
}
static gir_status gir__sh_argreduce(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s;
    int k, r = 0;
    if (gir__nshape(b->g, x)->rank < 1) return gir__need_rank(b, 0, 1, GIR_MAX_RANK);
    if ((s = gir__axis(b, &b->attr.i[0], gir__nshape(b->g, x)->rank, "axis")) != GIR_OK) return s;
    b->attr.i[1] = b->attr.i[1] ? 1 : 0;
    for (k = 0; k < gir__nshape(b->g, x)->rank; ++k) {
        if (k == b->attr.i[0]) {
            if (b->attr.i[1]) b->out.dim[r++] = 1;
        } else {
            b->out.dim[r++] = gir__nshape(b->g, x)->dim[k];
        }
    }
    b->out.rank = r;
    if (gir__nshape(b->g, x)->dim[b->attr.i[0]] == 0)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: empty axis %d in %S", gir__bname(b), b->id,
                          (int)b->attr.i[0], gir__nshape(b->g, x));
    return GIR_OK;
}
static gir_status gir__reduce_shape(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s;
    int k, r = 0;
    if ((s = gir__axes(b, &b->attr.l[0], gir__nshape(b->g, x)->rank, 1)) != GIR_OK) return s;
    b->attr.i[0] = b->attr.i[0] ? 1 : 0;
    for (k = 0; k < gir__nshape(b->g, x)->rank; ++k) {
        if (gir__has_axis(&b->attr.l[0], k)) {
            if (b->attr.i[0]) b->out.dim[r++] = 1;
        } else {
            b->out.dim[r++] = gir__nshape(b->g, x)->dim[k];
        }
    }
    b->out.rank = r;
    /* a reduction without identity (max, min: GIR__RF_NOEMPTY in its row) refuses an empty reduced axis, as
       argmax's empty axis, np.max and torch.amax do; other axes may be empty (f64[0,3] over axis 1 gives [0]) */
    for (k = 0; (gir__red_of(b->op)->flags & GIR__RF_NOEMPTY) && k < b->attr.l[0].n; ++k)
        if (gir__nshape(b->g, x)->dim[b->attr.l[0].v[k]] == 0)
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: empty axis %d in %S", gir__bname(b), b->id,
                              (int)b->attr.l[0].v[k], gir__nshape(b->g, x));
    if (b->op == GIR_OP_VAR && b->attr.i[1] < 0)          /* not a column: a check of var's own attribute */
        return GIR__BFAIL(b, GIR_ERR_ATTR, "var: node %u: ddof %d < 0", b->id, (int)b->attr.i[1]);
    return GIR_OK;
}
static gir_status gir__sh_reshape(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_shape t = b->attr.shape;
    int64_t known = 1, bound = 1, n = gir__numel(gir__nshape(b->g, x));
    int k, infer = -1;
    gir_status s = gir__check_rank(b, t.rank, "target shape");
    if (s) return s;
    for (k = 0; k < t.rank; ++k) {
        if (t.dim[k] == -1 && infer < 0) infer = k;
        else if (t.dim[k] < 0)
            return GIR__BFAIL(b, GIR_ERR_ATTR, "reshape: node %u: bad target shape %S", b->id, &t);
        else if (!gir__mul_ok(&bound, t.dim[k]))    /* bound >= known: neither product overflows */
            return GIR__BFAIL(b, GIR_ERR_LIMIT, "reshape: node %u: target shape %S has more than 2^40 elements", b->id, &t);
        else known *= t.dim[k];
    }
    if (infer >= 0) {
        int64_t q = known ? gir__udiv(n, known) : 0;
        if (known == 0 || q * known != n)
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "reshape: node %u: cannot reshape %S into %S", b->id, gir__nshape(b->g, x), &t);
        t.dim[infer] = (int32_t)q;
        known *= t.dim[infer];
    }
    if (known != n)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "reshape: node %u: cannot reshape %S (%l elements) into %S", b->id,
                          gir__nshape(b->g, x), (long long)n, &t);
    b->attr.shape = t;
    b->out = t;
    return GIR_OK;
}
static gir_status gir__sh_transpose(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_ints *p = &b->attr.l[0];
    uint32_t seen = 0;
    int k, r = gir__nshape(b->g, x)->rank;
    if (p->n == 0) {                      /* no permutation: reverse the axes, like NumPy */
        p->n = r;
        for (k = 0; k < r; ++k) p->v[k] = r - 1 - k;
    }
    if (p->n != r)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "transpose: node %u: permutation has %d entries for %S", b->id,
                          (int)p->n, gir__nshape(b->g, x));
    for (k = 0; k < r; ++k) {
        gir_status s = gir__axis(b, &p->v[k], r, "permutation entry");
        if (s) return s;
        if (seen & (1u << p->v[k]))
            return GIR__BFAIL(b, GIR_ERR_ATTR, "transpose: node %u: axis %d repeated in permutation", b->id,
                              (int)p->v[k]);
        seen |= 1u << p->v[k];
        b->out.dim[k] = gir__nshape(b->g, x)->dim[p->v[k]];
    }
    b->out.rank = r;
    return GIR_OK;
}
static gir_status gir__sh_broadcast_to(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_shape o;
    gir_status s = gir__check_shape(b, &b->attr.shape, "target shape");
    if (s) return s;
    if (gir__nshape(b->g, x)->rank > b->attr.shape.rank || !gir__bcast2(gir__nshape(b->g, x), &b->attr.shape, &o) ||
        !gir__shape_eq(&o, &b->attr.shape))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "broadcast_to: node %u: cannot broadcast %S to %S", b->id, gir__nshape(b->g, x),
                          &b->attr.shape);
    b->out = b->attr.shape;
    return GIR_OK;
}
/* a slice bound as Python's slice.indices makes it: GIR_SLICE_NONE is the default for the step's direction,
   negative counts from the end, and the result is clamped to [0, len] (step > 0) or [-1, len - 1] (step < 0) */
static int64_t gir__slice_bound(int64_t v, int64_t len, int64_t step, int is_stop) {
    int64_t lo = step > 0 ? 0 : -1, hi = step > 0 ? len : len - 1;
    if (v == GIR_SLICE_NONE) return (step > 0) == !!is_stop ? hi : lo;
    if (v < 0) v += len;
    return v < lo ? lo : v > hi ? hi : v;
}
/* Python slice semantics on an axis of length len; returns the number of elements. The bounds are stored
   normalised so that normalising again changes nothing: an empty slice is 0:0, and a stop before index 0
   (step < 0) is GIR_SLICE_NONE */
static int32_t gir__slice_norm(int32_t len, int32_t *start, int32_t *stop, int32_t step) {
    int64_t a = gir__slice_bound(*start, len, step, 0), e = gir__slice_bound(*stop, len, step, 1), n;
    n = step > 0 ? (e > a ? (e - a + step - 1) / step : 0) : (a > e ? (a - e - (int64_t)step - 1) / -(int64_t)step : 0);
    if (n == 0) a = e = 0;
    *start = (int32_t)a;
    *stop = e < 0 ? GIR_SLICE_NONE : (int32_t)e;
    return (int32_t)n;
}
static gir_status gir__sh_slice(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s;
    if (gir__nshape(b->g, x)->rank < 1) return gir__need_rank(b, 0, 1, GIR_MAX_RANK);
    if ((s = gir__axis(b, &b->attr.i[0], gir__nshape(b->g, x)->rank, "axis")) != GIR_OK) return s;
    if (b->attr.i[3] == 0)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "slice: node %u: step must not be 0", b->id);
    b->out = (*gir__nshape(b->g, x));
    b->out.dim[b->attr.i[0]] = gir__slice_norm(gir__nshape(b->g, x)->dim[b->attr.i[0]], &b->attr.i[1], &b->attr.i[2], b->attr.i[3]);
    return GIR_OK;
}
static gir_status gir__sh_unslice(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s;
    int32_t cnt;
    if (gir__nshape(b->g, x)->rank < 1) return gir__need_rank(b, 0, 1, GIR_MAX_RANK);
    if ((s = gir__axis(b, &b->attr.i[0], gir__nshape(b->g, x)->rank, "axis")) != GIR_OK) return s;
    if (b->attr.i[3] == 0 || b->attr.i[4] < 0)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "unslice: node %u: step %d must not be 0 and len %d must be >= 0", b->id,
                          (int)b->attr.i[3], (int)b->attr.i[4]);
    cnt = gir__slice_norm(b->attr.i[4], &b->attr.i[1], &b->attr.i[2], b->attr.i[3]);
    if (cnt != gir__nshape(b->g, x)->dim[b->attr.i[0]])
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "unslice: node %u: the slice has %d elements on axis %d, input %S",
                          b->id, (int)cnt, (int)b->attr.i[0], gir__nshape(b->g, x));
    b->out = (*gir__nshape(b->g, x));
    b->out.dim[b->attr.i[0]] = b->attr.i[4];
    return GIR_OK;
}
static gir_status gir__sh_concat(gir__bctx *b) {
    const gir__node *x0 = gir__bin(b, 0);
    gir_status s;
    int k, j;
    int64_t total = 0;
    if (gir__nshape(b->g, x0)->rank < 1) return gir__need_rank(b, 0, 1, GIR_MAX_RANK);
    if ((s = gir__axis(b, &b->attr.i[0], gir__nshape(b->g, x0)->rank, "axis")) != GIR_OK) return s;
    for (k = 0; k < b->n; ++k) {
        const gir__node *x = gir__bin(b, k);
        int ok = gir__nshape(b->g, x)->rank == gir__nshape(b->g, x0)->rank;
        for (j = 0; ok && j < gir__nshape(b->g, x0)->rank; ++j)
            if (j != b->attr.i[0] && gir__nshape(b->g, x)->dim[j] != gir__nshape(b->g, x0)->dim[j]) ok = 0;
        if (!ok)
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "concat: node %u: input %d %S does not match input 0 %S off axis %d",
                              b->id, k, gir__nshape(b->g, x), gir__nshape(b->g, x0), (int)b->attr.i[0]);
        total += gir__nshape(b->g, x)->dim[b->attr.i[0]];
    }
    if (total > 2147483647)
        return GIR__BFAIL(b, GIR_ERR_LIMIT, "concat: node %u: axis %d of the result would have %l elements, more "
                          "than INT32_MAX (input 0 %S)", b->id, (int)b->attr.i[0], (long long)total, gir__nshape(b->g, x0));
    b->out = (*gir__nshape(b->g, x0));
    b->out.dim[b->attr.i[0]] = (int32_t)total;
    return GIR_OK;
}
static gir_status gir__sh_pad(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    int k, r = gir__nshape(b->g, x)->rank;
    for (k = 0; k < 2; ++k) {
        gir_ints *l = &b->attr.l[k];
        int j;
        if (l->n == 0) {
            l->n = r;
            for (j = 0; j < r; ++j) l->v[j] = 0;
        }
        if (l->n != r)
            return GIR__BFAIL(b, GIR_ERR_ATTR, "pad: node %u: %s has %d entries for %S", b->id,
                              k ? "after" : "before", (int)l->n, gir__nshape(b->g, x));
        for (j = 0; j < r; ++j)
            if (l->v[j] < 0)
                return GIR__BFAIL(b, GIR_ERR_ATTR, "pad: node %u: negative padding %d", b->id, (int)l->v[j]);
    }
    b->out = (*gir__nshape(b->g, x));
    for (k = 0; k < r; ++k) {
        int64_t d = (int64_t)gir__nshape(b->g, x)->dim[k] + b->attr.l[0].v[k] + b->attr.l[1].v[k];
        if (d > 2147483647)
            return GIR__BFAIL(b, GIR_ERR_LIMIT, "pad: node %u: axis %d of %S would have %l elements, more than "
                              "INT32_MAX", b->id, k, gir__nshape(b->g, x), (long long)d);
        b->out.dim[k] = (int32_t)d;
    }
    return GIR_OK;
}
static gir_status gir__sh_index_select(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *ix = gir__bin(b, 1);
    gir_status s;
    int k, r = 0, ax;
    if (gir__nshape(b->g, x)->rank < 1) return gir__need_rank(b, 0, 1, GIR_MAX_RANK);
    if ((s = gir__need_dtype(b, 1, GIR_DTYPE_I32)) != GIR_OK) return s;
    if ((s = gir__axis(b, &b->attr.i[0], gir__nshape(b->g, x)->rank, "axis")) != GIR_OK) return s;
    ax = b->attr.i[0];
    if (gir__nshape(b->g, x)->rank - 1 + gir__nshape(b->g, ix)->rank > GIR_MAX_RANK)
        return GIR__BFAIL(b, GIR_ERR_LIMIT, "index_select: node %u: result rank exceeds GIR_MAX_RANK (%S, index %S)",
                          b->id, gir__nshape(b->g, x), gir__nshape(b->g, ix));
    for (k = 0; k < ax; ++k) b->out.dim[r++] = gir__nshape(b->g, x)->dim[k];
    for (k = 0; k < gir__nshape(b->g, ix)->rank; ++k) b->out.dim[r++] = gir__nshape(b->g, ix)->dim[k];
    for (k = ax + 1; k < gir__nshape(b->g, x)->rank; ++k) b->out.dim[r++] = gir__nshape(b->g, x)->dim[k];
    b->out.rank = r;
    return GIR_OK;
}
static gir_status gir__sh_index_add(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *ix = gir__bin(b, 1);
    gir_status s;
    int k, r = 0, ax, orank = gir__nshape(b->g, x)->rank - gir__nshape(b->g, ix)->rank + 1;
    if ((s = gir__need_dtype(b, 1, GIR_DTYPE_I32)) != GIR_OK) return s;
    if (orank < 1)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "index_add: node %u: input %S has lower rank than index %S", b->id,
                          gir__nshape(b->g, x), gir__nshape(b->g, ix));
    if ((s = gir__axis(b, &b->attr.i[0], orank, "axis")) != GIR_OK) return s;
    ax = b->attr.i[0];
    for (k = 0; k < gir__nshape(b->g, ix)->rank; ++k)
        if (gir__nshape(b->g, x)->dim[ax + k] != gir__nshape(b->g, ix)->dim[k])
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "index_add: node %u: input %S does not hold index %S at axis %d",
                              b->id, gir__nshape(b->g, x), gir__nshape(b->g, ix), ax);
    if (b->attr.i[1] < 0) return GIR__BFAIL(b, GIR_ERR_ATTR, "index_add: node %u: len < 0", b->id);
    for (k = 0; k < ax; ++k) b->out.dim[r++] = gir__nshape(b->g, x)->dim[k];
    b->out.dim[r++] = b->attr.i[1];
    for (k = ax + gir__nshape(b->g, ix)->rank; k < gir__nshape(b->g, x)->rank; ++k) b->out.dim[r++] = gir__nshape(b->g, x)->dim[k];
    b->out.rank = r;
    return GIR_OK;
}
/* gather and scatter_add (torch): index has the rank of x and, off the axis, at most x's extent */
static gir_status gir__along_check(gir__bctx *b, const gir__node *x, const gir__node *ix) {
    gir_status s;
    int k;
    if (gir__nshape(b->g, x)->rank < 1) return gir__need_rank(b, 0, 1, GIR_MAX_RANK);
    if ((s = gir__axis(b, &b->attr.i[0], gir__nshape(b->g, x)->rank, "axis")) != GIR_OK) return s;
    if (gir__nshape(b->g, ix)->rank != gir__nshape(b->g, x)->rank)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: index %S must have the rank of x %S (np.take-style indexing "
                          "is index_select)", gir__bname(b), b->id, gir__nshape(b->g, ix), gir__nshape(b->g, x));
    for (k = 0; k < gir__nshape(b->g, x)->rank; ++k)
        if (k != b->attr.i[0] && gir__nshape(b->g, ix)->dim[k] > gir__nshape(b->g, x)->dim[k])
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: index %S is larger than x %S on axis %d",
                              gir__bname(b), b->id, gir__nshape(b->g, ix), gir__nshape(b->g, x), k);
    return GIR_OK;
}
static gir_status gir__sh_gather(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *ix = gir__bin(b, 1);
    gir_status s;
    if ((s = gir__need_dtype(b, 1, GIR_DTYPE_I32)) != GIR_OK) return s;
    if ((s = gir__along_check(b, x, ix)) != GIR_OK) return s;
    b->out = (*gir__nshape(b->g, ix));
    return GIR_OK;
}
static gir_status gir__sh_scatter_add(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *src = gir__bin(b, 1), *ix = gir__bin(b, 2);
    gir_status s;
    if ((s = gir__need_dtype(b, 2, GIR_DTYPE_I32)) != GIR_OK) return s;
    if ((s = gir__along_check(b, x, ix)) != GIR_OK) return s;
    if (!gir__shape_eq(gir__nshape(b->g, ix), gir__nshape(b->g, src)))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "scatter_add: node %u: index %S and src %S must have one shape", b->id,
                          gir__nshape(b->g, ix), gir__nshape(b->g, src));
    b->out = (*gir__nshape(b->g, x));
    return GIR_OK;
}
static gir_status gir__sh_one_hot(gir__bctx *b) {
    const gir__node *ix = gir__bin(b, 0);
    gir_status s;
    if ((s = gir__need_dtype(b, 0, GIR_DTYPE_I32)) != GIR_OK) return s;
    if (gir__nshape(b->g, ix)->rank >= GIR_MAX_RANK) return gir__need_rank(b, 0, 0, GIR_MAX_RANK - 1);
    if (b->attr.i[0] < 0) return GIR__BFAIL(b, GIR_ERR_ATTR, "one_hot: node %u: depth %d < 0", b->id, (int)b->attr.i[0]);
    b->out = (*gir__nshape(b->g, ix));
    b->out.dim[b->out.rank++] = b->attr.i[0];
    return GIR_OK;
}
static gir_status gir__sh_where(gir__bctx *b) {
    const gir__node *a = gir__bin(b, 0), *c = gir__bin(b, 1), *cond = gir__bin(b, 2);
    gir_shape t;
    if (cond->dtype != GIR_DTYPE_B8)
        return GIR__BFAIL(b, GIR_ERR_DTYPE, "where: node %u: cond must be b8, got %T %S", b->id, (int)cond->dtype,
                          gir__nshape(b->g, cond));
    if (!gir__bcast2(gir__nshape(b->g, a), gir__nshape(b->g, c), &t) || !gir__bcast2(&t, gir__nshape(b->g, cond), &b->out))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "where: node %u: cond %S, a %S and b %S do not broadcast", b->id,
                          gir__nshape(b->g, cond), gir__nshape(b->g, a), gir__nshape(b->g, c));
    return GIR_OK;
}
/* [..., n] -> [..., n + |k|, n + |k|] with the vector on diagonal k */
static gir_status gir__sh_diag(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s = gir__need_rank(b, 0, 1, GIR_MAX_RANK - 1);
    int64_t k = b->attr.i[0], len;
    if (s) return s;
    len = gir__nshape(b->g, x)->dim[gir__nshape(b->g, x)->rank - 1] + (k < 0 ? -k : k);
    if (len > 2147483647)
        return GIR__BFAIL(b, GIR_ERR_LIMIT, "diag: node %u: %S with k = %d is too large", b->id, gir__nshape(b->g, x), (int)k);
    b->out = (*gir__nshape(b->g, x));
    b->out.dim[b->out.rank - 1] = (int32_t)len;
    b->out.dim[b->out.rank] = (int32_t)len;
    b->out.rank++;
    return GIR_OK;
}
/* the length of diagonal k of an m x n matrix */
static int32_t gir__diag_len(int64_t m, int64_t n, int64_t k) {
    int64_t d = k >= 0 ? (m < n - k ? m : n - k) : (m + k < n ? m + k : n);
    return d > 0 ? (int32_t)d : 0;
}
static gir_status gir__sh_matrix(gir__bctx *b) {
    gir_status s = gir__need_rank(b, 0, 2, GIR_MAX_RANK);
    if (s) return s;
    b->out = *gir__nshape(b->g, gir__bin(b, 0));
    return GIR_OK;
}
static gir_status gir__sh_diagonal(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s = gir__need_rank(b, 0, 2, GIR_MAX_RANK);
    if (s) return s;
    b->out = (*gir__nshape(b->g, x));
    b->out.rank--;
    b->out.dim[b->out.rank - 1] = gir__diag_len(gir__nshape(b->g, x)->dim[gir__nshape(b->g, x)->rank - 2], gir__nshape(b->g, x)->dim[gir__nshape(b->g, x)->rank - 1],
                                                b->attr.i[0]);
    return GIR_OK;
}
static gir_status gir__sh_trace(gir__bctx *b) {
    gir_status s = gir__need_rank(b, 0, 2, GIR_MAX_RANK);
    if (s) return s;
    b->out = *gir__nshape(b->g, gir__bin(b, 0));
    b->out.rank -= 2;
    return GIR_OK;
}
static gir_status gir__sh_square(gir__bctx *b) {
    const gir_shape *xs = gir__nshape(b->g, gir__bin(b, 0));
    gir_status s = gir__need_rank(b, 0, 2, GIR_MAX_RANK);
    if (s) return s;
    if (xs->rank < 2 || xs->dim[xs->rank - 1] != xs->dim[xs->rank - 2])    /* rank >= 2 here; said for the compiler */
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: needs square matrices, got %S", gir__bname(b), b->id, xs);
    b->out = *xs;
    return GIR_OK;
}
static gir_status gir__sh_det(gir__bctx *b) {
    gir_status s = gir__sh_square(b);
    if (s) return s;
    b->out.rank -= 2;
    return GIR_OK;
}
static gir_status gir__sh_matmul(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *y = gir__bin(b, 1);
    gir_shape ba = (*gir__nshape(b->g, x)), bb = (*gir__nshape(b->g, y)), bo;
    int ra = gir__nshape(b->g, x)->rank, rb = gir__nshape(b->g, y)->rank;
    if (ra < 2 || rb < 2)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "matmul: node %u: needs rank >= 2 operands, got %S x %S (use dot or "
                          "reshape for vectors)", b->id, gir__nshape(b->g, x), gir__nshape(b->g, y));
    if (gir__nshape(b->g, x)->dim[ra - 1] != gir__nshape(b->g, y)->dim[rb - 2])
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "matmul: node %u: inner dimensions differ: %S x %S", b->id, gir__nshape(b->g, x),
                          gir__nshape(b->g, y));
    ba.rank -= 2;
    bb.rank -= 2;
    if (!gir__bcast2(&ba, &bb, &bo))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "matmul: node %u: batch dimensions do not broadcast: %S x %S", b->id,
                          gir__nshape(b->g, x), gir__nshape(b->g, y));
    bo.dim[bo.rank++] = gir__nshape(b->g, x)->dim[ra - 2];
    bo.dim[bo.rank++] = gir__nshape(b->g, y)->dim[rb - 1];
    b->out = bo;
    return GIR_OK;
}
static gir_status gir__sh_dot(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *y = gir__bin(b, 1);
    if (gir__nshape(b->g, x)->rank != 1 || gir__nshape(b->g, y)->rank != 1 || gir__nshape(b->g, x)->dim[0] != gir__nshape(b->g, y)->dim[0])
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "dot: node %u: needs two vectors of one length, got %S . %S", b->id,
                          gir__nshape(b->g, x), gir__nshape(b->g, y));
    b->out = gir_shape0();
    return GIR_OK;
}
static gir_status gir__sh_outer(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *y = gir__bin(b, 1);
    if (gir__nshape(b->g, x)->rank != 1 || gir__nshape(b->g, y)->rank != 1)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "outer: node %u: needs two vectors, got %S, %S", b->id, gir__nshape(b->g, x),
                          gir__nshape(b->g, y));
    b->out = gir_shape2(gir__nshape(b->g, x)->dim[0], gir__nshape(b->g, y)->dim[0]);
    return GIR_OK;
}
static gir_status gir__sh_trisolve(gir__bctx *b) {
    const gir__node *a = gir__bin(b, 0), *y = gir__bin(b, 1);
    gir_status s = gir__sh_square(b);
    int k;
    if (s) return s;
    if (gir__nshape(b->g, y)->rank != gir__nshape(b->g, a)->rank || gir__nshape(b->g, y)->dim[gir__nshape(b->g, y)->rank - 2] != gir__nshape(b->g, a)->dim[gir__nshape(b->g, a)->rank - 1])
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "trisolve: node %u: right-hand side %S does not fit %S", b->id,
                          gir__nshape(b->g, y), gir__nshape(b->g, a));
    for (k = 0; k < gir__nshape(b->g, a)->rank - 2; ++k)
        if (gir__nshape(b->g, a)->dim[k] != gir__nshape(b->g, y)->dim[k])
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "trisolve: node %u: batch dimensions differ: %S, %S", b->id,
                              gir__nshape(b->g, a), gir__nshape(b->g, y));
    b->attr.i[0] = b->attr.i[0] ? 1 : 0;
    b->attr.i[1] = b->attr.i[1] ? 1 : 0;
    b->out = (*gir__nshape(b->g, y));
    return GIR_OK;
}
static gir_status gir__sh_xent(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *l = gir__bin(b, 1);
    gir_status s;
    if ((s = gir__need_rank(b, 0, 2, 2)) != GIR_OK) return s;
    if ((s = gir__need_dtype(b, 1, GIR_DTYPE_I32)) != GIR_OK) return s;
    if (gir__nshape(b->g, l)->rank != 1 || gir__nshape(b->g, l)->dim[0] != gir__nshape(b->g, x)->dim[0])
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "xent_logits: node %u: labels %S do not match logits %S", b->id,
                          gir__nshape(b->g, l), gir__nshape(b->g, x));
    b->out = gir_shape1(gir__nshape(b->g, x)->dim[0]);
    return GIR_OK;
}
static gir_status gir__sh_xent_prob(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *p = gir__bin(b, 1);
    gir_status s;
    if ((s = gir__need_rank(b, 0, 2, 2)) != GIR_OK) return s;
    if (!gir__shape_eq(gir__nshape(b->g, x), gir__nshape(b->g, p)))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "xent_logits_prob: node %u: probabilities %S do not match logits %S",
                          b->id, gir__nshape(b->g, p), gir__nshape(b->g, x));
    b->out = gir_shape1(gir__nshape(b->g, x)->dim[0]);
    return GIR_OK;
}
static gir_status gir__sh_mse(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *y = gir__bin(b, 1);
    if (!gir__shape_eq(gir__nshape(b->g, x), gir__nshape(b->g, y)))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "mse: node %u: shapes differ: %S, %S", b->id, gir__nshape(b->g, x), gir__nshape(b->g, y));
    b->out = gir_shape0();
    return GIR_OK;
}
/* 2-D window attributes: a list of two, or empty for the default */
static gir_status gir__pair(gir__bctx *b, gir_ints *l, int32_t dflt0, int32_t dflt1, int32_t lo, const char *what) {
    if (l->n == 0) { l->n = 2; l->v[0] = dflt0; l->v[1] = dflt1; }
    if (l->n == 1) { l->n = 2; l->v[1] = l->v[0]; }
    if (l->n != 2 || l->v[0] < lo || l->v[1] < lo)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: %s must be one or two values >= %d", gir__bname(b), b->id,
                          what, (int)lo);
    return GIR_OK;
}
/* One spatial axis of a sliding window: the dilated window and the padded input must each fit in int32_t
   (then so does the output, and every index a kernel forms fits in int64_t); all arithmetic is 64-bit.
   Writes the output length, 0 when the window does not fit in the padded input. */
static gir_status gir__window(gir__bctx *b, int32_t in, int32_t k, int32_t s, int32_t p, int32_t d, const char *axis,
                              int32_t *out) {
    int64_t span = (int64_t)d * ((int64_t)k - 1) + 1, padded = (int64_t)in + 2 * (int64_t)p;
    if (span > 2147483647)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: a window of %d with dilation %d spans %l %s elements, more "
                          "than INT32_MAX", gir__bname(b), b->id, (int)k, (int)d, (long long)span, axis);
    if (padded > 2147483647)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: padding %d makes the padded %s %l, more than INT32_MAX",
                          gir__bname(b), b->id, (int)p, axis, (long long)padded);
    *out = padded < span ? 0 : (int32_t)((padded - span) / s + 1);
    return GIR_OK;
}
/* checks x [N,C,H,W] against w [K,C/groups,kh,kw]; writes the conv output shape to *o */
static gir_status gir__conv_check(gir__bctx *b, const gir_shape *xs, const gir_shape *ws, gir_shape *o) {
    gir_status s;
    gir_attr *A = &b->attr;
    int32_t oh = 0, ow = 0;
    if ((s = gir__pair(b, &A->l[0], 1, 1, 1, "stride")) != GIR_OK) return s;
    if ((s = gir__pair(b, &A->l[1], 0, 0, 0, "padding")) != GIR_OK) return s;
    if ((s = gir__pair(b, &A->l[2], 1, 1, 1, "dilation")) != GIR_OK) return s;
    if (A->i[0] == 0) A->i[0] = 1;
    if (xs->rank != 4 || ws->rank != 4)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: needs x [N,C,H,W] and w [K,C/groups,kh,kw], got %S, %S",
                          gir__bname(b), b->id, xs, ws);
    if (A->i[0] < 1 || xs->dim[1] % A->i[0] || ws->dim[0] % A->i[0] || (int64_t)ws->dim[1] * A->i[0] != xs->dim[1])
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: channels do not fit groups=%d: x %S, w %S", gir__bname(b),
                          b->id, (int)A->i[0], xs, ws);
    if ((s = gir__window(b, xs->dim[2], ws->dim[2], A->l[0].v[0], A->l[1].v[0], A->l[2].v[0], "height", &oh)) ||
        (s = gir__window(b, xs->dim[3], ws->dim[3], A->l[0].v[1], A->l[1].v[1], A->l[2].v[1], "width", &ow)))
        return s;
    *o = gir_shape4(xs->dim[0], ws->dim[0], oh, ow);
    if (oh < 1 || ow < 1)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: window larger than the padded input: x %S, w %S",
                          gir__bname(b), b->id, xs, ws);
    return GIR_OK;
}
static gir_status gir__sh_conv2d(gir__bctx *b) {
    return gir__conv_check(b, gir__nshape(b->g, gir__bin(b, 0)), gir__nshape(b->g, gir__bin(b, 1)), &b->out);
}
static gir_status gir__sh_conv2d_bwd_data(gir__bctx *b) {
    gir_shape o;
    const gir__node *gy = gir__bin(b, 0);
    gir_status s = gir__check_shape(b, &b->attr.shape, "xshape");
    if (!s) s = gir__conv_check(b, &b->attr.shape, gir__nshape(b->g, gir__bin(b, 1)), &o);
    if (s) return s;
    if (!gir__shape_eq(&o, gir__nshape(b->g, gy)))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "conv2d_bwd_data: node %u: gradient %S does not match the output %S",
                          b->id, gir__nshape(b->g, gy), &o);
    b->out = b->attr.shape;
    return GIR_OK;
}
static gir_status gir__sh_conv2d_bwd_filter(gir__bctx *b) {
    gir_shape o;
    const gir__node *gy = gir__bin(b, 1);
    gir_status s = gir__check_shape(b, &b->attr.shape, "wshape");
    if (!s) s = gir__conv_check(b, gir__nshape(b->g, gir__bin(b, 0)), &b->attr.shape, &o);
    if (s) return s;
    if (!gir__shape_eq(&o, gir__nshape(b->g, gy)))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "conv2d_bwd_filter: node %u: gradient %S does not match the output %S",
                          b->id, gir__nshape(b->g, gy), &o);
    b->out = b->attr.shape;
    return GIR_OK;
}
/* pooling: as PyTorch, padding is at most half the kernel, so every window holds at least one input element */
static gir_status gir__pool_check(gir__bctx *b, const gir_shape *xs, gir_shape *o) {
    gir_status s;
    gir_attr *A = &b->attr;
    int32_t oh = 0, ow = 0;
    if ((s = gir__pair(b, &A->l[0], 0, 0, 1, "kernel")) != GIR_OK) return s;
    if ((s = gir__pair(b, &A->l[1], A->l[0].v[0], A->l[0].v[1], 1, "stride")) != GIR_OK) return s;
    if ((s = gir__pair(b, &A->l[2], 0, 0, 0, "padding")) != GIR_OK) return s;
    if (2 * (int64_t)A->l[2].v[0] > A->l[0].v[0] || 2 * (int64_t)A->l[2].v[1] > A->l[0].v[1])
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: padding [%d,%d] must be at most half the kernel [%d,%d]",
                          gir__bname(b), b->id, (int)A->l[2].v[0], (int)A->l[2].v[1], (int)A->l[0].v[0],
                          (int)A->l[0].v[1]);
    if (xs->rank != 4)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: needs x [N,C,H,W], got %S", gir__bname(b), b->id, xs);
    if ((s = gir__window(b, xs->dim[2], A->l[0].v[0], A->l[1].v[0], A->l[2].v[0], 1, "height", &oh)) ||
        (s = gir__window(b, xs->dim[3], A->l[0].v[1], A->l[1].v[1], A->l[2].v[1], 1, "width", &ow)))
        return s;
    *o = gir_shape4(xs->dim[0], xs->dim[1], oh, ow);
    if (oh < 1 || ow < 1)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: window larger than the padded input %S", gir__bname(b),
                          b->id, xs);
    return GIR_OK;
}
static gir_status gir__sh_pool2d(gir__bctx *b) { return gir__pool_check(b, gir__nshape(b->g, gir__bin(b, 0)), &b->out); }
static gir_status gir__sh_pool2d_bwd(gir__bctx *b) {
    gir_shape o;
    const gir__node *gy = gir__bin(b, 0), *x = gir__bin(b, 1);
    gir_status s = gir__pool_check(b, gir__nshape(b->g, x), &o);
    if (s) return s;
    if (!gir__shape_eq(&o, gir__nshape(b->g, gy)) || gy->dtype != x->dtype)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: gradient %S %T does not match the pooled input %S %T",
                          gir__bname(b), b->id, gir__nshape(b->g, gy), (int)gy->dtype, &o, (int)x->dtype);
    b->out = (*gir__nshape(b->g, x));
    return GIR_OK;
}
/* max_pool2d_pick: v and x of one dtype and shape; the result has x's pooled shape */
static gir_status gir__sh_pool2d_pick(gir__bctx *b) {
    const gir__node *v = gir__bin(b, 0), *x = gir__bin(b, 1);
    gir_status s = gir__pool_check(b, gir__nshape(b->g, x), &b->out);
    if (s) return s;
    if (!gir__shape_eq(gir__nshape(b->g, v), gir__nshape(b->g, x)) || v->dtype != x->dtype)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: values %S %T do not match x %S %T", gir__bname(b), b->id,
                          gir__nshape(b->g, v), (int)v->dtype, gir__nshape(b->g, x), (int)x->dtype);
    return GIR_OK;
}
static gir_status gir__sh_pool2d_bwd_avg(gir__bctx *b) {
    gir_shape o;
    const gir__node *gy = gir__bin(b, 0);
    gir_status s = gir__check_shape(b, &b->attr.shape, "xshape");
    if (!s) s = gir__pool_check(b, &b->attr.shape, &o);
    if (s) return s;
    if (!gir__shape_eq(&o, gir__nshape(b->g, gy)))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: gradient %S does not match the pooled input %S",
                          gir__bname(b), b->id, gir__nshape(b->g, gy), &o);
    b->out = b->attr.shape;
    return GIR_OK;
}

static gir_status gir__sh_dropout(gir__bctx *b) {
    if (!(b->attr.f[0] >= 0 && b->attr.f[0] <= 1))
        return GIR__BFAIL(b, GIR_ERR_ATTR, "dropout: node %u: p = %g is not in [0, 1]", b->id, b->attr.f[0]);
    b->out = *gir__nshape(b->g, gir__bin(b, 0));
    return GIR_OK;
}

/* the assign op (gen/90-library/train.c) and train_eval (train and eval plans: gen/80-plan/modes.c) */
static gir_status gir__sh_assign(gir__bctx *b) {
    const gir__node *v = gir__bin(b, 0), *x = gir__bin(b, 1);
    if (v->dtype != x->dtype)
        return GIR__BFAIL(b, GIR_ERR_DTYPE, "assign: node %u: value (node %u) %T %S must have the dtype of var "
                          "(node %u) %T %S", b->id, (unsigned)b->in[1].id, (int)x->dtype, gir__nshape(b->g, x),
                          (unsigned)b->in[0].id, (int)v->dtype, gir__nshape(b->g, v));
    if (!gir__shape_eq(gir__nshape(b->g, v), gir__nshape(b->g, x)))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "assign: node %u: value (node %u) %T %S must have the shape of var "
                          "(node %u) %T %S", b->id, (unsigned)b->in[1].id, (int)x->dtype, gir__nshape(b->g, x),
                          (unsigned)b->in[0].id, (int)v->dtype, gir__nshape(b->g, v));
    if (!gir__op_is(v->op, GIR__F_LEAF_VAR))
        return GIR__BFAIL(b, GIR_ERR_INVALID_ARG, "assign: node %u: var (node %u, %s %T %S) must be a variable",
                          b->id, (unsigned)b->in[0].id, gir__op_names[v->op], (int)v->dtype, gir__nshape(b->g, v));
    b->out = (*gir__nshape(b->g, v));
    b->dtype = v->dtype;
    return GIR_OK;
}
static gir_status gir__sh_train_eval(gir__bctx *b) {
    const gir__node *t, *e;
    int k;
    if (b->n < 2)
        return GIR__BFAIL(b, GIR_ERR_INVALID_ARG, "train_eval: node %u: needs a training and an eval value, got %d "
                          "input(s)", b->id, b->n);
    t = gir__bin(b, 0);
    e = gir__bin(b, 1);
    if (t->dtype != e->dtype)
        return GIR__BFAIL(b, GIR_ERR_DTYPE, "train_eval: node %u: the eval value (node %u) %T %S must have the "
                          "dtype of the training value (node %u) %T %S", b->id, (unsigned)b->in[1].id, (int)e->dtype,
                          gir__nshape(b->g, e), (unsigned)b->in[0].id, (int)t->dtype, gir__nshape(b->g, t));
    if (!gir__shape_eq(gir__nshape(b->g, t), gir__nshape(b->g, e)))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "train_eval: node %u: the eval value (node %u) %T %S must have the "
                          "shape of the training value (node %u) %T %S", b->id, (unsigned)b->in[1].id, (int)e->dtype,
                          gir__nshape(b->g, e), (unsigned)b->in[0].id, (int)t->dtype, gir__nshape(b->g, t));
    for (k = 2; k < b->n; ++k) {
        const gir__node *u = gir__bin(b, k);
        if (!gir__op_is(u->op, GIR__F_WRITES) || u->dtype != t->dtype)
            return GIR__BFAIL(b, GIR_ERR_INVALID_ARG, "train_eval: node %u: update %d (node %u, %s %T %S) must be an "
                              "assign node of %T", b->id, k - 2, (unsigned)b->in[k].id, gir__op_names[u->op],
                              (int)u->dtype, gir__nshape(b->g, u), (int)t->dtype);
    }
    b->out = (*gir__nshape(b->g, t));
    b->dtype = t->dtype;
    return GIR_OK;
}
/* a call's or an if's function: attribute i[k] indexes the graph's list; its arguments (inputs from off on) have
   its parameters' dtypes and shapes; *f: the function */
static gir_status gir__tuple_func(gir__bctx *b, int k, int off, const gir_func **out) {
    const gir_func *f;
    int j;
    if (b->attr.i[k] < 0 || (uint32_t)b->attr.i[k] >= b->g->ncallees)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: function %d is not one of the graph's %u functions",
                          gir__bname(b), b->id, (int)b->attr.i[k], (unsigned)b->g->ncallees);
    *out = f = b->g->callees[b->attr.i[k]];
    if (b->n - off != f->nparams)
        return GIR__BFAIL(b, GIR_ERR_INVALID_ARG, "%s: node %u: '%s' takes %d argument(s), got %d", gir__bname(b),
                          b->id, f->name, f->nparams, b->n - off);
    for (j = 0; j < f->nparams; ++j) {
        const gir__node *a = gir__bin(b, off + j), *p = &f->body->nodes[f->params[j]];
        const gir_shape *as = gir__nshape(b->g, a), *ps = gir__nshape(f->body, p);
        if (a->dtype != p->dtype || !gir__shape_eq(as, ps))
            return GIR__BFAIL(b, a->dtype != p->dtype ? GIR_ERR_DTYPE : GIR_ERR_SHAPE, "%s: node %u: argument %d "
                              "(node %u) is %T %S but parameter %d of '%s' is %T %S", gir__bname(b), b->id, j,
                              (unsigned)b->in[off + j].id, (int)a->dtype, as, j, f->name, (int)p->dtype, ps);
    }
    b->out = gir_shape1(0);                   /* the tuple's own value: empty (its results are result nodes) */
    b->dtype = GIR_DTYPE_U8;
    return GIR_OK;
}
static gir_status gir__sh_call(gir__bctx *b) {
    const gir_func *f;
    return gir__tuple_func(b, 0, 0, &f);
}
/* if: a b8 scalar, then two functions of one signature on the rest */
static gir_status gir__sh_if(gir__bctx *b) {
    const gir__node *c = gir__bin(b, 0);
    const gir_func *t, *e;
    int k;
    gir_status s;
    if (c->dtype != GIR_DTYPE_B8 || gir__nshape(b->g, c)->rank != 0)
        return GIR__BFAIL(b, GIR_ERR_DTYPE, "if: node %u: the predicate (node %u) must be a b8 scalar, got %T %S",
                          b->id, (unsigned)b->in[0].id, (int)c->dtype, gir__nshape(b->g, c));
    if ((s = gir__tuple_func(b, 0, 1, &t)) != GIR_OK || (s = gir__tuple_func(b, 1, 1, &e)) != GIR_OK) return s;
    if (t->nresults != e->nresults)
        return GIR__BFAIL(b, GIR_ERR_INVALID_ARG, "if: node %u: '%s' gives %d result(s), '%s' %d", b->id, t->name,
                          t->nresults, e->name, e->nresults);
    for (k = 0; k < t->nresults; ++k) {
        const gir__node *x = &t->body->nodes[t->results[k]], *y = &e->body->nodes[e->results[k]];
        const gir_shape *xs = gir__nshape(t->body, x), *ys = gir__nshape(e->body, y);
        if (x->dtype != y->dtype || !gir__shape_eq(xs, ys))
            return GIR__BFAIL(b, x->dtype != y->dtype ? GIR_ERR_DTYPE : GIR_ERR_SHAPE, "if: node %u: result %d of "
                              "'%s' is %T %S, of '%s' %T %S", b->id, k, t->name, (int)x->dtype, xs, e->name,
                              (int)y->dtype, ys);
    }
    return GIR_OK;
}
/* a scan's argument j (node id) against parameter j: equal, or (a per-step input) [T] and the parameter's shape */
static gir_status gir__scan_arg(gir__bctx *b, const gir_func *f, int j, int step, int32_t T) {
    const gir__node *a = gir__bin(b, j), *p = &f->body->nodes[f->params[j]];
    const gir_shape *as = gir__nshape(b->g, a), *ps = gir__nshape(f->body, p);
    gir_shape want = *ps;
    int k;
    if (step) {
        if (ps->rank >= GIR_MAX_RANK)
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "scan: node %u: parameter %d of '%s' (%S) leaves no axis for the steps",
                              b->id, j, f->name, ps);
        for (k = ps->rank; k > 0; --k) want.dim[k] = ps->dim[k - 1];
        want.dim[0] = T;
        want.rank = ps->rank + 1;
    }
    if (a->dtype == p->dtype && gir__shape_eq(as, &want)) return GIR_OK;
    return GIR__BFAIL(b, a->dtype != p->dtype ? GIR_ERR_DTYPE : GIR_ERR_SHAPE, "scan: node %u: %s %d (node %u) is %T %S "
                      "but '%s' needs %T %S", b->id, step ? "per-step input" : "argument", j, (unsigned)b->in[j].id,
                      (int)a->dtype, as, f->name, (int)p->dtype, &want);
}
/* scan: func (i0) run length (i1) times; carry (i2) carries, nxs (i3) per-step inputs, the rest invariants; the
   carry results match the carry parameters */
static gir_status gir__sh_scan(gir__bctx *b) {
    const gir_func *f;
    int32_t T = b->attr.i[1], nc = b->attr.i[2], nx = b->attr.i[3];
    int j;
    gir_status s;
    if (b->attr.i[0] < 0 || (uint32_t)b->attr.i[0] >= b->g->ncallees)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "scan: node %u: function %d is not one of the graph's %u functions", b->id,
                          (int)b->attr.i[0], (unsigned)b->g->ncallees);
    f = b->g->callees[b->attr.i[0]];
    if (T < 1 || nc < 0 || nx < 0 || nc > f->nparams || nx > f->nparams - nc || nc > f->nresults || b->n != f->nparams)
        return GIR__BFAIL(b, GIR_ERR_INVALID_ARG, "scan: node %u: '%s' (%d parameters, %d results) with %d "
                          "argument(s), length %d, %d carries and %d per-step inputs: needs length >= 1, carries "
                          "among both, an argument per parameter", b->id, f->name, f->nparams, f->nresults, b->n,
                          (int)T, (int)nc, (int)nx);
    if (!(b->attr.f[0] >= GIR_SCAN_CHECKPOINT_AUTO && b->attr.f[0] <= (double)T) ||
        b->attr.f[0] != (double)(int32_t)b->attr.f[0] || (b->attr.f[0] > 0 && T % (int32_t)b->attr.f[0]))
        return GIR__BFAIL(b, GIR_ERR_ATTR, "scan: node %u: checkpoint %g is not 0, a divisor of the length %d or "
                          "GIR_SCAN_CHECKPOINT_AUTO", b->id, b->attr.f[0], (int)T);
    for (j = 0; j < b->n; ++j)
        if ((s = gir__scan_arg(b, f, j, j >= nc && j < nc + nx, T)) != GIR_OK) return s;
    for (j = 0; j < nc; ++j) {
        const gir__node *r = &f->body->nodes[f->results[j]], *p = &f->body->nodes[f->params[j]];
        if (r->dtype != p->dtype || !gir__shape_eq(gir__nshape(f->body, r), gir__nshape(f->body, p)))
            return GIR__BFAIL(b, r->dtype != p->dtype ? GIR_ERR_DTYPE : GIR_ERR_SHAPE, "scan: node %u: result %d of "
                              "'%s' is %T %S, carry %d is %T %S", b->id, j, f->name, (int)r->dtype,
                              gir__nshape(f->body, r), j, (int)p->dtype, gir__nshape(f->body, p));
    }
    b->out = gir_shape1(0);
    b->dtype = GIR_DTYPE_U8;
    return GIR_OK;
}
/* while: body_f (i0) maps the carries to themselves; cond_f (i1) reads the same carries, gives a b8 scalar */
static gir_status gir__sh_while(gir__bctx *b) {
    const gir_func *f, *c;
    const gir__node *r;
    int k;
    gir_status s;
    if ((s = gir__tuple_func(b, 0, 0, &f)) != GIR_OK || (s = gir__tuple_func(b, 1, 0, &c)) != GIR_OK) return s;
    r = &c->body->nodes[c->results[0]];
    if (c->nresults != 1 || r->dtype != GIR_DTYPE_B8 || gir__nshape(c->body, r)->rank != 0)
        return GIR__BFAIL(b, GIR_ERR_DTYPE, "while: node %u: '%s' must give one b8 scalar, its result 0 is %T %S",
                          b->id, c->name, (int)r->dtype, gir__nshape(c->body, r));
    if (f->nresults != f->nparams)
        return GIR__BFAIL(b, GIR_ERR_INVALID_ARG, "while: node %u: '%s' takes %d carries and gives %d", b->id, f->name,
                          f->nparams, f->nresults);
    for (k = 0; k < f->nresults; ++k) {
        const gir__node *x = &f->body->nodes[f->results[k]], *p = &f->body->nodes[f->params[k]];
        if (x->dtype != p->dtype || !gir__shape_eq(gir__nshape(f->body, x), gir__nshape(f->body, p)))
            return GIR__BFAIL(b, x->dtype != p->dtype ? GIR_ERR_DTYPE : GIR_ERR_SHAPE, "while: node %u: result %d of "
                              "'%s' is %T %S, carry %d is %T %S", b->id, k, f->name, (int)x->dtype,
                              gir__nshape(f->body, x), k, (int)p->dtype, gir__nshape(f->body, p));
    }
    return GIR_OK;
}
/* result: input a call or if node, index one of its (first) function's results; that result's dtype and shape */
static gir_status gir__sh_result(gir__bctx *b) {
    const gir__node *c = gir__bin(b, 0), *r;
    const gir_func *f;
    gir_attr ca;
    if (!gir__op_is(c->op, GIR__F_TUPLE))
        return GIR__BFAIL(b, GIR_ERR_INVALID_ARG, "result: node %u: input (node %u, %s) is not a call", b->id,
                          (unsigned)b->in[0].id, gir__op_names[c->op]);
    gir__attr_load(b->g, c, &ca);
    f = b->g->callees[ca.i[0]];
    if (b->attr.i[0] < 0 || b->attr.i[0] >= f->nresults)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "result: node %u: index %d, but '%s' has %d result(s)", b->id,
                          (int)b->attr.i[0], f->name, f->nresults);
    r = &f->body->nodes[f->results[b->attr.i[0]]];
    b->out = *gir__nshape(f->body, r);
    b->dtype = r->dtype;
    if (gir__op_is(c->op, GIR__F_LOOP) && b->attr.i[0] >= ca.i[2]) {      /* a scan's per-step result: stacked */
        int k;
        if (b->out.rank >= GIR_MAX_RANK)
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "result: node %u: result %d of '%s' (%S) leaves no axis for the steps",
                              b->id, (int)b->attr.i[0], f->name, &b->out);
        for (k = b->out.rank; k > 0; --k) b->out.dim[k] = b->out.dim[k - 1];
        b->out.dim[0] = ca.i[1];
        ++b->out.rank;
    }
    return GIR_OK;
}
