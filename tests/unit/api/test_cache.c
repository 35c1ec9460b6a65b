/* test_cache.c -- the read cache (api_cache.c, api_answer_cached()): a game's state and a
 * game with its state answered from memory exactly as api_handle() answered them, only
 * for a key that opens the campaign, never after a write of this process, and for no
 * longer than its age after a write of another. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "api.h"
#include "api_request.h"
#include "api_cache.h"
#include "error.h"

#define AGE_MS 40

struct fix {
    struct api_fix a; /* first: api_fix_teardown() frees the fixture */
    int64_t cid, gid, p1;
    char key[64], view_key[64];
    char state[192], game[160];
};

/* Send one request to api; key NULL: none; param: one query parameter "k=v" or NULL. */
static void call_on(struct api *api, const char *method, const char *path, const char *key,
                    const char *body, const char *param, struct api_response *res)
{
    struct api_request req;
    char auth[API_REQUEST_AUTH_MAX];
    static char pk[32], pv[32];
    api_request_fill(&req, auth, method, path, key, body);
    if (param) {
        snprintf(pk, sizeof(pk), "%.*s", (int)strcspn(param, "="), param);
        snprintf(pv, sizeof(pv), "%s", param + strcspn(param, "=") + 1);
        req.nparams = 1;
        req.params[0].key = pk;
        req.params[0].value = pv;
    }
    api_handle(api, &req, res);
}

/* The cached answer of a GET, if any: true with res filled. */
static bool cached(struct fix *f, const char *path, const char *key, const char *param,
                   struct api_response *res)
{
    struct api_request req;
    char auth[128];
    memset(&req, 0, sizeof(req));
    req.method = "GET";
    req.path = path;
    if (key) {
        snprintf(auth, sizeof(auth), "Bearer %s", key);
        req.authorization = auth;
    }
    if (param) {
        req.nparams = 1;
        req.params[0].key = "at";
        req.params[0].value = param;
    }
    return api_answer_cached(f->a.api, &req, res);
}

static int64_t id_of(const char *body, const char *obj)
{
    cJSON *j = cJSON_Parse(body);
    const cJSON *o = obj ? cJSON_GetObjectItemCaseSensitive(j, obj) : j;
    int64_t id = (int64_t)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(o, "id"));
    cJSON_Delete(j);
    return id;
}

/* A campaign with two players and a banker game. */
static int setup(void **state)
{
    struct fix *f = calloc(1, sizeof(*f));
    struct api_response res;
    char path[128], body[256];
    int64_t p2;
    cJSON *j;
    if (!f || api_fix_init(&f->a, "test_cache", AGE_MS) != 0) {
        free(f);
        return -1;
    }
    call_on(f->a.api, "POST", "/api/v1/campaigns", NULL, "{\"name\":\"Cached\"}", NULL, &res);
    j = cJSON_Parse(res.body);
    f->cid = (int64_t)cJSON_GetNumberValue(
        cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(j, "campaign"), "id"));
    snprintf(f->key, sizeof(f->key), "%s",
             cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "key")));
    snprintf(f->view_key, sizeof(f->view_key), "%s",
             cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "view_key")));
    cJSON_Delete(j);
    api_response_clear(&res);
    snprintf(path, sizeof(path), "/api/v1/campaigns/%lld/players", (long long)f->cid);
    call_on(f->a.api, "POST", path, f->key, "{\"name\":\"Ann\"}", NULL, &res);
    f->p1 = id_of(res.body, NULL);
    api_response_clear(&res);
    call_on(f->a.api, "POST", path, f->key, "{\"name\":\"Bob\"}", NULL, &res);
    p2 = id_of(res.body, NULL);
    api_response_clear(&res);
    snprintf(path, sizeof(path), "/api/v1/campaigns/%lld/games", (long long)f->cid);
    snprintf(body, sizeof(body),
             "{\"mode\":\"banker\",\"seats\":[{\"player\":%lld,\"token\":\"hazel\"},"
             "{\"player\":%lld,\"token\":\"t-rex\"}]}",
             (long long)f->p1, (long long)p2);
    call_on(f->a.api, "POST", path, f->key, body, NULL, &res);
    f->gid = id_of(res.body, "game");
    api_response_clear(&res);
    snprintf(f->game, sizeof(f->game), "/api/v1/campaigns/%lld/games/%lld", (long long)f->cid,
             (long long)f->gid);
    snprintf(f->state, sizeof(f->state), "%s/state", f->game);
    *state = f;
    return 0;
}

