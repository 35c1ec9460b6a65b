/* proxy.c -- base path, forwarded client address, Host check, per-address limits. */
#include "proxy.h"

#include <stddef.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "locked.h"

#define PROXY_SLOTS 4096 /* addresses tracked at once (open addressing) */

int proxy_base_parse(const char *given, char out[PROXY_BASE_MAX])
{
    size_t n = given ? strlen(given) : 0;
    if (n == 0 || strcmp(given, "/") == 0) {
        out[0] = '\0';
        return 0;
    }
    if (given[n - 1] == '/')
        n--;
    if (given[0] != '/' || n >= PROXY_BASE_MAX)
        return -1;
    for (size_t i = 0; i < n; i++) {
        char c = given[i];
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  strchr("-._~/", c) != NULL;
        if (!ok)
            return -1;
        if (c == '/') {
            /* The segment after this slash: not empty, not "." or "..". */
            size_t j = i + 1;
            while (j < n && given[j] != '/')
                j++;
            size_t len = j - i - 1;
            if (len == 0 || (len == 1 && given[i + 1] == '.') ||
                (len == 2 && given[i + 1] == '.' && given[i + 2] == '.'))
                return -1;
        }
    }
    memcpy(out, given, n);
    out[n] = '\0';
    return 0;
}

const char *proxy_strip_base(const char *base, const char *path)
{
    size_t n = base ? strlen(base) : 0;
    if (n == 0)
        return path;
    if (strncmp(path, base, n) != 0 || (path[n] != '\0' && path[n] != '/'))
        return NULL;
    return path + n;
}

int proxy_addr_parse(const char *given, char out[PROXY_ADDR_MAX])
{
    unsigned char bin[sizeof(struct in6_addr)];
    if (!given)
        return -1;
    if (inet_pton(AF_INET, given, bin) == 1)
        return inet_ntop(AF_INET, bin, out, PROXY_ADDR_MAX) ? 0 : -1;
    if (inet_pton(AF_INET6, given, bin) == 1)
        return inet_ntop(AF_INET6, bin, out, PROXY_ADDR_MAX) ? 0 : -1;
    return -1;
}

/* Copy s[0..len) without surrounding blanks into buf (size PROXY_ADDR_MAX) and parse it
 * as an address into out. Returns 0 or -1. */
static int proxy_entry(const char *s, size_t len, char out[PROXY_ADDR_MAX])
{
    char buf[PROXY_ADDR_MAX];
    while (len > 0 && (*s == ' ' || *s == '\t')) {
        s++;
        len--;
    }
    while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
        len--;
    if (len == 0 || len >= sizeof(buf))
        return -1;
    memcpy(buf, s, len);
    buf[len] = '\0';
    return proxy_addr_parse(buf, out);
}

int proxy_trusted_parse(const char *given, char out[PROXY_TRUSTED_MAX])
{
    char list[PROXY_TRUSTED_MAX];
    size_t n = 0;
    if (!given || !*given)
        return -1;
    for (const char *p = given;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char addr[PROXY_ADDR_MAX];
        size_t alen;
        if (proxy_entry(p, len, addr) != 0)
            return -1;
        alen = strlen(addr);
        if (n + alen + 2 > sizeof(list))
            return -1;
        if (n > 0)
            list[n++] = ',';
        memcpy(list + n, addr, alen + 1);
        n += alen;
        if (!comma)
            break;
        p = comma + 1;
    }
    memcpy(out, list, n + 1);
    return 0;
}

bool proxy_is_trusted(const char *list, const char *addr)
{
    size_t alen = strlen(addr);
    if (!list || !*addr)
        return false;
    for (const char *p = list; *p;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == alen && strncmp(p, addr, len) == 0)
            return true;
        if (!comma)
            break;
        p = comma + 1;
    }
    return false;
}

void proxy_client_addr(const char *peer, const char *trusted, const char *xff,
                       char out[PROXY_ADDR_MAX])
{
    char peer_norm[PROXY_ADDR_MAX];
    const char *end;
    if (proxy_addr_parse(peer, peer_norm) != 0)
        snprintf(peer_norm, sizeof(peer_norm), "%s", peer ? peer : "");
    memcpy(out, peer_norm, PROXY_ADDR_MAX);
    if (!xff || !proxy_is_trusted(trusted, peer_norm))
        return;
    end = xff + strlen(xff);
    while (end > xff) {
        const char *start = end;
        char addr[PROXY_ADDR_MAX];
        while (start > xff && start[-1] != ',')
            start--;
        if (proxy_entry(start, (size_t)(end - start), addr) != 0)
            return;
        if (!proxy_is_trusted(trusted, addr)) {
            memcpy(out, addr, PROXY_ADDR_MAX);
            return;
        }
        end = start > xff ? start - 1 : xff;
    }
}

