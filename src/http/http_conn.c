/* http_conn.c -- the table of open connections: how many there are in all and from each
 * address, and the deadline of each (headers within a fixed time, a body within a time
 * in proportion to its size). libmicrohttpd's own timeout is an idle timeout only: a
 * client trickling a byte now and then would keep its connection for ever. */
#include "http_internal.h"

#include <stdlib.h>
#include <sys/socket.h>

/* The bucket of key. */
static unsigned http_counts_slot(int64_t key)
{
    uint64_t h = (uint64_t)key * 0x9e3779b97f4a7c15u;
    return (unsigned)(h >> 54) % HTTP_COUNT_BUCKETS;
}

unsigned http_counts_add(struct http_counts *c, int64_t key, int delta)
{
    struct http_count **pp = &c->b[http_counts_slot(key)];
    struct http_count *e;
    unsigned n;
    while (*pp && (*pp)->key != key)
        pp = &(*pp)->next;
    e = *pp;
    if (!e) {
        if (delta <= 0)
            return 0;
        e = calloc(1, sizeof(*e));
        if (!e)
            return UINT32_MAX;
        e->key = key;
        *pp = e;
    }
    if (delta < 0 && e->n > 0)
        e->n--;
    else if (delta > 0)
        e->n++;
    n = e->n;
    if (n == 0) {
        *pp = e->next;
        free(e);
    }
    return n;
}

unsigned http_counts_get(const struct http_counts *c, int64_t key)
{
    for (const struct http_count *e = c->b[http_counts_slot(key)]; e; e = e->next)
        if (e->key == key)
            return e->n;
    return 0;
}

void http_counts_clear(struct http_counts *c)
{
    for (unsigned i = 0; i < HTTP_COUNT_BUCKETS; i++) {
        while (c->b[i]) {
            struct http_count *e = c->b[i];
            c->b[i] = e->next;
            free(e);
        }
    }
}

void http_conns_init(struct http_conns *t)
{
    *t = (struct http_conns){0};
    pthread_mutex_init(&t->lock, NULL);
}

void http_conns_destroy(struct http_conns *t)
{
    pthread_mutex_lock(&t->lock);
    while (t->head) {
        struct http_conn *c = t->head;
        t->head = c->next;
        free(c);
    }
    http_counts_clear(&t->per_addr);
    pthread_mutex_unlock(&t->lock);
    pthread_mutex_destroy(&t->lock);
}

struct http_conn *http_conns_open(struct http_conns *t, int fd, int64_t addr,
                                  uint64_t deadline_ms)
{
    struct http_conn *c = calloc(1, sizeof(*c));
    if (!c)
        return NULL;
    c->fd = fd;
    c->addr = addr;
    c->phase = HTTP_PHASE_HEADERS;
    c->deadline_ms = deadline_ms;
    pthread_mutex_lock(&t->lock);
    c->next = t->head;
    if (t->head)
        t->head->prev = c;
    t->head = c;
    t->total++;
    http_counts_add(&t->per_addr, addr, 1);
    pthread_mutex_unlock(&t->lock);
    return c;
}

void http_conns_close(struct http_conns *t, struct http_conn *c)
{
    if (!c)
        return;
    pthread_mutex_lock(&t->lock);
    if (c->prev)
        c->prev->next = c->next;
    else
        t->head = c->next;
    if (c->next)
        c->next->prev = c->prev;
    t->total--;
    http_counts_add(&t->per_addr, c->addr, -1);
    pthread_mutex_unlock(&t->lock);
    free(c);
}

void http_conns_phase(struct http_conns *t, struct http_conn *c, enum http_phase phase,
                      uint64_t deadline_ms)
{
    if (!c)
        return;
    pthread_mutex_lock(&t->lock);
    c->phase = phase;
    c->deadline_ms = deadline_ms;
    pthread_mutex_unlock(&t->lock);
}

void http_conns_load(struct http_conns *t, const struct http_conn *c, unsigned *total,
                     unsigned *from_addr)
{
    pthread_mutex_lock(&t->lock);
    *total = t->total;
    *from_addr = c ? http_counts_get(&t->per_addr, c->addr) : 0;
    pthread_mutex_unlock(&t->lock);
}

unsigned http_conns_expire(struct http_conns *t, uint64_t now_ms)
{
    unsigned n = 0;
    pthread_mutex_lock(&t->lock);
    for (struct http_conn *c = t->head; c; c = c->next) {
        if (c->deadline_ms == 0 || c->deadline_ms > now_ms)
            continue;
        /* The polling thread sees the socket end and closes the connection; the
         * table forgets it then (the notify callback), before the fd is closed. */
        shutdown(c->fd, SHUT_RDWR);
        c->deadline_ms = 0;
        n++;
    }
    t->expired += n;
    pthread_mutex_unlock(&t->lock);
    return n;
}
