/* http.c -- the HTTP server: libmicrohttpd event-driven (epoll, a polling thread per
 * core), the API's blocking work on a worker pool (the connection is suspended while a
 * worker answers), limits on connections answered 503, static files, the access log. */
#include "http.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <microhttpd.h>

#include "http_internal.h"
#include "proxy.h"

#define HTTP_STATIC_MAX 8388608      /* 8 MiB */
#define HTTP_RETRY_AFTER 5           /* seconds, for a 503 of the connection limits */
#define HTTP_WORK_QUEUE 4096         /* requests waiting for a worker (beyond: 503) */
#define HTTP_CONN_MEMORY (16 * 1024) /* libmicrohttpd's buffer of each connection */
#define HTTP_STOP_MS 10000           /* at most, for the last answers on stopping */
#define HTTP_BODIES_FULL "the server holds as many unfinished request bodies as it takes"

/* The response of an answer the API keeps in memory (api_answer_cached()), built once
 * and queued on every connection that asks for it while the API keeps it. */
#define HTTP_SHARED_SLOTS 64
struct http_shared {
    uint64_t serial; /* the API's number of the answer */
    struct MHD_Response *res;
    size_t len; /* its body's length, which its 304 names */
};

struct http_server {
    struct MHD_Daemon *daemon;
    pthread_mutex_t shared_lock;
    struct http_shared shared[HTTP_SHARED_SLOTS];
    struct api *api;
    struct http_work *readers;   /* GET and HEAD: as many workers as cores */
    struct http_work *writers;   /* the rest: more, so that writes share commits */
    struct http_work *appenders; /* appends (api_answers_later()): as many as cores */
    struct http_hub *hub;
    struct http_conns conns;
    struct http_config cfg;
    atomic_bool closing;
    atomic_int requests;  /* begun and not yet completed (answer sent or connection gone) */
    atomic_int suspended; /* handed to a worker and not yet resumed */
    char static_root[PATH_MAX];
    uint16_t port;
    char base[PROXY_BASE_MAX];       /* --base-path, normalised; "" when none */
    char trusted[PROXY_TRUSTED_MAX]; /* --trusted-proxy, normalised; "" when none */
    char *host_names;                /* --host-name; NULL when any Host will do */
    struct proxy_limits *limits;     /* requests in flight per client, behind a proxy */
    struct http_gz *gz;              /* the static files compressed at start */
    _Atomic size_t bodies_held;      /* bytes of the unfinished bodies (http_body.c) */
};

/* Per-request state, kept in the connection context and freed when it completes. */
struct http_request {
    struct http_server *server;
    struct MHD_Connection *mhd;
    struct http_conn *conn; /* the connection's entry in the table (its socket context) */
    struct timespec start;
    struct http_body body;
    size_t limit;
    size_t received;     /* bytes of the body come so far, kept or not */
    uint64_t body_from;  /* when the body must start coming at HTTP_BODY_RATE */
    uint64_t body_end;   /* when it must all have come: fixed at its start */
    uint64_t body_start; /* when its headers were in */
    bool too_large;
    bool over_budget; /* dropped: the unfinished bodies held all the server keeps */
    bool refused;     /* a stream past a limit: the connection closes, earning no slot */
    bool answered;
    bool recorded;      /* counted for /metrics and written to the access log */
    bool queued;        /* on the worker pool: the connection is suspended */
    bool begun;         /* http_begin() has seen its headers */
    bool encoded_slash; /* the path as sent holds %2F: no separator, and no route */
    bool done;          /* the worker has answered into res */
    int status;
    const char *route;
    char method[16];
    char path[256];
    char client[PROXY_ADDR_MAX]; /* the client's address (from X-Forwarded-For behind a
                                  * trusted proxy) */
    bool counted;                /* in s->limits under client */
    struct api_request req;
    struct api_response res;
    struct http_stream *stream;
    const char *last_event_id; /* its Last-Event-ID header, NULL when none */
    unsigned retry_after;
};

/* ---- helpers ---- */

/* When a request's headers must all have come, if it starts waiting for them now. */
static uint64_t http_header_deadline(const struct http_server *s)
{
    return http_now_ms() + (uint64_t)s->cfg.header_seconds * 1000u;
}

static uint64_t http_elapsed_us(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)(now.tv_sec - start->tv_sec) * 1000000u +
           (uint64_t)((now.tv_nsec - start->tv_nsec) / 1000);
}

/* Copy a request path for the access log: bytes outside printable ASCII, the space and
 * the backslash become \xHH, so a path can neither split nor forge a log line. The copy
 * is cut to fit size (at least 1). This function can't fail. */
static void http_log_path(char *dst, size_t size, const char *src)
{
    static const char hex[] = "0123456789abcdef";
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)src; *p; p++) {
        if (*p > 0x20 && *p < 0x7f && *p != '\\') {
            if (n + 1 >= size)
                break;
            dst[n++] = (char)*p;
        } else {
            if (n + 4 >= size)
                break;
            dst[n++] = '\\';
            dst[n++] = 'x';
            dst[n++] = hex[*p >> 4];
            dst[n++] = hex[*p & 15];
        }
    }
    dst[n] = '\0';
}

/* Count the request for /metrics and write its access-log line, once. Called as the
 * answer is queued, so a client that has its answer also finds it counted. */
static void http_record(struct http_request *r)
{
    struct http_server *s = r->server;
    uint64_t us;
    if (r->recorded)
        return;
    r->recorded = true;
    us = http_elapsed_us(&r->start);
    api_observe(s->api, r->route ? r->route : "other", r->status, us);
    if (!s->cfg.quiet) {
        char now[32];
        time_t t = time(NULL);
        struct tm tm;
        gmtime_r(&t, &tm);
        strftime(now, sizeof(now), "%Y-%m-%dT%H:%M:%SZ", &tm);
        fprintf(stderr, "%s %s %s %d %llu\n", now, r->method, r->path, r->status,
                (unsigned long long)us);
    }
}

