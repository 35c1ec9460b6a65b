/* game_state.c -- the state documents of a game the store leaves NULL, made again by
 * the engine (game_state.h): issue 25, an import grows the database by at most four
 * times its body. */
#include "game_state.h"

#include <stdlib.h>
#include <string.h>

#include "game_kind.h"

int game_state_fill(struct game_req *r, int64_t gid, char **state, int64_t *version)
{
    return *state ? 0 : game_state_made(r, gid, false, state, version, NULL);
}

/* The ids of a campaign's games, gathered before any is changed. */
struct game_ids {
    int64_t *ids;
    size_t n, cap;
};

static int game_ids_add(void *arg, int64_t gid)
{
    struct game_ids *g = arg;
    if (g->n == g->cap) {
        size_t cap = g->cap ? g->cap * 2 : 64;
        int64_t *grown = realloc(g->ids, cap * sizeof(*grown));
        if (!grown)
            return SB_ENOMEM;
        g->ids = grown;
        g->cap = cap;
    }
    g->ids[g->n++] = gid;
    return 0;
}

/* May the snapshot of row be left to a replay? Once the game is over nothing changes
 * it but a rename (which game_rename_player() leaves to the replay too) and the undo
 * of the campaign's latest game (which stores the state it replays). An import
 * appended each event to the state before it as a replay of the log applies it again
 * to the same initial state (test_game_state.c checks the texts are the same), unless
 * a correction changed the box: then the snapshot is kept, and so it is for a game of
 * many events, which each read would replay. */
static int game_state_replays(struct game_req *r, const struct store_game *row, bool *replays)
{
    cJSON *doc = NULL;
    *replays = false;
    if (!row->state || strcmp(row->status, "active") == 0 || row->seq > GAME_STATE_REPLAY_MAX)
        return 0;
    if (!(doc = cJSON_Parse(row->state)))
        return sb_fail(r->err, SB_EIO, NULL, "stored JSON is damaged");
    *replays = !cJSON_GetObjectItemCaseSensitive(doc, "corrections");
    cJSON_Delete(doc);
    return 0;
}

/* Leave game gid's documents to the engine where it makes them again byte for byte. */
static int game_state_leave_one(struct game_req *r, int64_t gid)
{
    struct store_game row;
    const struct game_kind *k;
    char *initial = NULL;
    bool same_initial = false, same_state = false;
    int rc = store_game_get(*r->store, r->campaign->id, gid, true, &row, r->err);
    if (rc != 0)
        return rc;
    k = game_kind_for(row.edition, row.mode);
    if (k && k->remakes_initial && row.initial) {
        rc = game_initial_text(r, &row, &initial);
        same_initial = rc == 0 && strcmp(initial, row.initial) == 0;
    }
    if (rc == 0 && same_initial)
        rc = game_state_replays(r, &row, &same_state);
    if (rc == 0 && same_initial)
        rc = store_game_leave_docs(*r->store, gid, same_state, true, r->err);
    free(initial);
    store_game_clear(&row);
    return rc;
}

int game_state_leave(struct game_req *r)
{
    struct game_ids g = {NULL, 0, 0};
    int rc = store_games_each(*r->store, r->campaign->id, game_ids_add, &g, r->err);
    if (rc == SB_ENOMEM)
        rc = sb_oom(r->err);
    for (size_t i = 0; rc == 0 && i < g.n; i++)
        rc = game_state_leave_one(r, g.ids[i]);
    free(g.ids);
    return rc;
}
