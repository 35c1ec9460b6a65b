/* http.c -- the HTTP server: the only file that speaks libmicrohttpd. */
#include "http.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <microhttpd.h>

#include "proxy.h"

#define HTTP_SSE_BLOCK 4096
#define HTTP_SSE_PING_MS 15000
#define HTTP_STATIC_MAX 8388608 /* 8 MiB */

struct http_server {
    struct MHD_Daemon *daemon;
    struct api *api;
    char static_root[PATH_MAX];
    uint16_t port;
    int quiet;
    char base[PROXY_BASE_MAX];       /* "" when none */
    char trusted[PROXY_TRUSTED_MAX]; /* "" when none */
    char *host_names;                /* NULL when any Host will do */
    struct proxy_limits *limits;     /* per client address, behind a trusted proxy */
};

/* Per-request state, kept in the connection context and freed when it completes. */
struct http_request {
    struct http_server *server;
    struct timespec start;
    char *body;
    size_t len;
    bool too_large;
    bool answered;
    bool recorded; /* counted for /metrics and written to the access log */
    int status;
    const char *route;
    bool counted; /* in s->limits under client */
    char client[PROXY_ADDR_MAX];
    char method[16];
    char path[256];
};

/* ---- helpers ---- */

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
    if (!s->quiet) {
        char now[32];
        time_t t = time(NULL);
        struct tm tm;
        gmtime_r(&t, &tm);
        strftime(now, sizeof(now), "%Y-%m-%dT%H:%M:%SZ", &tm);
        fprintf(stderr, "%s %s %s %d %llu\n", now, r->method, r->path, r->status,
                (unsigned long long)us);
    }
}

