/* store_campaign.c -- campaigns, their players, the Travel Journal, the stats and
 * the export. */
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

/* A document of campaign cid: the function name(s, cid, out, err) of store.h, whose
 * *out (the caller frees it) is the text of sql's one value, sql reading cid as ?1. */
#define STORE_CAMPAIGN_DOC(name, sql)                                                              \
    int name(struct store *s, int64_t cid, char **out, struct sb_error *err)                       \
    {                                                                                              \
        return store_text(s, sql, out, err, "i", cid);                                             \
    }

/* ---- campaigns ---- */

int store_campaign_create(struct store *s, const char *name, const char *edition,
                          const char *stamp_owner, const unsigned char *key_hash,
                          const unsigned char *view_key_hash, const char *board, int64_t *id,
                          struct sb_error *err)
{
    static const char *const sql =
        "INSERT INTO campaigns(name, edition, stamp_owner, key_hash, view_key_hash, board,"
        " created_at) VALUES (?, ?, ?, ?, ?, ?, now_utc())";
    int rc = store_exec(s, sql, NULL, err, "tttbbt", name, edition, stamp_owner, key_hash,
                        view_key_hash, board);
    if (rc == 0)
        *id = sqlite3_last_insert_rowid(s->db);
    return rc;
}

int store_campaign_set_anonymous(struct store *s, int64_t cid, struct sb_error *err)
{
    static const char *const sql = "UPDATE campaigns SET anonymous = 1 WHERE id = ?";
    return store_exec(s, sql, NULL, err, "i", cid);
}

/* The row of store_campaign_get() into ctx (its struct store_campaign, id set). */
static int store_campaign_read(void *ctx, sqlite3_stmt *stmt, struct sb_error *err)
{
    struct store_campaign *c = ctx;
    const char *ed = (const char *)sqlite3_column_text(stmt, 0);
    const char *owner = (const char *)sqlite3_column_text(stmt, 1);
    if (sqlite3_column_bytes(stmt, 2) != STORE_HASH_BYTES ||
        sqlite3_column_bytes(stmt, 3) != STORE_HASH_BYTES)
        return sb_fail(err, SB_EIO, NULL, "campaign %lld has damaged keys", (long long)c->id);
    snprintf(c->edition, sizeof(c->edition), "%s", ed ? ed : "");
    snprintf(c->box, sizeof(c->box), "%s", c->edition);
    c->policy_player = owner && strcmp(owner, "player") == 0;
    memcpy(c->key_hash, sqlite3_column_blob(stmt, 2), STORE_HASH_BYTES);
    memcpy(c->view_key_hash, sqlite3_column_blob(stmt, 3), STORE_HASH_BYTES);
    c->active_game = sqlite3_column_int64(stmt, 4);
    c->latest_game = sqlite3_column_int64(stmt, 5);
    c->anonymous = sqlite3_column_int(stmt, 6) != 0;
    return 0;
}

int store_campaign_get(struct store *s, int64_t cid, struct store_campaign *out,
                       struct sb_error *err)
{
    static const char *const sql =
        "SELECT edition, stamp_owner, key_hash, view_key_hash,"
        " (SELECT id FROM games WHERE campaign_id = c.id AND edition = c.edition"
        "   AND status = 'active'),"
        " (SELECT max(id) FROM games WHERE campaign_id = c.id AND edition = c.edition),"
        " anonymous FROM campaigns c WHERE id = ?";
    struct store_campaign c;
    int rc;
    memset(&c, 0, sizeof(c));
    c.id = cid;
    rc = store_row(s, sql, store_campaign_read, &c, err, "i", cid);
    if (rc == SB_ENOTFOUND)
        return sb_fail(err, SB_ENOTFOUND, NULL, "no campaign %lld", (long long)cid);
    if (rc == 0)
        *out = c;
    return rc;
}

