/* board_edit.h -- the edits a campaign makes to its board document (API.md "Correcting
 * the box"): PUTs of a destination, card or space, and the fields a correction changed. */
#ifndef STAMPBOOK_BOARD_EDIT_H
#define STAMPBOOK_BOARD_EDIT_H

#include <cjson/cJSON.h>

#include "error.h"

/* Apply a PUT body to the destination did (fields name, colour, price, fee, set_fee,
 * goal) / journal card / chance card of the document doc, in place, marking each
 * edited object source "group"; "checked": true (alone or with edits) marks the object
 * and each of its fields "group" ("checked": false is SB_EINVALID). The result is checked with
 * board_from_json() and doc is left unchanged on error. *item is set to the edited object (borrowed
 * from doc). Returns 0, SB_ENOTFOUND for an unknown id, SB_EBADREQ or SB_EINVALID. */
int board_put_destination(cJSON *doc, const char *did, const cJSON *body, cJSON **item,
                          struct sb_error *err);
int board_put_journal(cJSON *doc, const char *card, const cJSON *body, cJSON **item,
                      struct sb_error *err);
int board_put_chance(cJSON *doc, const char *card, const cJSON *body, cJSON **item,
                     struct sb_error *err);

/* Apply a PUT body (kind, name, amount) to the space at index of doc, as the other PUTs
 * do. A destination space keeps its kind; a new name of a destination space is its
 * destination's name too. Returns 0, SB_ENOTFOUND for no such space, SB_EBADREQ or
 * SB_EINVALID. */
int board_put_space(cJSON *doc, int index, const cJSON *body, cJSON **item, struct sb_error *err);

/* The fields a correction of a what ("destination", "chance", "journal"; any other, a
 * fact of another kind's box such as a "deed": every field but its sources) changed from
 * the object old to the object now: *fields gets their new values and *before their old
 * ones (null where old had none), both new objects the caller frees; empty when nothing
 * that a correction names changed. Returns 0 or SB_ENOMEM. */
int board_changes(const cJSON *old, const cJSON *now, const char *what, cJSON **fields,
                  cJSON **before, struct sb_error *err);

#endif
