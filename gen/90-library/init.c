/* >>init: initialisers that fill a variable's values in place, as torch.nn.init defines them --------------------
   Random values come from the counter-based generator of the random ops (gir__mix and gir__uniform01 of
   gen/70-kernels/kernels.c): element i of a variable initialised with seed s gets what element i of the first
   run of rand_uniform / rand_normal with seed s gets, so the numbers do not depend on the thread count or the
   order they are written in, and uniform kinds are the same bits on every platform (normal kinds go through
   the platform's log and cos, correct to their last bit). */

static const char *const gir__init_names[] = {"init_uniform", "init_normal", "init_constant", "init_xavier_uniform",
                                              "init_xavier_normal", "init_kaiming_uniform", "init_kaiming_normal"};

GIR_API double gir_init_gain(gir_nonlinearity nl, double param) {
    switch (nl) {
    case GIR_NONLIN_LEAKY_RELU: return gir__sqrt_f64(2.0 / (1.0 + param * param));
    case GIR_NONLIN_RELU: return gir__sqrt_f64(2.0);
    case GIR_NONLIN_TANH: return 5.0 / 3;
    case GIR_NONLIN_SELU: return 3.0 / 4;
    case GIR_NONLIN_LINEAR: case GIR_NONLIN_SIGMOID: return 1.0;
    default: return 0.0;
    }
}

/* fans of a shape as torch computes them for its [out, in, k...] layout, or for [k..., in, out] */
static int gir__init_fans(const gir_shape *s, gir_init_layout layout, int64_t *fan_in, int64_t *fan_out) {
    int64_t rf = 1;
    int k, r = s->rank;
    if (r < 2) return 0;
    if (layout == GIR_INIT_OUT_IN) {
        for (k = 2; k < r; ++k) rf *= s->dim[k];
        *fan_in = s->dim[1] * rf;
        *fan_out = s->dim[0] * rf;
    } else {
        for (k = 0; k < r - 2; ++k) rf *= s->dim[k];
        *fan_in = s->dim[r - 2] * rf;
        *fan_out = s->dim[r - 1] * rf;
    }
    return 1;
}
GIR_API gir_status gir_init_fans(gir_graph *g, gir_node v, gir_init_layout layout, int64_t *fan_in, int64_t *fan_out) {
    const gir__node *d = gir__get(g, v);
    int64_t fi = 0, fo = 0;
    gir_status s = GIR_OK;
    if (!g) s = GIR_ERR_INVALID_ARG;
    else if (!d) gir__gfail(g, s = GIR_ERR_HANDLE, "init_fans: node %u: not a node of this graph", v.id);
    else if ((unsigned)layout > GIR_INIT_IN_OUT)
        gir__gfail(g, s = GIR_ERR_INVALID_ARG, "init_fans: node %u: unknown layout %d", v.id, (int)layout);
    else if (!gir__init_fans(gir__nshape(g, d), layout, &fi, &fo))
        gir__gfail(g, s = GIR_ERR_SHAPE, "init_fans: node %u: fans need rank 2 or more, have %S", v.id, gir__nshape(g, d));
    if (fan_in) *fan_in = fi;
    if (fan_out) *fan_out = fo;
    return s;
}

/* checks the variable and the spec, then gives the distribution: uniform [p0, p1), normal (mean p0, std p1) or the
   constant p0; records the first error in the graph */
