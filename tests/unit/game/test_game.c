/* test_game.c -- the game layer (game.c) on an in-memory database migrated from
 * migrations/, with the shipped Travel World Tour board: creating a game, appending
 * through the engine, refusals, If-Match, Idempotency-Key, undo, replay and the cache. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "board_edit.h"
#include "board_json.h"
#include "campaign_fixture.h"
#include "error.h"
#include "game.h"
#include "house.h"
#include "json_check.h"
#include "store.h"

/* ---- a counting allocator: the allocations an append makes -------------------------- */

/* cJSON's own allocations, counted through its hooks (under any build). */
static long cjson_allocs;
static bool counting;

static void *counting_cjson_malloc(size_t n)
{
    if (counting)
        cjson_allocs++;
    return malloc(n);
}

/* Every allocation of the process, counted by defining malloc here over the C library's
 * (not under ASan, which defines them itself). */
#if defined(__SANITIZE_ADDRESS__)
#define COUNTS_LIBC 0
#else
#define COUNTS_LIBC 1
extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t n);
extern void __libc_free(void *p);
static long libc_allocs;

void *malloc(size_t n)
{
    libc_allocs += counting;
    return __libc_malloc(n);
}

void *calloc(size_t n, size_t size)
{
    libc_allocs += counting;
    return __libc_calloc(n, size);
}

void *realloc(void *p, size_t n)
{
    libc_allocs += counting;
    return __libc_realloc(p, n);
}

void free(void *p)
{
    __libc_free(p);
}
#endif

#define APPEND_ALLOCS_MAX 100      /* allocations of one append, all of them (495 before) */
#define APPEND_CJSON_ALLOCS_MAX 16 /* ... of cJSON (424 before) */

/* the fixture: campaign_fixture.h */
#define fix campaign_fix

/* Point the request at the fixture's store and campaign, as the API does per request. */
static void fresh_req(struct fix *f)
{
    campaign_fixture_req(&f->r, f->games, &f->s, &f->campaign, &f->err);
}

/* Create a banker game of Ann (scottie) then Ben (hazel). */
static void create_game(struct fix *f)
{
    campaign_fix_game(f);
}

static int setup(void **state)
{
    struct fix *f = campaign_fix_new("test_game");
    create_game(f);
    *state = f;
    return 0;
}

/* POST an event body; returns the error code, *answer the answer (caller frees). */
static int post(struct fix *f, const char *event, const char *key, const char *if_match,
                char **answer, int *status, int64_t *version)
{
    cJSON *body = cJSON_Parse(event);
    int rc;
    assert_non_null(body);
    fresh_req(f);
    *answer = NULL;
    rc = game_post_event(&f->r, f->gid, body, key, if_match, answer, status, version);
    game_req_finish(&f->r, rc == 0);
    cJSON_Delete(body);
    return rc;
}

/* The stored state of the game and its version. */
static char *stored_state(struct fix *f, int64_t *version)
{
    char *text = NULL;
    assert_int_equal(store_game_state(f->s, f->campaign.id, f->gid, &text, version, &f->err), 0);
    return text;
}

/* text (which is freed) printed again without its "version" member. */
static char *without_version(char *text)
{
    cJSON *doc = jt_parse_text(text);
    char *out;
    cJSON_DeleteItemFromObjectCaseSensitive(doc, "version");
    out = cJSON_PrintUnformatted(doc);
    cJSON_Delete(doc);
    return out;
}

static void test_append_runs_the_engine_and_stores_the_new_state(void **state)
{
    struct fix *f = *state;
    char *answer = NULL, *text, *replayed = NULL;
    int status = 0;
    int64_t version = 0, stored = 0, at_version = 0;
    assert_int_equal(
        post(f, "{\"type\":\"roll\",\"d1\":1,\"d2\":2}", NULL, NULL, &answer, &status, &version),
        0);
    assert_int_equal(status, 201);
    assert_int_equal(version, 2);
    assert_non_null(strstr(answer, "\"kind\":\"move\""));
    text = stored_state(f, &stored);
    assert_int_equal(stored, version);
    assert_non_null(strstr(answer, text)); /* the answer carries the stored state */
    /* Replaying the log up to the event gives the snapshot. */
    fresh_req(f);
    assert_int_equal(game_state_at(&f->r, f->gid, 1, &replayed, &at_version), 0);
    game_req_finish(&f->r, true);
    assert_string_equal(replayed, text);
    free(replayed);
    free(text);
    free(answer);
}

