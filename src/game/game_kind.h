/* game_kind.h -- inside src/game/ only: a loaded game, and the kinds of game behind one
 * table of operations (as curl's Curl_ssl or git's ref_storage_be).
 *
 * game.c runs a game's life (its row, its event log, the cache, the transactions) and
 * calls its kind for everything the rules decide: the initial state, loading a state,
 * applying an event, printing the state, the snapshot's status, what an undo takes back.
 * Each kind is one file and one row of the table in game_kind.c:
 *
 *   game_twt.c      Travel World Tour (modes "banker" and "journal"; engine rules.c,
 *                   correct.c): a board, a struct game_state, the Travel Journal rows.
 *   game_results.c  the results-mode editions (mode "results"; engine results.c):
 *                   classic, Wonders and Deal plays logged by their result.
 *   game_classic.c  the classic bank (mode "banker" of the classic and Wonders boxes;
 *                   engine classic.c, codec classic_json.c).
 *
 * The kind of a new game is the first row that plays the campaign's edition in the mode
 * asked for (else the first that plays the edition, whose check_mode() says which modes
 * it takes); the kind of a stored game is the row that has its mode. Nothing outside src/game/
 * includes this. */
#ifndef STAMPBOOK_GAME_KIND_H
#define STAMPBOOK_GAME_KIND_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "board.h"
#include "game.h"
#include "house.h"
#include "rules.h"
#include "store.h"

#define GAME_SEATS_MAX 8 /* the most seats any kind takes */

/* A game loaded for writing or replaying: its row, its kind, and its kind's own data
 * (its board and state in the form its engine works on). */
struct game {
    struct store_game row;
    const struct game_kind *kind;
    void *ks;
};

/* A new game as game_create() read it, for its kind to start. */
struct game_new {
    int64_t gid;
    const char *mode;
    const char *board;       /* the board document the game is played on */
    struct house_rules hr;   /* a kind without own_house_rules: the campaign's merged */
    const cJSON *house_body; /* a kind with own_house_rules: the body's "house_rules" */
    int64_t duration_min;    /* -1 when absent */
    const char *location;    /* NULL when absent */
    int n;
    struct rules_seat seats[GAME_SEATS_MAX];
    char names[GAME_SEATS_MAX][RULES_NAME_MAX];
    const char *tokens[GAME_SEATS_MAX];
};

/* The operations of one kind of game. Every one is set (a kind with nothing to do has a
 * function that does nothing). */
