/* test_store.c -- the SQLite store (store.c) on in-memory databases migrated from
 * migrations/: migrations, campaigns, players, games, the event log, idempotency, the
 * Travel Journal rows, stats, backup, transactions and the pool. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "error.h"
#include "json_check.h"
#include "schema_sql.h"
#include "store.h"

#define MIGRATIONS "migrations"

/* ---- fixture ---------------------------------------------------------------------- */

struct fix {
    char uri[96];
    struct store *s;
    int64_t cid;
    unsigned char key[STORE_HASH_BYTES], view[STORE_HASH_BYTES];
};

/* A fresh in-memory database of its own, migrated, with one campaign. */
static int setup_store(void **state)
{
    static int counter;
    struct fix *f = calloc(1, sizeof(*f));
    struct sb_error err;
    if (!f)
        return -1;
    snprintf(f->uri, sizeof(f->uri), "file:test_store_%d?mode=memory&cache=shared", ++counter);
    memset(f->key, 0x11, sizeof(f->key));
    memset(f->view, 0x22, sizeof(f->view));
    if (store_open(f->uri, &f->s, &err) != 0 || store_migrate(f->s, MIGRATIONS, &err) != 0 ||
        store_campaign_create(f->s, "Box", "travel-world-tour", "token", f->key, f->view,
                              "{\"board\":1}", &f->cid, &err) != 0) {
        print_error("fixture: %s\n", err.detail);
        store_close(f->s);
        free(f);
        return -1;
    }
    *state = f;
    return 0;
}

static int teardown_store(void **state)
{
    struct fix *f = *state;
    store_close(f->s);
    free(f);
    return 0;
}

/* Add a player; returns its id. */
static int64_t add_player(struct fix *f, const char *name)
{
    struct sb_error err;
    int64_t id = 0;
    assert_int_equal(store_player_create(f->s, f->cid, name, &id, &err), 0);
    assert_true(id > 0);
    return id;
}

/* Create an active banker game of the fixture's campaign seating a and b. */
static int64_t add_game(struct fix *f, int64_t a, int64_t b)
{
    struct sb_error err;
    char seats[128];
    int64_t gid = 0;
    snprintf(seats, sizeof(seats),
             "[{\"player\":%lld,\"token\":\"hazel\"},"
             "{\"player\":%lld,\"token\":\"t-rex\"}]",
             (long long)a, (long long)b);
    assert_int_equal(store_game_next_id(f->s, &gid, &err), 0);
    assert_int_equal(store_game_create(f->s, gid, f->cid, "travel-world-tour", "banker", seats,
                                       "{}", "{\"status\":\"active\"}", NULL, &err),
                     0);
    return gid;
}

/* Append event seq of gid with effects; the game stays active. */
static void append(struct fix *f, int64_t gid, int64_t seq, const char *type, const char *effects,
                   const char *idem)
{
    struct store_snapshot snap = {"{\"status\":\"active\"}", "active", 0, false};
    struct sb_error err;
    char payload[64];
    int64_t version = 0;
    snprintf(payload, sizeof(payload), "{\"type\":\"%s\",\"n\":%lld}", type, (long long)seq);
    assert_int_equal(store_event_append(f->s, gid, seq, type, payload, effects ? effects : "[]",
                                        NULL, idem, &snap, &version, &err),
                     0);
}

/* The highest NNNN of migrations/NNNN_*.sql. */
static int newest_migration(void)
{
    DIR *d = opendir(MIGRATIONS);
    struct dirent *e;
    int best = 0;
    assert_non_null(d);
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".sql") == 0 && atoi(e->d_name) > best)
            best = atoi(e->d_name);
    }
    closedir(d);
    return best;
}

/* ---- migrations ------------------------------------------------------------------- */

static void test_new_database_migrates_to_the_newest_version(void **state)
{
    struct store *s = NULL;
    struct sb_error err;
    int version = -1;
    (void)state;
    assert_int_equal(store_open("file:test_store_new?mode=memory&cache=shared", &s, &err), 0);
    assert_int_equal(store_schema_version(s, &version, &err), 0);
    assert_int_equal(version, 0);
    assert_int_equal(store_migrate(s, MIGRATIONS, &err), 0);
    assert_int_equal(store_schema_version(s, &version, &err), 0);
    assert_true(newest_migration() >= 1);
    assert_int_equal(version, newest_migration());
    store_close(s);
}

static void test_migrating_twice_is_a_no_op(void **state)
{
    struct fix *f = *state;
    struct sb_error err;
    char *before = NULL, *after = NULL;
    int version = 0;
    assert_int_equal(schema_sql(f->s, &before, &err), 0);
    assert_non_null(strstr(before, "CREATE TABLE campaigns"));
    assert_int_equal(store_migrate(f->s, MIGRATIONS, &err), 0); /* would fail if re-run */
    assert_int_equal(schema_sql(f->s, &after, &err), 0);
    assert_string_equal(before, after);
    assert_int_equal(store_schema_version(f->s, &version, &err), 0);
    assert_int_equal(version, newest_migration());
    free(before);
    free(after);
}

static void test_migrate_from_a_missing_folder_fails(void **state)
{
    struct fix *f = *state;
    struct sb_error err;
    assert_int_equal(store_migrate(f->s, "/nonexistent/migrations", &err), SB_EIO);
}

/* ---- campaigns and players ------------------------------------------------------- */

