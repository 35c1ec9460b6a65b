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

/* campaign_fixture_open() on the database at path (a file, or an SQLite URI). */
void campaign_fixture_open_file(const char *path, struct store **s, int64_t *cid, int64_t *ann,
                                int64_t *ben);

/* Point r at connection *s, the game cache and campaign c (read again from the store, c->id
 * kept) with err, as the API does for each request. Fails the test on any error. */
void campaign_fixture_req(struct game_req *r, struct games *games, struct store **s,
                          struct store_campaign *c, struct sb_error *err);

/* Create a game from body (a POST …/games body) with request r, in a write transaction
 * of its own on *r->store: *gid gets its id. Fails the test on any error. */
void campaign_fixture_game(struct game_req *r, const char *body, int64_t *gid);

/* A whole fixture: the campaign above, a game cache, the request and the game in play. */
struct campaign_fix {
    struct store *s;
    struct games *games;
    struct store_campaign campaign;
    struct sb_error err;
    struct game_req r;
    int64_t ann, ben, gid;
};

/* A new struct campaign_fix (the caller frees it with campaign_fix_free()) on a database
 * named after name. Fails the test on any error. */
struct campaign_fix *campaign_fix_new(const char *name);
void campaign_fix_free(struct campaign_fix *f);
/* A cmocka tear-down for a fixture the set-up made: campaign_fix_free(*state). Returns 0. */
int campaign_fix_teardown(void **state);
/* f->r ready for the next request (campaign_fixture_req() on f, err cleared). */
void campaign_fix_req(struct campaign_fix *f);

/* Start a banker game of Ann (scottie) then Ben (hazel) on f: f->gid. Fails the test on
 * any error. */
void campaign_fix_game(struct campaign_fix *f);

/* Where a fixture on a file of its own lives (WAL, a pool, an import need a file). */
struct campaign_fix_place {
    char dir[64]; /* a new folder under /tmp */
    char db[96];  /* its database file */
};

/* The campaign of campaign_fixture_open() and a game cache into f (games, campaign.id,
 * ann, ben) on a database file in a new folder (*at). -1 when the folder or the cache
 * cannot be made; fails the test on any other error. */
int campaign_fix_open_place(struct campaign_fix *f, struct campaign_fix_place *at);
/* Close f's connection and cache, and remove the database's files and the folder. */
void campaign_fix_close_place(struct campaign_fix *f, const struct campaign_fix_place *at);

#endif
