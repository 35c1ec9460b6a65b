/* export_bgstats.c -- a campaign's plays as the BG Stats app's import file (GET
 * .../export/bgstats): the edition as its one game, the players, the locations, the plays. */
#include "export_plays.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export_internal.h"
#include "uuid.h"

/* Add a name-based uuid to obj, named "stampbook/<campaign created_at>/<cid>/<what>/<id>". */
static bool bgs_add_uuid(cJSON *obj, const struct plays_doc *d, long long cid, const char *what,
                         long long id)
{
    char name[PLAYS_NAME_MAX], uuid[UUID_TEXT_MAX];
    snprintf(name, sizeof(name), "stampbook/%s/%lld/%s/%lld", plays_str(d->campaign, "created_at"),
             cid, what, id);
    uuid_from_name(name, uuid);
    return cJSON_AddStringToObject(obj, "uuid", uuid) != NULL;
}

/* The games of the file: one per edition the campaign played, its own first (id 1). */
#define BGS_GAMES_MAX 64

struct bgs_games {
    int n;
    struct plays_names ed[BGS_GAMES_MAX];
};

/* The refId of the game of play's edition in g, added when new (its own edition's, 1,
 * when g is full). This function can't fail. */
static long long bgs_game_ref(struct bgs_games *g, const struct plays_doc *d, const cJSON *play)
{
    struct plays_names ed;
    plays_names_of(d, play, &ed);
    for (int i = 0; i < g->n; i++)
        if (strcmp(g->ed[i].id, ed.id) == 0)
            return i + 1;
    if (g->n == BGS_GAMES_MAX)
        return 1;
    g->ed[g->n++] = ed;
    return g->n;
}

/* One game of the file, refId ref: the edition ed. NULL when out of memory. */
static cJSON *bgs_game(const struct plays_names *ed, long long ref, const char *now)
{
    cJSON *g = cJSON_CreateObject();
    char name[PLAYS_NAME_MAX], uuid[UUID_TEXT_MAX];
    bool ok = g != NULL;
    snprintf(name, sizeof(name), "stampbook/edition/%s", ed->id);
    uuid_from_name(name, uuid);
    ok = ok && cJSON_AddNumberToObject(g, "id", (double)ref) &&
         cJSON_AddStringToObject(g, "uuid", uuid);
    ok = ok && cJSON_AddStringToObject(g, "name", ed->game_name);
    ok = ok && cJSON_AddNumberToObject(g, "bggId", (double)ed->bgg_id);
    ok = ok && cJSON_AddStringToObject(g, "bggName", ed->bgg_id ? ed->bgg_name : "");
    ok = ok && cJSON_AddBoolToObject(g, "cooperative", false);
    ok = ok && cJSON_AddBoolToObject(g, "highestWins", true);
    ok = ok && cJSON_AddBoolToObject(g, "noPoints", false);
    ok = ok && cJSON_AddBoolToObject(g, "usesTeams", false);
    ok = ok && cJSON_AddStringToObject(g, "modificationDate", now);
    return plays_done(g, ok);
}

/* Append to list a new entry {"id": id, "uuid" (bgs_add_uuid() of what and of), "name":
 * name} and return it (borrowed from list); NULL when out of memory. */
static cJSON *bgs_add_entry(cJSON *list, const struct plays_doc *d, long long cid, long long id,
                            const char *what, long long of, const char *name)
{
    cJSON *o = cJSON_CreateObject();
    if (!o || !cJSON_AddItemToArray(list, o)) {
        cJSON_Delete(o);
        return NULL;
    }
    if (!cJSON_AddNumberToObject(o, "id", (double)id) || !bgs_add_uuid(o, d, cid, what, of) ||
        !cJSON_AddStringToObject(o, "name", name))
        return NULL;
    return o;
}

