/* suite_onnx_read: the protobuf wire reader and the ONNX decoder (gen/90-library/onnx_read.c) - varints, wire types,
   lengths, nesting, packed and unpacked fields, every element type from raw_data and from the typed fields, range
   checks, claims of more values than the file holds, every truncation of a real model (tests/onnx/fixtures.h, made by
   tests/onnx/make_fixtures.py with onnx.helper), and its decode checked field by field. */
#ifndef GIR_NO_ONNX
#include "../onnx/fixtures.h"

/* a protobuf encoder for hand-made messages */
typedef struct oxb { unsigned char b[2048]; size_t n; } oxb;
static void oxb_raw(oxb *o, const void *p, size_t n) {
    if (o->n + n <= sizeof o->b) { memcpy(o->b + o->n, p, n); o->n += n; }
}
static void oxb_var(oxb *o, uint64_t v) {
    do {
        unsigned char c = (unsigned char)((v & 0x7f) | (v > 0x7f ? 0x80 : 0));
        oxb_raw(o, &c, 1);
        v >>= 7;
    } while (v);
}
static void oxb_key(oxb *o, unsigned num, int wt) { oxb_var(o, (uint64_t)num << 3 | (unsigned)wt); }
static void oxb_vf(oxb *o, unsigned num, uint64_t v) { oxb_key(o, num, 0); oxb_var(o, v); }
static void oxb_fixed(oxb *o, uint64_t v, int bytes) {
    int k;
    for (k = 0; k < bytes; ++k) { unsigned char c = (unsigned char)(v >> (8 * k)); oxb_raw(o, &c, 1); }
}
static void oxb_bytes(oxb *o, unsigned num, const void *p, size_t n) {
    oxb_key(o, num, 2); oxb_var(o, n); oxb_raw(o, p, n);
}
static void oxb_str(oxb *o, unsigned num, const char *s) { oxb_bytes(o, num, s, strlen(s)); }
static void oxb_msg(oxb *o, unsigned num, const oxb *sub) { oxb_bytes(o, num, sub->b, sub->n); }
static uint32_t ox_f32bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static uint64_t ox_f64bits(double f) { uint64_t u; memcpy(&u, &f, 8); return u; }
/* a TensorProto header: name, data_type, dims */
static void oxb_tensor_head(oxb *o, const char *name, int type, int rank, const int64_t *dims) {
    int k;
    o->n = 0;
    for (k = 0; k < rank; ++k) oxb_vf(o, 1, (uint64_t)dims[k]);
    oxb_vf(o, 2, (uint64_t)type);
    oxb_str(o, 8, name);
}

static int test_onnx_varints(void) {
    static const unsigned char max10[10] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01};
    static const unsigned char over11[11] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x81, 0x01};
    static const unsigned char big[10] = {0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02};
    static const unsigned char v300[2] = {0xac, 0x02}, cut[2] = {0x80, 0x80}, zero10[10] = {0x80, 0x80, 0x80, 0x80,
        0x80, 0x80, 0x80, 0x80, 0x80, 0x00};
    uint64_t v = 0;
    size_t at = 0;
    CHECK(gir__pb_varint(max10, &at, 10, &v) == GIR__PB_OK && v == ~(uint64_t)0 && at == 10, "10-byte max: %d",
          (int)at);
    at = 0;
    CHECK(gir__pb_varint(over11, &at, 11, &v) == GIR__PB_LONG && at == 0, "11 bytes accepted");
    CHECK(gir__pb_varint(big, &at, 10, &v) == GIR__PB_BIG, "a value past 64 bits accepted");
    CHECK(gir__pb_varint(cut, &at, 2, &v) == GIR__PB_TRUNC, "a truncated varint accepted");
    CHECK(gir__pb_varint(v300, &at, 2, &v) == GIR__PB_OK && v == 300 && at == 2, "300 read as %d", (int)v);
    at = 0;
    CHECK(gir__pb_varint(zero10, &at, 10, &v) == GIR__PB_OK && v == 0 && at == 10, "an overlong zero refused");
    at = 0;
    CHECK(gir__pb_varint(v300, &at, 1, &v) == GIR__PB_TRUNC, "the end of the message not respected");
    return 1;
}

