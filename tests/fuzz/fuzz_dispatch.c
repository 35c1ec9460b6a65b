/* fuzz_dispatch.c -- libFuzzer target: whole requests through api_handle() on an
 * in-memory database holding three campaigns with games under way.
 *
 * Input (text): up to 8 requests separated by a line "--". Each request is
 *     METHOD URL            (percent-encoded, optional ?query)
 *     Header: value         (Authorization, If-Match, Idempotency-Key, Content-Type)
 *     <empty line>          (then the body, to the end of the request; no empty line:
 *     body...                no body)
 * Placeholders in the URL, header values and body are replaced by the fixture's ids:
 * {c1} {g1} {p1}..{p4} {key1} {view1} (a Travel World Tour banker game), {c2} {g2}
 * {q1} {q2} {key2} (journal mode, stamps owned by players), {c3} {g3} {r1}..{r3}
 * {key3} (classic, results mode), and {v1} {v2} {v3} (the games' current versions).
 * Without an Authorization header a request carries the key of the campaign its URL
 * names ("Authorization: -" sends none); with a body and no Content-Type it is sent as
 * application/json ("Content-Type: -" sends none).
 *
 * Before each input the database is put back to the fixture, so an input always
 * meets the same data and a crash replays. Checks: every answer is well-formed (no
 * 5xx, problem+json on errors); a refused request (4xx) and any GET leave every row of
 * every table as it was; afterwards each game's ETag and state version agree, and
 * replaying its log (?at=seq) gives its snapshot. A GET the read cache can answer
 * (api_answer_cached(), asked before the request) is answered the same by the database.
 *
 * FUZZ_VERBOSE=1 in the environment prints every request with its answer.
 *
 * The harness reads and restores the database through its own SQLite connection to
 * the shared in-memory file: test code, outside the store's layering rule. */
#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "fuzz_common.h"

#define FZ_DB "fuzz_dispatch"
#define FZ_MAX_REQUESTS 8
#define FZ_MAX_TABLES 16

struct fz_var {
    const char *name; /* "{c1}" */
    char value[96];
};

enum {
    V_C1,
    V_G1,
    V_P1,
    V_P2,
    V_P3,
    V_P4,
    V_KEY1,
    V_VIEW1,
    V_C2,
    V_G2,
    V_Q1,
    V_Q2,
    V_KEY2,
    V_C3,
    V_G3,
    V_R1,
    V_R2,
    V_R3,
    V_KEY3,
    V_V1,
    V_V2,
    V_V3,
    V_COUNT
};

static struct fz_var vars[V_COUNT] = {
    {"{c1}", ""},   {"{g1}", ""},    {"{p1}", ""}, {"{p2}", ""}, {"{p3}", ""}, {"{p4}", ""},
    {"{key1}", ""}, {"{view1}", ""}, {"{c2}", ""}, {"{g2}", ""}, {"{q1}", ""}, {"{q2}", ""},
    {"{key2}", ""}, {"{c3}", ""},    {"{g3}", ""}, {"{r1}", ""}, {"{r2}", ""}, {"{r3}", ""},
    {"{key3}", ""}, {"{v1}", ""},    {"{v2}", ""}, {"{v3}", ""},
};

static struct api *api;
static sqlite3 *db; /* the harness's own connection */
static int ntables;
static char tables[FZ_MAX_TABLES][64];
static char *fingerprint_sql; /* one query printing every row of every table */
static bool setup_warned;
static bool verbose; /* $FUZZ_VERBOSE: print every request and its answer */

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- requests ---- */

/* The key of the fixture campaign the path names, or NULL. */
static const char *fz_key_for(const char *path)
{
    static const int ids[] = {V_C1, V_C2, V_C3}, keys[] = {V_KEY1, V_KEY2, V_KEY3};
    const char *p = strstr(path, "/campaigns/");
    if (!p)
        return vars[V_KEY1].value;
    p += 11;
    for (int i = 0; i < 3; i++) {
        size_t n = strlen(vars[ids[i]].value);
        if (n && strncmp(p, vars[ids[i]].value, n) == 0 && (p[n] == '/' || p[n] == '\0'))
            return vars[keys[i]].value;
    }
    return vars[V_KEY1].value;
}