/* Add every player seated in some play to players (once each). */
static bool bgs_players(cJSON *players, const struct plays_doc *d, long long cid, const char *now)
{
    const cJSON *p, *s;
    cJSON_ArrayForEach(p, d->plays)
    {
        cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(p, "seats"))
        {
            long long id = plays_num(s, "player", 0);
            const cJSON *q;
            bool seen = false;
            cJSON *o;
            cJSON_ArrayForEach(q, players)
            {
                seen |= plays_num(q, "id", 0) == id;
            }
            if (seen)
                continue;
            o = bgs_add_entry(players, d, cid, id, "player", id, plays_str(s, "name"));
            if (!o || !cJSON_AddBoolToObject(o, "isAnonymous", false) ||
                !cJSON_AddStringToObject(o, "bggUsername", "") ||
                !cJSON_AddStringToObject(o, "modificationDate", now))
                return false;
        }
    }
    return true;
}

/* The id of location name in locations (1, 2...; the order first seen), 0 when absent. */
static long long bgs_location_id(const cJSON *locations, const char *name)
{
    const cJSON *l;
    cJSON_ArrayForEach(l, locations)
    {
        if (strcmp(plays_str(l, "name"), name) == 0)
            return plays_num(l, "id", 0);
    }
    return 0;
}

/* Add every location some play names (a results-mode game's "location") once. */
static bool bgs_locations(cJSON *locations, const struct plays_doc *d, long long cid,
                          const char *now)
{
    const cJSON *p;
    cJSON_ArrayForEach(p, d->plays)
    {
        const char *name = plays_str(p, "location");
        long long id = cJSON_GetArraySize(locations) + 1;
        cJSON *o;
        if (!*name || bgs_location_id(locations, name))
            continue;
        o = bgs_add_entry(locations, d, cid, id, "location", plays_num(p, "game", 0), name);
        if (!o || !cJSON_AddStringToObject(o, "modificationDate", now))
            return false;
    }
    return true;
}

/* The playerScores of a play; NULL when out of memory. */
static cJSON *bgs_scores(const cJSON *play)
{
    cJSON *list = cJSON_CreateArray();
    const cJSON *s;
    int order = 0;
    cJSON_ArrayForEach(s, (list ? cJSON_GetObjectItemCaseSensitive(play, "seats") : NULL))
    {
        char score[PLAYS_SCORE_MAX];
        int rank = 0;
        cJSON *o = cJSON_CreateObject();
        bool ok = o && cJSON_AddItemToArray(list, o);
        if (!ok)
            cJSON_Delete(o);
        plays_score(play, s, score, &rank);
        ok = ok && cJSON_AddNumberToObject(o, "playerRefId", (double)plays_num(s, "player", 0));
        ok = ok && cJSON_AddStringToObject(o, "score", score);
        ok = ok && cJSON_AddBoolToObject(o, "winner", plays_won(play, s));
        ok = ok && cJSON_AddBoolToObject(o, "startPlayer", order == 0);
        ok = ok && cJSON_AddNumberToObject(o, "seatOrder", order);
        ok = ok && cJSON_AddNumberToObject(o, "rank", rank);
        ok = ok && cJSON_AddBoolToObject(o, "newPlayer", false);
        ok = ok && cJSON_AddStringToObject(o, "role", plays_str(s, "token"));
        if (!ok) {
            cJSON_Delete(list);
            return NULL;
        }
        order++;
    }
    return list;
}

