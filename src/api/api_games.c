/* api_games.c -- the game routes: each parses its request, calls the game layer
 * (game.h) and answers. */
#include "api_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

/* ---- routes ---- */

/* Answer {"game":…,"state":…} for gid with its ETag. */
static int api_reply_game(struct api_ctx *ctx, int status, int64_t gid)
{
    char *game = NULL, *state = NULL, *body = NULL;
    int64_t version = 0;
    int rc = campaign_game_read(&ctx->game, gid, &game, &state, &version);
    if (rc == 0) {
        size_t len = strlen(game) + strlen(state) + 32;
        if (!(body = malloc(len)))
            rc = sb_oom(&ctx->err);
        else
            snprintf(body, len, "{\"game\":%s,\"state\":%s}", game, state);
    }
    if (rc == 0) {
        api_reply_owned(ctx, status, body);
        api_set_etag(ctx, version);
    }
    free(game);
    free(state);
    return rc;
}

int api_post_game(struct api_ctx *ctx)
{
    cJSON *body = NULL;
    const char *edition = ctx->campaign.edition;
    char *board = NULL;
    int64_t gid = 0;
    int rc = api_body_object(ctx, &body);
    if (rc == 0)
        rc = json_get_string(body, "edition", false, 64, false, &edition, &ctx->err);
    if (rc == 0 && !editions_find(ctx->api->editions, edition))
        rc = sb_fail(&ctx->err, SB_EINVALID, NULL, "edition: no edition '%s'", edition);
    if (rc == 0)
        rc = api_read_box(ctx, body, &edition, &board);
    if (rc == 0)
        rc = campaign_game_start(&ctx->game, ctx->api->editions, edition, board, body, &gid);
    free(board);
    if (rc == 0)
        rc = api_reply_game(ctx, 201, gid);
    if (rc == 0)
        api_game_changed(ctx->api, ctx->cid, gid);
    cJSON_Delete(body);
    return rc;
}

int api_get_games(struct api_ctx *ctx)
{
    return api_answer_list(ctx, "games", campaign_games);
}

int api_get_game(struct api_ctx *ctx)
{
    return api_reply_game(ctx, 200, ctx->gid);
}

/* Read an optional non-negative sequence number from the query. */
static int api_seq_param(struct api_ctx *ctx, const char *key, int64_t *out)
{
    const char *v = api_param(ctx, key);
    char *end = NULL;
    long long n;
    if (!v)
        return 0;
    n = strtoll(v, &end, 10);
    if (!*v || *end || n < 0 || n > JSON_INT_MAX || (v[0] == '0' && v[1]))
        return sb_fail(&ctx->err, SB_EBADREQ, NULL, "'%s' must be a whole number >= 0", key);
    *out = n;
    return 0;
}

int api_get_game_state(struct api_ctx *ctx)
{
    int64_t at = -1, version = 0;
    char *text = NULL;
    int rc = api_seq_param(ctx, "at", &at);
    if (rc == 0 && at < 0)
        rc = campaign_game_state(&ctx->game, ctx->gid, &text, &version);
    else if (rc == 0)
        rc = game_state_at(&ctx->game, ctx->gid, at, &text, &version);
    if (rc == 0) {
        api_reply_owned(ctx, 200, text);
        api_set_etag(ctx, version);
    }
    return rc;
}

int api_get_events(struct api_ctx *ctx)
{
    int64_t after = 0, version = 0;
    char *events = NULL;
    int rc = api_seq_param(ctx, "after", &after);
    if (rc == 0)
        rc = campaign_game_events(&ctx->game, ctx->gid, after, &events, &version);
    if (rc == 0) {
        api_reply_owned(ctx, 200, events);
        api_set_etag(ctx, version);
    }
    return rc;
}

/* Check an Idempotency-Key header: printable ASCII, 1..128 bytes. */
static int api_check_idem_key(struct api_ctx *ctx, const char *key)
{
    size_t n = strlen(key);
    if (n == 0 || n > 128)
        return sb_fail(&ctx->err, SB_EBADREQ, NULL, "Idempotency-Key must be 1..128 bytes");
    for (size_t i = 0; i < n; i++)
        if (key[i] < 0x21 || key[i] > 0x7e)
            return sb_fail(&ctx->err, SB_EBADREQ, NULL,
                           "Idempotency-Key must be printable ASCII without spaces");
    return 0;
}

/* Answer an appended event (status 201) or the first answer to its Idempotency-Key. */
static void api_event_answer(struct api_ctx *ctx, char *text, int status, int64_t version)
{
    api_reply_owned(ctx, status, text);
    api_set_etag(ctx, version);
    if (status == 201)
        api_game_changed(ctx->api, ctx->cid, ctx->gid);
}

/* The end of an append answered later (game_posted_fn), on the writer's thread. */
static void api_event_posted(void *arg, int rc, char *text, int status, int64_t version)
{
    struct api_ctx *ctx = arg;
    if (rc == 0)
        api_event_answer(ctx, text, status, version);
    api_answer_later(ctx, rc);
}

int api_post_event(struct api_ctx *ctx)
{
    cJSON *body = NULL;
    const char *key = ctx->req->idempotency_key;
    char *text = NULL;
    int64_t version = 0;
    int status = 0;
    int rc = key ? api_check_idem_key(ctx, key) : 0;

    if (rc == 0)
        rc = api_body_object(ctx, &body);
    if (rc == 0 && api_can_answer_later(ctx)) {
        /* The worker goes on to the next request while the writer appends this one. */
        ctx->later_doc = body;
        rc = game_post_event_later(&ctx->game, ctx->gid, body, key, ctx->req->if_match,
                                   api_event_posted, ctx);
        if (rc == 0)
            return API_LATER;
        ctx->later_doc = NULL;
    } else if (rc == 0) {
        rc = game_post_event(&ctx->game, ctx->gid, body, key, ctx->req->if_match, &text, &status,
                             &version);
    }
    if (rc == 0)
        api_event_answer(ctx, text, status, version);
    cJSON_Delete(body);
    return rc;
}

int api_post_undo(struct api_ctx *ctx)
{
    char *text = NULL;
    int64_t version = 0;
    int rc = game_undo(&ctx->game, ctx->gid, ctx->req->if_match, &text, &version);
    if (rc == 0) {
        api_reply_owned(ctx, 200, text);
        api_set_etag(ctx, version);
        api_game_changed(ctx->api, ctx->cid, ctx->gid);
    }
    return rc;
}

int api_get_stream(struct api_ctx *ctx)
{
    int rc = campaign_game_exists(&ctx->game, ctx->gid);
    if (rc != 0)
        return rc;
    ctx->res->stream = true;
    ctx->res->stream_campaign = ctx->cid;
    ctx->res->stream_game = ctx->gid;
    ctx->res->stream_anonymous = ctx->campaign.anonymous;
    memcpy(ctx->res->stream_key, ctx->key_hash, KEYS_HASH_BYTES);
    ctx->res->status = 200;
    ctx->res->content_type = "text/event-stream";
    return 0;
}
