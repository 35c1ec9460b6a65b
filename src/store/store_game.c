/* store_game.c -- games, their event log and snapshots. */
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

/* ---- games ---- */

void store_game_clear(struct store_game *g)
{
    free(g->board);
    free(g->state);
    free(g->initial);
    free(g->seats);
    free(g->house_rules);
    g->board = g->state = g->initial = g->seats = g->house_rules = NULL;
}

int store_game_next_id(struct store *s, int64_t *id, struct sb_error *err)
{
    static const char *const sql = "SELECT coalesce(max(id), 0) + 1 FROM games";
    return store_int(s, sql, id, err, "");
}

/* The id of board in boards, added when no game played on it yet: a board is stored
 * once whatever the number of games on it. */
int store_board_id(struct store *s, const char *board, int64_t *id, struct sb_error *err)
{
    static const char *const find =
        "SELECT id FROM boards WHERE length(board) = length(?1) AND board = ?1";
    static const char *const add = "INSERT INTO boards(board) VALUES (?) RETURNING id";
    int rc = store_int(s, find, id, err, "t", board);
    if (rc == SB_ENOTFOUND)
        rc = store_int(s, add, id, err, "t", board);
    return rc;
}

int store_game_create(struct store *s, int64_t id, int64_t cid, const char *edition,
                      const char *mode, const char *seats, const char *board, const char *state,
                      const char *played_at, struct sb_error *err)
{
    static const char *const sql =
        "INSERT INTO games(id, campaign_id, edition, mode, status, seats, state, started_at,"
        " played_at) VALUES (?, ?, ?, ?, 'active', ?, ?, now_utc(), ?)";
    static const char *const docs =
        "INSERT INTO game_boards(game_id, board_id, initial) VALUES (?, ?, ?)";
    int64_t board_id = 0;
    int rc =
        store_exec(s, sql, NULL, err, "iittttt", id, cid, edition, mode, seats, state, played_at);
    if (rc == 0)
        rc = store_board_id(s, board, &board_id, err);
    if (rc == 0)
        rc = store_exec(s, docs, NULL, err, "iit", id, board_id, state);
    if (rc == SB_ECONFLICT)
        return sb_fail(err, SB_ECONFLICT, NULL, "this box already has an active game");
    return rc;
}

int store_game_set_rules(struct store *s, int64_t gid, const char *house_rules,
                         const char *stamp_owner, struct sb_error *err)
{
    static const char *const sql = "UPDATE games SET house_rules = coalesce(?, house_rules),"
                                   " stamp_owner = coalesce(?, stamp_owner) WHERE id = ?";
    return store_exec(s, sql, NULL, err, "tti", house_rules, stamp_owner, gid);
}

int store_game_set_details(struct store *s, int64_t gid, int64_t duration_min, const char *location,
                           struct sb_error *err)
{
    static const char *const sql = "UPDATE games SET duration_min = nullif(?, -1), location = ?"
                                   " WHERE id = ?";
    return store_exec(s, sql, NULL, err, "iti", duration_min, location, gid);
}

/* Call fn(ctx, id) for each row of sql (ids in its first column, cid and pid bound as
 * ?1 and ?2), stopping at the first that does not return 0. */
static int store_each_id(struct store *s, const char *sql, int64_t cid, int64_t pid,
                         int (*fn)(void *ctx, int64_t id), void *ctx, struct sb_error *err)
{
    sqlite3_stmt *stmt;
    int rc = 0, step = SQLITE_DONE;
    if (sqlite3_prepare_v2(s->db, sql, -1, &stmt, NULL) != SQLITE_OK)
        return store_fail(s, err, "prepare");
    if (sqlite3_bind_int64(stmt, 1, cid) != SQLITE_OK ||
        sqlite3_bind_int64(stmt, 2, pid) != SQLITE_OK)
        rc = store_fail(s, err, "bind");
    while (rc == 0 && (step = sqlite3_step(stmt)) == SQLITE_ROW)
        rc = fn(ctx, sqlite3_column_int64(stmt, 0));
    if (rc == 0 && step != SQLITE_DONE)
        rc = store_fail(s, err, "read");
    sqlite3_finalize(stmt);
    return rc;
}