/* The headers every answer carries. */
static void http_common_headers(struct MHD_Response *res, const char *type)
{
    MHD_add_response_header(res, MHD_HTTP_HEADER_CONTENT_TYPE, type);
    MHD_add_response_header(res, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(res, "Referrer-Policy", "no-referrer");
    if (strncmp(type, "text/html", 9) == 0)
        MHD_add_response_header(res, "Content-Security-Policy",
                                "default-src 'self'; img-src 'self' data:; "
                                "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; "
                                "base-uri 'none'; form-action 'self'");
    MHD_add_response_header(res, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
}

/* What an answer carries besides its body: all optional. */
struct http_extra {
    const char *etag;
    const char *allow;
    const char *cache_control; /* NULL: no-store */
    const char *csp;           /* Content-Security-Policy; NULL: the default */
    unsigned retry_after;      /* seconds; 0: none */
    bool close;                /* Connection: close */
};

/* A response of status from a malloc'd body (taken over) with the usual headers; NULL
 * when out of memory (body freed). */
static struct MHD_Response *http_response(int status, const char *type, char *body, size_t len,
                                          const struct http_extra *x)
{
    struct MHD_Response *res = MHD_create_response_from_buffer(
        len, body, body ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
    if (!res) {
        free(body);
        return NULL;
    }
    http_common_headers(res, type);
    if (x && x->cache_control) {
        MHD_del_response_header(res, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
        MHD_add_response_header(res, MHD_HTTP_HEADER_CACHE_CONTROL, x->cache_control);
    }
    if (x && x->csp)
        MHD_add_response_header(res, "Content-Security-Policy", x->csp);
    if (x && x->etag && *x->etag)
        MHD_add_response_header(res, MHD_HTTP_HEADER_ETAG, x->etag);
    if (x && x->allow)
        MHD_add_response_header(res, MHD_HTTP_HEADER_ALLOW, x->allow);
    if ((x && x->retry_after) || status == 503) {
        /* 503 without its own: busy, one import at a time, or the database unusable. */
        char secs[16];
        snprintf(secs, sizeof(secs), "%u", x && x->retry_after ? x->retry_after : 1u);
        MHD_add_response_header(res, MHD_HTTP_HEADER_RETRY_AFTER, secs);
    }
    if (x && x->close)
        MHD_add_response_header(res, MHD_HTTP_HEADER_CONNECTION, "close");
    return res;
}

/* Queue res (a reference of the caller's, kept) as r's answer of status. */
static enum MHD_Result http_queue(struct MHD_Connection *conn, struct http_request *r, int status,
                                  struct MHD_Response *res)
{
    r->status = status;
    r->answered = true;
    http_record(r);
    http_conns_deadline(r->conn, 0);
    return MHD_queue_response(conn, (unsigned int)status, res);
}

/* Queue a response built from a malloc'd body (taken over) with the usual headers. */
static enum MHD_Result http_send(struct MHD_Connection *conn, struct http_request *r, int status,
                                 const char *type, char *body, size_t len,
                                 const struct http_extra *x)
{
    struct MHD_Response *res = http_response(status, type, body, len, x);
    enum MHD_Result ret;
    if (!res)
        return MHD_NO;
    ret = http_queue(conn, r, status, res);
    MHD_destroy_response(res);
    return ret;
}

/* The body of a 304: never read (libmicrohttpd sends none for a 304). */
static ssize_t http_no_body(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)cls;
    (void)pos;
    (void)buf;
    (void)max;
    return MHD_CONTENT_READER_END_WITH_ERROR;
}

/* When r is a GET or HEAD whose If-None-Match names etag, queue 304 with no body (and
 * the ETag, Cache-Control and Vary that the 200 would carry: cache_control NULL is
 * no-store) into *ret and return true; else false. len is the length of the 200's
 * body: libmicrohttpd 0.9.75 writes a Content-Length into every 304 (no flag drops it),
 * and RFC 9110 8.6 allows one only when it is the 200's, so the 304 is given a body of
 * that length, which the library never sends. */
static bool http_not_modified(struct MHD_Connection *conn, struct http_request *r, const char *etag,
                              const char *cache_control, bool vary, size_t len,
                              enum MHD_Result *ret)
{
    struct MHD_Response *res;
    if ((strcmp(r->method, "GET") != 0 && strcmp(r->method, "HEAD") != 0) ||
        !http_if_none_match(
            MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_NONE_MATCH),
            etag))
        return false;
    res = MHD_create_response_from_callback(len, 4096, http_no_body, NULL, NULL);
    if (!res) {
        *ret = MHD_NO;
        return true;
    }
    MHD_add_response_header(res, MHD_HTTP_HEADER_ETAG, etag);
    MHD_add_response_header(res, MHD_HTTP_HEADER_CACHE_CONTROL,
                            cache_control ? cache_control : "no-store");
    if (vary)
        MHD_add_response_header(res, MHD_HTTP_HEADER_VARY, "Accept-Encoding");
    *ret = http_queue(conn, r, 304, res);
    MHD_destroy_response(res);
    return true;
}

/* ---- answers from the API's memory, each response built once ---- */

/* Does the server hold the response of the answer kept as serial? (api_request's
 * cache_known) */
static bool http_shared_known(void *cls, uint64_t serial)
{
    struct http_server *s = cls;
    struct http_shared *e = &s->shared[serial % HTTP_SHARED_SLOTS];
    bool known;
    pthread_mutex_lock(&s->shared_lock);
    known = e->res && e->serial == serial;
    pthread_mutex_unlock(&s->shared_lock);
    return known;
}

/* Queue the held response of r's answer (res.cache_serial): false when it is held no
 * more. */
static bool http_answer_shared(struct MHD_Connection *conn, struct http_request *r,
                               enum MHD_Result *ret)
{
    struct http_server *s = r->server;
    struct http_shared *e = &s->shared[r->res.cache_serial % HTTP_SHARED_SLOTS];
    bool held;
    r->route = r->res.route;
    http_conns_keyed(&s->conns, r->conn);
    pthread_mutex_lock(&s->shared_lock);
    held = e->res && e->serial == r->res.cache_serial;
    /* under the lock: the table's reference is not dropped before it is queued */
    if (held && !http_not_modified(conn, r, r->res.etag, NULL, false, e->len, ret))
        *ret = http_queue(conn, r, 200, e->res);
    pthread_mutex_unlock(&s->shared_lock);
    return held;
}

/* Queue r's answer from memory (a copy in res) and hold its response for the next. */
static enum MHD_Result http_answer_kept(struct MHD_Connection *conn, struct http_request *r)
{
    struct http_server *s = r->server;
    struct api_response *res = &r->res;
    const struct http_extra x = {.etag = res->etag};
    struct MHD_Response *mr, *old;
    struct http_shared *e = &s->shared[res->cache_serial % HTTP_SHARED_SLOTS];
    enum MHD_Result ret;
    if (http_not_modified(conn, r, res->etag, NULL, false, res->body_len, &ret)) {
        r->route = res->route;
        http_conns_keyed(&s->conns, r->conn);
        return ret;
    }
    mr = http_response(200, res->content_type, res->body, res->body_len, &x);
    res->body = NULL; /* the response has it */
    if (!mr)
        return MHD_NO;
    r->route = res->route;
    http_conns_keyed(&s->conns, r->conn);
    ret = http_queue(conn, r, 200, mr);
    pthread_mutex_lock(&s->shared_lock);
    old = e->res;
    e->res = mr;
    e->serial = res->cache_serial;
    e->len = res->body_len;
    pthread_mutex_unlock(&s->shared_lock);
    if (old)
        MHD_destroy_response(old);
    return ret;
}

/* Queue a problem+json answer. */
static enum MHD_Result http_problem(struct MHD_Connection *conn, struct http_request *r, int status,
                                    const char *detail, const struct http_extra *x)
{
    struct api_response res;
    memset(&res, 0, sizeof(res));
    api_problem(&res, status, NULL, detail);
    r->route = "other";
    return http_send(conn, r, res.status, res.content_type, res.body, res.body_len, x);
}

/* Queue 503 with Retry-After and close the connection: a limit is reached. */
static enum MHD_Result http_busy(struct MHD_Connection *conn, struct http_request *r,
                                 const char *detail)
{
    const struct http_extra x = {.retry_after = HTTP_RETRY_AFTER, .close = true};
    return http_problem(conn, r, 503, detail, &x);
}

/* ---- static files ---- */

static const char *http_mime(const char *path)
{
    static const struct {
        const char *ext, *type;
    } types[] = {{".html", "text/html; charset=utf-8"},
                 {".css", "text/css; charset=utf-8"},
                 {".js", "text/javascript; charset=utf-8"},
                 {".mjs", "text/javascript; charset=utf-8"},
                 {".json", "application/json; charset=utf-8"},
                 {".svg", "image/svg+xml"},
                 {".png", "image/png"},
                 {".ico", "image/x-icon"},
                 {".webmanifest", "application/manifest+json"},
                 {".txt", "text/plain; charset=utf-8"},
                 {".woff2", "font/woff2"}};
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot && i < sizeof(types) / sizeof(types[0]); i++)
        if (strcmp(dot, types[i].ext) == 0)
            return types[i].type;
    return "application/octet-stream";
}

/* The real path of the file of the static root that url names into real (PATH_MAX):
 * no "..", no hidden files, no way out by a link. False when there is none. */
static bool http_static_path(const struct http_server *s, const char *url, char *real)
{
    char want[PATH_MAX];
    size_t root_len = strlen(s->static_root);
    if (strcmp(url, "/") == 0)
        url = "/index.html";
    if (url[0] != '/' || strstr(url, "/.") || strchr(url, '\\') ||
        (size_t)snprintf(want, sizeof(want), "%s%s", s->static_root, url) >= sizeof(want))
        return false;
    return realpath(want, real) && strncmp(real, s->static_root, root_len) == 0 &&
           real[root_len] == '/';
}

/* The ETag of a file of the static root as fstat() sees it now: its inode, size and
 * modification time (a new version of the UI has new ones), "-gz" for its compressed
 * form. This function can't fail. */
static void http_static_etag(const struct stat *st, bool gz, char *out, size_t size)
{
    snprintf(out, size, "\"%llx-%llx-%llx%09ld%s\"", (unsigned long long)st->st_ino,
             (unsigned long long)st->st_size, (unsigned long long)st->st_mtim.tv_sec,
             (long)st->st_mtim.tv_nsec, gz ? "-gz" : "");
}

/* Answer a file of the static root with what lets a browser keep it: an ETag, no-cache
 * (revalidated each time, so never stale after an upgrade), and its form compressed at
 * start when the request accepts gzip; 304 when If-None-Match names it. The body is
 * the file's (malloc'd, taken over) or NULL for the compressed form. */
static enum MHD_Result http_static_answer(struct http_server *s, struct MHD_Connection *conn,
                                          struct http_request *r, const char *real,
                                          const struct stat *st, char *body)
{
    const unsigned char *gz = NULL;
    size_t gz_len = 0;
    bool zipped = http_gz_find(s->gz, real, st, &gz, &gz_len) &&
                  http_accepts_gzip(MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
                                                                MHD_HTTP_HEADER_ACCEPT_ENCODING));
    char etag[96];
    struct MHD_Response *res;
    enum MHD_Result ret;
    http_static_etag(st, zipped, etag, sizeof(etag));
    if (http_not_modified(conn, r, etag, "no-cache", true, zipped ? gz_len : (size_t)st->st_size,
                          &ret)) {
        free(body);
        return ret;
    }
    if (zipped) {
        free(body);
        res = MHD_create_response_from_buffer(gz_len, (void *)gz, MHD_RESPMEM_PERSISTENT);
        if (!res)
            return MHD_NO;
        http_common_headers(res, http_mime(real));
        MHD_add_response_header(res, MHD_HTTP_HEADER_CONTENT_ENCODING, "gzip");
    } else {
        res = http_response(200, http_mime(real), body, (size_t)st->st_size, NULL);
        if (!res)
            return MHD_NO;
    }
    MHD_del_response_header(res, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    MHD_add_response_header(res, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
    MHD_add_response_header(res, MHD_HTTP_HEADER_ETAG, etag);
    MHD_add_response_header(res, MHD_HTTP_HEADER_VARY, "Accept-Encoding");
    ret = http_queue(conn, r, 200, res);
    MHD_destroy_response(res);
    return ret;
}

/* Serve a file of the static root (see http_static_path()). */
static enum MHD_Result http_static(struct http_server *s, struct MHD_Connection *conn,
                                   struct http_request *r, const char *url)
{
    char real[PATH_MAX];
    struct stat st;
    char *body;
    int fd;
    ssize_t n;

    r->route = "static";
    if (!http_static_path(s, url, real))
        return http_problem(conn, r, 404, "no such file", NULL);
    fd = open(real, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return http_problem(conn, r, 404, "no such file", NULL);
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > HTTP_STATIC_MAX) {
        close(fd);
        return http_problem(conn, r, 404, "no such file", NULL);
    }
    body = malloc((size_t)st.st_size + 1);
    n = body ? read(fd, body, (size_t)st.st_size) : -1;
    close(fd);
    if (n != st.st_size) {
        free(body);
        return http_problem(conn, r, 500, "cannot read the file", NULL);
    }
    return http_static_answer(s, conn, r, real, &st, body);
}

/* ---- API requests: answered on a worker while the connection is suspended ---- */

/* Decode the %HH escapes of a URL or an argument as libmicrohttpd does, except that a
 * decoded NUL must not cut the text short ("/index.html%00.png" would be served as
 * "/index.html"): such a value becomes "\x7f", which no route or file matches. */
static size_t http_unescape(void *cls, struct MHD_Connection *conn, char *s)
{
    size_t len = MHD_http_unescape(s);
    (void)cls;
    (void)conn;
    if (strlen(s) != len) {
        s[0] = '\x7f';
        s[1] = '\0';
        return 1;
    }
    return len;
}

static enum MHD_Result http_collect_param(void *cls, enum MHD_ValueKind kind, const char *key,
                                          const char *value)
{
    struct api_request *req = cls;
    (void)kind;
    if (req->nparams < API_MAX_PARAMS && key) {
        req->params[req->nparams].key = key;
        req->params[req->nparams].value = value ? value : "";
        req->nparams++;
    }
    return MHD_YES;
}

static bool http_is_api(const char *url)
{
    return strncmp(url, "/api/", 5) == 0 || strcmp(url, "/api") == 0 ||
           strcmp(url, "/metrics") == 0;
}

/* The address a stream counts against --streams-per-ip: the socket's peer, or behind a
 * trusted proxy (every connection is the proxy's) the client it names, by an FNV-1a
 * hash of its text (high bit set, so it never equals an IPv4 address). */
static int64_t http_stream_addr(const struct http_request *r)
{
    uint64_t h = 1469598103934665603u;
    if (!r->server->limits)
        return r->conn ? r->conn->addr : -1;
    for (const unsigned char *p = (const unsigned char *)r->client; *p; p++)
        h = (h ^ *p) * 1099511628211u;
    return (int64_t)((h >> 1) | (1ull << 62));
}

/* Once the API has answered r (on the worker, or later from the writer's thread): for
 * an event stream, take its slot and read the game's state. Then resume the
 * connection. */
static void http_work_answered(void *arg)
{
    struct http_request *r = arg;
    struct http_server *s = r->server;
    if (r->res.stream && strcmp(r->req.method, "HEAD") == 0) {
        /* HEAD of a stream: its headers, no stream. */
        r->res.stream = false;
        free(r->res.body);
        r->res.body = strdup("");
        r->res.body_len = 0;
        if (!r->res.body)
            api_problem(&r->res, 500, NULL, "out of memory");
    } else if (r->res.stream) {
        struct sb_error err = {0};
        const struct http_hub_who who = {r->res.stream_campaign, r->res.stream_game,
                                         http_stream_addr(r), r->res.stream_anonymous};
        if (http_hub_open(s->hub, &who, r->res.stream_key, &r->stream, &r->retry_after, &err) !=
            0) {
            const char *route = r->res.route;
            api_problem(&r->res, sb_status(err.code), NULL, err.detail);
            r->res.route = route;
            r->refused = true;
        } else {
            http_hub_resume(r->stream, r->last_event_id);
        }
    }
    r->done = true;
    MHD_resume_connection(r->mhd);
    atomic_fetch_sub(&s->suspended, 1);
}

/* The worker's job: answer the request into r->res, now or later (an append goes on on
 * the writer's thread while this worker takes the next request). */
static void http_work_request(void *arg)
{
    struct http_request *r = arg;
    if (api_handle(r->server->api, &r->req, &r->res))
        http_work_answered(r);
}

/* Fill r->req from the connection: method, path, headers, query and body. */
static void http_fill_request(struct MHD_Connection *conn, struct http_request *r, const char *url,
                              const char *method)
{
    struct api_request *req = &r->req;
    memset(req, 0, sizeof(*req));
    req->method = method;
    req->path = url;
    req->authorization = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Authorization");
    req->if_match = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "If-Match");
    req->idempotency_key = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Idempotency-Key");
    req->content_type = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Content-Type");
    r->last_event_id = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Last-Event-ID");
    req->client = r->client;
    req->key_memo = r->conn ? &r->conn->key_memo : NULL;
    if (http_body_complete(&r->body, &r->server->bodies_held, &req->body, &req->body_len) != 0)
        req->body = NULL; /* a spool that cannot be mapped: no body */
    req->body_too_large = r->too_large;
    MHD_get_connection_values(conn, MHD_GET_ARGUMENT_KIND, http_collect_param, req);
}

static enum MHD_Result http_answer(struct MHD_Connection *conn, struct http_request *r);

/* Answer a complete API request from the API's memory when it can, else hand it to a
 * worker (reads and writes have pools of their own) and suspend the connection until
 * it has answered. The connection is suspended first,
 * so the worker's resume always follows it; when the queue is full the request is
 * resumed at once with a 503. */
static enum MHD_Result http_submit(struct http_server *s, struct MHD_Connection *conn,
                                   struct http_request *r, const char *url, const char *method)
{
    bool read = strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0, later;
    enum MHD_Result ret = MHD_NO;
    http_fill_request(conn, r, url, method);
    r->req.cache_known = http_shared_known;
    r->req.cache_known_cls = s;
    /* From memory: no worker, no SQLite, and a response built once for all. */
    if (read && api_answer_cached(s->api, &r->req, &r->res)) {
        if (!r->res.cache_shared)
            return http_answer_kept(conn, r);
        if (http_answer_shared(conn, r, &ret))
            return ret;
        r->req.cache_known = NULL; /* it was dropped meanwhile: a copy then */
        if (api_answer_cached(s->api, &r->req, &r->res))
            return http_answer_kept(conn, r);
    }
    r->mhd = conn;
    r->queued = true;
    atomic_fetch_add(&s->suspended, 1);
    MHD_suspend_connection(conn);
    r->req.answered = http_work_answered; /* an append is answered from the writer's thread */
    r->req.answered_cls = r;
    later = !read && api_answers_later(method, r->req.path);
    /* An append behind another to its game goes straight to the writer's queue: no
     * worker woken to hand it on. */
    if (later && api_handle_now(s->api, &r->req, &r->res))
        return MHD_YES;
    if (http_work_submit(read    ? s->readers
                         : later ? s->appenders
                                 : s->writers,
                         http_work_request, r) != 0) {
        api_problem(&r->res, 503, NULL, "the server is busy: try again in a moment");
        r->retry_after = HTTP_RETRY_AFTER;
        r->done = true;
        MHD_resume_connection(conn);
        atomic_fetch_sub(&s->suspended, 1);
    }
    return MHD_YES;
}

/* After the worker: queue its answer (or the event stream). */
static enum MHD_Result http_answer(struct MHD_Connection *conn, struct http_request *r)
{
    struct api_response *res = &r->res;
    struct http_extra x = {.etag = res->etag,
                           .allow = res->allow,
                           .retry_after = r->retry_after,
                           .cache_control = res->cache_control,
                           .csp = res->csp,
                           .close = r->refused};
    enum MHD_Result ret;
    r->route = res->route;
    if (res->key_valid && !r->refused)
        http_conns_keyed(&r->server->conns, r->conn);
    if (res->retry_after)
        x.retry_after = res->retry_after;
    if (r->stream) {
        struct MHD_Response *mr = http_hub_response(r->stream, conn);
        r->stream = NULL; /* the response has it */
        if (!mr)
            return MHD_NO;
        r->status = 200;
        r->answered = true;
        http_record(r);
        http_conns_deadline(r->conn, 0);
        ret = MHD_queue_response(conn, MHD_HTTP_OK, mr);
        MHD_destroy_response(mr);
        return ret;
    }
    if (res->status == 200 &&
        http_not_modified(conn, r, res->etag, res->cache_control, false, res->body_len, &ret))
        return ret; /* the body is freed with the request */
    ret = http_send(conn, r, res->status, res->content_type, res->body, res->body_len, &x);
    res->body = NULL; /* libmicrohttpd frees it */
    return ret;
}

/* Answer a complete request: a static file here, an API request on a worker. */
static enum MHD_Result http_dispatch(struct http_server *s, struct MHD_Connection *conn,
                                     struct http_request *r, const char *url, const char *method)
{
    http_conns_deadline(r->conn, 0);
    http_conns_body(r->conn, 0, 0);
    if (!http_is_api(url)) {
        if (r->too_large)
            return http_problem(conn, r, 413, "the body is over 64 KiB", NULL);
        if (strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0)
            return http_static(s, conn, r, url);
        {
            /* 405 only for a file there is: an unknown path is 404 whatever its method. */
            const struct http_extra x = {.allow = "GET, HEAD"};
            char real[PATH_MAX];
            if (!http_static_path(s, url, real))
                return http_problem(conn, r, 404, "no such file", NULL);
            return http_problem(conn, r, 405, "the web UI's files are read-only", &x);
        }
    }
    if (atomic_load(&s->closing))
        return http_busy(conn, r, "the server is stopping");
    if (r->over_budget)
        return http_busy(conn, r, HTTP_BODIES_FULL);
    return http_submit(s, conn, r, url, method);
}

/* ---- the access handler ---- */

/* The connection's entry in the table of connections. */
static struct http_conn *http_conn_of(struct MHD_Connection *conn)
{
    const union MHD_ConnectionInfo *i =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return i ? i->socket_context : NULL;
}

/* An IPv4 address as inet_ntop() writes it (dotted decimal), into buf of
 * INET_ADDRSTRLEN bytes at least: on every request, so without printf. */
static void http_ipv4_text(const struct in_addr *a, char *buf)
{
    const unsigned char *b = (const unsigned char *)&a->s_addr;
    char *p = buf;
    for (int i = 0; i < 4; i++) {
        unsigned v = b[i];
        if (i > 0)
            *p++ = '.';
        if (v >= 100)
            *p++ = (char)('0' + v / 100);
        if (v >= 10)
            *p++ = (char)('0' + v / 10 % 10);
        *p++ = (char)('0' + v % 10);
    }
    *p = '\0';
}

/* The client's address as text into buf. */
static void http_client_text(struct MHD_Connection *conn, char *buf, size_t size)
{
    const union MHD_ConnectionInfo *i =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    buf[0] = '\0';
    if (i && i->client_addr && i->client_addr->sa_family == AF_INET && size >= INET_ADDRSTRLEN)
        http_ipv4_text(&((const struct sockaddr_in *)(const void *)i->client_addr)->sin_addr, buf);
    else if (i && i->client_addr && i->client_addr->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)i->client_addr)->sin6_addr,
                  buf, (socklen_t)size);
}