bool proxy_host_allowed(const char *names, const char *host)
{
    const char *h = host, *hend;
    if (!names || !*names)
        return true;
    if (!host || !*host)
        return false;
    if (*h == '[') {
        h++;
        hend = strchr(h, ']');
        if (!hend)
            return false;
    } else {
        hend = strchr(h, ':');
        if (!hend)
            hend = h + strlen(h);
    }
    for (const char *n = names; *n;) {
        const char *comma = strchr(n, ',');
        size_t len = comma ? (size_t)(comma - n) : strlen(n);
        while (len > 0 && *n == ' ') {
            n++;
            len--;
        }
        while (len > 0 && n[len - 1] == ' ')
            len--;
        if (len > 0 && len == (size_t)(hend - h) && strncasecmp(n, h, len) == 0)
            return true;
        n += comma ? (size_t)(comma - n) + 1 : strlen(n);
    }
    return false;
}

/* ---- per-address limits ---- */

struct proxy_slot {
    char addr[PROXY_ADDR_MAX]; /* "" when free */
    unsigned count;
};

struct proxy_limits {
    pthread_mutex_t lock;
    unsigned per_addr;
    struct proxy_slot slots[PROXY_SLOTS];
};
_Static_assert(offsetof(struct proxy_limits, lock) == 0, "locked_new() makes the lock first");

struct proxy_limits *proxy_limits_new(unsigned per_addr)
{
    struct proxy_limits *l = locked_new(sizeof(*l));
    if (l)
        l->per_addr = per_addr;
    return l;
}

void proxy_limits_free(struct proxy_limits *l)
{
    locked_free(l);
}

/* FNV-1a of an address. This function can't fail. */
static uint32_t proxy_hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* The slot of addr, or (when create) a free one for it; NULL when none. Called with
 * the lock held. Slots are freed only by tombstone-free deletion (see leave), so a probe
 * stops at the first empty slot. */
static struct proxy_slot *proxy_find(struct proxy_limits *l, const char *addr, bool create)
{
    uint32_t h = proxy_hash(addr);
    for (unsigned i = 0; i < PROXY_SLOTS; i++) {
        struct proxy_slot *s = &l->slots[(h + i) % PROXY_SLOTS];
        if (s->addr[0] == '\0') {
            if (!create)
                return NULL;
            snprintf(s->addr, sizeof(s->addr), "%s", addr);
            s->count = 0;
            return s;
        }
        if (strcmp(s->addr, addr) == 0)
            return s;
    }
    return NULL;
}

bool proxy_limits_enter(struct proxy_limits *l, const char *addr)
{
    struct proxy_slot *s;
    bool ok = false;
    pthread_mutex_lock(&l->lock);
    s = proxy_find(l, addr, true);
    if (s && s->count < l->per_addr) {
        s->count++;
        ok = true;
    } else if (s && s->count == 0) {
        s->addr[0] = '\0'; /* a limit of 0 admits nobody; leave no empty entry behind */
    }
    pthread_mutex_unlock(&l->lock);
    return ok;
}

/* Remove slot index i and move later entries of its probe run back into the hole
 * (deletion in linear probing without tombstones). Called with the lock held. */
static void proxy_remove(struct proxy_limits *l, unsigned i)
{
    unsigned hole = i, j = i;
    l->slots[hole].addr[0] = '\0';
    for (;;) {
        j = (j + 1) % PROXY_SLOTS;
        if (l->slots[j].addr[0] == '\0')
            return;
        unsigned home = proxy_hash(l->slots[j].addr) % PROXY_SLOTS;
        /* Move j into the hole unless its home lies cyclically in (hole, j]. */
        bool stays = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
        if (!stays) {
            l->slots[hole] = l->slots[j];
            l->slots[j].addr[0] = '\0';
            hole = j;
        }
    }
}

void proxy_limits_leave(struct proxy_limits *l, const char *addr)
{
    struct proxy_slot *s;
    pthread_mutex_lock(&l->lock);
    s = proxy_find(l, addr, false);
    if (s && s->count > 0 && --s->count == 0)
        proxy_remove(l, (unsigned)(s - l->slots));
    pthread_mutex_unlock(&l->lock);
}
