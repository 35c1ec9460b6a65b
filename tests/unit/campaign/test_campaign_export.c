/* test_campaign_export.c -- the import of an export (campaign_export(), campaign_import(),
 * API.md "Export and import"): the new campaign's players get ids of their own, and every
 * id of the document that names a player (a game's seats, an event's payload) is mapped
 * to the new player of the same row. On a database file of its own (the import copies a
 * campaign built aside in through the pool's writer). */
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

#include "campaign.h"
#include "campaign_fixture.h"
#include "editions.h"
#include "game.h"
#include "json_check.h"
#include "store.h"

struct fix {
    struct campaign_fix_place at;
    struct campaign_fix c;
};

static int setup(void **state)
{
    struct fix *f = calloc(1, sizeof(*f));
    if (!f)
        return -1;
    if (campaign_fix_open_place(&f->c, &f->at) != 0)
        return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    struct fix *f = *state;
    campaign_fix_close_place(&f->c, &f->at);
    free(f);
    return 0;
}

/* The import's check of the database's growth: none here. */
static int growth_ok(void *cls, struct store *aside, struct sb_error *err)
{
    (void)cls;
    (void)aside;
    (void)err;
    return 0;
}

/* Campaign cid exported, parsed. */
static cJSON *export_of(struct fix *f, int64_t cid)
{
    char *text = NULL;
    cJSON *doc;
    f->c.campaign = (struct store_campaign){.id = cid};
    campaign_fix_req(&f->c);
    if (campaign_export(&f->c.r, &text) != 0)
        fail_msg("export: %s", f->c.err.detail);
    assert_non_null(doc = cJSON_Parse(text));
    free(text);
    return doc;
}

/* doc imported as a new campaign through a pool on the fixture's file: its id. */
static int64_t import_of(struct fix *f, const cJSON *doc)
{
    struct store_pool *pool = NULL;
    struct editions *eds = NULL;
    struct store *conn = NULL;
    struct store_campaign none = {0};
    struct sb_error err = {0};
    struct game_req r = {.games = f->c.games, .store = &conn, .campaign = &none, .err = &err};
    char *answer = NULL;
    cJSON *a;
    int64_t cid;
    assert_int_equal(store_pool_new(f->at.db, 2, &pool, &err), 0);
    assert_int_equal(editions_load("schema/editions", &eds, &err), 0);
    struct campaign_import_env env = {pool, eds, "migrations", growth_ok, NULL, false};
    if (campaign_import(&r, &env, doc, &answer) != 0)
        fail_msg("import: %s", err.detail);
    game_req_finish(&r, true);
    store_pool_put(pool, conn);
    store_pool_free(pool);
    editions_free(eds);
    assert_non_null(a = cJSON_Parse(answer));
    cid = jt_int(jt_get(a, "campaign"), "id");
    cJSON_Delete(a);
    free(answer);
    return cid;
}

/* The id of the player named name in an export's "players". */
static int64_t player_named(const cJSON *doc, const char *name)
{
    const cJSON *p;
    cJSON_ArrayForEach(p, jt_get(doc, "players"))
    {
        if (strcmp(jt_str(p, "name"), name) == 0)
            return jt_int(p, "id");
    }
    fail_msg("no player %s", name);
    return 0;
}

/* The payload of the first event of type in an export's first game. */
static const cJSON *first_event(const cJSON *doc, const char *type)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, jt_get(cJSON_GetArrayItem(jt_get(doc, "games"), 0), "events"))
    {
        if (strcmp(jt_str(e, "type"), type) == 0)
            return jt_get(e, "payload");
    }
    fail_msg("no %s event", type);
    return NULL;
}

/* An export of a campaign with a game of Ann and Ben and an adjustment of Ben's cash,
 * imported: Ann and Ben have new ids, the seats name them in the same order, and the
 * adjustment is Ben's (the new id), not the player the old id names. */
static void test_import_maps_every_player_id_of_the_export_to_the_new_players(void **state)
{
    struct fix *f = *state;
    char body[200];
    char *answer = NULL;
    int status = 0;
    int64_t version = 0, ann, ben;
    cJSON *ev, *before, *after;
    const cJSON *seats;
    campaign_fix_game(&f->c);
    snprintf(body, sizeof(body), "{\"type\":\"adjust\",\"player\":%lld,\"amount\":50}",
             (long long)f->c.ben);
    assert_non_null(ev = cJSON_Parse(body));
    campaign_fix_req(&f->c);
    if (game_post_event(&f->c.r, f->c.gid, ev, NULL, NULL, &answer, &status, &version) != 0)
        fail_msg("adjust: %s", f->c.err.detail);
    game_req_finish(&f->c.r, true);
    assert_int_equal(status, 201);

    before = export_of(f, f->c.campaign.id);
    after = export_of(f, import_of(f, before));
    ann = player_named(after, "Ann");
    ben = player_named(after, "Ben");
    assert_int_equal(player_named(before, "Ann"), f->c.ann);
    assert_true(ann != f->c.ann && ann != f->c.ben);
    assert_true(ben != f->c.ann && ben != f->c.ben && ben != ann);
    seats = jt_get(cJSON_GetArrayItem(jt_get(after, "games"), 0), "seats");
    assert_int_equal(cJSON_GetArraySize(seats), 2);
    assert_int_equal(jt_int(cJSON_GetArrayItem(seats, 0), "player"), ann);
    assert_int_equal(jt_int(cJSON_GetArrayItem(seats, 1), "player"), ben);
    assert_int_equal(jt_int(first_event(before, "adjust"), "player"), f->c.ben);
    assert_int_equal(jt_int(first_event(after, "adjust"), "player"), ben);
    assert_int_equal(jt_int(first_event(after, "adjust"), "amount"), 50);

    cJSON_Delete(before);
    cJSON_Delete(after);
    cJSON_Delete(ev);
    free(answer);
}

UNIT_MAIN(setup, teardown,
          cmocka_unit_test(test_import_maps_every_player_id_of_the_export_to_the_new_players))