/* Queue a 308 redirect to location (the base path with its slash). */
static enum MHD_Result http_redirect(struct MHD_Connection *conn, struct http_request *r,
                                     const char *location)
{
    struct MHD_Response *res = MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
    enum MHD_Result ret;
    if (!res)
        return MHD_NO;
    MHD_add_response_header(res, MHD_HTTP_HEADER_LOCATION, location);
    MHD_add_response_header(res, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    r->status = 308;
    r->route = "other";
    r->answered = true;
    http_record(r);
    http_conns_deadline(r->conn, 0);
    ret = MHD_queue_response(conn, 308, res);
    MHD_destroy_response(res);
    return ret;
}

/* The reverse-proxy settings on a new request (proxy.c): the client's address (from
 * X-Forwarded-For when the peer is a trusted proxy), the Host check (421), the limit of
 * requests in flight per client behind a proxy (429), the base path (404 outside it,
 * 308 for the bare prefix). Returns true when the request goes on, else false with
 * *ret the queued answer. */
static bool http_front(struct http_server *s, struct MHD_Connection *conn, struct http_request *r,
                       const char *url, enum MHD_Result *ret)
{
    char peer[PROXY_ADDR_MAX], location[PROXY_BASE_MAX + 1];
    const char *under = proxy_strip_base(s->base, url);
    /* With no trusted proxy the client is the peer, already as inet_ntop() writes it. */
    if (s->trusted[0] || !r->client[0]) {
        snprintf(peer, sizeof(peer), "%s", r->client);
        proxy_client_addr(peer, s->trusted,
                          MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "X-Forwarded-For"),
                          r->client);
    }
    if (!proxy_host_allowed(s->host_names,
                            MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Host"))) {
        *ret = http_problem(conn, r, 421, "this server does not answer for that host name", NULL);
        return false;
    }
    if (s->limits && !(r->counted = proxy_limits_enter(s->limits, r->client))) {
        *ret = http_problem(conn, r, 429, "too many requests from this address at once", NULL);
        return false;
    }
    if (under && *under)
        return true;
    snprintf(location, sizeof(location), "%s/", s->base);
    *ret = under ? http_redirect(conn, r, location)
                 : http_problem(conn, r, 404, "not under this server's base path", NULL);
    return false;
}

/* The request's state, made as its first line is read (libmicrohttpd's URI log
 * callback, whose answer becomes the connection's context): the only place the path
 * is seen as sent, before its %HH escapes are decoded. */
static void *http_uri_seen(void *cls, const char *uri, struct MHD_Connection *conn)
{
    struct http_server *s = cls;
    struct http_request *r = calloc(1, sizeof(*r));
    size_t n = strcspn(uri, "?");
    (void)conn;
    if (!r)
        return NULL;
    r->server = s;
    atomic_fetch_add(&s->requests, 1);
    for (size_t i = 0; i + 2 < n; i++)
        if (uri[i] == '%' && uri[i + 1] == '2' && (uri[i + 2] == 'f' || uri[i + 2] == 'F'))
            r->encoded_slash = true;
    return r;
}

static enum MHD_Result http_count_host(void *cls, enum MHD_ValueKind kind, const char *key,
                                       const char *value)
{
    unsigned *n = cls;
    (void)kind;
    (void)value;
    if (key && strcasecmp(key, "Host") == 0)
        (*n)++;
    return MHD_YES;
}

/* libmicrohttpd's own messages: one line each, marked as its, through the server's
 * log (never inside or between the parts of an access-log line). */
static void http_mhd_log(void *cls, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));
static void http_mhd_log(void *cls, const char *fmt, va_list ap)
{
    char msg[512], now[32];
    time_t t = time(NULL);
    struct tm tm;
    size_t n;
    (void)cls;
    vsnprintf(msg, sizeof(msg), fmt, ap);
    n = strlen(msg);
    while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == '\r'))
        msg[--n] = '\0';
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)msg[i] < 0x20)
            msg[i] = ' ';
    gmtime_r(&t, &tm);
    strftime(now, sizeof(now), "%Y-%m-%dT%H:%M:%SZ", &tm);
    fprintf(stderr, "%s stampbook: libmicrohttpd: %s\n", now, msg);
}