struct game_kind {
    const char *name;
    /* ---- creating (game_create()) ---- */
    bool (*plays)(const char *edition);                      /* does it play this edition? */
    int (*check_mode)(struct game_req *r, const char *mode); /* the body's "mode" */
    bool play_details;                                       /* takes duration_min and location */
    bool token_required;                                     /* each seat names a token */
    const char *seat_rule;                                   /* the rule of the seat count */
    const char *twice_rule; /* the rule of a player seated twice; NULL for none */
    bool own_house_rules;   /* reads the body's house_rules itself (g->house_body), not
                             * the campaign's switches (RULES.md §1b) */
    const char *over_rule;  /* the rule that refuses an event once the game is over */
    int (*seats_max)(const struct game_req *r);
    int (*seats_check)(struct game_req *r, int n); /* the count read is enough */
    int (*initial)(struct game_req *r, struct game_new *g, cJSON **state);
    int (*keep_details)(struct game_req *r, const struct game_new *g);
    /* ---- loading ---- */
    bool (*has_mode)(const char *mode); /* a stored game's row mode */
    /* Fill gm->ks for gm->row (read without its documents): its board and snapshot
     * state; docs: also read the row's documents (game_get_docs()), for a replay. */
    int (*load)(struct game_req *r, struct game *gm, bool docs);
    void (*free)(void *ks);
    int (*set_state)(struct game_req *r, struct game *gm, const cJSON *doc);
    int (*reset)(struct game_req *r, struct game *gm); /* before a replay */
    /* ---- events ---- */
    bool (*banker)(const struct game *gm); /* the server rolls (event_check_request()) */
    bool (*over)(const struct game *gm);
    /* Apply body as event seq; *effects gets the effects array (the caller frees it).
     * aux: NULL in a replay; else *aux may get what written() needs (freed with free()).
     * On refusal gm's state is unspecified (twt changes it in place): the caller throws
     * gm away (game_prepare() clears its prep; a replay fails as damaged). */
    int (*apply)(struct game_req *r, struct game *gm, const cJSON *body, int64_t seq,
                 cJSON **effects, void **aux);
    /* Read body against gm as apply() does, applying nothing: the values its type
     * refuses (a die of 9, an unknown destination or player) are refused as a live
     * event's are, not the rules of the moment (a voided event of an import). */
    int (*check)(struct game_req *r, struct game *gm, const cJSON *body);
    /* The event (its stored payload) was written as seq: write what goes with it. */
    int (*written)(struct game_req *r, struct game *gm, const cJSON *payload, int64_t seq,
                   const void *aux);
    /* The payload stored for an accepted body of gm (a new tree; NULL when out of memory). */
    cJSON *(*payload)(const struct game_req *r, const struct game *gm, const cJSON *body);
    char *(*state_text)(const struct game *gm, int64_t version);
    void (*snapshot_meta)(const struct game *gm, struct store_snapshot *snap);
    int (*undo)(struct game_req *r, struct game *gm, int64_t seq);       /* before event seq goes */
    void (*cache)(struct game_req *r, struct game *gm, int64_t version); /* state stored, final */
    bool (*corrected)(const struct game *gm); /* its log corrected the box */
    /* ---- the rest of the stack (game_state.c, game_plays_fill(), game_import_house()) ---- */
    /* Its initial state is made again from its row (board, seats, house rules), so the
     * store may leave it to initial() (game_state.c). */
    bool remakes_initial;
    /* Fill a play of campaign_plays() for the exports: each seat's "score" (text, "" for
     * none) and "rank" (0: none), the play's "board" (what BG Stats names the board),
     * "house" (its house rules that are not the official readings, "" for none) and
     * "app_notes" (its comments go to other apps). */
    int (*play)(struct game_req *r, cJSON *play);
    /* The house rules of an exported game (its object in the export) into the body that
     * creates it again on import. False when out of memory. */
    bool (*import_house)(const cJSON *game, cJSON *body);
    /* Correct one fact of a box of its editions (the campaign's copy doc, in place):
     * what "destination", "journal", "chance", "community", "deed" or "space", id the
     * fact's id; *item the edited fact (borrowed from doc). SB_ENOTFOUND for a fact its
     * boxes do not have. */
    int (*box_put)(cJSON *doc, const char *what, const char *id, const cJSON *body, cJSON **item,
                   struct sb_error *err);
    /* A box file of its editions (at campaign creation, or a game's first of a box)
     * checked into *doc, the document to store (a new tree). */
    int (*box_from_file)(const cJSON *box, cJSON **doc, struct sb_error *err);
};

/* The operations of a kind whose functions are named <p>_<op> (twt_load...): a row
 * of the table is its name, its data and GAME_KIND_OPS(p), so it names every operation
 * (one missing does not compile). */
#define GAME_KIND_OPS(p)                                                                           \
    .plays = p##_plays, .check_mode = p##_check_mode, .seats_max = p##_seats_max,                  \
    .seats_check = p##_seats_check, .initial = p##_initial, .keep_details = p##_keep_details,      \
    .has_mode = p##_has_mode, .load = p##_load, .free = p##_free, .set_state = p##_set_state,      \
    .reset = p##_reset, .banker = p##_banker, .over = p##_over, .apply = p##_apply,                \
    .check = p##_check, .written = p##_written, .payload = p##_payload,                            \
    .state_text = p##_state_text, .snapshot_meta = p##_snapshot_meta, .undo = p##_undo,            \
    .cache = p##_cache, .corrected = p##_corrected, .play = p##_play,                              \
    .import_house = p##_import_house, .box_put = p##_box_put, .box_from_file = p##_box_from_file

