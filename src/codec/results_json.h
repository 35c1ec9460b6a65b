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

/* ---- the state of a results-mode game (struct results_state) ----
 * {"players":[{"id","name","token"}],"version","seq","status","mode":"results","winner",
 * "result"}: "winner" is null until the play ends with one, "result" null until a
 * `result` event decided it (then results_to_json()'s object). */

/* Read a state document (as results_state_to_json() writes it) into *st. Returns 0 or
 * SB_EINVALID naming the field; *st is then unspecified. */
int results_state_from_json(const cJSON *doc, struct results_state *st, struct sb_error *err);

/* A new state document of *st with the given version; NULL when out of memory. The
 * caller frees it with cJSON_Delete. */
cJSON *results_state_to_json(const struct results_state *st, int64_t version);

/* Read an event body's type into *t: SB_EBADREQ when it is no string, the error of
 * event_check_fields() for a field its type does not take; a note's text is checked
 * here too. A type a results-mode game does not take is RESULTS_EV_OTHER (for
 * results_accepts() to refuse). */
int results_event_head(const cJSON *body, enum results_event_type *t, struct sb_error *err);

/* Read the rest of an event of type ev->type (set by results_event_head()) for the game
 * of edition ed in state st into *ev: a result's standings and variant
 * (results_from_json(), for st's seats), an end's "winner" and "reason". Returns 0,
 * SB_EBADREQ or SB_EINVALID as results_from_json(). */
int results_event_from_json(const cJSON *body, enum results_edition ed,
                            const struct results_state *st, struct results_event *ev,
                            struct sb_error *err);

/* The effects array of an event of type t just applied to st: [{"kind":"win","player"}]
 * for a result, else []. NULL when out of memory; the caller frees it. */
cJSON *results_effects_to_json(const struct results_state *st, enum results_event_type t);

#endif