static void test_campaign_create_get_update(void **state)
{
    struct fix *f = *state;
    struct store_campaign c;
    struct sb_error err;
    char *board = NULL;
    cJSON *doc;

    assert_int_equal(store_campaign_get(f->s, f->cid, &c, &err), 0);
    assert_true(c.id == f->cid);
    assert_string_equal(c.edition, "travel-world-tour");
    assert_false(c.policy_player);
    assert_true(c.active_game == 0 && c.latest_game == 0);
    assert_memory_equal(c.key_hash, f->key, STORE_HASH_BYTES);
    assert_memory_equal(c.view_key_hash, f->view, STORE_HASH_BYTES);

    assert_int_equal(store_campaign_update(f->s, f->cid, "Renamed", "player", NULL, &err), 0);
    assert_int_equal(store_campaign_update(f->s, f->cid, NULL, NULL, NULL, &err), 0); /* keeps */
    doc = NULL;
    {
        char *text = NULL;
        assert_int_equal(store_campaign_json(f->s, f->cid, &text, &err), 0);
        doc = jt_parse_text(text);
    }
    assert_string_equal(jt_str(doc, "name"), "Renamed");
    assert_string_equal(jt_str(doc, "stamp_owner"), "player");
    assert_string_equal(jt_str(doc, "edition"), "travel-world-tour");
    assert_true(cJSON_IsNull(jt_get(doc, "active_game")));
    assert_true(jt_num(doc, "id") == (double)f->cid);
    assert_non_null(strstr(jt_str(doc, "created_at"), "T"));
    cJSON_Delete(doc);
    assert_int_equal(store_campaign_get(f->s, f->cid, &c, &err), 0);
    assert_true(c.policy_player);

    assert_int_equal(store_campaign_board(f->s, f->cid, "travel-world-tour", &board, &err), 0);
    assert_string_equal(board, "{\"board\":1}");
    free(board);
    assert_int_equal(
        store_campaign_set_board(f->s, f->cid, "travel-world-tour", "{\"board\":2}", &err), 0);
    assert_int_equal(store_campaign_board(f->s, f->cid, "travel-world-tour", &board, &err), 0);
    assert_string_equal(board, "{\"board\":2}");
    free(board);
}

static void test_unknown_campaign_is_not_found(void **state)
{
    struct fix *f = *state;
    struct store_campaign c;
    struct sb_error err;
    char *text = NULL;
    assert_int_equal(store_campaign_get(f->s, f->cid + 100, &c, &err), SB_ENOTFOUND);
    assert_int_equal(store_campaign_json(f->s, f->cid + 100, &text, &err), SB_ENOTFOUND);
    assert_null(text);
}

static void test_stamp_owner_outside_token_or_player_is_refused(void **state)
{
    struct fix *f = *state;
    struct sb_error err;
    int64_t id = 0;
    assert_int_equal(
        store_campaign_create(f->s, "X", "classic", "nobody", f->key, f->view, "{}", &id, &err),
        SB_ECONFLICT); /* the CHECK constraint */
}

static void test_players_create_rename_list(void **state)
{
    struct fix *f = *state;
    struct sb_error err;
    char name[81], *text = NULL;
    int64_t ann = add_player(f, "Ann"), bob = add_player(f, "Bob");
    int64_t other_cid = 0, eve = 0;
    cJSON *list;

    assert_true(bob > ann);
    assert_int_equal(store_player_rename(f->s, f->cid, ann, "Anne", &err), 0);
    assert_int_equal(store_player_name(f->s, f->cid, ann, name, sizeof(name), &err), 0);
    assert_string_equal(name, "Anne");
    assert_int_equal(store_player_rename(f->s, f->cid, bob + 100, "Nobody", &err), SB_ENOTFOUND);

    /* A player of another campaign is not this campaign's. */
    assert_int_equal(store_campaign_create(f->s, "Other", "classic", "token", f->key, f->view, "{}",
                                           &other_cid, &err),
                     0);
    assert_int_equal(store_player_create(f->s, other_cid, "Eve", &eve, &err), 0);
    assert_int_equal(store_player_name(f->s, f->cid, eve, name, sizeof(name), &err), SB_EINVALID);
    assert_int_equal(store_player_rename(f->s, f->cid, eve, "Mallory", &err), SB_ENOTFOUND);

    assert_int_equal(store_players_json(f->s, f->cid, &text, &err), 0);
    list = jt_parse_text(text);
    assert_int_equal(cJSON_GetArraySize(list), 2);
    assert_string_equal(jt_str(cJSON_GetArrayItem(list, 0), "name"), "Anne");
    assert_string_equal(jt_str(cJSON_GetArrayItem(list, 1), "name"), "Bob");
    assert_true(jt_num(cJSON_GetArrayItem(list, 0), "games") == 0);
    assert_true(jt_num(cJSON_GetArrayItem(list, 0), "wins") == 0);
    cJSON_Delete(list);
}

/* ---- games ------------------------------------------------------------------------ */

static void test_game_create_and_read(void **state)
{
    struct fix *f = *state;
    struct store_game g;
    struct sb_error err;
    char *text = NULL, *st = NULL;
    int64_t a = add_player(f, "Ann"), b = add_player(f, "Bob"), version = 0;
    int64_t gid = add_game(f, a, b);
    cJSON *doc;

    memset(&g, 0, sizeof(g));
    assert_int_equal(store_game_get(f->s, f->cid, gid, true, &g, &err), 0);
    assert_string_equal(g.mode, "banker");
    assert_string_equal(g.status, "active");
    assert_true(g.version == 1 && g.seq == 0 && g.last_seq == 0);
    assert_string_equal(g.board, "{}");
    assert_string_equal(g.state, "{\"status\":\"active\"}");
    assert_string_equal(g.initial, g.state);
    store_game_clear(&g);
    store_game_clear(&g); /* twice is safe */
    assert_int_equal(store_game_get(f->s, f->cid, gid, false, &g, &err), 0);
    assert_null(g.board);
    assert_int_equal(store_game_get(f->s, f->cid + 1, gid, false, &g, &err), SB_ENOTFOUND);

    assert_int_equal(store_game_json(f->s, gid, &text, &err), 0);
    doc = jt_parse_text(text);
    assert_true(jt_num(doc, "id") == (double)gid);
    assert_string_equal(jt_str(doc, "status"), "active");
    assert_int_equal(cJSON_GetArraySize(jt_get(doc, "seats")), 2);
    assert_string_equal(jt_str(cJSON_GetArrayItem(jt_get(doc, "seats"), 0), "name"), "Ann");
    assert_string_equal(jt_str(cJSON_GetArrayItem(jt_get(doc, "seats"), 1), "token"), "t-rex");
    assert_true(cJSON_IsNull(jt_get(doc, "winner")));
    assert_true(jt_num(doc, "events") == 0);
    cJSON_Delete(doc);

    assert_int_equal(store_game_state(f->s, f->cid, gid, &st, &version, &err), 0);
    assert_string_equal(st, "{\"status\":\"active\"}");
    assert_true(version == 1);
    free(st);

    /* The players' games count the seat. */
    assert_int_equal(store_players_json(f->s, f->cid, &text, &err), 0);
    doc = jt_parse_text(text);
    assert_true(jt_num(cJSON_GetArrayItem(doc, 0), "games") == 1);
    cJSON_Delete(doc);
}

