/* api_cache.c -- the answers of the hottest reads, in a small table of slots each with
 * its own lock: a slot is found from the route and the game, and holds one answer. */
#include "api_cache.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "keys.h"

#define API_CACHE_SLOTS 64 /* games read at once by a crowd, with room to spare */

struct api_cache_slot {
    pthread_mutex_t lock;
    bool used;
    struct api_cache_key key;
    uint64_t generation;
    uint64_t filled_ms;
    unsigned char key_hash[KEYS_HASH_BYTES];
    unsigned char view_key_hash[KEYS_HASH_BYTES];
    char etag[API_CACHE_ETAG_MAX];
    char *body;
    size_t len;
    uint64_t serial;
};

#define API_CACHE_CAMPAIGNS 64

struct api_cache_campaign {
    bool used;
    uint64_t epoch, filled_ms;
    struct store_campaign c;
};

struct api_cache {
    unsigned max_age_ms;
    pthread_mutex_t campaigns_lock;
    atomic_uint_fast64_t epoch; /* of the campaigns: up at every write but appends */
    struct api_cache_campaign campaigns[API_CACHE_CAMPAIGNS];
    atomic_uint_fast64_t fills; /* the serial of the last answer kept */
    struct api_cache_slot slots[API_CACHE_SLOTS];
};

/* The coarse clock (a few milliseconds a tick, read without the TSC): an answer's age
 * is checked on every cached read, and against a limit of a second or so. */
static uint64_t api_cache_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC_COARSE, &t);
    return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

static struct api_cache_slot *api_cache_slot(struct api_cache *c, const struct api_cache_key *k)
{
    uint64_t h = ((uint64_t)k->gid * 0x9e3779b97f4a7c15u) ^ (uint64_t)k->route;
    return &c->slots[(h >> 32) % API_CACHE_SLOTS];
}

static bool api_cache_same(const struct api_cache_key *a, const struct api_cache_key *b)
{
    return a->route == b->route && a->cid == b->cid && a->gid == b->gid;
}

/* Copy the string src into dst of size bytes, cut to fit: the ETag of an answer, on the
 * path of every cached read (no printf there). */
static void api_cache_copy(char *dst, size_t size, const char *src)
{
    size_t n = size > 0 ? strnlen(src, size - 1) : 0;
    if (size == 0)
        return;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

struct api_cache *api_cache_new(unsigned max_age_ms)
{
    struct api_cache *c = calloc(1, sizeof(*c));
    if (!c)
        return NULL;
    c->max_age_ms = max_age_ms;
    pthread_mutex_init(&c->campaigns_lock, NULL);
    for (size_t i = 0; i < API_CACHE_SLOTS; i++)
        pthread_mutex_init(&c->slots[i].lock, NULL);
    return c;
}

void api_cache_free(struct api_cache *c)
{
    if (!c)
        return;
    api_cache_clear(c);
    for (size_t i = 0; i < API_CACHE_SLOTS; i++)
        pthread_mutex_destroy(&c->slots[i].lock);
    pthread_mutex_destroy(&c->campaigns_lock);
    free(c);
}

void api_cache_put(struct api_cache *c, const struct api_cache_key *k,
                   const struct api_cache_fill *f)
{
    struct api_cache_slot *slot = api_cache_slot(c, k);
    char *copy = malloc(f->len + 1);
    char *old;
    if (!copy)
        return;
    memcpy(copy, f->body, f->len);
    copy[f->len] = '\0';
    pthread_mutex_lock(&slot->lock);
    old = slot->body;
    slot->used = true;
    slot->key = *k;
    slot->generation = f->generation;
    slot->filled_ms = api_cache_now_ms();
    memcpy(slot->key_hash, f->key_hash, KEYS_HASH_BYTES);
    memcpy(slot->view_key_hash, f->view_key_hash, KEYS_HASH_BYTES);
    api_cache_copy(slot->etag, sizeof(slot->etag), f->etag ? f->etag : "");
    slot->body = copy;
    slot->len = f->len;
    slot->serial = atomic_fetch_add(&c->fills, 1) + 1;
    pthread_mutex_unlock(&slot->lock);
    free(old);
}

/* Is the slot's answer the one of k, still good at generation and now? Its lock is
 * held. */
static bool api_cache_fresh(const struct api_cache *c, const struct api_cache_slot *slot,
                            const struct api_cache_key *k, uint64_t generation)
{
    return slot->used && api_cache_same(&slot->key, k) && slot->generation == generation &&
           api_cache_now_ms() - slot->filled_ms <= c->max_age_ms;
}

bool api_cache_get(struct api_cache *c, const struct api_cache_key *k, uint64_t generation,
                   const unsigned char key_hash[KEYS_HASH_BYTES], const struct api_cache_out *out)
{
    struct api_cache_slot *slot = api_cache_slot(c, k);
    bool hit = false;
    pthread_mutex_lock(&slot->lock);
    if (api_cache_fresh(c, slot, k, generation) &&
        (keys_equal(key_hash, slot->key_hash) || keys_equal(key_hash, slot->view_key_hash))) {
        bool held = out->known && out->known(out->cls, slot->serial);
        *out->body = held ? NULL : malloc(slot->len + 1);
        if (*out->body)
            memcpy(*out->body, slot->body, slot->len + 1);
        hit = held || *out->body;
        *out->len = slot->len;
        *out->serial = slot->serial;
        api_cache_copy(out->etag, out->etag_size, slot->etag);
    }
    pthread_mutex_unlock(&slot->lock);
    return hit;
}

void api_cache_clear(struct api_cache *c)
{
    for (size_t i = 0; i < API_CACHE_SLOTS; i++) {
        struct api_cache_slot *slot = &c->slots[i];
        pthread_mutex_lock(&slot->lock);
        free(slot->body);
        slot->body = NULL;
        slot->len = 0;
        slot->used = false;
        pthread_mutex_unlock(&slot->lock);
    }
    api_cache_campaigns_changed(c);
}

uint64_t api_cache_campaigns_epoch(struct api_cache *c)
{
    return atomic_load(&c->epoch);
}

void api_cache_campaigns_changed(struct api_cache *c)
{
    atomic_fetch_add(&c->epoch, 1);
}

void api_cache_campaign_put(struct api_cache *c, uint64_t epoch, const struct store_campaign *cp)
{
    struct api_cache_campaign *e = &c->campaigns[(uint64_t)cp->id % API_CACHE_CAMPAIGNS];
    pthread_mutex_lock(&c->campaigns_lock);
    e->used = true;
    e->epoch = epoch;
    e->filled_ms = api_cache_now_ms();
    e->c = *cp;
    pthread_mutex_unlock(&c->campaigns_lock);
}

bool api_cache_campaign_get(struct api_cache *c, int64_t cid, struct store_campaign *out)
{
    struct api_cache_campaign *e = &c->campaigns[(uint64_t)cid % API_CACHE_CAMPAIGNS];
    bool hit;
    pthread_mutex_lock(&c->campaigns_lock);
    hit = e->used && e->c.id == cid && e->epoch == atomic_load(&c->epoch) &&
          api_cache_now_ms() - e->filled_ms <= c->max_age_ms;
    if (hit)
        *out = e->c;
    pthread_mutex_unlock(&c->campaigns_lock);
    return hit;
}