int store_games_of_player(struct store *s, int64_t cid, int64_t pid,
                          int (*fn)(void *ctx, int64_t gid), void *ctx, struct sb_error *err)
{
    static const char *const sql =
        "SELECT DISTINCT g.id FROM games g, json_each(g.seats) st WHERE g.campaign_id = ?1"
        " AND st.value ->> 'player' = ?2 ORDER BY g.id";
    return store_each_id(s, sql, cid, pid, fn, ctx, err);
}

int store_games_each(struct store *s, int64_t cid, int (*fn)(void *ctx, int64_t gid), void *ctx,
                     struct sb_error *err)
{
    static const char *const sql =
        "SELECT id FROM games WHERE campaign_id = ?1 AND ?2 = 0 ORDER BY id";
    return store_each_id(s, sql, cid, 0, fn, ctx, err);
}

int store_game_set_docs(struct store *s, int64_t gid, const char *state, const char *initial,
                        struct sb_error *err)
{
    static const char *const sql = "UPDATE games SET state = ?, version = version + 1 WHERE id = ?";
    static const char *const docs = "UPDATE game_boards SET initial = ? WHERE game_id = ?";
    int rc = store_exec(s, sql, NULL, err, "ti", state, gid);
    if (rc == 0)
        rc = store_exec(s, docs, NULL, err, "ti", initial, gid);
    return rc;
}

/* Copy column col of stmt as a new string into *dst; SB_ENOMEM on failure. */
static int store_col_dup(sqlite3_stmt *stmt, int col, char **dst, struct sb_error *err)
{
    const char *t = (const char *)sqlite3_column_text(stmt, col);
    *dst = strdup(t ? t : "");
    return *dst ? 0 : sb_oom(err);
}

/* As store_col_dup(), but a NULL column leaves *dst NULL (a document the game layer
 * computes, migration 0021). */
static int store_col_dup_null(sqlite3_stmt *stmt, int col, char **dst, struct sb_error *err)
{
    *dst = NULL;
    return sqlite3_column_type(stmt, col) == SQLITE_NULL ? 0 : store_col_dup(stmt, col, dst, err);
}

int store_game_leave_docs(struct store *s, int64_t gid, bool state, bool initial,
                          struct sb_error *err)
{
    static const char *const sql = "UPDATE games SET state = NULL WHERE id = ?";
    static const char *const docs = "UPDATE game_boards SET initial = NULL WHERE game_id = ?";
    int rc = state ? store_exec(s, sql, NULL, err, "i", gid) : 0;
    if (rc == 0 && initial)
        rc = store_exec(s, docs, NULL, err, "i", gid);
    return rc;
}

/* The row of store_game_get() into ctx (a struct store_game, its id and campaign set,
 * with_docs in its board's place: see there). */
struct store_game_row {
    struct store_game *g;
    bool with_docs;
};

static int store_game_read(void *ctx, sqlite3_stmt *stmt, struct sb_error *err)
{
    struct store_game_row *row = ctx;
    struct store_game *g = row->g;
    int rc = 0;
    snprintf(g->mode, sizeof(g->mode), "%s", (const char *)sqlite3_column_text(stmt, 0));
    snprintf(g->status, sizeof(g->status), "%s", (const char *)sqlite3_column_text(stmt, 1));
    g->version = sqlite3_column_int64(stmt, 2);
    g->seq = sqlite3_column_int64(stmt, 3);
    g->last_seq = sqlite3_column_int64(stmt, 4);
    snprintf(g->edition, sizeof(g->edition), "%s", (const char *)sqlite3_column_text(stmt, 10));
    if (sqlite3_column_type(stmt, 11) == SQLITE_TEXT)
        snprintf(g->stamp_owner, sizeof(g->stamp_owner), "%s",
                 (const char *)sqlite3_column_text(stmt, 11));
    if (!row->with_docs)
        return 0;
    rc = store_col_dup(stmt, 5, &g->board, err);
    if (rc == 0)
        rc = store_col_dup_null(stmt, 6, &g->state, err);
    if (rc == 0)
        rc = store_col_dup_null(stmt, 7, &g->initial, err);
    if (rc == 0)
        rc = store_col_dup(stmt, 8, &g->seats, err);
    if (rc == 0)
        rc = store_col_dup_null(stmt, 9, &g->house_rules, err);
    return rc;
}

