/* api_campaigns.c -- routes for the service, editions, campaigns, boards and players. */
#include "api_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_json.h"
#include "json.h"
#include "tz.h"

#ifndef STAMPBOOK_VERSION
#define STAMPBOOK_VERSION "0.0.0"
#endif

/* ---- the service ---- */

int api_get_health(struct api_ctx *ctx)
{
    int version = 0;
    cJSON *o;
    int rc = campaign_db_health(ctx->api->pool, ctx->store, &version, &ctx->err);
    if (rc != 0)
        return rc;
    o = cJSON_CreateObject();
    if (!o || !cJSON_AddStringToObject(o, "status", "ok") ||
        !cJSON_AddStringToObject(o, "version", STAMPBOOK_VERSION) ||
        !cJSON_AddNumberToObject(o, "schema_version", version))
        rc = sb_oom(&ctx->err);
    if (rc == 0)
        rc = api_reply_json(ctx, 200, o);
    cJSON_Delete(o);
    return rc;
}

int api_get_editions(struct api_ctx *ctx)
{
    char *list = cJSON_PrintUnformatted(editions_list(ctx->api->editions));
    int rc;
    if (!list)
        return sb_oom(&ctx->err);
    rc = api_reply_wrapped(ctx, 200, "editions", list);
    free(list);
    return rc;
}

int api_get_edition(struct api_ctx *ctx)
{
    const cJSON *doc = editions_find(ctx->api->editions, ctx->slug);
    if (!doc)
        return sb_fail(&ctx->err, SB_ENOTFOUND, NULL, "no edition '%s'", ctx->slug);
    return api_reply_json(ctx, 200, doc);
}

int api_get_openapi(struct api_ctx *ctx)
{
    if (!ctx->api->openapi)
        return sb_fail(&ctx->err, SB_ENOTFOUND, NULL, "the OpenAPI document is not installed");
    return api_reply_text(ctx, 200, "application/json; charset=utf-8", ctx->api->openapi,
                          ctx->api->openapi_len);
}

int api_get_metrics(struct api_ctx *ctx)
{
    int64_t bytes = 0;
    char *text;
    int rc = campaign_db_size(ctx->store, &bytes, &ctx->err);
    if (rc != 0)
        return rc;
    text = metrics_render(ctx->api->metrics, bytes);
    if (!text)
        return sb_oom(&ctx->err);
    api_reply_owned(ctx, 200, text);
    ctx->res->content_type = "text/plain; version=0.0.4; charset=utf-8";
    return 0;
}

/* ---- campaigns ---- */

/* Read "stamp_owner" of body if present: "token" or "player". */
static int api_read_policy(struct api_ctx *ctx, const cJSON *body, const char **policy)
{
    const char *v = NULL;
    int rc = json_get_string(body, "stamp_owner", false, 16, false, &v, &ctx->err);
    if (rc != 0 || !v)
        return rc;
    if (strcmp(v, "token") != 0 && strcmp(v, "player") != 0)
        return sb_fail(&ctx->err, SB_EINVALID, "TWT-JOURNAL-5",
                       "stamp_owner must be \"token\" or \"player\"");
    *policy = v;
    return 0;
}

/* Read "timezone" of body if present: an IANA zone name the system's zone files know. */
static int api_read_timezone(struct api_ctx *ctx, const cJSON *body, const char **zone)
{
    const char *v = NULL;
    struct tz *z = NULL;
    int rc = json_get_string(body, "timezone", false, TZ_NAME_MAX - 1, false, &v, &ctx->err);
    if (rc != 0 || !v)
        return rc;
    rc = tz_load(NULL, v, &z, &ctx->err);
    tz_free(z);
    if (rc == SB_EINVALID)
        return sb_fail(&ctx->err, SB_EINVALID, NULL,
                       "timezone: '%.64s' is not an IANA time zone (such as Europe/Paris)", v);
    *zone = v;
    return rc;
}

/* True when the edition document offers the banker mode (its box is played on). */
static bool api_edition_banks(const cJSON *edition)
{
    const cJSON *m;
    cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(edition, "modes"))
    {
        if (cJSON_IsString(m) && strcmp(m->valuestring, "banker") == 0)
            return true;
    }
    return false;
}

/* Read body's "board" (a box file) if present into *text, a board document to store (the
 * caller frees it), and its edition into *edition (borrowed from body). Returns 0,
 * SB_EBADREQ or SB_EINVALID (a damaged box, another edition than body's), SB_ENOMEM. */