static void test_refused_event_changes_nothing(void **state)
{
    struct fix *f = *state;
    char *answer = NULL, *before, *after;
    int status = 0;
    int64_t version = 0, v1 = 0, v2 = 0;
    char body[96];
    before = stored_state(f, &v1);
    snprintf(body, sizeof(body), "{\"type\":\"roll\",\"d1\":1,\"d2\":2,\"player\":%lld}",
             (long long)f->ben);
    assert_int_equal(post(f, body, NULL, NULL, &answer, &status, &version), SB_EINVALID);
    assert_non_null(f->err.rule);
    after = stored_state(f, &v2);
    assert_int_equal(v1, v2);
    assert_string_equal(before, after);
    free(before);
    free(after);
}

static void test_if_match_names_the_version_or_the_write_is_refused(void **state)
{
    struct fix *f = *state;
    char *answer = NULL;
    int status = 0;
    int64_t version = 0;
    assert_int_equal(
        post(f, "{\"type\":\"note\",\"text\":\"x\"}", NULL, "\"7\"", &answer, &status, &version),
        SB_EPRECOND);
    assert_int_equal(
        post(f, "{\"type\":\"note\",\"text\":\"x\"}", NULL, "\"1\"", &answer, &status, &version),
        0);
    free(answer);
    assert_int_equal(game_check_version(NULL, NULL, 5), 0);
    assert_int_equal(game_check_version(NULL, "*", 5), 0);
    /* API.md 2026-12-b: If-Match compares strongly, a weak ETag never matches. */
    assert_int_equal(game_check_version(NULL, "W/\"5\"", 5), SB_EPRECOND);
    assert_int_equal(game_check_version(NULL, "5", 5), 0);
    assert_int_equal(game_check_version(NULL, "\"4\"", 5), SB_EPRECOND);
}

static void test_idempotency_key_gets_the_first_answer_and_appends_once(void **state)
{
    struct fix *f = *state;
    char *first = NULL, *again = NULL;
    int s1 = 0, s2 = 0;
    int64_t v1 = 0, v2 = 0;
    assert_int_equal(
        post(f, "{\"type\":\"roll\",\"d1\":2,\"d2\":3}", "k-1", NULL, &first, &s1, &v1), 0);
    assert_int_equal(
        post(f, "{\"type\":\"roll\",\"d1\":2,\"d2\":3}", "k-1", NULL, &again, &s2, &v2), 0);
    assert_int_equal(s1, 201);
    assert_int_equal(s2, 200);
    assert_int_equal(v1, v2);
    assert_string_equal(first, again);
    free(first);
    free(again);
}

static void test_undo_replays_the_log_without_the_last_event(void **state)
{
    struct fix *f = *state;
    char *answer = NULL, *undone = NULL, *before, *after;
    int status = 0;
    int64_t version = 0, v = 0;
    before = stored_state(f, &v);
    assert_int_equal(
        post(f, "{\"type\":\"roll\",\"d1\":3,\"d2\":4}", NULL, NULL, &answer, &status, &version),
        0);
    free(answer);
    fresh_req(f);
    assert_int_equal(game_undo(&f->r, f->gid, NULL, &undone, &version), 0);
    game_req_finish(&f->r, true);
    assert_non_null(strstr(undone, "\"undone\":1"));
    after = stored_state(f, &v);
    assert_int_equal(v, 3); /* undo is a change too: a new version */
    /* Same state as before the roll but for its version. */
    before = without_version(before);
    after = without_version(after);
    assert_string_equal(before, after);
    fresh_req(f);
    assert_int_equal(game_undo(&f->r, f->gid, NULL, &undone, &version), SB_ECONFLICT);
    game_req_finish(&f->r, false);
    free(undone);
    free(before);
    free(after);
}

static void test_only_the_latest_game_can_be_undone(void **state)
{
    struct fix *f = *state;
    char *answer = NULL;
    int status = 0;
    int64_t version = 0, first = f->gid;
    assert_int_equal(post(f, "{\"type\":\"end\"}", NULL, NULL, &answer, &status, &version), 0);
    free(answer);
    create_game(f);
    assert_true(f->gid != first);
    f->gid = first;
    fresh_req(f);
    assert_int_equal(game_undo(&f->r, first, NULL, &answer, &version), SB_ECONFLICT);
    game_req_finish(&f->r, false);
}

static void test_a_forgotten_cache_loads_the_game_from_the_store(void **state)
{
    struct fix *f = *state;
    char *answer = NULL;
    int status = 0;
    int64_t version = 0;
    assert_int_equal(
        post(f, "{\"type\":\"roll\",\"d1\":1,\"d2\":3}", NULL, NULL, &answer, &status, &version),
        0);
    free(answer);
    games_forget(f->games);
    assert_int_equal(post(f, "{\"type\":\"note\",\"text\":\"still here\"}", NULL, "\"2\"", &answer,
                          &status, &version),
                     0);
    assert_int_equal(version, 3);
    free(answer);
}

