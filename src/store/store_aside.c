/* store_aside.c -- an import built in a database aside and copied in. */
#include "store.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "file.h"
#include "store_internal.h"
#include "text.h"

/* ---- building aside ---- */

#define STORE_ASIDE_TURN_MS 50    /* the longest the copy of an import holds the writer */
#define STORE_ASIDE_YIELD_US 2000 /* and how long it lets others have it in between */

/* The placeholders of a reservation: the campaign row is the import's own, never
 * opened until the copy ends (no key hashes to it, an edition no campaign has); the
 * player and game rows hold the largest ids reserved, so that nobody takes those
 * below them. */
static const char store_sql_reserve_campaign[] =
    "INSERT INTO campaigns(id, name, edition, stamp_owner, key_hash, view_key_hash, board,"
    " created_at) VALUES (?, '', '', 'token', zeroblob(32), zeroblob(32), '{}', '')";
static const char store_sql_reserve_player[] =
    "INSERT INTO players(id, campaign_id, name, created_at) VALUES (?, ?, '', '')";
static const char store_sql_reserve_game[] =
    "INSERT INTO games(id, campaign_id, mode, status, seats, state, started_at)"
    " VALUES (?, ?, 'banker', 'finished', '[]', '{}', '')";
/* A memory's placeholder belongs to the game placeholder of the same reservation (?3). */
static const char store_sql_reserve_memory[] =
    "INSERT INTO memories(id, campaign_id, game_id, text, at) VALUES (?, ?, ?, '', '')";

/* The largest campaign, player, game and memory ids of s (0 when none). */
static int store_max_ids(struct store *s, int64_t ids[STORE_ASIDE_KINDS], struct sb_error *err)
{
    static const char *const sql[STORE_ASIDE_KINDS] = {
        "SELECT coalesce(max(id), 0) FROM campaigns", "SELECT coalesce(max(id), 0) FROM players",
        "SELECT coalesce(max(id), 0) FROM games", "SELECT coalesce(max(id), 0) FROM memories"};
    int rc = 0;
    for (int i = 0; rc == 0 && i < STORE_ASIDE_KINDS; i++)
        rc = store_int(s, sql[i], &ids[i], err, "");
    return rc;
}

int store_aside_reserve(struct store *s, int64_t nplayers, int64_t ngames, int64_t nmemories,
                        struct store_aside_ids *ids, struct sb_error *err)
{
    int rc = store_begin_write(s, err);
    if (rc != 0)
        return rc;
    rc = store_max_ids(s, ids->base, err);
    ids->top[0] = ids->base[0] + 1;
    ids->top[1] = ids->base[1] + nplayers;
    ids->top[2] = ids->base[2] + ngames;
    ids->top[3] = ids->base[3] + (ngames > 0 ? nmemories : 0);
    if (rc == 0)
        rc = store_exec(s, store_sql_reserve_campaign, NULL, err, "i", ids->top[0]);
    if (rc == 0 && nplayers > 0)
        rc = store_exec(s, store_sql_reserve_player, NULL, err, "ii", ids->top[1], ids->top[0]);
    if (rc == 0 && ngames > 0)
        rc = store_exec(s, store_sql_reserve_game, NULL, err, "ii", ids->top[2], ids->top[0]);
    if (rc == 0 && ngames > 0 && nmemories > 0)
        rc = store_exec(s, store_sql_reserve_memory, NULL, err, "iii", ids->top[3], ids->top[0],
                        ids->top[2]);
    if (rc != 0) {
        store_rollback(s);
        return rc;
    }
    return store_commit(s, err);
}