int api_read_box(struct api_ctx *ctx, const cJSON *body, const char **edition, char **text)
{
    const cJSON *box = cJSON_GetObjectItemCaseSensitive(body, "board");
    const cJSON *named = cJSON_GetObjectItemCaseSensitive(body, "edition");
    const cJSON *ed;
    cJSON *doc = NULL;
    int rc;
    if (!box)
        return 0;
    rc = game_box_from_file(box, &doc, &ctx->err);
    if (rc != 0)
        return rc;
    ed = cJSON_GetObjectItemCaseSensitive(doc, "edition");
    if (named && strcmp(ed->valuestring, *edition) != 0)
        rc = sb_fail(&ctx->err, SB_EINVALID, NULL, "the box file is of edition '%s', not '%s'",
                     ed->valuestring, *edition);
    if (rc == 0 && !editions_find(ctx->api->editions, ed->valuestring))
        rc = sb_fail(&ctx->err, SB_EINVALID, NULL, "the box file is of an unknown edition '%s'",
                     ed->valuestring);
    /* A box file is a box of an edition that has a bank (mode banker): one that calls
     * itself an edition of results only would be kept as such and read as neither. */
    if (rc == 0 && !api_edition_banks(editions_find(ctx->api->editions, ed->valuestring)))
        rc = sb_fail(&ctx->err, SB_EINVALID, NULL,
                     "board.edition: '%s' has no board of its own: a box file is of an edition "
                     "the rules engine plays",
                     ed->valuestring);
    if (rc == 0 && !(*text = cJSON_PrintUnformatted(doc)))
        rc = sb_oom(&ctx->err);
    if (rc == 0)
        *edition = cJSON_GetObjectItemCaseSensitive(box, "edition")->valuestring;
    cJSON_Delete(doc);
    return rc;
}

int api_post_campaign(struct api_ctx *ctx)
{
    cJSON *body = NULL;
    const char *name = NULL, *edition = editions_default(ctx->api->editions), *policy = "token",
               *zone = NULL;
    char *board = NULL, *answer = NULL;
    int64_t cid = 0;
    int rc = api_body_object(ctx, &body);
    if (rc == 0)
        rc = json_get_name(body, "name", true, &name, &ctx->err);
    if (rc == 0)
        rc = json_get_string(body, "edition", false, 64, false, &edition, &ctx->err);
    if (rc == 0)
        rc = api_read_policy(ctx, body, &policy);
    if (rc == 0)
        rc = api_read_timezone(ctx, body, &zone);
    if (rc == 0)
        rc = api_read_box(ctx, body, &edition, &board);
    if (rc == 0 && !editions_find(ctx->api->editions, edition))
        rc = sb_fail(&ctx->err, SB_EINVALID, NULL, "no edition '%s'", edition);
    if (rc == 0) {
        const struct campaign_new n = {
            .name = name,
            .edition = edition,
            .policy = policy,
            .board = board,
            .timezone = zone,
            .house = cJSON_GetObjectItemCaseSensitive(body, "house_rules"),
            .editions = ctx->api->editions,
            .anonymous = api_creates_anonymously(ctx),
        };
        rc = campaign_create(&ctx->game, &n, &cid, &answer);
    }
    rc = api_answer_owned(ctx, rc, 201, answer);
    free(board);
    cJSON_Delete(body);
    return rc;
}

int api_get_campaign(struct api_ctx *ctx)
{
    return api_answer_read(ctx, campaign_read);
}

int api_patch_campaign(struct api_ctx *ctx)
{
    cJSON *body = NULL, *campaign = NULL;
    const char *name = NULL, *policy = NULL, *zone = NULL;
    char *text = NULL;
    int rc = api_body_object(ctx, &body);
    if (rc == 0)
        rc = json_get_name(body, "name", false, &name, &ctx->err);
    if (rc == 0)
        rc = api_read_policy(ctx, body, &policy);
    if (rc == 0)
        rc = api_read_timezone(ctx, body, &zone);
    if (rc == 0)
        rc = campaign_update(&ctx->game, name, policy, zone,
                             cJSON_GetObjectItemCaseSensitive(body, "house_rules"), &text);
    if (rc == 0)
        rc = api_parse_stored(ctx, text, &campaign);
    if (rc == 0) {
        /* The campaign's fields, and the same object under "campaign" like the other
         * campaign answers. */
        cJSON *copy = cJSON_Duplicate(campaign, true);
        if (!copy || !cJSON_AddItemToObject(campaign, "campaign", copy)) {
            cJSON_Delete(copy);
            rc = sb_oom(&ctx->err);
        }
    }
    if (rc == 0)
        rc = api_reply_json(ctx, 200, campaign);
    cJSON_Delete(campaign);
    cJSON_Delete(body);
    free(text);
    return rc;
}

