/* test_migration_docs.c -- migration 0021 rebuilds games and game_boards without NOT
 * NULL on a database with data: every row, every reference to them and the documents
 * are kept, and a document may then be left NULL (store_game_leave_docs()). Migration
 * 0024 gives the games and campaigns that 0016 gave 1,500 their box's money (issue 41).
 * Migration 0026 rebuilds memories with the stamp each had undone: every memory and its
 * photo are kept, and the photo's bytes stay last in the row. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "file.h"
#include "schema_sql.h"
#include "store.h"
#include "store_memory.h"
#include "unit_main.h"

#define MIGRATIONS "migrations"
#define DOCS_MIGRATION 21   /* 0021_docs_computed.sql */
#define MONEY_MIGRATION 24  /* 0024_box_money.sql */
#define UNDONE_MIGRATION 26 /* 0026_memory_undone.sql */

/* A campaign with a player, a finished game on a board, its events and a stamp, as a
 * database of version 20 holds them. */
#define SEED                                                                                       \
    "INSERT INTO campaigns(id, name, edition, stamp_owner, key_hash, view_key_hash, board,"        \
    " created_at) VALUES (1, 'Box', 'travel-world-tour', 'token', zeroblob(32), zeroblob(32),"     \
    " '{}', '2026-01-01T00:00:00.000Z');\n"                                                        \
    "INSERT INTO players VALUES (7, 1, 'Ann', '2026-01-01T00:00:00.000Z');\n"                      \
    "INSERT INTO games(id, campaign_id, mode, status, seats, state, version, winner, started_at,"  \
    " ended_at, live_events, house_rules) VALUES (3, 1, 'banker', 'finished',"                     \
    " '[{\"player\":7,\"token\":\"hazel\"}]', '{\"s\":2}', 3, 7, '2026-01-01T00:00:00.000Z',"      \
    " '2026-01-02T00:00:00.000Z', 2, '{}');\n"                                                     \
    "INSERT INTO boards(id, board) VALUES (5, '{\"b\":1}');\n"                                     \
    "INSERT INTO game_boards(game_id, board_id, initial) VALUES (3, 5, '{\"s\":0}');\n"            \
    "INSERT INTO events(game_id, seq, type, payload, effects, at) VALUES"                          \
    " (3, 1, 'note', '{\"type\":\"note\",\"text\":\"x\"}', '[]', 'now'),"                          \
    " (3, 2, 'end', '{\"type\":\"end\",\"winner\":7}', '[]', 'now');\n"                            \
    "INSERT INTO journal_draws(game_id, seq, campaign_id, card, drawer, at)"                       \
    " VALUES (3, 1, 1, 'journal-1', 7, 'now');\n"

/* Copy migrations/name into dir (0 or -1), with extra after it when given. */
static int copy_migration(const char *dir, const char *name, const char *extra)
{
    char path[600];
    char *text = NULL;
    FILE *f;
    int ok;
    snprintf(path, sizeof(path), "%s/%s", MIGRATIONS, name);
    if (file_read(path, 1 << 20, &text, NULL, NULL) != 0)
        return -1;
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    f = fopen(path, "w");
    ok = f && fputs(text, f) >= 0 && (!extra || fputs(extra, f) >= 0);
    if (f)
        ok &= fclose(f) == 0;
    free(text);
    return ok ? 0 : -1;
}

/* Copy into dir every migration before `before`, the last of them with seed after it. */
static void copy_older(const char *dir, long before, const char *seed)
{
    DIR *d = opendir(MIGRATIONS);
    struct dirent *e;
    long last = 0;
    assert_non_null(d);
    while ((e = readdir(d)) != NULL) {
        long v = strtol(e->d_name, NULL, 10);
        if (v > last && v < before)
            last = v;
    }
    rewinddir(d);
    while ((e = readdir(d)) != NULL) {
        long v = strtol(e->d_name, NULL, 10);
        if (v <= 0 || v >= before)
            continue;
        assert_int_equal(copy_migration(dir, e->d_name, v == last ? seed : NULL), 0);
    }
    closedir(d);
}

