/* store.h -- the SQLite store: connections, migrations, transactions and every query.
 *
 * Only store.c includes sqlite3.h. A connection is opened in WAL mode with foreign
 * keys on and a busy timeout; writers run inside store_begin_write() (BEGIN
 * IMMEDIATE). Read queries that feed answers return JSON text built by SQLite itself
 * (the caller frees it with free()). Statements are prepared once per connection and
 * reset on every path. A pool hands one connection to each request thread.
 *
 * Durability, the rule every write meets: no answer for a write before the COMMIT
 * that holds it has succeeded. On the pool's writer connection every write runs
 * between store_begin_write() and store_commit() or store_commit_and_leave(); a
 * writing statement outside that is refused (SB_EIO), for it would join whatever
 * transaction is open there (a group's, below) and be answered before its COMMIT.
 * Group commit: an append done while other writers wait leaves its transaction open
 * and waits (store_commit_and_leave()); the next writer's store_begin_write() opens a
 * savepoint in it. Another append joins the group the same way; a write that is no
 * append (players, campaigns, renames, board edits, imports, undo) ends it:
 * its store_commit() COMMITs the group's writes and its own together and returns that
 * COMMIT's outcome, which every member also gets. A failed COMMIT thus fails every
 * request that shared it, and keeps none of their writes: an id handed out by a failed
 * COMMIT may be handed out again, but was never acknowledged. A turn refused before
 * its commit rolls back only its savepoint. */
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

/* Open the database at path (created when missing: for migrate, which then gives it
 * its schema). Returns 0 and *out, or an error. A pool's connections never create the
 * file: a database deleted under a running server is not silently made anew. */
int store_open(const char *path, struct store **out, struct sb_error *err);

/* Close a connection; store_close(NULL) is a no-op. */
void store_close(struct store *s);

/* Apply, in order, every migrations_dir/NNNN_name.sql not yet recorded, each in its own
 * transaction, recording it in schema_migrations. Returns 0 or an error. */
int store_migrate(struct store *s, const char *migrations_dir, struct sb_error *err);

/* The number of the last migration in migrations_dir (0 for none). */
int store_migrations_latest(const char *migrations_dir, int *latest, struct sb_error *err);

/* The highest migration applied (0 for a new database). */
int store_schema_version(struct store *s, int *version, struct sb_error *err);

/* Size of the database in bytes (page_count * page_size). */
int store_db_size(struct store *s, int64_t *bytes, struct sb_error *err);

/* The number of campaigns. */
int store_campaign_count(struct store *s, int64_t *n, struct sb_error *err);

/* Copy the whole database to file with the online backup API, then check the copy
 * with PRAGMA integrity_check. */
int store_backup(struct store *s, const char *file, struct sb_error *err);

/* Transactions: exactly one store_commit() or store_rollback() for each begin. On the
 * writer connection inside a group, store_commit() commits the whole group (see
 * "Durability" above) and fails when that COMMIT fails. */
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
/* What a turn of the writer runs: run(arg) with the writer lent; flush(flush_arg, w),
 * when not NULL, once for all the turns of a COMMIT that name the same flush, after
 * them and before it, with w the writer (it writes between store_begin_write() and
 * store_commit()); a flush that fails fails the whole COMMIT. */
struct store_turn_fns {
    int (*run)(void *arg);
    int (*flush)(void *flush_arg, struct store *w);
    void *flush_arg;
};

/* Run fns->run(arg) as a turn of the pool's writer, with *slot the writer connection
 * while it runs, on the pool's own writer thread: that thread takes every turn queued
 * so far and runs them one after the other in one transaction, each in a savepoint of
 * its own (run writes between store_begin_write() and store_commit_and_leave(), or
 * rolls back only its own), then COMMITs them together (one sync for all) and wakes
 * each caller with its outcome, as the group commit above. *slot must hold no
 * connection; it holds none on return. Returns run's error, or else that of the
 * COMMIT that held its writes, only once that COMMIT has returned. */
int store_pool_write_turn(struct store_pool *p, struct store **slot,
                          const struct store_turn_fns *fns, void *arg, struct sb_error *err);
/* store_pool_write_turn() without waiting for it: 0 once queued (or the error, and then
 * nothing more happens), and later(later_arg, rc) is called on the writer's thread with
 * what store_pool_write_turn() would have returned (*err filled), once the COMMIT that
 * held its writes has returned. *slot, arg and *err must live until then; later runs
 * between two COMMITs of the writer, so it hands work on rather than doing it. */
