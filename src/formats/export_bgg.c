/* export_bgg.c -- a campaign's plays in BoardGameGeek's play-log fields as JSON (GET
 * .../export/bgg). */
#include "export_plays.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "export_internal.h"

/* Add seat of play to players in BoardGameGeek's play-log player fields; position
 * counts from 1, the score is plays_score()'s (0 when none), as in the XML play log.
 * False when out of memory. */
static bool bgg_log_player(cJSON *players, const cJSON *play, const cJSON *seat, int position)
{
    cJSON *p = cJSON_CreateObject();
    char score[PLAYS_SCORE_MAX];
    int rank = 0;
    plays_score(play, seat, score, &rank);
    if (!p || !cJSON_AddItemToArray(players, p)) {
        cJSON_Delete(p);
        return false;
    }
    return cJSON_AddStringToObject(p, "name", plays_str(seat, "name")) &&
           cJSON_AddStringToObject(p, "color", plays_str(seat, "token")) &&
           cJSON_AddNumberToObject(p, "startposition", position) &&
           cJSON_AddNumberToObject(p, "score", (double)strtoll(score, NULL, 10)) &&
           cJSON_AddBoolToObject(p, "win", plays_won(play, seat)) &&
           cJSON_AddBoolToObject(p, "new", false);
}

/* One play in BoardGameGeek's play-log fields, "game" its edition's own name ("" when
 * its file has none). NULL when out of memory. */
static cJSON *bgg_log_play(const struct plays_doc *d, const cJSON *play)
{
    struct plays_names ed;
    char when[PLAYS_TIME_MAX];
    cJSON *o = cJSON_CreateObject(), *players = cJSON_CreateArray();
    char *comments = plays_comments_text(play, PLAYS_NOTES_APP);
    const cJSON *s;
    int position = 0;
    bool ok = o && players && cJSON_AddItemToObject(o, "players", players);
    if (!ok)
        cJSON_Delete(players);
    plays_time(d, play, when);
    when[10] = '\0';
    ok = ok && comments && cJSON_AddStringToObject(o, "date", when);
    plays_names_of(d, play, &ed);
    ok = ok && cJSON_AddStringToObject(o, "game", ed.name);
    ok = ok && cJSON_AddNumberToObject(o, "quantity", 1);
    ok = ok &&
         cJSON_AddBoolToObject(o, "incomplete", strcmp(plays_str(play, "status"), "finished") != 0);
    cJSON_ArrayForEach(s, (ok ? cJSON_GetObjectItemCaseSensitive(play, "seats") : NULL))
    {
        ok = ok && bgg_log_player(players, play, s, ++position);
    }
    ok = ok && cJSON_AddStringToObject(o, "comments", comments);
    free(comments);
    return plays_done(o, ok);
}

/* Build the play log of d into doc: {"plays":[…]}, one play per game. False when out of
 * memory. */
bool export_bgg(cJSON *doc, const struct plays_doc *d)
{
    cJSON *list = cJSON_AddArrayToObject(doc, "plays");
    const cJSON *p;
    if (!list)
        return false;
    cJSON_ArrayForEach(p, d->plays)
    {
        cJSON *play = bgg_log_play(d, p);
        if (!play || !cJSON_AddItemToArray(list, play)) {
            cJSON_Delete(play);
            return false;
        }
    }
    return true;
}