static gir_status gir__init_resolve(gir_graph *g, gir_node v, const gir_init_desc *sp, double *p0, double *p1,
                                    int64_t *fin, int64_t *fout) {
    const gir__node *d;
    const char *nm = sp && (unsigned)sp->kind <= GIR_INIT_KAIMING_NORMAL ? gir__init_names[sp->kind] : "init";
    double gain, fan;
    int kaiming, xavier;
    *p0 = *p1 = 0.0;
    *fin = *fout = 0;
    if (!g) return GIR_ERR_INVALID_ARG;
    if (!(d = gir__get(g, v))) {
        gir__gfail(g, GIR_ERR_HANDLE, "%s: node %u: not a node of this graph", nm, v.id);
        return GIR_ERR_HANDLE;
    }
    if (!gir__op_is(d->op, GIR__F_LEAF_VAR)) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: node %u: a %s node, not a variable", nm, v.id, gir__op_names[d->op]);
        return GIR_ERR_INVALID_ARG;
    }
    if (!sp || (unsigned)sp->kind > GIR_INIT_KAIMING_NORMAL || (unsigned)sp->layout > GIR_INIT_IN_OUT ||
        (unsigned)sp->mode > GIR_INIT_FAN_OUT || (unsigned)sp->nonlinearity > GIR_NONLIN_SELU) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: node %u: unknown kind, layout, mode or nonlinearity", nm, v.id);
        return GIR_ERR_INVALID_ARG;
    }
    if (sp->kind == GIR_INIT_CONSTANT) { *p0 = sp->a; return GIR_OK; }
    if (!gir__is_float(d->dtype)) {
        gir__gfail(g, GIR_ERR_DTYPE, "%s: node %u: random values need an f32 or f64 variable, not %T %S", nm, v.id,
                   (int)d->dtype, gir__nshape(g, d));
        return GIR_ERR_DTYPE;
    }
    if (sp->kind == GIR_INIT_UNIFORM || sp->kind == GIR_INIT_NORMAL) {
        *p0 = sp->a; *p1 = sp->b;
        int finite = sp->a - sp->a == 0 && sp->b - sp->b == 0;   /* neither inf nor NaN */
        if (sp->kind == GIR_INIT_UNIFORM && !(finite && sp->a <= sp->b)) {
            gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: node %u: want finite bounds a <= b, have [%g, %g)", nm, v.id, sp->a, sp->b);
            return GIR_ERR_INVALID_ARG;
        }
        if (sp->kind == GIR_INIT_NORMAL && !(finite && sp->b >= 0)) {
            gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: node %u: want a finite mean and std >= 0, have mean %g, std %g", nm,
                       v.id, sp->a, sp->b);
            return GIR_ERR_INVALID_ARG;
        }
        return GIR_OK;
    }
    if (sp->fan_in > 0 || sp->fan_out > 0) { *fin = sp->fan_in; *fout = sp->fan_out; }
    else if (!gir__init_fans(gir__nshape(g, d), sp->layout, fin, fout)) {
        gir__gfail(g, GIR_ERR_SHAPE, "%s: node %u: fans need a variable of rank 2 or more, have %S (give fan_in and "
                   "fan_out)", nm, v.id, gir__nshape(g, d));
        return GIR_ERR_SHAPE;
    }
    kaiming = sp->kind == GIR_INIT_KAIMING_UNIFORM || sp->kind == GIR_INIT_KAIMING_NORMAL;
    xavier = !kaiming;
    fan = (double)(xavier ? *fin + *fout : sp->mode == GIR_INIT_FAN_IN ? *fin : *fout);
    if (*fin < 0 || *fout < 0 || fan <= 0) {
        gir__gfail(g, GIR_ERR_SHAPE, "%s: node %u: fan_in %l, fan_out %l of %S: the fan used is 0", nm, v.id,
                   (long long)*fin, (long long)*fout, gir__nshape(g, d));
        return GIR_ERR_SHAPE;
    }
    gain = xavier ? sp->a : gir_init_gain(sp->nonlinearity, sp->a);
    if (xavier) *p1 = gain * gir__sqrt_f64(2.0 / fan);   /* the std, in torch's order of operations */
    else *p1 = gain / gir__sqrt_f64(fan);
    if (sp->kind == GIR_INIT_XAVIER_UNIFORM || sp->kind == GIR_INIT_KAIMING_UNIFORM) {
        *p1 = gir__sqrt_f64(3.0) * *p1;
        *p0 = -*p1;
    }
    return GIR_OK;
}

