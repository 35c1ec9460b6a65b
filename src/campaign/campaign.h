/* campaign.h -- the campaign layer: everything a request does to a campaign but a game's
 * own life (game.h), between the API handlers and the store. It opens the database,
 * lends a request its connection, and creates, reads and changes campaigns, their
 * players, keys and board, reads their journal and stats, and exports and imports them;
 * the rules about campaigns ("the layout cannot change while a game is active") live
 * here. Handlers parse a request, call one function here and answer.
 *
 * Functions take the request's struct game_req (its connection, campaign and error
 * record) and, unless they say otherwise, run their own transaction: a write is
 * answered only once its COMMIT has succeeded, and a refused one changes nothing. */
#ifndef STAMPBOOK_CAMPAIGN_H
#define STAMPBOOK_CAMPAIGN_H

#include <stdbool.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "editions.h"
#include "error.h"
#include "game.h"
#include "keys.h"

#define CAMPAIGN_TIME_MAX 32

/* ---- the database (campaign_db.c) ---- */

/* Open the database at db_path, migrated with migrations (a folder), behind a pool of
 * pool_size connections probed every probe_ms (0: never). campaign_db_close(NULL) is a
 * no-op. */
int campaign_db_open(const char *db_path, const char *migrations, int pool_size, unsigned probe_ms,
                     struct store_pool **pool, struct sb_error *err);
void campaign_db_close(struct store_pool *pool);

/* Lend a request a connection of pool: the writer when writer is set. */
int campaign_db_connect(struct store_pool *pool, bool writer, struct store **s,
                        struct sb_error *err);
/* SB_EBUSY (503) with the reason while the database's schema is behind this server's
 * (its migration could not be written at start) or it cannot be read: every request
 * but health is refused then. 0 otherwise. */
int campaign_db_behind(struct store_pool *pool, struct sb_error *err);
/* Hold one read transaction on s for all of a request's reads (a key, then a game):
 * SQLite's file locks taken once, not once each. */
int campaign_db_snapshot(struct store *s, struct sb_error *err);
/* Give it back, ending the snapshot first when there is one (snapshot); NULL is a
 * no-op. This function can't fail. */
void campaign_db_disconnect(struct store_pool *pool, struct store *s, bool snapshot);

/* The count of COMMITs begun on pool, or CAMPAIGN_GENERATION_BUSY while one runs: an
 * answer read while it stayed the same shows no write half-done. */
#define CAMPAIGN_GENERATION_BUSY UINT64_MAX
uint64_t campaign_db_generation(struct store_pool *pool);

/* The health of the database behind s: SB_EBUSY (or another code) when its file is gone,
 * cannot be written or the last write failed; *schema_version the migration applied. */
int campaign_db_health(struct store_pool *pool, struct store *s, int *schema_version,
                       struct sb_error *err);
/* Size of the database in bytes; the number of campaigns it holds. */
int campaign_db_size(struct store *s, int64_t *bytes, struct sb_error *err);
int campaign_db_count(struct store *s, int64_t *n, struct sb_error *err);
/* Copy the whole database to file, checked. */
int campaign_db_backup(struct store_pool *pool, const char *file, struct sb_error *err);
/* The current time as RFC 3339 UTC with milliseconds. This function can't fail. */
void campaign_now(char out[CAMPAIGN_TIME_MAX]);

/* ---- campaigns (campaign.c) ---- */

/* Load campaign cid into *r->campaign (SB_ENOTFOUND when there is none). */
int campaign_load(struct game_req *r, int64_t cid);

/* What a new campaign is made of. board NULL: the edition's own board, read from
 * editions; timezone (checked) NULL: the server's; house NULL: the official readings. */
struct campaign_new {
    const char *name, *edition, *policy, *board, *timezone;
    const cJSON *house;
    const struct editions *editions;
    bool anonymous; /* made by a request without an admin key (its streams' budget) */
};

/* Create a campaign; *answer gets {"campaign","key","view_key"} (the caller frees it),
 * *cid its id. campaign_create_in runs in the caller's write transaction. */
int campaign_create(struct game_req *r, const struct campaign_new *n, int64_t *cid, char **answer);
int campaign_create_in(struct game_req *r, const struct campaign_new *n, int64_t *cid,
                       char **answer);

/* {"campaign","players","games"} of the request's campaign. */
int campaign_read(struct game_req *r, char **answer);
/* Change its name, stamp policy and time zone (each NULL: keep) and house rules (a
 * request's "house_rules", NULL: none); *campaign gets the campaign's object as text. */
int campaign_update(struct game_req *r, const char *name, const char *policy, const char *zone,
                    const cJSON *house, char **campaign);
/* A new pair of keys (text into key and view_key) that retires the old one. */
int campaign_new_keys(struct game_req *r, char key[KEYS_TEXT_MAX], char view_key[KEYS_TEXT_MAX]);
/* [{"id","name","edition","games","last_activity"}] of every campaign. */
int campaign_list(struct game_req *r, char **list);

