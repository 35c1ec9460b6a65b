/* http.h -- the HTTP server on libmicrohttpd: sockets, limits, static files, the event
 * stream and the access log. Everything about games is behind api_handle(). */
#ifndef STAMPBOOK_HTTP_H
#define STAMPBOOK_HTTP_H

#include <stdint.h>

#include "api.h"
#include "error.h"

struct http_server;

struct http_config {
    const char *host;       /* address to bind, e.g. "127.0.0.1" or "0.0.0.0" */
    uint16_t port;          /* 0: any free port (see http_port()) */
    const char *static_dir; /* the web UI's files */
    unsigned connection_limit;
    unsigned per_ip_limit;
    unsigned timeout_seconds;  /* idle connections are closed after this */
    int quiet;                 /* no access log */
    const char *base_path;     /* "/stampbook": UI and API under this prefix; NULL: none */
    const char *trusted_proxy; /* the reverse proxies' addresses (comma-separated): their
                                * X-Forwarded-For names the client, and per_ip_limit counts
                                * requests per client */
    const char *host_names;    /* comma-separated names the Host header must be; NULL: any */
};

/* Start serving api. Returns 0 and *out, or an error (the port is taken...). */
int http_start(const struct http_config *cfg, struct api *api, struct http_server **out,
               struct sb_error *err);

/* The port the server listens on. This function can't fail. */
uint16_t http_port(const struct http_server *s);

/* Stop accepting, let in-flight requests finish, close every connection and free the
 * server; http_stop(NULL) is a no-op. Call api_shutdown() first so streams end. */
void http_stop(struct http_server *s);

#endif