/* Run one request and check its answer; returns the status. */
static int fz_call(const char *method, char *url, const char *auth, const char *if_match,
                   const char *idem, const char *ctype, const char *body, size_t body_len,
                   struct api_response *res)
{
    struct api_request req;
    struct api_response cached;
    char bearer[160];
    memset(&req, 0, sizeof(req));
    fz_split_url(url, &req);
    req.method = method;
    if (!auth) {
        snprintf(bearer, sizeof(bearer), "Bearer %s", fz_key_for(url));
        auth = bearer;
    }
    req.authorization = strcmp(auth, "-") == 0 ? NULL : auth;
    req.if_match = if_match;
    req.idempotency_key = idem;
    req.body = body;
    req.body_len = body_len;
    if (body && !ctype)
        ctype = "application/json";
    req.content_type = ctype && strcmp(ctype, "-") != 0 ? ctype : NULL;
    /* What the read cache would answer now, before the request is read: the same. */
    if (api_answer_cached(api, &req, &cached)) {
        api_handle(api, &req, res);
        if (res->status != cached.status || strcmp(res->etag, cached.etag) != 0 ||
            res->body_len != cached.body_len || memcmp(res->body, cached.body, res->body_len) != 0)
            fz_fail("%s %s: the read cache answered %d %s, the database %d %s (%.200s)", method,
                    url, cached.status, cached.etag, res->status, res->etag,
                    res->body ? res->body : "");
        api_response_clear(&cached);
    } else {
        api_handle(api, &req, res);
    }
    if (verbose)
        fprintf(stderr, "%s %s -> %d %.300s\n", method, url, res->status,
                res->body ? res->body : "");
    fz_check_response(&req, res);
    return res->status;
}

/* A request from the harness itself (fixture, checks): text body or NULL. */
static int fz_simple(const char *method, const char *url, const char *body, cJSON **out)
{
    struct api_response res;
    char u[512];
    int status;
    snprintf(u, sizeof(u), "%s", url);
    status = fz_call(method, u, NULL, NULL, NULL, NULL, body, body ? strlen(body) : 0, &res);
    if (out)
        *out = status < 300 && res.body ? cJSON_Parse(res.body) : NULL;
    api_response_clear(&res);
    return status;
}

/* Replace every {name} of vars in [text, text+len) into a new buffer (*out_len bytes,
 * NUL-terminated). */
static char *fz_expand(const char *text, size_t len, size_t *out_len)
{
    size_t cap = len * 2 + 64, n = 0;
    char *out = malloc(cap);
    if (!out)
        fz_fail("out of memory");
    for (size_t i = 0; i < len;) {
        const struct fz_var *hit = NULL;
        if (text[i] == '{')
            for (int v = 0; v < V_COUNT && !hit; v++)
                if (len - i >= strlen(vars[v].name) &&
                    memcmp(text + i, vars[v].name, strlen(vars[v].name)) == 0)
                    hit = &vars[v];
        const char *src = hit ? hit->value : text + i;
        size_t k = hit ? strlen(hit->value) : 1;
        if (n + k + 1 > cap) {
            cap = (n + k + 1) * 2;
            out = realloc(out, cap);
            if (!out)
                fz_fail("out of memory");
        }
        memcpy(out + n, src, k);
        n += k;
        i += hit ? strlen(hit->name) : 1;
    }
    out[n] = '\0';
    *out_len = n;
    return out;
}

/* ---- the fixture ---- */

static void fz_setup_fail(const char *what, int status)
{
    if (!setup_warned)
        fprintf(stderr,
                "fuzz_dispatch: fixture step '%s' answered %d; fuzzing goes on with "
                "less state\n",
                what, status);
    setup_warned = true;
}