/* The boxes of campaign ?1: its own (o 0) and the others (o 1), as (o, edition, board). */
#define STORE_BOXES                                                                                \
    "(SELECT 0 AS o, edition, board FROM campaigns WHERE id = ?1"                                  \
    " UNION ALL SELECT 1, edition, board FROM boxes WHERE campaign_id = ?1)"

/* The ids of the box's active and latest games into ctx (a struct store_campaign). */
static int store_campaign_box_read(void *ctx, sqlite3_stmt *stmt, struct sb_error *err)
{
    struct store_campaign *c = ctx;
    (void)err;
    c->active_game = sqlite3_column_int64(stmt, 0);
    c->latest_game = sqlite3_column_int64(stmt, 1);
    return 0;
}

int store_campaign_box(struct store *s, const char *edition, struct store_campaign *c,
                       struct sb_error *err)
{
    static const char *const sql =
        "SELECT (SELECT id FROM games WHERE campaign_id = ?1 AND edition = ?2"
        "   AND status = 'active'),"
        " (SELECT max(id) FROM games WHERE campaign_id = ?1 AND edition = ?2)"
        " FROM " STORE_BOXES " WHERE edition = ?2";
    struct store_campaign box = *c;
    int rc = store_row(s, sql, store_campaign_box_read, &box, err, "it", c->id, edition);
    if (rc == SB_ENOTFOUND)
        return sb_fail(err, SB_ENOTFOUND, NULL, "this campaign has no box of edition '%s'",
                       edition);
    if (rc == 0) {
        snprintf(box.box, sizeof(box.box), "%s", edition);
        *c = box;
    }
    return rc;
}

int store_campaign_box_add(struct store *s, int64_t cid, const char *edition, const char *board,
                           struct sb_error *err)
{
    static const char *const sql =
        "INSERT INTO boxes(campaign_id, edition, board) VALUES (?, ?, ?)";
    return store_exec(s, sql, NULL, err, "itt", cid, edition, board);
}

STORE_CAMPAIGN_DOC(store_campaign_boxes_json,
                   "SELECT coalesce(json_group_array(json_object('edition', b.edition, 'board',"
                   " json(b.board), 'active_game', (SELECT id FROM games g WHERE g.campaign_id = ?1"
                   " AND g.edition = b.edition AND g.status = 'active'))), '[]')"
                   " FROM (SELECT * FROM " STORE_BOXES " ORDER BY o, edition) b")

STORE_CAMPAIGN_DOC(store_campaign_json,
                   "SELECT json_object('id', id, 'name', name, 'edition', edition, 'stamp_owner',"
                   " stamp_owner, 'created_at', created_at, 'active_game',"
                   " (SELECT id FROM games WHERE campaign_id = c.id AND status = 'active'"
                   "   ORDER BY started_at DESC, id DESC LIMIT 1),"
                   " 'house_rules', json(house_rules), 'timezone', timezone)"
                   " FROM campaigns c WHERE id = ?")

STORE_CAMPAIGN_DOC(store_campaign_house_rules,
                   "SELECT coalesce(house_rules, '') FROM campaigns WHERE id = ?")

int store_campaign_set_house_rules(struct store *s, int64_t cid, const char *house_rules,
                                   struct sb_error *err)
{
    static const char *const sql = "UPDATE campaigns SET house_rules = ? WHERE id = ?";
    return store_exec(s, sql, NULL, err, "ti", house_rules, cid);
}

int store_campaign_update(struct store *s, int64_t cid, const char *name, const char *stamp_owner,
                          const char *zone, struct sb_error *err)
{
    static const char *const sql =
        "UPDATE campaigns SET name = coalesce(?, name), stamp_owner = coalesce(?, stamp_owner),"
        " timezone = coalesce(?, timezone) WHERE id = ?";
    return store_exec(s, sql, NULL, err, "ttti", name, stamp_owner, zone, cid);
}