int store_pool_write_turn_later(struct store_pool *p, struct store **slot,
                                const struct store_turn_fns *fns, void *arg,
                                void (*later)(void *later_arg, int rc), void *later_arg,
                                struct sb_error *err);
/* Is s the pool's writer running a turn (store_pool_write_turn)? */
bool store_in_turn(const struct store *s);
/* Is the pool's database file still the one it was opened on (same device and inode
 * at its path), and, with probe_write, can it be written (opened for writing, which
 * writes nothing)? SB_EBUSY (503) with the reason when not. 0 for an in-memory or URI
 * database. store_pool_get_writer() checks the file (not the probe) before every
 * write, so nothing is acknowledged into a deleted file. */
int store_pool_check(struct store_pool *p, bool probe_write, struct sb_error *err);
void store_pool_free(struct store_pool *p);

/* Has a write failed for lack of space or an I/O error with none committed since, or
 * did the last probe fail? Nonzero with the reason in why, else 0. This function
 * can't fail. */
int store_pool_fault(struct store_pool *p, char *why, size_t size);

/* Compare the schema of the pool's database with the migrations of migrations_dir
 * (kept): when it is behind them (a migration could not be written at start) or cannot
 * be read, store_pool_behind() says so until the probe (store_pool_probe()) has applied
 * them, once the database takes writes. 0, or an error (the folder cannot be read). */
int store_pool_schema(struct store_pool *p, const char *migrations_dir, struct sb_error *err);

/* Is the schema behind (store_pool_schema())? Nonzero with the reason in why, else 0.
 * This function can't fail. */
int store_pool_behind(struct store_pool *p, char *why, size_t size);

/* Probe the database's file system without waiting for a user's write: write, sync and
 * remove a small file beside the database (its failure for lack of space or an I/O
 * error is a fault until a probe passes), and while the last write has failed, write
 * a row of health_probe (its COMMIT ends that fault). Nothing for an in-memory or URI
 * database. This function can't fail (what fails is the fault it reports). */
void store_pool_probe(struct store_pool *p);

/* Run store_pool_probe() now and every every_ms on a thread of the pool's own, until
 * store_pool_free(); 0 (also for every_ms 0 or a database that is no file: no probe),
 * or SB_EIO when the thread cannot start. */
int store_pool_watch(struct store_pool *p, unsigned every_ms, struct sb_error *err);

/* The count of COMMITs begun on the pool's connections, or STORE_GENERATION_BUSY while
 * one is under way. A read made between two calls that both returned n (not BUSY)
 * saw the database as it is while this still returns n: every write of this process
 * acknowledged since makes it return more. Writes of other processes are not counted.
 * This function can't fail. */
#define STORE_GENERATION_BUSY UINT64_MAX
uint64_t store_pool_generation(struct store_pool *p);

/* The writer's open transaction, by a number no other transaction of the pool had
 * (group commit keeps one open across several writers, each in a savepoint), except
 * that turns of store_pool_write_turn() go on with the number of their last
 * transaction once it has committed; 0 for a connection that is not the pool's writer
 * holding its turn in a transaction. What a writer knows of the database is true for
 * the next writer as long as this number stays the same. This function can't fail. */
uint64_t store_write_txn(const struct store *s);

/* The current time as RFC 3339 UTC with milliseconds ("2026-11-29T19:40:01.123Z"). */
void store_now(char out[STORE_TIME_MAX]);

/* ---- campaigns ---- */

struct store_campaign {
    int64_t id;
    char edition[64];    /* the campaign's own edition (its own box) */
    char box[64];        /* the box the request works on: edition, or store_campaign_box() */
    bool policy_player;  /* stamp_owner = 'player' */
    int64_t active_game; /* the box's active game; 0 when none */
    int64_t latest_game; /* the box's latest game; 0 when none */
    unsigned char key_hash[STORE_HASH_BYTES];
    unsigned char view_key_hash[STORE_HASH_BYTES];
    bool anonymous; /* created by a request without an admin key (its streams' budget) */
};

int store_campaign_create(struct store *s, const char *name, const char *edition,
                          const char *stamp_owner, const unsigned char *key_hash,
                          const unsigned char *view_key_hash, const char *board, int64_t *id,
                          struct sb_error *err);
/* Mark campaign cid as created by a request that presented no admin key. */
int store_campaign_set_anonymous(struct store *s, int64_t cid, struct sb_error *err);
/* SB_ENOTFOUND when there is no such campaign. The campaign's own box is the one
 * *out works on (box, active_game, latest_game). */