/* SB_ENOTFOUND as "no game gid in this campaign"; other codes as they are. */
static int store_game_found(int rc, int64_t gid, struct sb_error *err)
{
    if (rc == SB_ENOTFOUND)
        return sb_fail(err, SB_ENOTFOUND, NULL, "no game %lld in this campaign", (long long)gid);
    return rc;
}

int store_game_get(struct store *s, int64_t cid, int64_t gid, bool with_docs,
                   struct store_game *out, struct sb_error *err)
{
    static const char *const sql =
        "SELECT mode, status, version,"
        " (SELECT coalesce(max(seq), 0) FROM events WHERE game_id = g.id AND NOT voided),"
        " (SELECT coalesce(max(seq), 0) FROM events WHERE game_id = g.id),"
        " CASE WHEN ?1 THEN (SELECT b.board FROM game_boards gb JOIN boards b"
        "   ON b.id = gb.board_id WHERE gb.game_id = g.id) END,"
        " CASE WHEN ?1 THEN state END,"
        " CASE WHEN ?1 THEN (SELECT initial FROM game_boards WHERE game_id = g.id) END,"
        " seats, house_rules, edition, stamp_owner FROM games g"
        " WHERE id = ?2 AND campaign_id = ?3";
    struct store_game g;
    struct store_game_row row = {&g, with_docs};
    int rc;
    memset(&g, 0, sizeof(g));
    g.id = gid;
    g.campaign = cid;
    rc = store_row(s, sql, store_game_read, &row, err, "iii", (int64_t)with_docs, gid, cid);
    if (rc == 0)
        *out = g;
    else
        store_game_clear(&g);
    return store_game_found(rc, gid, err);
}

#define STORE_GAME_OBJECT                                                                          \
    "json_object('id', g.id, 'edition', g.edition, 'mode', g.mode, 'status', g.status, "           \
    "'started_at',"                                                                                \
    " g.started_at, 'ended_at', g.ended_at, 'played_at', g.played_at, 'winner', g.winner,"         \
    " 'number', (SELECT count(*) FROM games n WHERE n.campaign_id = g.campaign_id"                 \
    " AND n.id <= g.id), 'duration_min', g.duration_min, 'location', g.location,"                  \
    " 'house_rules', json(g.house_rules),"                                                         \
    " 'version', g.version, 'seats', (SELECT json_group_array(json_object('player',"               \
    " st.value ->> 'player', 'name', p.name, 'token', st.value ->> 'token'))"                      \
    " FROM json_each(g.seats) st LEFT JOIN players p ON p.id = st.value ->> 'player'),"            \
    " 'events', g.live_events)"

int store_game_json(struct store *s, int64_t gid, char **out, struct sb_error *err)
{
    static const char *const sql = "SELECT " STORE_GAME_OBJECT " FROM games g WHERE g.id = ?";
    return store_text(s, sql, out, err, "i", gid);
}

int store_games_json(struct store *s, int64_t cid, char **out, struct sb_error *err)
{
    static const char *const sql =
        "SELECT coalesce(json_group_array(json(o)), '[]') FROM (SELECT " STORE_GAME_OBJECT
        " AS o FROM games g WHERE g.campaign_id = ? ORDER BY g.id DESC)";
    return store_text(s, sql, out, err, "i", cid);
}

/* A game's texts and version read by store_game_with_state() and store_game_state(). */
struct store_game_texts {
    char *game;  /* NULL when not asked for */
    char *state; /* NULL: left to the game layer */
    int64_t version;
    bool with_game;
};

static int store_game_texts_read(void *ctx, sqlite3_stmt *stmt, struct sb_error *err)
{
    struct store_game_texts *t = ctx;
    int col = t->with_game ? 1 : 0;
    int rc = t->with_game ? store_col_dup(stmt, 0, &t->game, err) : 0;
    if (rc == 0)
        rc = store_col_dup_null(stmt, col, &t->state, err);
    t->version = sqlite3_column_int64(stmt, col + 1);
    return rc;
}

/* Run sql (a game's texts, gid and cid bound) into t; on failure nothing is kept. */
static int store_game_texts(struct store *s, const char *sql, int64_t cid, int64_t gid,
                            struct store_game_texts *t, struct sb_error *err)
{
    int rc = store_row(s, sql, store_game_texts_read, t, err, "ii", gid, cid);
    if (rc != 0) {
        free(t->game);
        free(t->state);
        t->game = t->state = NULL;
    }
    return store_game_found(rc, gid, err);
}

