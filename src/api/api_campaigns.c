/* api_campaigns.c -- routes for the service, editions, campaigns, boards and players. */
#include "api_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_json.h"
#include "game.h"
#include "house.h"
#include "json.h"
#include "keys.h"
#include "tz.h"

#ifndef STAMPBOOK_VERSION
#define STAMPBOOK_VERSION "0.0.0"
#endif

/* ---- the service ---- */

int api_get_health(struct api_ctx *ctx)
{
    int version = 0;
    cJSON *o;
    /* 503 when the database file is gone, replaced or cannot be written: answering
     * "ok" over a database that keeps nothing would hide the loss. */
    char why[256];
    int rc = store_pool_check(ctx->api->pool, true, &ctx->err);
    /* And when the last write failed for lack of space or an I/O error: a monitor must
     * not see a healthy server that cannot keep a single roll. */
    if (rc == 0 && store_pool_fault(ctx->api->pool, why, sizeof(why)))
        rc = sb_fail(&ctx->err, SB_EBUSY, NULL, "%s", why);
    if (rc == 0)
        rc = store_schema_version(ctx->store, &version, &ctx->err);
    if (rc != 0)
        return rc;
    o = cJSON_CreateObject();
    if (!o || !cJSON_AddStringToObject(o, "status", "ok") ||
        !cJSON_AddStringToObject(o, "version", STAMPBOOK_VERSION) ||
        !cJSON_AddNumberToObject(o, "schema_version", version))
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
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
        return sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
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
    int rc = store_db_size(ctx->store, &bytes, &ctx->err);
    if (rc != 0)
        return rc;
    text = metrics_render(ctx->api->metrics, bytes);
    if (!text)
        return sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
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

/* Create a campaign of edition with a copy of its board (board NULL: the edition's
 * default) and the house rules of house (NULL: the official readings); answers 201
 * {"campaign","key","view_key"} when reply is set. *cid gets the id. Runs inside the
 * caller's write transaction. */
static int api_create_campaign(struct api_ctx *ctx, const char *name, const char *edition,
                               const char *policy, const char *board, const cJSON *house,
                               int64_t *cid, bool reply)
{
    char key[KEYS_TEXT_MAX], view_key[KEYS_TEXT_MAX];
    unsigned char key_hash[KEYS_HASH_BYTES], view_hash[KEYS_HASH_BYTES];
    char *board_text = NULL, *campaign = NULL, *body = NULL;
    int rc;

    if (!board) {
        const cJSON *doc = editions_find(ctx->api->editions, edition);
        if (!doc)
            return sb_fail(&ctx->err, SB_EINVALID, NULL, "no edition '%s'", edition);
        board_text = cJSON_PrintUnformatted(doc);
        if (!board_text)
            return sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
        board = board_text;
    }
    keys_generate(key);
    keys_generate(view_key);
    keys_hash(key, strlen(key), key_hash);
    keys_hash(view_key, strlen(view_key), view_hash);
    rc = store_campaign_create(ctx->store, name, edition, policy, key_hash, view_hash, board, cid,
                               &ctx->err);
    if (rc == 0)
        rc = house_write_campaign(ctx->store, *cid, house, false, &ctx->err);
    if (rc == 0) {
        char local[TZ_NAME_MAX];
        rc = store_campaign_set_timezone(
            ctx->store, *cid, ctx->timezone ? ctx->timezone : tz_local_name(local, sizeof(local)),
            &ctx->err);
    }
    if (rc == 0 && reply)
        rc = store_campaign_json(ctx->store, *cid, &campaign, &ctx->err);
    if (rc == 0 && reply) {
        size_t len = strlen(campaign) + 2 * (size_t)KEYS_TEXT_MAX + 64;
        body = malloc(len);
        if (!body)
            rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
        else
            snprintf(body, len, "{\"campaign\":%s,\"key\":\"%s\",\"view_key\":\"%s\"}", campaign,
                     key, view_key);
    }
    if (rc == 0 && reply) {
        api_reply_owned(ctx, 201, body);
        body = NULL;
    }
    free(body);
    free(campaign);
    free(board_text);
    return rc;
}

int api_create_campaign_from(struct api_ctx *ctx, const char *name, const char *edition,
                             const char *policy, const char *board, const cJSON *house,
                             int64_t *cid)
{
    return api_create_campaign(ctx, name, edition, policy, board, house, cid, true);
}

/* Read body's "board" (a box file) if present into *text, a board document to store (the
 * caller frees it), and its edition into *edition (borrowed from body). Returns 0,
 * SB_EBADREQ or SB_EINVALID (a damaged box, another edition than body's), SB_ENOMEM. */
static int api_read_box(struct api_ctx *ctx, const cJSON *body, const char **edition, char **text)
{
    const cJSON *box = cJSON_GetObjectItemCaseSensitive(body, "board");
    const cJSON *named = cJSON_GetObjectItemCaseSensitive(body, "edition");
    const cJSON *ed;
    cJSON *doc = NULL;
    int rc;
    if (!box)
        return 0;
    rc = board_from_box(box, &doc, &ctx->err);
    if (rc != 0)
        return rc;
    ed = cJSON_GetObjectItemCaseSensitive(doc, "edition");
    if (named && strcmp(ed->valuestring, *edition) != 0)
        rc = sb_fail(&ctx->err, SB_EINVALID, NULL, "the box file is of edition '%s', not '%s'",
                     ed->valuestring, *edition);
    if (rc == 0 && !editions_find(ctx->api->editions, ed->valuestring))
        rc = sb_fail(&ctx->err, SB_EINVALID, NULL, "the box file is of an unknown edition '%s'",
                     ed->valuestring);
    /* A box file is a board the rules engine plays: one that calls itself an edition of
     * results only (classic...) would be kept as such and read as neither. */
    if (rc == 0 && !editions_is_full(editions_find(ctx->api->editions, ed->valuestring)))
        rc = sb_fail(&ctx->err, SB_EINVALID, NULL,
                     "board.edition: '%s' has no board of its own: a box file is of an edition "
                     "the rules engine plays",
                     ed->valuestring);
    if (rc == 0 && !(*text = cJSON_PrintUnformatted(doc)))
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    if (rc == 0)
        *edition = cJSON_GetObjectItemCaseSensitive(box, "edition")->valuestring;
    cJSON_Delete(doc);
    return rc;
}

int api_post_campaign(struct api_ctx *ctx)
{
    cJSON *body = NULL;
    const char *name = NULL, *edition = "travel-world-tour", *policy = "token";
    char *board = NULL;
    int64_t cid = 0;
    int rc = api_body_object(ctx, &body);
    if (rc == 0)
        rc = json_get_name(body, "name", true, &name, &ctx->err);
    if (rc == 0)
        rc = json_get_string(body, "edition", false, 64, false, &edition, &ctx->err);
    if (rc == 0)
        rc = api_read_policy(ctx, body, &policy);
    if (rc == 0)
        rc = api_read_timezone(ctx, body, &ctx->timezone);
    if (rc == 0)
        rc = api_read_box(ctx, body, &edition, &board);
    if (rc == 0 && !editions_find(ctx->api->editions, edition))
        rc = sb_fail(&ctx->err, SB_EINVALID, NULL, "no edition '%s'", edition);
    if (rc == 0)
        rc = store_begin_write(ctx->store, &ctx->err);
    if (rc == 0) {
        rc = api_create_campaign(ctx, name, edition, policy, board,
                                 cJSON_GetObjectItemCaseSensitive(body, "house_rules"), &cid, true);
        rc = rc == 0 ? store_commit(ctx->store, &ctx->err) : (store_rollback(ctx->store), rc);
    }
    free(board);
    cJSON_Delete(body);
    return rc;
}

int api_get_campaign(struct api_ctx *ctx)
{
    char *campaign = NULL, *players = NULL, *games = NULL, *body = NULL;
    int rc = store_begin_read(ctx->store, &ctx->err);
    if (rc == 0)
        rc = store_campaign_json(ctx->store, ctx->cid, &campaign, &ctx->err);
    if (rc == 0)
        rc = store_players_json(ctx->store, ctx->cid, &players, &ctx->err);
    if (rc == 0)
        rc = store_games_json(ctx->store, ctx->cid, &games, &ctx->err);
    store_rollback(ctx->store);
    if (rc == 0) {
        size_t len = strlen(campaign) + strlen(players) + strlen(games) + 64;
        body = malloc(len);
        if (!body)
            rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
        else
            snprintf(body, len, "{\"campaign\":%s,\"players\":%s,\"games\":%s}", campaign, players,
                     games);
    }
    if (rc == 0)
        api_reply_owned(ctx, 200, body);
    free(campaign);
    free(players);
    free(games);
    return rc;
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
        rc = store_begin_write(ctx->store, &ctx->err);
    if (rc == 0) {
        rc = store_campaign_update(ctx->store, ctx->cid, name, policy, &ctx->err);
        if (rc == 0 && zone)
            rc = store_campaign_set_timezone(ctx->store, ctx->cid, zone, &ctx->err);
        if (rc == 0)
            rc = house_write_campaign(ctx->store, ctx->cid,
                                      cJSON_GetObjectItemCaseSensitive(body, "house_rules"), true,
                                      &ctx->err);
        if (rc == 0)
            rc = store_campaign_json(ctx->store, ctx->cid, &text, &ctx->err);
        rc = rc == 0 ? store_commit(ctx->store, &ctx->err) : (store_rollback(ctx->store), rc);
    }
    if (rc == 0)
        rc = api_parse_stored(ctx, text, &campaign);
    if (rc == 0) {
        /* The campaign's fields, and the same object under "campaign" like the other
         * campaign answers. */
        cJSON *copy = cJSON_Duplicate(campaign, true);
        if (!copy || !cJSON_AddItemToObject(campaign, "campaign", copy)) {
            cJSON_Delete(copy);
            rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
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

int api_get_board(struct api_ctx *ctx)
{
    char *board = NULL;
    cJSON *doc = NULL;
    int rc = store_campaign_board(ctx->store, ctx->cid, &board, &ctx->err);
    if (rc == 0)
        rc = api_parse_stored(ctx, board, &doc);
    if (rc == 0)
        rc = board_add_check(doc, &ctx->err);
    if (rc == 0)
        rc = api_reply_json(ctx, 200, doc);
    cJSON_Delete(doc);
    free(board);
    return rc;
}

enum api_board_part { PART_DESTINATION, PART_JOURNAL, PART_CHANCE, PART_SPACE };

/* Check a journal edit: slots may not drop below the stamps already on the card. */
static int api_check_slots(struct api_ctx *ctx, const cJSON *body)
{
    int64_t slots = 0;
    bool present = false;
    int stamps = 0;
    int rc = json_get_int(body, "slots", false, 1, 1000, &slots, &present, &ctx->err);
    if (rc != 0 || !present)
        return rc;
    rc = store_journal_card_stamps(ctx->store, ctx->cid, ctx->slug, &stamps, &ctx->err);
    if (rc == 0 && slots < stamps)
        rc = sb_fail(&ctx->err, SB_EINVALID, "TWT-JOURNAL-2",
                     "card %s already carries %d stamps: it cannot have %lld circles", ctx->slug,
                     stamps, (long long)slots);
    return rc;
}

/* The space index a path segment names: "0".."39", else -1. This function can't fail. */
static int api_space_index(const char *seg)
{
    int v = 0;
    /* "01" is no space 1: one spelling a space, as the board lists it. */
    if (!seg || !seg[0] || strlen(seg) > 2 || (seg[0] == '0' && seg[1]))
        return -1;
    for (const char *p = seg; *p; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        v = v * 10 + (*p - '0');
    }
    return v;
}

/* The "what" of a correct event for a part of the board (NULL: the layout, never
 * corrected during a game). This function can't fail. */
static const char *api_part_what(enum api_board_part part)
{
    return part == PART_DESTINATION ? "destination"
           : part == PART_JOURNAL   ? "journal"
           : part == PART_CHANCE    ? "chance"
                                    : NULL;
}

/* While a game is active: append what a PUT changed (old to now) to it as a correct
 * event, in the caller's write transaction. A check alone changes nothing and appends
 * nothing. */
static int api_board_correct(struct api_ctx *ctx, enum api_board_part part, const cJSON *old,
                             const cJSON *now)
{
    cJSON *fields = NULL, *before = NULL, *ev = NULL;
    int64_t version = 0;
    int rc;
    if (!ctx->campaign.active_game)
        return 0;
    rc = board_changes(old, now, api_part_what(part), &fields, &before, &ctx->err);
    if (rc != 0 || !fields->child) {
        cJSON_Delete(fields);
        cJSON_Delete(before);
        return rc;
    }
    ev = cJSON_CreateObject();
    if (!ev || !cJSON_AddStringToObject(ev, "type", "correct") ||
        !cJSON_AddStringToObject(ev, "what", api_part_what(part)) ||
        !cJSON_AddStringToObject(ev, "id", ctx->slug) ||
        !cJSON_AddItemToObject(ev, "fields", fields)) {
        cJSON_Delete(fields);
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    }
    if (rc == 0 && !cJSON_AddItemToObject(ev, "before", before))
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    else if (rc == 0)
        before = NULL;
    if (rc == 0)
        rc = game_append(&ctx->game, ctx->campaign.active_game, ev, 0, NULL, NULL, NULL, &version);
    cJSON_Delete(before);
    cJSON_Delete(ev);
    return rc;
}

/* Apply body to the part of doc that ctx names; *old gets a copy of the item as it was
 * (the caller frees it), *item the edited item in doc. */
static int api_board_edit(struct api_ctx *ctx, enum api_board_part part, cJSON *doc,
                          const cJSON *body, cJSON **old, cJSON **item)
{
    static const char *const lists[] = {"destinations", "journal", "chance"};
    const cJSON *it;
    if (part != PART_SPACE) {
        cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(doc, lists[part]))
        {
            const cJSON *id = cJSON_GetObjectItemCaseSensitive(it, "id");
            if (cJSON_IsString(id) && strcmp(id->valuestring, ctx->slug) == 0 &&
                !(*old = cJSON_Duplicate(it, true)))
                return sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
        }
    }
    if (part == PART_DESTINATION)
        return board_put_destination(doc, ctx->slug, body, item, &ctx->err);
    if (part == PART_JOURNAL)
        return board_put_journal(doc, ctx->slug, body, item, &ctx->err);
    if (part == PART_CHANCE)
        return board_put_chance(doc, ctx->slug, body, item, &ctx->err);
    return board_put_space(doc, api_space_index(ctx->slug), body, item, &ctx->err);
}

/* True when body only marks a fact checked ({"checked": true}), which changes no rule.
 * This function can't fail. */
static bool api_check_only(const cJSON *body)
{
    const cJSON *only = body ? body->child : NULL;
    return only && !only->next && only->string && strcmp(only->string, "checked") == 0 &&
           cJSON_IsTrue(only);
}

/* Edit one part of the campaign's board copy and answer the edited item; while a game
 * is active, a destination or card correction is appended to it in the same
 * transaction, and the layout cannot change (but a space may be marked checked). */
static int api_put_board(struct api_ctx *ctx, enum api_board_part part)
{
    cJSON *body = NULL, *doc = NULL, *item = NULL, *old = NULL;
    char *board = NULL, *text = NULL;
    int rc = api_body_object(ctx, &body);
    if (rc == 0)
        rc = store_begin_write(ctx->store, &ctx->err);
    if (rc != 0) {
        cJSON_Delete(body);
        return rc;
    }
    if (part == PART_SPACE && ctx->campaign.active_game && !api_check_only(body))
        rc = sb_fail(&ctx->err, SB_ECONFLICT, NULL,
                     "the board's layout cannot change while game %lld is active",
                     (long long)ctx->campaign.active_game);
    if (rc == 0 && part == PART_JOURNAL)
        rc = api_check_slots(ctx, body);
    if (rc == 0)
        rc = store_campaign_board(ctx->store, ctx->cid, &board, &ctx->err);
    if (rc == 0)
        rc = api_parse_stored(ctx, board, &doc);
    if (rc == 0)
        rc = api_board_edit(ctx, part, doc, body, &old, &item);
    if (rc == 0 && part != PART_SPACE)
        rc = api_board_correct(ctx, part, old, item);
    if (rc == 0 && !(text = cJSON_PrintUnformatted(doc)))
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    if (rc == 0)
        rc = store_campaign_set_board(ctx->store, ctx->cid, text, &ctx->err);
    rc = rc == 0 ? store_commit(ctx->store, &ctx->err) : (store_rollback(ctx->store), rc);
    if (rc == 0)
        rc = api_reply_json(ctx, 200, item);
    if (rc == 0 && ctx->campaign.active_game) /* its phones redraw with the new board */
        api_game_changed(ctx->api, ctx->cid, ctx->campaign.active_game);
    free(text);
    free(board);
    cJSON_Delete(old);
    cJSON_Delete(doc);
    cJSON_Delete(body);
    return rc;
}

int api_put_board_destination(struct api_ctx *ctx)
{
    return api_put_board(ctx, PART_DESTINATION);
}

int api_put_board_journal(struct api_ctx *ctx)
{
    return api_put_board(ctx, PART_JOURNAL);
}

int api_put_board_chance(struct api_ctx *ctx)
{
    return api_put_board(ctx, PART_CHANCE);
}

int api_put_board_space(struct api_ctx *ctx)
{
    return api_put_board(ctx, PART_SPACE);
}

/* ---- players ---- */

/* Answer {"id","name"} with status. */
static int api_reply_player(struct api_ctx *ctx, int status, int64_t pid, const char *name)
{
    cJSON *o = cJSON_CreateObject();
    int rc = 0;
    if (!o || !cJSON_AddNumberToObject(o, "id", (double)pid) ||
        !cJSON_AddStringToObject(o, "name", name))
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
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
    if (rc == 0)
        rc = store_begin_write(ctx->store, &ctx->err);
    if (rc == 0) {
        /* Answered only once the COMMIT that holds the player has succeeded. */
        rc = store_player_create(ctx->store, ctx->cid, name, &pid, &ctx->err);
        rc = rc == 0 ? store_commit(ctx->store, &ctx->err) : (store_rollback(ctx->store), rc);
    }
    if (rc == 0)
        rc = api_reply_player(ctx, 201, pid, name);
    cJSON_Delete(body);
    return rc;
}

int api_get_players(struct api_ctx *ctx)
{
    char *players = NULL;
    int rc = store_players_json(ctx->store, ctx->cid, &players, &ctx->err);
    if (rc == 0)
        rc = api_reply_wrapped(ctx, 200, "players", players);
    free(players);
    return rc;
}

int api_patch_player(struct api_ctx *ctx)
{
    cJSON *body = NULL;
    const char *name = NULL;
    int rc = api_body_object(ctx, &body);
    if (rc == 0)
        rc = json_get_name(body, "name", true, &name, &ctx->err);
    if (rc == 0)
        rc = store_begin_write(ctx->store, &ctx->err);
    if (rc == 0) {
        rc = store_player_rename(ctx->store, ctx->cid, ctx->pid, name, &ctx->err);
        if (rc == 0)
            rc = game_rename_player(&ctx->game, ctx->pid, name);
        rc = rc == 0 ? store_commit(ctx->store, &ctx->err) : (store_rollback(ctx->store), rc);
    }
    if (rc == 0)
        rc = api_reply_player(ctx, 200, ctx->pid, name);
    if (rc == 0)
        api_campaign_changed(ctx->api, ctx->cid);
    cJSON_Delete(body);
    return rc;
}