int store_campaign_get(struct store *s, int64_t cid, struct store_campaign *out,
                       struct sb_error *err);
/* Make the box of edition the one c (a campaign of store_campaign_get()) works on: its
 * box, active_game and latest_game. SB_ENOTFOUND when the campaign has no such box;
 * c is unchanged then. */
int store_campaign_box(struct store *s, const char *edition, struct store_campaign *c,
                       struct sb_error *err);
/* Give campaign cid a box of edition (one it has none of) holding board. */
int store_campaign_box_add(struct store *s, int64_t cid, const char *edition, const char *board,
                           struct sb_error *err);
/* [{"edition","board","active_game"}] of every box of cid, its own first, then by
 * edition; board is the box's document (JSON). */
int store_campaign_boxes_json(struct store *s, int64_t cid, char **out, struct sb_error *err);
/* {"id","name","edition","stamp_owner","created_at","active_game","house_rules",
 * "timezone"}; active_game: the most recently started active game of any box */
int store_campaign_json(struct store *s, int64_t cid, char **out, struct sb_error *err);
/* Set the campaign's name, stamp_owner and time zone (zone: an IANA name the caller
 * checked); each may be NULL to keep it. */
int store_campaign_update(struct store *s, int64_t cid, const char *name, const char *stamp_owner,
                          const char *zone, struct sb_error *err);
/* The board of cid's box of edition; SB_ENOTFOUND when it has none. */
int store_campaign_board(struct store *s, int64_t cid, const char *edition, char **out,
                         struct sb_error *err);
/* The campaign's house rules (a JSON object of every switch; "" for none stored). */
int store_campaign_house_rules(struct store *s, int64_t cid, char **out, struct sb_error *err);
int store_campaign_set_house_rules(struct store *s, int64_t cid, const char *house_rules,
                                   struct sb_error *err);
/* Replace the campaign's key hashes (key rotation): the old pair opens nothing since.
 * SB_ENOTFOUND when there is no such campaign. */
int store_campaign_set_keys(struct store *s, int64_t cid, const unsigned char *key_hash,
                            const unsigned char *view_key_hash, struct sb_error *err);
/* [{"id","name","edition","games","last_activity"}] of every campaign, oldest first;
 * last_activity is the latest of its creation, players, games and events. Never keys. */
int store_campaigns_json(struct store *s, char **out, struct sb_error *err);

/* Replace the board of cid's box of edition. */
int store_campaign_set_board(struct store *s, int64_t cid, const char *edition, const char *board,
                             struct sb_error *err);

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
    char edition[64];    /* the box it is played with */
    char stamp_owner[8]; /* "token", "player"; "": none kept (a game of before 0025) */
    int64_t version;
    int64_t seq;       /* the last live event, 0 when none */
    int64_t last_seq;  /* the last event, voided or not */
    char *board;       /* owned: free with store_game_clear() */
    char *state;       /* owned; NULL: the game layer replays it (migration 0021) */
    char *initial;     /* owned; NULL: the game layer makes it again */
    char *seats;       /* owned: the seats column, [{"player","token"}] */
    char *house_rules; /* owned; NULL when the game has none */
};

/* Free what a store_game owns; safe on a zeroed or cleared struct. */
void store_game_clear(struct store_game *g);

/* The id the next game will get (inside a write transaction). */
int store_game_next_id(struct store *s, int64_t *id, struct sb_error *err);
/* Create game id (from store_game_next_id) of the campaign's box of edition, with state
 * as both its initial state and its snapshot. SB_ECONFLICT when that box already has an
 * active game. */
int store_game_create(struct store *s, int64_t id, int64_t cid, const char *edition,
                      const char *mode, const char *seats, const char *board, const char *state,
                      const char *played_at, struct sb_error *err);
/* What game gid plays by, set once at its creation (or its import): its house rules
 * (JSON) and the stamp policy ("token" or "player") it pays journal stamps by; NULL
 * keeps the one stored. */
int store_game_set_rules(struct store *s, int64_t gid, const char *house_rules,
                         const char *stamp_owner, struct sb_error *err);
/* Record how long a results-mode play took (duration_min, -1: unknown) and where
 * (location, NULL: unknown) on game gid. */
int store_game_set_details(struct store *s, int64_t gid, int64_t duration_min, const char *location,
                           struct sb_error *err);
