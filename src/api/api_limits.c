/* api_limits.c -- the limits that hold without an admin key: a token bucket per client
 * address (an IPv6 address per /64) on creating and importing campaigns and one for all
 * addresses together, a cap on the number of campaigns, and a cap on the size of the
 * database past which writes are refused (507), an import's size counted before it
 * commits. */
#include "api_limits.h"

#include <stddef.h>
#include <arpa/inet.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "campaign.h"
#include "locked.h"

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
    struct api_bucket all; /* every address together */
    int64_t db_bytes;
    uint64_t db_checked_ms; /* 0: never */
};
_Static_assert(offsetof(struct api_limits, lock) == 0, "locked_new() makes the lock first");

static uint64_t api_limits_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

struct api_limits *api_limits_new(const struct api_limits_config *cfg)
{
    struct api_limits *l = locked_new(sizeof(*l));
    if (l)
        l->cfg = *cfg;
    return l;
}

void api_limits_free(struct api_limits *l)
{
    locked_free(l);
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
        snprintf(b->client, sizeof(b->client), "%s", client);
        b->tokens = (double)l->cfg.create_burst;
        b->at_ms = now;
    }
    return b;
}

/* Refill b at rate tokens a millisecond up to burst, and take a token: true, or false
 * with *wait_ms until there is one. */
static bool api_bucket_take(struct api_bucket *b, double rate, double burst, uint64_t now,
                            double *wait_ms)
{
    b->tokens += (double)(now - b->at_ms) * rate;
    if (b->tokens > burst)
        b->tokens = burst;
    b->at_ms = now;
    if (b->tokens >= 1.0) {
        b->tokens -= 1.0;
        return true;
    }
    *wait_ms = rate > 0 ? (1.0 - b->tokens) / rate : 3600000.0;
    return false;
}

/* The address client counts as: an IPv6 address by its /64 (one host has them all),
 * anything else as it is. */
static void api_limits_client(const char *client, char *out, size_t size)
{
    struct in6_addr a;
    snprintf(out, size, "%s", client ? client : "");
    if (!strchr(out, ':') || inet_pton(AF_INET6, out, &a) != 1 || IN6_IS_ADDR_V4MAPPED(&a))
        return;
    memset(a.s6_addr + 8, 0, 8);
    if (!inet_ntop(AF_INET6, &a, out, (socklen_t)size))
        snprintf(out, size, "%s", client);
}

int api_limits_take_create(struct api_limits *l, const char *client, unsigned *retry_after,
                           struct sb_error *err)
{
    uint64_t now = api_limits_now_ms();
    double rate = (double)l->cfg.create_per_minute / 60000.0; /* tokens a millisecond */
    double all = (double)l->cfg.create_per_minute_all;
    double wait_ms = 0;
    char who[sizeof(((struct api_bucket *)0)->client)];
    struct api_bucket *b;
    int rc = 0;
    const char *what = "from this address";
    if (l->cfg.create_burst == 0 && l->cfg.create_per_minute_all == 0)
        return 0;
    api_limits_client(client, who, sizeof(who));
    pthread_mutex_lock(&l->lock);
    if (l->all.at_ms == 0) {
        l->all.tokens = all;
        l->all.at_ms = now;
    }
    b = l->cfg.create_burst ? api_bucket_of(l, who, now) : NULL;
    if (b && !api_bucket_take(b, rate, (double)l->cfg.create_burst, now, &wait_ms)) {
        rc = SB_ERATE;
    } else if (all > 0 && !api_bucket_take(&l->all, all / 60000.0, all, now, &wait_ms)) {
        if (b)
            b->tokens += 1.0; /* not this address's doing */
        what = "on this server (from all addresses)";
        rc = SB_ERATE;
    }
    pthread_mutex_unlock(&l->lock);
    if (rc != 0) {
        *retry_after = (unsigned)ceil(wait_ms / 1000.0);
        rc = sb_fail(err, SB_ERATE, NULL,
                     "too many campaigns created or imported %s: try again in %u s", what,
                     *retry_after);
    }
    return rc;
}

/* SB_EFULL past the cap. */
static int api_limits_full(const struct api_limits *l, struct sb_error *err)
{
    return sb_fail(err, SB_EFULL, NULL,
                   "the database has reached its size limit (%lld MiB): nothing more can "
                   "be written",
                   (long long)(l->cfg.max_db_bytes >> 20));
}

int api_limits_check_growth(struct api_limits *l, struct store *aside, struct sb_error *err)
{
    int64_t bytes = 0, grows = 0;
    int rc;
    if (l->cfg.max_db_bytes <= 0)
        return 0;
    pthread_mutex_lock(&l->lock);
    bytes = l->db_bytes;
    pthread_mutex_unlock(&l->lock);
    rc = campaign_db_size(aside, &grows, err);
    if (rc == 0 && bytes + grows > l->cfg.max_db_bytes)
        rc = api_limits_full(l, err);
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
        rc = API_LIMITS_UNREAD;
    pthread_mutex_unlock(&l->lock);
    if (rc == API_LIMITS_UNREAD && !s)
        return rc;
    if (rc == API_LIMITS_UNREAD) {
        rc = campaign_db_size(s, &bytes, err);
        if (rc != 0)
            return rc;
        pthread_mutex_lock(&l->lock);
        l->db_bytes = bytes;
        l->db_checked_ms = now;
        pthread_mutex_unlock(&l->lock);
    }
    return bytes >= l->cfg.max_db_bytes ? api_limits_full(l, err) : 0;
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
