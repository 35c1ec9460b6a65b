/* store.h -- the SQLite store: connections, migrations, transactions and every query.
 *
 * Only store.c includes sqlite3.h. A connection is opened in WAL mode with foreign
 * keys on and a busy timeout; writers run inside store_begin_write() (BEGIN
 * IMMEDIATE). Read queries that feed answers return JSON text built by SQLite itself
 * (the caller frees it with free()). Statements are prepared once per connection and
 * reset on every path. A pool hands one connection to each request thread. */
#ifndef STAMPBOOK_STORE_H
#define STAMPBOOK_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"

struct store;
struct store_pool;

#define STORE_HASH_BYTES 32
#define STORE_TIME_MAX 32

/* Open the database at path (created when missing). Returns 0 and *out, or an error. */
int store_open(const char *path, struct store **out, struct sb_error *err);

/* Close a connection; store_close(NULL) is a no-op. */
void store_close(struct store *s);

/* Apply, in order, every migrations_dir/NNNN_name.sql not yet recorded, each in its own
 * transaction, recording it in schema_migrations. Returns 0 or an error. */
int store_migrate(struct store *s, const char *migrations_dir, struct sb_error *err);

/* The highest migration applied (0 for a new database). */
int store_schema_version(struct store *s, int *version, struct sb_error *err);

/* The schema as SQLite holds it, for the test that compares it to schema/schema.sql:
 * the CREATE statements of tables, indexes, views and triggers (schema_migrations
 * excluded), sorted by type and name, each in a normal form (no comments, single
 * spaces, none beside parentheses and commas) and ended by ";\n". The caller frees
 * *out; SB_ENOTFOUND when there is no schema. */
int store_schema_sql(struct store *s, char **out, struct sb_error *err);

/* Size of the database in bytes (page_count * page_size). */
int store_db_size(struct store *s, int64_t *bytes, struct sb_error *err);

/* Copy the whole database to file with the online backup API, then check the copy
 * with PRAGMA integrity_check. */
int store_backup(struct store *s, const char *file, struct sb_error *err);

/* Transactions: exactly one store_commit() or store_rollback() for each begin. */
int store_begin_write(struct store *s, struct sb_error *err);
int store_begin_read(struct store *s, struct sb_error *err);
int store_commit(struct store *s, struct sb_error *err);
void store_rollback(struct store *s);

/* Commit the writes of a request on the pool's writer connection and give the
 * connection up (*s becomes NULL; store_pool_put(NULL) is then a no-op). While other
 * writers wait, the commit is shared with theirs (one sync for many): this returns
 * once the COMMIT that holds these writes is done, with its outcome. The caller must
 * not touch the connection again. On any other connection: store_commit(). */
int store_commit_and_leave(struct store **s, struct sb_error *err);

/* Pool: up to max connections to path, opened on demand. When all max are handed
 * out, store_pool_get() waits a moment (500 ms) for one to come back, then opens one
 * past max that store_pool_put() closes again. */
int store_pool_new(const char *path, int max, struct store_pool **out, struct sb_error *err);
int store_pool_get(struct store_pool *p, struct store **out, struct sb_error *err);
/* The pool's one writer connection, for a request that writes: waits for the previous
 * writer's store_pool_put(). Writers of a process thus take turns on one connection
 * whose page cache stays warm. */
int store_pool_get_writer(struct store_pool *p, struct store **out, struct sb_error *err);
void store_pool_put(struct store_pool *p, struct store *s);
void store_pool_free(struct store_pool *p);

/* The current time as RFC 3339 UTC with milliseconds ("2026-11-29T19:40:01.123Z"). */
void store_now(char out[STORE_TIME_MAX]);

/* ---- campaigns ---- */

struct store_campaign {
    int64_t id;
    char edition[64];
    bool policy_player;  /* stamp_owner = 'player' */
    int64_t active_game; /* 0 when none */
    int64_t latest_game; /* 0 when none */
    unsigned char key_hash[STORE_HASH_BYTES];
    unsigned char view_key_hash[STORE_HASH_BYTES];
};

int store_campaign_create(struct store *s, const char *name, const char *edition,
                          const char *stamp_owner, const unsigned char *key_hash,
                          const unsigned char *view_key_hash, const char *board, int64_t *id,
                          struct sb_error *err);
