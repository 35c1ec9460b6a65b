/* game_state.h -- the state documents of a game the store leaves NULL (migration 0021),
 * made again by the engine: the initial state from the game's board, seats, house
 * rules and the journal the games before it left, the snapshot by replaying the live
 * events from it. For the game layer and the campaign layer's readers only. */
#ifndef STAMPBOOK_GAME_STATE_H
#define STAMPBOOK_GAME_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "game.h"
#include "rules.h"
#include "store.h"

/* The most live events a game may have for its snapshot to be left to a replay: each
 * read of it replays them (until the game cache holds it). */
#define GAME_STATE_REPLAY_MAX 256

/* When *state is NULL (the store left game gid's snapshot to the engine), fill it with
 * the state replayed, and *version with its version. Otherwise nothing changes. */
int game_state_fill(struct game_req *r, int64_t gid, char **state, int64_t *version);

/* Leave to the engine the documents of the games of r->campaign it makes again byte
 * for byte: the initial state of every Travel World Tour game (checked against the
 * stored text), the snapshot of those ended with at most GAME_STATE_REPLAY_MAX live
 * events and no correction of the box. For an import, whose appends are the replay,
 * inside the caller's write transaction. */
int game_state_leave(struct game_req *r);

#endif