/* The rest of http_begin() for a request past the front door (url without the base):
 * the body's limit, its refusals at the headers, its deadline. */
static enum MHD_Result http_begin_body(struct http_server *s, struct MHD_Connection *conn,
                                       struct http_request *r, const char *url, const char *method)
{
    const char *length, *refused;
    uint64_t announced;
    r->limit = api_body_limit(method, url);
    r->body.fd = -1;
    r->body.spool = r->limit > HTTP_BODY_IN_MEMORY;
    refused = api_refused_at_headers(
        s->api, method, url, MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Authorization"));
    if (refused) {
        /* Before any byte of the body is read (an import of 32 MiB, say). */
        const struct http_extra x = {.close = true};
        return http_problem(conn, r, 401, refused, &x);
    }
    length = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    announced = length ? strtoull(length, NULL, 10) : r->limit;
    if (length && announced > r->limit) {
        /* An announced oversized body is refused. Answered before its body is read,
         * the connection closes with the body unread, and the client still sending it
         * may see its write fail (a reset) before it reads the 413: so an API body of
         * up to HTTP_BODY_DRAIN_MAX (a phone's photo too large, say) is read to its end,
         * held nowhere, and answered then; a larger one is answered now. */
        r->too_large = true;
        if (!http_is_api(url) || announced > HTTP_BODY_DRAIN_MAX)
            return http_dispatch(s, conn, r, url, method);
    } else if (http_is_api(url) && atomic_load(&s->bodies_held) + announced > HTTP_BODIES_MAX) {
        /* A body that would not fit beside the unfinished ones is refused before it
         * comes (one that passes the cap on its way is dropped, answered at its end). */
        return http_busy(conn, r, HTTP_BODIES_FULL);
    }
    /* The body's end is fixed now, from its announced size at the minimum rate; until
     * then each piece buys time at that rate (a second ahead), never past the end. */
    r->body_from = http_header_deadline(s);
    r->body_end = r->body_from + 1000u + announced * 1000u / HTTP_BODY_RATE;
    http_conns_deadline(r->conn, r->body_from + 1000u);
    r->body_start = http_now_ms();
    http_conns_body(r->conn, r->body_start, 0);
    return MHD_YES;
}

/* A new request's headers are in: make its state, check the limits on connections and
 * the announced size of its body, and set the deadline of the body: after the header
 * deadline, it must come at HTTP_BODY_RATE at least, whatever size it announces. */
static enum MHD_Result http_begin(struct http_server *s, struct MHD_Connection *conn,
                                  const char *url, const char *method, void **con_cls)
{
    struct http_request *r = *con_cls ? *con_cls : calloc(1, sizeof(*r));
    unsigned total = 0, from = 0, hosts = 0;
    enum MHD_Result ret = MHD_NO;
    if (!r)
        return MHD_NO;
    if (!r->server) {
        r->server = s;
        atomic_fetch_add(&s->requests, 1);
    }
    r->begun = true;
    r->conn = http_conn_of(conn);
    http_conns_busy(&s->conns, r->conn, true);
    clock_gettime(CLOCK_MONOTONIC, &r->start);
    http_log_path(r->method, sizeof(r->method), method);
    http_log_path(r->path, sizeof(r->path), url);
    http_client_text(conn, r->client, sizeof(r->client));
    *con_cls = r;
    http_conns_load(&s->conns, r->conn, &total, &from);
    /* A connection that has presented a valid key keeps its place (DESIGN.md: the
     * table is served while strangers flood); only the others are turned away. */
    if (total > s->cfg.connection_limit && !http_conns_is_keyed(r->conn) &&
        !http_conns_evict(&s->conns))
        return http_busy(conn, r, "the server has as many connections as it takes");
    /* Behind a trusted proxy every connection is the proxy's: the per-client limit of
     * http_front() stands in for this one. */
    if (!s->limits && from > s->cfg.per_ip_limit)
        return http_busy(conn, r, "too many connections from this address");
    /* Two Host headers: which one a proxy and this server each believed is not known. */
    MHD_get_connection_values(conn, MHD_HEADER_KIND, http_count_host, &hosts);
    if (hosts > 1)
        return http_problem(conn, r, 400, "the request has more than one Host header", NULL);
    if (hosts == 0)
        return http_problem(conn, r, 400, "the request has no Host header", NULL);
    if (r->encoded_slash)
        return http_problem(conn, r, 404, "an encoded slash (%2F) is no path separator", NULL);
    if (!http_front(s, conn, r, url, &ret))
        return ret;
    return http_begin_body(s, conn, r, proxy_strip_base(s->base, url), method);
}

/* Keep a piece of the body, or stop keeping it past the route's limit, or when the
 * unfinished bodies together hold as much as the server keeps. */
static enum MHD_Result http_take_body(struct http_server *s, struct http_request *r,
                                      const char *data, size_t size)
{
    uint64_t until;
    int rc;
    r->received += size;
    until = r->body_from + 1000u + (uint64_t)r->received * 1000u / HTTP_BODY_RATE;
    if (!r->answered && !r->queued) {
        http_conns_deadline(r->conn, until < r->body_end ? until : r->body_end);
        http_conns_body(r->conn, r->body_start, r->received);
    }
    if (r->too_large || r->answered || r->over_budget)
        return MHD_YES;
    if (r->body.len + size > r->limit) {
        r->too_large = true;
        http_body_free(&r->body, &s->bodies_held);
        return MHD_YES;
    }
    rc = http_body_take(&r->body, &s->bodies_held, data, size);
    r->over_budget = rc == SB_EBUSY; /* answered 503 once the rest is read */
    return rc == 0 || r->over_budget ? MHD_YES : MHD_NO;
}

static enum MHD_Result http_access(void *cls, struct MHD_Connection *conn, const char *url,
                                   const char *method, const char *version, const char *upload_data,
                                   size_t *upload_data_size, void **con_cls)
{
    struct http_server *s = cls;
    struct http_request *r = *con_cls;
    enum MHD_Result ret;
    (void)version;

    if (!r || !r->begun)
        return http_begin(s, conn, url, method, con_cls);
    if (*upload_data_size > 0) {
        ret = http_take_body(s, r, upload_data, *upload_data_size);
        *upload_data_size = 0;
        return ret;
    }
    if (r->done) {
        r->done = false;
        return http_answer(conn, r);
    }
    if (r->answered || r->queued)
        return MHD_YES;
    return http_dispatch(s, conn, r, proxy_strip_base(s->base, url), method);
}

/* ---- connections and requests coming and going ---- */

static void http_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
                           enum MHD_RequestTerminationCode toe)
{
    struct http_server *s = cls;
    struct http_request *r = *con_cls;
    (void)toe;
    if (!r)
        return;
    if (r->begun)
        http_record(r); /* a request that ended unanswered: status 0 */
    if (r->counted)
        proxy_limits_leave(s->limits, r->client);
    http_hub_abandon(r->stream);
    api_response_clear(&r->res);
    http_body_free(&r->body, &s->bodies_held);
    free(r);
    *con_cls = NULL;
    atomic_fetch_sub(&s->requests, 1);
    /* The connection waits for its next request: its headers have a deadline too. */
    http_conns_busy(&s->conns, http_conn_of(conn), false);
    http_conns_deadline(http_conn_of(conn), http_header_deadline(s));
}

