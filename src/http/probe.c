/* probe.c -- GET /api/v1/health of a running server (stampbook healthcheck). */
#include "probe.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "proxy.h"

#define PROBE_REQUEST_MAX 512
#define PROBE_ANSWER_MAX 64 /* enough for the status line */

/* Fill *ss with the target's address. Returns its length, or 0 when it is not one. */
static socklen_t probe_addr(const struct probe_target *t, struct sockaddr_storage *ss)
{
    const char *host = t->host && *t->host ? t->host : "127.0.0.1";
    struct sockaddr_in *v4 = (struct sockaddr_in *)ss;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)ss;
    memset(ss, 0, sizeof(*ss));
    if (strcmp(host, "0.0.0.0") == 0)
        host = "127.0.0.1";
    else if (strcmp(host, "::") == 0)
        host = "::1";
    if (inet_pton(AF_INET, host, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(t->port);
        return sizeof(*v4);
    }
    if (inet_pton(AF_INET6, host, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(t->port);
        return sizeof(*v6);
    }
    return 0;
}

/* Wait until fd is ready for events or timeout_ms passes. Returns 0, or -1. */
static int probe_wait(int fd, short events, int timeout_ms)
{
    struct pollfd p = {fd, events, 0};
    int n;
    do {
        n = poll(&p, 1, timeout_ms);
    } while (n < 0 && errno == EINTR);
    return n == 1 ? 0 : -1;
}

/* Connect fd to addr within timeout_ms. Returns 0, or -1 with why filled. */
static int probe_connect(int fd, const struct sockaddr_storage *ss, socklen_t len, int timeout_ms,
                         char why[PROBE_WHY_MAX])
{
    int soerr = 0;
    socklen_t slen = sizeof(soerr);
    if (connect(fd, (const struct sockaddr *)ss, len) == 0)
        return 0;
    if (errno != EINPROGRESS) {
        snprintf(why, PROBE_WHY_MAX, "cannot connect: %s", strerror(errno));
        return -1;
    }
    if (probe_wait(fd, POLLOUT, timeout_ms) != 0) {
        snprintf(why, PROBE_WHY_MAX, "cannot connect: timed out");
        return -1;
    }
    if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &slen) != 0 || soerr != 0) {
        snprintf(why, PROBE_WHY_MAX, "cannot connect: %s", strerror(soerr ? soerr : errno));
        return -1;
    }
    return 0;
}

/* Send the request to addr (as text; ss_v6: an IPv6 one) and read the status code of
 * the answer into *status. */
static int probe_exchange(int fd, const struct probe_target *t, const char *addr, bool ss_v6,
                          int *status, char why[PROBE_WHY_MAX])
{
    char req[PROBE_REQUEST_MAX], answer[PROBE_ANSWER_MAX + 1], base[PROXY_BASE_MAX] = "";
    size_t got = 0;
    int n;
    if (t->base_path && proxy_base_parse(t->base_path, base) != 0) {
        snprintf(why, PROBE_WHY_MAX, "bad base path %s", t->base_path);
        return -1;
    }
    /* The server's --host-name is a comma-separated list: the first name is sent. */
    if (t->host_name && *t->host_name)
        n = snprintf(req, sizeof(req), "GET %s/api/v1/health HTTP/1.0\r\nHost: %.*s\r\n\r\n", base,
                     (int)strcspn(t->host_name, ", "), t->host_name);
    else if (ss_v6)
        n = snprintf(req, sizeof(req), "GET %s/api/v1/health HTTP/1.0\r\nHost: [%s]:%u\r\n\r\n",
                     base, addr, (unsigned)t->port);
    else
        n = snprintf(req, sizeof(req), "GET %s/api/v1/health HTTP/1.0\r\nHost: %s:%u\r\n\r\n", base,
                     addr, (unsigned)t->port);
    if (n < 0 || (size_t)n >= sizeof(req) || send(fd, req, (size_t)n, MSG_NOSIGNAL) != n) {
        snprintf(why, PROBE_WHY_MAX, "cannot send the request");
        return -1;
    }
    while (got < PROBE_ANSWER_MAX && !memchr(answer, '\n', got)) {
        ssize_t r;
        if (probe_wait(fd, POLLIN, t->timeout_ms) != 0) {
            snprintf(why, PROBE_WHY_MAX, "no answer in %d ms", t->timeout_ms);
            return -1;
        }
        r = recv(fd, answer + got, PROBE_ANSWER_MAX - got, 0);
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    answer[got] = '\0';
    /* "HTTP/1.x NNN ...": the status is the three digits after the first space. */
    const char *sp = strncmp(answer, "HTTP/", 5) == 0 ? strchr(answer, ' ') : NULL;
    if (!sp || sp[1] < '1' || sp[1] > '5' || sp[2] < '0' || sp[2] > '9' || sp[3] < '0' ||
        sp[3] > '9') {
        snprintf(why, PROBE_WHY_MAX, "not an HTTP answer");
        return -1;
    }
    *status = (sp[1] - '0') * 100 + (sp[2] - '0') * 10 + (sp[3] - '0');
    return 0;
}

int probe_health(const struct probe_target *t, char why[PROBE_WHY_MAX])
{
    struct sockaddr_storage ss;
    socklen_t len = probe_addr(t, &ss);
    char addr[PROXY_ADDR_MAX] = "";
    int fd, status = 0, rc;
    why[0] = '\0';
    if (len == 0) {
        snprintf(why, PROBE_WHY_MAX, "not an address: %s", t->host);
        return -1;
    }
    fd = socket(ss.ss_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) {
        snprintf(why, PROBE_WHY_MAX, "no socket: %s", strerror(errno));
        return -1;
    }
    rc = probe_connect(fd, &ss, len, t->timeout_ms, why);
    if (rc == 0 && ss.ss_family == AF_INET6)
        inet_ntop(AF_INET6, &((struct sockaddr_in6 *)&ss)->sin6_addr, addr, sizeof(addr));
    else if (rc == 0)
        inet_ntop(AF_INET, &((struct sockaddr_in *)&ss)->sin_addr, addr, sizeof(addr));
    if (rc == 0)
        rc = probe_exchange(fd, t, addr, ss.ss_family == AF_INET6, &status, why);
    close(fd);
    if (rc == 0 && status != 200) {
        snprintf(why, PROBE_WHY_MAX, "the server answered %d", status);
        rc = -1;
    }
    return rc;
}
