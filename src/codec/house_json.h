/* house_json.h -- house rules (RULES.md §1b) between the engine and JSON.
 *
 * The document is {"goal_jump":"next_turn"|"any_turn", "travel_pays_go":bool,
 * "go_landing":200|400, "free_parking":"nothing"|"jackpot", "auction":bool,
 * "fees":"ask"|"automatic", "stamps_to_win":3..6, "starting_cash":500..5000} (API.md
 * "House rules"). The engine's struct house_rules is the only home of the switches;
 * this file only names them. */
#ifndef STAMPBOOK_HOUSE_JSON_H
#define STAMPBOOK_HOUSE_JSON_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "error.h"
#include "jbuf.h"
#include "rules.h"

/* The JSON name of switch sw ("goal_jump"...). This function can't fail. */
const char *house_switch_name(enum house_switch sw);

/* A new JSON object with every switch of hr; NULL when out of memory. */
cJSON *house_rules_to_json(const struct house_rules *hr);

/* Write every switch of hr to j as one JSON object (j->failed says if memory ran out). */
void house_rules_write(struct jbuf *j, const struct house_rules *hr);

/* Read the switches named in obj over *hr (a switch left out keeps its value). obj must
 * be an object; a value of the wrong JSON type is SB_EBADREQ, an unknown switch or a
 * value outside its range SB_EINVALID (naming the switch and its HOUSE- rule). On
 * error *hr is unchanged. */
int house_rules_from_json(const cJSON *obj, struct house_rules *hr, struct sb_error *err);

/* Read a stored game's or campaign's house rules text (NULL or empty: dflt). SB_EIO
 * when the text is damaged. */
int house_rules_from_text(const char *text, const struct house_rules *dflt, struct house_rules *hr,
                          struct sb_error *err);

/* The starting cash a box document gives its games when the group sets none (issue 41:
 * a box file's money is the game's money): its "start_cash", brought within HOUSE-CASH's
 * range (500..5000 in tens); dflt when board is not an object with one. This function
 * can't fail. */
int house_box_cash(const cJSON *board, int dflt);

/* The switches of hr that differ from the official reading, as "name: value" joined by
 * ", " into buf (n bytes, always NUL-terminated; "" when all are official). Returns the
 * number of such switches. This function can't fail. */
int house_rules_describe(const struct house_rules *hr, char *buf, size_t n);

#endif
