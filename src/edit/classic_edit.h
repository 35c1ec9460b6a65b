/* classic_edit.h -- the corrections a campaign makes to a classic or Wonders box (API.md
 * "The classic bank": PUT …/board/deeds/{space}, …/chance/{card}, …/community/{card},
 * …/spaces/{index}). */
#ifndef STAMPBOOK_CLASSIC_EDIT_H
#define STAMPBOOK_CLASSIC_EDIT_H

#include <cjson/cJSON.h>

#include "error.h"

/* Apply a PUT body to one fact of the box doc, in place: what is "deed" (id: its space,
 * "0".."39"; fields name, group, price, mortgage, house, rents, multipliers), "chance"
 * or "community" (id: the card's id; text, effect) or "space" (id: its index; name,
 * kind, amount). The fact edited or marked "checked": true becomes source "group"
 * ("checked": false is SB_EINVALID); the whole box is checked with
 * classic_board_from_json() and doc is left unchanged on error. *item is set to the
 * edited fact (borrowed from doc). Returns 0, SB_ENOTFOUND for no such fact,
 * SB_EBADREQ or SB_EINVALID. */
int classic_box_put(cJSON *doc, const char *what, const char *id, const cJSON *body, cJSON **item,
                    struct sb_error *err);

#endif