int store_campaign_set_keys(struct store *s, int64_t cid, const unsigned char *key_hash,
                            const unsigned char *view_key_hash, struct sb_error *err)
{
    static const char *const sql =
        "UPDATE campaigns SET key_hash = ?, view_key_hash = ? WHERE id = ?";
    int changes = 0;
    int rc = store_exec(s, sql, &changes, err, "bbi", key_hash, view_key_hash, cid);
    if (rc == 0 && changes == 0)
        rc = sb_fail(err, SB_ENOTFOUND, NULL, "no campaign %lld", (long long)cid);
    return rc;
}

int store_campaigns_json(struct store *s, char **out, struct sb_error *err)
{
    static const char *const sql =
        "SELECT coalesce(json_group_array(json_object('id', c.id, 'name', c.name,"
        " 'edition', c.edition, 'games', (SELECT count(*) FROM games g WHERE g.campaign_id = c.id),"
        " 'last_activity', max(c.created_at,"
        "   coalesce((SELECT max(created_at) FROM players WHERE campaign_id = c.id), ''),"
        "   coalesce((SELECT max(max(g.started_at, coalesce(g.ended_at, ''),"
        "     coalesce((SELECT max(at) FROM events e WHERE e.game_id = g.id), '')))"
        "     FROM games g WHERE g.campaign_id = c.id), '')))), '[]')"
        " FROM (SELECT * FROM campaigns ORDER BY id) c";
    return store_text(s, sql, out, err, "");
}

int store_campaign_board(struct store *s, int64_t cid, const char *edition, char **out,
                         struct sb_error *err)
{
    static const char *const sql = "SELECT board FROM " STORE_BOXES " WHERE edition = ?2";
    int rc = store_text(s, sql, out, err, "it", cid, edition);
    if (rc == SB_ENOTFOUND)
        return sb_fail(err, SB_ENOTFOUND, NULL, "this campaign has no box of edition '%s'",
                       edition);
    return rc;
}

int store_campaign_set_board(struct store *s, int64_t cid, const char *edition, const char *board,
                             struct sb_error *err)
{
    static const char *const own = "UPDATE campaigns SET board = ?3 WHERE id = ?1 AND edition = ?2";
    static const char *const other =
        "UPDATE boxes SET board = ?3 WHERE campaign_id = ?1 AND edition = ?2";
    int rc = store_exec(s, own, NULL, err, "itt", cid, edition, board);
    if (rc == 0)
        rc = store_exec(s, other, NULL, err, "itt", cid, edition, board);
    return rc;
}

/* ---- players ---- */

/* SB_ECONFLICT when a player of campaign cid other than pid (0: any) is already
 * called name, ignoring case (text_same_name()). */
static int store_player_name_free(struct store *s, int64_t cid, int64_t pid, const char *name,
                                  struct sb_error *err)
{
    static const char *const sql = "SELECT id, name FROM players WHERE campaign_id = ?";
    sqlite3_stmt *stmt;
    int step = SQLITE_DONE;
    int rc = store_stepv_args(s, sql, err, &stmt, &step, "i", cid);
    while (rc == 0 && step == SQLITE_ROW) {
        const char *other = (const char *)sqlite3_column_text(stmt, 1);
        if (sqlite3_column_int64(stmt, 0) != pid && other && text_same_name(other, name)) {
            rc = sb_fail(err, SB_ECONFLICT, NULL,
                         "name: a player called '%s' is already in this campaign", other);
            break;
        }
        step = sqlite3_step(stmt);
        if (step != SQLITE_ROW && step != SQLITE_DONE)
            rc = store_fail(s, err, "step");
    }
    store_done(s, stmt);
    return rc;
}

int store_player_create(struct store *s, int64_t cid, const char *name, int64_t *id,
                        struct sb_error *err)
{
    static const char *const sql =
        "INSERT INTO players(campaign_id, name, created_at) VALUES (?, ?, now_utc())";
    int rc = store_player_name_free(s, cid, 0, name, err);
    if (rc == 0)
        rc = store_exec(s, sql, NULL, err, "it", cid, name);
    if (rc == 0)
        *id = sqlite3_last_insert_rowid(s->db);
    return rc;
}