/* Queue a response built from a malloc'd body (taken over) with the usual headers. */
static enum MHD_Result http_send(struct MHD_Connection *conn, struct http_request *r, int status,
                                 const char *type, char *body, size_t len, const char *etag,
                                 const char *allow)
{
    struct MHD_Response *res = MHD_create_response_from_buffer(
        len, body, body ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
    enum MHD_Result ret;
    if (!res) {
        free(body);
        return MHD_NO;
    }
    MHD_add_response_header(res, MHD_HTTP_HEADER_CONTENT_TYPE, type);
    MHD_add_response_header(res, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(res, "Referrer-Policy", "no-referrer");
    if (etag && *etag)
        MHD_add_response_header(res, MHD_HTTP_HEADER_ETAG, etag);
    if (allow)
        MHD_add_response_header(res, MHD_HTTP_HEADER_ALLOW, allow);
    if (strncmp(type, "text/html", 9) == 0)
        MHD_add_response_header(res, "Content-Security-Policy",
                                "default-src 'self'; img-src 'self' data:; "
                                "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'");
    MHD_add_response_header(res, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    if (status == 503) /* busy, one import at a time, or the database unusable */
        MHD_add_response_header(res, MHD_HTTP_HEADER_RETRY_AFTER, "1");
    r->status = status;
    r->answered = true;
    http_record(r);
    ret = MHD_queue_response(conn, (unsigned int)status, res);
    MHD_destroy_response(res);
    return ret;
}

/* Queue a problem+json answer. */
static enum MHD_Result http_problem(struct MHD_Connection *conn, struct http_request *r, int status,
                                    const char *detail, const char *allow)
{
    struct api_response res;
    memset(&res, 0, sizeof(res));
    api_problem(&res, status, NULL, detail);
    r->route = "other";
    return http_send(conn, r, res.status, res.content_type, res.body, res.body_len, NULL, allow);
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

/* Serve a file of the static root: no "..", no hidden files, no way out by a link. */
static enum MHD_Result http_static(struct http_server *s, struct MHD_Connection *conn,
                                   struct http_request *r, const char *url)
{
    char want[PATH_MAX], real[PATH_MAX];
    size_t root_len = strlen(s->static_root);
    struct stat st;
    char *body;
    int fd;
    ssize_t n;

    r->route = "static";
    if (strcmp(url, "/") == 0)
        url = "/index.html";
    if (url[0] != '/' || strstr(url, "/.") || strchr(url, '\\') ||
        (size_t)snprintf(want, sizeof(want), "%s%s", s->static_root, url) >= sizeof(want))
        return http_problem(conn, r, 404, "no such file", NULL);
    if (!realpath(want, real) || strncmp(real, s->static_root, root_len) != 0 ||
        real[root_len] != '/')
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
    return http_send(conn, r, 200, http_mime(real), body, (size_t)n, NULL, NULL);
}

/* ---- the event stream ---- */

struct http_stream {
    struct api *api;
    int64_t cid, gid;
    uint64_t change; /* the change number last looked at */
    int64_t version; /* the version last sent; -1 before the first */
    char *out;       /* text waiting to be sent */
    size_t out_len, out_pos;
};

/* Fill st->out with the next thing to send: a state event, or a keep-alive comment.
 * Returns false when the stream must end. */
static bool http_stream_next(struct http_stream *st)
{
    for (;;) {
        char *state = NULL;
        int64_t version = 0;
        struct sb_error err;
        bool closing = false;
        if (st->version >= 0) {
            uint64_t now = api_wait_change(st->api, st->change, HTTP_SSE_PING_MS, &closing);
            if (closing)
                return false;
            if (now == st->change) {
                st->out = strdup(": keep-alive\n\n");
                st->out_len = st->out ? strlen(st->out) : 0;
                return st->out != NULL;
            }
            st->change = now;
        }
        if (api_stream_state(st->api, st->cid, st->gid, &state, &version, &err) != 0)
            return false;
        if (version == st->version) {
            free(state);
            continue;
        }
        size_t len = strlen(state) + 64;
        st->out = malloc(len);
        if (st->out)
            st->out_len = (size_t)snprintf(st->out, len, "id: %lld\nevent: state\ndata: %s\n\n",
                                           (long long)version, state);
        free(state);
        st->version = version;
        return st->out != NULL;
    }
}

static ssize_t http_stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    struct http_stream *st = cls;
    size_t n;
    (void)pos;
    if (st->out_pos == st->out_len) {
        free(st->out);
        st->out = NULL;
        st->out_len = st->out_pos = 0;
        if (!http_stream_next(st))
            return MHD_CONTENT_READER_END_OF_STREAM;
    }
    n = st->out_len - st->out_pos;
    if (n > max)
        n = max;
    memcpy(buf, st->out + st->out_pos, n);
    st->out_pos += n;
    return (ssize_t)n;
}

static void http_stream_free(void *cls)
{
    struct http_stream *st = cls;
    free(st->out);
    free(st);
}

static enum MHD_Result http_stream(struct http_server *s, struct MHD_Connection *conn,
                                   struct http_request *r, const struct api_response *res)
{
    struct http_stream *st = calloc(1, sizeof(*st));
    struct MHD_Response *mr;
    enum MHD_Result ret;
    if (!st)
        return MHD_NO;
    st->api = s->api;
    st->cid = res->stream_campaign;
    st->gid = res->stream_game;
    st->version = -1;
    st->change = api_change_number(s->api);
    mr = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, HTTP_SSE_BLOCK, http_stream_read, st,
                                           http_stream_free);
    if (!mr) {
        free(st);
        return MHD_NO;
    }
    MHD_add_response_header(mr, MHD_HTTP_HEADER_CONTENT_TYPE, "text/event-stream");
    MHD_add_response_header(mr, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    MHD_add_response_header(mr, "X-Accel-Buffering", "no");
    r->status = 200;
    r->answered = true;
    http_record(r);
    ret = MHD_queue_response(conn, MHD_HTTP_OK, mr);
    MHD_destroy_response(mr);
    return ret;
}

/* ---- requests ---- */

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

/* Answer a complete request. */
static enum MHD_Result http_dispatch(struct http_server *s, struct MHD_Connection *conn,
                                     struct http_request *r, const char *url, const char *method)
{
    struct api_request req;
    struct api_response res;
    enum MHD_Result ret;

    if (!http_is_api(url)) {
        if (strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0)
            return http_static(s, conn, r, url);
        return http_problem(conn, r, 405, "the web UI's files are read-only", "GET, HEAD");
    }
    memset(&req, 0, sizeof(req));
    req.method = method;
    req.path = url;
    req.authorization = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Authorization");
    req.if_match = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "If-Match");
    req.idempotency_key = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Idempotency-Key");
    req.content_type = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Content-Type");
    req.body = r->body;
    req.body_len = r->len;
    req.body_too_large = r->too_large;
    MHD_get_connection_values(conn, MHD_GET_ARGUMENT_KIND, http_collect_param, &req);
    api_handle(s->api, &req, &res);
    r->route = res.route;
    if (res.stream) {
        ret = http_stream(s, conn, r, &res);
        api_response_clear(&res);
        return ret;
    }
    ret = http_send(conn, r, res.status, res.content_type, res.body, res.body_len, res.etag,
                    res.allow);
    res.body = NULL; /* libmicrohttpd frees it */
    api_response_clear(&res);
    return ret;
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
    ret = MHD_queue_response(conn, 308, res);
    MHD_destroy_response(res);
    return ret;
}

/* The proxy settings on a new request (proxy.c): the Host check (421), the client's
 * address and its limit (429), the base path (404 outside it, 308 for the base itself).
 * Returns true when the request goes on, else false with *ret the queued answer. */
static bool http_front(struct http_server *s, struct MHD_Connection *conn, struct http_request *r,
                       const char *url, enum MHD_Result *ret)
{
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    const struct sockaddr *sa = ci ? ci->client_addr : NULL;
    char peer[PROXY_ADDR_MAX] = "", location[PROXY_BASE_MAX + 1];
    const char *under = proxy_strip_base(s->base, url);
    if (sa && sa->sa_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, peer, sizeof(peer));
    else if (sa && sa->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)sa)->sin6_addr, peer, sizeof(peer));
    proxy_client_addr(peer, s->trusted,
                      MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "X-Forwarded-For"),
                      r->client);
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

