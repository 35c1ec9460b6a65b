/* test_memory.c -- memories in the game layer (memory.c) on an in-memory database
 * migrated from migrations/: what a memory may name, the photo checks, the campaign's
 * 16 MiB quota, and a card's payouts carrying the memories of the stamps that paid. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "unit_main.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "campaign_fixture.h"
#include "error.h"
#include "file.h"
#include "game.h"
#include "json_check.h"
#include "memory.h"
#include "store.h"
#include "store_memory.h"

#define PNG_FILE "tests/integration/fixtures/photo.png"

/* the fixture: campaign_fixture.h */
#define fix campaign_fix

/* Point the request at the fixture's store and campaign, as the API does per request. */
static void fresh_req(struct fix *f)
{
    memset(&f->err, 0, sizeof(f->err));
    campaign_fixture_req(&f->r, f->games, &f->s, &f->campaign, &f->err);
}

/* Run json (an event, or a game to create when gid is 0) in its own transaction; the
 * code, and *answer (if given) the event's answer. */
static int run(struct fix *f, int64_t gid, const char *json, char **answer)
{
    cJSON *body = cJSON_Parse(json);
    int64_t version = 0, made = 0;
    int rc;
    assert_non_null(body);
    fresh_req(f);
    assert_int_equal(store_begin_write(f->s, &f->err), 0);
    rc = gid ? game_append(&f->r, gid, body, 0, NULL, NULL, answer, &version)
             : game_create(&f->r, body, NULL, &made);
    if (rc == 0) {
        assert_int_equal(store_commit(f->s, &f->err), 0);
        if (!gid)
            f->gid = made;
    } else {
        store_rollback(f->s);
    }
    game_req_finish(&f->r, rc == 0);
    cJSON_Delete(body);
    return rc;
}

/* A journal game of Ann (hazel) and Ben (scottie): its id in f->gid. */
static void new_game(struct fix *f)
{
    char body[160];
    snprintf(body, sizeof(body),
             "{\"mode\":\"journal\",\"seats\":[{\"player\":%lld,\"token\":\"hazel\"},"
             "{\"player\":%lld,\"token\":\"scottie\"}]}",
             (long long)f->ann, (long long)f->ben);
    assert_int_equal(run(f, 0, body, NULL), 0);
}

static int setup(void **state)
{
    struct fix *f = campaign_fix_new("test_memory");
    new_game(f);
    *state = f;
    return 0;
}

/* POST …/memories with json; the code, and *mid the new memory's id on success. */
static int remember(struct fix *f, const char *json, int64_t *mid)
{
    cJSON *body = cJSON_Parse(json), *doc;
    char *answer = NULL;
    int rc;
    assert_non_null(body);
    fresh_req(f);
    rc = memory_post(&f->r, body, &answer);
    if (rc == 0) {
        assert_non_null(doc = cJSON_Parse(answer));
        if (mid)
            *mid = (int64_t)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(
                cJSON_GetObjectItemCaseSensitive(doc, "memory"), "id"));
        cJSON_Delete(doc);
    }
    free(answer);
    cJSON_Delete(body);
    return rc;
}

/* How many memories the campaign holds. */
static int count(struct fix *f)
{
    char *text = NULL;
    cJSON *list;
    int n;
    assert_int_equal(store_memories_json(f->s, f->campaign.id, NULL, 0, 0, &text, &f->err), 0);
    list = jt_parse_text(text);
    n = cJSON_GetArraySize(list);
    cJSON_Delete(list);
    return n;
}

