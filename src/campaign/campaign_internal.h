/* campaign_internal.h -- what the files of the campaign layer share. */
#ifndef STAMPBOOK_CAMPAIGN_INTERNAL_H
#define STAMPBOOK_CAMPAIGN_INTERNAL_H

#include "campaign.h"
#include "store.h"

/* The request's connection. */
#define CAMPAIGN_DB(r) (*(r)->store)

/* End the write transaction of the request's connection: COMMIT when rc is 0, else
 * roll back. Returns rc, or the COMMIT's failure. */
int campaign_end_write(struct game_req *r, int rc);

/* Parse a JSON text from the store, and free it (SB_EIO when it is not valid JSON; text
 * is freed either way, and NULL text leaves rc as it is). */
int campaign_take_json(struct game_req *r, int rc, char *text, cJSON **out);

/* Join JSON texts into one object text: fmt as snprintf with its %s for them; *out the
 * caller's to free. */
int campaign_join(struct game_req *r, char **out, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A store reader of one campaign's JSON text. */
typedef int (*campaign_reader_fn)(struct store *s, int64_t cid, char **out, struct sb_error *err);

/* In the caller's read transaction: the campaign object, then players_fn's and
 * games_fn's texts; each the caller's to free. */
/* The campaign object ({"id",…,"boxes":[{"edition","active_game","checked","facts"}]})
 * of cid (campaign_boxes.c). */
int campaign_object(struct game_req *r, int64_t cid, char **out);

int campaign_read_three(struct game_req *r, campaign_reader_fn players_fn,
                        campaign_reader_fn games_fn, char **campaign, char **players, char **games);

#endif