/* Calls fn(ctx, gid) for each game of cid in which player pid sits. */
int store_games_of_player(struct store *s, int64_t cid, int64_t pid,
                          int (*fn)(void *ctx, int64_t gid), void *ctx, struct sb_error *err);
/* Calls fn(ctx, gid) for each game of cid, oldest first. */
int store_games_each(struct store *s, int64_t cid, int (*fn)(void *ctx, int64_t gid), void *ctx,
                     struct sb_error *err);
/* Replace a game's snapshot and initial state (a player renamed) and bump its version. */
int store_game_set_docs(struct store *s, int64_t gid, const char *state, const char *initial,
                        struct sb_error *err);
/* Leave game gid's snapshot (state) and initial state (initial) to the game layer,
 * which computes them again byte for byte (src/game/game_state.c): they are stored
 * NULL. The version is unchanged. */
int store_game_leave_docs(struct store *s, int64_t gid, bool state, bool initial,
                          struct sb_error *err);
/* SB_ENOTFOUND when gid is not a game of cid. with_docs: also load board, state, initial,
 * seats and house rules (state and initial may be NULL, see store_game_leave_docs). */
int store_game_get(struct store *s, int64_t cid, int64_t gid, bool with_docs,
                   struct store_game *out, struct sb_error *err);
/* {"id","edition","mode","status","started_at","ended_at","played_at","number","duration_min","location",
 * "seats":[{"player","name","token"}],"winner","version","events"}; number: 1, 2, 3… within
 * the campaign */
int store_game_json(struct store *s, int64_t gid, char **out, struct sb_error *err);
/* [game json...] newest first */
int store_games_json(struct store *s, int64_t cid, char **out, struct sb_error *err);
/* The game object (as store_game_json) and its state snapshot text (NULL when the game
 * layer computes it) and version, read together in one statement. SB_ENOTFOUND when
 * gid is not a game of cid. */
int store_game_with_state(struct store *s, int64_t cid, int64_t gid, char **game, char **state,
                          int64_t *version, struct sb_error *err);
/* Only the state snapshot text (NULL when the game layer computes it) and version, the
 * fast path for GET state. */
int store_game_state(struct store *s, int64_t cid, int64_t gid, char **state, int64_t *version,
                     struct sb_error *err);

/* The snapshot that goes with an append or an undo. winner 0: none. */
struct store_snapshot {
    const char *state;
    const char *status;
    int64_t winner;
    bool ended; /* set ended_at to now (else NULL it) */
};

/* Write gid's snapshot as version, with live more live events: what the appends of a
 * writer's turns left to the flush before their COMMIT (store_event_append() without
 * a snapshot). */
int store_game_put_snapshot(struct store *s, int64_t gid, const struct store_snapshot *snap,
                            int64_t version, int64_t live, struct sb_error *err);
/* Append event seq and write the snapshot, in the caller's write transaction; version
 * is bumped. at (RFC 3339), idem_key may be NULL. *version gets the new version. With
 * snap NULL only the event is written (store_game_put_snapshot() writes the rest). */
int store_event_append(struct store *s, int64_t gid, int64_t seq, const char *type,
                       const char *payload, const char *effects, const char *at,
                       const char *idem_key, const struct store_snapshot *snap, int64_t *version,
                       struct sb_error *err);
/* Record an event that was already undone (import): logged, voided, never applied. */
int store_event_insert_voided(struct store *s, int64_t gid, int64_t seq, const char *type,
                              const char *payload, const char *at, struct sb_error *err);
/* Keep, for retries with its Idempotency-Key, the answer of event seq and the hash of
 * the body it was sent with (NULL: none). */
int store_event_set_retry(struct store *s, int64_t gid, int64_t seq, const char *answer,
                          const unsigned char *hash, struct sb_error *err);
/* The stored answer for this key (its event "voided": true once undone) and the hash of
 * the body it came with (*has_hash false for an event stored before hashes were kept),
 * or SB_ENOTFOUND. */
int store_event_by_key_hash(struct store *s, int64_t gid, const char *key, char **answer,
                            unsigned char hash[STORE_HASH_BYTES], bool *has_hash,
                            struct sb_error *err);
/* Void event seq and write the snapshot (undo), in the caller's write transaction. */
int store_event_void(struct store *s, int64_t gid, int64_t seq, const struct store_snapshot *snap,
                     int64_t *version, struct sb_error *err);
/* The effects (JSON) stored with event seq of game gid, and their replacement (an import
 * gives a draw's payouts the memories they were answered with). */
int store_event_effects(struct store *s, int64_t gid, int64_t seq, char **out,
                        struct sb_error *err);