static void test_a_memory_names_at_most_one_stamp_and_it_must_exist(void **state)
{
    struct fix *f = *state;
    char body[256], event[128], big[700];
    snprintf(event, sizeof(event),
             "{\"type\":\"draw_journal\",\"card\":\"journal-2\",\"player\":%lld}",
             (long long)f->ann);
    assert_int_equal(run(f, f->gid, event, NULL), 0);
    snprintf(body, sizeof(body),
             "{\"game\":%lld,\"text\":\"hi\",\"card\":\"journal-2\",\"slot\":0}",
             (long long)f->gid);
    assert_int_equal(remember(f, body, NULL), 0);
    static const char *const bad[] = {
        "\"text\":\"x\",\"card\":\"journal-2\",\"slot\":1}",
        "\"text\":\"x\",\"card\":\"journal-2\",\"slot\":0,\"destination\":\"rapa-"
        "nui\"}",
        "\"text\":\"x\",\"destination\":\"rapa-nui\"}",
        "\"text\":\"x\",\"slot\":0}",
        "\"text\":\"x\",\"seq\":9}",
        "\"text\":\"\"}",
        "\"text\":\"x\",\"colour\":\"red\"}",
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        snprintf(body, sizeof(body), "{\"game\":%lld,%s", (long long)f->gid, bad[i]);
        assert_int_equal(remember(f, body, NULL), SB_EINVALID);
    }
    snprintf(body, sizeof(body), "{\"game\":%lld,\"text\":\"x\"}", (long long)f->gid + 7);
    assert_int_equal(remember(f, body, NULL), SB_EINVALID);
    memset(big, 'y', 501);
    big[501] = '\0';
    snprintf(body, sizeof(body), "{\"game\":%lld,\"text\":\"", (long long)f->gid);
    {
        char *long_body = malloc(strlen(body) + sizeof(big) + 4);
        assert_non_null(long_body);
        sprintf(long_body, "%s%s\"}", body, big);
        assert_int_equal(remember(f, long_body, NULL), SB_EINVALID);
        free(long_body);
    }
    assert_int_equal(count(f), 1);
}

static void test_photo_is_checked_by_type_header_and_size(void **state)
{
    struct fix *f = *state;
    static const char html[] = "<!doctype html><p>not a photo</p>";
    char body[96], *png = NULL, *big;
    size_t len = 0;
    int64_t mid = 0;
    snprintf(body, sizeof(body), "{\"game\":%lld,\"text\":\"photo\"}", (long long)f->gid);
    assert_int_equal(remember(f, body, &mid), 0);
    assert_int_equal(file_read(PNG_FILE, 1 << 20, &png, &len, NULL), 0);
    fresh_req(f);
    assert_int_equal(memory_put_photo(&f->r, mid, "image/gif", png, len), SB_EMEDIA);
    assert_int_equal(memory_put_photo(&f->r, mid, "image/png", html, sizeof(html) - 1),
                     SB_EINVALID);
    assert_int_equal(memory_put_photo(&f->r, mid, "image/jpeg", png, len), SB_EINVALID);
    assert_non_null(big = calloc(1, MEMORY_PHOTO_MAX + 1));
    memcpy(big, png, len);
    assert_int_equal(memory_put_photo(&f->r, mid, "image/png", big, MEMORY_PHOTO_MAX + 1),
                     SB_ETOOBIG);
    free(big);
    {
        struct memory_photo got;
        assert_int_equal(memory_get_photo(&f->r, mid, &got), SB_ENOTFOUND);
        assert_int_equal(memory_put_photo(&f->r, mid, "image/png; q=1", png, len), 0);
        assert_int_equal(memory_get_photo(&f->r, mid, &got), 0);
        assert_string_equal(got.type, "image/png");
        assert_int_equal(got.len, len);
        assert_memory_equal(got.data, png, len);
        free(got.data);
    }
    free(png);
}