static void test_one_active_game_per_campaign(void **state)
{
    struct fix *f = *state;
    struct store_snapshot done = {"{\"status\":\"finished\"}", "finished", 0, true};
    struct store_campaign c;
    struct sb_error err;
    char *text = NULL;
    int64_t a = add_player(f, "Ann"), b = add_player(f, "Bob"), gid, next = 0, version = 0;
    cJSON *games;

    gid = add_game(f, a, b);
    assert_int_equal(store_game_next_id(f->s, &next, &err), 0);
    assert_int_equal(store_game_create(f->s, next, f->cid, "travel-world-tour", "banker", "[]",
                                       "{}", "{}", NULL, &err),
                     SB_ECONFLICT);
    assert_int_equal(store_campaign_get(f->s, f->cid, &c, &err), 0);
    assert_true(c.active_game == gid && c.latest_game == gid);

    /* Finished with a winner, the campaign may start another game. */
    done.winner = a;
    assert_int_equal(store_event_append(f->s, gid, 1, "end", "{\"type\":\"end\"}", "[]", NULL, NULL,
                                        &done, &version, &err),
                     0);
    assert_true(version == 2);
    next = add_game(f, b, a);
    assert_int_equal(store_campaign_get(f->s, f->cid, &c, &err), 0);
    assert_true(c.active_game == next && c.latest_game == next);

    assert_int_equal(store_games_json(f->s, f->cid, &text, &err), 0);
    games = jt_parse_text(text);
    assert_int_equal(cJSON_GetArraySize(games), 2);
    assert_true(jt_num(cJSON_GetArrayItem(games, 0), "id") == (double)next); /* newest first */
    assert_string_equal(jt_str(cJSON_GetArrayItem(games, 1), "status"), "finished");
    assert_true(jt_num(cJSON_GetArrayItem(games, 1), "winner") == (double)a);
    assert_true(cJSON_IsString(jt_get(cJSON_GetArrayItem(games, 1), "ended_at")));
    cJSON_Delete(games);

    /* The win counts for the player. */
    assert_int_equal(store_players_json(f->s, f->cid, &text, &err), 0);
    games = jt_parse_text(text);
    assert_true(jt_num(cJSON_GetArrayItem(games, 0), "wins") == 1);
    assert_true(jt_num(cJSON_GetArrayItem(games, 0), "games") == 2);
    assert_true(jt_num(cJSON_GetArrayItem(games, 1), "wins") == 0);
    cJSON_Delete(games);
}

/* ---- the event log ---------------------------------------------------------------- */

struct seen {
    int n;
    int64_t seqs[16];
};

static int collect(void *ctx, int64_t seq, const char *type, const char *payload)
{
    struct seen *s = ctx;
    assert_non_null(type);
    assert_non_null(strstr(payload, type));
    if (s->n < 16)
        s->seqs[s->n++] = seq;
    return 0;
}

static int stop_at_two(void *ctx, int64_t seq, const char *type, const char *payload)
{
    collect(ctx, seq, type, payload);
    return seq == 2 ? SB_EINVALID : 0;
}

