/* campaign_boxes.c -- the boxes of a campaign (API.md "Every box of the group"): one per
 * edition the group plays, its own first; a request works on one of them, and the first
 * game of an edition gives the campaign that edition's box. */
#include "campaign_internal.h"

#include <stdlib.h>
#include <string.h>

#include "board_json.h"

int campaign_box_use(struct game_req *r, const char *edition)
{
    if (!edition || strcmp(edition, r->campaign->box) == 0)
        return 0;
    return store_campaign_box(CAMPAIGN_DB(r), edition, r->campaign, r->err);
}

/* Replace each box's "board" in boxes by its "facts" and "checked" counts. */
static int campaign_boxes_counted(struct game_req *r, cJSON *boxes)
{
    cJSON *box;
    cJSON_ArrayForEach(box, boxes)
    {
        int facts = 0, checked = 0;
        board_check_count(cJSON_GetObjectItemCaseSensitive(box, "board"), &facts, &checked);
        cJSON_DeleteItemFromObjectCaseSensitive(box, "board");
        if (!cJSON_AddNumberToObject(box, "checked", checked) ||
            !cJSON_AddNumberToObject(box, "facts", facts))
            return sb_oom(r->err);
    }
    return 0;
}

int campaign_object(struct game_req *r, int64_t cid, char **out)
{
    char *text = NULL, *list = NULL;
    cJSON *doc = NULL, *boxes = NULL;
    int rc = store_campaign_json(CAMPAIGN_DB(r), cid, &text, r->err);
    if (rc == 0)
        rc = store_campaign_boxes_json(CAMPAIGN_DB(r), cid, &list, r->err);
    rc = campaign_take_json(r, rc, text, &doc);
    rc = campaign_take_json(r, rc, list, &boxes);
    if (rc == 0)
        rc = campaign_boxes_counted(r, boxes);
    if (rc == 0 && cJSON_AddItemToObject(doc, "boxes", boxes))
        boxes = NULL;
    else if (rc == 0)
        rc = sb_oom(r->err);
    if (rc == 0 && !(*out = cJSON_PrintUnformatted(doc)))
        rc = sb_oom(r->err);
    cJSON_Delete(boxes);
    cJSON_Delete(doc);
    return rc;
}

/* The box a new game of edition is played with, made from board (NULL: the edition's
 * default, from eds) when the campaign has none yet; a box file for a box the campaign
 * has is 409. */
static int campaign_box_for_game(struct game_req *r, const struct editions *eds,
                                 const char *edition, const char *board)
{
    char *text = NULL;
    int rc = store_campaign_box(CAMPAIGN_DB(r), edition, r->campaign, r->err);
    if (rc == 0 && board)
        return sb_fail(r->err, SB_ECONFLICT, NULL,
                       "board: this campaign has a box of '%s' already (correct it with PUT "
                       "…/board?edition=%s)",
                       edition, edition);
    if (rc != SB_ENOTFOUND)
        return rc;
    if (!board) {
        const cJSON *doc = editions_find(eds, edition);
        if (!doc)
            return sb_fail(r->err, SB_EINVALID, NULL, "edition: no edition '%s'", edition);
        if (!(text = cJSON_PrintUnformatted(doc)))
            return sb_oom(r->err);
    }
    rc = store_campaign_box_add(CAMPAIGN_DB(r), r->campaign->id, edition, board ? board : text,
                                r->err);
    if (rc == 0)
        rc = store_campaign_box(CAMPAIGN_DB(r), edition, r->campaign, r->err);
    free(text);
    return rc;
}

int campaign_game_start(struct game_req *r, const struct editions *eds, const char *edition,
                        const char *board, const cJSON *body, int64_t *gid)
{
    int rc = store_begin_write(CAMPAIGN_DB(r), r->err);
    if (rc != 0)
        return rc;
    rc = campaign_box_for_game(r, eds, edition ? edition : r->campaign->edition, board);
    if (rc == 0)
        rc = game_create(r, body, NULL, gid);
    return campaign_end_write(r, rc);
}