static void sleep_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* Read path with key the long way, then check the cache gives the very same answer. */
static void assert_cached_equals_read(struct fix *f, const char *path, const char *key)
{
    struct api_response read, hit;
    call_on(f->a.api, "GET", path, key, NULL, NULL, &read);
    assert_int_equal(read.status, 200);
    assert_true(cached(f, path, key, NULL, &hit));
    assert_int_equal(hit.status, 200);
    assert_string_equal(hit.content_type, read.content_type);
    assert_string_equal(hit.etag, read.etag);
    assert_string_equal(hit.route, read.route);
    assert_int_equal(hit.body_len, read.body_len);
    assert_memory_equal(hit.body, read.body, read.body_len);
    api_response_clear(&read);
    api_response_clear(&hit);
}

/* Append a note; returns the status. */
static int append_note(struct fix *f)
{
    struct api_response res;
    char path[192];
    int status;
    snprintf(path, sizeof(path), "%s/events", f->game);
    call_on(f->a.api, "POST", path, f->key, "{\"type\":\"note\",\"text\":\"hello\"}", NULL, &res);
    status = res.status;
    api_response_clear(&res);
    return status;
}

/* ---- tests ---- */

static void test_a_read_is_cached_as_api_handle_answered_it(void **state)
{
    struct fix *f = *state;
    struct api_response res;
    /* Nothing is cached before the first read. */
    assert_false(cached(f, f->state, f->key, NULL, &res));
    assert_null(res.body);
    assert_cached_equals_read(f, f->state, f->key);
    assert_cached_equals_read(f, f->game, f->key);
}

static void test_the_view_key_reads_the_cache_a_wrong_key_and_a_query_do_not(void **state)
{
    struct fix *f = *state;
    struct api_response res;
    char other[192];
    assert_cached_equals_read(f, f->state, f->key);
    assert_true(cached(f, f->state, f->view_key, NULL, &res));
    api_response_clear(&res);
    assert_false(cached(f, f->state, "not-the-key", NULL, &res));
    assert_false(cached(f, f->state, NULL, NULL, &res));
    assert_false(cached(f, f->state, f->key, "0", &res)); /* ?at= is read, never cached */
    /* The same game under another campaign's path is not the cached answer. */
    snprintf(other, sizeof(other), "/api/v1/campaigns/%lld/games/%lld/state", (long long)f->cid + 1,
             (long long)f->gid);
    assert_false(cached(f, other, f->key, NULL, &res));
    /* Routes outside the cache never answer from it. */
    snprintf(other, sizeof(other), "%s/events", f->game);
    assert_false(cached(f, other, f->key, NULL, &res));
    assert_null(res.body);
}

static void test_an_append_ends_the_cached_answer_before_it_is_acknowledged(void **state)
{
    struct fix *f = *state;
    struct api_response res;
    assert_cached_equals_read(f, f->state, f->key);
    assert_cached_equals_read(f, f->game, f->key);
    assert_int_equal(append_note(f), 201);
    assert_false(cached(f, f->state, f->key, NULL, &res));
    assert_false(cached(f, f->game, f->key, NULL, &res));
    /* The next read is the new version, and is cached in its turn. */
    call_on(f->a.api, "GET", f->state, f->key, NULL, NULL, &res);
    assert_string_equal(res.etag, "\"2\"");
    api_response_clear(&res);
    assert_true(cached(f, f->state, f->key, NULL, &res));
    assert_string_equal(res.etag, "\"2\"");
    api_response_clear(&res);
}

static void test_any_write_ends_it_a_rename_and_a_key_rotation_too(void **state)
{
    struct fix *f = *state;
    struct api_response res;
    char path[192];
    /* A player's new name is in the game's seats. */
    assert_cached_equals_read(f, f->game, f->key);
    snprintf(path, sizeof(path), "/api/v1/campaigns/%lld/players/%lld", (long long)f->cid,
             (long long)f->p1);
    call_on(f->a.api, "PATCH", path, f->key, "{\"name\":\"Annie\"}", NULL, &res);
    assert_int_equal(res.status, 200);
    api_response_clear(&res);
    assert_false(cached(f, f->game, f->key, NULL, &res));
    call_on(f->a.api, "GET", f->game, f->key, NULL, NULL, &res);
    assert_non_null(strstr(res.body, "\"Annie\""));
    api_response_clear(&res);
    /* New keys: the old ones open nothing cached. */
    assert_cached_equals_read(f, f->state, f->key);
    snprintf(path, sizeof(path), "/api/v1/campaigns/%lld/keys", (long long)f->cid);
    call_on(f->a.api, "POST", path, f->key, NULL, NULL, &res);
    assert_int_equal(res.status, 200);
    api_response_clear(&res);
    assert_false(cached(f, f->state, f->key, NULL, &res));
    call_on(f->a.api, "GET", f->state, f->key, NULL, NULL, &res);
    assert_int_equal(res.status, 401);
    api_response_clear(&res);
    assert_false(cached(f, f->state, f->key, NULL, &res));
}