/* a message: status and message of decoding it as a bare TensorProto */
static gir_status ox_tensor_of(const oxb *o, gir__ox_tensor *t, char *msg) {
    return gir__ox_decode_tensor(t, o->b, o->n, msg, 256);
}
static int test_onnx_wire_types_unknown_fields_groups(void) {
    oxb o;
    gir__ox_tensor t;
    char msg[256];
    int64_t dims[2] = {2, 3};
    int wt;
    oxb_tensor_head(&o, "x", 1, 2, dims);
    oxb_vf(&o, 99, 12345);                                   /* unknown fields of every wire type */
    oxb_key(&o, 100, 1); oxb_fixed(&o, 7, 8);
    oxb_str(&o, 101, "skipped");
    oxb_key(&o, 102, 5); oxb_fixed(&o, 9, 4);
    oxb_key(&o, 3, 2); oxb_var(&o, 0);                        /* segment, an empty message: skipped */
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_OK, "%s", msg);
    CHECK(t.type == 1 && t.rank == 2 && t.dim[0] == 2 && t.dim[1] == 3 && gir__ox_str_is(t.name, "x") &&
          t.msg == o.b && t.msg_n == o.n, "fields wrong");
    for (wt = 3; wt <= 7; ++wt) {
        size_t n0 = o.n;
        if (wt == 5) continue;
        oxb_key(&o, 50, wt); oxb_fixed(&o, 0, 4);
        CHECK(ox_tensor_of(&o, &t, msg) == GIR_ERR_INVALID_ARG && strstr(msg, "wire type"), "wire type %d: %s", wt,
              msg);
        o.n = n0;
    }
    o.n = 0;
    oxb_vf(&o, 2, 1);
    oxb_key(&o, 8, 0); oxb_var(&o, 1);                       /* name with a varint: a wrong wire type */
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_ERR_INVALID_ARG && strstr(msg, "name (field 8)"), "%s", msg);
    o.n = 0;
    oxb_key(&o, 0, 0); oxb_var(&o, 1);
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_ERR_INVALID_ARG && strstr(msg, "field number 0"), "%s", msg);
    return 1;
}

/* a model of one graph holding one node with the attribute a */
static void ox_model_with_attr(oxb *model, const oxb *attr, const char *op) {
    oxb node, graph;
    node.n = graph.n = model->n = 0;
    oxb_str(&node, 1, "x");
    oxb_str(&node, 2, "y");
    oxb_str(&node, 4, op);
    oxb_msg(&node, 5, attr);
    oxb_msg(&graph, 1, &node);
    oxb_vf(model, 1, 8);
    oxb_msg(model, 7, &graph);
}
static int test_onnx_lengths_and_nesting(void) {
    oxb o, attr;
    gir__ox_model m;
    gir__ox_tensor t;
    gir__pb r, sub;
    gir__pbf f;
    gir__oxc c;
    char msg[256];
    o.n = 0;
    oxb_key(&o, 8, 2); oxb_var(&o, 5); oxb_raw(&o, "abc", 3);      /* 5 claimed, 3 there */
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_ERR_INVALID_ARG && strstr(msg, "past the end"), "%s", msg);
    o.n = 0;
    oxb_key(&o, 9, 2); oxb_var(&o, ~(uint64_t)0 >> 1); oxb_raw(&o, "abc", 3);   /* 2^63 - 1: no overflow */
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_ERR_INVALID_ARG && strstr(msg, "past the end"), "%s", msg);
    /* an attribute whose length runs past its node but not past the file (the graph has more after the node) */
    attr.n = 0;
    oxb_str(&attr, 1, "alpha");
    oxb_key(&attr, 2, 5); oxb_fixed(&attr, ox_f32bits(0.5f), 4);
    ox_model_with_attr(&o, &attr, "Elu");
    CHECK(gir__ox_decode(&m, o.b, o.n, NULL, msg, sizeof msg) == GIR_OK && m.n_node == 1 && m.node[0].n_attr == 1 &&
          m.node[0].attr[0].f == 0.5 && m.node[0].attr[0].type == 1, "the valid model: %s", msg);
    gir__ox_free(&m, NULL);
    oxb_str(&o, 8, "padding after the graph");
    {   /* the attribute's length byte is the one before its bytes: claim 2 more */
        size_t at;
        for (at = 0; at + attr.n < o.n && memcmp(o.b + at, attr.b, attr.n); ++at) {}
        o.b[at - 1] = (unsigned char)(o.b[at - 1] + 2);
    }
    CHECK(gir__ox_decode(&m, o.b, o.n, NULL, msg, sizeof msg) == GIR_ERR_INVALID_ARG && strstr(msg, "node 0 (Elu)") &&
          strstr(msg, "past the end of its message") && m.block == NULL && m.n_node == 0, "%s", msg);
    /* depth: the decoder's walk is not recursive; the reader's guard refuses a message past GIR__OX_DEPTH */
    gir__oxc_init(&c, msg, sizeof msg);
    o.n = 0;
    oxb_str(&o, 7, "xy");
    r.p = o.b; r.at = 0; r.end = o.n; r.depth = GIR__OX_DEPTH - 1;
    CHECK(gir__pb_next(&c, &r, &f) && gir__pb_sub(&c, &r, &f, "graph", &sub) && sub.depth == GIR__OX_DEPTH,
          "depth - 1");
    r.at = 0; r.depth = GIR__OX_DEPTH;
    CHECK(gir__pb_next(&c, &r, &f) && !gir__pb_sub(&c, &r, &f, "graph", &sub) && c.st == GIR_ERR_LIMIT &&
          strstr(msg, "nested more than"), "depth limit: %s", msg);
    return 1;
}