/* ---- corrections of the box (correct events) ---- */

/* What the board PUT does while a game is active: set destination did's price in the
 * campaign's copy and append the correction to the game, in one transaction. */
static void correct_price(struct fix *f, const char *did, int price)
{
    char *text = NULL, *printed;
    cJSON *doc, *item = NULL, *old, *fields = NULL, *before = NULL, *ev, *body;
    int64_t version = 0;
    fresh_req(f);
    assert_int_equal(store_begin_write(f->s, &f->err), 0);
    assert_int_equal(
        store_campaign_board(f->s, f->campaign.id, f->campaign.edition, &text, &f->err), 0);
    assert_non_null(doc = cJSON_Parse(text));
    body = cJSON_CreateObject();
    cJSON_AddNumberToObject(body, "price", price);
    cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(doc, "destinations"))
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(item, "id");
        if (strcmp(id->valuestring, did) == 0)
            break;
    }
    old = cJSON_Duplicate(item, true);
    assert_int_equal(board_put_destination(doc, did, body, &item, &f->err), 0);
    assert_int_equal(board_changes(old, item, "destination", &fields, &before, &f->err), 0);
    ev = cJSON_CreateObject();
    cJSON_AddStringToObject(ev, "type", "correct");
    cJSON_AddStringToObject(ev, "what", "destination");
    cJSON_AddStringToObject(ev, "id", did);
    cJSON_AddItemToObject(ev, "fields", fields);
    cJSON_AddItemToObject(ev, "before", before);
    if (game_append(&f->r, f->gid, ev, 0, NULL, NULL, NULL, &version) != 0)
        fail_msg("correct: %s", f->err.detail);
    assert_non_null(printed = cJSON_PrintUnformatted(doc));
    assert_int_equal(
        store_campaign_set_board(f->s, f->campaign.id, f->campaign.edition, printed, &f->err), 0);
    assert_int_equal(store_commit(f->s, &f->err), 0);
    game_req_finish(&f->r, true);
    free(printed);
    free(text);
    cJSON_Delete(ev);
    cJSON_Delete(body);
    cJSON_Delete(old);
    cJSON_Delete(doc);
}

/* The price of destination did in the campaign's copy of the board. */
static int campaign_price(struct fix *f, const char *did)
{
    char *text = NULL;
    cJSON *doc, *d;
    int price = -1;
    assert_int_equal(
        store_campaign_board(f->s, f->campaign.id, f->campaign.edition, &text, &f->err), 0);
    assert_non_null(doc = cJSON_Parse(text));
    cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(doc, "destinations"))
    {
        if (strcmp(cJSON_GetObjectItemCaseSensitive(d, "id")->valuestring, did) == 0)
            price = cJSON_GetObjectItemCaseSensitive(d, "price")->valueint;
    }
    cJSON_Delete(doc);
    free(text);
    return price;
}

/* Ann's cash in the stored state. */
static int ann_cash(struct fix *f)
{
    int64_t v = 0;
    cJSON *doc = jt_parse_text(stored_state(f, &v));
    int cash = cJSON_GetObjectItemCaseSensitive(
                   cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "players"), 0), "cash")
                   ->valueint;
    cJSON_Delete(doc);
    return cash;
}

static void test_undo_of_a_correction_restores_the_game_and_the_campaign_copy(void **state)
{
    struct fix *f = *state;
    char *answer = NULL, *undone = NULL, *before, *after;
    int status = 0;
    int64_t version = 0, v = 0;
    before = without_version(stored_state(f, &v));
    correct_price(f, "rapa-nui", 120);
    assert_int_equal(campaign_price(f, "rapa-nui"), 120);
    fresh_req(f);
    assert_int_equal(game_undo(&f->r, f->gid, NULL, &undone, &version), 0);
    game_req_finish(&f->r, true);
    assert_int_equal(campaign_price(f, "rapa-nui"), 100);
    after = without_version(stored_state(f, &v));
    assert_string_equal(before, after);
    /* and the game itself plays on the old price again */
    assert_int_equal(
        post(f, "{\"type\":\"roll\",\"d1\":2,\"d2\":4}", NULL, NULL, &answer, &status, &version),
        0);
    free(answer);
    assert_int_equal(post(f, "{\"type\":\"buy\"}", NULL, NULL, &answer, &status, &version), 0);
    free(answer);
    assert_int_equal(ann_cash(f), 1400);
    free(undone);
    free(before);
    free(after);
}

