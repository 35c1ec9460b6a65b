/* api.c -- the request core: routing, keys, problem+json, answers, change notices. */
#include "api.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "api_cache.h"
#include "api_internal.h"
#include "api_limits.h"
#include "file.h"
#include "json.h"
#include "keys.h"

_Static_assert(API_CACHE_ETAG_MAX >= API_ETAG_MAX, "the read cache keeps every ETag whole");

/* ---- the routes ---- */

enum api_auth {
    AUTH_NONE,     /* public */
    AUTH_ADMIN,    /* public unless the server has an admin key */
    AUTH_CAMPAIGN, /* a campaign's key or view key; writes need the key */
    AUTH_METRICS,  /* public unless the server has a metrics key */
};

enum api_route_flag {
    ROUTE_WRITE = 1,       /* needs the campaign key (not the view key) and the writer */
    ROUTE_WRITES_LATE = 2, /* works on a snapshot and takes the writer only to write */
    ROUTE_CREATES = 4,     /* makes a campaign: the limits on creating one apply */
    ROUTE_CACHED = 8,      /* its answer may be given from the read cache (api_cache.h) */
    ROUTE_DECODES = 16,    /* decodes its body on a reader; takes the writer only to write */
};

struct api_route {
    const char *method;
    const char *pattern; /* segments; {cid} {gid} {pid} are integers, {slug} an id */
    enum api_auth auth;
    unsigned flags; /* enum api_route_flag */
    api_handler_fn fn;
};

static const struct api_route api_routes[] = {
    {"GET", "/api/v1/health", AUTH_NONE, 0, api_get_health},
    {"GET", "/api/v1/editions", AUTH_NONE, 0, api_get_editions},
    {"GET", "/api/v1/editions/{slug}", AUTH_NONE, 0, api_get_edition},
    {"GET", "/api/v1/openapi.json", AUTH_NONE, 0, api_get_openapi},
    {"GET", "/metrics", AUTH_METRICS, 0, api_get_metrics},
    {"POST", "/api/v1/campaigns", AUTH_ADMIN, ROUTE_WRITE | ROUTE_CREATES, api_post_campaign},
    {"GET", "/api/v1/campaigns", AUTH_ADMIN, 0, api_get_campaigns},
    /* Not a write route: it parses its (up to 32 MiB) body before it takes the writer. */
    {"POST", "/api/v1/campaigns/import", AUTH_ADMIN, ROUTE_CREATES, api_post_import},
    {"GET", "/api/v1/campaigns/{cid}", AUTH_CAMPAIGN, 0, api_get_campaign},
    {"PATCH", "/api/v1/campaigns/{cid}", AUTH_CAMPAIGN, ROUTE_WRITE, api_patch_campaign},
    {"POST", "/api/v1/campaigns/{cid}/keys", AUTH_CAMPAIGN, ROUTE_WRITE, api_post_keys},
    {"GET", "/api/v1/campaigns/{cid}/board", AUTH_CAMPAIGN, 0, api_get_board},
    {"PUT", "/api/v1/campaigns/{cid}/board/destinations/{slug}", AUTH_CAMPAIGN, ROUTE_WRITE,
     api_put_board_destination},
    {"PUT", "/api/v1/campaigns/{cid}/board/journal/{slug}", AUTH_CAMPAIGN, ROUTE_WRITE,
     api_put_board_journal},
    {"PUT", "/api/v1/campaigns/{cid}/board/chance/{slug}", AUTH_CAMPAIGN, ROUTE_WRITE,
     api_put_board_chance},
    {"PUT", "/api/v1/campaigns/{cid}/board/spaces/{slug}", AUTH_CAMPAIGN, ROUTE_WRITE,
     api_put_board_space},
    {"PUT", "/api/v1/campaigns/{cid}/board/deeds/{slug}", AUTH_CAMPAIGN, ROUTE_WRITE,
     api_put_board_deed},
    {"PUT", "/api/v1/campaigns/{cid}/board/community/{slug}", AUTH_CAMPAIGN, ROUTE_WRITE,
     api_put_board_community},
    {"POST", "/api/v1/campaigns/{cid}/players", AUTH_CAMPAIGN, ROUTE_WRITE, api_post_player},
    {"GET", "/api/v1/campaigns/{cid}/players", AUTH_CAMPAIGN, 0, api_get_players},
    {"PATCH", "/api/v1/campaigns/{cid}/players/{pid}", AUTH_CAMPAIGN, ROUTE_WRITE,
     api_patch_player},
    {"POST", "/api/v1/campaigns/{cid}/games", AUTH_CAMPAIGN, ROUTE_WRITE, api_post_game},
    {"GET", "/api/v1/campaigns/{cid}/games", AUTH_CAMPAIGN, 0, api_get_games},
    {"GET", "/api/v1/campaigns/{cid}/games/{gid}", AUTH_CAMPAIGN, ROUTE_CACHED, api_get_game},
    {"GET", "/api/v1/campaigns/{cid}/games/{gid}/state", AUTH_CAMPAIGN, ROUTE_CACHED,
     api_get_game_state},
    {"GET", "/api/v1/campaigns/{cid}/games/{gid}/events", AUTH_CAMPAIGN, 0, api_get_events},
    {"POST", "/api/v1/campaigns/{cid}/games/{gid}/events", AUTH_CAMPAIGN,
     ROUTE_WRITE | ROUTE_WRITES_LATE, api_post_event},
    {"POST", "/api/v1/campaigns/{cid}/games/{gid}/undo", AUTH_CAMPAIGN, ROUTE_WRITE, api_post_undo},
    {"GET", "/api/v1/campaigns/{cid}/games/{gid}/stream", AUTH_CAMPAIGN, 0, api_get_stream},
    {"GET", "/api/v1/campaigns/{cid}/journal", AUTH_CAMPAIGN, 0, api_get_journal},
    {"GET", "/api/v1/campaigns/{cid}/journal/{slug}", AUTH_CAMPAIGN, 0, api_get_journal_card},
    {"GET", "/api/v1/campaigns/{cid}/stats", AUTH_CAMPAIGN, 0, api_get_stats},
    {"GET", "/api/v1/campaigns/{cid}/export", AUTH_CAMPAIGN, 0, api_get_export},
    {"GET", "/api/v1/campaigns/{cid}/export/plays.csv", AUTH_CAMPAIGN, 0, api_get_plays_csv},
    {"GET", "/api/v1/campaigns/{cid}/export/bgg", AUTH_CAMPAIGN, 0, api_get_plays_bgg},
    {"GET", "/api/v1/campaigns/{cid}/export/bgstats", AUTH_CAMPAIGN, 0, api_get_plays_bgstats},
    {"GET", "/api/v1/campaigns/{cid}/export/bgg.xml", AUTH_CAMPAIGN, 0, api_get_plays_bgg_xml},
    {"POST", "/api/v1/campaigns/{cid}/memories", AUTH_CAMPAIGN, ROUTE_WRITE, api_post_memory},
    {"GET", "/api/v1/campaigns/{cid}/memories", AUTH_CAMPAIGN, 0, api_get_memories},
    {"DELETE", "/api/v1/campaigns/{cid}/memories/{mid}", AUTH_CAMPAIGN, ROUTE_WRITE,
     api_delete_memory},
    {"PATCH", "/api/v1/campaigns/{cid}/memories/{mid}", AUTH_CAMPAIGN, ROUTE_WRITE,
     api_patch_memory},
    {"PUT", "/api/v1/campaigns/{cid}/memories/{mid}/photo", AUTH_CAMPAIGN,
     ROUTE_WRITE | ROUTE_DECODES, api_put_memory_photo},
    {"GET", "/api/v1/campaigns/{cid}/memories/{mid}/photo", AUTH_CAMPAIGN, 0, api_get_memory_photo},
    {"GET", "/api/v1/campaigns/{cid}/recap", AUTH_CAMPAIGN, 0, api_get_recap},
    {"GET", "/api/v1/campaigns/{cid}/games/{gid}/summary.svg", AUTH_CAMPAIGN, 0,
     api_get_summary_svg},
};

