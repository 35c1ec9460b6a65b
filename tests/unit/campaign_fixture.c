/* campaign_fixture.c -- a campaign on an in-memory database for tests (campaign_fixture.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "campaign_fixture.h"
#include "file.h"

#define FIXTURE_MIGRATIONS "migrations"
#define FIXTURE_BOARD "schema/editions/travel-world-tour.json"

void campaign_fixture_open(const char *name, struct store **s, int64_t *cid, int64_t *ann,
                           int64_t *ben)
{
    static int counter;
    char uri[128];
    snprintf(uri, sizeof(uri), "file:%s_%d?mode=memory&cache=shared", name, ++counter);
    campaign_fixture_open_file(uri, s, cid, ann, ben);
}

void campaign_fixture_open_file(const char *path, struct store **s, int64_t *cid, int64_t *ann,
                                int64_t *ben)
{
    unsigned char key[STORE_HASH_BYTES] = {1}, view[STORE_HASH_BYTES] = {2};
    struct sb_error err;
    char *board = NULL;
    size_t len = 0;
    memset(&err, 0, sizeof(err));
    assert_int_equal(file_read(FIXTURE_BOARD, 1 << 22, &board, &len, &err), 0);
    assert_int_equal(store_open(path, s, &err), 0);
    assert_int_equal(store_migrate(*s, FIXTURE_MIGRATIONS, &err), 0);
    assert_int_equal(
        store_campaign_create(*s, "Box", "travel-world-tour", "token", key, view, board, cid, &err),
        0);
    assert_int_equal(store_player_create(*s, *cid, "Ann", ann, &err), 0);
    assert_int_equal(store_player_create(*s, *cid, "Ben", ben, &err), 0);
    free(board);
}

void campaign_fixture_req(struct game_req *r, struct games *games, struct store **s,
                          struct store_campaign *c, struct sb_error *err)
{
    memset(r, 0, sizeof(*r));
    r->games = games;
    r->store = s;
    r->campaign = c;
    r->err = err;
    assert_int_equal(store_campaign_get(*s, c->id, c, err), 0);
}

struct campaign_fix *campaign_fix_new(const char *name)
{
    struct campaign_fix *f = calloc(1, sizeof(*f));
    int64_t cid = 0;
    assert_non_null(f);
    campaign_fixture_open(name, &f->s, &cid, &f->ann, &f->ben);
    f->campaign.id = cid;
    assert_non_null(f->games = games_new());
    return f;
}

void campaign_fix_free(struct campaign_fix *f)
{
    if (!f)
        return;
    games_free(f->games);
    store_close(f->s);
    free(f);
}

int campaign_fix_teardown(void **state)
{
    campaign_fix_free(*state);
    return 0;
}

void campaign_fix_game(struct campaign_fix *f)
{
    char body[160];
    snprintf(body, sizeof(body),
             "{\"mode\":\"banker\",\"seats\":[{\"player\":%lld,\"token\":\"scottie\"},"
             "{\"player\":%lld,\"token\":\"hazel\"}]}",
             (long long)f->ann, (long long)f->ben);
    campaign_fix_req(f);
    campaign_fixture_game(&f->r, body, &f->gid);
}

int campaign_fix_open_place(struct campaign_fix *f, struct campaign_fix_place *at)
{
    snprintf(at->dir, sizeof(at->dir), "/tmp/stampbook_fixture_XXXXXX");
    if (!mkdtemp(at->dir))
        return -1;
    snprintf(at->db, sizeof(at->db), "%s/db.sqlite", at->dir);
    campaign_fixture_open_file(at->db, &f->s, &f->campaign.id, &f->ann, &f->ben);
    return (f->games = games_new()) ? 0 : -1;
}

void campaign_fix_close_place(struct campaign_fix *f, const struct campaign_fix_place *at)
{
    static const char *const names[] = {"db.sqlite", "db.sqlite-wal", "db.sqlite-shm"};
    char path[160];
    games_free(f->games);
    store_close(f->s);
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        snprintf(path, sizeof(path), "%s/%s", at->dir, names[i]);
        unlink(path);
    }
    rmdir(at->dir);
}

void campaign_fix_req(struct campaign_fix *f)
{
    memset(&f->err, 0, sizeof(f->err));
    campaign_fixture_req(&f->r, f->games, &f->s, &f->campaign, &f->err);
}

void campaign_fixture_game(struct game_req *r, const char *body, int64_t *gid)
{
    cJSON *doc = cJSON_Parse(body);
    assert_non_null(doc);
    assert_int_equal(store_begin_write(*r->store, r->err), 0);
    assert_int_equal(game_create(r, doc, NULL, gid), 0);
    assert_int_equal(store_commit(*r->store, r->err), 0);
    game_req_finish(r, true);
    cJSON_Delete(doc);
}