int store_event_set_effects(struct store *s, int64_t gid, int64_t seq, const char *effects,
                            struct sb_error *err);
/* {"events":[{"seq","type","at","voided",...payload,"effects"}]} for seq > after. */
int store_events_json(struct store *s, int64_t gid, int64_t after, char **out,
                      struct sb_error *err);

/* Calls fn for each live event of gid with seq <= upto (0: all), in order; stops and
 * returns fn's result when it is non-zero. */
typedef int (*store_event_fn)(void *ctx, int64_t seq, const char *type, const char *payload);
int store_events_each(struct store *s, int64_t gid, int64_t upto, store_event_fn fn, void *ctx,
                      struct sb_error *err);

/* ---- the Travel Journal ---- */

/* A stamp or a draw made by event (gid, seq) takes that event's time (an import keeps
 * the original), or now when the event is not stored yet. */

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
/* [{"card","slot","token","player":{"id","name"},"game","seq","at","memories"}] of the
 * campaign, memories as store_memory_json() gives them, newest first; before_game > 0
 * keeps only stamps from earlier games. */
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
/* The campaign's boards and games for an export (API.md, version 4):
 * {"board": index of the campaign's own copy, "boxes": [{"edition","board": index}] of
 *  its other boxes, "boards": [every distinct board once],
 *  "games": [{"id","edition","mode","status","started_at","ended_at","played_at","winner","seats",
 *  "board": index,"events":[{"seq","type","at","voided","payload"}]}]}, games oldest
 * first, so that an export grows with its events, not with its games. */
int store_export_games_json(struct store *s, int64_t cid, char **out, struct sb_error *err);

/* The original times of what an import recreates: exactly one of campaign, player or
 * game is set; at is its created_at (started_at for a game; NULL keeps now), ended_at
 * a game's (NULL: none). */
struct store_import_times {
    int64_t campaign, player, game;
    const char *at;
    const char *ended_at;
};
int store_import_times(struct store *s, const struct store_import_times *t, struct sb_error *err);
/* Every play of the campaign, oldest first: [{"game","date","mode","status","winner",
 * "winner_id","started_at","ended_at","played_at","result","duration_min","location",
 * "seats":[{"player","name","token","stamps"}],"journal":[{"card","slot","token","name"}]}]
 * where stamps counts the board stamps of that player in that game and result is the
 * decided outcome of a results-mode game (null otherwise). */
int store_plays_json(struct store *s, int64_t cid, char **out, struct sb_error *err);
/* [{"id","name","created_at"}] oldest first. */
int store_export_players_json(struct store *s, int64_t cid, char **out, struct sb_error *err);

/* ---- building aside (an import that must not hold the writer) ---- */

/* The ids of an import: it continues after base (the largest campaign, player and game
 * ids when it was reserved) and takes none past top. */
#define STORE_ASIDE_KINDS 4 /* campaign, player, game and memory ids */
struct store_aside_ids {
    int64_t base[STORE_ASIDE_KINDS];
    int64_t top[STORE_ASIDE_KINDS];
};

/* Reserve in s, in a short write transaction of its own, the ids of an import of one
 * campaign, nplayers players, ngames games and nmemories memories (of those games):
 * placeholder rows that no key opens hold them, so that the server writes on beside the
 * import. */
int store_aside_reserve(struct store *s, int64_t nplayers, int64_t ngames, int64_t nmemories,
                        struct store_aside_ids *ids, struct sb_error *err);

/* A new private database (a temporary file) migrated from migrations_dir, in which ids
 * continue after ids->base: what is built there takes the ids reserved for it. No
 * other request waits while it is built. Free it with store_close(). */
int store_aside_new(const struct store_aside_ids *ids, const char *migrations_dir,
                    struct store **out, struct sb_error *err);

/* Copy everything built in aside into s over its reservation, in write transactions of
 * its own that hold the writer for at most about 50 ms each (s, the pool's writer, is
 * given back to the writers waiting in between). The campaign opens (its row takes the
 * place of its placeholder) in the last one: a reader sees all of it or nothing. On
 * failure call store_aside_drop(). SB_ECONFLICT when aside took ids it did not
 * reserve. The tables' columns must be in the same order in both. */
int store_aside_copy(struct store *s, struct store *aside, struct sb_error *err);

/* Delete every reservation that never opened and what was copied into it: after a
 * failed copy, and at start for one a crash interrupted. */
int store_aside_drop(struct store *s, struct sb_error *err);

#endif