static void test_event_append_void_and_read_in_order(void **state)
{
    struct fix *f = *state;
    struct store_snapshot snap = {"{\"undone\":true}", "active", 0, false};
    struct store_game g;
    struct sb_error err;
    struct seen seen;
    char *text = NULL, *st = NULL;
    int64_t gid = add_game(f, add_player(f, "Ann"), add_player(f, "Bob")), version = 0;
    cJSON *doc, *events;

    append(f, gid, 1, "roll", NULL, NULL);
    append(f, gid, 2, "buy", NULL, NULL);
    append(f, gid, 3, "note", NULL, NULL);
    append(f, gid, 4, "roll", NULL, NULL);
    assert_int_equal(store_event_void(f->s, gid, 4, &snap, &version, &err), 0);
    assert_true(version == 6); /* 1 + four appends + one undo */
    assert_int_equal(store_event_void(f->s, gid, 2, &snap, &version, &err), 0);
    assert_int_equal(store_event_void(f->s, gid, 2, &snap, &version, &err), SB_ECONFLICT);
    assert_int_equal(store_event_void(f->s, gid, 9, &snap, &version, &err), SB_ECONFLICT);

    assert_int_equal(store_game_get(f->s, f->cid, gid, false, &g, &err), 0);
    assert_true(g.seq == 3 && g.last_seq == 4 && g.version == 7);
    assert_int_equal(store_game_state(f->s, f->cid, gid, &st, &version, &err), 0);
    assert_string_equal(st, "{\"undone\":true}");
    free(st);

    /* events_json: every event, voided or not, in order, with its payload merged. */
    assert_int_equal(store_events_json(f->s, gid, 0, &text, &err), 0);
    doc = jt_parse_text(text);
    events = cJSON_GetObjectItemCaseSensitive(doc, "events");
    assert_int_equal(cJSON_GetArraySize(events), 4);
    for (int i = 0; i < 4; i++) {
        const cJSON *e = cJSON_GetArrayItem(events, i);
        assert_true(jt_num(e, "seq") == i + 1);
        assert_true(jt_num(e, "n") == i + 1);
        assert_true(cJSON_IsBool(jt_get(e, "voided")));
        assert_int_equal(cJSON_IsTrue(jt_get(e, "voided")), i == 1 || i == 3);
        assert_true(cJSON_IsArray(jt_get(e, "effects")));
        assert_true(cJSON_IsString(jt_get(e, "at")));
    }
    assert_string_equal(jt_str(cJSON_GetArrayItem(events, 1), "type"), "buy");
    cJSON_Delete(doc);
    assert_int_equal(store_events_json(f->s, gid, 2, &text, &err), 0);
    doc = jt_parse_text(text);
    assert_int_equal(cJSON_GetArraySize(jt_get(doc, "events")), 2);
    assert_true(jt_num(cJSON_GetArrayItem(jt_get(doc, "events"), 0), "seq") == 3);
    cJSON_Delete(doc);

    /* events_each: live events only, in order, up to a seq. */
    memset(&seen, 0, sizeof(seen));
    assert_int_equal(store_events_each(f->s, gid, 0, collect, &seen, &err), 0);
    assert_int_equal(seen.n, 2);
    assert_true(seen.seqs[0] == 1 && seen.seqs[1] == 3);
    memset(&seen, 0, sizeof(seen));
    assert_int_equal(store_events_each(f->s, gid, 2, collect, &seen, &err), 0);
    assert_int_equal(seen.n, 1);
    assert_true(seen.seqs[0] == 1);
}

static void test_events_each_stops_at_the_callbacks_error(void **state)
{
    struct fix *f = *state;
    struct sb_error err;
    struct seen seen;
    int64_t gid = add_game(f, add_player(f, "Ann"), add_player(f, "Bob"));
    append(f, gid, 1, "roll", NULL, NULL);
    append(f, gid, 2, "roll", NULL, NULL);
    append(f, gid, 3, "roll", NULL, NULL);
    memset(&seen, 0, sizeof(seen));
    assert_int_equal(store_events_each(f->s, gid, 0, stop_at_two, &seen, &err), SB_EINVALID);
    assert_int_equal(seen.n, 2);
}

static void test_a_seq_is_used_once(void **state)
{
    struct fix *f = *state;
    struct store_snapshot snap = {"{}", "active", 0, false};
    struct sb_error err;
    int64_t gid = add_game(f, add_player(f, "Ann"), add_player(f, "Bob")), version = 0;
    append(f, gid, 1, "roll", NULL, NULL);
    assert_int_equal(
        store_event_append(f->s, gid, 1, "roll", "{}", "[]", NULL, NULL, &snap, &version, &err),
        SB_ECONFLICT);
}

/* Game gid's event logged under "key-1" answers {"first":true}, with hash as the hash of
 * its body (NULL: none looked at), and "key-2" finds nothing. */
static void key_1_answers_first(struct fix *f, int64_t gid, const unsigned char *hash)
{
    struct sb_error err;
    unsigned char got[STORE_HASH_BYTES];
    bool has = false;
    char *answer = NULL;
    assert_int_equal(store_event_by_key_hash(f->s, gid, "key-1", &answer, got, &has, &err), 0);
    if (hash) {
        assert_true(has);
        assert_memory_equal(got, hash, STORE_HASH_BYTES);
    }
    assert_string_equal(answer, "{\"first\":true}");
    free(answer);
    answer = NULL;
    assert_int_equal(store_event_by_key_hash(f->s, gid, "key-2", &answer, got, &has, &err),
                     SB_ENOTFOUND);
    assert_null(answer);
}

static void test_idempotency_key_finds_the_first_answer(void **state)
{
    struct fix *f = *state;
    struct store_snapshot snap = {"{}", "active", 0, false};
    struct sb_error err;
    unsigned char got[STORE_HASH_BYTES];
    bool has = false;
    char *answer = NULL;
    int64_t ann = add_player(f, "Ann"), bob = add_player(f, "Bob");
    int64_t gid = add_game(f, ann, bob), version = 0;

    append(f, gid, 1, "roll", NULL, "key-1");
    assert_int_equal(store_event_set_retry(f->s, gid, 1, "{\"first\":true}", NULL, &err), 0);
    key_1_answers_first(f, gid, NULL);
    /* The same key cannot log a second event of this game. */
    assert_int_equal(
        store_event_append(f->s, gid, 2, "roll", "{}", "[]", NULL, "key-1", &snap, &version, &err),
        SB_ECONFLICT);
    /* Another game has keys of its own. */
    {
        struct store_snapshot done = {"{}", "finished", 0, true};
        int64_t other;
        assert_int_equal(
            store_event_append(f->s, gid, 2, "end", "{}", "[]", NULL, NULL, &done, &version, &err),
            0);
        other = add_game(f, bob, ann);
        assert_int_equal(store_event_by_key_hash(f->s, other, "key-1", &answer, got, &has, &err),
                         SB_ENOTFOUND);
        append(f, other, 1, "roll", NULL, "key-1");
    }
}

static void test_idempotency_key_keeps_the_hash_of_its_body(void **state)
{
    struct fix *f = *state;
    struct sb_error err;
    unsigned char hash[STORE_HASH_BYTES], got[STORE_HASH_BYTES];
    bool has = true;
    char *answer = NULL;
    int64_t gid = add_game(f, add_player(f, "Ann"), add_player(f, "Bob"));

    memset(hash, 0x5a, sizeof(hash));
    append(f, gid, 1, "roll", NULL, "key-1");
    assert_int_equal(store_event_set_retry(f->s, gid, 1, "{\"first\":true}", NULL, &err), 0);
    /* an event stored before hashes were kept has none */
    assert_int_equal(store_event_by_key_hash(f->s, gid, "key-1", &answer, got, &has, &err), 0);
    assert_false(has);
    free(answer);
    assert_int_equal(store_event_set_retry(f->s, gid, 1, "{\"first\":true}", hash, &err), 0);
    key_1_answers_first(f, gid, hash);
}