int store_game_with_state(struct store *s, int64_t cid, int64_t gid, char **game, char **state,
                          int64_t *version, struct sb_error *err)
{
    static const char *const sql = "SELECT " STORE_GAME_OBJECT ", g.state, g.version"
                                   " FROM games g WHERE g.id = ? AND g.campaign_id = ?";
    struct store_game_texts t = {NULL, NULL, 0, true};
    int rc = store_game_texts(s, sql, cid, gid, &t, err);
    if (rc == 0) {
        *game = t.game;
        *state = t.state;
        *version = t.version;
    }
    return rc;
}

int store_game_state(struct store *s, int64_t cid, int64_t gid, char **state, int64_t *version,
                     struct sb_error *err)
{
    static const char *const sql =
        "SELECT state, version FROM games WHERE id = ? AND campaign_id = ?";
    struct store_game_texts t = {NULL, NULL, 0, false};
    int rc = store_game_texts(s, sql, cid, gid, &t, err);
    if (rc == 0) {
        *state = t.state;
        *version = t.version;
    }
    return rc;
}

/* Write the status, winner and end of gid's snapshot, only when one changes: setting
 * status rewrites a page of its index even to the same value, one page more to sync
 * per event. */
static int store_write_end(struct store *s, int64_t gid, const struct store_snapshot *snap,
                           struct sb_error *err)
{
    static const char *const end =
        "UPDATE games SET status = ?1, winner = nullif(?2, 0),"
        " ended_at = CASE WHEN ?3 THEN coalesce(ended_at, now_utc()) END WHERE id = ?4"
        " AND (status IS NOT ?1 OR winner IS NOT nullif(?2, 0) OR (ended_at IS NULL) = ?3)";
    return store_exec(s, end, NULL, err, "tiii", snap->status, snap->winner, (int64_t)snap->ended,
                      gid);
}

/* Write the snapshot of gid and bump its version. */
static int store_write_snapshot(struct store *s, int64_t gid, const struct store_snapshot *snap,
                                int64_t live, int64_t *version, struct sb_error *err)
{
    static const char *const sql =
        "UPDATE games SET state = ?, live_events = live_events + ?, version = version + 1"
        " WHERE id = ? RETURNING version";
    int rc = store_write_end(s, gid, snap, err);
    if (rc == 0)
        rc = store_int(s, sql, version, err, "tii", snap->state, live, gid);
    return rc;
}

int store_game_put_snapshot(struct store *s, int64_t gid, const struct store_snapshot *snap,
                            int64_t version, int64_t live, struct sb_error *err)
{
    static const char *const sql =
        "UPDATE games SET state = ?, live_events = live_events + ?, version = ? WHERE id = ?";
    int rc = store_write_end(s, gid, snap, err);
    if (rc == 0)
        rc = store_exec(s, sql, NULL, err, "tiii", snap->state, live, version, gid);
    return rc;
}

int store_event_append(struct store *s, int64_t gid, int64_t seq, const char *type,
                       const char *payload, const char *effects, const char *at,
                       const char *idem_key, const struct store_snapshot *snap, int64_t *version,
                       struct sb_error *err)
{
    static const char *const sql =
        "INSERT INTO events(game_id, seq, type, payload, effects, at, idempotency_key)"
        " VALUES (?, ?, ?, ?, ?, coalesce(?, now_utc()), ?)";
    int rc =
        store_exec(s, sql, NULL, err, "iittttt", gid, seq, type, payload, effects, at, idem_key);
    if (rc == 0 && snap)
        rc = store_write_snapshot(s, gid, snap, 1, version, err);
    return rc;
}

int store_event_set_retry(struct store *s, int64_t gid, int64_t seq, const char *answer,
                          const unsigned char *hash, struct sb_error *err)
{
    static const char *const sql =
        "UPDATE events SET answer = ?, body_hash = ? WHERE game_id = ? AND seq = ?";
    return store_exec(s, sql, NULL, err, "tbii", answer, hash, gid, seq);
}

