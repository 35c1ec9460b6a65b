/* classic_json.h -- the classic bank (engine classic.h) between its structs and JSON:
 * a box document (schema/editions/classic.json, wonders.json, or a campaign's copy of
 * one), the house rules of RULES.md §3b, the state with its options as API.md "The
 * classic bank" shapes it, the effects of an event, and an event body. */
#ifndef STAMPBOOK_CLASSIC_JSON_H
#define STAMPBOOK_CLASSIC_JSON_H

#include <stdint.h>

#include <cjson/cJSON.h>

#include "classic.h"
#include "error.h"

/* Read and check a box document into b: spaces (kind go, street, station, utility,
 * chance, community, tax, jail, free_parking, go_to_jail; a Wonders box has wonder and
 * airport for street and station), deeds, chance and community cards, stock,
 * start_cash, go_salary, jail_fine, end_bonus. 422 (SB_EINVALID) naming the field, or
 * naming the rule classic_board_check() refuses. */
int classic_board_from_json(const cJSON *doc, struct classic_board *b, struct sb_error *err);

/* The house rules of §3b in obj (NULL or absent keys: the official reading) into *hr.
 * 400 for a wrong type, 422 for an unknown switch or a value out of range. */
int classic_house_from_json(const cJSON *obj, struct classic_house_rules *hr, struct sb_error *err);

/* hr as {"free_parking","auction","go_landing","starting_cash","jail_double","rent",
 * "variant"} (starting_cash: null for the box's). NULL when out of memory. */
cJSON *classic_house_to_json(const struct classic_house_rules *hr);

/* The state document of API.md (the options included) at version, for edition. NULL
 * when out of memory. */
cJSON *classic_state_to_json(const struct classic_board *b, const struct classic_state *st,
                             const char *edition, int64_t version);

/* Read a state document that classic_state_to_json() wrote back into st (on board b).
 * SB_EINVALID naming the field when it is not one. */
int classic_state_from_json(const cJSON *doc, const struct classic_board *b,
                            struct classic_state *st, struct sb_error *err);

/* The effects of out as API.md lists them (players by id, the Bank as "bank"), read
 * against st (the state after the event). NULL when out of memory. */
cJSON *classic_effects_to_json(const struct classic_board *b, const struct classic_state *st,
                               const struct classic_outcome *out);

/* Read an event body ({"type",…}) against the state it applies to: player ids to seats,
 * card ids to deck indexes. 400 for a wrong type, 422 naming the field (and the rule
 * that refuses the event type as a whole) for a value the table does not hold. */
int classic_event_from_json(const cJSON *body, const struct classic_board *b,
                            const struct classic_state *st, struct classic_event *ev,
                            struct sb_error *err);

/* Report a refusal in err: 409 (SB_ECONFLICT) once the game is over, else 422 naming
 * its rule. Returns the code. */
int classic_refusal_fail(const struct classic_refusal *r, struct sb_error *err);

#endif