static void test_a_refused_write_keeps_nothing_new_and_the_cache_still_answers_right(void **state)
{
    struct fix *f = *state;
    struct api_response res;
    char path[192];
    assert_cached_equals_read(f, f->state, f->key);
    snprintf(path, sizeof(path), "%s/events", f->game);
    call_on(f->a.api, "POST", path, f->key, "{\"type\":\"buy\"}", NULL, &res); /* nothing to buy */
    assert_int_equal(res.status, 422);
    api_response_clear(&res);
    /* Whatever the cache says now, it says what a read says. */
    if (cached(f, f->state, f->key, NULL, &res)) {
        struct api_response read;
        call_on(f->a.api, "GET", f->state, f->key, NULL, NULL, &read);
        assert_string_equal(res.etag, read.etag);
        assert_memory_equal(res.body, read.body, read.body_len);
        api_response_clear(&read);
        api_response_clear(&res);
    }
}

static void test_a_key_rotated_by_another_process_stops_opening_it_within_its_age(void **state)
{
    struct fix *f = *state;
    struct api *cli = api_fix_open(f->a.uri, 0); /* `stampbook keys --rotate` on the same file */
    struct api_response res;
    char *rotated = NULL;
    struct sb_error err;
    assert_non_null(cli);
    assert_cached_equals_read(f, f->state, f->key);
    assert_int_equal(api_rotate_keys(cli, f->cid, &rotated, &err), 0);
    free(rotated);
    api_free(cli);
    sleep_ms(AGE_MS + 20);
    assert_false(cached(f, f->state, f->key, NULL, &res));
    call_on(f->a.api, "GET", f->state, f->key, NULL, NULL, &res);
    assert_int_equal(res.status, 401);
    api_response_clear(&res);
}

static void test_an_api_without_a_cache_age_never_answers_from_memory(void **state)
{
    struct fix *f = *state;
    struct api *plain = api_fix_open(f->a.uri, 0);
    struct api_request req;
    struct api_response res;
    char auth[128];
    assert_non_null(plain);
    call_on(plain, "GET", f->state, f->key, NULL, NULL, &res);
    assert_int_equal(res.status, 200);
    api_response_clear(&res);
    memset(&req, 0, sizeof(req));
    req.method = "GET";
    req.path = f->state;
    snprintf(auth, sizeof(auth), "Bearer %s", f->key);
    req.authorization = auth;
    assert_false(api_answer_cached(plain, &req, &res));
    api_free(plain);
}

static void test_an_answer_read_before_a_later_generation_is_not_given(void **state)
{
    struct api_cache *c = api_cache_new(60000);
    const struct api_cache_key k = {3, 1, 7}, other = {3, 1, 8};
    struct api_cache_fill fill = {.generation = 5, .etag = "\"9\"", .body = "{}", .len = 2};
    unsigned char wrong[KEYS_HASH_BYTES];
    char *body = NULL, etag[16];
    size_t len = 0;
    uint64_t serial = 0;
    const struct api_cache_out out = {&body, &len, etag, sizeof(etag), &serial, NULL, NULL};
    (void)state;
    assert_non_null(c);
    memset(fill.key_hash, 1, sizeof(fill.key_hash));
    memset(fill.view_key_hash, 2, sizeof(fill.view_key_hash));
    memset(wrong, 3, sizeof(wrong));
    api_cache_put(c, &k, &fill);
    assert_false(api_cache_get(c, &k, 6, fill.key_hash, &out));
    assert_false(api_cache_get(c, &other, 5, fill.key_hash, &out));
    assert_false(api_cache_get(c, &k, 5, wrong, &out));
    assert_true(api_cache_get(c, &k, 5, fill.view_key_hash, &out));
    assert_string_equal(body, "{}");
    assert_int_equal(len, 2);
    assert_string_equal(etag, "\"9\"");
    free(body);
    api_cache_clear(c);
    assert_false(api_cache_get(c, &k, 5, fill.key_hash, &out));
    api_cache_free(c);
}

/* cache_known for the test below: the caller holds the answer of serial *cls. */
static bool test_holds(void *cls, uint64_t serial)
{
    return serial == *(const uint64_t *)cls;
}

