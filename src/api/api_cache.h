/* api_cache.h -- the answers of the hottest reads kept in memory, so that the HTTP layer
 * can give them on its polling thread, without a worker or SQLite. Internal to the API. */
#ifndef STAMPBOOK_API_CACHE_H
#define STAMPBOOK_API_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "campaign.h"
#include "keys.h"

struct api_cache;

/* The longest ETag a cached answer keeps, its NUL included (api.c asserts it holds
 * every ETag an answer has: API_ETAG_MAX). */
#define API_CACHE_ETAG_MAX 32

/* What an answer was read for: the route (its index), the campaign and game of its
 * path; and with: the store's generation all through the read (store_pool_generation()
 * the same before and after it, never STORE_GENERATION_BUSY), the hashes of the
 * campaign's two keys then, the answer's ETag and body. */
struct api_cache_key {
    int route;
    int64_t cid, gid;
};

struct api_cache_fill {
    uint64_t generation;
    unsigned char key_hash[KEYS_HASH_BYTES];
    unsigned char view_key_hash[KEYS_HASH_BYTES];
    const char *etag;
    const char *body;
    size_t len;
};

/* A cache trusting an answer for at most max_age_ms, which bounds how long a write by
 * another process (`stampbook keys --rotate` on the same file) goes unseen; writes of
 * this process end an answer at once through the store's generation. NULL when out of
 * memory. */
struct api_cache *api_cache_new(unsigned max_age_ms);

/* Free it; NULL is a no-op. */
void api_cache_free(struct api_cache *c);

/* Keep a copy of an answer, replacing whatever shared its slot. Nothing is kept when
 * out of memory. This function can't fail. */
void api_cache_put(struct api_cache *c, const struct api_cache_key *k,
                   const struct api_cache_fill *f);

/* Where api_cache_get() puts an answer: *body (malloc'd, the caller frees it) and *len,
 * etag (etag_size bytes), *serial (the fill's number, unique). When known(cls, serial)
 * says the caller holds that answer already, *body stays NULL (no copy). */
struct api_cache_out {
    char **body;
    size_t *len;
    char *etag;
    size_t etag_size;
    uint64_t *serial;
    bool (*known)(void *cls, uint64_t serial); /* NULL: always copied */
    void *cls;
};

/* The answer of k if it was read at generation (the store's now), within max_age_ms,
 * and key_hash opens its campaign (either key: the cached routes read): true with out
 * filled. False otherwise, and when out of memory: the request is then answered the
 * long way. */
bool api_cache_get(struct api_cache *c, const struct api_cache_key *k, uint64_t generation,
                   const unsigned char key_hash[KEYS_HASH_BYTES], const struct api_cache_out *out);

/* Drop every answer. This function can't fail. */
void api_cache_clear(struct api_cache *c);

/* The campaigns an append's key was checked against, kept so that an append reads no
 * campaign row: a campaign kept is good within max_age_ms while no other write of this
 * process has ended since it was read (api_cache_campaigns_changed()). Read
 * api_cache_campaigns_epoch() before reading the row, and keep the row with it: a row
 * read before a change that ended after is not kept. These functions can't fail. */
uint64_t api_cache_campaigns_epoch(struct api_cache *c);
void api_cache_campaign_put(struct api_cache *c, uint64_t epoch, const struct store_campaign *cp);
/* True with *out when cid is kept and good. */
bool api_cache_campaign_get(struct api_cache *c, int64_t cid, struct store_campaign *out);
/* A write that may have changed a campaign (its keys, its stamp owner) has committed. */
void api_cache_campaigns_changed(struct api_cache *c);

#endif
