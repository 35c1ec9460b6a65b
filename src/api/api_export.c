/* api_export.c -- a campaign as one document: its export (GET …/export) and the import
 * of such a document as a new campaign (POST /api/v1/campaigns/import); the campaign
 * layer builds and reads them (campaign_export.c). Its plays for other apps (CSV,
 * BoardGameGeek, BG Stats) are in api_plays.c. */
#include "api_internal.h"

#include <stdio.h>
#include <stdlib.h>

int api_get_export(struct api_ctx *ctx)
{
    char *doc = NULL;
    int rc = campaign_export(&ctx->game, &doc);
    if (rc == 0)
        api_reply_owned(ctx, 200, doc);
    return rc;
}

int api_post_import(struct api_ctx *ctx)
{
    char dir[4096];
    struct campaign_import_env env = {ctx->api->pool, ctx->api->editions, dir};
    cJSON *doc = NULL;
    char *answer = NULL;
    int rc;

    /* One import at a time: a second would only wait for the writer behind it. */
    if (atomic_flag_test_and_set(&ctx->api->importing))
        return sb_fail(&ctx->err, SB_EBUSY, NULL, "another import is running: try again");
    snprintf(dir, sizeof(dir), "%s/migrations", ctx->api->share_dir);
    rc = api_body_object(ctx, &doc);
    if (rc == 0)
        rc = campaign_import(&ctx->game, &env, doc, &answer);
    atomic_flag_clear(&ctx->api->importing);
    if (rc == 0)
        api_reply_owned(ctx, 201, answer);
    else
        free(answer);
    cJSON_Delete(doc);
    return rc;
}
