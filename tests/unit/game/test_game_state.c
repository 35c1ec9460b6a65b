/* test_game_state.c -- the documents a game leaves to the engine (game_state.c): made
 * again, they are byte for byte the texts stored when the game was created and played,
 * and every reader answers the same with them left NULL. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "campaign_fixture.h"
#include "error.h"
#include "game.h"
#include "game_kind.h"
#include "game_state.h"
#include "store.h"

/* Create a game of mode for Ann (hazel) and Ben (scottie). */
static void create_game(struct campaign_fix *f, const char *mode)
{
    char body[192];
    snprintf(body, sizeof(body),
             "{\"mode\":\"%s\",\"seats\":[{\"player\":%lld,\"token\":\"hazel\"},"
             "{\"player\":%lld,\"token\":\"scottie\"}]}",
             mode, (long long)f->ann, (long long)f->ben);
    campaign_fix_req(f);
    campaign_fixture_game(&f->r, body, &f->gid);
}

static void post(struct campaign_fix *f, const char *event)
{
    cJSON *body = cJSON_Parse(event);
    char *answer = NULL;
    int status = 0;
    int64_t version = 0;
    assert_non_null(body);
    campaign_fix_req(f);
    assert_int_equal(game_post_event(&f->r, f->gid, body, NULL, NULL, &answer, &status, &version),
                     0);
    game_req_finish(&f->r, true);
    free(answer);
    cJSON_Delete(body);
}

/* A journal-mode game that stamps a card and ends, then a banker game whose initial
 * state holds that stamp, ended too. */
static int setup(void **state)
{
    struct campaign_fix *f = campaign_fix_new("test_game_state");
    char draw[128];
    create_game(f, "journal");
    snprintf(draw, sizeof(draw),
             "{\"type\":\"draw_journal\",\"card\":\"journal-2\",\"player\":%lld}",
             (long long)f->ann);
    post(f, draw);
    post(f, "{\"type\":\"end\"}");
    create_game(f, "banker");
    post(f, "{\"type\":\"roll\",\"d1\":1,\"d2\":2}");
    post(f, "{\"type\":\"note\",\"text\":\"a long night\"}");
    post(f, "{\"type\":\"end\"}");
    *state = f;
    return 0;
}

static void get_row(struct campaign_fix *f, int64_t gid, struct store_game *g)
{
    assert_int_equal(store_game_get(f->s, f->campaign.id, gid, true, g, &f->err), 0);
}

/* game_initial_text() and a replay print what game_create() and the appends stored. */
static void test_the_documents_made_again_are_the_stored_texts(void **state)
{
    struct campaign_fix *f = *state;
    for (int64_t gid = f->gid - 1; gid <= f->gid; gid++) {
        struct store_game g;
        char *initial = NULL, *replayed = NULL;
        int64_t version = 0;
        bool corrected = true;
        get_row(f, gid, &g);
        assert_non_null(g.initial);
        assert_non_null(g.state);
        campaign_fix_req(f);
        assert_int_equal(game_initial_text(&f->r, &g, &initial), 0);
        assert_string_equal(initial, g.initial);
        assert_int_equal(game_state_made(&f->r, gid, true, &replayed, &version, &corrected), 0);
        game_req_finish(&f->r, false);
        assert_false(corrected);
        assert_int_equal(version, g.version);
        assert_string_equal(replayed, g.state);
        free(initial);
        free(replayed);
        store_game_clear(&g);
    }
    /* the banker game starts with the stamp the journal game made */
    {
        struct store_game g;
        get_row(f, f->gid, &g);
        assert_non_null(strstr(g.initial, "journal-2"));
        store_game_clear(&g);
    }
}

/* Left NULL, every reader answers the texts that were stored: the snapshot, the state
 * at ?at=0 and at each event, and after a rename the renamed texts. */
static void test_documents_left_to_the_engine_read_the_same(void **state)
{
    struct campaign_fix *f = *state;
    struct store_game before[2], after;
    char *text = NULL, *at = NULL;
    int64_t version = 0, v = 0;
    get_row(f, f->gid - 1, &before[0]);
    get_row(f, f->gid, &before[1]);
    campaign_fix_req(f);
    assert_int_equal(store_begin_write(f->s, &f->err), 0);
    assert_int_equal(game_state_leave(&f->r), 0);
    assert_int_equal(store_commit(f->s, &f->err), 0);
    game_req_finish(&f->r, false);
    games_forget(f->games);
    for (int i = 0; i < 2; i++) {
        get_row(f, f->gid - 1 + i, &after);
        assert_null(after.initial);
        assert_null(after.state);
        assert_int_equal(after.version, before[i].version);
        store_game_clear(&after);
        assert_int_equal(
            store_game_state(f->s, f->campaign.id, f->gid - 1 + i, &text, &version, &f->err), 0);
        assert_null(text);
        campaign_fix_req(f);
        assert_int_equal(game_state_fill(&f->r, f->gid - 1 + i, &text, &version), 0);
        assert_string_equal(text, before[i].state);
        assert_int_equal(version, before[i].version);
        assert_int_equal(game_state_at(&f->r, f->gid - 1 + i, 0, &at, &v), 0);
        game_req_finish(&f->r, false);
        free(text);
        free(at);
        text = at = NULL;
        store_game_clear(&before[i]);
    }
    /* a rename bumps the version; the documents stay the engine's, with the new name */
    campaign_fix_req(f);
    assert_int_equal(store_begin_write(f->s, &f->err), 0);
    assert_int_equal(store_player_rename(f->s, f->campaign.id, f->ann, "Annie", &f->err), 0);
    assert_int_equal(game_rename_player(&f->r, f->ann, "Annie"), 0);
    assert_int_equal(store_commit(f->s, &f->err), 0);
    game_req_finish(&f->r, false);
    get_row(f, f->gid, &after);
    assert_null(after.state);
    campaign_fix_req(f);
    assert_int_equal(game_state_fill(&f->r, f->gid, &text, &version), 0);
    game_req_finish(&f->r, false);
    assert_int_equal(version, after.version);
    assert_non_null(strstr(text, "\"name\":\"Annie\""));
    assert_null(strstr(text, "\"name\":\"Ann\""));
    free(text);
    store_game_clear(&after);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_the_documents_made_again_are_the_stored_texts, setup,
                                        campaign_fix_teardown),
        cmocka_unit_test_setup_teardown(test_documents_left_to_the_engine_read_the_same, setup,
                                        campaign_fix_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