int store_aside_new(const struct store_aside_ids *ids, const char *migrations_dir,
                    struct store **out, struct sb_error *err)
{
    static const char *const placeholders[STORE_ASIDE_KINDS] = {
        store_sql_reserve_campaign, store_sql_reserve_player, store_sql_reserve_game,
        store_sql_reserve_memory};
    const int64_t *base = ids->base;
    struct store *a = NULL;
    /* A private temporary file (""): what the build holds in memory is SQLite's page
     * cache, not the whole expanded import. Nothing of it needs to survive a crash. */
    int rc = store_open("", &a, err);
    if (rc == 0)
        rc = store_exec(a, "PRAGMA journal_mode=OFF", NULL, err, "");
    if (rc == 0)
        rc = store_exec(a, "PRAGMA synchronous=OFF", NULL, err, "");
    /* Its boards are renumbered as those of the database before the copy. */
    if (rc == 0)
        rc = store_exec(a, "PRAGMA foreign_keys=OFF", NULL, err, "");
    if (rc == 0)
        rc = store_migrate(a, migrations_dir, err);
    /* Placeholders hold the ids up to those of the database, so that what is built
     * here takes the very ids reserved for it there; they are left out of the copy. */
    for (int i = 0; rc == 0 && base[0] > 0 && i < STORE_ASIDE_KINDS; i++)
        if (i == 0 || base[i] > 0)
            rc = store_exec(a, placeholders[i], NULL, err,
                            i == 0   ? "i"
                            : i == 3 ? "iii"
                                     : "ii",
                            base[i], base[0], base[2]);
    if (rc != 0) {
        store_close(a);
        return rc;
    }
    a->aside = *ids;
    *out = a;
    return 0;
}

/* The writer s gives its lock to the writers waiting for a moment and takes it back
 * (as store_pool_put() and store_pool_get_writer() would). On failure it still holds
 * it, for its caller to give back. */
static int store_writer_yield(struct store *s, struct sb_error *err)
{
    struct store_pool *p = s->pool;
    struct timespec pause = {0, STORE_ASIDE_YIELD_US * 1000L};
    int rc;
    pthread_mutex_unlock(&p->write_lock);
    nanosleep(&pause, NULL);
    atomic_fetch_add(&p->writers_waiting, 1);
    pthread_mutex_lock(&p->write_lock);
    atomic_fetch_sub(&p->writers_waiting, 1);
    rc = store_pool_check(p, false, err);
    if (rc != 0 && p->group)
        store_group_end(s, false);
    return rc;
}

/* The copy's turn is over: commit what it wrote, let the writers waiting have the
 * writer for a moment, and begin again. */
static int store_aside_turn(struct store *s, struct timespec *start, struct sb_error *err)
{
    int rc = store_commit(s, err);
    if (rc == 0 && s->writer)
        rc = store_writer_yield(s, err);
    if (rc == 0)
        rc = store_begin_write(s, err);
    clock_gettime(CLOCK_MONOTONIC, start);
    return rc;
}

static bool store_aside_turn_over(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - start->tv_sec) * 1000 + (now.tv_nsec - start->tv_nsec) / 1000000 >=
           STORE_ASIDE_TURN_MS;
}

/* The statement that writes a row of table selected by sel into s: an INSERT of every
 * column, or with update, an UPDATE of every column of the row whose id is the first. */
static int store_copy_prepare(struct store *s, sqlite3_stmt *sel, const char *table, bool update,
                              sqlite3_stmt **ins, struct sb_error *err)
{
    char sql[2048];
    int n = sqlite3_column_count(sel);
    size_t len = (size_t)snprintf(sql, sizeof(sql),
                                  update ? "UPDATE %s SET " : "INSERT INTO %s VALUES (", table);
    for (int i = update ? 1 : 0; i < n && len < sizeof(sql); i++) {
        if (update)
            len += (size_t)snprintf(sql + len, sizeof(sql) - len, "%s\"%s\" = ?%d",
                                    i > 1 ? ", " : "", sqlite3_column_name(sel, i), i + 1);
        else
            len += (size_t)snprintf(sql + len, sizeof(sql) - len, "%s?", i > 0 ? ", " : "");
    }
    if (len < sizeof(sql))
        len += (size_t)snprintf(sql + len, sizeof(sql) - len, update ? " WHERE id = ?1" : ")");
    if (len >= sizeof(sql))
        return sb_fail(err, SB_EIO, NULL, "copy: table %s has too many columns", table);
    if (sqlite3_prepare_v2(s->db, sql, -1, ins, NULL) != SQLITE_OK)
        return store_fail(s, err, "copy");
    return 0;
}

/* Copy the rows that sql selects from aside into table of s, column for column, in
 * turns of the writer (update: the rows are there already, as placeholders). */