static void
test_an_answer_the_caller_holds_is_not_copied_and_a_new_fill_has_a_new_number(void **state)
{
    struct api_cache *c = api_cache_new(60000);
    const struct api_cache_key k = {3, 1, 7};
    struct api_cache_fill fill = {.generation = 5, .etag = "\"9\"", .body = "{}", .len = 2};
    char *body = NULL, etag[16];
    size_t len = 0;
    uint64_t serial = 0, held = 0;
    const struct api_cache_out plain = {&body, &len, etag, sizeof(etag), &serial, NULL, NULL};
    const struct api_cache_out known = {&body,   &len,       etag, sizeof(etag),
                                        &serial, test_holds, &held};
    (void)state;
    assert_non_null(c);
    memset(fill.key_hash, 1, sizeof(fill.key_hash));
    memset(fill.view_key_hash, 2, sizeof(fill.view_key_hash));
    api_cache_put(c, &k, &fill);
    assert_true(api_cache_get(c, &k, 5, fill.key_hash, &plain));
    assert_non_null(body);
    free(body);
    held = serial;
    assert_true(api_cache_get(c, &k, 5, fill.key_hash, &known));
    assert_null(body);
    assert_int_equal(serial, held);
    /* The same bytes kept again are another answer: the caller's is not taken for it. */
    api_cache_put(c, &k, &fill);
    assert_true(api_cache_get(c, &k, 5, fill.key_hash, &known));
    assert_non_null(body);
    assert_true(serial != held);
    free(body);
    api_cache_free(c);
}

static void
test_a_campaign_kept_for_appends_ends_with_any_other_write_even_one_read_before(void **state)
{
    struct api_cache *c = api_cache_new(60000);
    struct store_campaign cp = {.id = 4, .policy_player = true}, got;
    uint64_t before;
    (void)state;
    assert_non_null(c);
    api_cache_campaign_put(c, api_cache_campaigns_epoch(c), &cp);
    assert_true(api_cache_campaign_get(c, 4, &got));
    assert_true(got.policy_player);
    assert_false(api_cache_campaign_get(c, 5, &got));
    api_cache_campaigns_changed(c);
    assert_false(api_cache_campaign_get(c, 4, &got));
    /* Read before a change that ended after: not kept. */
    before = api_cache_campaigns_epoch(c);
    api_cache_campaigns_changed(c);
    api_cache_campaign_put(c, before, &cp);
    assert_false(api_cache_campaign_get(c, 4, &got));
    api_cache_free(c);
}

/* ---- appends handed over on the caller's thread (api_handle_now()) ---- */

#define LATER_APPENDS 40

/* Appends answered later, and a count of those answered. */
struct later {
    pthread_mutex_t lock;
    pthread_cond_t more;
    int answered;
    char auth[LATER_APPENDS + 1][128];
    struct api_request req[LATER_APPENDS + 1];
    struct api_response res[LATER_APPENDS + 1];
};

static void later_answered(void *cls)
{
    struct later *l = cls;
    pthread_mutex_lock(&l->lock);
    l->answered++;
    pthread_cond_signal(&l->more);
    pthread_mutex_unlock(&l->lock);
}

/* Request i of l: an append of a note to path with key, answered later. */
static struct api_request *later_request(struct later *l, int i, const char *key, const char *path)
{
    struct api_request *req = &l->req[i];
    static const char note[] = "{\"type\":\"note\",\"text\":\"behind another\"}";
    memset(req, 0, sizeof(*req));
    snprintf(l->auth[i], sizeof(l->auth[i]), "Bearer %s", key);
    req->method = "POST";
    req->path = path;
    req->authorization = l->auth[i];
    req->body = note;
    req->body_len = strlen(note);
    req->content_type = "application/json";
    req->answered = later_answered;
    req->answered_cls = l;
    return req;
}

static void later_wait(struct later *l, int n)
{
    pthread_mutex_lock(&l->lock);
    while (l->answered < n)
        pthread_cond_wait(&l->more, &l->lock);
    pthread_mutex_unlock(&l->lock);
}

static long long version_of(struct fix *f)
{
    struct api_response res;
    long long v;
    call_on(f->a.api, "GET", f->game, f->key, NULL, NULL, &res);
    assert_int_equal(res.status, 200);
    v = atoll(res.etag + 1);
    api_response_clear(&res);
    return v;
}

