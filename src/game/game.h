/* game.h -- the game layer: a game's whole life between the API handlers and the
 * engine and store. It creates games, loads them (with a cache of parsed boards and
 * states), applies and appends events, undoes, replays and renames; handlers parse a
 * request, call one function here and answer.
 *
 * Every function takes a struct game_req: what one request lends the game layer (its
 * store connection, its campaign, its error record). Functions that write expect the
 * caller's write transaction unless they say they run their own. */
#ifndef STAMPBOOK_GAME_H
#define STAMPBOOK_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "error.h"
#include "store.h"

/* The parsed boards and states of recently written games, shared by every request. */
struct games;
struct game_pending;

/* A new, empty cache; NULL when out of memory. games_free(NULL) is a no-op. */
struct games *games_new(void);
void games_free(struct games *g);

/* Drop every cached game: for a test that puts the database back underneath a running
 * server. This function can't fail. */
void games_forget(struct games *g);

/* What one request lends the game layer. store points at the request's connection
 * handle, which a shared commit gives up (sets to NULL). */
struct game_req {
    struct games *games;
    struct store **store;
    /* When set, *store may be a reader: game_post_event() works on a snapshot on it and
     * takes this pool's writer only to write (see there), as memory_put_photo() decodes
     * its photo on it. NULL: *store is the writer. */
    struct store_pool *pool;
    struct store_campaign *campaign; /* the request's campaign; create updates its games */
    struct sb_error *err;
    int appended;                 /* events appended, for the metrics once committed */
    struct game_pending *pending; /* for the cache once committed */
    /* The game's row (without its documents) just read in the same transaction by the
     * append under way, so that loading the game does not read it again; NULL: none. */
    const struct store_game *row;
};

/* After the request: publish what it noted for the cache when its transaction
 * committed (committed), else drop it. Exactly one finish for each request that used
 * the game layer. This function can't fail. */
void game_req_finish(struct game_req *r, bool committed);

/* Create a game in the campaign from a POST body (mode, seats, played_at) on board (a
 * board document; NULL: the campaign's own copy), inside the caller's write
 * transaction. *gid gets its id. */
int game_create(struct game_req *r, const cJSON *body, const char *board, int64_t *gid);

/* Read an event body (a voided one of an import) against game gid as it stands, as a
 * live event's is read, applying and writing nothing: SB_EINVALID (or SB_EBADREQ) for
 * a value its type refuses, such as a die of 9. */
int game_check_event(struct game_req *r, int64_t gid, const cJSON *body);

/* Append one event (a parsed body) to game gid as event seq (0: the next one) inside
 * the caller's write transaction; at: NULL for now. *answer (if given) gets the
 * {"event","effects","state"} document as text, which the caller frees; *version the
 * new version. A refused event changes nothing. */
int game_append(struct game_req *r, int64_t gid, const cJSON *body, int64_t seq, const char *at,
                const char *idem_key, char **answer, int64_t *version);

/* POST …/events in full, in its own write transaction: the Idempotency-Key's first
 * answer (*status 200) or, when if_match (may be NULL) names the game's version, the
 * appended event's answer (*status 201). Answered only once durable: on any error
 * (a COMMIT that failed after the event was worked out too) *answer is NULL; else it is
 * the caller's to free. With r->pool set, the writer's lock is held only to write: the
 * game is loaded, the event applied and the answer printed on a snapshot first, and
 * under the lock the version is checked (a lost race does it all again under the lock),
 * so appends to different games overlap. */
int game_post_event(struct game_req *r, int64_t gid, const cJSON *body, const char *idem_key,
                    const char *if_match, char **answer, int *status, int64_t *version);

/* What game_post_event_later() calls when the append is over: rc and, when rc is 0,
 * what game_post_event() would have given (answer the callee's to free). */
typedef void game_posted_fn(void *arg, int rc, char *answer, int status, int64_t version);

/* game_post_event() without waiting for the writer (r->pool must be set): 0 once the
 * append is under way, and then posted(arg, …) is called once, on the writer's thread,
 * when it is over (durable, or failed); else the error, and posted is never called.
 * r (and what it points to), body, idem_key and if_match must live until posted.
 * Without a reader (*r->store NULL: a caller that may not wait for the disk), the append
 * is taken only when its game has another append in flight, and so is worked out in the
 * writer's turn anyway; else GAME_NEEDS_READER, with nothing done. */
#define GAME_NEEDS_READER 2
int game_post_event_later(struct game_req *r, int64_t gid, const cJSON *body, const char *idem_key,
                          const char *if_match, game_posted_fn *posted, void *arg);