static int store_copy_rows(struct store *s, struct store *aside, const char *table, const char *sql,
                           bool update, struct timespec *start, struct sb_error *err)
{
    sqlite3_stmt *sel = NULL, *ins = NULL;
    int rc = 0, step = SQLITE_DONE, n, rows = 0;
    if (sqlite3_prepare_v2(aside->db, sql, -1, &sel, NULL) != SQLITE_OK)
        return store_fail(aside, err, "copy");
    n = sqlite3_column_count(sel);
    if (sqlite3_bind_int64(sel, 1, aside->aside.base[0]) != SQLITE_OK ||
        sqlite3_bind_int64(sel, 2, aside->aside.base[1]) != SQLITE_OK ||
        sqlite3_bind_int64(sel, 3, aside->aside.base[2]) != SQLITE_OK ||
        sqlite3_bind_int64(sel, 4, aside->aside.base[3]) != SQLITE_OK)
        rc = store_fail(aside, err, "copy");
    if (rc == 0)
        rc = store_copy_prepare(s, sel, table, update, &ins, err);
    while (rc == 0 && (step = sqlite3_step(sel)) == SQLITE_ROW) {
        for (int i = 0; rc == 0 && i < n; i++)
            if (sqlite3_bind_value(ins, i + 1, sqlite3_column_value(sel, i)) != SQLITE_OK)
                rc = store_fail(s, err, "copy");
        if (rc == 0 && sqlite3_step(ins) != SQLITE_DONE)
            rc = store_fail(s, err, "copy");
        sqlite3_reset(ins);
        /* Rows go in the order of the foreign keys, so any prefix of them may commit:
         * none is seen before the campaign opens, last. */
        if (rc == 0 && ++rows % 64 == 0 && store_aside_turn_over(start))
            rc = store_aside_turn(s, start, err);
    }
    if (rc == 0 && step != SQLITE_DONE)
        rc = store_fail(aside, err, "copy");
    sqlite3_finalize(ins);
    sqlite3_finalize(sel);
    return rc;
}

/* SB_ECONFLICT unless aside holds one campaign, and players and games, within the
 * ids reserved for it. */
static int store_aside_check(struct store *aside, struct sb_error *err)
{
    int64_t got[STORE_ASIDE_KINDS] = {0};
    int rc = store_max_ids(aside, got, err);
    for (int i = 0; rc == 0 && i < STORE_ASIDE_KINDS; i++)
        if (got[i] > aside->aside.top[i] || (i == 0 && got[i] != aside->aside.top[0]))
            rc = sb_fail(err, SB_ECONFLICT, NULL, "the import took more ids than it reserved");
    return rc;
}

/* Give the boards of aside the ids they have in s, adding there those it lacks: the
 * games of an import on a board s holds already share it. */
static int store_aside_boards(struct store *s, struct store *aside, struct sb_error *err)
{
    static const char *const renumber = "UPDATE game_boards SET board_id = -?1 WHERE board_id = ?2";
    sqlite3_stmt *sel = NULL;
    int rc = 0, step = SQLITE_DONE;
    if (sqlite3_prepare_v2(aside->db, "SELECT id, board FROM boards", -1, &sel, NULL) != SQLITE_OK)
        return store_fail(aside, err, "copy");
    while (rc == 0 && (step = sqlite3_step(sel)) == SQLITE_ROW) {
        int64_t id = 0;
        rc = store_board_id(s, (const char *)sqlite3_column_text(sel, 1), &id, err);
        if (rc == 0)
            rc = store_exec(aside, renumber, NULL, err, "ii", id, sqlite3_column_int64(sel, 0));
    }
    if (rc == 0 && step != SQLITE_DONE)
        rc = store_fail(aside, err, "copy");
    sqlite3_finalize(sel);
    if (rc == 0)
        rc = store_exec(aside, "UPDATE game_boards SET board_id = -board_id WHERE board_id < 0",
                        NULL, err, "");
    return rc;
}