/* An import built aside takes the ids reserved for it, while the database takes new
 * ids beside it, and opens whole; a reservation never copied is dropped. */
static void test_aside_build_copies_into_its_reservation(void **state)
{
    struct fix *f = *state;
    struct store *a = NULL;
    struct store_aside_ids ids;
    struct store_campaign c;
    struct sb_error err;
    char *players = NULL;
    int64_t ann = add_player(f, "Ann"), cid = 0, pid = 0, cy = 0;
    assert_int_equal(store_aside_reserve(f->s, 2, 0, 0, &ids, &err), 0);
    assert_int_equal(store_aside_new(&ids, MIGRATIONS, &a, &err), 0);
    /* The database writes on meanwhile: its new ids come after the reservation. */
    cy = add_player(f, "Cy");
    assert_int_equal(cy, ann + 3);
    assert_int_equal(store_campaign_create(a, "Imported", "travel-world-tour", "token", f->key,
                                           f->view, "{}", &cid, &err),
                     0);
    assert_int_equal(cid, f->cid + 1);
    assert_int_equal(store_player_create(a, cid, "Bea", &pid, &err), 0);
    assert_int_equal(pid, ann + 1);
    /* Reserved, not yet copied: no campaign to be read there. */
    assert_int_equal(store_campaign_get(f->s, cid, &c, &err), 0);
    assert_string_equal(c.edition, "");
    assert_int_equal(store_player_create(a, cid, "Dan", &pid, &err), 0);
    assert_int_equal(store_aside_copy(f->s, a, &err), 0);
    assert_int_equal(store_players_json(f->s, cid, &players, &err), 0);
    assert_non_null(strstr(players, "\"Bea\""));
    assert_non_null(strstr(players, "\"Dan\""));
    free(players);
    assert_int_equal(store_campaign_get(f->s, cid, &c, &err), 0);
    assert_string_equal(c.edition, "travel-world-tour");
    store_close(a);

    /* One that takes more than it reserved is refused; dropped, it leaves nothing. */
    assert_int_equal(store_aside_reserve(f->s, 0, 0, 0, &ids, &err), 0);
    assert_int_equal(store_aside_new(&ids, MIGRATIONS, &a, &err), 0);
    assert_int_equal(store_campaign_create(a, "Second", "travel-world-tour", "token", f->key,
                                           f->view, "{}", &cid, &err),
                     0);
    assert_int_equal(store_player_create(a, cid, "Eve", &pid, &err), 0);
    assert_int_equal(store_aside_copy(f->s, a, &err), SB_ECONFLICT);
    assert_int_equal(store_aside_drop(f->s, &err), 0);
    assert_int_equal(store_campaign_get(f->s, cid, &c, &err), SB_ENOTFOUND);
    assert_int_equal(store_campaign_get(f->s, f->cid + 1, &c, &err), 0);
    store_close(a);
}

static void test_voided_import_events_are_logged_not_live(void **state)
{
    struct fix *f = *state;
    struct sb_error err;
    struct seen seen;
    int64_t gid = add_game(f, add_player(f, "Ann"), add_player(f, "Bob"));
    append(f, gid, 1, "roll", NULL, NULL);
    assert_int_equal(store_event_insert_voided(f->s, gid, 2, "buy", "{\"type\":\"buy\"}",
                                               "2026-01-02T03:04:05.000Z", &err),
                     0);
    memset(&seen, 0, sizeof(seen));
    assert_int_equal(store_events_each(f->s, gid, 0, collect, &seen, &err), 0);
    assert_int_equal(seen.n, 1);
}

/* ---- the Travel Journal ----------------------------------------------------------- */