/* ---- the board ---- */

/* The box ?edition= names (NULL when absent: the campaign's own); an edition the
 * server does not know is 422. */
static int api_box_param(struct api_ctx *ctx, const char **edition)
{
    *edition = api_param(ctx, "edition");
    if (*edition && !editions_find(ctx->api->editions, *edition))
        return sb_fail(&ctx->err, SB_EINVALID, NULL, "edition: no edition '%.64s'", *edition);
    return 0;
}

int api_get_board(struct api_ctx *ctx)
{
    cJSON *doc = NULL;
    const char *edition = NULL;
    int rc = api_box_param(ctx, &edition);
    if (rc == 0)
        rc = campaign_board(&ctx->game, edition, &doc);
    return api_answer_json_tagged(ctx, rc, doc);
}

/* Edit one part of the campaign's board copy (campaign_board_put()) and answer the
 * edited item; the phones of an active game redraw with the new board. */
static int api_put_board(struct api_ctx *ctx, enum campaign_board_part part)
{
    cJSON *body = NULL, *item = NULL;
    const char *edition = NULL;
    int rc = api_box_param(ctx, &edition);
    if (rc == 0)
        rc = api_body_object(ctx, &body);
    if (rc == 0)
        rc = campaign_board_put(&ctx->game, edition, part, ctx->slug, body, &item);
    if (rc == 0)
        rc = api_reply_json(ctx, 200, item);
    if (rc == 0 && ctx->campaign.active_game)
        api_game_changed(ctx->api, ctx->cid, ctx->campaign.active_game);
    cJSON_Delete(item);
    cJSON_Delete(body);
    return rc;
}

/* The route of each part of the box: api_put_board() of that part. */
#define API_PUT_BOARD_ROUTE(name, part)                                                            \
    int api_put_board_##name(struct api_ctx *ctx)                                                  \
    {                                                                                              \
        return api_put_board(ctx, part);                                                           \
    }

API_PUT_BOARD_ROUTE(destination, PART_DESTINATION)
API_PUT_BOARD_ROUTE(journal, PART_JOURNAL)
API_PUT_BOARD_ROUTE(chance, PART_CHANCE)
API_PUT_BOARD_ROUTE(space, PART_SPACE)
API_PUT_BOARD_ROUTE(deed, PART_DEED)
API_PUT_BOARD_ROUTE(community, PART_COMMUNITY)

/* ---- players ---- */

/* Answer {"id","name"} with status. */
static int api_reply_player(struct api_ctx *ctx, int status, int64_t pid, const char *name)
{
    cJSON *o = cJSON_CreateObject();
    int rc = 0;
    if (!o || !cJSON_AddNumberToObject(o, "id", (double)pid) ||
        !cJSON_AddStringToObject(o, "name", name))
        rc = sb_oom(&ctx->err);
    if (rc == 0)
        rc = api_reply_json(ctx, status, o);
    cJSON_Delete(o);
    return rc;
}

int api_post_player(struct api_ctx *ctx)
{
    cJSON *body = NULL;
    const char *name = NULL;
    int64_t pid = 0;
    int rc = api_body_object(ctx, &body);
    if (rc == 0)
        rc = json_get_name(body, "name", true, &name, &ctx->err);
    /* Answered only once the COMMIT that holds the player has succeeded. */
    if (rc == 0)
        rc = campaign_player_add(&ctx->game, name, &pid);
    if (rc == 0)
        rc = api_reply_player(ctx, 201, pid, name);
    cJSON_Delete(body);
    return rc;
}

int api_get_players(struct api_ctx *ctx)
{
    return api_answer_list(ctx, "players", campaign_players);
}

int api_patch_player(struct api_ctx *ctx)
{
    cJSON *body = NULL;
    const char *name = NULL;
    int rc = api_body_object(ctx, &body);
    if (rc == 0)
        rc = json_get_name(body, "name", true, &name, &ctx->err);
    if (rc == 0)
        rc = campaign_player_rename(&ctx->game, ctx->pid, name);
    if (rc == 0)
        rc = api_reply_player(ctx, 200, ctx->pid, name);
    if (rc == 0)
        api_campaign_changed(ctx->api, ctx->cid);
    cJSON_Delete(body);
    return rc;
}
