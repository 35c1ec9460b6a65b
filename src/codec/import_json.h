/* import_json.h -- an export document (POST /api/v1/campaigns/import) checked as a
 * whole where it is read, before the import writes any of it: what it would store is
 * held to what the routes that write those things accept. */
#ifndef STAMPBOOK_IMPORT_JSON_H
#define STAMPBOOK_IMPORT_JSON_H

#include <stdbool.h>

#include <cjson/cJSON.h>

#include "editions.h"
#include "error.h"

/* Is s an RFC 3339 UTC time as the server writes them ("2026-11-29T19:40:01.123Z";
 * the fraction optional, the date and time of day real)? This function can't fail. */
bool import_is_time(const char *s);

/* Check doc, an export document of a campaign of a known edition: every time it
 * records (campaign.created_at, players[].created_at, games[].started_at and
 * ended_at, each event's at, memories[].at) is RFC 3339 UTC; every event, voided ones
 * included, is of a known type (its "type" the same as its payload's); every board it
 * holds is held
 * to the edition it names (the campaign's when none): only the fields a board has
 * (board_check_fields()) for an edition the rules engine plays, and for an edition of
 * results only (classic...) a known edition and not a board the rules engine plays.
 * Returns 0, or SB_EINVALID naming the field. */
int import_doc_check(const cJSON *doc, const struct editions *eds, struct sb_error *err);

#endif
