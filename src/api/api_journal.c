/* api_journal.c -- the campaign's memory: the Travel Journal, tonight's briefing and
 * the stats (campaign_journal.c reckons them). */
#include "api_internal.h"

#include <stdlib.h>

int api_get_journal(struct api_ctx *ctx)
{
    cJSON *doc = NULL;
    int rc = campaign_journal(&ctx->game, ctx->api->editions, api_param(ctx, "seats"), &doc);
    return api_answer_json_tagged(ctx, rc, doc);
}

int api_get_journal_card(struct api_ctx *ctx)
{
    cJSON *card = NULL;
    int rc = campaign_journal_card(&ctx->game, ctx->api->editions, api_param(ctx, "seats"),
                                   ctx->slug, &card);
    return api_answer_json_tagged(ctx, rc, card);
}

int api_get_stats(struct api_ctx *ctx)
{
    return api_answer_read(ctx, campaign_stats);
}