/* The client's IPv4 address in host order, -1 for another family. */
static int64_t http_client_addr(struct MHD_Connection *conn)
{
    const union MHD_ConnectionInfo *i =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!i || !i->client_addr || i->client_addr->sa_family != AF_INET)
        return -1;
    return (int64_t)ntohl(
        ((const struct sockaddr_in *)(const void *)i->client_addr)->sin_addr.s_addr);
}

/* A connection opened or closed: keep the table (counts and deadlines) up to date. */
static void http_notify_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
                                   enum MHD_ConnectionNotificationCode code)
{
    struct http_server *s = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *fd =
            MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
        *socket_context = http_conns_open(&s->conns, fd ? fd->connect_fd : -1,
                                          http_client_addr(conn), http_header_deadline(s));
    } else if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
        http_conns_close(&s->conns, *socket_context);
        *socket_context = NULL;
    }
}

/* ---- life cycle ---- */

void http_config_defaults(struct http_config *cfg)
{
    memset(cfg, 0, sizeof(*cfg));
    cfg->host = "127.0.0.1";
    cfg->port = 8080;
    cfg->static_dir = "static";
    cfg->connection_limit = HTTP_DEFAULT_CONNECTIONS;
    cfg->per_ip_limit = HTTP_DEFAULT_PER_IP;
    cfg->streams_per_campaign = HTTP_DEFAULT_STREAMS_PER_CAMPAIGN;
    cfg->streams_per_ip = HTTP_DEFAULT_STREAMS_PER_IP;
    cfg->timeout_seconds = 60;
    cfg->header_seconds = HTTP_DEFAULT_HEADER_SECONDS;
}

