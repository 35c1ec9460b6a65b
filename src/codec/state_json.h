/* state_json.h -- game states and effects between the engine and JSON (events: event_json.h).
 *
 * The state document is API.md's "Game state shape" plus what the engine needs to
 * resume exactly (the journal, the turn's flags, pending details); state_from_json()
 * reads back exactly what state_to_json() writes, so a snapshot round-trips. */
#ifndef STAMPBOOK_STATE_JSON_H
#define STAMPBOOK_STATE_JSON_H

#include <cjson/cJSON.h>

#include "board.h"
#include "error.h"
#include "event_json.h" /* events: event_from_json() and the checks of a body */
#include "jbuf.h"
#include "rules.h"

/* Write the JSON object of st (ids as slugs, seats as player ids) with "version" set to
 * version into j, as cJSON would print it; false when j could not grow. */
bool state_write(struct jbuf *j, const struct board *b, const struct game_state *st,
                 int64_t version);

/* The same object as a new text (the caller frees it); NULL when out of memory. */
char *state_print(const struct board *b, const struct game_state *st, int64_t version);

/* The same object as a new cJSON tree (cJSON_Delete); NULL when out of memory. */
cJSON *state_to_json(const struct board *b, const struct game_state *st, int64_t version);

/* Read a document written by state_to_json() into *st. Returns 0 or SB_EINVALID. */
int state_from_json(const struct board *b, const cJSON *doc, struct game_state *st,
                    struct sb_error *err);

/* A new JSON array of the effects of out, ids as slugs and seats as player ids;
 * NULL when out of memory. st is the state after the event (for seat -> player id). */
cJSON *effects_to_json(const struct board *b, const struct game_state *st,
                       const struct rules_outcome *out);

/* The project error code for an engine refusal: SB_ECONFLICT for a conflict with the
 * game's state, SB_EINVALID for a rule or validation saying no. This function can't fail. */
int refusal_code(const struct rules_refusal *r);

#endif