/* POST url body (after placeholders); *field of the answer into var (when given). */
static void fz_step(const char *url, const char *body, int var, const char *path1,
                    const char *path2)
{
    size_t ulen, blen;
    char *u = fz_expand(url, strlen(url), &ulen);
    char *b = fz_expand(body, strlen(body), &blen);
    cJSON *doc = NULL;
    int status = fz_simple("POST", u, b, &doc);
    if (status >= 300) {
        fz_setup_fail(body, status);
    } else if (var >= 0) {
        const cJSON *it = cJSON_GetObjectItemCaseSensitive(doc, path1);
        if (path2)
            it = cJSON_GetObjectItemCaseSensitive(it, path2);
        if (cJSON_IsNumber(it))
            snprintf(vars[var].value, sizeof(vars[var].value), "%lld", (long long)it->valuedouble);
        else if (cJSON_IsString(it))
            snprintf(vars[var].value, sizeof(vars[var].value), "%s", it->valuestring);
        else
            fz_setup_fail(path1, status);
    }
    cJSON_Delete(doc);
    free(u);
    free(b);
}

/* A campaign: its id, key and (for the first) view key. */
static void fz_campaign(const char *body, int c, int key, int view)
{
    cJSON *doc = NULL;
    const cJSON *id, *k, *vk;
    if (fz_simple("POST", "/api/v1/campaigns", body, &doc) != 201 || !doc)
        fz_fail("fixture: cannot create a campaign (%s)", body);
    id = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(doc, "campaign"), "id");
    k = cJSON_GetObjectItemCaseSensitive(doc, "key");
    vk = cJSON_GetObjectItemCaseSensitive(doc, "view_key");
    if (!cJSON_IsNumber(id) || !cJSON_IsString(k) || !cJSON_IsString(vk))
        fz_fail("fixture: campaign answer lacks id or keys");
    snprintf(vars[c].value, sizeof(vars[c].value), "%lld", (long long)id->valuedouble);
    snprintf(vars[key].value, sizeof(vars[key].value), "%s", k->valuestring);
    if (view >= 0)
        snprintf(vars[view].value, sizeof(vars[view].value), "%s", vk->valuestring);
    cJSON_Delete(doc);
}

/* A player of a fixture's campaign: its name, and the variable that keeps its id. */
struct fz_player {
    const char *name;
    int var;
};

/* Into the campaign of variable c ("c1"), the n players p, in order, then a game from
 * body, its id kept in variable g. */
static void fz_box(const char *c, const struct fz_player *p, size_t n, const char *body, int g)
{
    char url[64], name[64];
    snprintf(url, sizeof(url), "/api/v1/campaigns/{%s}/players", c);
    for (size_t i = 0; i < n; i++) {
        snprintf(name, sizeof(name), "{\"name\":\"%s\"}", p[i].name);
        fz_step(url, name, p[i].var, "id", NULL);
    }
    snprintf(url, sizeof(url), "/api/v1/campaigns/{%s}/games", c);
    fz_step(url, body, g, "game", "id");
}