extern const struct game_kind game_kind_twt;
extern const struct game_kind game_kind_classic;
extern const struct game_kind game_kind_results;

/* The kind of a new game of edition in mode (may be NULL); the kind of a stored game of
 * edition in mode (the first row that plays the edition in that mode, else the first
 * that has the mode; NULL when no kind has it). These functions can't fail. */
const struct game_kind *game_kind_for_new(const char *edition, const char *mode);
const struct game_kind *game_kind_for(const char *edition, const char *mode);

/* ---- what game.c lends the kinds ---- */

/* A piece of a game the cache shares between requests: a kind's parsed board, or a
 * state its engine works on. The kind's struct holds it as its first member and is
 * malloc()ed whole; it is freed with its last reference. Never changed once the cache
 * holds it (a kind changes a copy of its own). */
struct game_shared {
    atomic_int refs;
};

/* A new piece of size bytes (a kind's struct that begins with its struct game_shared)
 * with one reference, the caller's; the rest not initialised. NULL when out of memory. */
void *game_shared_new(size_t size);
/* Take a reference to s (NULL: nothing). Returns s. This function can't fail. */
void *game_shared_ref(struct game_shared *s);
/* Drop a reference to s (NULL: nothing): the last one frees it. */
void game_shared_unref(struct game_shared *s);

/* The game cache (game.c) holds, by game id, a board and the state of one version. The
 * cached board of gid (a reference the caller drops, NULL when none) and in *st a
 * reference to its state when that is the state of version (else NULL): the caller
 * copies what it changes. txn: the writer's open transaction (store_write_txn), whose
 * last append is looked at first; 0 for none. This function can't fail. */
void *game_cache_get(struct games *c, int64_t gid, int64_t version, uint64_t txn, void **st);

/* Note that gid has board and, at version, state st, for the cache once the request's
 * transaction commits: the cache takes a reference to each, and neither may change
 * again. This function can't fail (best effort). */
void game_cache_share(struct game_req *r, int64_t gid, struct game_shared *board, int64_t version,
                      struct game_shared *st);

/* Parse a JSON text the store kept (SB_EIO when it is not valid JSON). */
int game_parse_stored(struct game_req *r, const char *text, cJSON **out);

/* The payload() of a kind that stores an event's body as it came: a copy of body (NULL
 * when out of memory). */
cJSON *game_payload_as_sent(const struct game_req *r, const struct game *gm, const cJSON *body);

/* Undoing event seq of gm: when it is a correct event, put its "before" back into the
 * campaign's copy of the box of gm's edition (the kind's box_put()); the game's own copy
 * follows by replay. For a kind's undo(). */
int game_undo_correction(struct game_req *r, struct game *gm, int64_t seq);

/* Read gm's row again with its documents (board, initial state, snapshot). */
int game_get_docs(struct game_req *r, struct game *gm);

/* The state document gm is to load: the last one an append of the writer's open turns
 * left to their COMMIT, else the snapshot row's. This function can't fail. */
const char *game_stored_state(const struct game_req *r, const struct game *gm);

/* Set gm's state (its row read with its documents) from game_stored_state(), or by a
 * replay of its log when the store left the snapshot to the engine (NULL). */
int game_load_state(struct game_req *r, struct game *gm);

/* The initial state text of the game row (loaded with its docs) as it was stored at
 * its creation, made again by its kind's initial() from the row's board, seats and
 * house rules, for a kind whose row remakes_initial (game_state.h: the store may leave
 * it NULL). The caller frees *out. */
int game_initial_text(struct game_req *r, const struct store_game *row, char **out);

/* Set gm's state from a state document text (the snapshot or the initial): the kind's
 * set_state(), a refusal reported as a damaged stored state (SB_EIO). */
int game_set_state(struct game_req *r, struct game *gm, const char *text);

#endif
