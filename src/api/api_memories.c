/* api_memories.c -- memories and their photos, the recap and the night card (API.md
 * "Memories", "Recap and night summary"). Each handler parses, calls one function of
 * the game layer (memory.h) and answers. */
#include "api_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memory.h"

#define PHOTO_CACHE "private, max-age=86400"
#define PHOTO_CSP "default-src 'none'"
/* the night card shows nothing from outside but the photo it holds as a data: URI */
#define CARD_CSP "default-src 'none'; img-src data:"

/* Answer 204 No Content. */
static int api_reply_empty(struct api_ctx *ctx)
{
    return api_reply_text(ctx, 204, "text/plain; charset=utf-8", "", 0);
}

int api_post_memory(struct api_ctx *ctx)
{
    cJSON *body = NULL;
    char *answer = NULL;
    int rc = api_body_object(ctx, &body);
    if (rc == 0)
        rc = memory_post(&ctx->game, body, &answer);
    rc = api_answer_owned(ctx, rc, 201, answer);
    cJSON_Delete(body);
    return rc;
}

int api_get_memories(struct api_ctx *ctx)
{
    const char *card = api_param(ctx, "card"), *game = api_param(ctx, "game");
    int64_t gid = 0;
    char *answer = NULL, *end = NULL;
    int rc;
    if (game) {
        long long v = strtoll(game, &end, 10);
        if (!*game || *end || v < 1)
            return sb_fail(&ctx->err, SB_EBADREQ, NULL, "game must be a game id");
        gid = v;
    }
    if (card && !*card)
        card = NULL;
    rc = memory_list(&ctx->game, card, gid, &answer);
    return api_answer_owned(ctx, rc, 200, answer);
}

int api_delete_memory(struct api_ctx *ctx)
{
    int rc = memory_delete(&ctx->game, ctx->mid, ctx->req->if_match);
    return rc == 0 ? api_reply_empty(ctx) : rc;
}

int api_patch_memory(struct api_ctx *ctx)
{
    cJSON *body = NULL;
    char *answer = NULL;
    int64_t version = 0;
    int rc = api_body_object(ctx, &body);
    if (rc == 0)
        rc = memory_patch(&ctx->game, ctx->mid, body, ctx->req->if_match, &answer, &version);
    rc = api_answer_owned(ctx, rc, 200, answer);
    if (rc == 0)
        api_set_etag(ctx, version); /* "<version>", as a game's */
    cJSON_Delete(body);
    return rc;
}

int api_put_memory_photo(struct api_ctx *ctx)
{
    int rc = memory_put_photo(&ctx->game, ctx->mid, ctx->req->content_type, ctx->req->body,
                              ctx->req->body ? ctx->req->body_len : 0);
    return rc == 0 ? api_reply_empty(ctx) : rc;
}

int api_get_memory_photo(struct api_ctx *ctx)
{
    struct memory_photo photo;
    int rc = memory_get_photo(&ctx->game, ctx->mid, &photo);
    if (rc == 0)
        rc = api_reply_text(ctx, 200, photo.type, photo.data, photo.len);
    if (rc == 0) {
        snprintf(ctx->res->etag, sizeof(ctx->res->etag), "%s", photo.etag);
        ctx->res->cache_control = PHOTO_CACHE;
        ctx->res->csp = PHOTO_CSP;
    }
    free(photo.data);
    return rc;
}

int api_get_recap(struct api_ctx *ctx)
{
    return api_answer_read(ctx, memory_recap);
}

int api_get_summary_svg(struct api_ctx *ctx)
{
    char *svg = NULL;
    size_t len = 0;
    int rc = memory_summary_svg(&ctx->game, ctx->api->editions, ctx->gid, api_param(ctx, "lang"),
                                &svg, &len);
    if (rc == 0) {
        ctx->res->status = 200;
        ctx->res->content_type = "image/svg+xml; charset=utf-8";
        ctx->res->body = svg;
        ctx->res->body_len = len;
        ctx->res->csp = CARD_CSP;
    }
    return rc;
}