static void fz_fixture(void)
{
    static const struct fz_player box1[] = {{"Ada", V_P1},
                                            {"Ben", V_P2},
                                            {"Cleo", V_P3},
                                            {"Dev", V_P4}},
                                  box2[] = {{"Eve", V_Q1}, {"Finn", V_Q2}},
                                  box3[] = {{"Gus", V_R1}, {"Hal", V_R2}, {"Ivy", V_R3}};
    static const char *const g1_events[] = {
        "{\"type\":\"roll\",\"d1\":1,\"d2\":2}",
        "{\"type\":\"buy\"}",
        "{\"type\":\"roll\",\"d1\":3,\"d2\":4}",
        "{\"type\":\"draw_chance\",\"card\":\"chance-3\"}",
        "{\"type\":\"roll\",\"d1\":1,\"d2\":1}",
        "{\"type\":\"draw_journal\",\"card\":\"journal-1\"}",
        "{\"type\":\"note\",\"text\":\"fixture\"}",
    };
    fz_campaign("{\"name\":\"Fuzz box\"}", V_C1, V_KEY1, V_VIEW1);
    fz_box("c1", box1, sizeof(box1) / sizeof(box1[0]),
           "{\"mode\":\"banker\",\"seats\":[{\"player\":{p1},\"token\":\"scottie\"},"
           "{\"player\":{p2},\"token\":\"t-rex\"},{\"player\":{p3},\"token\":\"hazel\"}]}",
           V_G1);
    for (size_t i = 0; i < sizeof(g1_events) / sizeof(g1_events[0]); i++)
        fz_step("/api/v1/campaigns/{c1}/games/{g1}/events", g1_events[i], -1, NULL, NULL);

    fz_campaign("{\"name\":\"Journal box\",\"stamp_owner\":\"player\"}", V_C2, V_KEY2, -1);
    fz_box("c2", box2, sizeof(box2) / sizeof(box2[0]),
           "{\"mode\":\"journal\",\"seats\":[{\"player\":{q1},\"token\":\"rubber-ducky\"},"
           "{\"player\":{q2},\"token\":\"hazel\"}]}",
           V_G2);
    fz_step("/api/v1/campaigns/{c2}/games/{g2}/events",
            "{\"type\":\"draw_journal\",\"card\":\"journal-2\",\"player\":{q1}}", -1, NULL, NULL);
    fz_step("/api/v1/campaigns/{c2}/games/{g2}/events",
            "{\"type\":\"stamp_goal\",\"player\":{q2},\"destination\":\"rapa-nui\"}", -1, NULL,
            NULL);

    fz_campaign("{\"name\":\"Classic box\",\"edition\":\"classic\"}", V_C3, V_KEY3, -1);
    fz_box("c3", box3, sizeof(box3) / sizeof(box3[0]),
           "{\"mode\":\"results\",\"seats\":[{\"player\":{r1},\"token\":\"boot\"},"
           "{\"player\":{r2},\"token\":\"car\"},{\"player\":{r3},\"token\":\"hat\"}]}",
           V_G3);
}

/* ---- the database: snapshot, restore, fingerprint ---- */

static void fz_exec(const char *sql)
{
    char *msg = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK)
        fz_fail("harness SQL failed: %s: %s", msg ? msg : "?", sql);
}

/* Copy every table to the template database and build the fingerprint query. */
static void fz_snapshot(void)
{
    sqlite3_stmt *stmt = NULL;
    size_t cap = 1 << 16, n = 0;
    char sql[512];
    if (sqlite3_open_v2("file:" FZ_DB "?mode=memory&cache=shared", &db,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI, NULL) != SQLITE_OK)
        fz_fail("harness cannot open the database");
    fz_exec("ATTACH 'file:fuzz_dispatch_template?mode=memory&cache=shared' AS tmpl");
    if (sqlite3_prepare_v2(db,
                           "SELECT name FROM main.sqlite_schema WHERE type = 'table'"
                           " AND name NOT LIKE 'sqlite_%' ORDER BY name",
                           -1, &stmt, NULL) != SQLITE_OK)
        fz_fail("harness cannot list tables");
    while (sqlite3_step(stmt) == SQLITE_ROW && ntables < FZ_MAX_TABLES)
        snprintf(tables[ntables++], sizeof(tables[0]), "%s", sqlite3_column_text(stmt, 0));
    sqlite3_finalize(stmt);
    fingerprint_sql = malloc(cap);
    if (!fingerprint_sql)
        fz_fail("out of memory");
    n += (size_t)snprintf(fingerprint_sql, cap, "SELECT ''");
    for (int t = 0; t < ntables; t++) {
        char cols[2048];
        size_t c = 0;
        snprintf(sql, sizeof(sql), "CREATE TABLE tmpl.\"%s\" AS SELECT * FROM main.\"%s\"",
                 tables[t], tables[t]);
        fz_exec(sql);
        /* Every row as its quoted columns, in a stable order. */
        snprintf(sql, sizeof(sql), "SELECT name FROM pragma_table_info('%s')", tables[t]);
        if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK)
            fz_fail("harness cannot list columns");
        cols[0] = '\0';
        while (sqlite3_step(stmt) == SQLITE_ROW && c < sizeof(cols))
            c += (size_t)snprintf(cols + c, sizeof(cols) - c, "%squote(\"%s\")",
                                  c ? " || ',' || " : "", sqlite3_column_text(stmt, 0));
        sqlite3_finalize(stmt);
        n += (size_t)snprintf(fingerprint_sql + n, cap - n,
                              " || (SELECT coalesce(group_concat(r, char(10)), '') FROM"
                              " (SELECT %s AS r FROM main.\"%s\" ORDER BY r))",
                              cols, tables[t]);
        if (n >= cap || c >= sizeof(cols))
            fz_fail("fingerprint query too long");
    }
}