static void test_journal_rows_and_undo(void **state)
{
    struct fix *f = *state;
    struct sb_error err;
    char *text = NULL;
    int64_t ann = add_player(f, "Ann"), bob = add_player(f, "Bob");
    int64_t gid = add_game(f, ann, bob);
    int n = -1;
    cJSON *doc;
    const cJSON *h;

    append(f, gid, 1, "draw_journal", NULL, NULL);
    assert_int_equal(
        store_journal_stamp_add(f->s, f->cid, "journal-1", 0, "hazel", ann, gid, 1, &err), 0);
    assert_int_equal(store_journal_draw_add(f->s, f->cid, gid, 1, "journal-1", ann, 0, &err), 0);
    assert_int_equal(store_journal_payout_add(f->s, gid, 1, ann, "hazel", 1, 100, &err), 0);
    append(f, gid, 2, "draw_journal", NULL, NULL);
    assert_int_equal(
        store_journal_stamp_add(f->s, f->cid, "journal-1", 1, "t-rex", bob, gid, 2, &err), 0);
    assert_int_equal(store_journal_draw_add(f->s, f->cid, gid, 2, "journal-1", bob, 1, &err), 0);
    assert_int_equal(store_journal_payout_add(f->s, gid, 2, ann, "hazel", 1, 100, &err), 0);
    assert_int_equal(store_journal_payout_add(f->s, gid, 2, bob, "t-rex", 1, 100, &err), 0);
    /* A slot takes one stamp. */
    assert_int_equal(
        store_journal_stamp_add(f->s, f->cid, "journal-1", 1, "hazel", ann, gid, 2, &err),
        SB_ECONFLICT);

    assert_int_equal(store_journal_card_stamps(f->s, f->cid, "journal-1", &n, &err), 0);
    assert_int_equal(n, 2);
    assert_int_equal(store_journal_totals_json(f->s, f->cid, &text, &err), 0);
    doc = jt_parse_text(text);
    assert_int_equal(cJSON_GetArraySize(doc), 1);
    assert_true(jt_num(cJSON_GetArrayItem(doc, 0), "draws") == 2);
    assert_true(jt_num(cJSON_GetArrayItem(doc, 0), "paid_out") == 300);
    cJSON_Delete(doc);
    assert_int_equal(store_journal_history_json(f->s, f->cid, "journal-1", &text, &err), 0);
    doc = jt_parse_text(text);
    assert_int_equal(cJSON_GetArraySize(doc), 2);
    h = cJSON_GetArrayItem(doc, 1);
    assert_true(jt_num(h, "seq") == 2 && jt_num(h, "stamped_slot") == 1);
    assert_string_equal(jt_str(jt_get(h, "drawer"), "name"), "Bob");
    assert_int_equal(cJSON_GetArraySize(jt_get(h, "payouts")), 2);
    cJSON_Delete(doc);
    assert_int_equal(store_journal_stamps_json(f->s, f->cid, 0, &text, &err), 0);
    doc = jt_parse_text(text);
    assert_int_equal(cJSON_GetArraySize(doc), 2);
    assert_string_equal(jt_str(cJSON_GetArrayItem(doc, 1), "token"), "t-rex");
    assert_string_equal(jt_str(jt_get(cJSON_GetArrayItem(doc, 1), "player"), "name"), "Bob");
    cJSON_Delete(doc);
    /* Only stamps of earlier games when asked. */
    assert_int_equal(store_journal_stamps_json(f->s, f->cid, gid, &text, &err), 0);
    doc = jt_parse_text(text);
    assert_int_equal(cJSON_GetArraySize(doc), 0);
    cJSON_Delete(doc);

    /* Undo of the second draw removes its stamp, draw and payouts, nothing else. */
    assert_int_equal(store_journal_undo(f->s, gid, 2, &err), 0);
    assert_int_equal(store_journal_card_stamps(f->s, f->cid, "journal-1", &n, &err), 0);
    assert_int_equal(n, 1);
    assert_int_equal(store_journal_totals_json(f->s, f->cid, &text, &err), 0);
    doc = jt_parse_text(text);
    assert_true(jt_num(cJSON_GetArrayItem(doc, 0), "draws") == 1);
    assert_true(jt_num(cJSON_GetArrayItem(doc, 0), "paid_out") == 100);
    cJSON_Delete(doc);
}

static void test_stamp_used_in_a_later_game(void **state)
{
    struct fix *f = *state;
    struct store_snapshot done = {"{}", "finished", 0, true};
    struct sb_error err;
    bool used = true;
    int64_t ann = add_player(f, "Ann"), bob = add_player(f, "Bob"), version = 0;
    int64_t g1 = add_game(f, ann, bob), g2;

    append(f, g1, 1, "draw_journal", NULL, NULL);
    assert_int_equal(
        store_journal_stamp_add(f->s, f->cid, "journal-2", 0, "hazel", ann, g1, 1, &err), 0);
    assert_int_equal(store_journal_draw_add(f->s, f->cid, g1, 1, "journal-2", ann, 0, &err), 0);
    assert_int_equal(store_journal_stamp_used_later(f->s, g1, 1, &used, &err), 0);
    assert_false(used);
    assert_int_equal(
        store_event_append(f->s, g1, 2, "end", "{}", "[]", NULL, NULL, &done, &version, &err), 0);
    g2 = add_game(f, ann, bob);
    append(f, g2, 1, "draw_journal", NULL, NULL);
    assert_int_equal(store_journal_draw_add(f->s, f->cid, g2, 1, "journal-2", bob, -1, &err), 0);
    assert_int_equal(store_journal_stamp_used_later(f->s, g1, 1, &used, &err), 0);
    assert_true(used);
}

/* ---- stats ------------------------------------------------------------------------ */

