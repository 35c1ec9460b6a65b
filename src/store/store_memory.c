/* store_memory.c -- the queries of memories, their photos, the recap and the night
 * card (store_memory.h). */
#include "store_memory.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

/* The memories matched by a WHERE clause as a JSON array, newest first. */
#define MEMORY_ARRAY(where)                                                                        \
    "SELECT coalesce(json_group_array(json(o)), '[]') FROM (SELECT " MEMORY_OBJECT " AS o"         \
    " FROM memories m WHERE " where " ORDER BY m.at DESC, m.id DESC)"

/* The outcome rc of a statement on memory mid that found no row (rc SB_ENOTFOUND) or,
 * a write, changed none (changes 0; a read passes 1): SB_ENOTFOUND, "no memory mid in
 * this campaign". Any other outcome as it is. */
static int store_memory_found(int rc, int changes, int64_t mid, struct sb_error *err)
{
    if (rc == SB_ENOTFOUND || (rc == 0 && changes == 0))
        return sb_fail(err, SB_ENOTFOUND, NULL, "no memory %lld in this campaign", (long long)mid);
    return rc;
}

int store_memory_add(struct store *s, const struct store_memory *m, int64_t *id,
                     struct sb_error *err)
{
    static const char *const sql =
        "INSERT INTO memories(campaign_id, game_id, card, slot, destination, seq, text, at,"
        " undone_card, undone_slot) VALUES (?, ?, ?, nullif(?, -1), ?, nullif(?, 0), ?, ?, ?9,"
        " CASE WHEN ?9 IS NULL THEN NULL ELSE ?10 END) RETURNING id";
    char now[STORE_TIME_MAX];
    if (!m->at)
        store_now(now);
    return store_int(s, sql, id, err, "iititittti", m->campaign, m->game, m->card, (int64_t)m->slot,
                     m->destination, m->seq, m->text, m->at ? m->at : now, m->undone_card,
                     (int64_t)m->undone_slot);
}

int store_memory_json(struct store *s, int64_t cid, int64_t mid, char **out, struct sb_error *err)
{
    static const char *const sql =
        "SELECT " MEMORY_OBJECT " FROM memories m WHERE m.campaign_id = ? AND m.id = ?";
    return store_memory_found(store_text(s, sql, out, err, "ii", cid, mid), 1, mid, err);
}

int store_memories_json(struct store *s, int64_t cid, const char *card, int64_t gid, int limit,
                        char **out, struct sb_error *err)
{
    static const char *const sql =
        "SELECT coalesce(json_group_array(json(o)), '[]') FROM (SELECT " MEMORY_OBJECT " AS o"
        " FROM memories m WHERE m.campaign_id = ?1 AND (?2 IS NULL OR m.card = ?2)"
        " AND (?3 = 0 OR m.game_id = ?3) ORDER BY m.at DESC, m.id DESC"
        " LIMIT CASE WHEN ?4 > 0 THEN ?4 ELSE -1 END)";
    return store_text(s, sql, out, err, "itii", cid, card, gid, (int64_t)limit);
}

int store_memories_of_holder(struct store *s, int64_t cid, const char *card, const char *token,
                             int64_t pid, char **out, struct sb_error *err)
{
    static const char *const sql = MEMORY_ARRAY(
        "m.campaign_id = ?1 AND m.card = ?2 AND EXISTS (SELECT 1 FROM journal_stamps js"
        " WHERE js.campaign_id = ?1 AND js.card = ?2 AND js.slot = m.slot"
        " AND (CASE WHEN ?3 IS NULL THEN js.player_id = ?4 ELSE js.token = ?3 END))");
    return store_text(s, sql, out, err, "itti", cid, card, token, pid);
}

int store_memory_unstamp(struct store *s, int64_t gid, int64_t seq, struct sb_error *err)
{
    static const char *const sql =
        "UPDATE memories SET undone_card = card, undone_slot = slot, card = NULL, slot = NULL,"
        " photo_rev = photo_rev + 1" /* its stamp changed: a new version */
        " WHERE EXISTS (SELECT 1 FROM journal_stamps js"
        " WHERE js.game_id = ? AND js.seq = ? AND js.campaign_id = memories.campaign_id"
        " AND js.card = memories.card AND js.slot = memories.slot)";
    return store_exec(s, sql, NULL, err, "ii", gid, seq);
}

int store_memory_game(struct store *s, int64_t cid, int64_t mid, int64_t *gid, struct sb_error *err)
{
    static const char *const sql = "SELECT game_id FROM memories WHERE campaign_id = ? AND id = ?";
    return store_memory_found(store_int(s, sql, gid, err, "ii", cid, mid), 1, mid, err);
}