static void test_a_correction_survives_a_forgotten_cache_and_replays_to_the_snapshot(void **state)
{
    struct fix *f = *state;
    char *answer = NULL, *replayed = NULL, *text;
    int status = 0;
    int64_t version = 0, v = 0, at_version = 0;
    correct_price(f, "rapa-nui", 120);
    assert_int_equal(
        post(f, "{\"type\":\"roll\",\"d1\":2,\"d2\":4}", NULL, NULL, &answer, &status, &version),
        0);
    free(answer);
    games_forget(f->games); /* the board is parsed again: the log's correction with it */
    assert_int_equal(post(f, "{\"type\":\"buy\"}", NULL, NULL, &answer, &status, &version), 0);
    free(answer);
    assert_int_equal(ann_cash(f), 1380);
    text = stored_state(f, &v);
    fresh_req(f);
    assert_int_equal(game_state_at(&f->r, f->gid, 3, &replayed, &at_version), 0);
    game_req_finish(&f->r, true);
    assert_string_equal(replayed, text);
    /* a correction cannot be posted as an event: it comes with the board's change */
    assert_int_equal(post(f,
                          "{\"type\":\"correct\",\"what\":\"destination\",\"id\":\"rapa-nui\","
                          "\"fields\":{\"price\":10},\"before\":{\"price\":120}}",
                          NULL, NULL, &answer, &status, &version),
                     SB_EINVALID);
    free(replayed);
    free(text);
}

/* HOUSE rules: a game copies the campaign's at its start and keeps them: a change of the
 * campaign's, a replay or a new snapshot never changes them; the next game takes the
 * new ones. */
static void test_house_a_game_keeps_the_rules_it_started_with(void **state)
{
    struct fix *f = *state;
    char *answer = NULL, *text, *replayed = NULL;
    int status = 0;
    int64_t version = 0, at_version = 0;
    cJSON *patch = cJSON_Parse("{\"fees\":\"automatic\",\"starting_cash\":2000}");
    assert_int_equal(store_begin_write(f->s, &f->err), 0);
    assert_int_equal(house_write_campaign(f->s, f->campaign.id, patch, true, &f->err), 0);
    assert_int_equal(store_commit(f->s, &f->err), 0);
    cJSON_Delete(patch);
    assert_int_equal(
        post(f, "{\"type\":\"roll\",\"d1\":1,\"d2\":2}", NULL, NULL, &answer, &status, &version),
        0);
    free(answer);
    text = stored_state(f, &version);
    assert_non_null(strstr(text, "\"fees\":\"ask\""));
    assert_non_null(strstr(text, "\"cash\":1500"));
    fresh_req(f);
    assert_int_equal(game_state_at(&f->r, f->gid, 1, &replayed, &at_version), 0);
    game_req_finish(&f->r, true);
    assert_string_equal(replayed, text);
    free(replayed);
    free(text);
    assert_int_equal(post(f, "{\"type\":\"end\"}", NULL, NULL, &answer, &status, &version), 0);
    free(answer);
    create_game(f);
    text = stored_state(f, &version);
    assert_non_null(strstr(text, "\"fees\":\"automatic\""));
    assert_non_null(strstr(text, "\"cash\":2000"));
    free(text);
}

/* Further additions (2026-12-b): every event but a note to a game that is over is 409,
 * before its fields are read. */
static void test_an_event_to_a_finished_game_is_409_before_its_fields(void **state)
{
    struct fix *f = *state;
    char *answer = NULL;
    int status = 0;
    int64_t version = 0;
    assert_int_equal(post(f, "{\"type\":\"end\"}", NULL, NULL, &answer, &status, &version), 0);
    free(answer);
    assert_int_equal(post(f, "{\"type\":\"roll\"}", NULL, NULL, &answer, &status, &version),
                     SB_ECONFLICT);
    assert_int_equal(
        post(f, "{\"type\":\"adjust\",\"amount\":\"x\"}", NULL, NULL, &answer, &status, &version),
        SB_ECONFLICT);
    assert_int_equal(
        post(f, "{\"type\":\"note\",\"text\":\"gg\"}", NULL, NULL, &answer, &status, &version), 0);
    free(answer);
}

/* TWT-JOURNAL-5: a client's draw_journal naming a stamp_owner is refused; the server
 * records the campaign's with the draw it accepts. */