/* the values, written straight into the variable's storage */
static void gir__init_fill(const gir_graph *g, const gir__node *d, gir_init_kind kind, double p0, double p1, uint64_t seed) {
    int64_t n = gir__numel(gir__nshape(g, d)), i;
    uint64_t key = gir__mix(seed) ^ gir__mix(0);   /* the key of a random op's first run */
    void *out = gir__node_data(g, d);
    for (i = 0; i < n; ++i) {
        double x = p0;
        int uni = kind == GIR_INIT_UNIFORM || kind == GIR_INIT_XAVIER_UNIFORM || kind == GIR_INIT_KAIMING_UNIFORM;
        if (kind != GIR_INIT_CONSTANT && uni) {
            x = p0 + (p1 - p0) * (1.0 - gir__uniform01(key, i));
        } else if (kind != GIR_INIT_CONSTANT) {
            double u1 = gir__uniform01(key, 2 * i), u2 = gir__uniform01(key, 2 * i + 1);
            x = p0 + p1 * gir__sqrt_f64(-2.0 * gir__log_f64(u1)) * gir__cos_f64(6.283185307179586 * u2);
        }
        switch (d->dtype) {
        case GIR_DTYPE_F32: ((float *)out)[i] = (float)x; break;
        case GIR_DTYPE_F64: ((double *)out)[i] = x; break;
        case GIR_DTYPE_I32: ((int32_t *)out)[i] = (int32_t)x; break;
        case GIR_DTYPE_U8: ((uint8_t *)out)[i] = (uint8_t)x; break;
        default: ((uint8_t *)out)[i] = (uint8_t)(x != 0); break;
        }
    }
}

GIR_API gir_status gir_init_params(gir_graph *g, gir_node v, const gir_init_desc *spec, double *p0, double *p1) {
    double a, b;
    int64_t fi, fo;
    gir_status s = gir__init_resolve(g, v, spec, &a, &b, &fi, &fo);
    if (p0) *p0 = a;
    if (p1) *p1 = b;
    return s;
}
GIR_API gir_status gir_init(gir_graph *g, gir_node v, const gir_init_desc *spec) {
    double p0, p1;
    int64_t fi, fo;
    gir_status s = gir__init_resolve(g, v, spec, &p0, &p1, &fi, &fo);
    if (s != GIR_OK) return s;
    if (gir__is_ref(g, gir__get(g, v))) {       /* gen/50-ir/dataref.c */
        gir__gfail(g, GIR_ERR_INVALID_ARG, "init: node %u: a read-only variable (gir_variable_ref)", v.id);
        return GIR_ERR_INVALID_ARG;
    }
    if (spec->kind == GIR_INIT_CONSTANT) {   /* range checked against the dtype: a constant that does not fit fails */
        const gir__node *d = gir__get(g, v);
        double lo = d->dtype == GIR_DTYPE_I32 ? -2147483648.0 : 0.0, hi = d->dtype == GIR_DTYPE_I32 ? 2147483647.0 : 255.0;
        if (gir__is_int(d->dtype) && !(p0 >= lo && p0 <= hi && p0 == (double)(int64_t)p0)) {
            gir__gfail(g, GIR_ERR_INVALID_ARG, "init_constant: node %u: %g is not a value of %T", v.id, p0, (int)d->dtype);
            return GIR_ERR_INVALID_ARG;
        }
    }
    gir__init_fill(g, gir__get(g, v), spec->kind, p0, p1, spec->seed);
    return GIR_OK;
}