/* The players ([{"id","name","games","wins"}]); add one; rename one in the campaign and
 * in the states of the games it sits in. */
int campaign_players(struct game_req *r, char **players);
int campaign_player_add(struct game_req *r, const char *name, int64_t *pid);
int campaign_player_rename(struct game_req *r, int64_t pid, const char *name);

/* The games of the campaign, newest first. */
int campaign_games(struct game_req *r, char **games);
/* The plays and the campaign object, read together, for the exports of other apps. */
int campaign_plays(struct game_req *r, char **plays, char **campaign);

/* ---- the board (campaign_board.c) ---- */

enum campaign_board_part {
    PART_DESTINATION,
    PART_JOURNAL,
    PART_CHANCE,
    PART_SPACE,
    PART_DEED,      /* the classic bank's boxes */
    PART_COMMUNITY, /* the classic bank's boxes */
};

/* The board copy of the campaign's box of edition (NULL: its own) with each fact's
 * check, a new document; SB_ENOTFOUND when it has no box of edition. */
int campaign_board(struct game_req *r, const char *edition, cJSON **doc);
/* Edit the part id names (a destination, a card, a space index) of the box of edition
 * (NULL: its own) with body; *item gets a copy of the edited item. While a game of that
 * box is active a destination or card correction is
 * appended to it as a correct event in the same transaction, and the layout cannot
 * change (but a space may be marked checked); a journal card keeps at least the circles
 * its stamps fill. */
int campaign_board_put(struct game_req *r, const char *edition, enum campaign_board_part part,
                       const char *id, const cJSON *body, cJSON **item);

/* ---- the journal and the stats (campaign_journal.c) ---- */

/* {"cards":[…]} of the Travel Journal with tonight's briefing for seats (the text of
 * ?seats=pid:token,…; NULL: the active game's). */
int campaign_journal(struct game_req *r, const struct editions *eds, const char *seats,
                     cJSON **doc);
/* One card of it with its "history". */
int campaign_journal_card(struct game_req *r, const struct editions *eds, const char *seats,
                          const char *card, cJSON **doc);
/* The campaign's stats document. */
int campaign_stats(struct game_req *r, char **stats);

/* ---- export and import (campaign_export.c) ---- */

/* The whole campaign as one document (format stampbook-campaign). */
int campaign_export(struct game_req *r, char **doc);

/* Where an import is built: the pool (its writer is taken to copy it in), the editions
 * and the migrations for the database it is built in aside, and the check of what the
 * built database would add to the server's (check_growth(cls, aside, err): 0, or
 * SB_EFULL when it is too much). */
struct campaign_import_env {
    struct store_pool *pool;
    const struct editions *editions;
    const char *migrations;
    int (*check_growth)(void *cls, struct store *aside, struct sb_error *err);
    void *cls;
    bool anonymous; /* the campaign is made anonymously (campaign_new) */
};

/* Import doc (an export) as a new campaign: built aside, then copied in one short write.
 * *answer as for campaign_create. Whatever part of the document is refused, the whole
 * import is (SB_EINVALID). */
int campaign_import(struct game_req *r, const struct campaign_import_env *env, const cJSON *doc,
                    char **answer);

/* ---- the games' reads (campaign.c) ---- */

/* Start a game from a POST body (game_create()) with the campaign's box of edition (NULL:
 * its own), in its own write transaction. The first game of an edition gives the
 * campaign that box: board (a box file's document) or, NULL, the edition's default in
 * eds; a box file for a box it has already is 409 (campaign_boxes.c). */
int campaign_game_start(struct game_req *r, const struct editions *eds, const char *edition,
                        const char *board, const cJSON *body, int64_t *gid);
/* Work on the campaign's box of edition (NULL: the one loaded, its own) from now on:
 * r->campaign's box, active and latest game. SB_ENOTFOUND when it has no such box. */
int campaign_box_use(struct game_req *r, const char *edition);
/* The game object, its state and version. */
int campaign_game_read(struct game_req *r, int64_t gid, char **game, char **state,
                       int64_t *version);
/* The state snapshot and version only. */
int campaign_game_state(struct game_req *r, int64_t gid, char **state, int64_t *version);
/* The events after seq after and the game's version, read together. */
int campaign_game_events(struct game_req *r, int64_t gid, int64_t after, char **events,
                         int64_t *version);
/* SB_ENOTFOUND unless gid is a game of the campaign. */
int campaign_game_exists(struct game_req *r, int64_t gid);

/* The state of game gid of campaign cid and the campaign's key hashes, on a connection
 * of pool: for an event stream. */
int campaign_stream_state(struct store_pool *pool, int64_t cid, int64_t gid, char **state,
                          int64_t *version, unsigned char key[KEYS_HASH_BYTES],
                          unsigned char view_key[KEYS_HASH_BYTES], struct sb_error *err);

#endif