static int test_onnx_attribute_lists_packed_unpacked(void) {
    oxb o, attr, packed;
    gir__ox_model m;
    int64_t iv[8];
    double fv[8];
    gir__ox_str sv[4];
    char msg[256];
    attr.n = packed.n = 0;
    oxb_str(&attr, 1, "pads");
    oxb_vf(&attr, 20, 7);
    oxb_vf(&attr, 8, 1);                                       /* unpacked */
    oxb_var(&packed, (uint64_t)-2); oxb_var(&packed, 3);       /* packed, with a 10-byte negative */
    oxb_bytes(&attr, 8, packed.b, packed.n);
    oxb_vf(&attr, 8, 4);
    ox_model_with_attr(&o, &attr, "Conv");
    CHECK(gir__ox_decode(&m, o.b, o.n, NULL, msg, sizeof msg) == GIR_OK, "%s", msg);
    CHECK(m.node[0].attr[0].n_list == 4 && gir__ox_attr_ints(&m.node[0].attr[0], iv, 8) == 4 && iv[0] == 1 &&
          iv[1] == -2 && iv[2] == 3 && iv[3] == 4, "ints wrong (%d)", m.node[0].attr[0].n_list);
    CHECK(gir__ox_attr_ints(&m.node[0].attr[0], iv, 3) == -1 && gir__ox_attr_ints(&m.node[0].attr[0], NULL, 0) == 4,
          "max not respected");
    gir__ox_free(&m, NULL);
    attr.n = packed.n = 0;                                     /* floats, no type field: inferred FLOATS */
    oxb_str(&attr, 1, "scales");
    oxb_key(&attr, 7, 5); oxb_fixed(&attr, ox_f32bits(1.5f), 4);
    oxb_fixed(&packed, ox_f32bits(-2.0f), 4); oxb_fixed(&packed, ox_f32bits(0.25f), 4);
    oxb_bytes(&attr, 7, packed.b, packed.n);
    oxb_str(&attr, 9, "a"); oxb_str(&attr, 9, "bc");
    ox_model_with_attr(&o, &attr, "Resize");
    CHECK(gir__ox_decode(&m, o.b, o.n, NULL, msg, sizeof msg) == GIR_OK, "%s", msg);
    CHECK(m.node[0].attr[0].type == 6 && m.node[0].attr[0].n_list == 3 &&
          gir__ox_attr_floats(&m.node[0].attr[0], fv, 8) == 3 &&
          fv[0] == 1.5 && fv[1] == -2.0 && fv[2] == 0.25, "floats wrong");
    CHECK(gir__ox_attr_strings(&m.node[0].attr[0], sv, 4) == 2 && gir__ox_str_is(sv[1], "bc"), "strings wrong");
    gir__ox_free(&m, NULL);
    /* a truncated packed block: the message names node, attribute, what and where */
    attr.n = packed.n = 0;
    oxb_str(&attr, 1, "pads");
    oxb_vf(&attr, 20, 7);
    oxb_var(&packed, 1); oxb_raw(&packed, "\x80", 1);
    oxb_bytes(&attr, 8, packed.b, packed.n);
    ox_model_with_attr(&o, &attr, "Conv");
    CHECK(gir__ox_decode(&m, o.b, o.n, NULL, msg, sizeof msg) == GIR_ERR_INVALID_ARG &&
          strstr(msg, "node 0 (Conv): attribute 'pads': ints truncated at byte "), "%s", msg);
    attr.n = 0;                                                 /* a float list that is not a multiple of 4 bytes */
    oxb_str(&attr, 1, "scales");
    oxb_bytes(&attr, 7, "\0\0\0\0\0", 5);
    ox_model_with_attr(&o, &attr, "Resize");
    CHECK(gir__ox_decode(&m, o.b, o.n, NULL, msg, sizeof msg) == GIR_ERR_INVALID_ARG && strstr(msg, "floats truncated"),
          "%s", msg);
    return 1;
}

