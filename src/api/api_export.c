/* api_export.c -- a campaign as one document: its export (GET …/export) and the import
 * of such a document as a new campaign (POST /api/v1/campaigns/import); the campaign
 * layer builds and reads them (campaign_export.c). Its plays for other apps (CSV,
 * BoardGameGeek, BG Stats) are in api_plays.c. */
#include "api_internal.h"

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>

#include "api_limits.h"

int api_get_export(struct api_ctx *ctx)
{
    return api_answer_read(ctx, campaign_export);
}

/* The cap on the database's size, for what an import built aside would add. */
static int api_import_growth(void *cls, struct store *aside, struct sb_error *err)
{
    return api_limits_check_growth(cls, aside, err);
}

int api_post_import(struct api_ctx *ctx)
{
    char dir[4096];
    struct campaign_import_env env = {.pool = ctx->api->pool,
                                      .editions = ctx->api->editions,
                                      .migrations = dir,
                                      .check_growth = api_import_growth,
                                      .cls = ctx->api->limits,
                                      .anonymous = api_creates_anonymously(ctx)};
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
    rc = api_answer_owned(ctx, rc, 201, answer);
    cJSON_Delete(doc);
    malloc_trim(0); /* what the import parsed and built goes back to the system */
    return rc;
}
