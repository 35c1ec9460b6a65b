/* api_limits.c -- the limits that hold without an admin key: a token bucket per client
 * address on creating and importing campaigns, a cap on the number of campaigns, and a
 * cap on the size of the database past which writes are refused (507). */
#include "api_limits.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "api_internal.h"

#define API_SIZE_CHECK_MS 1000 /* the database's size is read again after this */

struct api_bucket {
    char client[48];
    double tokens;
    uint64_t at_ms; /* when tokens was worked out */
};

struct api_limits {
    pthread_mutex_t lock;
    struct api_limits_config cfg;
    struct api_bucket buckets[API_LIMITS_BUCKETS];
    int64_t db_bytes;
    uint64_t db_checked_ms; /* 0: never */
};

static uint64_t api_limits_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

struct api_limits *api_limits_new(const struct api_limits_config *cfg)
{
    struct api_limits *l = calloc(1, sizeof(*l));
    if (!l)
        return NULL;
    pthread_mutex_init(&l->lock, NULL);
    l->cfg = *cfg;
    return l;
}

void api_limits_free(struct api_limits *l)
{
    if (!l)
        return;
    pthread_mutex_destroy(&l->lock);
    free(l);
}

/* The bucket of client (FNV-1a of the text; a bucket another address held starts
 * full for this one). */
static struct api_bucket *api_bucket_of(struct api_limits *l, const char *client, uint64_t now)
{
    uint64_t h = 1469598103934665603u;
    struct api_bucket *b;
    for (const unsigned char *p = (const unsigned char *)client; *p; p++)
        h = (h ^ *p) * 1099511628211u;
    b = &l->buckets[h % API_LIMITS_BUCKETS];
    if (strncmp(b->client, client, sizeof(b->client) - 1) != 0 || b->at_ms == 0) {
        memset(b->client, 0, sizeof(b->client));
        strncpy(b->client, client, sizeof(b->client) - 1);
        b->tokens = (double)l->cfg.create_burst;
        b->at_ms = now;
    }
    return b;
}

int api_limits_take_create(struct api_limits *l, const char *client, unsigned *retry_after,
                           struct sb_error *err)
{
    uint64_t now = api_limits_now_ms();
    double rate = (double)l->cfg.create_per_minute / 60000.0; /* tokens a millisecond */
    struct api_bucket *b;
    int rc = 0;
    if (l->cfg.create_burst == 0)
        return 0;
    pthread_mutex_lock(&l->lock);
    b = api_bucket_of(l, client ? client : "", now);
    b->tokens += (double)(now - b->at_ms) * rate;
    if (b->tokens > (double)l->cfg.create_burst)
        b->tokens = (double)l->cfg.create_burst;
    b->at_ms = now;
    if (b->tokens >= 1.0) {
        b->tokens -= 1.0;
    } else {
        double wait_ms = rate > 0 ? (1.0 - b->tokens) / rate : 3600000.0;
        *retry_after = (unsigned)ceil(wait_ms / 1000.0);
        rc = sb_fail(err, SB_ERATE, NULL,
                     "too many campaigns created or imported from this address: "
                     "try again in %u s",
                     *retry_after);
    }
    pthread_mutex_unlock(&l->lock);
    return rc;
}

int api_limits_check_size(struct api_limits *l, struct store *s, struct sb_error *err)
{
    uint64_t now = api_limits_now_ms();
    int64_t bytes = 0;
    int rc = 0;
    if (l->cfg.max_db_bytes <= 0)
        return 0;
    pthread_mutex_lock(&l->lock);
    if (l->db_checked_ms && now - l->db_checked_ms < API_SIZE_CHECK_MS)
        bytes = l->db_bytes;
    else
        rc = 1;
    pthread_mutex_unlock(&l->lock);
    if (rc == 1) {
        rc = campaign_db_size(s, &bytes, err);
        if (rc != 0)
            return rc;
        pthread_mutex_lock(&l->lock);
        l->db_bytes = bytes;
        l->db_checked_ms = now;
        pthread_mutex_unlock(&l->lock);
    }
    if (bytes >= l->cfg.max_db_bytes)
        return sb_fail(err, SB_EFULL, NULL,
                       "the database has reached its size limit (%lld MiB): nothing more can "
                       "be written",
                       (long long)(l->cfg.max_db_bytes >> 20));
    return 0;
}

int api_limits_check_campaigns(struct api_limits *l, struct store *s, struct sb_error *err)
{
    int64_t n = 0;
    int rc;
    if (l->cfg.max_campaigns <= 0)
        return 0;
    rc = campaign_db_count(s, &n, err);
    if (rc == 0 && n >= l->cfg.max_campaigns)
        rc = sb_fail(err, SB_EFULL, NULL, "the server holds as many campaigns as it may (%lld)",
                     (long long)l->cfg.max_campaigns);
    return rc;
}