/* Put every table back as the fixture left it. */
static void fz_restore(void)
{
    char sql[512];
    fz_exec("BEGIN IMMEDIATE");
    for (int t = 0; t < ntables; t++) {
        snprintf(sql, sizeof(sql),
                 "DELETE FROM main.\"%s\"; INSERT INTO main.\"%s\" SELECT *"
                 " FROM tmpl.\"%s\"",
                 tables[t], tables[t], tables[t]);
        fz_exec(sql);
    }
    fz_exec("COMMIT");
    api_forget(api);
}

/* Every row of every table as one text (caller frees). */
static char *fz_fingerprint(void)
{
    sqlite3_stmt *stmt = NULL;
    char *out;
    if (sqlite3_prepare_v2(db, fingerprint_sql, -1, &stmt, NULL) != SQLITE_OK ||
        sqlite3_step(stmt) != SQLITE_ROW)
        fz_fail("harness fingerprint failed: %s", sqlite3_errmsg(db));
    out = strdup((const char *)sqlite3_column_text(stmt, 0));
    sqlite3_finalize(stmt);
    if (!out)
        fz_fail("out of memory");
    return out;
}

/* The current version of game var_g of campaign var_c into var_v. */
static void fz_version(int var_c, int var_g, int var_v)
{
    char url[256];
    cJSON *doc = NULL;
    const cJSON *v;
    snprintf(url, sizeof(url), "/api/v1/campaigns/%s/games/%s", vars[var_c].value,
             vars[var_g].value);
    fz_simple("GET", url, NULL, &doc);
    v = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(doc, "state"), "version");
    snprintf(vars[var_v].value, sizeof(vars[var_v].value), "%lld",
             cJSON_IsNumber(v) ? (long long)v->valuedouble : 0LL);
    cJSON_Delete(doc);
}

/* ---- checks after an input ---- */

/* Each game of campaign c: ETag = state.version = game.version, and the replayed log
 * equals the snapshot. */
static void fz_check_games(const char *cid)
{
    char url[256];
    cJSON *games = NULL, *g;
    snprintf(url, sizeof(url), "/api/v1/campaigns/%s/games", cid);
    if (fz_simple("GET", url, NULL, &games) != 200)
        fz_fail("GET %s failed after the input", url);
    cJSON_ArrayForEach(g, cJSON_GetObjectItemCaseSensitive(games, "games"))
    {
        const cJSON *gid = cJSON_GetObjectItemCaseSensitive(g, "id");
        struct api_response res;
        cJSON *doc, *replayed = NULL;
        const cJSON *state, *version, *seq, *gver;
        char etag[64];
        if (!cJSON_IsNumber(gid))
            fz_fail("a game without an id");
        snprintf(url, sizeof(url), "/api/v1/campaigns/%s/games/%lld", cid,
                 (long long)gid->valuedouble);
        if (fz_call("GET", url, NULL, NULL, NULL, NULL, NULL, 0, &res) != 200)
            fz_fail("GET %s answered %d", url, res.status);
        doc = cJSON_Parse(res.body);
        state = cJSON_GetObjectItemCaseSensitive(doc, "state");
        version = cJSON_GetObjectItemCaseSensitive(state, "version");
        seq = cJSON_GetObjectItemCaseSensitive(state, "seq");
        gver = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(doc, "game"),
                                                "version");
        if (!cJSON_IsNumber(version) || !cJSON_IsNumber(seq))
            fz_fail("%s: state without version or seq", url);
        snprintf(etag, sizeof(etag), "\"%lld\"", (long long)version->valuedouble);
        if (strcmp(etag, res.etag) != 0 ||
            (cJSON_IsNumber(gver) && gver->valuedouble != version->valuedouble))
            fz_fail("%s: ETag %s, state.version %s, game.version %g", url, res.etag, etag,
                    cJSON_IsNumber(gver) ? gver->valuedouble : -1.0);
        api_response_clear(&res);
        snprintf(url + strlen(url), sizeof(url) - strlen(url), "/state?at=%lld",
                 (long long)seq->valuedouble);
        if (fz_simple("GET", url, NULL, &replayed) != 200 || !replayed)
            fz_fail("GET %s failed", url);
        if (!cJSON_Compare(state, replayed, true)) {
            char *a = cJSON_PrintUnformatted(state), *b = cJSON_PrintUnformatted(replayed);
            fz_fail("%s: the replayed log differs from the snapshot:\n%s\n%s", url, a, b);
        }
        cJSON_Delete(replayed);
        cJSON_Delete(doc);
    }
    cJSON_Delete(games);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    verbose = getenv("FUZZ_VERBOSE") != NULL;
    api = fz_api_new(FZ_DB);
    fz_fixture();
    fz_snapshot();
    fz_check_games(vars[V_C1].value);
    fz_check_games(vars[V_C2].value);
    fz_check_games(vars[V_C3].value);
    return 0;
}