/* A new folder dir (a mkdtemp() template) with every migration before `before`, seed
 * after the last of them, and an in-memory database migrated from it: the database.
 * Fails the test on any error. */
static struct store *open_older(char *dir, long before, const char *seed, struct sb_error *err)
{
    struct store *s = NULL;
    memset(err, 0, sizeof(*err));
    assert_non_null(mkdtemp(dir));
    copy_older(dir, before, seed);
    assert_int_equal(store_open(":memory:", &s, err), 0);
    if (store_migrate(s, dir, err) != 0)
        fail_msg("%s", err->detail);
    return s;
}

static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[600];
    while (d && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        unlink(path);
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

static void test_migration_0021_keeps_every_row_and_lets_the_documents_be_null(void **state)
{
    char dir[] = "/tmp/stampbook-docs-XXXXXX";
    struct store *s = NULL;
    struct sb_error err;
    struct store_game g;
    char *events = NULL, *text = NULL;
    int64_t version = 0;
    int v = 0;
    (void)state;
    s = open_older(dir, DOCS_MIGRATION, SEED, &err);
    assert_int_equal(store_schema_version(s, &v, &err), 0);
    assert_int_equal(v, DOCS_MIGRATION - 1);
    /* 0021 and after: foreign keys are checked before each commits */
    assert_int_equal(store_migrate(s, MIGRATIONS, &err), 0);
    assert_int_equal(store_schema_version(s, &v, &err), 0);
    assert_true(v >= DOCS_MIGRATION);
    assert_int_equal(store_game_get(s, 1, 3, true, &g, &err), 0);
    assert_string_equal(g.status, "finished");
    assert_int_equal(g.version, 3);
    assert_int_equal(g.seq, 2);
    assert_string_equal(g.board, "{\"b\":1}");
    assert_string_equal(g.state, "{\"s\":2}");
    assert_string_equal(g.initial, "{\"s\":0}");
    assert_string_equal(g.seats, "[{\"player\":7,\"token\":\"hazel\"}]");
    store_game_clear(&g);
    /* the tables that name games name the new one */
    assert_int_equal(schema_sql(s, &text, &err), 0);
    assert_null(strstr(text, "_0020"));
    assert_non_null(strstr(text, "REFERENCES games(id)"));
    free(text);
    text = NULL;
    assert_int_equal(store_events_json(s, 3, 0, &events, &err), 0);
    assert_non_null(strstr(events, "\"text\":\"x\""));
    free(events);
    /* the documents may be left to the engine now, the version unchanged */
    assert_int_equal(store_begin_write(s, &err), 0);
    assert_int_equal(store_game_leave_docs(s, 3, true, true, &err), 0);
    assert_int_equal(store_commit(s, &err), 0);
    assert_int_equal(store_game_get(s, 1, 3, true, &g, &err), 0);
    assert_null(g.state);
    assert_null(g.initial);
    assert_int_equal(g.version, 3);
    store_game_clear(&g);
    assert_int_equal(store_game_state(s, 1, 3, &text, &version, &err), 0);
    assert_null(text);
    assert_int_equal(version, 3);
    store_close(s);
    remove_dir(dir);
}

/* Two campaigns (a box of 2,000 and one of 1,500, both with the 1,500 of 0016) and
 * their games as a database of before 0024 holds them: game 3 from before house rules
 * (played with 2,000, named 1,500 by 0016), game 4 started with 1,500 on the 2,000 box,
 * game 5 in journal mode, game 6 on the box of 1,500. */
#define HOUSE_NEXT                                                                                 \
    "'{\"goal_jump\":\"next_turn\",\"travel_pays_go\":true,\"go_landing\":200,"                    \
    "\"free_parking\":\"nothing\",\"auction\":true,\"fees\":\"ask\",\"stamps_to_win\":4,"          \
    "\"starting_cash\":1500}'"
#define HOUSE_LEGACY                                                                               \
    "'{\"goal_jump\":\"any_turn\",\"travel_pays_go\":false,\"go_landing\":200,"                    \
    "\"free_parking\":\"nothing\",\"auction\":true,\"fees\":\"ask\",\"stamps_to_win\":4,"          \
    "\"starting_cash\":1500}'"
#define MONEY_GAME(id, cid, mode, house, cash)                                                     \
    "INSERT INTO games(id, campaign_id, mode, status, seats, started_at, house_rules) VALUES"      \
    " (" id ", " cid ", '" mode "', 'finished', '[]', 'now', " house ");\n"                        \
    "INSERT INTO game_boards(game_id, board_id, initial) VALUES (" id ", 5,"                       \
    " '{\"players\":[{\"cash\":" cash "},{\"cash\":" cash "}]}');\n"
#define MONEY_SEED                                                                                 \
    "INSERT INTO campaigns(id, name, edition, stamp_owner, key_hash, view_key_hash, board,"        \
    " created_at, house_rules) VALUES (1, 'Box', 'travel-world-tour', 'token', zeroblob(32),"      \
    " zeroblob(32), '{\"start_cash\":2000}', 'now', " HOUSE_NEXT "),"                              \
    " (2, 'Plain', 'travel-world-tour', 'token', zeroblob(32), zeroblob(32),"                      \
    " '{\"start_cash\":1500}', 'now', " HOUSE_NEXT ");\n"                                          \
    "INSERT INTO boards(id, board) VALUES (5, '{\"start_cash\":2000}');\n" MONEY_GAME(             \
        "3", "1", "banker", HOUSE_LEGACY, "2000")                                                  \
        MONEY_GAME("4", "1", "banker", HOUSE_NEXT, "1500")                                         \
            MONEY_GAME("5", "1", "journal", HOUSE_NEXT, "0")                                       \
                MONEY_GAME("6", "2", "banker", HOUSE_NEXT, "1500")

/* The starting cash the house rules of game gid (or, gid 0, of campaign cid) name. */
static int starting_cash(struct store *s, int64_t cid, int64_t gid)
{
    struct sb_error err;
    struct store_game g;
    char *text = NULL;
    const char *at;
    int cash;
    memset(&err, 0, sizeof(err));
    if (gid) {
        assert_int_equal(store_game_get(s, cid, gid, true, &g, &err), 0);
        text = g.house_rules ? strdup(g.house_rules) : NULL;
        store_game_clear(&g);
    } else {
        assert_int_equal(store_campaign_house_rules(s, cid, &text, &err), 0);
    }
    assert_non_null(text);
    at = strstr(text, "\"starting_cash\":");
    assert_non_null(at);
    cash = atoi(at + strlen("\"starting_cash\":"));
    free(text);
    return cash;
}

static void test_migration_0024_gives_games_and_campaigns_their_box_money(void **state)
{
    char dir[] = "/tmp/stampbook-money-XXXXXX";
    struct store *s = NULL;
    struct sb_error err;
    (void)state;
    s = open_older(dir, MONEY_MIGRATION, MONEY_SEED, &err);
    assert_int_equal(store_migrate(s, MIGRATIONS, &err), 0);
    /* what was played: the box's 2,000 for the game from before house rules */
    assert_int_equal(starting_cash(s, 1, 3), 2000);
    /* games that started with 1,500 keep it; journal mode has no cash */
    assert_int_equal(starting_cash(s, 1, 4), 1500);
    assert_int_equal(starting_cash(s, 1, 5), 1500);
    assert_int_equal(starting_cash(s, 2, 6), 1500);
    /* the new games of the 2,000 box start with 2,000 */
    assert_int_equal(starting_cash(s, 1, 0), 2000);
    assert_int_equal(starting_cash(s, 2, 0), 1500);
    store_close(s);
    remove_dir(dir);
}

/* A game with two memories as a database of before 0026 holds them: one on a journal
 * stamp, one on the game with a photo (its bytes "JPEG", its version 3). */
#define MEMORY_SEED                                                                                \
    "INSERT INTO campaigns(id, name, edition, stamp_owner, key_hash, view_key_hash, board,"        \
    " created_at) VALUES (1, 'Box', 'travel-world-tour', 'token', zeroblob(32), zeroblob(32),"     \
    " '{}', 'now');\n"                                                                             \
    "INSERT INTO players VALUES (7, 1, 'Ann', 'now');\n"                                           \
    "INSERT INTO games(id, campaign_id, mode, status, seats, started_at) VALUES"                   \
    " (3, 1, 'journal', 'finished', '[]', 'now');\n"                                               \
    "INSERT INTO journal_stamps(campaign_id, card, slot, token, player_id, game_id, seq, at)"      \
    " VALUES (1, 'journal-2', 0, 'hazel', 7, 3, 1, 'now');\n"                                      \
    "INSERT INTO memories(id, campaign_id, game_id, card, slot, text, at) VALUES"                  \
    " (11, 1, 3, 'journal-2', 0, 'passport', '2026-01-01T00:00:00.000Z');\n"                       \
    "INSERT INTO memories(id, campaign_id, game_id, text, at, photo_type, photo_size, photo_rev,"  \
    " photo) VALUES (12, 1, 3, 'sunrise', '2026-01-02T00:00:00.000Z', 'image/jpeg', 4, 3,"         \
    " CAST('JPEG' AS BLOB));\n"

static void test_migration_0026_keeps_every_memory_and_its_photo_last(void **state)
{
    char dir[] = "/tmp/stampbook-undone-XXXXXX";
    char type[STORE_PHOTO_TYPE_MAX];
    struct store *s = NULL;
    struct sb_error err;
    char *text = NULL, *table;
    void *data = NULL;
    size_t len = 0;
    int64_t rev = 0;
    (void)state;
    s = open_older(dir, UNDONE_MIGRATION, MEMORY_SEED, &err);
    if (store_migrate(s, MIGRATIONS, &err) != 0)
        fail_msg("%s", err.detail);
    assert_int_equal(store_memory_json(s, 1, 11, &text, &err), 0);
    assert_non_null(strstr(text, "\"card\":\"journal-2\",\"slot\":0"));
    assert_non_null(strstr(text, "\"text\":\"passport\""));
    assert_non_null(strstr(text, "\"undone\":null"));
    assert_non_null(strstr(text, "\"player\":{\"id\":7,\"name\":\"Ann\"}"));
    free(text);
    assert_int_equal(store_memory_photo(s, 1, 12, type, &data, &len, &rev, &err), 0);
    assert_string_equal(type, "image/jpeg");
    assert_int_equal(len, 4);
    assert_memory_equal(data, "JPEG", 4);
    assert_int_equal(rev, 3);
    free(data);
    /* the photo's bytes are the row's last column: listing memories never reads them */
    assert_int_equal(schema_sql(s, &text, &err), 0);
    table = strstr(text, "CREATE TABLE memories");
    assert_non_null(table);
    assert_non_null(strstr(table, "undone_slot INTEGER"));
    assert_true(strstr(table, "photo BLOB)") || strstr(table, "photo BLOB\n)"));
    assert_null(strstr(text, "_0025"));
    free(text);
    store_close(s);
    remove_dir(dir);
}

UNIT_MAIN(NULL, NULL,
          cmocka_unit_test(test_migration_0021_keeps_every_row_and_lets_the_documents_be_null),
          cmocka_unit_test(test_migration_0024_gives_games_and_campaigns_their_box_money),
          cmocka_unit_test(test_migration_0026_keeps_every_memory_and_its_photo_last))