static void test_stats_json_shape_on_a_small_fixture(void **state)
{
    struct fix *f = *state;
    struct store_snapshot won = {"{}", "finished", 0, true};
    struct store_snapshot undone = {"{}", "active", 0, false};
    struct sb_error err;
    char *text = NULL, fx[512];
    int64_t ann = add_player(f, "Ann"), bob = add_player(f, "Bob"), version = 0;
    int64_t gid = add_game(f, ann, bob);
    const cJSON *p, *t, *d;
    cJSON *doc;

    snprintf(fx, sizeof(fx),
             "[{\"kind\":\"owner\",\"destination\":\"rapa-nui\",\"from\":\"bank\",\"to\":%lld},"
             "{\"kind\":\"pay\",\"from\":%lld,\"to\":\"bank\",\"amount\":100,\"reason\":\"buy\"}]",
             (long long)ann, (long long)ann);
    append(f, gid, 1, "buy", fx, NULL);
    snprintf(fx, sizeof(fx),
             "[{\"kind\":\"pay\",\"from\":%lld,\"to\":%lld,\"amount\":50,\"reason\":\"fee\","
             "\"destination\":\"rapa-nui\"}]",
             (long long)bob, (long long)ann);
    append(f, gid, 2, "collect_fee", fx, NULL);
    snprintf(fx, sizeof(fx),
             "[{\"kind\":\"board_stamp\",\"player\":%lld,\"destination\":\"rapa-nui\"}]",
             (long long)ann);
    append(f, gid, 3, "roll", fx, NULL);
    /* A voided stamp does not count. */
    snprintf(fx, sizeof(fx),
             "[{\"kind\":\"board_stamp\",\"player\":%lld,\"destination\":\"angkor-wat\"}]",
             (long long)bob);
    append(f, gid, 4, "roll", fx, NULL);
    assert_int_equal(store_event_void(f->s, gid, 4, &undone, &version, &err), 0);
    assert_int_equal(
        store_journal_stamp_add(f->s, f->cid, "journal-1", 0, "t-rex", bob, gid, 3, &err), 0);
    assert_int_equal(store_journal_draw_add(f->s, f->cid, gid, 3, "journal-1", bob, 0, &err), 0);
    assert_int_equal(store_journal_payout_add(f->s, gid, 3, bob, "t-rex", 1, 50, &err), 0);
    won.winner = ann;
    append(f, gid, 5, "note", NULL, NULL);
    assert_int_equal(
        store_event_append(f->s, gid, 6, "end", "{}", "[]", NULL, NULL, &won, &version, &err), 0);

    assert_int_equal(store_stats_json(f->s, f->cid, &text, &err), 0);
    doc = jt_parse_text(text);
    assert_true(cJSON_IsArray(jt_get(doc, "players")));
    assert_true(cJSON_IsArray(jt_get(doc, "tokens")));
    assert_true(cJSON_IsArray(jt_get(doc, "cards")));
    assert_true(cJSON_IsArray(jt_get(doc, "destinations")));

    p = cJSON_GetArrayItem(jt_get(doc, "players"), 0);
    assert_string_equal(jt_str(p, "name"), "Ann");
    assert_true(jt_num(p, "games") == 1 && jt_num(p, "wins") == 1);
    assert_true(jt_num(p, "board_stamps") == 1 && jt_num(p, "journal_stamps") == 0);
    assert_true(jt_num(p, "payouts_received") == 0);
    p = cJSON_GetArrayItem(jt_get(doc, "players"), 1);
    assert_string_equal(jt_str(p, "name"), "Bob");
    assert_true(jt_num(p, "games") == 1 && jt_num(p, "wins") == 0);
    assert_true(jt_num(p, "board_stamps") == 0 && jt_num(p, "journal_stamps") == 1);
    assert_true(jt_num(p, "payouts_received") == 50);

    assert_int_equal(cJSON_GetArraySize(jt_get(doc, "tokens")), 2);
    t = cJSON_GetArrayItem(jt_get(doc, "tokens"), 0);
    assert_string_equal(jt_str(t, "token"), "hazel");
    assert_true(jt_num(t, "wins") == 1 && jt_num(t, "board_stamps") == 1);
    t = cJSON_GetArrayItem(jt_get(doc, "tokens"), 1);
    assert_string_equal(jt_str(t, "token"), "t-rex");
    assert_true(jt_num(t, "wins") == 0 && jt_num(t, "journal_stamps") == 1);

    assert_int_equal(cJSON_GetArraySize(jt_get(doc, "cards")), 1);
    assert_string_equal(jt_str(cJSON_GetArrayItem(jt_get(doc, "cards"), 0), "card"), "journal-1");
    assert_true(jt_num(cJSON_GetArrayItem(jt_get(doc, "cards"), 0), "paid_out") == 50);

    assert_int_equal(cJSON_GetArraySize(jt_get(doc, "destinations")), 1);
    d = cJSON_GetArrayItem(jt_get(doc, "destinations"), 0);
    assert_string_equal(jt_str(d, "destination"), "rapa-nui");
    assert_true(jt_num(d, "bought") == 1 && jt_num(d, "fees_collected") == 50 &&
                jt_num(d, "stamped") == 1);
    cJSON_Delete(doc);
}

static void test_stats_of_an_empty_campaign(void **state)
{
    struct fix *f = *state;
    struct sb_error err;
    char *text = NULL;
    cJSON *doc;
    assert_int_equal(store_stats_json(f->s, f->cid, &text, &err), 0);
    doc = jt_parse_text(text);
    assert_int_equal(cJSON_GetArraySize(jt_get(doc, "players")), 0);
    assert_int_equal(cJSON_GetArraySize(jt_get(doc, "tokens")), 0);
    assert_int_equal(cJSON_GetArraySize(jt_get(doc, "cards")), 0);
    assert_int_equal(cJSON_GetArraySize(jt_get(doc, "destinations")), 0);
    cJSON_Delete(doc);
}

/* ---- backup, transactions, the pool ----------------------------------------------- */

static void test_backup_to_a_file_passes_integrity_and_holds_the_data(void **state)
{
    struct fix *f = *state;
    struct store *copy = NULL;
    struct store_campaign c;
    struct sb_error err;
    char path[] = "/tmp/stampbook-backup-XXXXXX";
    int fd = mkstemp(path), version = 0;
    assert_true(fd >= 0);
    close(fd);
    add_player(f, "Ann");
    assert_int_equal(store_backup(f->s, path, &err), 0);
    assert_int_equal(store_open(path, &copy, &err), 0);
    assert_int_equal(store_schema_version(copy, &version, &err), 0);
    assert_int_equal(version, newest_migration());
    assert_int_equal(store_campaign_get(copy, f->cid, &c, &err), 0);
    assert_memory_equal(c.key_hash, f->key, STORE_HASH_BYTES);
    store_close(copy);
    unlink(path);
    {
        char side[sizeof(path) + 8];
        snprintf(side, sizeof(side), "%s-wal", path);
        unlink(side);
        snprintf(side, sizeof(side), "%s-shm", path);
        unlink(side);
    }
    assert_int_equal(store_backup(f->s, "/nonexistent/dir/backup.db", &err), SB_EIO);
}