int store_event_by_key_hash(struct store *s, int64_t gid, const char *key, char **answer,
                            unsigned char hash[STORE_HASH_BYTES], bool *has_hash,
                            struct sb_error *err)
{
    static const char *const sql =
        "SELECT CASE WHEN voided AND json_valid(answer) "
        "THEN json_set(answer, '$.event.voided', json('true')) ELSE answer END, body_hash "
        "FROM events WHERE game_id = ? AND idempotency_key = ?";
    sqlite3_stmt *stmt;
    int rc, step = SQLITE_DONE;
    rc = store_stepv_args(s, sql, err, &stmt, &step, "it", gid, key);
    if (rc != 0)
        return rc;
    if (step != SQLITE_ROW || sqlite3_column_type(stmt, 0) == SQLITE_NULL) {
        rc = sb_fail(err, SB_ENOTFOUND, NULL, "not found");
    } else {
        *has_hash = sqlite3_column_bytes(stmt, 1) == STORE_HASH_BYTES;
        if (*has_hash)
            memcpy(hash, sqlite3_column_blob(stmt, 1), STORE_HASH_BYTES);
        rc = store_col_dup(stmt, 0, answer, err);
    }
    store_done(s, stmt);
    return rc;
}

int store_event_void(struct store *s, int64_t gid, int64_t seq, const struct store_snapshot *snap,
                     int64_t *version, struct sb_error *err)
{
    static const char *const sql =
        "UPDATE events SET voided = 1 WHERE game_id = ? AND seq = ? AND NOT voided";
    int changes = 0;
    int rc = store_exec(s, sql, &changes, err, "ii", gid, seq);
    if (rc == 0 && changes != 1)
        rc = sb_fail(err, SB_ECONFLICT, NULL, "event %lld is not live", (long long)seq);
    if (rc == 0)
        rc = store_write_snapshot(s, gid, snap, -1, version, err);
    return rc;
}

int store_event_effects(struct store *s, int64_t gid, int64_t seq, char **out, struct sb_error *err)
{
    static const char *const sql = "SELECT effects FROM events WHERE game_id = ? AND seq = ?";
    return store_text(s, sql, out, err, "ii", gid, seq);
}

int store_event_set_effects(struct store *s, int64_t gid, int64_t seq, const char *effects,
                            struct sb_error *err)
{
    static const char *const sql = "UPDATE events SET effects = ? WHERE game_id = ? AND seq = ?";
    return store_exec(s, sql, NULL, err, "tii", effects, gid, seq);
}

int store_events_json(struct store *s, int64_t gid, int64_t after, char **out, struct sb_error *err)
{
    static const char *const sql =
        "SELECT json_object('events', coalesce(json_group_array(json(o)), json('[]')))"
        " FROM (SELECT json_patch(payload, json_object('seq', seq, 'type', type, 'at', at,"
        " 'voided', json(CASE WHEN voided THEN 'true' ELSE 'false' END),"
        " 'effects', json(effects))) AS o"
        " FROM events WHERE game_id = ? AND seq > ? ORDER BY seq)";
    return store_text(s, sql, out, err, "ii", gid, after);
}

int store_events_each(struct store *s, int64_t gid, int64_t upto, store_event_fn fn, void *ctx,
                      struct sb_error *err)
{
    static const char *const sql =
        "SELECT seq, type, payload FROM events WHERE game_id = ? AND NOT voided"
        " AND (? = 0 OR seq <= ?) ORDER BY seq";
    sqlite3_stmt *stmt;
    int rc = 0, step = SQLITE_DONE;
    /* Not cached: fn may run queries of its own on this connection. */
    if (sqlite3_prepare_v2(s->db, sql, -1, &stmt, NULL) != SQLITE_OK)
        return store_fail(s, err, "prepare");
    if (sqlite3_bind_int64(stmt, 1, gid) != SQLITE_OK ||
        sqlite3_bind_int64(stmt, 2, upto) != SQLITE_OK ||
        sqlite3_bind_int64(stmt, 3, upto) != SQLITE_OK)
        rc = store_fail(s, err, "bind");
    while (rc == 0 && (step = sqlite3_step(stmt)) == SQLITE_ROW)
        rc = fn(ctx, sqlite3_column_int64(stmt, 0), (const char *)sqlite3_column_text(stmt, 1),
                (const char *)sqlite3_column_text(stmt, 2));
    if (rc == 0 && step != SQLITE_DONE)
        rc = store_fail(s, err, "read");
    sqlite3_finalize(stmt);
    return rc;
}