static enum MHD_Result http_access(void *cls, struct MHD_Connection *conn, const char *url,
                                   const char *method, const char *version, const char *upload_data,
                                   size_t *upload_data_size, void **con_cls)
{
    struct http_server *s = cls;
    struct http_request *r = *con_cls;
    (void)version;

    if (!r) {
        const char *length;
        enum MHD_Result ret = MHD_NO;
        r = calloc(1, sizeof(*r));
        if (!r)
            return MHD_NO;
        r->server = s;
        clock_gettime(CLOCK_MONOTONIC, &r->start);
        http_log_path(r->method, sizeof(r->method), method);
        http_log_path(r->path, sizeof(r->path), url);
        *con_cls = r;
        if (!http_front(s, conn, r, url, &ret))
            return ret;
        url = proxy_strip_base(s->base, url);
        /* Refuse an announced oversized body before reading any of it. */
        length = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (length && strtoull(length, NULL, 10) > api_body_limit(method, url)) {
            r->too_large = true;
            if (!http_is_api(url))
                return http_problem(conn, r, 413, "the body is over 64 KiB", NULL);
            return http_dispatch(s, conn, r, url, method);
        }
        return MHD_YES;
    }
    url = r->answered ? url : proxy_strip_base(s->base, url);
    if (*upload_data_size > 0) {
        if (!r->too_large && !r->answered) {
            if (r->len + *upload_data_size > api_body_limit(method, url)) {
                r->too_large = true;
                free(r->body);
                r->body = NULL;
                r->len = 0;
            } else {
                char *grown = realloc(r->body, r->len + *upload_data_size + 1);
                if (!grown)
                    return MHD_NO;
                memcpy(grown + r->len, upload_data, *upload_data_size);
                r->body = grown;
                r->len += *upload_data_size;
                r->body[r->len] = '\0';
            }
        }
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (r->answered)
        return MHD_YES;
    if (r->too_large && !http_is_api(url))
        return http_problem(conn, r, 413, "the body is over 64 KiB", NULL);
    return http_dispatch(s, conn, r, url, method);
}

static void http_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
                           enum MHD_RequestTerminationCode toe)
{
    struct http_request *r = *con_cls;
    (void)cls;
    (void)conn;
    (void)toe;
    if (!r)
        return;
    http_record(r); /* a request that ended unanswered: status 0 */
    if (r->counted)
        proxy_limits_leave(r->server->limits, r->client);
    free(r->body);
    free(r);
    *con_cls = NULL;
}

