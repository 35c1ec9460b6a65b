/* campaign.c -- campaigns, their players and keys, and the reads of their games: each
 * in one transaction of its own on the request's connection. */
#include "campaign_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_state.h"
#include "house.h"
#include "tz.h"

/* ---- what the files share ---- */

int campaign_end_write(struct game_req *r, int rc)
{
    if (rc == 0)
        return store_commit(CAMPAIGN_DB(r), r->err);
    store_rollback(CAMPAIGN_DB(r));
    return rc;
}

int campaign_take_json(struct game_req *r, int rc, char *text, cJSON **out)
{
    if (rc == 0 && !(*out = cJSON_Parse(text)))
        rc = sb_fail(r->err, SB_EIO, NULL, "stored JSON is damaged");
    free(text);
    return rc;
}

int campaign_join(struct game_req *r, char **out, const char *fmt, ...)
{
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || !(*out = malloc((size_t)n + 1)))
        return sb_oom(r->err);
    va_start(ap, fmt);
    vsnprintf(*out, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return 0;
}

/* ---- campaigns ---- */

int campaign_load(struct game_req *r, int64_t cid)
{
    return store_campaign_get(CAMPAIGN_DB(r), cid, r->campaign, r->err);
}

int campaign_create_in(struct game_req *r, const struct campaign_new *n, int64_t *cid,
                       char **answer)
{
    char key[KEYS_TEXT_MAX], view_key[KEYS_TEXT_MAX];
    unsigned char key_hash[KEYS_HASH_BYTES], view_hash[KEYS_HASH_BYTES];
    char *board_text = NULL, *campaign = NULL;
    const char *board = n->board;
    int rc;

    if (!board) {
        const cJSON *doc = editions_find(n->editions, n->edition);
        if (!doc)
            return sb_fail(r->err, SB_EINVALID, NULL, "no edition '%s'", n->edition);
        board_text = cJSON_PrintUnformatted(doc);
        if (!board_text)
            return sb_oom(r->err);
        board = board_text;
    }
    keys_generate(key);
    keys_generate(view_key);
    keys_hash(key, strlen(key), key_hash);
    keys_hash(view_key, strlen(view_key), view_hash);
    rc = store_campaign_create(CAMPAIGN_DB(r), n->name, n->edition, n->policy, key_hash, view_hash,
                               board, cid, r->err);
    if (rc == 0 && n->anonymous)
        rc = store_campaign_set_anonymous(CAMPAIGN_DB(r), *cid, r->err);
    if (rc == 0)
        rc = house_write_campaign(CAMPAIGN_DB(r), *cid, n->house, false, r->err);
    if (rc == 0) {
        char local[TZ_NAME_MAX];
        rc = store_campaign_update(CAMPAIGN_DB(r), *cid, NULL, NULL,
                                   n->timezone ? n->timezone : tz_local_name(local, sizeof(local)),
                                   r->err);
    }
    if (rc == 0)
        rc = campaign_object(r, *cid, &campaign);
    if (rc == 0) {
        free(*answer); /* an import built twice answers with the keys it kept */
        *answer = NULL;
        rc = campaign_join(r, answer, "{\"campaign\":%s,\"key\":\"%s\",\"view_key\":\"%s\"}",
                           campaign, key, view_key);
    }
    free(campaign);
    free(board_text);
    return rc;
}

int campaign_create(struct game_req *r, const struct campaign_new *n, int64_t *cid, char **answer)
{
    int rc = store_begin_write(CAMPAIGN_DB(r), r->err);
    if (rc != 0)
        return rc;
    return campaign_end_write(r, campaign_create_in(r, n, cid, answer));
}

int campaign_read_three(struct game_req *r, campaign_reader_fn players_fn,
                        campaign_reader_fn games_fn, char **campaign, char **players, char **games)
{
    int64_t cid = r->campaign->id;
    int rc = store_campaign_json(CAMPAIGN_DB(r), cid, campaign, r->err);
    if (rc == 0)
        rc = players_fn(CAMPAIGN_DB(r), cid, players, r->err);
    if (rc == 0)
        rc = games_fn(CAMPAIGN_DB(r), cid, games, r->err);
    return rc;
}

int campaign_read(struct game_req *r, char **answer)
{
    char *campaign = NULL, *players = NULL, *games = NULL;
    int rc = store_begin_read(CAMPAIGN_DB(r), r->err);
    if (rc == 0) {
        /* The campaign object with its boxes (campaign_object()), then as read_three. */
        rc = campaign_object(r, r->campaign->id, &campaign);
        if (rc == 0)
            rc = store_players_json(CAMPAIGN_DB(r), r->campaign->id, &players, r->err);
        if (rc == 0)
            rc = store_games_json(CAMPAIGN_DB(r), r->campaign->id, &games, r->err);
        store_rollback(CAMPAIGN_DB(r));
    }
    if (rc == 0)
        rc = campaign_join(r, answer, "{\"campaign\":%s,\"players\":%s,\"games\":%s}", campaign,
                           players, games);
    free(campaign);
    free(players);
    free(games);
    return rc;
}

