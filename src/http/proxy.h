/* proxy.h -- running behind a reverse proxy: the path prefix the server lives under
 * (--base-path), the client's address from X-Forwarded-For when the peer is the
 * trusted proxy (--trusted-proxy), the Host check against DNS rebinding (--host-name),
 * and per-address request limits keyed on that client address.
 *
 * Plain C on strings: no libmicrohttpd here, so http.c calls these in a few lines and
 * the unit tests (tests/unit/http/test_proxy.c) call them directly. */
#ifndef STAMPBOOK_PROXY_H
#define STAMPBOOK_PROXY_H

#include <stdbool.h>
#include <stddef.h>

#define PROXY_BASE_MAX 128    /* a base path, NUL included */
#define PROXY_ADDR_MAX 64     /* an IPv4 or IPv6 address as text, NUL included */
#define PROXY_TRUSTED_MAX 512 /* a list of trusted proxy addresses, NUL included */

/* Check and normalise a --base-path: "" or "/" mean none (out gets ""); else it must
 * start with '/', hold only letters, digits and - . _ ~ / , no empty, "." or ".."
 * segment, and fit PROXY_BASE_MAX; one trailing '/' is dropped ("/stampbook/" gives
 * "/stampbook"). Returns 0 and fills out, or -1 (out untouched). */
int proxy_base_parse(const char *given, char out[PROXY_BASE_MAX]);

/* The path under base: for base "/stampbook", "/stampbook/api/v1/health" gives
 * "/api/v1/health" (a pointer into path), "/stampbook" gives "" (the caller redirects
 * to "/stampbook/", so the UI's relative links resolve), and a path outside the prefix
 * ("/stampbookx", "/api/v1/health") gives NULL. An empty base gives path itself. This
 * function can't fail. */
const char *proxy_strip_base(const char *base, const char *path);

/* Check and normalise a --trusted-proxy address (IPv4 or IPv6 literal). Returns 0 and
 * fills out, or -1. */
int proxy_addr_parse(const char *given, char out[PROXY_ADDR_MAX]);

/* Check and normalise a --trusted-proxy list: addresses separated by commas ("127.0.0.1,
 * ::1"), written back normalised and comma-separated. Returns 0 and fills out, or -1
 * (an entry that is no address, none at all, or too long). */
int proxy_trusted_parse(const char *given, char out[PROXY_TRUSTED_MAX]);

/* Is addr (normalised) one of the normalised list's addresses? This function can't fail. */
bool proxy_is_trusted(const char *list, const char *addr);

/* The client's address into out: peer (the socket's address) unless peer is a trusted
 * proxy (trusted: a list from proxy_trusted_parse(), NULL or "" for none) and
 * X-Forwarded-For (xff: NULL when absent) names one. Then it is the rightmost valid
 * address of xff that is not a trusted proxy: the one the proxies saw connect, which a
 * client cannot forge by sending its own header (each proxy appends to it). Unparseable
 * entries end the search and keep peer. This function can't fail. */
void proxy_client_addr(const char *peer, const char *trusted, const char *xff,
                       char out[PROXY_ADDR_MAX]);

/* Is host (the Host header, possibly with ":port"; NULL when absent) one of names (a
 * comma-separated list from --host-name; NULL or "" allow every host)? Compared without
 * the port and case-insensitively; "[::1]:8080" matches "::1". This function can't fail. */
bool proxy_host_allowed(const char *names, const char *host);

/* Requests in flight per client address, for a per-address limit that still works when
 * every connection comes from the proxy. Thread-safe. */
struct proxy_limits;

/* A table allowing at most per_addr requests in flight per address; NULL when out of
 * memory. proxy_limits_free(NULL) is a no-op. */
struct proxy_limits *proxy_limits_new(unsigned per_addr);
void proxy_limits_free(struct proxy_limits *l);

/* Count a request of addr in. False (nothing counted) when addr is at its limit, or the
 * table is full. Each true is paired with exactly one proxy_limits_leave(). */
bool proxy_limits_enter(struct proxy_limits *l, const char *addr);

/* Count a request of addr out. This function can't fail. */
void proxy_limits_leave(struct proxy_limits *l, const char *addr);

#endif