/* libmicrohttpd's own limits: above ours, so that ours are answered 503 rather than
 * refused at accept(); a client far past them is refused there. */
static unsigned http_hard_limit(unsigned soft)
{
    return soft + soft / 8 + 16;
}

/* Raise the soft limit of open files to what the connection limit needs, as far as the
 * hard limit allows. This function can't fail (the limits stay as they were). */
static void http_raise_nofile(unsigned connections)
{
    struct rlimit rl;
    rlim_t want = (rlim_t)http_hard_limit(connections) + 256;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur >= want)
        return;
    rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max > want ? want : rl.rlim_max;
    setrlimit(RLIMIT_NOFILE, &rl);
}

/* Make the worker pools and the stream hub (which reads states on the readers'). */
static int http_make_parts(struct http_server *s, unsigned cores, struct sb_error *err)
{
    /* A quarter of the connection slots is kept for requests that are not streams, and
     * half of the streams' for campaigns that are not anonymous (issue 43). */
    unsigned streams = s->cfg.connection_limit - s->cfg.connection_limit / 4;
    struct http_hub_limits lim = {s->cfg.streams_per_campaign, s->cfg.streams_per_ip, streams,
                                  streams / 2};
    int rc = http_work_new(s->cfg.workers ? s->cfg.workers : HTTP_DEFAULT_WORKERS, HTTP_WORK_QUEUE,
                           &s->writers);
    if (rc == 0)
        rc = http_work_new(cores, HTTP_WORK_QUEUE, &s->readers);
    if (rc == 0)
        rc = http_work_new(cores, HTTP_WORK_QUEUE, &s->appenders);
    if (rc == 0)
        rc = http_hub_new(s->api, s->readers, &lim, &s->hub);
    if (rc != 0)
        return sb_fail(err, rc, NULL, "cannot start the server's threads");
    http_hub_watch_conns(s->hub, &s->conns);
    return 0;
}