/* The append path (game_post_event(), game_post_event_later()), written as SQLite's
 * pager.c writes its states: the routes an append takes, then what holds on every one.
 *
 * Routes:
 *   R1. Without the pool (r->pool NULL: an import, the tests): game_post_locked() does
 *       it all in one write transaction on the request's connection.
 *   R2. Snapshot, then turn (r->pool set and no other append of its stripe in flight):
 *       game_post_snapshot() loads, applies and prints on the request's reader outside
 *       the writer's lock and gives the reader back; in the writer's turn
 *       game_post_prepared() writes what it worked out.
 *   R3. Turn only (another append of its stripe in flight, or R2 sent back GAME_AGAIN):
 *       game_post_locked() in the writer's turn.
 *
 * Invariants:
 *   (1) Nothing is answered before the COMMIT that holds it has succeeded: an answer
 *       leaves game_post_end() only with rc 0, and a turn that answered may still lose
 *       its COMMIT, which the caller then gets instead.
 *   (2) A refusal is trusted only from the current state: on a snapshot every error but
 *       SB_ENOMEM, SB_EBADREQ and SB_ENOTFOUND sends the append to R3.
 *   (3) R2 writes only when the game's version under the lock is the one the snapshot
 *       worked on; else nothing is written and it goes to R3 (GAME_AGAIN).
 *   (4) On every route the Idempotency-Key is checked under the lock: a known key gives
 *       its first answer (200) once that one is durable, the same key with another body
 *       is 422, and a new one is stored with the appended event's answer.
 *   (5) In a group commit each append runs in its own savepoint: one that fails undoes
 *       its savepoint and the snapshots it deferred (game_deferred_cut()), and the
 *       others go on.
 *   (6) The appends of the writer's turns defer their snapshots to the flush before the
 *       COMMIT, which writes each game's last one only (game_deferred_flush()); until
 *       then game_row_get() gives the writer the version and status they left.
 *   (7) The game cache publishes an entry only once the transaction that made it has
 *       committed (game_req_finish()); the next append of the writer's still-open
 *       transaction finds the state the last one made in the open entry
 *       (game_cache_keep_open()), forgotten when that COMMIT fails. A state the cache
 *       holds never changes.
 *   (8) A stripe's count of appends in flight is taken in game_post_begin() and given
 *       back once, in game_post_end(), on every route. */

/* Undo the last live event of gid, in its own write transaction: only the campaign's
 * latest game; if_match as for game_post_event. *answer gets {"undone","state"}. */
int game_undo(struct game_req *r, int64_t gid, const char *if_match, char **answer,
              int64_t *version);

/* The state of gid after event at (0: the initial state) by replay, as text the caller
 * frees; *version the game's current version. */
int game_state_at(struct game_req *r, int64_t gid, int64_t at, char **state, int64_t *version);

/* Game gid's state printed at its version (*version): the snapshot, or with replay the
 * state replayed from the initial state whatever the snapshot says; *corrected (if
 * given) says whether its log corrected the box. The caller frees *state. */
int game_state_made(struct game_req *r, int64_t gid, bool replay, char **state, int64_t *version,
                    bool *corrected);

/* Rename player pid in the stored states of every game it sits in, inside the caller's
 * write transaction. */
int game_rename_player(struct game_req *r, int64_t pid, const char *name);

/* Fill each play of campaign_plays()'s array (store_plays_json()) with what its kind
 * gives the exports: seats' "score" and "rank", the play's "board", "house" and
 * "app_notes" (game_kind.h). */
int game_plays_fill(struct game_req *r, cJSON *plays);

/* Correct one fact of the box r works on (its copy doc, in place) as the kind of its
 * edition knows them: what "destination", "journal", "chance", "community", "deed" or
 * "space", id the fact's id; *item gets the edited fact (borrowed from doc). */
int game_box_put(struct game_req *r, cJSON *doc, const char *what, const char *id,
                 const cJSON *body, cJSON **item);

/* Check a box file (body's "board") as the kind that banks the edition it names reads
 * it, into *doc, the board document to store (a new tree). SB_EBADREQ, SB_EINVALID. */
int game_box_from_file(const cJSON *box, cJSON **doc, struct sb_error *err);

/* The house rules of an exported game (its export object) into the body that creates
 * it again on import, as its kind keeps them. False when out of memory. */
bool game_import_house(struct game_req *r, const cJSON *game, cJSON *body);

/* SB_EPRECOND unless if_match (an If-Match value; NULL or "*" match anything) names
 * version. */
int game_check_version(struct sb_error *err, const char *if_match, int64_t version);

/* The same for any resource versioned as a game is (its ETag "<version>"): what names it
 * in the refusal ("the memory changed…"). */
int game_check_etag(struct sb_error *err, const char *if_match, int64_t version, const char *what);

#endif