/* every element type read, from raw_data and from its typed field (packed, then unpacked), as f64, f32 and i32 */
typedef struct ox_case { int type, bytes, field, wt; double v[4]; } ox_case;
static uint64_t ox_bits(const ox_case *c, int k) {
    double v = c->v[k];
    if (c->type == 1) return ox_f32bits((float)v);
    if (c->type == 11) return ox_f64bits(v);
    if (c->type == 10) return k == 0 ? 0x3C00u : k == 1 ? 0xC000u : k == 2 ? 0x0001u : 0x7BFFu;   /* half bits */
    if (c->type == 16) return (uint64_t)(ox_f32bits((float)v) >> 16);
    if (c->type == 13 && v >= 9.2e18) return ~(uint64_t)0 - 1;
    return v < 0 ? (uint64_t)(int64_t)v : (uint64_t)v;
}
static int ox_check_values(const gir__ox_tensor *t, const ox_case *c, const char *how) {
    double d[4];
    float f[4];
    int32_t i[4];
    char msg[256];
    int k;
    CHECK(gir__ox_tensor_read(t, GIR_DTYPE_F64, d, 4, msg, sizeof msg) == GIR_OK, "type %d %s: %s", c->type, how, msg);
    CHECK(gir__ox_tensor_read(t, GIR_DTYPE_F32, f, 4, msg, sizeof msg) == GIR_OK, "type %d %s f32: %s", c->type, how,
          msg);
    for (k = 0; k < 4; ++k)
        CHECK(d[k] == c->v[k] && f[k] == (float)c->v[k], "type %d %s: element %d is %.17g, want %.17g", c->type, how, k,
              d[k], c->v[k]);
    if (c->type == 13 || c->type == 10 || c->type == 1 || c->type == 11 || c->type == 16) return 1;   /* not integers */
    CHECK(gir__ox_tensor_read(t, GIR_DTYPE_I32, i, 4, msg, sizeof msg) == GIR_OK, "type %d %s i32: %s", c->type, how,
          msg);
    for (k = 0; k < 4; ++k) CHECK(i[k] == (int32_t)c->v[k], "type %d %s: i32 element %d", c->type, how, k);
    return 1;
}
static int ox_case_run(const ox_case *c) {
    oxb o, pk;
    gir__ox_tensor t;
    int64_t dims[2] = {2, 2};
    char msg[256];
    int k;
    oxb_tensor_head(&o, "v", c->type, 2, dims);                    /* raw_data */
    pk.n = 0;
    for (k = 0; k < 4; ++k) oxb_fixed(&pk, ox_bits(c, k), c->bytes);
    oxb_bytes(&o, 9, pk.b, pk.n);
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_OK, "%s", msg);
    if (!ox_check_values(&t, c, "raw")) return 0;
    oxb_tensor_head(&o, "v", c->type, 2, dims);                    /* typed, packed */
    pk.n = 0;
    for (k = 0; k < 4; ++k) {
        uint64_t b = ox_bits(c, k);
        if (c->wt == 0) oxb_var(&pk, b);
        else oxb_fixed(&pk, b, c->wt == 1 ? 8 : 4);
    }
    oxb_bytes(&o, (unsigned)c->field, pk.b, pk.n);
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_OK, "%s", msg);
    if (!ox_check_values(&t, c, "packed")) return 0;
    oxb_tensor_head(&o, "v", c->type, 2, dims);                    /* typed, one field per value */
    for (k = 0; k < 4; ++k) {
        oxb_key(&o, (unsigned)c->field, c->wt);
        if (c->wt == 0) oxb_var(&o, ox_bits(c, k));
        else oxb_fixed(&o, ox_bits(c, k), c->wt == 1 ? 8 : 4);
    }
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_OK, "%s", msg);
    return ox_check_values(&t, c, "unpacked");
}
static int test_onnx_element_types_raw_and_typed(void) {
    static const ox_case cases[] = {
        {1, 4, 4, 5, {1.5, -2, 0, 1073741824.0}},      {11, 8, 10, 1, {0.1, -3, 1e300, 7}},
        {6, 4, 5, 0, {-2147483647.0 - 1, 5, -1, 2147483647.0}}, {7, 8, 7, 0, {-5, 3, 0, 2147483647.0}},
        {2, 1, 5, 0, {0, 255, 7, 128}},          {3, 1, 5, 0, {-128, 127, -1, 0}},
        {9, 1, 5, 0, {1, 0, 1, 1}},              {4, 2, 5, 0, {65535, 0, 1, 300}},
        {5, 2, 5, 0, {-32768, 32767, -2, 9}},    {12, 4, 11, 0, {0, 4000000, 1, 2147483647.0}},
        {13, 8, 11, 0, {0, 3, 1, 18446744073709551614.0}},
        {10, 2, 5, 0, {1.0, -2.0, 5.9604644775390625e-08, 65504.0}},
        {16, 2, 5, 0, {1.0, -2.5, 0.15625, 3.0}}};
    size_t k;
    for (k = 0; k < sizeof cases / sizeof cases[0]; ++k)
        if (!ox_case_run(&cases[k])) return 0;
    return 1;
}
/* b8 from BOOL; float16 specials; a value outside an integer dtype's range, or not an integer, is refused */
static int test_onnx_conversions_refused(void) {
    oxb o;
    gir__ox_tensor t;
    int64_t one = 1, three = 3;
    unsigned char b[3];
    int32_t i[3];
    double d[3];
    char msg[256];
    static const unsigned char h[6] = {0x00, 0x7C, 0x00, 0xFC, 0x55, 0x35};   /* inf, -inf, 0.333251953125 */
    oxb_tensor_head(&o, "flags", 9, 1, &three);
    oxb_bytes(&o, 9, "\1\0\1", 3);
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_OK &&
          gir__ox_tensor_read(&t, GIR_DTYPE_B8, b, 3, msg, sizeof msg) == GIR_OK &&
          b[0] == 1 && b[1] == 0 && b[2] == 1, "bool to b8: %s", msg);
    oxb_tensor_head(&o, "h", 10, 1, &three);
    oxb_bytes(&o, 9, h, 6);
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_OK &&
          gir__ox_tensor_read(&t, GIR_DTYPE_F64, d, 3, msg, sizeof msg) == GIR_OK &&
          d[0] > 1e308 && d[1] < -1e308 && d[2] == 0.333251953125, "half specials");
    oxb_tensor_head(&o, "idx", 7, 1, &one);
    oxb_vf(&o, 7, (uint64_t)1 << 31);
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_OK && gir__ox_tensor_read(&t, GIR_DTYPE_I32, i, 1, msg, sizeof msg) ==
          GIR_ERR_UNSUPPORTED && strstr(msg, "'idx'") && strstr(msg, "2147483648") && strstr(msg, "i32"), "%s", msg);
    CHECK(gir__ox_tensor_read(&t, GIR_DTYPE_F64, d, 1, msg, sizeof msg) == GIR_OK && d[0] == 2147483648.0, "to f64");
    oxb_tensor_head(&o, "neg", 7, 1, &one);
    oxb_vf(&o, 7, (uint64_t)(int64_t)-1);
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_OK && gir__ox_tensor_read(&t, GIR_DTYPE_U8, b, 1, msg, sizeof msg) ==
          GIR_ERR_UNSUPPORTED && strstr(msg, "-1") && strstr(msg, "u8"), "%s", msg);
    oxb_tensor_head(&o, "u", 13, 1, &one);
    oxb_vf(&o, 11, ~(uint64_t)0);
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_OK && gir__ox_tensor_read(&t, GIR_DTYPE_I32, i, 1, msg, sizeof msg) ==
          GIR_ERR_UNSUPPORTED && strstr(msg, "18446744073709551615"), "%s", msg);
    oxb_tensor_head(&o, "two", 6, 1, &one);
    oxb_vf(&o, 5, 2);
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_OK && gir__ox_tensor_read(&t, GIR_DTYPE_B8, b, 1, msg, sizeof msg) ==
          GIR_ERR_UNSUPPORTED, "2 as b8");
    oxb_tensor_head(&o, "f", 1, 1, &three);
    oxb_key(&o, 4, 5); oxb_fixed(&o, ox_f32bits(3.0f), 4);
    oxb_key(&o, 4, 5); oxb_fixed(&o, ox_f32bits(-1.5f), 4);
    oxb_key(&o, 4, 5); oxb_fixed(&o, ox_f32bits(0.0f), 4);
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_OK && gir__ox_tensor_read(&t, GIR_DTYPE_I32, i, 3, msg, sizeof msg) ==
          GIR_ERR_UNSUPPORTED && strstr(msg, "element 1 is -1.5"), "%s", msg);
    oxb_tensor_head(&o, "s", 8, 1, &one);
    oxb_str(&o, 6, "text");
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_OK && gir__ox_tensor_read(&t, GIR_DTYPE_F32, d, 1, msg, sizeof msg) ==
          GIR_ERR_UNSUPPORTED && strstr(msg, "STRING"), "%s", msg);
    oxb_tensor_head(&o, "ext", 1, 1, &one);
    oxb_vf(&o, 14, 1);
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_OK && t.external && gir__ox_tensor_read(&t, GIR_DTYPE_F32, d, 1, msg,
          sizeof msg) == GIR_ERR_UNSUPPORTED && strstr(msg, "external"), "%s", msg);
    return 1;
}