int campaign_update(struct game_req *r, const char *name, const char *policy, const char *zone,
                    const cJSON *house, char **campaign)
{
    int64_t cid = r->campaign->id;
    int rc = store_begin_write(CAMPAIGN_DB(r), r->err);
    if (rc != 0)
        return rc;
    rc = store_campaign_update(CAMPAIGN_DB(r), cid, name, policy, zone, r->err);
    if (rc == 0)
        rc = house_write_campaign(CAMPAIGN_DB(r), cid, house, true, r->err);
    if (rc == 0)
        rc = campaign_object(r, cid, campaign);
    return campaign_end_write(r, rc);
}

int campaign_new_keys(struct game_req *r, char key[KEYS_TEXT_MAX], char view_key[KEYS_TEXT_MAX])
{
    unsigned char key_hash[KEYS_HASH_BYTES], view_hash[KEYS_HASH_BYTES];
    int rc;
    keys_generate(key);
    keys_generate(view_key);
    keys_hash(key, strlen(key), key_hash);
    keys_hash(view_key, strlen(view_key), view_hash);
    rc = store_begin_write(CAMPAIGN_DB(r), r->err);
    if (rc != 0)
        return rc;
    rc = store_campaign_set_keys(CAMPAIGN_DB(r), r->campaign->id, key_hash, view_hash, r->err);
    return campaign_end_write(r, rc);
}

int campaign_list(struct game_req *r, char **list)
{
    return store_campaigns_json(CAMPAIGN_DB(r), list, r->err);
}

/* ---- players ---- */

int campaign_players(struct game_req *r, char **players)
{
    return store_players_json(CAMPAIGN_DB(r), r->campaign->id, players, r->err);
}

int campaign_player_add(struct game_req *r, const char *name, int64_t *pid)
{
    int rc = store_begin_write(CAMPAIGN_DB(r), r->err);
    if (rc != 0)
        return rc;
    rc = store_player_create(CAMPAIGN_DB(r), r->campaign->id, name, pid, r->err);
    return campaign_end_write(r, rc);
}

int campaign_player_rename(struct game_req *r, int64_t pid, const char *name)
{
    int rc = store_begin_write(CAMPAIGN_DB(r), r->err);
    if (rc != 0)
        return rc;
    rc = store_player_rename(CAMPAIGN_DB(r), r->campaign->id, pid, name, r->err);
    if (rc == 0)
        rc = game_rename_player(r, pid, name);
    return campaign_end_write(r, rc);
}

/* ---- games ---- */

int campaign_games(struct game_req *r, char **games)
{
    return store_games_json(CAMPAIGN_DB(r), r->campaign->id, games, r->err);
}

/* Give each play of the text *plays what its kind gives the exports (game_plays_fill()),
 * printed again into *plays. */
static int campaign_plays_fill(struct game_req *r, char **plays)
{
    cJSON *doc = cJSON_Parse(*plays);
    char *text = NULL;
    int rc =
        doc ? game_plays_fill(r, doc) : sb_fail(r->err, SB_EIO, NULL, "stored JSON is damaged");
    if (rc == 0 && !(text = cJSON_PrintUnformatted(doc)))
        rc = sb_oom(r->err);
    cJSON_Delete(doc);
    if (rc == 0) {
        free(*plays);
        *plays = text;
    }
    return rc;
}

int campaign_plays(struct game_req *r, char **plays, char **campaign)
{
    int rc = store_begin_read(CAMPAIGN_DB(r), r->err);
    if (rc != 0)
        return rc;
    rc = store_plays_json(CAMPAIGN_DB(r), r->campaign->id, plays, r->err);
    if (rc == 0)
        rc = campaign_plays_fill(r, plays);
    if (rc == 0)
        rc = store_campaign_json(CAMPAIGN_DB(r), r->campaign->id, campaign, r->err);
    store_rollback(CAMPAIGN_DB(r));
    return rc;
}

int campaign_game_read(struct game_req *r, int64_t gid, char **game, char **state, int64_t *version)
{
    int rc =
        store_game_with_state(CAMPAIGN_DB(r), r->campaign->id, gid, game, state, version, r->err);
    if (rc == 0 && (rc = game_state_fill(r, gid, state, version)) != 0) {
        free(*game);
        *game = NULL;
    }
    return rc;
}

int campaign_game_state(struct game_req *r, int64_t gid, char **state, int64_t *version)
{
    int rc = store_game_state(CAMPAIGN_DB(r), r->campaign->id, gid, state, version, r->err);
    return rc == 0 ? game_state_fill(r, gid, state, version) : rc;
}

int campaign_game_events(struct game_req *r, int64_t gid, int64_t after, char **events,
                         int64_t *version)
{
    struct store_game g;
    int rc = store_begin_read(CAMPAIGN_DB(r), r->err);
    if (rc == 0)
        rc = store_game_get(CAMPAIGN_DB(r), r->campaign->id, gid, false, &g, r->err);
    if (rc == 0)
        rc = store_events_json(CAMPAIGN_DB(r), gid, after, events, r->err);
    store_rollback(CAMPAIGN_DB(r));
    if (rc == 0)
        *version = g.version;
    return rc;
}

int campaign_game_exists(struct game_req *r, int64_t gid)
{
    struct store_game g;
    return store_game_get(CAMPAIGN_DB(r), r->campaign->id, gid, false, &g, r->err);
}