int store_player_rename(struct store *s, int64_t cid, int64_t pid, const char *name,
                        struct sb_error *err)
{
    static const char *const sql = "UPDATE players SET name = ? WHERE id = ? AND campaign_id = ?";
    int changes = 0;
    int rc = store_player_name_free(s, cid, pid, name, err);
    if (rc == 0)
        rc = store_exec(s, sql, &changes, err, "tii", name, pid, cid);
    if (rc == 0 && changes == 0)
        rc = sb_fail(err, SB_ENOTFOUND, NULL, "no player %lld in this campaign", (long long)pid);
    return rc;
}

int store_player_name(struct store *s, int64_t cid, int64_t pid, char *buf, size_t size,
                      struct sb_error *err)
{
    static const char *const sql = "SELECT name FROM players WHERE id = ? AND campaign_id = ?";
    char *name = NULL;
    int rc = store_text(s, sql, &name, err, "ii", pid, cid);
    if (rc == SB_ENOTFOUND)
        rc = sb_fail(err, SB_EINVALID, NULL, "no player %lld in this campaign", (long long)pid);
    if (rc == 0)
        snprintf(buf, size, "%s", name);
    free(name);
    return rc;
}

STORE_CAMPAIGN_DOC(store_players_json,
                   "SELECT coalesce(json_group_array(json_object('id', p.id, 'name', p.name,"
                   " 'games', (SELECT count(*) FROM games g, json_each(g.seats) st"
                   "   WHERE g.campaign_id = p.campaign_id AND st.value ->> 'player' = p.id),"
                   " 'wins', (SELECT count(*) FROM games g WHERE g.campaign_id = p.campaign_id"
                   "   AND g.winner = p.id))), '[]')"
                   " FROM (SELECT * FROM players WHERE campaign_id = ? ORDER BY id) p")

/* ---- the Travel Journal ---- */

