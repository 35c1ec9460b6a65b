/* http.h -- the HTTP server on libmicrohttpd: sockets, limits, deadlines, static files,
 * the event streams and the access log. Everything about games is behind api_handle(). */
#ifndef STAMPBOOK_HTTP_H
#define STAMPBOOK_HTTP_H

#include <stdint.h>

#include "api.h"
#include "error.h"

struct http_server;

#define HTTP_DEFAULT_CONNECTIONS 4096
#define HTTP_DEFAULT_PER_IP 256
#define HTTP_DEFAULT_STREAMS_PER_CAMPAIGN 1000
#define HTTP_DEFAULT_STREAMS_PER_IP 200
#define HTTP_DEFAULT_HEADER_SECONDS 10
#define HTTP_DEFAULT_WORKERS 64

struct http_config {
    const char *host;              /* address to bind, e.g. "127.0.0.1" or "0.0.0.0" */
    uint16_t port;                 /* 0: any free port (see http_port()) */
    const char *static_dir;        /* the web UI's files */
    unsigned connection_limit;     /* open connections in all (beyond: 503) */
    unsigned per_ip_limit;         /* open connections from one address (beyond: 503) */
    unsigned streams_per_campaign; /* open event streams of one campaign (beyond: 503) */
    unsigned streams_per_ip;       /* open event streams from one address (beyond: 503) */
    unsigned timeout_seconds;      /* idle connections are closed after this */
    unsigned header_seconds;       /* a request's headers must all come within this */
    unsigned threads;              /* polling threads; 0: one per core */
    unsigned workers;              /* threads doing the API's (SQLite) work; 0: default */
    int quiet;                     /* no access log */
    const char *base_path;         /* "/stampbook": UI and API under this prefix; NULL: none */
    const char *trusted_proxy;     /* the reverse proxies' addresses (comma-separated): their
                                    * X-Forwarded-For names the client, whose address the
                                    * per-address limits then count */
    const char *host_names;        /* comma-separated names the Host header must be; NULL: any */
};

/* Fill cfg with the defaults above (host 127.0.0.1, port 8080, static "static").
 * This function can't fail. */
void http_config_defaults(struct http_config *cfg);

/* Start serving api. Returns 0 and *out, or an error (the port is taken...). */
int http_start(const struct http_config *cfg, struct api *api, struct http_server **out,
               struct sb_error *err);

/* The port the server listens on. This function can't fail. */
uint16_t http_port(const struct http_server *s);

/* Stop accepting, let in-flight requests finish, end the event streams, close every
 * connection and free the server; http_stop(NULL) is a no-op. */
void http_stop(struct http_server *s);

#endif