/* SB_ENOTFOUND when there is no such campaign. */
int store_campaign_get(struct store *s, int64_t cid, struct store_campaign *out,
                       struct sb_error *err);
/* {"id","name","edition","stamp_owner","created_at","active_game"} */
int store_campaign_json(struct store *s, int64_t cid, char **out, struct sb_error *err);
/* name and stamp_owner may be NULL to keep them. */
int store_campaign_update(struct store *s, int64_t cid, const char *name, const char *stamp_owner,
                          struct sb_error *err);
int store_campaign_board(struct store *s, int64_t cid, char **out, struct sb_error *err);
int store_campaign_set_board(struct store *s, int64_t cid, const char *board, struct sb_error *err);

/* ---- players ---- */

int store_player_create(struct store *s, int64_t cid, const char *name, int64_t *id,
                        struct sb_error *err);
/* SB_ENOTFOUND when the player is not in this campaign. */
int store_player_rename(struct store *s, int64_t cid, int64_t pid, const char *name,
                        struct sb_error *err);
/* The player's name copied into buf (size bytes); SB_ENOTFOUND when not in cid. */
int store_player_name(struct store *s, int64_t cid, int64_t pid, char *buf, size_t size,
                      struct sb_error *err);
/* [{"id","name","games","wins"}] */
int store_players_json(struct store *s, int64_t cid, char **out, struct sb_error *err);

/* ---- games ---- */

struct store_game {
    int64_t id;
    int64_t campaign;
    char mode[16];
    char status[16];
    int64_t version;
    int64_t seq;      /* the last live event, 0 when none */
    int64_t last_seq; /* the last event, voided or not */
    char *board;      /* owned: free with store_game_clear() */
    char *state;      /* owned */
    char *initial;    /* owned */
};

/* Free what a store_game owns; safe on a zeroed or cleared struct. */
void store_game_clear(struct store_game *g);

/* The id the next game will get (inside a write transaction). */
int store_game_next_id(struct store *s, int64_t *id, struct sb_error *err);
/* Create game id (from store_game_next_id) with state as both its initial state and
 * its snapshot. SB_ECONFLICT when the campaign already has an active game. */
int store_game_create(struct store *s, int64_t id, int64_t cid, const char *mode, const char *seats,
                      const char *board, const char *state, const char *played_at,
                      struct sb_error *err);
/* Calls fn(ctx, gid) for each game of cid in which player pid sits. */
int store_games_of_player(struct store *s, int64_t cid, int64_t pid,
                          int (*fn)(void *ctx, int64_t gid), void *ctx, struct sb_error *err);
/* Replace a game's snapshot and initial state (a player renamed) and bump its version. */
int store_game_set_docs(struct store *s, int64_t gid, const char *state, const char *initial,
                        struct sb_error *err);
/* SB_ENOTFOUND when gid is not a game of cid. with_docs: also load board/state/initial. */
int store_game_get(struct store *s, int64_t cid, int64_t gid, bool with_docs,
                   struct store_game *out, struct sb_error *err);
/* {"id","mode","status","started_at","ended_at","played_at","seats":[{"player","name","token"}],
 * "winner","version","events"} */
int store_game_json(struct store *s, int64_t gid, char **out, struct sb_error *err);
/* [game json...] newest first */
int store_games_json(struct store *s, int64_t cid, char **out, struct sb_error *err);
/* The game object (as store_game_json) and its state snapshot text and version, read
 * together in one statement. SB_ENOTFOUND when gid is not a game of cid. */
int store_game_with_state(struct store *s, int64_t cid, int64_t gid, char **game, char **state,
                          int64_t *version, struct sb_error *err);
/* Only the state snapshot text and version, the fast path for GET state. */
int store_game_state(struct store *s, int64_t cid, int64_t gid, char **state, int64_t *version,
                     struct sb_error *err);

/* The snapshot that goes with an append or an undo. winner 0: none. */
struct store_snapshot {
    const char *state;
    const char *status;
    int64_t winner;
    bool ended; /* set ended_at to now (else NULL it) */
};

/* Append event seq and write the snapshot, in the caller's write transaction; version
 * is bumped. at (RFC 3339), idem_key may be NULL. *version gets the new version. */
