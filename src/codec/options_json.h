/* options_json.h -- the legal events now (state.options) as JSON.
 *
 * API.md "Additions of 2026-12": the engine lists the events legal now with what the
 * table needs to offer them (destinations, costs, amounts, who); this writes that list
 * and, beside it, the events the table would look for that the rules refuse now, each
 * with the rule and the reason (state.unavailable). */
#ifndef STAMPBOOK_OPTIONS_JSON_H
#define STAMPBOOK_OPTIONS_JSON_H

#include <stdbool.h>

#include "board.h"
#include "jbuf.h"
#include "rules.h"

/* Write the members "options" and "unavailable" of the state object being written in j
 * for st (both null in journal mode, empty once the game is over). Returns false when j
 * could not grow. */
bool options_write(struct jbuf *j, const struct board *b, const struct game_state *st);

#endif
