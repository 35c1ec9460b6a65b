/* probe.h -- the client side of `stampbook healthcheck`: ask a running server's
 * GET <base>/api/v1/health over plain HTTP/1.0, for container and systemd checks. */
#ifndef STAMPBOOK_PROBE_H
#define STAMPBOOK_PROBE_H

#include <stddef.h>
#include <stdint.h>

#define PROBE_WHY_MAX 160

struct probe_target {
    const char *host; /* an IPv4 or IPv6 address; NULL or "0.0.0.0" / "::": loopback */
    uint16_t port;
    const char *base_path; /* the server's --base-path; NULL: none */
    const char *host_name; /* the Host header to send (the first of the server's --host-name); NULL:
                            * the address and port */
    int timeout_ms;        /* for connecting, and again for the answer */
};

/* Ask the server whether it is healthy. Returns 0 when it answered 200, else -1 with
 * a sentence in why (connection refused, timed out, status 503...). */
int probe_health(const struct probe_target *t, char why[PROBE_WHY_MAX]);

#endif