/* numel past 2^62, a claim of 4 GB in a small file, counts that disagree, rank, negative dims; the public entry */
static int test_onnx_sizes_and_claims(void) {
    oxb o;
    gir__ox_tensor t;
    gir_shape s;
    int64_t huge[3] = {(int64_t)1 << 31, (int64_t)1 << 31, (int64_t)1 << 31}, g4 = (int64_t)1 << 30;
    int64_t seven[7] = {1, 1, 1, 1, 1, 1, 1};
    int64_t neg = -3, two = 2, wide[2] = {(int64_t)1 << 31, 0};
    float out[4];
    char msg[256];
    oxb_tensor_head(&o, "big", 1, 3, huge);
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_OK && gir__ox_tensor_numel(&t) == -1 &&
          gir__ox_tensor_read(&t, GIR_DTYPE_F32, out, 4, msg, sizeof msg) == GIR_ERR_LIMIT, "numel overflow: %s", msg);
    oxb_tensor_head(&o, "claim", 1, 1, &g4);                        /* 2^30 floats claimed, 16 bytes there */
    oxb_bytes(&o, 9, "0123456789abcdef", 16);
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_OK && gir__ox_tensor_numel(&t) == g4, "%s", msg);
    CHECK(gir__ox_tensor_read(&t, GIR_DTYPE_F32, out, g4, msg, sizeof msg) == GIR_ERR_INVALID_ARG &&
          strstr(msg, "'claim'") && strstr(msg, "raw_data holds 16 bytes") && strstr(msg, "4294967296"), "%s", msg);
    CHECK(gir_onnx_read_tensor(o.b, o.n, GIR_DTYPE_F32, NULL, 0, &s, msg, sizeof msg) == GIR_ERR_INVALID_ARG,
          "a shape query of a false claim: %s", msg);
    CHECK(gir__ox_tensor_read(&t, GIR_DTYPE_F32, out, 4, msg, sizeof msg) == GIR_ERR_SHAPE, "count differs: %s", msg);
    oxb_tensor_head(&o, "few", 1, 1, &two);                          /* typed: one value for two */
    oxb_key(&o, 4, 5); oxb_fixed(&o, 0, 4);
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_OK && gir__ox_tensor_read(&t, GIR_DTYPE_F32, out, 2, msg, sizeof msg) ==
          GIR_ERR_INVALID_ARG && strstr(msg, "holds 1 values"), "%s", msg);
    oxb_tensor_head(&o, "r7", 1, 7, seven);
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_ERR_UNSUPPORTED && strstr(msg, "GIR_MAX_RANK"), "rank 7: %s", msg);
    oxb_tensor_head(&o, "neg", 1, 1, &neg);
    CHECK(ox_tensor_of(&o, &t, msg) == GIR_ERR_INVALID_ARG && strstr(msg, "-3"), "negative dim: %s", msg);
    oxb_tensor_head(&o, "wide", 1, 2, wide);
    CHECK(gir_onnx_read_tensor(o.b, o.n, GIR_DTYPE_F32, NULL, 0, &s, msg, sizeof msg) == GIR_ERR_UNSUPPORTED &&
          strstr(msg, "INT32_MAX"), "dim over INT32_MAX: %s", msg);
    oxb_tensor_head(&o, "ok", 1, 1, &two);
    oxb_key(&o, 4, 5); oxb_fixed(&o, ox_f32bits(1.25f), 4);
    oxb_key(&o, 4, 5); oxb_fixed(&o, ox_f32bits(-4.0f), 4);
    CHECK(gir_onnx_read_tensor(o.b, o.n, GIR_DTYPE_F32, NULL, 0, &s, msg, sizeof msg) == GIR_OK && s.rank == 1 &&
          s.dim[0] == 2, "shape query: %s", msg);
    CHECK(gir_onnx_read_tensor(o.b, o.n, GIR_DTYPE_F64, out, 8, &s, msg, sizeof msg) == GIR_ERR_LIMIT &&
          strstr(msg, "16 bytes"), "cap too small: %s", msg);
    CHECK(gir_onnx_read_tensor(o.b, o.n, GIR_DTYPE_F32, out, 8, &s, msg, sizeof msg) == GIR_OK && out[0] == 1.25f &&
          out[1] == -4.0f, "read: %s", msg);
    CHECK(gir_onnx_read_tensor(NULL, 0, GIR_DTYPE_F32, NULL, 0, &s, msg, sizeof msg) == GIR_ERR_INVALID_ARG,
          "NULL data");
    return 1;
}

