/* api_internal.h -- what the route handlers of api_*.c share: the request context,
 * answer helpers and the handlers themselves. Not for the HTTP layer. */
#ifndef STAMPBOOK_API_INTERNAL_H
#define STAMPBOOK_API_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "api.h"
#include "campaign.h"
#include "editions.h"
#include "error.h"
#include "game.h"
#include "metrics.h"

enum api_access { ACCESS_NONE, ACCESS_READ, ACCESS_WRITE };

struct api_limits;

struct api {
    struct store_pool *pool;
    struct games *games; /* the game layer's cache of recent games */
    struct editions *editions;
    struct metrics *metrics;
    struct api_limits *limits; /* api_limits.c */
    struct api_cache *cache;   /* answers of the hottest reads (api_cache.c); NULL: none */
    char *share_dir;
    bool has_admin_key;
    unsigned char admin_hash[32];
    bool has_metrics_key; /* GET /metrics needs Authorization: Bearer <metrics key> */
    unsigned char metrics_hash[32];
    char *openapi; /* the OpenAPI document as text, NULL when missing */
    size_t openapi_len;
    pthread_mutex_t change_lock; /* guards on_change */
    api_change_fn on_change;     /* see api_on_change() */
    void *on_change_cls;
    atomic_flag importing; /* an import is running (one at a time) */
};

/* One request being answered. */
struct api_ctx {
    struct api *api;
    const struct api_request *req;
    struct api_response *res;
    struct store *store;
    struct sb_error err;
    /* path parameters, as the route names them */
    int64_t cid, gid, pid, mid;
    const char *slug; /* eid, did or card; points into slug_buf */
    char slug_buf[128];
    enum api_access access;
    unsigned char key_hash[KEYS_HASH_BYTES]; /* of the key that opened the campaign */
    struct store_campaign campaign;          /* loaded when the route is under a campaign */
    struct game_req game;                    /* the game layer's view of this request */
    bool in_read;     /* store holds the read transaction api_run() began for the route */
    bool now;         /* on a polling thread (api_handle_now()): no store, nothing read */
    cJSON *later_doc; /* a route answering later (API_LATER): what it frees then */
};

/* What a handler returns when it answers later, through api_answer_later(). */
#define API_LATER 1
/* What a check returns in api_handle_now() when it would have to read the store: the
 * request goes to a worker, with nothing done. */
#define API_NEEDS_IO 2

/* Does this request create a campaign anonymously: over HTTP on a server without an
 * admin key (the command line's own requests are its operator's)? This function can't
 * fail. */
bool api_creates_anonymously(const struct api_ctx *ctx);
/* May this request's handler answer later (the caller waits, the route takes the
 * writer only to write)? This function can't fail. */
bool api_can_answer_later(const struct api_ctx *ctx);
/* The end of a handler that returned API_LATER, from any thread, when it has answered
 * (rc 0, the answer in ctx->res) or failed (rc): what api_handle() does after a handler,
 * then the caller told. ctx is gone on return. */
void api_answer_later(struct api_ctx *ctx, int rc);

typedef int (*api_handler_fn)(struct api_ctx *ctx);

/* ---- answers (api.c) ---- */

/* Answer status with a body that the response takes over (must be malloc'd). */
void api_reply_owned(struct api_ctx *ctx, int status, char *body);
/* Answer status with a copy of text. Returns 0 or SB_ENOMEM. */
int api_reply_text(struct api_ctx *ctx, int status, const char *content_type, const char *text,
                   size_t len);
/* Answer status with item printed (item is not freed). Returns 0 or SB_ENOMEM. */
int api_reply_json(struct api_ctx *ctx, int status, const cJSON *item);
/* Answer {"<key>": <raw JSON text>} without parsing text. Returns 0 or SB_ENOMEM. */
int api_reply_wrapped(struct api_ctx *ctx, int status, const char *key, const char *raw);
/* A read that gives its answer as JSON text (caller frees): campaign_read() and the like. */
typedef int api_read_fn(struct game_req *r, char **text);
/* Answer 200 with the text read gives. Returns 0 or read's failure. */
int api_answer_read(struct api_ctx *ctx, api_read_fn *read);
/* Answer 200 {"<key>": the text read gives}. Returns 0, read's failure or SB_ENOMEM. */
int api_answer_list(struct api_ctx *ctx, const char *key, api_read_fn *read);
/* The end of a handler: answer status with text (which the response takes over) when rc
 * is 0, else free text. Returns rc. */
