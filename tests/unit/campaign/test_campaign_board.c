/* test_campaign_board.c -- the campaign's board copy edited while a game of it is active
 * (campaign_board_put(), API.md "Correcting the box"): a destination or card correction
 * is appended to the game as a correct event in the same transaction, and the layout
 * cannot change but for a space marked checked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "campaign.h"
#include "campaign_fixture.h"
#include "game.h"
#include "json_check.h"
#include "store.h"

/* The campaign with a banker game of Ann and Ben in play, its request ready. */
static struct campaign_fix *fix_with_game(const char *name)
{
    struct campaign_fix *f = campaign_fix_new(name);
    campaign_fix_game(f);
    campaign_fix_req(f); /* the campaign read again: its active game */
    assert_int_equal(f->campaign.active_game, f->gid);
    return f;
}

/* The game's state document and version, read as the API reads them. */
static cJSON *game_state(struct campaign_fix *f, int64_t *version)
{
    char *game = NULL, *state = NULL;
    cJSON *doc;
    campaign_fix_req(f);
    assert_int_equal(campaign_game_read(&f->r, f->gid, &game, &state, version), 0);
    assert_non_null(doc = cJSON_Parse(state));
    free(game);
    free(state);
    return doc;
}

/* The type and payload of the game's last event (the caller frees *payload). */
struct last_event {
    char type[32];
    cJSON *payload;
};

static int keep_last(void *arg, int64_t seq, const char *type, const char *payload)
{
    struct last_event *e = arg;
    (void)seq;
    snprintf(e->type, sizeof(e->type), "%s", type);
    cJSON_Delete(e->payload);
    e->payload = cJSON_Parse(payload);
    return 0;
}

static struct last_event last_event(struct campaign_fix *f)
{
    struct last_event e = {{0}, NULL};
    assert_int_equal(store_events_each(f->s, f->gid, 0, keep_last, &e, &f->err), 0);
    return e;
}

/* The campaign's board copy as text. */
static char *board_text(struct campaign_fix *f)
{
    cJSON *doc = NULL;
    char *text;
    campaign_fix_req(f);
    assert_int_equal(campaign_board(&f->r, NULL, &doc), 0);
    assert_non_null(text = cJSON_PrintUnformatted(doc));
    cJSON_Delete(doc);
    return text;
}

/* TWT-SETUP-1: a price corrected during a game changes the campaign's copy and is
 * appended to the game as a correct event naming the field's new and old values. */
static void test_twt_setup_1_an_edit_during_a_game_is_appended_as_a_correction(void **state)
{
    (void)state;
    struct campaign_fix *f = fix_with_game("campaign_board_correct");
    int64_t before = 0, after = 0;
    cJSON *st = game_state(f, &before), *body = cJSON_Parse("{\"price\":120}"), *item = NULL;
    cJSON_Delete(st);
    campaign_fix_req(f);
    assert_int_equal(campaign_board_put(&f->r, NULL, PART_DESTINATION, "rapa-nui", body, &item), 0);
    game_req_finish(&f->r, true); /* as the API ends each request */
    assert_int_equal(jt_int(item, "price"), 120);
    st = game_state(f, &after);
    assert_int_equal(after, before + 1);
    assert_non_null(jt_get(st, "corrections"));
    struct last_event e = last_event(f);
    assert_string_equal(e.type, "correct");
    assert_string_equal(jt_str(e.payload, "what"), "destination");
    assert_string_equal(jt_str(e.payload, "id"), "rapa-nui");
    assert_int_equal(jt_int(jt_get(e.payload, "fields"), "price"), 120);
    assert_int_equal(jt_int(jt_get(e.payload, "before"), "price"), 100);
    cJSON_Delete(e.payload);
    cJSON_Delete(st);
    cJSON_Delete(item);
    cJSON_Delete(body);
    campaign_fix_free(f);
}

/* TWT-SETUP-1: the layout cannot change while a game is active (409, nothing changed,
 * nothing appended); marking a space checked changes no rule and is taken. */
static void test_twt_setup_1_the_layout_holds_during_a_game_but_a_check(void **state)
{
    (void)state;
    struct campaign_fix *f = fix_with_game("campaign_board_layout");
    cJSON *rename = cJSON_Parse("{\"name\":\"Elsewhere\"}");
    cJSON *check = cJSON_Parse("{\"checked\":true}");
    cJSON *item = NULL;
    char *was = board_text(f), *now;
    int64_t version = 0, later = 0;
    cJSON_Delete(game_state(f, &version));
    campaign_fix_req(f);
    assert_int_equal(campaign_board_put(&f->r, NULL, PART_SPACE, "5", rename, &item), SB_ECONFLICT);
    game_req_finish(&f->r, false);
    assert_null(item);
    now = board_text(f);
    assert_string_equal(now, was);
    free(now);
    campaign_fix_req(f);
    assert_int_equal(campaign_board_put(&f->r, NULL, PART_SPACE, "5", check, &item), 0);
    game_req_finish(&f->r, true);
    cJSON_Delete(game_state(f, &later));
    assert_int_equal(later, version); /* a check is no correction of the game */
    cJSON_Delete(item);
    cJSON_Delete(check);
    cJSON_Delete(rename);
    free(was);
    campaign_fix_free(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_twt_setup_1_an_edit_during_a_game_is_appended_as_a_correction),
        cmocka_unit_test(test_twt_setup_1_the_layout_holds_during_a_game_but_a_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
