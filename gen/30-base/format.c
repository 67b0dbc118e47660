/* >>format: messages: the formatter (%S shapes, %T dtypes, %N nodes with their names, ...) and the first error
   of a graph (gir__gfail) --------------------------------------------------------------------------------- */
#include <stdarg.h>

/* messages: %s string, %d int, %u unsigned, %l long long, %S const gir_shape*, %T dtype (int), %g double,
   %p const void * (0x and hex digits, or NULL), %N node (two arguments: const gir_graph *, unsigned id), %z size_t,
   %.*s (int n, const char *: at most n characters); any other character after % is printed as it is */
static void gir__vformat(gir__buf *b, const char *fmt, va_list ap) {
    for (; *fmt; ++fmt) {
        if (*fmt != '%' || !fmt[1]) {
            char c[2];
            c[0] = *fmt; c[1] = 0;
            gir__puts(b, c);
            continue;
        }
        switch (*++fmt) {
        case 's': gir__puts(b, va_arg(ap, const char *)); break;
        case 'd': gir__putl(b, va_arg(ap, int)); break;
        case 'u': gir__putl(b, (long long)va_arg(ap, unsigned)); break;
        case 'l': gir__putl(b, va_arg(ap, long long)); break;
        case 'S': gir__putshape(b, va_arg(ap, const gir_shape *)); break;
        case 'T': gir__puts(b, gir_dtype_name((gir_dtype)va_arg(ap, int))); break;
        case 'p': gir__putp(b, va_arg(ap, const void *)); break;
        case 'z': gir__putl(b, (long long)va_arg(ap, size_t)); break;
        case '.': {   /* "%.*s": (int n, const char *p), at most n characters of p (names inside a file's bytes) */
            int n = va_arg(ap, int);
            const char *p = va_arg(ap, const char *);
            char c[2];
            c[1] = 0;
            for (; n > 0 && p && *p; --n) { c[0] = *p++; gir__puts(b, c); }
            fmt += fmt[1] == '*' && fmt[2] == 's' ? 2 : 0;
            break;
        }
        case 'N': {   /* (const gir_graph *, unsigned id): "node 7", or "node 7 'layer1/w'" when it is named */
            const gir_graph *gg = va_arg(ap, const gir_graph *);
            unsigned id = va_arg(ap, unsigned);
            gir__puts(b, "node ");
            gir__putl(b, id);
            if (gg && id < gg->nnodes && gg->nodes[id].name) {
                gir__puts(b, " '");
                gir__puts(b, gir__name_at(gg, gg->nodes[id].name));
                gir__puts(b, "'");
            }
            break;
        }
        case 'g': {
            double v = va_arg(ap, double);
            long long ip;
            if (v != v) { gir__puts(b, "nan"); break; }
            if (v < 0) { gir__puts(b, "-"); v = -v; }
            if (v > 1e18) { gir__puts(b, "inf"); break; }
            ip = (long long)v;
            gir__putl(b, ip);
            v -= (double)ip;
            if (v > 0) {
                int k;
                gir__puts(b, ".");
                for (k = 0; k < 6 && v > 1e-9; ++k) {
                    v *= 10;
                    gir__putl(b, (long long)v);
                    v -= (double)(long long)v;
                }
            }
            break;
        }
        default: { char c[2]; c[0] = *fmt; c[1] = 0; gir__puts(b, c); }
        }
    }
}
static void gir__format(char *dst, size_t n, const char *fmt, ...) {
    gir__buf b;
    va_list ap;
    b.p = dst; b.n = n; b.len = 0; dst[0] = 0;
    va_start(ap, fmt);
    gir__vformat(&b, fmt, ap);
    va_end(ap);
}

/* record the first error of a graph; later errors are dropped so the first cause is kept */
static void gir__gfail(gir_graph *g, gir_status s, const char *fmt, ...) {
    gir__buf b;
    va_list ap;
    if (!g || g->status != GIR_OK) return;
    g->status = s;
    b.p = g->msg; b.n = sizeof g->msg; b.len = 0; g->msg[0] = 0;
#ifdef GIR_NO_ERROR_STRINGS
    (void)fmt; (void)ap;
    gir__puts(&b, gir_status_name(s));
#else
    va_start(ap, fmt);
    gir__vformat(&b, fmt, ap);
    va_end(ap);
    if (g->scope_len) {
        gir__puts(&b, " (in scope ");
        gir__puts(&b, g->scope->text);
        gir__puts(&b, ")");
    }
#endif
}
/* gir__gfail in the code a device links (the generic builder, its checks, the shape rules a plan image's reader
   runs): with GIR_NO_ERROR_STRINGS neither the format nor the values are kept, only the status */
#ifdef GIR_NO_ERROR_STRINGS
int gir__msg_args(int first, ...);    /* never defined: named only inside sizeof, which evaluates nothing */
#define GIR__GFAIL(g, s, ...) (gir__gfail((g), (s), ""), (void)sizeof gir__msg_args(0, __VA_ARGS__))
#else
#define GIR__GFAIL gir__gfail
#endif
