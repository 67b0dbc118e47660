/* >>names: node names, scopes, the graph's variables ----------------------------------------------------------
   A name lives in the graph's name pool (NUL-terminated strings, appended in blocks that never move: nodes keep
   1 + offset). Lookups scan the named nodes; graphs name their parameters and a few outputs, not every node. */
static int gir__name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
           c == ':' || c == '+' || c == '-';
}
/* 1 when s is parts of name characters joined by single '/' (no empty part) */
static int gir__name_ok(const char *s, size_t len) {
    size_t k;
    if (!len || s[0] == '/' || s[len - 1] == '/') return 0;
    for (k = 0; k < len; ++k)
        if (!(gir__name_char(s[k]) || (s[k] == '/' && s[k + 1] != '/'))) return 0;
    return 1;
}
static size_t gir__strlen_max(const char *s, size_t max) {   /* strlen, stopping past max */
    size_t n = 0;
    while (n <= max && s[n]) ++n;
    return n;
}
static int gir__strcmp(const char *a, const char *b) {      /* strcmp: byte order, as unsigned char */
    while (*a && *a == *b) { ++a; ++b; }
    return (int)(unsigned char)*a - (int)(unsigned char)*b;
}
static int gir__streq(const char *a, const char *b) { return gir__strcmp(a, b) == 0; }
static uint32_t gir__find_id(const gir_graph *g, const char *name) {
    size_t k;
    for (k = 1; k < g->nnodes; ++k)
        if (g->nodes[k].name && gir__streq(gir__name_at(g, g->nodes[k].name), name)) return (uint32_t)k;
    return 0;
}
/* give n the whole name full (len characters, already checked), unless another node has it */
static gir_node gir__name_set(gir_graph *g, gir_node n, const char *full, size_t len) {
    uint32_t other;
    if ((other = gir__find_id(g, full)) == n.id) return n;
    if (other) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "name: '%s' is already %N", full, (const gir_graph *)g, (unsigned)other);
        return gir__handle(NULL, 0);
    }
    if (gir__store_reserve(&g->a, &g->names, len + 1, 1u)) {
        gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "name: %N: out of memory naming it '%s'", (const gir_graph *)g,
                   (unsigned)n.id, full);
        return gir__handle(NULL, 0);
    }
    g->nodes[n.id].name = gir__store_put(&g->names, full, len + 1, 1u);
    return n;
}
GIR_API gir_node gir_name(gir_graph *g, gir_node n, const char *name) {
    char full[GIR_MAX_NAME + 1];
    size_t len, at = 0;
    int kind;
    if (!g) return gir__handle(NULL, 0);
    if ((kind = gir__handle_kind(g, n)) != GIR__H_OWN) {
        if (n.id || n.tag) gir__gfail(g, GIR_ERR_HANDLE, "name: node (id %u) %s", (unsigned)n.id, gir__handle_why(kind));
        return gir__handle(NULL, 0);
    }
    len = name ? gir__strlen_max(name, GIR_MAX_NAME) : 0;
    if (g->scope_len && len) {
        GIR_MEMCPY(full, g->scope->text, g->scope_len);
        full[g->scope_len] = '/';
        at = (size_t)g->scope_len + 1;
    }
    if (!name || at + len > GIR_MAX_NAME || !gir__name_ok(name, len)) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "name: %N: %s", (const gir_graph *)g, (unsigned)n.id,
                   !name ? "the name is NULL" : at + len > GIR_MAX_NAME ? "the name (scope included) is longer than "
                   "GIR_MAX_NAME" : "a name is parts of [A-Za-z0-9_.:+-] joined by single '/'");
        return gir__handle(NULL, 0);
    }
    GIR_MEMCPY(full + at, name, len);
    full[at + len] = 0;
    return gir__name_set(g, n, full, at + len);
}
/* State a builder makes for a named node (an optimizer's buffers for a parameter, batch norm's running
   statistics for its gamma) is named "<owner>/<what>"; nothing happens when owner is unnamed. 0 when the name is
   already taken or would be longer than GIR_MAX_NAME (an error in the graph). */