/* One play of the file; NULL when out of memory. */
static cJSON *bgs_play(const struct plays_doc *d, long long cid, long long game, const cJSON *play,
                       const cJSON *locations)
{
    long long where = bgs_location_id(locations, plays_str(play, "location"));
    char when[PLAYS_TIME_MAX], entry[PLAYS_TIME_MAX], changed[PLAYS_TIME_MAX];
    char *comments = plays_comments_text(play, PLAYS_NOTES_APP);
    cJSON *o = cJSON_CreateObject(), *scores = bgs_scores(play);
    bool ok = o && comments && scores && cJSON_AddItemToObject(o, "playerScores", scores);
    if (!ok)
        cJSON_Delete(scores);
    /* When it was played, entered (its start) and last changed (its end), local. */
    plays_time(d, play, when);
    memcpy(entry, when, sizeof(entry));
    plays_local(d->zone, plays_str(play, "started_at"), entry);
    memcpy(changed, entry, sizeof(changed));
    plays_local(d->zone, plays_str(play, "ended_at"), changed);
    ok = ok && bgs_add_uuid(o, d, cid, "game", plays_num(play, "game", 0));
    ok = ok && cJSON_AddNumberToObject(o, "gameRefId", (double)game);
    ok = ok && (!where || cJSON_AddNumberToObject(o, "locationRefId", (double)where));
    ok = ok && cJSON_AddStringToObject(o, "playDate", when);
    ok = ok && cJSON_AddStringToObject(o, "entryDate", entry);
    ok = ok && cJSON_AddStringToObject(o, "modificationDate", changed);
    /* 0: the game's own scoring (highestWins), as the app writes for a plain play. */
    ok = ok && cJSON_AddNumberToObject(o, "scoringSetting", 0);
    ok = ok && cJSON_AddNumberToObject(o, "durationMin", (double)plays_minutes(play));
    char board[PLAYS_HOUSE_MAX + 32], house[PLAYS_HOUSE_MAX];
    plays_house(play, house, sizeof(house));
    snprintf(board, sizeof(board), "%s%s%s%s", plays_board(play), house[0] ? " (house rules: " : "",
             house, house[0] ? ")" : "");
    ok = ok && cJSON_AddStringToObject(o, "board", board);
    ok = ok && cJSON_AddStringToObject(o, "comments", comments);
    /* A game not finished (abandoned, or still being played) counts in no statistic. */
    ok = ok &&
         cJSON_AddBoolToObject(o, "ignored", strcmp(plays_str(play, "status"), "finished") != 0);
    ok = ok && cJSON_AddBoolToObject(o, "manualWinner", false);
    ok = ok && cJSON_AddBoolToObject(o, "usesTeams", false);
    ok = ok && cJSON_AddNumberToObject(o, "rounds", 0);
    ok = ok && cJSON_AddNumberToObject(o, "bggId", 0);
    free(comments);
    return plays_done(o, ok);
}

/* Build the whole BG Stats file of d into doc. False when out of memory. */
bool export_bgstats(cJSON *doc, const struct plays_doc *d)
{
    static const char about[] =
        "This is a Play file that can be read by Board Game Stats. If you see this text, try "
        "to use a share, export or open-in function to open it with Board Game Stats. "
        "Exported by Stampbook.";
    char now[PLAYS_TIME_MAX];
    cJSON *games = cJSON_AddArrayToObject(doc, "games");
    cJSON *players = cJSON_AddArrayToObject(doc, "players");
    cJSON *plays = cJSON_AddArrayToObject(doc, "plays");
    cJSON *locations = cJSON_AddArrayToObject(doc, "locations");
    cJSON *user = cJSON_AddObjectToObject(doc, "userInfo");
    const cJSON *p;
    struct bgs_games bg = {0};
    bool ok = games && players && plays && locations && user &&
              cJSON_AddStringToObject(doc, "about", about);
    if (!plays_local(d->zone, d->now, now))
        snprintf(now, sizeof(now), "1970-01-01 00:00:00");
    if (ok) {
        struct plays_names own;
        plays_names_of(d, NULL, &own);
        bg.ed[bg.n++] = own;
        cJSON_ArrayForEach(p, d->plays)
        {
            bgs_game_ref(&bg, d, p);
        }
    }
    for (int i = 0; ok && i < bg.n; i++) {
        cJSON *g = bgs_game(&bg.ed[i], i + 1, now);
        ok = g && cJSON_AddItemToArray(games, g);
        if (!ok)
            cJSON_Delete(g);
    }
    ok = ok && bgs_players(players, d, d->cid, now) && bgs_locations(locations, d, d->cid, now);
    /* The app's "me": the file's first player (the one who keeps the campaign). */
    ok = ok &&
         (!players->child ||
          cJSON_AddNumberToObject(user, "meRefId", (double)plays_num(players->child, "id", 0)));
    cJSON_ArrayForEach(p, (ok ? d->plays : NULL))
    {
        cJSON *o = bgs_play(d, d->cid, bgs_game_ref(&bg, d, p), p, locations);
        if (!o || !cJSON_AddItemToArray(plays, o)) {
            cJSON_Delete(o);
            return false;
        }
    }
    return ok;
}