static void test_rolled_back_write_is_gone(void **state)
{
    struct fix *f = *state;
    struct sb_error err;
    char *text = NULL;
    int64_t id = 0;
    assert_int_equal(store_begin_write(f->s, &err), 0);
    assert_int_equal(store_player_create(f->s, f->cid, "Ghost", &id, &err), 0);
    store_rollback(f->s);
    store_rollback(f->s); /* outside a transaction: nothing happens */
    assert_int_equal(store_players_json(f->s, f->cid, &text, &err), 0);
    assert_string_equal(text, "[]");
    free(text);

    assert_int_equal(store_begin_write(f->s, &err), 0);
    assert_int_equal(store_player_create(f->s, f->cid, "Kept", &id, &err), 0);
    assert_int_equal(store_commit(f->s, &err), 0);
    assert_int_equal(store_players_json(f->s, f->cid, &text, &err), 0);
    assert_non_null(strstr(text, "\"Kept\""));
    free(text);
    /* A commit with no transaction open fails. */
    assert_int_equal(store_commit(f->s, &err), SB_EIO);
}

static void test_pool_hands_out_and_takes_back_connections(void **state)
{
    struct fix *f = *state;
    struct store_pool *p = NULL;
    struct store *a = NULL, *b = NULL, *c = NULL, *again = NULL;
    struct sb_error err;
    char name[81];
    int64_t id = 0;

    assert_int_equal(store_pool_new(f->uri, 2, &p, &err), 0);
    assert_int_equal(store_pool_get(p, &a, &err), 0);
    assert_int_equal(store_pool_get(p, &b, &err), 0);
    assert_ptr_not_equal(a, b);
    /* Every connection sees the same database. */
    assert_int_equal(store_player_create(a, f->cid, "Pooled", &id, &err), 0);
    assert_int_equal(store_player_name(b, f->cid, id, name, sizeof(name), &err), 0);
    assert_string_equal(name, "Pooled");
    store_pool_put(p, a);
    assert_int_equal(store_pool_get(p, &again, &err), 0);
    assert_ptr_equal(again, a); /* taken back and handed out again */
    /* Past max, a connection is opened and closed again when put back. */
    assert_int_equal(store_pool_get(p, &c, &err), 0);
    assert_ptr_not_equal(c, a);
    assert_ptr_not_equal(c, b);
    /* A connection put back inside a transaction is rolled back. */
    assert_int_equal(store_begin_write(again, &err), 0);
    assert_int_equal(store_player_create(again, f->cid, "Abandoned", &id, &err), 0);
    store_pool_put(p, again);
    assert_int_equal(store_player_name(b, f->cid, id, name, sizeof(name), &err), SB_EINVALID);
    store_pool_put(p, b);
    store_pool_put(p, c);
    store_pool_put(p, NULL);
    store_pool_free(p);
    store_pool_free(NULL);
}

static void test_now_is_rfc3339_utc_with_milliseconds(void **state)
{
    char now[STORE_TIME_MAX];
    int y, mo, d, h, mi, s, ms;
    char z = 0;
    (void)state;
    store_now(now);
    assert_int_equal(strlen(now), 24);
    assert_int_equal(
        sscanf(now, "%4d-%2d-%2dT%2d:%2d:%2d.%3d%c", &y, &mo, &d, &h, &mi, &s, &ms, &z), 8);
    assert_true(y >= 2024 && mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && h < 24 && ms < 1000);
    assert_int_equal(z, 'Z');
}

/* The time t as store_now() is to write it, the slow way. */
static void now_text(const struct timespec *t, char out[STORE_TIME_MAX])
{
    struct tm tm;
    char base[24];
    gmtime_r(&t->tv_sec, &tm);
    strftime(base, sizeof(base), "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(out, STORE_TIME_MAX, "%s.%03dZ", base, (int)(t->tv_nsec / 1000000));
}

/* store_now() keeps the seconds' text of its thread for the next call: every answer,
 * over two changes of the second, lies between the times read just before and just
 * after it, written the slow way (RFC 3339 of a fixed width sorts as time does). */
static void test_now_keeps_to_the_clock_across_seconds(void **state)
{
    char before[STORE_TIME_MAX], now[STORE_TIME_MAX], after[STORE_TIME_MAX];
    char last[STORE_TIME_MAX] = "";
    int changes = 0;
    long calls = 0;
    (void)state;
    while (changes < 2 && calls < 100000000L) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_REALTIME, &t0);
        store_now(now);
        clock_gettime(CLOCK_REALTIME, &t1);
        now_text(&t0, before);
        now_text(&t1, after);
        if (strcmp(before, now) > 0 || strcmp(now, after) > 0)
            fail_msg("store_now() wrote %s between %s and %s", now, before, after);
        assert_int_equal(strlen(now), 24);
        if (last[0] && strncmp(last, now, 19) != 0)
            changes++;
        memcpy(last, now, sizeof(last));
        calls++;
    }
    assert_int_equal(changes, 2);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup_store, teardown_store)

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_new_database_migrates_to_the_newest_version),
        T(test_migrating_twice_is_a_no_op),
        T(test_migrate_from_a_missing_folder_fails),
        T(test_campaign_create_get_update),
        T(test_unknown_campaign_is_not_found),
        T(test_stamp_owner_outside_token_or_player_is_refused),
        T(test_players_create_rename_list),
        T(test_game_create_and_read),
        T(test_one_active_game_per_campaign),
        T(test_event_append_void_and_read_in_order),
        T(test_events_each_stops_at_the_callbacks_error),
        T(test_a_seq_is_used_once),
        T(test_idempotency_key_finds_the_first_answer),
        T(test_idempotency_key_keeps_the_hash_of_its_body),
        T(test_aside_build_copies_into_its_reservation),
        T(test_voided_import_events_are_logged_not_live),
        T(test_journal_rows_and_undo),
        T(test_stamp_used_in_a_later_game),
        T(test_stats_json_shape_on_a_small_fixture),
        T(test_stats_of_an_empty_campaign),
        T(test_backup_to_a_file_passes_integrity_and_holds_the_data),
        T(test_rolled_back_write_is_gone),
        T(test_pool_hands_out_and_takes_back_connections),
        cmocka_unit_test(test_now_is_rfc3339_utc_with_milliseconds),
        cmocka_unit_test(test_now_keeps_to_the_clock_across_seconds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