int store_aside_copy(struct store *s, struct store *aside, struct sb_error *err)
{
    /* In the order of their foreign keys; ?1 ?2 ?3 ?4 are the bases of campaign, player,
     * game and memory ids (what is at or below them is a placeholder; each statement
     * names all four). The campaign's row goes over its placeholder last. Memories keep
     * the ids reserved for them: the effects of the draws they paid name them. */
#define STORE_ASIDE_ALL " AND ?1 >= 0 AND ?2 >= 0 AND ?3 >= 0 AND ?4 >= 0"
    static const char *const tables[][2] = {
        {"players", "SELECT * FROM players WHERE id > ?2" STORE_ASIDE_ALL},
        {"games", "SELECT * FROM games WHERE id > ?3" STORE_ASIDE_ALL},
        {"game_boards", "SELECT * FROM game_boards WHERE game_id > ?3" STORE_ASIDE_ALL},
        {"events", "SELECT * FROM events WHERE game_id > ?3" STORE_ASIDE_ALL},
        {"journal_draws", "SELECT * FROM journal_draws WHERE game_id > ?3" STORE_ASIDE_ALL},
        {"journal_stamps", "SELECT * FROM journal_stamps WHERE game_id > ?3" STORE_ASIDE_ALL},
        {"journal_payouts", "SELECT * FROM journal_payouts WHERE game_id > ?3" STORE_ASIDE_ALL},
        {"memories", "SELECT * FROM memories WHERE id > ?4" STORE_ASIDE_ALL " ORDER BY id"},
        {"boxes", "SELECT * FROM boxes WHERE campaign_id > ?1" STORE_ASIDE_ALL},
        {"campaigns", "SELECT * FROM campaigns WHERE id > ?1" STORE_ASIDE_ALL},
    };
#undef STORE_ASIDE_ALL
    const struct store_aside_ids *ids = &aside->aside;
    struct timespec start;
    int rc = store_aside_check(aside, err);
    clock_gettime(CLOCK_MONOTONIC, &start);
    if (rc == 0)
        rc = store_begin_write(s, err);
    if (rc != 0)
        return rc;
    /* The placeholders of the largest ids make way for the rows that take them. */
    rc = store_exec(s, "DELETE FROM memories WHERE id = ? AND campaign_id = ?", NULL, err, "ii",
                    ids->top[3], ids->top[0]);
    if (rc == 0)
        rc = store_exec(s, "DELETE FROM games WHERE id = ? AND campaign_id = ?", NULL, err, "ii",
                        ids->top[2], ids->top[0]);
    if (rc == 0)
        rc = store_exec(s, "DELETE FROM players WHERE id = ? AND campaign_id = ?", NULL, err, "ii",
                        ids->top[1], ids->top[0]);

    if (rc == 0)
        rc = store_aside_boards(s, aside, err);
    for (size_t i = 0; rc == 0 && i < sizeof(tables) / sizeof(tables[0]); i++)
        rc = store_copy_rows(s, aside, tables[i][0], tables[i][1],
                             strcmp(tables[i][0], "campaigns") == 0, &start, err);
    if (rc != 0) {
        store_rollback(s);
        return rc;
    }
    return store_commit(s, err);
}

int store_aside_drop(struct store *s, struct sb_error *err)
{
    /* Every row of a campaign still a placeholder (edition ''), children first. */
    static const char *const sql[] = {
        "DELETE FROM memories WHERE campaign_id IN (SELECT id FROM campaigns WHERE edition = '')",
        "DELETE FROM journal_payouts WHERE game_id IN (SELECT g.id FROM games g JOIN campaigns c"
        " ON c.id = g.campaign_id WHERE c.edition = '')",
        "DELETE FROM journal_stamps WHERE campaign_id IN (SELECT id FROM campaigns WHERE edition = "
        "'')",
        "DELETE FROM journal_draws WHERE campaign_id IN (SELECT id FROM campaigns WHERE edition = "
        "'')",
        "DELETE FROM events WHERE game_id IN (SELECT g.id FROM games g JOIN campaigns c"
        " ON c.id = g.campaign_id WHERE c.edition = '')",
        "DELETE FROM game_boards WHERE game_id IN (SELECT g.id FROM games g JOIN campaigns c"
        " ON c.id = g.campaign_id WHERE c.edition = '')",
        "DELETE FROM games WHERE campaign_id IN (SELECT id FROM campaigns WHERE edition = '')",
        "DELETE FROM players WHERE campaign_id IN (SELECT id FROM campaigns WHERE edition = '')",
        "DELETE FROM boxes WHERE campaign_id IN (SELECT id FROM campaigns WHERE edition = '')",
        "DELETE FROM campaigns WHERE edition = ''",
        /* and the boards copied for it that no game plays on */
        "DELETE FROM boards WHERE NOT EXISTS (SELECT 1 FROM game_boards gb"
        " WHERE gb.board_id = boards.id)",
    };
    int rc = store_begin_write(s, err);
    if (rc != 0)
        return rc;
    for (size_t i = 0; rc == 0 && i < sizeof(sql) / sizeof(sql[0]); i++)
        rc = store_exec(s, sql[i], NULL, err, "");
    if (rc != 0) {
        store_rollback(s);
        return rc;
    }
    return store_commit(s, err);
}
