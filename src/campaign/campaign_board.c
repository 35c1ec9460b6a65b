/* campaign_board.c -- a campaign's own copy of the board: read with each fact's check,
 * and edited one part at a time, with what a game in play must see of an edit. */
#include "campaign_internal.h"

#include <stdlib.h>
#include <string.h>

#include "board_edit.h"
#include "board_json.h"
#include "json.h"

int campaign_board(struct game_req *r, const char *edition, cJSON **doc)
{
    char *board = NULL;
    int rc = campaign_box_use(r, edition);
    if (rc == 0)
        rc =
            store_campaign_board(CAMPAIGN_DB(r), r->campaign->id, r->campaign->box, &board, r->err);
    rc = campaign_take_json(r, rc, board, doc);
    if (rc == 0)
        rc = board_add_check(*doc, r->err);
    return rc;
}

/* Check a journal edit: slots may not drop below the stamps already on the card. */
static int board_check_slots(struct game_req *r, const char *card, const cJSON *body)
{
    int64_t slots = 0;
    bool present = false;
    int stamps = 0;
    int rc = json_get_int(body, "slots", false, 1, 1000, &slots, &present, r->err);
    if (rc != 0 || !present)
        return rc;
    rc = store_journal_card_stamps(CAMPAIGN_DB(r), r->campaign->id, card, &stamps, r->err);
    if (rc == 0 && slots < stamps)
        rc = sb_fail(r->err, SB_EINVALID, "TWT-JOURNAL-2",
                     "card %s already carries %d stamps: it cannot have %lld circles", card, stamps,
                     (long long)slots);
    return rc;
}

/* The name of a part of the box, as the kinds' box_put() and correct events say it.
 * This function can't fail. */
static const char *board_part_name(enum campaign_board_part part)
{
    static const char *const names[] = {"destination", "journal", "chance",
                                        "space",       "deed",    "community"};
    return names[part];
}

/* The "what" of a correct event for a part of the board (NULL: the layout, never
 * corrected during a game). This function can't fail. */
static const char *board_part_what(enum campaign_board_part part)
{
    return part == PART_SPACE ? NULL : board_part_name(part);
}

/* While a game is active: append what a PUT changed (old to now) to it as a correct
 * event, in the caller's write transaction. A check alone changes nothing and appends
 * nothing. */
static int board_correct(struct game_req *r, enum campaign_board_part part, const char *id,
                         const cJSON *old, const cJSON *now)
{
    cJSON *fields = NULL, *before = NULL, *ev = NULL;
    int64_t version = 0;
    int rc;
    if (!r->campaign->active_game)
        return 0;
    rc = board_changes(old, now, board_part_what(part), &fields, &before, r->err);
    if (rc != 0 || !fields->child) {
        cJSON_Delete(fields);
        cJSON_Delete(before);
        return rc;
    }
    ev = cJSON_CreateObject();
    if (!ev || !cJSON_AddStringToObject(ev, "type", "correct") ||
        !cJSON_AddStringToObject(ev, "what", board_part_what(part)) ||
        !cJSON_AddStringToObject(ev, "id", id) || !cJSON_AddItemToObject(ev, "fields", fields)) {
        cJSON_Delete(fields);
        rc = sb_oom(r->err);
    }
    if (rc == 0 && !cJSON_AddItemToObject(ev, "before", before))
        rc = sb_oom(r->err);
    else if (rc == 0)
        before = NULL;
    if (rc == 0)
        rc = game_append(r, r->campaign->active_game, ev, 0, NULL, NULL, NULL, &version);
    cJSON_Delete(before);
    cJSON_Delete(ev);
    return rc;
}

/* Apply body to the part of doc that id names; *old gets a copy of the item as it was
 * (the caller frees it), *item the edited item in doc. */
static int board_edit(struct game_req *r, enum campaign_board_part part, const char *id, cJSON *doc,
                      const cJSON *body, cJSON **old, cJSON **item)
{
    static const char *const lists[] = {"destinations", "journal", "chance",
                                        NULL,           "deeds",   "community"};
    const cJSON *list = lists[part] ? cJSON_GetObjectItemCaseSensitive(doc, lists[part]) : NULL;
    const cJSON *it;
    cJSON_ArrayForEach(it, list)
    {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(it, part == PART_DEED ? "space" : "id");
        bool same = cJSON_IsString(v)
                        ? strcmp(v->valuestring, id) == 0
                        : json_is_int(v) && strtol(id, NULL, 10) == (long)v->valuedouble;
        if (same && !*old && !(*old = cJSON_Duplicate(it, true)))
            return sb_oom(r->err);
    }
    return game_box_put(r, doc, board_part_name(part), id, body, item);
}

/* True when body only marks a fact checked ({"checked": true}), which changes no rule.
 * This function can't fail. */
static bool board_check_only(const cJSON *body)
{
    const cJSON *only = body ? body->child : NULL;
    return only && !only->next && only->string && strcmp(only->string, "checked") == 0 &&
           cJSON_IsTrue(only);
}

/* The edit of campaign_board_put() inside its write transaction. */
static int board_put(struct game_req *r, const char *edition, enum campaign_board_part part,
                     const char *id, const cJSON *body, cJSON **out)
{
    cJSON *doc = NULL, *item = NULL, *old = NULL;
    char *board = NULL, *text = NULL;
    int rc = campaign_box_use(r, edition);
    if (rc == 0 && part == PART_SPACE && r->campaign->active_game && !board_check_only(body))
        rc = sb_fail(r->err, SB_ECONFLICT, NULL,
                     "the board's layout cannot change while game %lld is active",
                     (long long)r->campaign->active_game);
    if (rc == 0 && part == PART_JOURNAL)
        rc = board_check_slots(r, id, body);
    if (rc == 0)
        rc =
            store_campaign_board(CAMPAIGN_DB(r), r->campaign->id, r->campaign->box, &board, r->err);
    rc = campaign_take_json(r, rc, board, &doc);
    if (rc == 0)
        rc = board_edit(r, part, id, doc, body, &old, &item);
    if (rc == 0 && part != PART_SPACE)
        rc = board_correct(r, part, id, old, item);
    if (rc == 0 && !(text = cJSON_PrintUnformatted(doc)))
        rc = sb_oom(r->err);
    if (rc == 0)
        rc = store_campaign_set_board(CAMPAIGN_DB(r), r->campaign->id, r->campaign->box, text,
                                      r->err);
    if (rc == 0 && !(*out = cJSON_Duplicate(item, true)))
        rc = sb_oom(r->err);
    free(text);
    cJSON_Delete(old);
    cJSON_Delete(doc);
    return rc;
}

int campaign_board_put(struct game_req *r, const char *edition, enum campaign_board_part part,
                       const char *id, const cJSON *body, cJSON **item)
{
    int rc = store_begin_write(CAMPAIGN_DB(r), r->err);
    if (rc != 0)
        return rc;
    rc = campaign_end_write(r, board_put(r, edition, part, id, body, item));
    if (rc != 0) {
        cJSON_Delete(*item);
        *item = NULL;
    }
    return rc;
}
