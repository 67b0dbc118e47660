/* >>dtype: the element types: their sizes, names and kinds --------------------------------------------------- */
static const uint8_t gir__dtype_sizes[GIR_DTYPE__COUNT] = {0, 1, 1, 4, 4, 8};
static const char *const gir__dtype_names[GIR_DTYPE__COUNT] = {"invalid", "b8", "u8", "i32", "f32", "f64"};

GIR_API size_t gir_dtype_size(gir_dtype dt) {
    return (unsigned)dt < (unsigned)GIR_DTYPE__COUNT ? gir__dtype_sizes[dt] : 0;
}
GIR_API const char *gir_dtype_name(gir_dtype dt) {
    return (unsigned)dt < (unsigned)GIR_DTYPE__COUNT ? gir__dtype_names[dt] : "invalid";
}
static int gir__is_float(int dt) { return dt == GIR_DTYPE_F32 || dt == GIR_DTYPE_F64; }
static int gir__is_int(int dt) { return dt == GIR_DTYPE_U8 || dt == GIR_DTYPE_I32; }
static int gir__is_num(int dt) { return dt >= GIR_DTYPE_U8 && dt <= GIR_DTYPE_F64; }