#define API_NROUTES (sizeof(api_routes) / sizeof(api_routes[0]))
#define API_OPENAPI_MAX ((size_t)4 << 20)

/* Parse a positive decimal id of at most 15 digits; -1 when it is not one. */
static int64_t api_parse_id(const char *s, size_t len)
{
    int64_t v = 0;
    if (len == 0 || len > 15 || s[0] == '0')
        return -1;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

/* The parameters a path gives its route. */
struct api_path {
    int64_t cid, gid, pid, mid;
    bool has_slug;
    char slug[128];
};

/* Does path match pattern? Fills *out with the path parameters when it does. */
static bool api_match(const char *pattern, const char *path, struct api_path *out)
{
    const char *p = pattern, *q = path;
    out->cid = out->gid = out->pid = out->mid =
        0; /* not the slug's buffer: tried for every route */
    out->has_slug = false;
    while (*p && *q) {
        if (*p != '{') {
            if (*p != *q)
                return false;
            p++;
            q++;
            continue;
        }
        const char *pend = strchr(p, '}');
        const char *qend = strchr(q, '/');
        size_t plen = (size_t)(pend - p - 1), qlen = qend ? (size_t)(qend - q) : strlen(q);
        if (qlen == 0)
            return false;
        if (strncmp(p + 1, "slug", plen) == 0) {
            if (qlen >= sizeof(out->slug))
                return false;
            memcpy(out->slug, q, qlen);
            out->slug[qlen] = '\0';
            out->has_slug = true;
        } else {
            int64_t id = api_parse_id(q, qlen);
            if (id < 0)
                return false;
            if (strncmp(p + 1, "cid", plen) == 0)
                out->cid = id;
            else if (strncmp(p + 1, "gid", plen) == 0)
                out->gid = id;
            else if (strncmp(p + 1, "mid", plen) == 0)
                out->mid = id;
            else
                out->pid = id;
        }
        p = pend + 1;
        q += qlen;
    }
    return *p == '\0' && *q == '\0';
}

/* ---- answers ---- */

void api_response_clear(struct api_response *res)
{
    free(res->body);
    memset(res, 0, sizeof(*res));
}

void api_problem(struct api_response *res, int status, const char *rule, const char *detail)
{
    static const char fallback[] =
        "{\"type\":\"about:blank\",\"title\":\"Internal Server Error\",\"status\":500}";
    cJSON *p = cJSON_CreateObject();
    char *text = NULL;

    free(res->body);
    res->body = NULL;
    res->etag[0] = '\0';
    res->stream = false;
    if (p && cJSON_AddStringToObject(p, "type", "about:blank") &&
        cJSON_AddStringToObject(p, "title", sb_title(status)) &&
        cJSON_AddNumberToObject(p, "status", status) &&
        cJSON_AddStringToObject(p, "detail", detail && *detail ? detail : sb_title(status)) &&
        (!rule || cJSON_AddStringToObject(p, "rule", rule)))
        text = cJSON_PrintUnformatted(p);
    cJSON_Delete(p);
    res->content_type = "application/problem+json";
    if (text) {
        res->status = status;
        res->body = text;
        res->body_len = strlen(text);
    } else {
        res->status = 500;
        res->body = strdup(fallback);
        res->body_len = res->body ? strlen(fallback) : 0;
    }
}

void api_reply_owned(struct api_ctx *ctx, int status, char *body)
{
    free(ctx->res->body);
    ctx->res->status = status;
    ctx->res->content_type = "application/json; charset=utf-8";
    ctx->res->body = body;
    ctx->res->body_len = body ? strlen(body) : 0;
}

int api_reply_text(struct api_ctx *ctx, int status, const char *content_type, const char *text,
                   size_t len)
{
    char *copy = malloc(len + 1);
    if (!copy)
        return sb_oom(&ctx->err);
    memcpy(copy, text, len);
    copy[len] = '\0';
    free(ctx->res->body);
    ctx->res->status = status;
    ctx->res->content_type = content_type;
    ctx->res->body = copy;
    ctx->res->body_len = len;
    return 0;
}

int api_reply_json(struct api_ctx *ctx, int status, const cJSON *item)
{
    char *text = cJSON_PrintUnformatted(item);
    if (!text)
        return sb_oom(&ctx->err);
    api_reply_owned(ctx, status, text);
    return 0;
}

int api_reply_wrapped(struct api_ctx *ctx, int status, const char *key, const char *raw)
{
    size_t len = strlen(key) + strlen(raw) + 8;
    char *body = malloc(len);
    if (!body)
        return sb_oom(&ctx->err);
    snprintf(body, len, "{\"%s\":%s}", key, raw);
    api_reply_owned(ctx, status, body);
    return 0;
}

int api_answer_owned(struct api_ctx *ctx, int rc, int status, char *text)
{
    if (rc == 0)
        api_reply_owned(ctx, status, text);
    else
        free(text);
    return rc;
}

int api_answer_json(struct api_ctx *ctx, int rc, int status, cJSON *doc)
{
    if (rc == 0)
        rc = api_reply_json(ctx, status, doc);
    cJSON_Delete(doc);
    return rc;
}

int api_answer_json_tagged(struct api_ctx *ctx, int rc, cJSON *doc)
{
    uint64_t h = 1469598103934665603u; /* FNV-1a, 64 bits */
    rc = api_answer_json(ctx, rc, 200, doc);
    if (rc != 0 || !ctx->res->body)
        return rc;
    for (size_t i = 0; i < ctx->res->body_len; i++)
        h = (h ^ (unsigned char)ctx->res->body[i]) * 1099511628211u;
    snprintf(ctx->res->etag, sizeof(ctx->res->etag), "\"c%016llx\"", (unsigned long long)h);
    return 0;
}

int api_answer_read(struct api_ctx *ctx, api_read_fn *read)
{
    char *text = NULL;
    int rc = read(&ctx->game, &text);
    return api_answer_owned(ctx, rc, 200, text);
}

int api_answer_list(struct api_ctx *ctx, const char *key, api_read_fn *read)
{
    char *text = NULL;
    int rc = read(&ctx->game, &text);
    if (rc == 0)
        rc = api_reply_wrapped(ctx, 200, key, text);
    free(text);
    return rc;
}

void api_set_etag(struct api_ctx *ctx, int64_t version)
{
    snprintf(ctx->res->etag, sizeof(ctx->res->etag), "\"%lld\"", (long long)version);
}

const char *api_param(const struct api_ctx *ctx, const char *key)
{
    for (int i = 0; i < ctx->req->nparams; i++)
        if (strcmp(ctx->req->params[i].key, key) == 0)
            return ctx->req->params[i].value;
    return NULL;
}

int api_body_object(struct api_ctx *ctx, cJSON **out)
{
    const char *ct = ctx->req->content_type;
    if (!ctx->req->body || ctx->req->body_len == 0)
        return sb_fail(&ctx->err, SB_EBADREQ, NULL, "the request needs a JSON object body");
    if (!ct || strncasecmp(ct, "application/json", 16) != 0 ||
        (ct[16] != '\0' && ct[16] != ';' && ct[16] != ' '))
        return sb_fail(&ctx->err, SB_EMEDIA, NULL,
                       "the body must be sent as Content-Type: application/json");
    return json_parse_object(ctx->req->body, ctx->req->body_len, out, &ctx->err);
}

int api_parse_stored(struct api_ctx *ctx, const char *text, cJSON **out)
{
    cJSON *doc = cJSON_Parse(text);
    if (!doc)
        return sb_fail(&ctx->err, SB_EIO, NULL, "stored JSON is damaged");
    *out = doc;
    return 0;
}

int api_take_stored(struct api_ctx *ctx, char *text, cJSON **out)
{
    int rc = api_parse_stored(ctx, text, out);
    free(text);
    return rc;
}

/* Require write access (403 for a view key). */
static int api_need_write(struct api_ctx *ctx)
{
    if (ctx->access == ACCESS_WRITE)
        return 0;
    return sb_fail(&ctx->err, SB_EFORBIDDEN, NULL,
                   "the view key reads only: writing needs the campaign key");
}

/* ---- keys ---- */

/* The token of an Authorization header h ("Bearer <token>", spaces around it
 * ignored; *len its length), or NULL when it has none. */
static const char *api_bearer_token(const char *h, size_t *len)
{
    if (!h || strncasecmp(h, "Bearer ", 7) != 0)
        return NULL;
    h += 7;
    while (*h == ' ')
        h++;
    *len = strlen(h);
    while (*len > 0 && h[*len - 1] == ' ')
        (*len)--;
    return *len ? h : NULL;
}

/* The bearer token of the request (or the stream's ?key=), or NULL. */
static const char *api_bearer(const struct api_ctx *ctx, size_t *len)
{
    const char *h = ctx->req->authorization;
    if (h && strncasecmp(h, "Bearer ", 7) == 0)
        return api_bearer_token(h, len);
    if (!h) {
        const char *k = api_param(ctx, "key");
        /* Only the event stream's route (its pattern, not the path the client sent):
         * EventSource cannot send headers. */
        const char *route = ctx->res->route;
        size_t n = route ? strlen(route) : 0;
        if (k && *k && n > 7 && strcmp(route + n - 7, "/stream") == 0) {
            *len = strlen(k);
            return k;
        }
    }
    return NULL;
}

/* Check the campaign key of the request; sets ctx->access and ctx->campaign. */
/* The request's campaign: for an append (the route that takes the writer late), as
 * the read cache kept it when it can (no row read; see api_cache_campaign_get()). */
static int api_load_campaign(struct api_ctx *ctx, bool write)
{
    struct api_cache *c = ctx->api->cache;
    bool keep = c && write && ctx->game.pool;
    uint64_t epoch = keep ? api_cache_campaigns_epoch(c) : 0;
    int rc;
    if (keep && api_cache_campaign_get(c, ctx->cid, &ctx->campaign))
        return 0;
    if (ctx->now)
        return API_NEEDS_IO;
    rc = campaign_load(&ctx->game, ctx->cid);
    if (rc == 0 && keep)
        api_cache_campaign_put(c, epoch, &ctx->campaign);
    return rc;
}

static int api_authorize_campaign(struct api_ctx *ctx, bool write)
{
    unsigned char hash[KEYS_HASH_BYTES];
    size_t len = 0;
    const char *key = api_bearer(ctx, &len);
    int rc;

    if (!key)
        return sb_fail(&ctx->err, SB_EUNAUTH, NULL,
                       "this route needs Authorization: Bearer <campaign key>");
    rc = api_load_campaign(ctx, write);
    /* An unknown campaign answers as a known one with a wrong key: no id oracle. */
    if (rc == SB_ENOTFOUND)
        return sb_fail(&ctx->err, SB_EUNAUTH, NULL, "the key does not open this campaign");
    if (rc != 0)
        return rc;
    keys_hash_memo(ctx->req->key_memo, key, len, hash);
    memcpy(ctx->key_hash, hash, KEYS_HASH_BYTES);
    if (keys_equal(hash, ctx->campaign.key_hash))
        ctx->access = ACCESS_WRITE;
    else if (keys_equal(hash, ctx->campaign.view_key_hash))
        ctx->access = ACCESS_READ;
    else
        return sb_fail(&ctx->err, SB_EUNAUTH, NULL, "the key does not open this campaign");
    ctx->res->key_valid = true;
    return write ? api_need_write(ctx) : 0;
}

/* Check a server key when the server has one: hash is its hash, kind its name ("admin",
 * "metrics") for the 401 detail. */
static int api_authorize_server_key(struct api_ctx *ctx, bool has, const unsigned char *hash,
                                    const char *kind)
{
    unsigned char got[KEYS_HASH_BYTES];
    size_t len = 0;
    const char *key;
    if (!has)
        return 0;
    key = api_bearer(ctx, &len);
    if (!key)
        return sb_fail(&ctx->err, SB_EUNAUTH, NULL,
                       "this route needs Authorization: Bearer <%s key>", kind);
    keys_hash_memo(ctx->req->key_memo, key, len, got);
    if (!keys_equal(got, hash))
        return sb_fail(&ctx->err, SB_EUNAUTH, NULL, "wrong %s key", kind);
    ctx->res->key_valid = true;
    return 0;
}

/* ---- dispatch ---- */

/* Find the route; 404 when no pattern matches the path, 405 when only the method is
 * wrong (res->allow lists the methods). */
static const char *const api_methods[] = {"GET", "POST", "PUT", "PATCH", "DELETE"};
#define API_NMETHODS (sizeof(api_methods) / sizeof(api_methods[0]))
/* The Allow line of each set of methods a path can have, indexed by a mask of
 * api_methods bits; HEAD is listed wherever GET is. Written once by api_allows_init. */
static char api_allows[1u << API_NMETHODS][48];
static pthread_once_t api_allows_once = PTHREAD_ONCE_INIT;

static void api_allows_init(void)
{
    for (unsigned mask = 1; mask < (1u << API_NMETHODS); mask++) {
        char *p = api_allows[mask];
        size_t left = sizeof(api_allows[mask]);
        for (unsigned m = 0; m < API_NMETHODS; m++) {
            if (!(mask & (1u << m)))
                continue;
            int n = snprintf(p, left, "%s%s%s", p == api_allows[mask] ? "" : ", ", api_methods[m],
                             m == 0 ? ", HEAD" : "");
            p += n;
            left -= (size_t)n;
        }
    }
}

static const struct api_route *api_route_find(struct api_ctx *ctx)
{
    unsigned have = 0;
    struct api_path path;
    /* HEAD is answered on every GET route: the HTTP layer sends no body. */
    const char *method = strcmp(ctx->req->method, "HEAD") == 0 ? "GET" : ctx->req->method;
    /* The routes of the request's method first: a path is matched only against them
     * unless none takes it (404 or 405, below). */
    for (size_t i = 0; i < API_NROUTES; i++) {
        if (strcmp(api_routes[i].method, method) != 0 ||
            !api_match(api_routes[i].pattern, ctx->req->path, &path))
            continue;
        ctx->cid = path.cid;
        ctx->gid = path.gid;
        ctx->pid = path.pid;
        ctx->mid = path.mid;
        if (path.has_slug) {
            memcpy(ctx->slug_buf, path.slug, strlen(path.slug) + 1); /* both 128 bytes */
            ctx->slug = ctx->slug_buf;
        }
        ctx->res->route = api_routes[i].pattern;
        return &api_routes[i];
    }
    for (size_t i = 0; i < API_NROUTES; i++) {
        if (!api_match(api_routes[i].pattern, ctx->req->path, &path))
            continue;
        for (unsigned m = 0; m < API_NMETHODS; m++)
            if (strcmp(api_routes[i].method, api_methods[m]) == 0)
                have |= 1u << m;
        ctx->res->route = api_routes[i].pattern;
    }
    if (!have) {
        sb_fail(&ctx->err, SB_ENOTFOUND, NULL, "no route %s", ctx->req->path);
        return NULL;
    }
    pthread_once(&api_allows_once, api_allows_init);
    ctx->res->allow = api_allows[have];
    sb_fail(&ctx->err, SB_EMETHOD, NULL, "%s is not allowed here (allowed: %s)", ctx->req->method,
            ctx->res->allow);
    return NULL;
}

/* The limits on a write: the size of the database, and for creating or importing a
 * campaign the campaign cap and, without an admin key, the client's token bucket. */
static int api_check_limits(struct api_ctx *ctx, const struct api_route *route)
{
    struct api *api = ctx->api;
    bool creates = route->flags & ROUTE_CREATES;
    int rc = api_limits_check_size(api->limits, ctx->store, &ctx->err);
    if (rc == API_LIMITS_UNREAD)
        return API_NEEDS_IO; /* ctx->now: the size is due to be read */
    if (rc == 0 && creates)
        rc = api_limits_check_campaigns(api->limits, ctx->store, &ctx->err);
    if (rc == 0 && creates && !api->has_admin_key)
        rc = api_limits_take_create(api->limits, ctx->req->client, &ctx->res->retry_after,
                                    &ctx->err);
    return rc;
}

static int api_run_handler(struct api_ctx *ctx, int rc, api_handler_fn fn);
static int api_handler_end(struct api_ctx *ctx, int rc);

/* Keep the answer of a cached route, read at generation, for api_answer_cached(). */
static void api_cache_answer(struct api_ctx *ctx, const struct api_route *route,
                             uint64_t generation)
{
    const struct api_cache_key k = {(int)(route - api_routes), ctx->cid, ctx->gid};
    struct api_cache_fill f = {.generation = generation,
                               .etag = ctx->res->etag,
                               .body = ctx->res->body,
                               .len = ctx->res->body_len};
    if (!ctx->api->cache || ctx->req->nparams > 0 || ctx->res->status != 200 || !ctx->res->body)
        return;
    memcpy(f.key_hash, ctx->campaign.key_hash, KEYS_HASH_BYTES);
    memcpy(f.view_key_hash, ctx->campaign.view_key_hash, KEYS_HASH_BYTES);
    api_cache_put(ctx->api->cache, &k, &f);
}

/* Authorize and run one route on a pooled connection: the writer for writes, except
 * those that take it only to write. */
static int api_run(struct api_ctx *ctx, const struct api_route *route)
{
    bool write = route->flags & ROUTE_WRITE;
    bool late_writer = route->flags & (ROUTE_WRITES_LATE | ROUTE_DECODES);
    /* Before anything is read: see the cache's test after the handler. */
    uint64_t generation = campaign_db_generation(ctx->api->pool);
    bool health = route->fn == api_get_health;
    int rc = health ? 0 : campaign_db_behind(ctx->api->pool, &ctx->err);
    if (rc == 0 && !ctx->now)
        rc = campaign_db_connect(ctx->api->pool, write && !late_writer, &ctx->store, &ctx->err);
    if (rc != 0 && health) /* it says why itself */
        rc = 0;
    if (rc != 0)
        return rc;
    /* A cached route's read (the key, then the game) is one read transaction: SQLite's
     * file locks taken once, not once each. With ?at= the game layer reads on its own. */
    if (!write && (route->flags & ROUTE_CACHED) && ctx->req->nparams == 0) {
        rc = campaign_db_snapshot(ctx->store, &ctx->err);
        ctx->in_read = rc == 0;
    }
    ctx->game.pool = late_writer ? ctx->api->pool : NULL;
    if (route->auth == AUTH_ADMIN)
        rc = api_authorize_server_key(ctx, ctx->api->has_admin_key, ctx->api->admin_hash, "admin");
    else if (route->auth == AUTH_METRICS)
        rc = api_authorize_server_key(ctx, ctx->api->has_metrics_key, ctx->api->metrics_hash,
                                      "metrics");
    else if (route->auth == AUTH_CAMPAIGN)
        rc = api_authorize_campaign(ctx, write);
    if (rc == 0 && (write || (route->flags & ROUTE_CREATES)))
        rc = api_check_limits(ctx, route);
    rc = api_run_handler(ctx, rc, route->fn);
    if (rc == API_LATER)
        return rc; /* ctx may be gone already */
    /* Any write but an append may have changed a campaign: the campaigns kept for
     * appends are read again (before its answer goes out). */
    if (write && !late_writer && ctx->api->cache)
        api_cache_campaigns_changed(ctx->api->cache);
    /* Kept only when no COMMIT began or ran while it was read. */
    if (rc == 0 && (route->flags & ROUTE_CACHED) && generation != CAMPAIGN_GENERATION_BUSY &&
        campaign_db_generation(ctx->api->pool) == generation)
        api_cache_answer(ctx, route, generation);
    return rc;
}

/* Run fn on the request's connection when rc is 0, then give everything back. */
static int api_run_handler(struct api_ctx *ctx, int rc, api_handler_fn fn)
{
    if (rc == 0)
        rc = fn(ctx);
    return rc == API_LATER ? rc : api_handler_end(ctx, rc);
}

/* What follows a handler that came to rc: the metrics, the game layer's cache, the
 * connection given back. Returns rc. */
static int api_handler_end(struct api_ctx *ctx, int rc)
{
    /* A handler that succeeds has committed what it appended; a failed one rolled back. */
    for (; rc == 0 && ctx->game.appended > 0; ctx->game.appended--)
        metrics_event_appended(ctx->api->metrics);
    game_req_finish(&ctx->game, rc == 0);
    /* and the read transaction api_run() began, if it did */
    campaign_db_disconnect(ctx->api->pool, ctx->store, ctx->in_read);
    ctx->in_read = false;
    ctx->store = NULL;
    return rc;
}

size_t api_body_limit(const char *method, const char *path)
{
    if (method && path && strcmp(method, "POST") == 0 &&
        strcmp(path, "/api/v1/campaigns/import") == 0)
        return API_IMPORT_BODY_MAX;
    if (method && path && strcmp(method, "PUT") == 0 &&
        strncmp(path, "/api/v1/campaigns/", 18) == 0 && strlen(path) > 6 &&
        strcmp(path + strlen(path) - 6, "/photo") == 0)
        return API_PHOTO_BODY_MAX;
    return API_BODY_MAX;
}

/* A zeroed ctx for req and res, lending the campaign and game layers its connection,
 * campaign and error record. This function can't fail. */
static void api_ctx_init(struct api_ctx *ctx, struct api *api, const struct api_request *req,
                         struct api_response *res)
{
    memset(ctx, 0, sizeof(*ctx));
    ctx->api = api;
    ctx->req = req;
    ctx->res = res;
    ctx->game.games = api->games;
    ctx->game.store = &ctx->store;
    ctx->game.campaign = &ctx->campaign;
    ctx->game.err = &ctx->err;
}

/* Begin answering req into res (zeroed; route "other" until one matches) with ctx;
 * returns its route, or NULL with ctx->err saying why (404, 405). */
static const struct api_route *api_start(struct api_ctx *ctx, struct api *api,
                                         const struct api_request *req, struct api_response *res)
{
    memset(res, 0, sizeof(*res));
    api_ctx_init(ctx, api, req, res);
    res->route = "other";
    return api_route_find(ctx);
}

const char *api_refused_at_headers(struct api *api, const char *method, const char *path,
                                   const char *authorization)
{
    unsigned char got[KEYS_HASH_BYTES];
    struct api_path m;
    size_t len = 0;
    const char *key;
    if (!api->has_admin_key || !method || !path)
        return NULL;
    for (size_t i = 0; i < API_NROUTES; i++) {
        const struct api_route *route = &api_routes[i];
        if (route->auth != AUTH_ADMIN || !(route->flags & ROUTE_CREATES) ||
            strcmp(route->method, method) != 0 || !api_match(route->pattern, path, &m))
            continue;
        key = api_bearer_token(authorization, &len);
        if (!key)
            return "this route needs Authorization: Bearer <admin key>";
        keys_hash(key, len, got);
        return keys_equal(got, api->admin_hash) ? NULL : "wrong admin key";
    }
    return NULL;
}

bool api_answers_later(const char *method, const char *path)
{
    struct api_path m;
    for (size_t i = 0; i < API_NROUTES; i++)
        if ((api_routes[i].flags & ROUTE_WRITES_LATE) &&
            strcmp(api_routes[i].method, method) == 0 && api_match(api_routes[i].pattern, path, &m))
            return true;
    return false;
}

/* The end of a request whose route came to rc: its error as problem+json. */
static void api_answer_end(struct api_ctx *ctx, int rc)
{
    if (rc != 0) {
        if (ctx->err.code != rc)
            sb_fail(&ctx->err, rc, NULL, "%s", sb_title(sb_status(rc)));
        api_problem(ctx->res, sb_status(rc), ctx->err.rule, ctx->err.detail);
    } else if (!ctx->res->body && !ctx->res->stream) {
        api_problem(ctx->res, 500, NULL, "the route gave no answer");
    }
}

bool api_creates_anonymously(const struct api_ctx *ctx)
{
    return !ctx->api->has_admin_key && ctx->access != ACCESS_WRITE; /* api_direct(): WRITE */
}

bool api_can_answer_later(const struct api_ctx *ctx)
{
    return ctx->req->answered && ctx->game.pool;
}

void api_answer_later(struct api_ctx *ctx, int rc)
{
    const struct api_request *req = ctx->req;
    cJSON_Delete(ctx->later_doc);
    api_answer_end(ctx, api_handler_end(ctx, rc));
    free(ctx);
    req->answered(req->answered_cls);
}

bool api_handle(struct api *api, const struct api_request *req, struct api_response *res)
{
    /* On the heap: a route that answers later keeps it until then. */
    struct api_ctx *ctx = malloc(sizeof(*ctx));
    const struct api_route *route;
    int rc;

    if (!ctx) {
        memset(res, 0, sizeof(*res));
        api_problem(res, 500, NULL, "out of memory");
        return true;
    }
    route = api_start(ctx, api, req, res);
    if (!route) {
        rc = ctx->err.code;
    } else if (req->body_too_large) {
        rc = sb_fail(&ctx->err, SB_ETOOBIG, NULL, "the body is over %zu bytes",
                     api_body_limit(req->method, req->path));
    } else {
        rc = api_run(ctx, route);
    }
    if (rc == API_LATER)
        return false; /* ctx and res are api_answer_later()'s */
    api_answer_end(ctx, rc);
    free(ctx);
    return true;
}

bool api_handle_now(struct api *api, const struct api_request *req, struct api_response *res)
{
    struct api_ctx *ctx;
    const struct api_route *route;
    if (!api->cache || !req->answered || req->body_too_large || !(ctx = malloc(sizeof(*ctx))))
        return false;
    route = api_start(ctx, api, req, res);
    /* The route runs as on a worker but with no store: its campaign from the cache, the
     * database's size as last read, and the event worked out in the writer's turn. Any
     * of those it would have to read, or any error, and the worker does it all again
     * (nothing was done). */
    ctx->now = true;
    if (route && (route->flags & ROUTE_WRITES_LATE) && api_run(ctx, route) == API_LATER)
        return true;
    free(ctx);
    memset(res, 0, sizeof(*res));
    return false;
}

/* api_start() for api_answer_cached(): only the routes it answers are tried (NULL when
 * none takes the path; api_handle() then says why). */
static const struct api_route *api_cached_route(struct api_ctx *ctx, struct api *api,
                                                const struct api_request *req,
                                                struct api_response *res)
{
    struct api_path path;
    memset(res, 0, sizeof(*res));
    api_ctx_init(ctx, api, req, res);
    res->route = "other";
    for (size_t i = 0; i < API_NROUTES; i++) {
        if (!(api_routes[i].flags & ROUTE_CACHED) || strcmp(api_routes[i].method, "GET") != 0 ||
            !api_match(api_routes[i].pattern, req->path, &path))
            continue;
        ctx->cid = path.cid;
        ctx->gid = path.gid;
        res->route = api_routes[i].pattern;
        return &api_routes[i];
    }
    return NULL;
}

bool api_answer_cached(struct api *api, const struct api_request *req, struct api_response *res)
{
    struct api_ctx ctx;
    const struct api_route *route;
    unsigned char hash[KEYS_HASH_BYTES];
    struct api_cache_key k;
    const char *key;
    size_t len = 0;

    if (!api->cache || strcmp(req->method, "GET") != 0 || req->nparams > 0)
        return false;
    route = api_cached_route(&ctx, api, req, res);
    key = route ? api_bearer(&ctx, &len) : NULL;
    if (key) {
        keys_hash_memo(req->key_memo, key, len, hash);
        k = (struct api_cache_key){(int)(route - api_routes), ctx.cid, ctx.gid};
        const struct api_cache_out out = {&res->body,          &res->body_len,     res->etag,
                                          sizeof(res->etag),   &res->cache_serial, req->cache_known,
                                          req->cache_known_cls};
        if (api_cache_get(api->cache, &k, campaign_db_generation(api->pool), hash, &out)) {
            res->cache_shared = !res->body;
            res->status = 200;
            res->content_type = "application/json; charset=utf-8";
            res->key_valid = true; /* it was kept for this key's hash */
            return true;
        }
    }
    memset(res, 0, sizeof(*res));
    return false;
}

/* ---- life cycle and change notices ---- */

/* Read the OpenAPI document from share_dir/schema/openapi.json, if there. */
static void api_load_openapi(struct api *api)
{
    char path[4096];
    snprintf(path, sizeof(path), "%s/schema/openapi.json", api->share_dir);
    if (file_read(path, API_OPENAPI_MAX, &api->openapi, &api->openapi_len, NULL) != 0)
        api->openapi = NULL;
}

/* Keep the hashes of the server's admin and metrics keys, when it has them. This
 * function can't fail. */
static void api_set_keys(struct api *api, const struct api_config *cfg)
{
    if (cfg->admin_key && *cfg->admin_key) {
        api->has_admin_key = true;
        keys_hash(cfg->admin_key, strlen(cfg->admin_key), api->admin_hash);
    }
    if (cfg->metrics_key && *cfg->metrics_key) {
        api->has_metrics_key = true;
        keys_hash(cfg->metrics_key, strlen(cfg->metrics_key), api->metrics_hash);
    }
}

int api_new(const struct api_config *cfg, struct api **out, struct sb_error *err)
{
    struct api *api = calloc(1, sizeof(*api));
    char path[4096];
    int rc = 0;

    if (!api)
        return sb_oom(err);
    pthread_mutex_init(&api->change_lock, NULL);
    atomic_flag_clear(&api->importing);
    if (keys_init() != 0)
        rc = sb_fail(err, SB_EIO, NULL, "libsodium cannot start");
    if (rc == 0 && !(api->share_dir = strdup(cfg->share_dir)))
        rc = sb_oom(err);
    if (rc == 0 && !(api->metrics = metrics_new()))
        rc = sb_oom(err);
    if (rc == 0 && !(api->games = games_new()))
        rc = sb_oom(err);
    if (rc == 0 && cfg->read_cache_ms > 0 && !(api->cache = api_cache_new(cfg->read_cache_ms)))
        rc = sb_oom(err);
    if (rc == 0) {
        struct api_limits_config lc = {cfg->create_burst, cfg->create_per_minute,
                                       cfg->max_campaigns, cfg->max_db_bytes,
                                       cfg->create_per_minute_all};
        if (!(api->limits = api_limits_new(&lc)))
            rc = sb_oom(err);
    }
    if (rc == 0)
        api_set_keys(api, cfg);
    if (rc == 0) {
        snprintf(path, sizeof(path), "%s/schema/editions", cfg->share_dir);
        rc = editions_load(path, &api->editions, err);
    }
    if (rc == 0) {
        snprintf(path, sizeof(path), "%s/migrations", cfg->share_dir);
        rc = campaign_db_open(cfg->db_path, path, cfg->pool_size > 0 ? cfg->pool_size : 8,
                              cfg->health_probe_ms, &api->pool, err);
    }
    if (rc != 0) {
        api_free(api);
        return rc;
    }
    api_load_openapi(api);
    *out = api;
    return 0;
}

void api_free(struct api *api)
{
    if (!api)
        return;
    campaign_db_close(api->pool);
    editions_free(api->editions);
    metrics_free(api->metrics);
    games_free(api->games);
    api_cache_free(api->cache);
    api_limits_free(api->limits);
    pthread_mutex_destroy(&api->change_lock);
    free(api->openapi);
    free(api->share_dir);
    free(api);
}

void api_observe(struct api *api, const char *route, int status, uint64_t usec)
{
    metrics_observe(api->metrics, route, status, usec);
}

void api_game_changed(struct api *api, int64_t cid, int64_t gid)
{
    api_change_fn fn;
    void *cls;
    pthread_mutex_lock(&api->change_lock);
    fn = api->on_change;
    cls = api->on_change_cls;
    pthread_mutex_unlock(&api->change_lock);
    if (fn)
        fn(cls, cid, gid);
}

void api_campaign_changed(struct api *api, int64_t cid)
{
    api_game_changed(api, cid, 0);
}

void api_on_change(struct api *api, api_change_fn fn, void *cls)
{
    pthread_mutex_lock(&api->change_lock);
    api->on_change = fn;
    api->on_change_cls = cls;
    pthread_mutex_unlock(&api->change_lock);
}

int api_stream_state(struct api *api, int64_t cid, int64_t gid, char **state, int64_t *version,
                     struct api_campaign_keys *keys, struct sb_error *err)
{
    return campaign_stream_state(api->pool, cid, gid, state, version, keys->key, keys->view_key,
                                 err);
}

bool api_keys_open(const struct api_campaign_keys *keys, const unsigned char hash[KEYS_HASH_BYTES])
{
    bool key = keys_equal(hash, keys->key), view = keys_equal(hash, keys->view_key);
    return key || view;
}

void api_forget(struct api *api)
{
    games_forget(api->games);
    if (api->cache)
        api_cache_clear(api->cache);
}

/* ---- for whoever runs the server (the command line) ---- */

/* Run handler fn as the holder of every key: on the writer connection when write, on
 * campaign cid (0: none) with body (may be NULL). *out gets the answer's body. */
static int api_direct(struct api *api, api_handler_fn fn, bool write, int64_t cid, const char *body,
                      size_t len, char **out, struct sb_error *err)
{
    struct api_request req;
    struct api_response res;
    struct api_ctx ctx;
    int rc;
    memset(&req, 0, sizeof(req));
    memset(&res, 0, sizeof(res));
    req.method = write ? "POST" : "GET";
    req.path = "";
    req.content_type = "application/json";
    req.body = body;
    req.body_len = len;
    api_ctx_init(&ctx, api, &req, &res);
    ctx.cid = cid;
    ctx.access = ACCESS_WRITE;
    rc = campaign_db_connect(api->pool, write, &ctx.store, &ctx.err);
    if (rc != 0) {
        *err = ctx.err;
        return rc;
    }
    if (cid)
        rc = campaign_load(&ctx.game, cid);
    rc = api_run_handler(&ctx, rc, fn);
    if (rc == 0) {
        *out = res.body;
        res.body = NULL;
    } else {
        *err = ctx.err;
    }
    api_response_clear(&res);
    return rc;
}

int api_export_campaign(struct api *api, int64_t cid, char **out, struct sb_error *err)
{
    return api_direct(api, api_get_export, false, cid, NULL, 0, out, err);
}

int api_import_campaign(struct api *api, const char *doc, size_t len, char **out,
                        struct sb_error *err)
{
    return api_direct(api, api_post_import, false, 0, doc, len, out, err);
}

int api_list_campaigns(struct api *api, char **out, struct sb_error *err)
{
    return api_direct(api, api_list_all_campaigns, false, 0, NULL, 0, out, err);
}

int api_rotate_keys(struct api *api, int64_t cid, char **out, struct sb_error *err)
{
    return api_direct(api, api_post_keys, true, cid, NULL, 0, out, err);
}

int api_backup(struct api *api, const char *file, struct sb_error *err)
{
    return campaign_db_backup(api->pool, file, err);
}