/* one call for each torch.nn.init function */
static gir_status gir__init_call(gir_graph *g, gir_node v, gir_init_kind kind, double a, double b, gir_init_mode mode,
                                 gir_nonlinearity nl, gir_init_layout layout, uint64_t seed) {
    gir_init_desc spec;
    GIR_MEMSET(&spec, 0, sizeof spec);
    spec.kind = kind; spec.a = a; spec.b = b; spec.mode = mode; spec.nonlinearity = nl; spec.layout = layout;
    spec.seed = seed;
    return gir_init(g, v, &spec);
}
GIR_API gir_status gir_init_uniform(gir_graph *g, gir_node v, double lo, double hi, uint64_t seed) {
    return gir__init_call(g, v, GIR_INIT_UNIFORM, lo, hi, GIR_INIT_FAN_IN, GIR_NONLIN_LEAKY_RELU, GIR_INIT_OUT_IN, seed);
}
GIR_API gir_status gir_init_normal(gir_graph *g, gir_node v, double mean, double std, uint64_t seed) {
    return gir__init_call(g, v, GIR_INIT_NORMAL, mean, std, GIR_INIT_FAN_IN, GIR_NONLIN_LEAKY_RELU, GIR_INIT_OUT_IN, seed);
}
GIR_API gir_status gir_init_constant(gir_graph *g, gir_node v, double value) {
    return gir__init_call(g, v, GIR_INIT_CONSTANT, value, 0, GIR_INIT_FAN_IN, GIR_NONLIN_LEAKY_RELU, GIR_INIT_OUT_IN, 0);
}
GIR_API gir_status gir_init_zeros(gir_graph *g, gir_node v) { return gir_init_constant(g, v, 0.0); }
GIR_API gir_status gir_init_ones(gir_graph *g, gir_node v) { return gir_init_constant(g, v, 1.0); }
GIR_API gir_status gir_init_xavier_uniform(gir_graph *g, gir_node v, double gain, gir_init_layout layout, uint64_t seed) {
    return gir__init_call(g, v, GIR_INIT_XAVIER_UNIFORM, gain, 0, GIR_INIT_FAN_IN, GIR_NONLIN_LINEAR, layout, seed);
}
GIR_API gir_status gir_init_xavier_normal(gir_graph *g, gir_node v, double gain, gir_init_layout layout, uint64_t seed) {
    return gir__init_call(g, v, GIR_INIT_XAVIER_NORMAL, gain, 0, GIR_INIT_FAN_IN, GIR_NONLIN_LINEAR, layout, seed);
}
GIR_API gir_status gir_init_kaiming_uniform(gir_graph *g, gir_node v, double a, gir_init_mode mode, gir_nonlinearity nl,
                                            gir_init_layout layout, uint64_t seed) {
    return gir__init_call(g, v, GIR_INIT_KAIMING_UNIFORM, a, 0, mode, nl, layout, seed);
}
GIR_API gir_status gir_init_kaiming_normal(gir_graph *g, gir_node v, double a, gir_init_mode mode, gir_nonlinearity nl,
                                           gir_init_layout layout, uint64_t seed) {
    return gir__init_call(g, v, GIR_INIT_KAIMING_NORMAL, a, 0, mode, nl, layout, seed);
}
/* nn.Linear's and nn.Conv2d's reset_parameters: w kaiming_uniform with a = sqrt(5), that is U(-1/sqrt(fan_in),
   1/sqrt(fan_in)), and the bias (if given) U(-1/sqrt(fan_in), 1/sqrt(fan_in)) with the weight's fan_in; the bias
   draws with a seed of its own derived from seed (seed + 1 would be the next layer's weight's) */
static uint64_t gir__bias_seed(uint64_t seed) { return gir__mix(seed ^ 0x62696173ull); }   /* "bias" */
GIR_API gir_status gir_init_layer(gir_graph *g, gir_node w, gir_node bias, gir_init_layout layout, uint64_t seed) {
    int64_t fi, fo;
    double r;
    gir_init_desc check;
    gir_status s;
    int has_bias = bias.id || bias.tag;
    GIR_MEMSET(&check, 0, sizeof check);   /* the bias is checked first, so an error leaves w untouched too */
    if (has_bias && (s = gir_init_params(g, bias, &check, &r, &r)) != GIR_OK) return s;
    s = gir_init_kaiming_uniform(g, w, gir__sqrt_f64(5.0), GIR_INIT_FAN_IN, GIR_NONLIN_LEAKY_RELU, layout, seed);
    if (s != GIR_OK || !has_bias || (s = gir_init_fans(g, w, layout, &fi, &fo)) != GIR_OK) return s;
    r = 1.0 / gir__sqrt_f64((double)fi);
    return gir__init_call(g, bias, GIR_INIT_UNIFORM, -r, r, GIR_INIT_FAN_IN, GIR_NONLIN_LEAKY_RELU, layout,
                          gir__bias_seed(seed));
}