/* the model of tests/onnx/fixtures.h, field by field (as onnx.helper wrote it) */
static int ox_small_values(const gir__ox_model *m) {
    float w[108], b[4];
    int32_t sh[2];
    char msg[256];
    int k;
    CHECK(m->n_init == 4 && gir__ox_str_is(m->init[0].name, "W") && m->init[0].rank == 4 && m->init[0].dim[0] == 4 &&
          m->init[0].dim[3] == 3 && m->init[3].rank == 0 && gir__ox_tensor_numel(&m->init[3]) == 1, "initializers");
    CHECK(gir__ox_tensor_read(&m->init[0], GIR_DTYPE_F32, w, 108, msg, sizeof msg) == GIR_OK, "%s", msg);
    for (k = 0; k < 108; ++k) CHECK(w[k] == (float)k * 0.01f - 0.5f, "W[%d] = %g", k, (double)w[k]);
    CHECK(gir__ox_tensor_read(&m->init[1], GIR_DTYPE_F32, b, 4, msg, sizeof msg) == GIR_OK && b[0] == 1 && b[3] == 4,
          "B");
    CHECK(gir__ox_tensor_read(&m->init[2], GIR_DTYPE_I32, sh, 2, msg, sizeof msg) == GIR_OK && sh[0] == 0 &&
          sh[1] == -1, "S");
    CHECK(gir__ox_tensor_read(&m->init[3], GIR_DTYPE_F32, b, 1, msg, sizeof msg) == GIR_OK && b[0] == 6, "M");
    return 1;
}
static int test_onnx_small_model(void) {
    gir__ox_model m;
    const gir__ox_node *n;
    int64_t iv[8];
    char msg[256];
    int ok;
    CHECK(gir__ox_decode(&m, oxf_small_model, sizeof oxf_small_model, NULL, msg, sizeof msg) == GIR_OK, "%s", msg);
    ok = m.ir_version == 7 && m.opset == 13 && m.n_node == 5 && m.n_input == 2 && m.n_output == 2 && m.n_value == 1;
    n = m.node;
    ok = ok && gir__ox_str_is(n[0].op_type, "Conv") && gir__ox_str_is(n[0].name, "conv0") && n[0].n_in == 3 &&
         gir__ox_str_is(n[0].in[1], "W") && n[0].n_out == 1 && gir__ox_str_is(n[0].out[0], "Y") && n[0].n_attr == 4;
    ok = ok && gir__ox_str_is(n[0].attr[0].name, "auto_pad") && n[0].attr[0].type == 3 &&
         gir__ox_str_is(n[0].attr[0].s, "NOTSET") && gir__ox_str_is(n[0].attr[2].name, "pads") &&
         n[0].attr[2].type == 7 &&
         n[0].attr[2].n_list == 4 && gir__ox_attr_ints(&n[0].attr[2], iv, 8) == 4 && iv[0] == 1 && iv[3] == 1;
    ok = ok && gir__ox_str_is(n[1].op_type, "LeakyRelu") && n[1].attr[0].type == 1 && n[1].attr[0].f == (double)0.1f;
    ok = ok && gir__ox_str_is(n[2].op_type, "Clip") && n[2].n_in == 3 && n[2].in[1].n == 0 &&
         gir__ox_str_is(n[2].in[2], "M");
    ok = ok && gir__ox_str_is(n[4].op_type, "If") && n[4].n_attr == 2 && n[4].attr[0].type == 5 &&
         n[4].attr[0].has_graph &&
         n[4].attr[1].has_graph && gir__ox_str_is(n[3].domain, "");
    if (!ok) { gir__ox_free(&m, NULL); FAILF("nodes or attributes decoded wrong"); }
    ok = gir__ox_str_is(m.input[0].name, "X") && m.input[0].type == 1 && m.input[0].has_shape && m.input[0].rank == 4 &&
         m.input[0].dim[0] == -1 && gir__ox_str_is(m.input[0].param[0], "batch") && m.input[0].dim[1] == 3 &&
         m.input[0].param[1].n == 0 && m.input[1].type == 9 && m.input[1].has_shape && m.input[1].rank == 0;
    ok = ok && m.output[0].rank == 2 && m.output[0].dim[1] == 256 && m.output[1].type == 1 && !m.output[1].has_shape &&
         gir__ox_str_is(m.value[0].name, "Y") && m.value[0].rank == 4;
    if (!ok) { gir__ox_free(&m, NULL); FAILF("values, inputs or outputs decoded wrong"); }
    ok = ox_small_values(&m);      /* on failure it says why */
    gir__ox_free(&m, NULL);
    if (!ok) return 0;
    CHECK(m.block == NULL && m.n_node == 0, "free did not zero the model");
    return 1;
}
/* every truncation is an error, except at the end of a top-level field after the graph (a shorter valid model) */
static int test_onnx_every_truncation(void) {
    gir__ox_model m;
    char msg[256];
    size_t cut, k;
    for (cut = 0; cut < sizeof oxf_small_model; ++cut) {
        int boundary = 0;
        gir_status st = gir__ox_decode(&m, oxf_small_model, cut, NULL, msg, sizeof msg);
        for (k = 2; k < sizeof oxf_small_model_ends / sizeof oxf_small_model_ends[0]; ++k)
            boundary |= oxf_small_model_ends[k] == cut;
        CHECK(boundary ? st == GIR_OK && m.n_node == 5 : st != GIR_OK && m.block == NULL && msg[0],
              "cut at %d: status %d", (int)cut, (int)st);
        if (st == GIR_OK) gir__ox_free(&m, NULL);
    }
    return 1;
}
static int ox_fail_after, ox_allocs, ox_live;
static void *ox_alloc(size_t n, void *user) {
    (void)user;
    if (ox_fail_after-- == 0) return NULL;
    ++ox_allocs; ++ox_live;
    return malloc(n);
}
static void ox_free(void *p, void *user) { (void)user; if (p) { --ox_live; free(p); } }
static int test_onnx_one_allocation_and_out_of_memory(void) {
    gir_allocator a;
    gir__ox_model m;
    char msg[256];
    memset(&a, 0, sizeof a);
    a.alloc_fn = ox_alloc; a.free_fn = ox_free;
    ox_fail_after = 100; ox_allocs = ox_live = 0;
    CHECK(gir__ox_decode(&m, oxf_small_model, sizeof oxf_small_model, &a, msg, sizeof msg) == GIR_OK &&
          ox_allocs == 1 &&
          ox_live == 1, "%d allocations: %s", ox_allocs, msg);
    gir__ox_free(&m, &a);
    CHECK(ox_live == 0, "the block was not freed");
    ox_fail_after = 0;
    CHECK(gir__ox_decode(&m, oxf_small_model, sizeof oxf_small_model, &a, msg, sizeof msg) == GIR_ERR_OUT_OF_MEMORY &&
          m.block == NULL && m.n_node == 0 && ox_live == 0 && strstr(msg, "out of memory"), "%s", msg);
    return 1;
}
#endif

static void suite_onnx_read(void) {
#ifdef GIR_NO_ONNX
    skip_test("onnx_read/", "GIR_NO_ONNX");
#else
    RUN("onnx_read/varints", test_onnx_varints());
    RUN("onnx_read/wire_types_unknown_fields_groups", test_onnx_wire_types_unknown_fields_groups());
    RUN("onnx_read/lengths_and_nesting", test_onnx_lengths_and_nesting());
    RUN("onnx_read/attribute_lists_packed_unpacked", test_onnx_attribute_lists_packed_unpacked());
    RUN("onnx_read/element_types_raw_and_typed", test_onnx_element_types_raw_and_typed());
    RUN("onnx_read/conversions_refused", test_onnx_conversions_refused());
    RUN("onnx_read/sizes_and_claims", test_onnx_sizes_and_claims());
    RUN("onnx_read/small_model", test_onnx_small_model());
    RUN("onnx_read/every_truncation", test_onnx_every_truncation());
    RUN("onnx_read/one_allocation_and_out_of_memory", test_onnx_one_allocation_and_out_of_memory());
#endif
}
