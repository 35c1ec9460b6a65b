/* test_game_cache.c -- the game cache (game.c) under appends that share the pool's
 * writer: an append finds the state the one before it left in the open transaction
 * (the open entry, shared with that append's pending entry), each append's state is
 * published once its COMMIT returned, and what the cache holds is what a replay of the
 * log gives. On a database file of its own (WAL needs one), with the shipped board. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "campaign_fixture.h"
#include "error.h"
#include "game.h"
#include "store.h"

#define POSTERS 4       /* threads appending to one game at once */
#define APPENDS_EACH 25 /* adjustments each of them appends */
#define POOL_CONNECTIONS 4
#define ADJUST 10 /* what each adjustment gives Ann */

struct fix {
    struct campaign_fix_place at;
    struct campaign_fix c; /* on the file: its connection sees what is committed */
    struct store_pool *pool;
};

/* One thread appending adjustments of Ann's cash (each changes the state, so an append
 * working on a stale state would be seen) as the API does with a pool: each append on a
 * reader of its own, written in a turn of the writer, and finished as committed or not. */
struct poster {
    struct fix *f;
    int failed; /* appends not answered 201 (cmocka asserts only on the main thread) */
    int64_t last_version;
};

static void *poster_run(void *arg)
{
    struct poster *p = arg;
    char text[96];
    snprintf(text, sizeof(text), "{\"type\":\"adjust\",\"player\":%lld,\"amount\":%d}",
             (long long)p->f->c.ann, ADJUST);
    cJSON *body = cJSON_Parse(text);
    p->failed = body ? 0 : APPENDS_EACH;
    for (int i = 0; body && i < APPENDS_EACH; i++) {
        struct store *s = NULL;
        struct store_campaign campaign = {.id = p->f->c.campaign.id};
        struct sb_error err = {0};
        struct game_req r = {.games = p->f->c.games,
                             .store = &s,
                             .pool = p->f->pool,
                             .campaign = &campaign,
                             .err = &err};
        char *answer = NULL;
        int status = 0;
        int64_t version = 0;
        int rc = store_pool_get(p->f->pool, &s, &err);
        if (rc == 0)
            rc = store_campaign_get(s, campaign.id, &campaign, &err);
        if (rc == 0)
            rc = game_post_event(&r, p->f->c.gid, body, NULL, NULL, &answer, &status, &version);
        game_req_finish(&r, rc == 0);
        store_pool_put(p->f->pool, s);
        p->failed += rc != 0 || status != 201;
        if (version > p->last_version)
            p->last_version = version;
        free(answer);
    }
    cJSON_Delete(body);
    return NULL;
}

static int setup(void **state)
{
    struct fix *f = calloc(1, sizeof(*f));
    struct sb_error err = {0};
    if (!f)
        return -1;
    if (campaign_fix_open_place(&f->c, &f->at) != 0)
        return -1;
    campaign_fix_game(&f->c);
    if (store_pool_new(f->at.db, POOL_CONNECTIONS, &f->pool, &err) != 0) {
        print_error("fixture: %s\n", err.detail);
        return -1;
    }
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    struct fix *f = *state;
    store_pool_free(f->pool);
    campaign_fix_close_place(&f->c, &f->at);
    free(f);
    return 0;
}

/* The committed state of the game is at want_version, with Ann's cash at want_cash, and
 * is the replay of its log, as text. */
static void check_stored_is_replayed(struct fix *f, int64_t want_version, int want_cash)
{
    char *stored = NULL, *replayed = NULL;
    int64_t version = 0, at_version = 0;
    cJSON *doc;
    assert_int_equal(
        store_game_state(f->c.s, f->c.campaign.id, f->c.gid, &stored, &version, &f->c.err), 0);
    assert_int_equal(version, want_version);
    assert_non_null(doc = cJSON_Parse(stored));
    assert_int_equal(
        cJSON_GetObjectItemCaseSensitive(
            cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "players"), 0), "cash")
            ->valueint,
        want_cash);
    cJSON_Delete(doc);
    campaign_fix_req(&f->c);
    assert_int_equal(game_state_at(&f->c.r, f->c.gid, want_version - 1, &replayed, &at_version), 0);
    game_req_finish(&f->c.r, true);
    assert_string_equal(replayed, stored);
    free(stored);
    free(replayed);
}

static void test_appends_sharing_the_writer_build_on_each_others_state(void **state)
{
    struct fix *f = *state;
    struct poster posters[POSTERS];
    pthread_t threads[POSTERS];
    const int64_t last = 1 + POSTERS * APPENDS_EACH; /* the game was created as version 1 */
    const int cash = 1500 + POSTERS * APPENDS_EACH * ADJUST;
    int64_t highest = 0;
    for (int i = 0; i < POSTERS; i++) {
        posters[i] = (struct poster){.f = f};
        assert_int_equal(pthread_create(&threads[i], NULL, poster_run, &posters[i]), 0);
    }
    for (int i = 0; i < POSTERS; i++) {
        assert_int_equal(pthread_join(threads[i], NULL), 0);
        assert_int_equal(posters[i].failed, 0);
        if (posters[i].last_version > highest)
            highest = posters[i].last_version;
    }
    assert_int_equal(highest, last);
    check_stored_is_replayed(f, last, cash);

    /* The next append, on a connection outside the pool, starts from what the cache
     * published: its state too is the replay's. */
    cJSON *body = cJSON_Parse("{\"type\":\"note\",\"text\":\"after them\"}");
    char *answer = NULL;
    int status = 0;
    int64_t version = 0;
    assert_non_null(body);
    campaign_fix_req(&f->c);
    assert_int_equal(
        game_post_event(&f->c.r, f->c.gid, body, NULL, NULL, &answer, &status, &version), 0);
    game_req_finish(&f->c.r, true);
    assert_int_equal(version, last + 1);
    check_stored_is_replayed(f, last + 1, cash);
    free(answer);
    cJSON_Delete(body);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_appends_sharing_the_writer_build_on_each_others_state,
                                        setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