/* ---- one input ---- */

/* Split one request [p, p+len) and run it; checks that refusals change nothing.
 * Returns true when it was a write that succeeded. */
static bool fz_request(char *p, size_t len, char **fp)
{
    char *body = NULL, *line = p, *end = p + len, *url;
    const char *auth = NULL, *if_match = NULL, *idem = NULL, *ctype = NULL;
    size_t body_len = 0;
    struct api_response res;
    int status;
    char *nl = memchr(p, '\n', len);
    if (!nl)
        nl = end;
    *nl = '\0';
    url = strchr(line, ' ');
    if (!url || strlen(line) != (size_t)(nl - line))
        return false;
    *url++ = '\0';
    /* headers until an empty line */
    for (line = nl + 1; line < end;) {
        char *e = memchr(line, '\n', (size_t)(end - line));
        if (!e)
            e = end;
        *e = '\0';
        if (line == e) {
            body = e + 1 <= end ? e + 1 : end;
            body_len = (size_t)(end - body);
            break;
        }
        if (strncmp(line, "Authorization: ", 15) == 0)
            auth = line + 15;
        else if (strncmp(line, "If-Match: ", 10) == 0)
            if_match = line + 10;
        else if (strncmp(line, "Idempotency-Key: ", 17) == 0)
            idem = line + 17;
        else if (strncmp(line, "Content-Type: ", 14) == 0)
            ctype = line + 14;
        line = e + 1;
    }
    status = fz_call(p, url, auth, if_match, idem, ctype, body, body_len, &res);
    api_response_clear(&res);
    if (status >= 400 || strcmp(p, "GET") == 0) {
        char *after = fz_fingerprint();
        if (strcmp(after, *fp) != 0)
            fz_fail("%s %s answered %d and changed the database", p, url, status);
        free(after);
        return false;
    }
    free(*fp);
    *fp = fz_fingerprint();
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *p = (const char *)data, *end = p + size;
    bool wrote = false;
    char *fp;
    if (size > 2 * API_BODY_MAX)
        return 0;
    fz_restore();
    fp = fz_fingerprint();
    for (int n = 0; p < end && n < FZ_MAX_REQUESTS; n++) {
        const char *sep = memmem(p, (size_t)(end - p), "\n--\n", 4);
        size_t rlen = sep ? (size_t)(sep - p) : (size_t)(end - p), len;
        char *text;
        if (memmem(p, rlen, "{v", 2)) {
            fz_version(V_C1, V_G1, V_V1);
            fz_version(V_C2, V_G2, V_V2);
            fz_version(V_C3, V_G3, V_V3);
        }
        text = fz_expand(p, rlen, &len);
        wrote |= fz_request(text, len, &fp);
        free(text);
        p += rlen + (sep ? 4 : 0);
    }
    free(fp);
    if (wrote) {
        fz_check_games(vars[V_C1].value);
        fz_check_games(vars[V_C2].value);
        fz_check_games(vars[V_C3].value);
    }
    return 0;
}