static void test_twt_journal_5_the_campaign_policy_is_recorded_not_the_clients(void **state)
{
    struct fix *f = *state;
    char *answer = NULL;
    int status = 0;
    int64_t version = 0;
    assert_int_equal(
        post(f, "{\"type\":\"roll\",\"d1\":1,\"d2\":1}", NULL, NULL, &answer, &status, &version),
        0); /* Travel Journal */
    free(answer);
    assert_int_equal(post(f,
                          "{\"type\":\"draw_journal\",\"card\":\"journal-1\","
                          "\"stamp_owner\":\"player\"}",
                          NULL, NULL, &answer, &status, &version),
                     SB_EINVALID);
    assert_string_equal(f->err.rule, "TWT-JOURNAL-5");
    assert_int_equal(post(f, "{\"type\":\"draw_journal\",\"card\":\"journal-1\"}", NULL, NULL,
                          &answer, &status, &version),
                     0);
    assert_non_null(strstr(answer, "\"stamp_owner\":\"token\""));
    free(answer);
}

/* How little an append allocates (the issue "An append costs what its writes cost"): the
 * allocations of one note appended through game_post_event, the state and answer
 * printed and the event stored, counted over 20 appends once the game is cached. */
static void test_an_append_allocates_little(void **state)
{
    struct fix *f = *state;
    char *answer = NULL;
    int status = 0;
    int64_t version = 0;
    const int n = 20;
    cJSON_Hooks hooks = {counting_cjson_malloc, free};
    cJSON_InitHooks(&hooks);
    assert_int_equal(
        post(f, "{\"type\":\"roll\",\"d1\":1,\"d2\":2}", NULL, NULL, &answer, &status, &version),
        0);
    free(answer);
    cjson_allocs = 0;
#if COUNTS_LIBC
    libc_allocs = 0;
#endif
    for (int i = 0; i < n; i++) {
        cJSON *body = cJSON_Parse("{\"type\":\"note\",\"text\":\"a benchmark note\"}");
        assert_non_null(body);
        fresh_req(f);
        counting = true;
        assert_int_equal(
            game_post_event(&f->r, f->gid, body, NULL, NULL, &answer, &status, &version), 0);
        game_req_finish(&f->r, true);
        counting = false;
        free(answer);
        cJSON_Delete(body);
    }
    cJSON_InitHooks(NULL);
    print_message("allocations per append: %ld by cJSON", cjson_allocs / n);
#if COUNTS_LIBC
    print_message(", %ld in all", libc_allocs / n);
    assert_true(libc_allocs / n <= APPEND_ALLOCS_MAX);
#endif
    print_message("\n");
    assert_true(cjson_allocs / n <= APPEND_CJSON_ALLOCS_MAX);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_append_runs_the_engine_and_stores_the_new_state, setup,
                                        campaign_fix_teardown),
        cmocka_unit_test_setup_teardown(test_refused_event_changes_nothing, setup,
                                        campaign_fix_teardown),
        cmocka_unit_test_setup_teardown(test_if_match_names_the_version_or_the_write_is_refused,
                                        setup, campaign_fix_teardown),
        cmocka_unit_test_setup_teardown(test_idempotency_key_gets_the_first_answer_and_appends_once,
                                        setup, campaign_fix_teardown),
        cmocka_unit_test_setup_teardown(test_undo_replays_the_log_without_the_last_event, setup,
                                        campaign_fix_teardown),
        cmocka_unit_test_setup_teardown(test_only_the_latest_game_can_be_undone, setup,
                                        campaign_fix_teardown),
        cmocka_unit_test_setup_teardown(
            test_undo_of_a_correction_restores_the_game_and_the_campaign_copy, setup,
            campaign_fix_teardown),
        cmocka_unit_test_setup_teardown(
            test_a_correction_survives_a_forgotten_cache_and_replays_to_the_snapshot, setup,
            campaign_fix_teardown),
        cmocka_unit_test_setup_teardown(test_a_forgotten_cache_loads_the_game_from_the_store, setup,
                                        campaign_fix_teardown),
        cmocka_unit_test_setup_teardown(test_house_a_game_keeps_the_rules_it_started_with, setup,
                                        campaign_fix_teardown),
        cmocka_unit_test_setup_teardown(test_an_event_to_a_finished_game_is_409_before_its_fields,
                                        setup, campaign_fix_teardown),
        cmocka_unit_test_setup_teardown(
            test_twt_journal_5_the_campaign_policy_is_recorded_not_the_clients, setup,
            campaign_fix_teardown),
        cmocka_unit_test_setup_teardown(test_an_append_allocates_little, setup,
                                        campaign_fix_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