/* Free a server's own memory (not its daemon). http_free(NULL) is a no-op. */
static void http_free(struct http_server *s)
{
    if (!s)
        return;
    proxy_limits_free(s->limits);
    free(s->host_names);
    free(s);
}

/* Take the reverse-proxy settings of cfg into s: base path, trusted proxy (and with it
 * the per-client limits), host names. */
static int http_proxy_config(struct http_server *s, const struct http_config *cfg,
                             struct sb_error *err)
{
    if (proxy_base_parse(cfg->base_path, s->base) != 0)
        return sb_fail(err, SB_EINVALID, NULL, "bad base path %s", cfg->base_path);
    if (cfg->trusted_proxy && proxy_trusted_parse(cfg->trusted_proxy, s->trusted) != 0)
        return sb_fail(err, SB_EINVALID, NULL, "bad trusted proxy address %s", cfg->trusted_proxy);
    if (cfg->host_names && *cfg->host_names && !(s->host_names = strdup(cfg->host_names)))
        return sb_fail(err, SB_ENOMEM, NULL, "out of memory");
    if (s->trusted[0] && !(s->limits = proxy_limits_new(cfg->per_ip_limit)))
        return sb_fail(err, SB_ENOMEM, NULL, "out of memory");
    return 0;
}

int http_start(const struct http_config *cfg, struct api *api, struct http_server **out,
               struct sb_error *err)
{
    struct http_server *s = calloc(1, sizeof(*s));
    struct sockaddr_in addr;
    const union MHD_DaemonInfo *info;

    if (!s)
        return sb_fail(err, SB_ENOMEM, NULL, "out of memory");
    if (!realpath(cfg->static_dir, s->static_root)) {
        free(s);
        return sb_fail(err, SB_EIO, NULL, "no static folder %s: %s", cfg->static_dir,
                       strerror(errno));
    }
    memset(&addr, 0, sizeof(addr));
    addr.sin_family = AF_INET;
    addr.sin_port = htons(cfg->port);
    if (inet_pton(AF_INET, cfg->host, &addr.sin_addr) != 1) {
        free(s);
        return sb_fail(err, SB_EINVALID, NULL, "bad address to bind: %s", cfg->host);
    }
    s->api = api;
    s->quiet = cfg->quiet;
    if (http_proxy_config(s, cfg, err) != 0) {
        http_free(s);
        return err ? err->code : SB_EINVALID;
    }
    /* A thread per connection: handlers block on SQLite, and the event stream blocks
     * waiting for changes, without holding anyone else up. */
    s->daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_ERROR_LOG,
        cfg->port, NULL, NULL, http_access, s, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned int)cfg->connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned int)(s->limits ? 0 : cfg->per_ip_limit),
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)cfg->timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(128 * 1024), MHD_OPTION_UNESCAPE_CALLBACK,
        http_unescape, (void *)NULL, MHD_OPTION_NOTIFY_COMPLETED, http_completed, s,
        MHD_OPTION_END);
    if (!s->daemon) {
        http_free(s);
        return sb_fail(err, SB_EIO, NULL, "cannot listen on %s:%u", cfg->host, (unsigned)cfg->port);
    }
    info = MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_BIND_PORT);
    s->port = info ? info->port : cfg->port;
    *out = s;
    return 0;
}

uint16_t http_port(const struct http_server *s)
{
    return s->port;
}

void http_stop(struct http_server *s)
{
    if (!s)
        return;
    MHD_stop_daemon(s->daemon);
    http_free(s);
}
