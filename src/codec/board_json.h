/* board_json.h -- board documents (API.md "Board shape") to struct board and back.
 *
 * A board document is what an edition file holds and what a campaign keeps as its own
 * copy: names, texts and sources live only in the document; board_from_json() keeps
 * what the rules need. The edits of a document are board_edit.h's (src/edit/). */
#ifndef STAMPBOOK_BOARD_JSON_H
#define STAMPBOOK_BOARD_JSON_H

#include <cjson/cJSON.h>

#include "board.h"
#include "error.h"

/* The space kind named s (enum space_kind: "go", "destination", ...), or -1. This
 * function can't fail. */
int board_space_kind_of(const char *s);

/* Parse and check a whole board document into *b: 40 spaces of known kinds, every
 * destination on exactly one destination space, goals naming destinations, tokens and
 * cards with unique slugs, effects of known shapes, money non-negative multiples of
 * 10. Returns 0, or SB_EINVALID with err naming the bad fact. */
int board_from_json(const cJSON *doc, struct board *b, struct sb_error *err);

/* Parse a Chance-style effect object ({"collect":N}, {"move_to":"id","salary":true},
 * ...) against the spaces and destinations of b. Returns 0 or SB_EINVALID. */
int board_effect_from_json(const struct board *b, const cJSON *obj, struct effect *e,
                           struct sb_error *err);

/* Parse a Travel Journal effect ({"per_stamp":{"collect":N}}, optionally "drawer"). */
int board_journal_effect_from_json(const struct board *b, const cJSON *obj,
                                   struct journal_card *card, struct sb_error *err);

/* Count the facts of doc (spaces, destinations, Chance and Journal cards) and those the
 * group has checked (source "group"). This function can't fail. */
void board_check_count(const cJSON *doc, int *facts, int *checked);

/* Set doc's "check" to {"facts","checked"}. Returns 0 or SB_ENOMEM. */
int board_add_check(cJSON *doc, struct sb_error *err);

/* Refuse (SB_EINVALID, naming it) a field a board document does not have, on the
 * board or on any of its tokens, destinations, spaces and cards: what a box file or an
 * import brings is stored only when every field of it is known. */
int board_check_fields(const cJSON *doc, struct sb_error *err);

/* Check a box file (a board document as GET .../board answers it) like an edition and
 * return in *doc a new copy to store, without its "check" counts. Returns 0, SB_EBADREQ
 * when box is not an object, SB_EINVALID naming the damaged fact, or SB_ENOMEM. */
int board_from_box(const cJSON *box, cJSON **doc, struct sb_error *err);

#endif