int store_memory_version(struct store *s, int64_t cid, int64_t mid, int64_t *version,
                         struct sb_error *err)
{
    static const char *const sql =
        "SELECT photo_rev + 1 FROM memories WHERE campaign_id = ? AND id = ?";
    return store_memory_found(store_int(s, sql, version, err, "ii", cid, mid), 1, mid, err);
}

int store_memory_update(struct store *s, int64_t cid, int64_t mid, const char *text,
                        const char *card, int slot, struct sb_error *err)
{
    static const char *const sql =
        "UPDATE memories SET text = coalesce(?1, text), card = coalesce(?2, card),"
        " slot = CASE WHEN ?2 IS NULL THEN slot ELSE ?3 END,"
        " destination = CASE WHEN ?2 IS NULL THEN destination END,"
        " undone_card = CASE WHEN ?2 IS NULL THEN undone_card END,"
        " undone_slot = CASE WHEN ?2 IS NULL THEN undone_slot END,"
        " photo_rev = photo_rev + 1" /* the memory's version, its ETag */
        " WHERE campaign_id = ?4 AND id = ?5";
    int changes = 0;
    int rc = store_exec(s, sql, &changes, err, "ttiii", text, card, (int64_t)slot, cid, mid);
    return store_memory_found(rc, changes, mid, err);
}

int store_memory_delete(struct store *s, int64_t cid, int64_t mid, struct sb_error *err)
{
    static const char *const sql = "DELETE FROM memories WHERE campaign_id = ? AND id = ?";
    int changes = 0;
    int rc = store_exec(s, sql, &changes, err, "ii", cid, mid);
    return store_memory_found(rc, changes, mid, err);
}

int store_memory_photo_bytes(struct store *s, int64_t cid, int64_t except, int64_t *bytes,
                             struct sb_error *err)
{
    static const char *const sql =
        "SELECT coalesce(sum(photo_size), 0) FROM memories WHERE campaign_id = ? AND id != ?";
    return store_int(s, sql, bytes, err, "ii", cid, except);
}

int store_memory_set_photo(struct store *s, int64_t cid, int64_t mid, const char *type,
                           const void *data, size_t len, struct sb_error *err)
{
    static const char *const sql =
        "UPDATE memories SET photo_type = ?, photo_size = ?, photo_rev = photo_rev + 1,"
        " photo = ? WHERE campaign_id = ? AND id = ?";
    int changes = 0;
    int rc = store_exec(s, sql, &changes, err, "tiBii", type, (int64_t)len, data, len, cid, mid);
    return store_memory_found(rc, changes, mid, err);
}

int store_memory_photo(struct store *s, int64_t cid, int64_t mid, char type[STORE_PHOTO_TYPE_MAX],
                       void **data, size_t *len, int64_t *rev, struct sb_error *err)
{
    static const char *const sql = "SELECT photo_type, photo_rev, photo FROM memories"
                                   " WHERE campaign_id = ? AND id = ? AND photo_type IS NOT NULL";
    sqlite3_stmt *stmt = NULL;
    int step = SQLITE_DONE;
    int rc = store_stepv_args(s, sql, err, &stmt, &step, "ii", cid, mid);
    if (rc == 0 && step != SQLITE_ROW) {
        rc = sb_fail(err, SB_ENOTFOUND, NULL, "memory %lld has no photo", (long long)mid);
    } else if (rc == 0) {
        const unsigned char *t = sqlite3_column_text(stmt, 0);
        const void *blob = sqlite3_column_blob(stmt, 2);
        size_t n = (size_t)sqlite3_column_bytes(stmt, 2);
        void *copy = malloc(n ? n : 1);
        if (!copy) {
            rc = sb_oom(err);
        } else {
            if (n)
                memcpy(copy, blob, n);
            snprintf(type, STORE_PHOTO_TYPE_MAX, "%s", t ? (const char *)t : "");
            *rev = sqlite3_column_int64(stmt, 1);
            *data = copy;
            *len = n;
        }
    }
    store_done(s, stmt);
    return rc;
}

int store_memory_find_stamp(struct store *s, int64_t cid, const char *card, int slot, int64_t gid,
                            int *slot_out, struct sb_error *err)
{
    static const char *const sql =
        "SELECT slot FROM journal_stamps WHERE campaign_id = ?1 AND card = ?2"
        " AND (CASE WHEN ?3 >= 0 THEN slot = ?3 ELSE game_id = ?4 END)"
        " ORDER BY seq DESC LIMIT 1";
    int64_t found = 0;
    int rc = store_int(s, sql, &found, err, "itii", cid, card, (int64_t)slot, gid);
    if (rc == 0)
        *slot_out = (int)found;
    return rc;
}

