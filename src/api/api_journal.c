/* api_journal.c -- the campaign's memory: the Travel Journal, tonight's briefing and
 * the stats (campaign_journal.c reckons them). */
#include "api_internal.h"

#include <stdlib.h>

int api_get_journal(struct api_ctx *ctx)
{
    cJSON *doc = NULL;
    int rc = campaign_journal(&ctx->game, ctx->api->editions, api_param(ctx, "seats"), &doc);
    if (rc == 0)
        rc = api_reply_json(ctx, 200, doc);
    cJSON_Delete(doc);
    return rc;
}

int api_get_journal_card(struct api_ctx *ctx)
{
    cJSON *card = NULL;
    int rc = campaign_journal_card(&ctx->game, ctx->api->editions, api_param(ctx, "seats"),
                                   ctx->slug, &card);
    if (rc == 0)
        rc = api_reply_json(ctx, 200, card);
    cJSON_Delete(card);
    return rc;
}

int api_get_stats(struct api_ctx *ctx)
{
    char *stats = NULL;
    int rc = campaign_stats(&ctx->game, &stats);
    if (rc == 0)
        api_reply_owned(ctx, 200, stats);
    return rc;
}