/* Start libmicrohttpd on addr: epoll, a pool of polling threads, suspend/resume. */
static struct MHD_Daemon *http_daemon(struct http_server *s, const struct sockaddr_in *addr,
                                      unsigned threads)
{
    return MHD_start_daemon(
        MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG | MHD_USE_ITC,
        s->cfg.port, NULL, NULL, http_access, s,
        /* the logger first: the library warns through the default one about any option
         * that comes before it */
        MHD_OPTION_EXTERNAL_LOGGER, http_mhd_log, s, MHD_OPTION_SOCK_ADDR,
        (const struct sockaddr *)addr, MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)threads,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned int)http_hard_limit(s->cfg.connection_limit),
        MHD_OPTION_PER_IP_CONNECTION_LIMIT,
        (unsigned int)(s->limits ? 0 : http_hard_limit(s->cfg.per_ip_limit)),
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)s->cfg.timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)HTTP_CONN_MEMORY, MHD_OPTION_UNESCAPE_CALLBACK,
        http_unescape, (void *)NULL, MHD_OPTION_NOTIFY_COMPLETED, http_completed, s,
        MHD_OPTION_NOTIFY_CONNECTION, http_notify_connection, s, MHD_OPTION_URI_LOG_CALLBACK,
        http_uri_seen, s, MHD_OPTION_END);
}