static int gir__name_derived(gir_graph *g, gir_node owner, gir_node n, const char *what) {
    char full[GIR_MAX_NAME + 1];
    const char *on;
    size_t ol, wl;
    if (!n.id || !owner.id || !g->nodes[owner.id].name) return 1;
    on = gir__name_at(g, g->nodes[owner.id].name);
    ol = gir__strlen_max(on, GIR_MAX_NAME);
    wl = gir__strlen_max(what, GIR_MAX_NAME);
    if (ol + 1 + wl > GIR_MAX_NAME) {   /* an error, never a state left unnamed (it would not be saved) */
        gir__gfail(g, GIR_ERR_LIMIT, "name: node %u: the name '%s/%s' derived from node %u's is %d characters, over "
                   "GIR_MAX_NAME (%d)", (unsigned)n.id, on, what, (unsigned)owner.id, (int)(ol + 1 + wl), GIR_MAX_NAME);
        return 0;
    }
    GIR_MEMCPY(full, on, ol);
    full[ol] = '/';
    GIR_MEMCPY(full + ol + 1, what, wl + 1);
    return gir__name_set(g, n, full, ol + 1 + wl).id != 0;
}
GIR_API const char *gir_node_name(const gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n);
    return d && d->name ? gir__name_at(g, d->name) : "";
}
GIR_API gir_node gir_graph_find(const gir_graph *g, const char *name) {
    if (!g || !name || !*name) return gir__handle(NULL, 0);
    return gir__handle(g, gir__find_id(g, name));
}
GIR_API gir_status gir_graph_push_scope(gir_graph *g, const char *scope) {
    size_t len, at;
    if (!g) return GIR_ERR_INVALID_ARG;
    len = scope ? gir__strlen_max(scope, GIR_MAX_NAME) : 0;
    at = g->scope_len ? (size_t)g->scope_len + 1 : 0;
    if (!scope || !gir__name_ok(scope, len) || at + len >= GIR_MAX_NAME || g->scope_depth >= GIR_MAX_SCOPE_DEPTH) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "scope: %s", !scope ? "the scope is NULL" :
                   g->scope_depth >= GIR_MAX_SCOPE_DEPTH ? "nested deeper than GIR_MAX_SCOPE_DEPTH" :
                   at + len >= GIR_MAX_NAME ? "the scope is longer than GIR_MAX_NAME" :
                   "a scope is parts of [A-Za-z0-9_.:+-] joined by single '/'");
        return GIR_ERR_INVALID_ARG;
    }
    if (!g->scope && !(g->scope = (gir__scope *)gir__alloc(&g->a, sizeof *g->scope))) {
        gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "scope: out of memory");
        return GIR_ERR_OUT_OF_MEMORY;
    }
    g->scope->mark[g->scope_depth++] = g->scope_len;
    if (at) g->scope->text[g->scope_len] = '/';
    GIR_MEMCPY(g->scope->text + at, scope, len);
    g->scope_len = (uint16_t)(at + len);
    g->scope->text[g->scope_len] = 0;
    return GIR_OK;
}
GIR_API void gir_graph_pop_scope(gir_graph *g) {
    if (!g || !g->scope_depth) return;
    g->scope_len = g->scope->mark[--g->scope_depth];
    g->scope->text[g->scope_len] = 0;
}
GIR_API const char *gir_graph_scope(const gir_graph *g) { return g && g->scope ? g->scope->text : ""; }

GIR_API int gir_graph_variable_count(const gir_graph *g) {
    size_t k;
    int n = 0;
    for (k = 1; g && k < g->nnodes; ++k) n += gir__op_is(g->nodes[k].op, GIR__F_LEAF_VAR);
    return n;
}
GIR_API gir_node gir_graph_variable(const gir_graph *g, int index) {
    size_t k;
    for (k = 1; g && index >= 0 && k < g->nnodes; ++k)
        if (gir__op_is(g->nodes[k].op, GIR__F_LEAF_VAR) && index-- == 0) return gir__handle(g, (uint32_t)k);
    return gir__handle(NULL, 0);
}