int store_event_append(struct store *s, int64_t gid, int64_t seq, const char *type,
                       const char *payload, const char *effects, const char *at,
                       const char *idem_key, const struct store_snapshot *snap, int64_t *version,
                       struct sb_error *err);
/* Record an event that was already undone (import): logged, voided, never applied. */
int store_event_insert_voided(struct store *s, int64_t gid, int64_t seq, const char *type,
                              const char *payload, const char *at, struct sb_error *err);
/* Store the answer of event seq for retries with its Idempotency-Key. */
int store_event_set_answer(struct store *s, int64_t gid, int64_t seq, const char *answer,
                           struct sb_error *err);
/* The stored answer for this key, or SB_ENOTFOUND. */
int store_event_by_key(struct store *s, int64_t gid, const char *key, char **answer,
                       struct sb_error *err);
/* Void event seq and write the snapshot (undo), in the caller's write transaction. */
int store_event_void(struct store *s, int64_t gid, int64_t seq, const struct store_snapshot *snap,
                     int64_t *version, struct sb_error *err);
/* {"events":[{"seq","type","at","voided",...payload,"effects"}]} for seq > after. */
int store_events_json(struct store *s, int64_t gid, int64_t after, char **out,
                      struct sb_error *err);

/* Calls fn for each live event of gid with seq <= upto (0: all), in order; stops and
 * returns fn's result when it is non-zero. */
typedef int (*store_event_fn)(void *ctx, int64_t seq, const char *type, const char *payload);
int store_events_each(struct store *s, int64_t gid, int64_t upto, store_event_fn fn, void *ctx,
                      struct sb_error *err);

/* ---- the Travel Journal ---- */

int store_journal_stamp_add(struct store *s, int64_t cid, const char *card, int slot,
                            const char *token, int64_t player, int64_t gid, int64_t seq,
                            struct sb_error *err);
int store_journal_draw_add(struct store *s, int64_t cid, int64_t gid, int64_t seq, const char *card,
                           int64_t drawer, int stamped_slot, struct sb_error *err);
int store_journal_payout_add(struct store *s, int64_t gid, int64_t seq, int64_t player,
                             const char *token, int stamps, int amount, struct sb_error *err);
/* Remove the draw, its payouts and its stamp made by event (gid, seq). */
int store_journal_undo(struct store *s, int64_t gid, int64_t seq, struct sb_error *err);
/* True when a game later than gid paid out a stamp made by event (gid, seq). */
int store_journal_stamp_used_later(struct store *s, int64_t gid, int64_t seq, bool *used,
                                   struct sb_error *err);
/* [{"card","slot","token","player":{"id","name"},"game","seq","at"}] of the campaign;
 * before_game > 0 keeps only stamps from earlier games. */
int store_journal_stamps_json(struct store *s, int64_t cid, int64_t before_game, char **out,
                              struct sb_error *err);
/* [{"card","draws","paid_out"}] */
int store_journal_totals_json(struct store *s, int64_t cid, char **out, struct sb_error *err);
/* [{"game","seq","at","drawer","stamped_slot","payouts":[{"player","token","amount","stamps"}]}] */
int store_journal_history_json(struct store *s, int64_t cid, const char *card, char **out,
                               struct sb_error *err);
/* Number of stamps on a card. */
int store_journal_card_stamps(struct store *s, int64_t cid, const char *card, int *n,
                              struct sb_error *err);

/* ---- stats and export ---- */

/* The campaign's figures as JSON (see API.md /stats). */
int store_stats_json(struct store *s, int64_t cid, char **out, struct sb_error *err);
/* Every game of the campaign with its full event log, oldest first:
 * [{"id","mode","status","started_at","ended_at","played_at","seats","events":[...]}] */
int store_export_games_json(struct store *s, int64_t cid, char **out, struct sb_error *err);
/* Every play of the campaign, oldest first: [{"game","date","mode","status","winner",
 * "winner_id","started_at","ended_at","played_at","result",
 * "seats":[{"player","name","token","stamps"}],"journal":[{"card","slot","token","name"}]}]
 * where stamps counts the board stamps of that player in that game and result is the
 * decided outcome of a results-mode game (null otherwise). */
int store_plays_json(struct store *s, int64_t cid, char **out, struct sb_error *err);
/* [{"id","name","created_at"}] oldest first. */
int store_export_players_json(struct store *s, int64_t cid, char **out, struct sb_error *err);

#endif
