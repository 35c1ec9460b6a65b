/* campaign_fixture.h -- a campaign on an in-memory database, for the game layer's tests:
 * migrated from migrations/, on the shipped Travel World Tour board, with players Ann and
 * Ben, and the request a game function takes, as the API fills it. */
#ifndef STAMPBOOK_CAMPAIGN_FIXTURE_H
#define STAMPBOOK_CAMPAIGN_FIXTURE_H

#include <stdint.h>

#include "error.h"
#include "game.h"
#include "store.h"

/* Open a new in-memory database named after name (a counter keeps each apart), migrate
 * it and create campaign "Box" (token policy) with players Ann and Ben: *s, *cid, *ann,
 * *ben. Fails the test on any error. */
void campaign_fixture_open(const char *name, struct store **s, int64_t *cid, int64_t *ann,
                           int64_t *ben);

/* Point r at connection *s, the game cache and campaign c (read again from the store, c->id
 * kept) with err, as the API does for each request. Fails the test on any error. */
void campaign_fixture_req(struct game_req *r, struct games *games, struct store **s,
                          struct store_campaign *c, struct sb_error *err);

#endif
