/* api_limits.h -- limits on what anyone may do without an admin key: creating and
 * importing campaigns (a token bucket per client address), the number of campaigns and
 * the size of the database. */
#ifndef STAMPBOOK_API_LIMITS_H
#define STAMPBOOK_API_LIMITS_H

#include <stdint.h>

#include "error.h"

struct store;

#define API_LIMITS_BUCKETS 4096

struct api_limits_config {
    unsigned create_burst;          /* creations in a row from one address; 0: no bucket */
    unsigned create_per_minute;     /* the bucket refills at this rate */
    int64_t max_campaigns;          /* 0: no cap */
    int64_t max_db_bytes;           /* 0: no cap */
    unsigned create_per_minute_all; /* all addresses together, a minute; 0: no cap */
};

struct api_limits;

/* New limits; NULL when out of memory. api_limits_free(NULL) is a no-op. */
struct api_limits *api_limits_new(const struct api_limits_config *cfg);
void api_limits_free(struct api_limits *l);

/* Take a token of client's bucket (an IPv6 client's /64) and of the bucket of all
 * addresses for creating or importing a campaign: 0, or SB_ERATE with *retry_after the
 * seconds until the next token. Safe from many threads. */
int api_limits_take_create(struct api_limits *l, const char *client, unsigned *retry_after,
                           struct sb_error *err);

/* SB_EFULL when the database is at or past its cap (its size read at most once a
 * second, on s). With s NULL (a caller that may not wait for the disk),
 * API_LIMITS_UNREAD when the size is due to be read again: nothing is checked then. */
#define API_LIMITS_UNREAD 1
int api_limits_check_size(struct api_limits *l, struct store *s, struct sb_error *err);

/* SB_EFULL when the database (its size as last read by api_limits_check_size()) and
 * the import built in aside would together pass the cap. */
int api_limits_check_growth(struct api_limits *l, struct store *aside, struct sb_error *err);

/* SB_EFULL when the server holds its cap of campaigns. */
int api_limits_check_campaigns(struct api_limits *l, struct store *s, struct sb_error *err);

#endif