int store_journal_stamp_add(struct store *s, int64_t cid, const char *card, int slot,
                            const char *token, int64_t player, int64_t gid, int64_t seq,
                            struct sb_error *err)
{
    static const char *const sql =
        "INSERT INTO journal_stamps(campaign_id, card, slot, token, player_id, game_id, seq, at)"
        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, coalesce((SELECT at FROM events"
        " WHERE game_id = ?6 AND seq = ?7), now_utc()))";
    return store_exec(s, sql, NULL, err, "ititiii", cid, card, (int64_t)slot, token, player, gid,
                      seq);
}

int store_journal_draw_add(struct store *s, int64_t cid, int64_t gid, int64_t seq, const char *card,
                           int64_t drawer, int stamped_slot, struct sb_error *err)
{
    static const char *const sql =
        "INSERT INTO journal_draws(game_id, seq, campaign_id, card, drawer, stamped_slot, at)"
        " VALUES (?1, ?2, ?3, ?4, ?5, nullif(?6, -1), coalesce((SELECT at FROM events"
        " WHERE game_id = ?1 AND seq = ?2), now_utc()))";
    return store_exec(s, sql, NULL, err, "iiitii", gid, seq, cid, card, drawer,
                      (int64_t)stamped_slot);
}

int store_journal_payout_add(struct store *s, int64_t gid, int64_t seq, int64_t player,
                             const char *token, int stamps, int amount, struct sb_error *err)
{
    static const char *const sql =
        "INSERT INTO journal_payouts(game_id, seq, player_id, token, stamps, amount)"
        " VALUES (?, ?, ?, ?, ?, ?)";
    return store_exec(s, sql, NULL, err, "iiitii", gid, seq, player, token, (int64_t)stamps,
                      (int64_t)amount);
}

int store_journal_undo(struct store *s, int64_t gid, int64_t seq, struct sb_error *err)
{
    static const char *const payouts = "DELETE FROM journal_payouts WHERE game_id = ? AND seq = ?";
    static const char *const draws = "DELETE FROM journal_draws WHERE game_id = ? AND seq = ?";
    static const char *const stamps = "DELETE FROM journal_stamps WHERE game_id = ? AND seq = ?";
    int rc = store_exec(s, payouts, NULL, err, "ii", gid, seq);
    if (rc == 0)
        rc = store_exec(s, draws, NULL, err, "ii", gid, seq);
    if (rc == 0)
        rc = store_exec(s, stamps, NULL, err, "ii", gid, seq);
    return rc;
}

int store_journal_stamp_used_later(struct store *s, int64_t gid, int64_t seq, bool *used,
                                   struct sb_error *err)
{
    static const char *const sql =
        "SELECT count(*) FROM journal_stamps st JOIN journal_draws d"
        " ON d.campaign_id = st.campaign_id AND d.card = st.card AND d.game_id > st.game_id"
        " WHERE st.game_id = ? AND st.seq = ?";
    int64_t n = 0;
    int rc = store_int(s, sql, &n, err, "ii", gid, seq);
    if (rc == 0)
        *used = n > 0;
    return rc;
}

int store_journal_stamps_json(struct store *s, int64_t cid, int64_t before_game, char **out,
                              struct sb_error *err)
{
    static const char *const sql =
        "SELECT coalesce(json_group_array(json_object('card', st.card, 'slot', st.slot,"
        " 'token', st.token, 'player', json_object('id', p.id, 'name', p.name),"
        " 'game', st.game_id, 'seq', st.seq, 'at', st.at, 'memories', (SELECT"
        " coalesce(json_group_array(json(o)), json('[]')) FROM (SELECT " MEMORY_OBJECT " AS o"
        " FROM memories m WHERE m.campaign_id = st.campaign_id AND m.card = st.card"
        " AND m.slot = st.slot ORDER BY m.at DESC, m.id DESC)))), '[]')"
        " FROM (SELECT * FROM journal_stamps WHERE campaign_id = ? AND (? = 0 OR game_id < ?)"
        " ORDER BY card, slot) st JOIN players p ON p.id = st.player_id";
    return store_text(s, sql, out, err, "iii", cid, before_game, before_game);
}

STORE_CAMPAIGN_DOC(store_journal_totals_json,
                   "SELECT coalesce(json_group_array(json_object('card', card, 'draws', draws,"
                   " 'paid_out', paid)), '[]') FROM (SELECT d.card, count(*) AS draws,"
                   " coalesce(sum((SELECT sum(amount) FROM journal_payouts pp"
                   "   WHERE pp.game_id = d.game_id AND pp.seq = d.seq)), 0) AS paid"
                   " FROM journal_draws d WHERE d.campaign_id = ? GROUP BY d.card)")

int store_journal_history_json(struct store *s, int64_t cid, const char *card, char **out,
                               struct sb_error *err)
{
    static const char *const sql =
        "SELECT coalesce(json_group_array(json(o)), '[]') FROM (SELECT json_object("
        " 'game', d.game_id, 'seq', d.seq, 'at', d.at, 'drawer', json_object('id', d.drawer,"
        " 'name', (SELECT name FROM players WHERE id = d.drawer)),"
        " 'stamped_slot', d.stamped_slot, 'payouts', (SELECT coalesce(json_group_array("
        "   json_object('player', json_object('id', pp.player_id, 'name', pl.name),"
        "   'token', pp.token, 'amount', pp.amount, 'stamps', pp.stamps)), json('[]'))"
        "   FROM journal_payouts pp JOIN players pl ON pl.id = pp.player_id"
        "   WHERE pp.game_id = d.game_id AND pp.seq = d.seq)) AS o"
        " FROM journal_draws d WHERE d.campaign_id = ? AND d.card = ?"
        " ORDER BY d.game_id, d.seq)";
    return store_text(s, sql, out, err, "it", cid, card);
}

int store_journal_card_stamps(struct store *s, int64_t cid, const char *card, int *n,
                              struct sb_error *err)
{
    static const char *const sql =
        "SELECT count(*) FROM journal_stamps WHERE campaign_id = ? AND card = ?";
    int64_t v = 0;
    int rc = store_int(s, sql, &v, err, "it", cid, card);
    if (rc == 0)
        *n = (int)v;
    return rc;
}

/* ---- stats and export ---- */

/* Every box of campaign ?1, its own first: its games and who played them (issue 39);
 * seats is the stats' table of every seat with its game's edition. */
#define STORE_STATS_EDITIONS                                                                       \
    "(SELECT coalesce(json_group_array(json_object('edition', b.edition,"                          \
    "   'games', (SELECT count(*) FROM games WHERE campaign_id = ?1 AND edition = b.edition),"     \
    "   'players', (SELECT coalesce(json_group_array(json_object('player', p.id,"                  \
    "     'games', (SELECT count(*) FROM seats WHERE player = p.id AND edition = b.edition),"      \
    "     'wins', (SELECT count(*) FROM seats WHERE player = p.id AND winner = p.id"               \
    "       AND edition = b.edition))), json('[]'))"                                               \
    "     FROM (SELECT * FROM players WHERE campaign_id = ?1 AND id IN (SELECT player"             \
    "       FROM seats WHERE edition = b.edition) ORDER BY id) p))), json('[]'))"                  \
    "   FROM (SELECT * FROM " STORE_BOXES " ORDER BY o, edition) b)"

STORE_CAMPAIGN_DOC(
    store_stats_json,
    "WITH seats AS (SELECT g.id AS game, g.winner, g.edition, st.value ->> 'player' AS player,"
    "   st.value ->> 'token' AS token FROM games g, json_each(g.seats) st"
    "   WHERE g.campaign_id = ?1),"
    " fx AS (SELECT e.game_id AS game, f.value AS v FROM events e"
    "   JOIN games g ON g.id = e.game_id AND g.campaign_id = ?1, json_each(e.effects) f"
    "   WHERE NOT e.voided),"
    " stamps AS (SELECT fx.game, fx.v ->> 'player' AS player,"
    "   fx.v ->> 'destination' AS dest FROM fx WHERE fx.v ->> 'kind' = 'board_stamp'),"
    " pays AS (SELECT p.game_id AS game, p.player_id AS player, p.token, p.amount"
    "   FROM journal_payouts p JOIN games g ON g.id = p.game_id AND g.campaign_id = ?1),"
    " js AS (SELECT * FROM journal_stamps WHERE campaign_id = ?1)"
    " SELECT json_object("
    " 'editions', " STORE_STATS_EDITIONS ","
    " 'players', (SELECT coalesce(json_group_array(json_object('id', p.id, 'name', p.name,"
    "   'games', (SELECT count(*) FROM seats WHERE player = p.id),"
    "   'wins', (SELECT count(*) FROM seats WHERE player = p.id AND winner = p.id),"
    "   'board_stamps', (SELECT count(*) FROM stamps WHERE player = p.id),"
    "   'journal_stamps', (SELECT count(*) FROM js WHERE player_id = p.id),"
    "   'payouts_received', (SELECT coalesce(sum(amount), 0) FROM pays"
    "     WHERE player = p.id))), json('[]'))"
    "   FROM (SELECT * FROM players WHERE campaign_id = ?1 ORDER BY id) p),"
    " 'tokens', (SELECT coalesce(json_group_array(json_object('token', t.token,"
    "   'games', (SELECT count(*) FROM seats WHERE token = t.token),"
    "   'wins', (SELECT count(*) FROM seats WHERE token = t.token AND winner = player),"
    "   'board_stamps', (SELECT count(*) FROM stamps sp JOIN seats se ON se.game = sp.game"
    "     AND se.player = sp.player WHERE se.token = t.token),"
    "   'journal_stamps', (SELECT count(*) FROM js WHERE token = t.token),"
    "   'payouts_received', (SELECT coalesce(sum(amount), 0) FROM pays"
    "     WHERE token = t.token))), json('[]'))"
    "   FROM (SELECT DISTINCT token FROM seats WHERE token <> '' UNION SELECT token FROM js"
    "     ORDER BY 1) t),"
    " 'cards', (SELECT coalesce(json_group_array(json_object('card', d.card,"
    "   'draws', d.draws, 'paid_out', d.paid, 'stamps', (SELECT count(*) FROM js"
    "   WHERE js.card = d.card))), json('[]')) FROM (SELECT card, count(*) AS draws,"
    "   (SELECT coalesce(sum(pp.amount), 0) FROM journal_payouts pp JOIN journal_draws dd"
    "    ON dd.game_id = pp.game_id AND dd.seq = pp.seq WHERE dd.campaign_id = ?1"
    "    AND dd.card = jd.card) AS paid"
    "   FROM journal_draws jd WHERE campaign_id = ?1 GROUP BY card ORDER BY card) d),"
    " 'destinations', (SELECT coalesce(json_group_array(json_object('destination', x.dest,"
    "   'bought', x.bought, 'fees_collected', x.fees, 'stamped', x.stamped)), json('[]'))"
    "   FROM (SELECT dest, sum(bought) AS bought, sum(fees) AS fees,"
    "     sum(stamped) AS stamped FROM ("
    "     SELECT v ->> 'destination' AS dest, 1 AS bought, 0 AS fees, 0 AS stamped FROM fx"
    "       WHERE v ->> 'kind' = 'owner' AND v ->> 'from' = 'bank'"
    "     UNION ALL SELECT v ->> 'destination', 0, v ->> 'amount', 0 FROM fx"
    "       WHERE v ->> 'kind' = 'pay' AND v ->> 'reason' = 'fee'"
    "       AND v ->> 'destination' IS NOT NULL"
    "     UNION ALL SELECT dest, 0, 0, 1 FROM stamps)"
    "     GROUP BY dest ORDER BY dest) x))")

/* Every distinct board once (the games' in the order they began, then the
 * campaign's own copy and its other boxes' when they are none of theirs); games,
 * the campaign and its other boxes (version 4) name theirs by index. */
STORE_CAMPAIGN_DOC(
    store_export_games_json,
    "WITH all_b AS (SELECT bd.board, g.id AS k FROM game_boards gb JOIN games g"
    "   ON g.id = gb.game_id JOIN boards bd ON bd.id = gb.board_id WHERE g.campaign_id = ?1"
    "   UNION ALL SELECT board, 9e18 FROM campaigns WHERE id = ?1"
    "   UNION ALL SELECT board, 9e18 + 1 FROM boxes WHERE campaign_id = ?1),"
    " b AS (SELECT board, row_number() OVER (ORDER BY min(k)) - 1 AS idx FROM all_b"
    "   GROUP BY board)"
    " SELECT json_object("
    " 'board', (SELECT idx FROM b WHERE board = (SELECT board FROM campaigns WHERE id = ?1)),"
    " 'boxes', (SELECT coalesce(json_group_array(json_object('edition', x.edition,"
    "   'board', (SELECT idx FROM b WHERE board = x.board))), json('[]'))"
    "   FROM (SELECT * FROM boxes WHERE campaign_id = ?1 ORDER BY edition) x),"
    " 'boards', (SELECT coalesce(json_group_array(json(board)), json('[]'))"
    "   FROM (SELECT board FROM b ORDER BY idx)),"
    " 'games', (SELECT coalesce(json_group_array(json(o)), json('[]')) FROM (SELECT"
    " json_object('id', g.id, 'edition', g.edition, 'mode', g.mode, 'status', g.status, "
    "'started_at', g.started_at,"
    " 'ended_at', g.ended_at, 'played_at', g.played_at, 'duration_min', g.duration_min,"
    " 'location', g.location, 'winner', g.winner, 'house_rules', json(g.house_rules),"
    " 'stamp_owner', g.stamp_owner, 'seats', json(g.seats), 'board', (SELECT b.idx FROM b JOIN "
    "boards bd"
    "   ON bd.board = b.board JOIN game_boards gb ON gb.board_id = bd.id"
    "   WHERE gb.game_id = g.id),"
    " 'events', (SELECT coalesce(json_group_array(json_object('seq', e.seq, 'type', e.type,"
    "   'at', e.at, 'voided', json(CASE WHEN e.voided THEN 'true' ELSE 'false' END),"
    "   'payload', json(e.payload),"
    "   'effects', json(CASE WHEN e.voided THEN '[]' ELSE e.effects END))), json('[]'))"
    "   FROM (SELECT * FROM events WHERE game_id = g.id ORDER BY seq) e)) AS o"
    " FROM games g WHERE g.campaign_id = ?1 ORDER BY g.id)))")

int store_import_times(struct store *s, const struct store_import_times *t, struct sb_error *err)
{
    static const char *const campaign =
        "UPDATE campaigns SET created_at = coalesce(?, created_at) WHERE id = ?";
    static const char *const player =
        "UPDATE players SET created_at = coalesce(?, created_at) WHERE id = ?";
    static const char *const game =
        "UPDATE games SET started_at = coalesce(?, started_at), ended_at = ? WHERE id = ?";
    if (t->campaign)
        return store_exec(s, campaign, NULL, err, "ti", t->at, t->campaign);
    if (t->player)
        return store_exec(s, player, NULL, err, "ti", t->at, t->player);
    return store_exec(s, game, NULL, err, "tti", t->at, t->ended_at, t->game);
}

STORE_CAMPAIGN_DOC(
    store_export_players_json,
    "SELECT coalesce(json_group_array(json_object('id', id, 'name', name, 'created_at',"
    " created_at)), '[]') FROM (SELECT * FROM players WHERE campaign_id = ? ORDER BY id)")

int store_event_insert_voided(struct store *s, int64_t gid, int64_t seq, const char *type,
                              const char *payload, const char *at, struct sb_error *err)
{
    static const char *const sql =
        "INSERT INTO events(game_id, seq, type, payload, effects, at, voided)"
        " VALUES (?, ?, ?, ?, '[]', coalesce(?, now_utc()), 1)";
    return store_exec(s, sql, NULL, err, "iittt", gid, seq, type, payload, at);
}

STORE_CAMPAIGN_DOC(
    store_plays_json,
    "SELECT coalesce(json_group_array(json(o)), '[]') FROM (SELECT json_object("
    " 'game', g.id, 'edition', g.edition,"
    " 'date', substr(coalesce(g.played_at, g.started_at), 1, 10),"
    " 'mode', g.mode, 'status', g.status, 'winner', (SELECT name FROM players"
    "   WHERE id = g.winner), 'winner_id', g.winner, 'started_at', g.started_at,"
    " 'ended_at', g.ended_at, 'played_at', g.played_at, 'result', g.state -> '$.result',"
    " 'duration_min', g.duration_min, 'location', g.location,"
    " 'house_rules', json(g.house_rules),"
    " 'seats', (SELECT json_group_array(json_object('player', p.id, 'name', p.name,"
    "   'token', st.value ->> 'token', 'stamps', (SELECT count(*) FROM events e,"
    "   json_each(e.effects) f WHERE e.game_id = g.id AND NOT e.voided"
    "   AND f.value ->> 'kind' = 'board_stamp' AND f.value ->> 'player' = p.id)))"
    "   FROM json_each(g.seats) st JOIN players p ON p.id = st.value ->> 'player'),"
    " 'journal', (SELECT coalesce(json_group_array(json_object('card', js.card, 'slot',"
    "   js.slot, 'token', js.token, 'name', p.name)), json('[]')) FROM journal_stamps js"
    "   JOIN players p ON p.id = js.player_id WHERE js.game_id = g.id)) AS o"
    " FROM games g WHERE g.campaign_id = ? ORDER BY g.id)")
