/* http_conn.c -- the table of open connections: how many there are in all and from each
 * address, and the deadline of each (headers within a fixed time, then a body at a
 * minimum rate). libmicrohttpd's own timeout is an idle timeout only: a client
 * trickling a byte now and then would keep its connection for ever. When the table is
 * full, an idle connection that never presented a valid key makes room. */
#include "list.h"
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
    n = e->n;
    if (delta < 0 && n > 0)
        n--;
    else if (delta > 0)
        n++;
    __atomic_store_n(&e->n, n, __ATOMIC_RELAXED); /* read without the lock */
    if (n == 0) {
        *pp = e->next;
        free(e);
    }
    return n;
}

struct http_count *http_counts_find(struct http_counts *c, int64_t key)
{
    for (struct http_count *e = c->b[http_counts_slot(key)]; e; e = e->next)
        if (e->key == key)
            return e;
    return NULL;
}

unsigned http_counts_get(struct http_counts *c, int64_t key)
{
    const struct http_count *e = http_counts_find(c, key);
    return e ? e->n : 0;
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

void http_conns_init(struct http_conns *t, unsigned limit)
{
    *t = (struct http_conns){0};
    t->limit = limit;
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

/* Is c receiving a body below HTTP_BODY_RATE at now_ms (counted from its headers)? How
 * far behind, in ms, in *late. */
static bool http_conn_slow(const struct http_conn *c, uint64_t now_ms, uint64_t *late)
{
    uint64_t start = __atomic_load_n(&c->body_start_ms, __ATOMIC_RELAXED);
    uint64_t due;
    if (start == 0)
        return false;
    due = start + __atomic_load_n(&c->body_bytes, __ATOMIC_RELAXED) * 1000u / HTTP_BODY_RATE;
    *late = now_ms > due ? now_ms - due : 0;
    return now_ms > due;
}

/* Shut down, to make room, the connection whose body comes furthest below the minimum
 * rate, else the oldest idle connection without a key (the last of the list), if any:
 * its polling thread sees it close. It counts no more from now on. Caller holds the
 * lock. Returns whether it found one. */
static bool http_conns_make_room(struct http_conns *t)
{
    struct http_conn *victim = NULL, *slow = NULL;
    uint64_t now = http_now_ms(), worst = 0, late = 0;
    for (struct http_conn *c = t->head->next; c; c = c->next) {
        if (c->doomed)
            continue;
        if (!__atomic_load_n(&c->keyed, __ATOMIC_RELAXED) &&
            !__atomic_load_n(&c->busy, __ATOMIC_RELAXED))
            victim = c;
        else if (http_conn_slow(c, now, &late) && (!slow || late >= worst)) {
            slow = c;
            worst = late;
        }
    }
    if (slow)
        victim = slow;
    if (!victim)
        return false;
    victim->doomed = true;
    __atomic_store_n(&victim->deadline_ms, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&t->total, t->total - 1, __ATOMIC_RELAXED);
    t->evicted++;
    shutdown(victim->fd, SHUT_RDWR);
    return true;
}

bool http_conns_evict(struct http_conns *t)
{
    bool found;
    pthread_mutex_lock(&t->lock);
    found = t->head && http_conns_make_room(t);
    pthread_mutex_unlock(&t->lock);
    return found;
}

struct http_conn *http_conns_open(struct http_conns *t, int fd, int64_t addr, uint64_t deadline_ms)
{
    struct http_conn *c = calloc(1, sizeof(*c));
    if (!c)
        return NULL;
    c->fd = fd;
    c->addr = addr;
    c->deadline_ms = deadline_ms;
    pthread_mutex_lock(&t->lock);
    LIST_PUSH(t->head, c);
    __atomic_store_n(&t->total, t->total + 1, __ATOMIC_RELAXED);
    http_counts_add(&t->per_addr, addr, 1);
    c->count = http_counts_find(&t->per_addr, addr);
    if (t->limit && t->total > t->limit)
        http_conns_make_room(t);
    pthread_mutex_unlock(&t->lock);
    return c;
}

void http_conns_close(struct http_conns *t, struct http_conn *c)
{
    if (!c)
        return;
    pthread_mutex_lock(&t->lock);
    LIST_UNLINK(t->head, c);
    if (!c->doomed)
        __atomic_store_n(&t->total, t->total - 1, __ATOMIC_RELAXED);
    http_counts_add(&t->per_addr, c->addr, -1);
    pthread_mutex_unlock(&t->lock);
    keys_memo_clear(&c->key_memo);
    free(c);
}

void http_conns_deadline(struct http_conn *c, uint64_t deadline_ms)
{
    if (c)
        __atomic_store_n(&c->deadline_ms, deadline_ms, __ATOMIC_RELAXED);
}

void http_conns_busy(struct http_conns *t, struct http_conn *c, bool busy)
{
    (void)t;
    if (c)
        __atomic_store_n(&c->busy, busy, __ATOMIC_RELAXED);
}

void http_conns_keyed(struct http_conns *t, struct http_conn *c)
{
    (void)t;
    if (c)
        __atomic_store_n(&c->keyed, true, __ATOMIC_RELAXED);
}

void http_conns_body(struct http_conn *c, uint64_t start_ms, uint64_t bytes)
{
    if (!c)
        return;
    __atomic_store_n(&c->body_bytes, bytes, __ATOMIC_RELAXED);
    __atomic_store_n(&c->body_start_ms, start_ms, __ATOMIC_RELAXED);
}

bool http_conns_is_keyed(const struct http_conn *c)
{
    return c && __atomic_load_n(&c->keyed, __ATOMIC_RELAXED);
}

void http_conns_load(struct http_conns *t, const struct http_conn *c, unsigned *total,
                     unsigned *from_addr)
{
    /* No lock: a count a request old is good enough for a limit, and c->count lives as
     * long as c (its address has at least c). */
    *total = __atomic_load_n(&t->total, __ATOMIC_RELAXED);
    *from_addr = c && c->count ? __atomic_load_n(&c->count->n, __ATOMIC_RELAXED) : 0;
}

unsigned http_conns_expire(struct http_conns *t, uint64_t now_ms)
{
    unsigned n = 0;
    pthread_mutex_lock(&t->lock);
    for (struct http_conn *c = t->head; c; c = c->next) {
        uint64_t deadline = __atomic_load_n(&c->deadline_ms, __ATOMIC_RELAXED);
        if (deadline == 0 || deadline > now_ms)
            continue;
        /* The polling thread sees the socket end and closes the connection; the
         * table forgets it then (the notify callback), before the fd is closed. */
        shutdown(c->fd, SHUT_RDWR);
        __atomic_store_n(&c->deadline_ms, 0, __ATOMIC_RELAXED);
        n++;
    }
    t->expired += n;
    pthread_mutex_unlock(&t->lock);
    return n;
}
