/* house.c -- house rules of campaigns and of new games (house.h). */
#include "house.h"

#include <stdlib.h>

#include "house_json.h"

char *house_text(const struct house_rules *hr)
{
    cJSON *doc = house_rules_to_json(hr);
    char *text = doc ? cJSON_PrintUnformatted(doc) : NULL;
    cJSON_Delete(doc);
    return text;
}

/* The campaign's house rules as stored (official when none are). */
static int house_of_campaign(struct store *s, int64_t cid, struct house_rules *hr,
                             struct sb_error *err)
{
    struct house_rules official = rules_house_official();
    char *text = NULL;
    int rc = store_campaign_house_rules(s, cid, &text, err);
    if (rc == 0)
        rc = house_rules_from_text(text, &official, hr, err);
    free(text);
    return rc;
}

/* The official readings for campaign cid's own box: the rulebook's, starting with the
 * box's own start_cash (issue 41). */
static int house_of_box(struct store *s, int64_t cid, struct house_rules *hr, struct sb_error *err)
{
    struct store_campaign c;
    char *text = NULL;
    cJSON *board = NULL;
    int rc = store_campaign_get(s, cid, &c, err);
    if (rc == 0)
        rc = store_campaign_board(s, cid, c.edition, &text, err);
    *hr = rules_house_official();
    if (rc == 0 && !(board = cJSON_Parse(text)))
        rc = sb_fail(err, SB_EIO, NULL, "the board of campaign %lld is damaged", (long long)cid);
    if (rc == 0)
        hr->starting_cash = house_box_cash(board, hr->starting_cash);
    cJSON_Delete(board);
    free(text);
    return rc;
}

int house_write_campaign(struct store *s, int64_t cid, const cJSON *obj, bool patch,
                         struct sb_error *err)
{
    struct house_rules hr;
    char *text;
    int rc = 0;
    if (patch && !obj)
        return 0;
    rc = patch ? house_of_campaign(s, cid, &hr, err) : house_of_box(s, cid, &hr, err);
    if (rc == 0 && obj)
        rc = house_rules_from_json(obj, &hr, err);
    if (rc != 0)
        return rc;
    if (!(text = house_text(&hr)))
        return sb_oom(err);
    rc = store_campaign_set_house_rules(s, cid, text, err);
    free(text);
    return rc;
}

int house_for_game(struct store *s, int64_t cid, const cJSON *obj, struct house_rules *hr,
                   struct sb_error *err)
{
    int rc = house_of_campaign(s, cid, hr, err);
    if (rc == 0 && obj)
        rc = house_rules_from_json(obj, hr, err);
    return rc;
}