int store_memory_event_exists(struct store *s, int64_t gid, int64_t seq, bool *exists,
                              struct sb_error *err)
{
    static const char *const sql = "SELECT count(*) FROM events WHERE game_id = ? AND seq = ?";
    int64_t n = 0;
    int rc = store_int(s, sql, &n, err, "ii", gid, seq);
    *exists = rc == 0 && n > 0;
    return rc;
}

int store_memories_each(struct store *s, int64_t cid, store_memory_fn fn, void *ctx,
                        struct sb_error *err)
{
    static const char *const sql =
        "SELECT id, game_id, card, coalesce(slot, -1), destination, coalesce(seq, 0), text, at,"
        " undone_card, coalesce(undone_slot, -1), photo_type, photo FROM memories"
        " WHERE campaign_id = ? ORDER BY at, id";
    sqlite3_stmt *stmt = NULL;
    int step = SQLITE_DONE;
    int rc = store_stepv_args(s, sql, err, &stmt, &step, "i", cid);
    while (rc == 0 && step == SQLITE_ROW) {
        struct store_memory m = {
            .id = sqlite3_column_int64(stmt, 0),
            .campaign = cid,
            .game = sqlite3_column_int64(stmt, 1),
            .card = (const char *)sqlite3_column_text(stmt, 2),
            .slot = sqlite3_column_int(stmt, 3),
            .destination = (const char *)sqlite3_column_text(stmt, 4),
            .seq = sqlite3_column_int64(stmt, 5),
            .text = (const char *)sqlite3_column_text(stmt, 6),
            .at = (const char *)sqlite3_column_text(stmt, 7),
            .undone_card = (const char *)sqlite3_column_text(stmt, 8),
            .undone_slot = sqlite3_column_int(stmt, 9),
            .photo_type = (const char *)sqlite3_column_text(stmt, 10),
        };
        m.photo = sqlite3_column_blob(stmt, 11);
        m.photo_len = (size_t)sqlite3_column_bytes(stmt, 11);
        rc = fn(ctx, &m);
        if (rc == 0) {
            step = sqlite3_step(stmt);
            if (step != SQLITE_ROW && step != SQLITE_DONE)
                rc = store_fail(s, err, "step");
        }
    }
    store_done(s, stmt);
    return rc;
}

/* The journal stamps made in game g.id, with the titles its board gives their cards. */
#define GAME_JOURNAL_STAMPS                                                                        \
    "(SELECT coalesce(json_group_array(json_object('card', js.card, 'title', (SELECT"              \
    " j.value ->> 'title' FROM game_boards gb JOIN boards bd ON bd.id = gb.board_id,"              \
    " json_each(bd.board, '$.journal') j"                                                          \
    " WHERE gb.game_id = g.id AND j.value ->> 'id' = js.card), 'slot', js.slot, 'token',"          \
    " js.token, 'player', json_object('id', p.id, 'name', p.name))), json('[]'))"                  \
    " FROM (SELECT * FROM journal_stamps WHERE game_id = g.id ORDER BY seq) js"                    \
    " JOIN players p ON p.id = js.player_id)"

/* What the journal paid in game g.id. */
#define GAME_JOURNAL_PAID                                                                          \
    "(SELECT coalesce(sum(amount), 0) FROM journal_payouts WHERE game_id = g.id)"

/* The number of game g within its campaign. */
#define GAME_NUMBER                                                                                \
    "(SELECT count(*) FROM games n WHERE n.campaign_id = g.campaign_id AND n.id <= g.id)"

/* Has game g been played: ended, or (paused, or being played) holding a live event. */
#define GAME_PLAYED "(g.status != 'active' OR g.live_events > 0)"

/* When game g was last played: when it ended, or while it is active (paused), its latest
 * event's time (a Julian day). */
#define GAME_LAST_AT                                                                               \
    "julianday(CASE WHEN g.status = 'active' THEN (SELECT e.at FROM events e"                      \
    " WHERE e.game_id = g.id ORDER BY e.seq DESC LIMIT 1)"                                         \
    " ELSE coalesce(g.ended_at, g.started_at) END)"

