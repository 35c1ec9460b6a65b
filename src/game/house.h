/* house.h -- house rules (RULES.md 1b) between requests, the store and the engine: a
 * campaign's, set by POST and PATCH, and the copy a game takes at its start (game.c).
 * The engine's struct house_rules is the only home of the switches; this layer merges a
 * request's over the campaign's and validates them. */
#ifndef STAMPBOOK_HOUSE_H
#define STAMPBOOK_HOUSE_H

#include <stdbool.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "error.h"
#include "rules.h"
#include "store.h"

/* Write campaign cid's house rules from a request's "house_rules" (obj; NULL when the
 * request has none) inside the caller's write transaction: in a new campaign (patch
 * false) every switch left out takes its official reading, the starting cash the box's
 * (house_box_cash()); in a PATCH it keeps its
 * current one (and no obj changes nothing). SB_EBADREQ for a value of the wrong JSON
 * type, SB_EINVALID for an unknown switch or value, and nothing written. */
int house_write_campaign(struct store *s, int64_t cid, const cJSON *obj, bool patch,
                         struct sb_error *err);

/* The house rules a new game of campaign cid plays by: the campaign's, with the switches
 * of obj (a POST …/games "house_rules"; NULL: none) over them. Errors as above. */
int house_for_game(struct store *s, int64_t cid, const cJSON *obj, struct house_rules *hr,
                   struct sb_error *err);

/* hr as the JSON text stored with a campaign or a game; the caller frees it. NULL when
 * out of memory. */
char *house_text(const struct house_rules *hr);

#endif