static void test_an_append_alone_on_its_game_is_left_to_a_worker_with_nothing_done(void **state)
{
    struct fix *f = *state;
    struct later l = {.lock = PTHREAD_MUTEX_INITIALIZER, .more = PTHREAD_COND_INITIALIZER};
    char path[192];
    long long before;
    snprintf(path, sizeof(path), "%s/events", f->game);
    assert_int_equal(append_note(f), 201); /* the campaign is kept for appends */
    before = version_of(f);
    /* No other append in flight: its event is worked out on a reader, by a worker. */
    assert_false(api_handle_now(f->a.api, later_request(&l, 0, f->key, path), &l.res[0]));
    assert_int_equal(l.res[0].status, 0);
    assert_null(l.res[0].body);
    assert_int_equal(version_of(f), before);
    assert_int_equal(l.answered, 0);
}

static void
test_an_append_behind_another_is_handed_to_the_writer_on_the_callers_thread(void **state)
{
    struct fix *f = *state;
    struct later *l = calloc(1, sizeof(*l));
    struct api_response res;
    char path[192];
    long long before;
    int taken = 0;
    assert_non_null(l);
    pthread_mutex_init(&l->lock, NULL);
    pthread_cond_init(&l->more, NULL);
    snprintf(path, sizeof(path), "%s/events", f->game);
    assert_int_equal(append_note(f), 201);
    before = version_of(f);
    /* Appends in flight on the writer's queue, answered later... */
    for (int i = 0; i < LATER_APPENDS; i++)
        if (api_handle(f->a.api, later_request(l, i, f->key, path), &l->res[i]))
            later_answered(l); /* answered at once (it should not be) */
    /* ... so this one's event is worked out in the writer's turn: it is taken here,
     * while the view key (which may not write) and a wrong key are left to a worker. */
    assert_false(api_handle_now(f->a.api, later_request(l, LATER_APPENDS, f->view_key, path),
                                &l->res[LATER_APPENDS]));
    assert_int_equal(l->res[LATER_APPENDS].status, 0);
    assert_false(api_handle_now(f->a.api, later_request(l, LATER_APPENDS, "not-a-key", path),
                                &l->res[LATER_APPENDS]));
    taken = api_handle_now(f->a.api, later_request(l, LATER_APPENDS, f->key, path),
                           &l->res[LATER_APPENDS]);
    later_wait(l, taken ? LATER_APPENDS + 1 : LATER_APPENDS);
    assert_true(taken);
    /* Every one of them appended once, each its own version. */
    for (int i = 0; i <= LATER_APPENDS; i++) {
        assert_int_equal(l->res[i].status, 201);
        for (int j = 0; j < i; j++)
            assert_string_not_equal(l->res[i].etag, l->res[j].etag);
        api_response_clear(&l->res[i]);
    }
    assert_int_equal(version_of(f), before + LATER_APPENDS + 1);
    call_on(f->a.api, "GET", f->state, f->key, NULL, NULL, &res);
    assert_int_equal(res.status, 200);
    api_response_clear(&res);
    pthread_mutex_destroy(&l->lock);
    pthread_cond_destroy(&l->more);
    free(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(
            test_a_campaign_kept_for_appends_ends_with_any_other_write_even_one_read_before),
        cmocka_unit_test(
            test_an_answer_the_caller_holds_is_not_copied_and_a_new_fill_has_a_new_number),
        cmocka_unit_test_setup_teardown(test_a_read_is_cached_as_api_handle_answered_it, setup,
                                        api_fix_teardown),
        cmocka_unit_test_setup_teardown(
            test_the_view_key_reads_the_cache_a_wrong_key_and_a_query_do_not, setup,
            api_fix_teardown),
        cmocka_unit_test_setup_teardown(
            test_an_append_ends_the_cached_answer_before_it_is_acknowledged, setup,
            api_fix_teardown),
        cmocka_unit_test_setup_teardown(test_any_write_ends_it_a_rename_and_a_key_rotation_too,
                                        setup, api_fix_teardown),
        cmocka_unit_test_setup_teardown(
            test_a_refused_write_keeps_nothing_new_and_the_cache_still_answers_right, setup,
            api_fix_teardown),
        cmocka_unit_test_setup_teardown(
            test_a_key_rotated_by_another_process_stops_opening_it_within_its_age, setup,
            api_fix_teardown),
        cmocka_unit_test_setup_teardown(test_an_api_without_a_cache_age_never_answers_from_memory,
                                        setup, api_fix_teardown),
        cmocka_unit_test(test_an_answer_read_before_a_later_generation_is_not_given),
        cmocka_unit_test_setup_teardown(
            test_an_append_alone_on_its_game_is_left_to_a_worker_with_nothing_done, setup,
            api_fix_teardown),
        cmocka_unit_test_setup_teardown(
            test_an_append_behind_another_is_handed_to_the_writer_on_the_callers_thread, setup,
            api_fix_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
