/* results_json.h -- the `result` event of results mode (API.md) to standings, and the
 * decided outcome back to JSON.
 *
 * The body is {"type":"result", "variant"?, "winner"?, "standings":[{"player",
 * "bankrupt_order"?, "cash"?, "property_value"?, "mortgaged_value"?, "buildings_value"?,
 * "wonders_ticked"?, "complete_sets"?}]}; "winner" is the player the table names when
 * the figures tie (RESULTS-TIE). The answer is {"edition","variant","winner",
 * "tie_broken","players":[{"player","rank",...figures}]}. */
#ifndef STAMPBOOK_RESULTS_JSON_H
#define STAMPBOOK_RESULTS_JSON_H

#include <stdint.h>

#include <cjson/cJSON.h>

#include "error.h"
#include "results.h"

/* Read a result event for a game of edition ed whose seats are the player ids
 * seats[0..nseats). Every seated player must have exactly one standing; *n standings
 * are written to out[0..RESULTS_MAX_PLAYERS) in seat order, and *v gets the variant
 * ("standard" when absent). Returns 0, SB_EBADREQ for wrong JSON types or a missing
 * field, SB_EINVALID for values out of range (money 0..10^9, bankrupt_order 1..nseats,
 * wonders_ticked 0..22, complete_sets 0..10), unknown or unseated players, a player
 * twice or missing, or a variant the edition does not play. The outputs are written
 * only on success. */
int results_from_json(const cJSON *body, enum results_edition ed, const int64_t *seats, int nseats,
                      struct results_standing *out, int *n, enum results_variant *v,
                      struct sb_error *err);

/* A new JSON object for a decided outcome; NULL when out of memory. The caller frees
 * it with cJSON_Delete. */
cJSON *results_to_json(const struct results_outcome *o);

/* Read and decide a result event in one call: results_from_json(), then
 * results_decide(). Returns 0 with *out filled, or an error code with err filled (a
 * rule refusal is SB_EINVALID with err->rule set). */
int results_decide_json(const cJSON *body, enum results_edition ed, const int64_t *seats,
                        int nseats, struct results_outcome *out, struct sb_error *err);

/* ---- the state of a results-mode game ----
 * {"version","seq","status","mode":"results","winner","result","players":[{"id","name",
 * "token"}]}: a play is logged by one `result` event (or ended by `end`); `note` is
 * taken at any time. */

/* The state document of a new results-mode game seating players[0..n) with their
 * names and tokens; NULL when out of memory. The caller frees it with cJSON_Delete. */
cJSON *results_state_new(const int64_t *players, const char *const *names,
                         const char *const *tokens, int n);

/* Apply one event body (`result`, `note` or `end`) to the state *doc of a game of
 * edition ed as event seq: *doc is replaced by the new state. On success *effects gets
 * the effects array (the caller frees it); on refusal *doc is unchanged: SB_ECONFLICT (RESULTS-END)
 * once the game is over, SB_EINVALID for another type or a refused result, SB_EBADREQ for wrong
 * types. */
int results_state_apply(cJSON **doc, enum results_edition ed, const cJSON *body, int64_t seq,
                        cJSON **effects, struct sb_error *err);

#endif
