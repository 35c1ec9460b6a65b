/* state_json.h -- game states, events and effects between the engine and JSON.
 *
 * The state document is API.md's "Game state shape" plus what the engine needs to
 * resume exactly (the journal, the turn's flags, pending details); state_from_json()
 * reads back exactly what state_to_json() writes, so a snapshot round-trips. */
#ifndef STAMPBOOK_STATE_JSON_H
#define STAMPBOOK_STATE_JSON_H

#include <cjson/cJSON.h>

#include "board.h"
#include "error.h"
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

/* Decode an event body against the board and the current state into *ev (ids resolved
 * to indexes; ev->seq left for the caller). Returns 0, SB_EBADREQ for a wrong type or
 * a missing field, SB_EINVALID for an unknown type, id, seat or a value out of range. */
int event_from_json(const struct board *b, const struct game_state *st, const cJSON *body,
                    struct rules_event *ev, struct sb_error *err);

/* Refuse (SB_EINVALID) an event body naming a field its type does not take, at the top
 * or inside its objects (a trade's sides, a result's standings); the fields each type
 * takes are one table in state_json.c. 0 for a body without a known string "type" (the
 * type's reader refuses those). event_from_json() calls it. */
int event_check_fields(const cJSON *body, struct sb_error *err);

/* Is type one of the event types API.md lists? This function can't fail. */
bool event_type_known(const char *type);

/* Refuse (SB_EINVALID) a body sent by a client that names a field the server records
 * with an event itself: a draw_journal's "stamp_owner" (rule TWT-JOURNAL-5: the
 * campaign's policy alone decides who is paid; the server stores the policy it paid
 * under); and in a banker game (banker) a draw_journal's "player", which takes card
 * only (the drawer is who landed). 0 for every other body. Reads only body. */
int event_check_request(const cJSON *body, bool banker, struct sb_error *err);

/* A new JSON array of the effects of out, ids as slugs and seats as player ids;
 * NULL when out of memory. st is the state after the event (for seat -> player id). */
cJSON *effects_to_json(const struct board *b, const struct game_state *st,
                       const struct rules_outcome *out);

/* The project error code for an engine refusal: SB_ECONFLICT for a conflict with the
 * game's state, SB_EINVALID for a rule or validation saying no. This function can't fail. */
int refusal_code(const struct rules_refusal *r);

#endif
