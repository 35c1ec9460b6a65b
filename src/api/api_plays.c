/* api_plays.c -- a campaign's plays in the formats of other apps (export_plays.h): GET
 * …/export/plays.csv, …/export/bgg, …/export/bgstats and …/export/bgg.xml. Each loads
 * the plays once in one read transaction (campaign_plays()), converts them with its
 * writer in src/formats/ and answers. */
#include "api_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export_plays.h"
#include "tz.h"

_Static_assert(sizeof(((struct plays_doc *)0)->now) == CAMPAIGN_TIME_MAX,
               "plays_doc.now holds campaign_now()");

/* Load the plays and the campaign of ctx, and the edition's names. */
static int plays_load(struct api_ctx *ctx, struct plays_doc *d)
{
    char *plays = NULL, *campaign = NULL;
    int rc;
    memset(d, 0, sizeof(*d));
    rc = campaign_plays(&ctx->game, &plays, &campaign);
    if (rc == 0)
        rc = api_take_stored(ctx, plays, &d->plays);
    else
        free(plays);
    if (rc == 0)
        rc = api_take_stored(ctx, campaign, &d->campaign);
    else
        free(campaign);
    if (rc != 0) {
        plays_doc_free(d);
        return rc;
    }
    d->edition = editions_find(ctx->api->editions, ctx->campaign.edition);
    d->edition_id = ctx->campaign.edition;
    d->editions = ctx->api->editions;
    d->cid = ctx->cid;
    campaign_now(d->now);
    /* Every date of these exports is the campaign's local time: the apps read them so. */
    {
        char local[TZ_NAME_MAX];
        const cJSON *tz = cJSON_GetObjectItemCaseSensitive(d->campaign, "timezone");
        const char *zone = cJSON_IsString(tz) ? tz->valuestring : "";
        if (tz_load(NULL, *zone ? zone : tz_local_name(local, sizeof(local)), &d->zone, NULL) ==
            SB_ENOMEM) {
            plays_doc_free(d);
            return sb_oom(&ctx->err);
        }
    }
    return 0;
}

/* Builds a JSON export of d into the object doc; false when out of memory. */
typedef bool plays_json_fn(cJSON *doc, const struct plays_doc *d);
/* Writes a text export of d into f; false when out of memory. */
typedef bool plays_text_fn(FILE *f, const struct plays_doc *d);

/* Load the plays of ctx's campaign, build the object build makes of them and answer it
 * (200). */
static int plays_reply_json(struct api_ctx *ctx, plays_json_fn *build)
{
    struct plays_doc d;
    cJSON *doc = NULL;
    int rc = plays_load(ctx, &d);
    if (rc != 0)
        return rc;
    doc = cJSON_CreateObject();
    if (!doc || !build(doc, &d))
        rc = sb_oom(&ctx->err);
    if (rc == 0)
        rc = api_reply_json(ctx, 200, doc);
    cJSON_Delete(doc);
    plays_doc_free(&d);
    return rc;
}

/* Load the plays of ctx's campaign, write them with write and answer the text (200) as
 * content_type (a static string). */
static int plays_reply_text(struct api_ctx *ctx, plays_text_fn *write, const char *content_type)
{
    struct plays_doc d;
    char *text = NULL;
    size_t len = 0;
    FILE *f;
    bool ok;
    int rc = plays_load(ctx, &d);
    if (rc != 0)
        return rc;
    f = open_memstream(&text, &len);
    ok = f && write(f, &d);
    if (f)
        plays_close(f, &text);
    if (!ok) {
        free(text);
        text = NULL;
    }
    plays_doc_free(&d);
    if (!text)
        return sb_oom(&ctx->err);
    api_reply_owned(ctx, 200, text);
    ctx->res->content_type = content_type;
    return 0;
}

int api_get_plays_csv(struct api_ctx *ctx)
{
    return plays_reply_text(ctx, export_csv, "text/csv; charset=utf-8; header=present");
}

int api_get_plays_bgg(struct api_ctx *ctx)
{
    return plays_reply_json(ctx, export_bgg);
}

int api_get_plays_bgstats(struct api_ctx *ctx)
{
    return plays_reply_json(ctx, export_bgstats);
}

int api_get_plays_bgg_xml(struct api_ctx *ctx)
{
    return plays_reply_text(ctx, export_bgg_xml, "application/xml; charset=utf-8");
}