int store_recap_json(struct store *s, int64_t cid, char **out, struct sb_error *err)
{
    static const char *const sql =
        "SELECT json_object('games', (SELECT count(*) FROM games WHERE campaign_id = ?1),"
        /* json(): a sorted row's value is text to json_object() */
        " 'last_game', json((SELECT json_object('id', g.id, 'number', " GAME_NUMBER ", 'edition',"
        "   g.edition, 'mode', g.mode, 'status', g.status,"
        "   'played_at', coalesce(g.played_at, g.started_at), 'winner', g.winner, 'winner_name',"
        "   (SELECT name FROM players WHERE id = g.winner), 'state', json(g.state),"
        "   'journal_stamps', " GAME_JOURNAL_STAMPS ", 'paid_out', " GAME_JOURNAL_PAID ")"
        "   FROM games g WHERE g.campaign_id = ?1 AND " GAME_PLAYED " ORDER BY " GAME_LAST_AT
        "   DESC, g.id DESC LIMIT 1)),"
        /* the last night, across boxes: the games played within 12 hours of the last, a
         * paused one included */
        " 'last_night', (SELECT coalesce(json_group_array(json(o)), json('[]')) FROM (SELECT"
        "   json_object('id', g.id, 'number', " GAME_NUMBER ", 'edition', g.edition, 'mode',"
        "   g.mode, 'status', g.status, 'played_at', coalesce(g.played_at, g.started_at),"
        "   'winner', g.winner, 'winner_name', (SELECT name FROM players WHERE id = g.winner))"
        "   AS o FROM games g WHERE g.campaign_id = ?1 AND " GAME_PLAYED " AND " GAME_LAST_AT
        /* (the inner g, the last game played, hides the outer) */
        "   >= (SELECT " GAME_LAST_AT " - 0.5 FROM games g WHERE g.campaign_id = ?1"
        "     AND " GAME_PLAYED " ORDER BY " GAME_LAST_AT " DESC, g.id DESC LIMIT 1)"
        "   ORDER BY g.id)),"
        " 'journal', json_object('stamps', (SELECT count(*) FROM journal_stamps"
        "   WHERE campaign_id = ?1), 'paid_out', (SELECT coalesce(sum(pp.amount), 0)"
        "   FROM journal_payouts pp JOIN journal_draws d ON d.game_id = pp.game_id"
        "   AND d.seq = pp.seq WHERE d.campaign_id = ?1), 'richest_card', json((SELECT"
        "   json_object('card', d.card, 'paid_out', sum(pp.amount)) FROM journal_payouts pp"
        "   JOIN journal_draws d ON d.game_id = pp.game_id AND d.seq = pp.seq"
        "   WHERE d.campaign_id = ?1 GROUP BY d.card ORDER BY sum(pp.amount) DESC, d.card"
        "   LIMIT 1))),"
        " 'standings', (SELECT coalesce(json_group_array(json(o)), json('[]')) FROM (SELECT"
        "   json_object('player', json_object('id', p.id, 'name', p.name), 'wins', (SELECT"
        "   count(*) FROM games WHERE campaign_id = ?1 AND winner = p.id), 'games', (SELECT"
        "   count(*) FROM games g, json_each(g.seats) st WHERE g.campaign_id = ?1"
        "   AND st.value ->> 'player' = p.id), 'journal_paid', (SELECT coalesce(sum(amount), 0)"
        "   FROM journal_payouts WHERE player_id = p.id)) AS o, p.id AS pid"
        "   FROM players p WHERE p.campaign_id = ?1 ORDER BY (SELECT count(*) FROM games"
        "   WHERE campaign_id = ?1 AND winner = p.id) DESC, (SELECT coalesce(sum(amount), 0)"
        "   FROM journal_payouts WHERE player_id = p.id) DESC, p.id)))";
    return store_text(s, sql, out, err, "i", cid);
}

int store_summary_json(struct store *s, int64_t cid, int64_t gid, char **out, struct sb_error *err)
{
    static const char *const sql =
        "SELECT json_object('id', g.id, 'number', " GAME_NUMBER ", 'status', g.status, 'mode',"
        " g.mode, 'played_at', coalesce(g.played_at, g.started_at), 'edition', g.edition,"
        " 'winner', g.winner, 'state', json(g.state),"
        " 'journal_stamps', " GAME_JOURNAL_STAMPS ", 'paid_out', " GAME_JOURNAL_PAID ","
        " 'memory', (SELECT text FROM memories WHERE game_id = g.id ORDER BY at, id LIMIT 1))"
        " FROM games g WHERE g.campaign_id = ? AND g.id = ?";
    int rc = store_text(s, sql, out, err, "ii", cid, gid);
    if (rc == SB_ENOTFOUND)
        return sb_fail(err, SB_ENOTFOUND, NULL, "no game %lld in this campaign", (long long)gid);
    return rc;
}

int store_summary_photo(struct store *s, int64_t cid, int64_t gid, char type[STORE_PHOTO_TYPE_MAX],
                        void **data, size_t *len, struct sb_error *err)
{
    static const char *const sql = "SELECT id FROM memories WHERE campaign_id = ? AND game_id = ?"
                                   " AND photo_type IS NOT NULL ORDER BY at, id LIMIT 1";
    int64_t mid = 0, rev = 0;
    int rc = store_int(s, sql, &mid, err, "ii", cid, gid);
    if (rc == 0)
        rc = store_memory_photo(s, cid, mid, type, data, len, &rev, err);
    return rc;
}