static void test_the_quota_allows_16_mib_and_refuses_past_it(void **state)
{
    struct fix *f = *state;
    char body[96], *png = NULL, *filler;
    size_t len = 0;
    int64_t a = 0, b = 0;
    snprintf(body, sizeof(body), "{\"game\":%lld,\"text\":\"a\"}", (long long)f->gid);
    assert_int_equal(remember(f, body, &a), 0);
    assert_int_equal(remember(f, body, &b), 0);
    assert_int_equal(file_read(PNG_FILE, 1 << 20, &png, &len, NULL), 0);
    /* Memory a holds all but len bytes of the quota (the store takes any bytes). */
    assert_non_null(filler = calloc(1, (size_t)MEMORY_QUOTA));
    assert_int_equal(store_begin_write(f->s, &f->err), 0);
    assert_int_equal(store_memory_set_photo(f->s, f->campaign.id, a, "image/png", filler,
                                            (size_t)MEMORY_QUOTA - len, &f->err),
                     0);
    assert_int_equal(store_commit(f->s, &f->err), 0);
    fresh_req(f);
    assert_int_equal(memory_put_photo(&f->r, b, "image/png", png, len), 0); /* exactly 16 MiB */
    assert_int_equal(store_begin_write(f->s, &f->err), 0);
    assert_int_equal(store_memory_set_photo(f->s, f->campaign.id, a, "image/png", filler,
                                            (size_t)MEMORY_QUOTA - len + 1, &f->err),
                     0);
    assert_int_equal(store_commit(f->s, &f->err), 0);
    assert_int_equal(memory_put_photo(&f->r, b, "image/png", png, len), SB_EFULL);
    free(filler);
    free(png);
}

static void test_a_payout_carries_the_memories_of_the_stamps_that_paid(void **state)
{
    struct fix *f = *state;
    char body[160], *answer = NULL;
    const cJSON *e;
    cJSON *doc;
    int carried = 0;
    snprintf(body, sizeof(body),
             "{\"type\":\"draw_journal\",\"card\":\"journal-2\",\"player\":%lld}",
             (long long)f->ann);
    assert_int_equal(run(f, f->gid, body, NULL), 0);
    snprintf(body, sizeof(body), "{\"game\":%lld,\"text\":\"Rome\",\"card\":\"journal-2\"}",
             (long long)f->gid);
    assert_int_equal(remember(f, body, NULL), 0);
    assert_int_equal(run(f, f->gid, "{\"type\":\"end\"}", NULL), 0);
    new_game(f);
    snprintf(body, sizeof(body),
             "{\"type\":\"draw_journal\",\"card\":\"journal-2\",\"player\":%lld}",
             (long long)f->ben);
    assert_int_equal(run(f, f->gid, body, &answer), 0);
    assert_non_null(doc = cJSON_Parse(answer));
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(doc, "effects"))
    {
        const cJSON *kind = cJSON_GetObjectItemCaseSensitive(e, "kind");
        const cJSON *ms = cJSON_GetObjectItemCaseSensitive(e, "memories");
        const cJSON *player = cJSON_GetObjectItemCaseSensitive(e, "player");
        if (!cJSON_IsString(kind) || strcmp(kind->valuestring, "journal_payout") != 0)
            continue;
        assert_true(cJSON_IsArray(ms));
        if ((int64_t)player->valuedouble == f->ann) {
            assert_int_equal(cJSON_GetArraySize(ms), 1);
            assert_string_equal(
                cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(ms, 0), "text")->valuestring,
                "Rome");
            carried++;
        } else {
            assert_int_equal(cJSON_GetArraySize(ms), 0);
        }
    }
    assert_int_equal(carried, 1);
    cJSON_Delete(doc);
    free(answer);
}

UNIT_MAIN(
    NULL, NULL,
    cmocka_unit_test_setup_teardown(test_a_memory_names_at_most_one_stamp_and_it_must_exist, setup,
                                    campaign_fix_teardown),
    cmocka_unit_test_setup_teardown(test_photo_is_checked_by_type_header_and_size, setup,
                                    campaign_fix_teardown),
    cmocka_unit_test_setup_teardown(test_the_quota_allows_16_mib_and_refuses_past_it, setup,
                                    campaign_fix_teardown),
    cmocka_unit_test_setup_teardown(test_a_payout_carries_the_memories_of_the_stamps_that_paid,
                                    setup, campaign_fix_teardown))