/* Why addr cannot be listened on, as errno: bind a socket of our own to it (as
 * libmicrohttpd does, with SO_REUSEADDR and never SO_REUSEPORT, so a port another
 * process listens on is refused rather than shared). 0 when it can. */
static int http_bind_errno(const struct sockaddr_in *addr)
{
    int one = 1, e = 0;
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return errno;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    if (bind(fd, (const struct sockaddr *)addr, sizeof(*addr)) != 0 || listen(fd, 1) != 0)
        e = errno;
    close(fd);
    return e;
}

/* Free what http_start() made; the daemon is stopped. */
static void http_free_parts(struct http_server *s)
{
    for (size_t i = 0; i < HTTP_SHARED_SLOTS; i++)
        if (s->shared[i].res)
            MHD_destroy_response(s->shared[i].res);
    pthread_mutex_destroy(&s->shared_lock);
    http_hub_free(s->hub);
    http_work_free(s->readers);
    http_work_free(s->appenders);
    http_work_free(s->writers);
    http_conns_destroy(&s->conns);
    http_gz_free(s->gz);
    proxy_limits_free(s->limits);
    free(s->host_names);
    free(s);
}

/* Take the reverse-proxy settings of cfg into s: base path, trusted proxies (and with
 * them the per-client limits), host names. */
static int http_proxy_config(struct http_server *s, const struct http_config *cfg,
                             struct sb_error *err)
{
    if (proxy_base_parse(cfg->base_path, s->base) != 0)
        return sb_fail(err, SB_EINVALID, NULL, "bad base path %s", cfg->base_path);
    if (cfg->trusted_proxy && proxy_trusted_parse(cfg->trusted_proxy, s->trusted) != 0)
        return sb_fail(err, SB_EINVALID, NULL, "bad trusted proxy address %s", cfg->trusted_proxy);
    if (cfg->host_names && *cfg->host_names && !(s->host_names = strdup(cfg->host_names)))
        return sb_oom(err);
    if (s->trusted[0] && !(s->limits = proxy_limits_new(cfg->per_ip_limit)))
        return sb_oom(err);
    return 0;
}

/* Hook for the API: a game (or any game of a campaign) changed. */
static void http_on_change(void *cls, int64_t cid, int64_t gid)
{
    struct http_server *s = cls;
    http_hub_changed(s->hub, cid, gid);
}

int http_start(const struct http_config *cfg, struct api *api, struct http_server **out,
               struct sb_error *err)
{
    struct http_server *s = calloc(1, sizeof(*s));
    struct sockaddr_in addr;
    const union MHD_DaemonInfo *info;
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned cores = cfg->threads ? cfg->threads : (unsigned)(online > 0 ? online : 1);

    if (!s)
        return sb_oom(err);
    s->cfg = *cfg;
    s->api = api;
    pthread_mutex_init(&s->shared_lock, NULL);
    http_conns_init(&s->conns, cfg->connection_limit);
    atomic_init(&s->closing, false);
    atomic_init(&s->requests, 0);
    atomic_init(&s->suspended, 0);
    memset(&addr, 0, sizeof(addr));
    addr.sin_family = AF_INET;
    addr.sin_port = htons(cfg->port);
    if (http_proxy_config(s, cfg, err) != 0) {
        /* err says why */
    } else if (http_errors_init() != 0) {
        sb_fail(err, SB_EIO, NULL, "libmicrohttpd's MHD_queue_response cannot be found");
    } else if (!realpath(cfg->static_dir, s->static_root)) {
        sb_fail(err, SB_EIO, NULL, "no static folder %s: %s", cfg->static_dir, strerror(errno));
    } else if (http_gz_new(s->static_root, &s->gz) != 0) {
        sb_fail(err, SB_EIO, NULL, "cannot compress the files of %s", cfg->static_dir);
    } else if (inet_pton(AF_INET, cfg->host, &addr.sin_addr) != 1) {
        sb_fail(err, SB_EINVALID, NULL, "bad address to bind: %s", cfg->host);
    } else {
        http_raise_nofile(cfg->connection_limit);
        if (http_make_parts(s, cores, err) == 0 && !(s->daemon = http_daemon(s, &addr, cores))) {
            int e = http_bind_errno(&addr);
            sb_fail(err, SB_EIO, NULL, "cannot listen on %s:%u: %s", cfg->host, (unsigned)cfg->port,
                    e == EADDRINUSE ? "the port is taken (by another server, perhaps another "
                                      "stampbook): refusing to share it"
                    : e             ? strerror(e)
                                    : "libmicrohttpd refused to start");
        }
    }
    if (!s->daemon) {
        http_free_parts(s);
        return err ? err->code : SB_EIO;
    }
    api_on_change(api, http_on_change, s);
    info = MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_BIND_PORT);
    s->port = info ? info->port : cfg->port;
    *out = s;
    return 0;
}

uint16_t http_port(const struct http_server *s)
{
    return s->port;
}

/* Sleep in steps of 10 ms until *count is 0, for max_ms at most (< 0: however long). */
static void http_wait_none(atomic_int *count, int max_ms)
{
    for (int ms = 0; (max_ms < 0 || ms < max_ms) && atomic_load(count) > 0;
         ms += max_ms < 0 ? 0 : 10) {
        struct timespec tick = {0, 10000000L};
        nanosleep(&tick, NULL);
    }
}

void http_stop(struct http_server *s)
{
    if (!s)
        return;
    /* New API requests get 503; the streams end; the requests on the workers finish and
     * resume their connections: then none is suspended when the daemon stops. */
    atomic_store(&s->closing, true);
    {
        MHD_socket fd = MHD_quiesce_daemon(s->daemon); /* accept no more connections */
        if (fd != MHD_INVALID_SOCKET)
            close(fd);
    }
    http_hub_close(s->hub);
    http_work_drain(s->writers);
    http_work_drain(s->appenders);
    http_work_drain(s->readers);
    /* and the appends the writer's thread answers after their worker has moved on */
    http_wait_none(&s->suspended, -1);
    http_hub_close(s->hub);
    /* A write that committed has its answer queued by now: wait (a bounded time) for
     * every request to be sent its answer before the daemon closes the connections. */
    http_wait_none(&s->requests, HTTP_STOP_MS);
    api_on_change(s->api, NULL, NULL);
    MHD_stop_daemon(s->daemon);
    http_free_parts(s);
}