int api_answer_owned(struct api_ctx *ctx, int rc, int status, char *text);
/* The end of a handler: answer status with doc printed when rc is 0; doc is freed.
 * Returns rc, or SB_ENOMEM when the answer cannot be printed. */
int api_answer_json(struct api_ctx *ctx, int rc, int status, cJSON *doc);
/* Set the ETag of the answer to the game version. */
void api_set_etag(struct api_ctx *ctx, int64_t version);
/* The end of a read whose answer has no version of its own (a board, the journal):
 * api_answer_json(), then an ETag that a hash of the body makes ("c" and 16 hex
 * digits), so that If-None-Match can be answered 304. */
int api_answer_json_tagged(struct api_ctx *ctx, int rc, cJSON *doc);
/* The value of query parameter key, or NULL. */
const char *api_param(const struct api_ctx *ctx, const char *key);
/* Parse the request body as a JSON object (415/400 as needed). */
int api_body_object(struct api_ctx *ctx, cJSON **out);
/* Wake those following any game of campaign cid (a change that may touch several). */
void api_campaign_changed(struct api *api, int64_t cid);
/* Wake those following game gid of campaign cid only. */
void api_game_changed(struct api *api, int64_t cid, int64_t gid);
/* Parse a JSON text from the store (SB_EIO when it is not valid JSON). */
int api_parse_stored(struct api_ctx *ctx, const char *text, cJSON **out);
/* The same, and free text. */
int api_take_stored(struct api_ctx *ctx, char *text, cJSON **out);

/* ---- handlers ---- */

int api_get_health(struct api_ctx *ctx);
int api_get_editions(struct api_ctx *ctx);
int api_get_edition(struct api_ctx *ctx);
int api_get_openapi(struct api_ctx *ctx);
int api_get_metrics(struct api_ctx *ctx);

int api_post_campaign(struct api_ctx *ctx);
int api_get_campaign(struct api_ctx *ctx);
int api_patch_campaign(struct api_ctx *ctx);
int api_get_board(struct api_ctx *ctx);
int api_put_board_destination(struct api_ctx *ctx);
int api_put_board_journal(struct api_ctx *ctx);
int api_put_board_chance(struct api_ctx *ctx);
int api_put_board_space(struct api_ctx *ctx);
int api_put_board_deed(struct api_ctx *ctx);
int api_put_board_community(struct api_ctx *ctx);
int api_post_player(struct api_ctx *ctx);
int api_get_players(struct api_ctx *ctx);
int api_patch_player(struct api_ctx *ctx);

/* Read body's "board" (a box file) if present into *text, a board document to store (the
 * caller frees it), and its edition into *edition (borrowed from body); api_campaigns.c. */
int api_read_box(struct api_ctx *ctx, const cJSON *body, const char **edition, char **text);

int api_post_game(struct api_ctx *ctx);
int api_get_games(struct api_ctx *ctx);
int api_get_game(struct api_ctx *ctx);
int api_get_game_state(struct api_ctx *ctx);
int api_get_events(struct api_ctx *ctx);
int api_post_event(struct api_ctx *ctx);
int api_post_undo(struct api_ctx *ctx);
int api_get_stream(struct api_ctx *ctx);

int api_get_journal(struct api_ctx *ctx);
int api_get_journal_card(struct api_ctx *ctx);
int api_get_stats(struct api_ctx *ctx);
int api_get_export(struct api_ctx *ctx);
int api_post_import(struct api_ctx *ctx);
int api_post_keys(struct api_ctx *ctx);
int api_get_campaigns(struct api_ctx *ctx);
/* {"campaigns":[…]} whoever asks: for the route above and the command line. */
int api_list_all_campaigns(struct api_ctx *ctx);
/* api_plays.c */
int api_get_plays_csv(struct api_ctx *ctx);
int api_get_plays_bgg(struct api_ctx *ctx);
int api_get_plays_bgstats(struct api_ctx *ctx);
int api_get_plays_bgg_xml(struct api_ctx *ctx);

/* api_memories.c */
int api_post_memory(struct api_ctx *ctx);
int api_get_memories(struct api_ctx *ctx);
int api_delete_memory(struct api_ctx *ctx);
int api_patch_memory(struct api_ctx *ctx);
int api_put_memory_photo(struct api_ctx *ctx);
int api_get_memory_photo(struct api_ctx *ctx);
int api_get_recap(struct api_ctx *ctx);
int api_get_summary_svg(struct api_ctx *ctx);

#endif
