/* export_plays.c -- what the exports of a campaign's plays (export_csv.c, export_bgg.c,
 * export_bgstats.c, export_bgg_xml.c) share: the names of the edition, the times in the
 * campaign's zone, a seat's score, a play's comments. */
#include "export_plays.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "export_internal.h"
#include "json.h"

/* The string at obj[key], or "" when it is not a string. This function can't fail. */
const char *plays_str(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

/* The number at obj[key], or fallback. This function can't fail. */
long long plays_num(const cJSON *obj, const char *key, long long fallback)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsNumber(v) ? (long long)v->valuedouble : fallback;
}

void plays_doc_free(struct plays_doc *d)
{
    cJSON_Delete(d->plays);
    cJSON_Delete(d->campaign);
    tz_free(d->zone);
    memset(d, 0, sizeof(*d));
}

void plays_names_of(const struct plays_doc *d, const cJSON *play, struct plays_names *n)
{
    const char *id = plays_str(play, "edition");
    const cJSON *ed = NULL, *bgg;
    if (!*id || !d->edition_id || strcmp(id, d->edition_id) == 0) {
        id = d->edition_id ? d->edition_id : "";
        ed = d->edition;
    } else if (d->editions) {
        ed = editions_find(d->editions, id);
    }
    bgg = cJSON_GetObjectItemCaseSensitive(ed, "bgg");
    n->id = id;
    n->name = plays_str(ed, "name");
    n->game_name = *n->name ? n->name : id;
    n->bgg_id = plays_num(bgg, "id", 0);
    n->bgg_name = *plays_str(bgg, "name") ? plays_str(bgg, "name") : n->game_name;
}

cJSON *plays_done(cJSON *obj, bool ok)
{
    if (!ok) {
        cJSON_Delete(obj);
        return NULL;
    }
    return obj;
}

/* Parse "YYYY-MM-DD" with an optional "THH:MM:SS" (RFC 3339, UTC) into *tm. */
static bool plays_parse_time(const char *s, struct tm *tm)
{
    /* Each field is read only once the text before it has been seen, so a short
     * string is never read past its end. */
    int year = json_digits(s, 4);
    int mon = year >= 0 && s[4] == '-' ? json_digits(s + 5, 2) : -1;
    int mday = mon >= 0 && s[7] == '-' ? json_digits(s + 8, 2) : -1;
    int hour = 0, min = 0, sec = 0;
    memset(tm, 0, sizeof(*tm));
    if (mday < 0)
        return false;
    if (s[10] == 'T' || s[10] == ' ') {
        hour = json_digits(s + 11, 2);
        min = hour >= 0 && s[13] == ':' ? json_digits(s + 14, 2) : -1;
        sec = min >= 0 && s[16] == ':' ? json_digits(s + 17, 2) : -1;
    }
    tm->tm_year = year - 1900;
    tm->tm_mon = mon - 1;
    tm->tm_mday = mday;
    tm->tm_hour = hour;
    tm->tm_min = min;
    tm->tm_sec = sec;
    return mon >= 1 && mon <= 12 && mday >= 1 && mday <= 31 && hour >= 0 && hour < 24 && min >= 0 &&
           min < 60 && sec >= 0 && sec <= 60;
}

/* The RFC 3339 UTC time at as "YYYY-MM-DD HH:MM:SS" in zone (NULL: UTC); false (and
 * out untouched) when at does not read as a time. */
bool plays_local(const struct tz *zone, const char *at, char out[PLAYS_TIME_MAX])
{
    struct tm tm;
    time_t t;
    if (!plays_parse_time(at, &tm))
        return false;
    t = timegm(&tm);
    if (zone)
        t += tz_offset(zone, (int64_t)t);
    gmtime_r(&t, &tm);
    strftime(out, PLAYS_TIME_MAX, "%Y-%m-%d %H:%M:%S", &tm);
    return true;
}

/* The time of a play as "YYYY-MM-DD HH:MM:SS" in the campaign's zone: played_at when
 * it reads as a date, else started_at. This function can't fail (an unreadable time
 * gives the start of 1970). */
void plays_time(const struct plays_doc *d, const cJSON *play, char out[PLAYS_TIME_MAX])
{
    if (!plays_local(d->zone, plays_str(play, "played_at"), out) &&
        !plays_local(d->zone, plays_str(play, "started_at"), out))
        snprintf(out, PLAYS_TIME_MAX, "1970-01-01 00:00:00");
}

/* How long a play took in whole minutes: its "duration_min" when it has one, else the
 * time from its start to its end when it was logged live (no played_at), else 0. This
 * function can't fail. */
long long plays_minutes(const cJSON *play)
{
    struct tm a, b;
    long long given = plays_num(play, "duration_min", -1);
    if (given >= 0)
        return given;
    if (*plays_str(play, "played_at") || !plays_parse_time(plays_str(play, "started_at"), &a) ||
        !plays_parse_time(plays_str(play, "ended_at"), &b))
        return 0;
    time_t from = timegm(&a), to = timegm(&b);
    return to > from ? (long long)(to - from) / 60 : 0;
}

/* The score of a seat as text ("" when there is none) as its game's kind gave it
 * (game_plays_fill(): the board stamps in a Travel World Tour play, the figure that
 * decides a results play...); *rank gets its rank (0 when none). This function can't
 * fail. */
void plays_score(const cJSON *play, const cJSON *seat, char out[PLAYS_SCORE_MAX], int *rank)
{
    (void)play;
    snprintf(out, PLAYS_SCORE_MAX, "%s", plays_str(seat, "score"));
    *rank = (int)plays_num(seat, "rank", 0);
}

/* True when the seat's player won the play. This function can't fail. */
bool plays_won(const cJSON *play, const cJSON *seat)
{
    long long winner = plays_num(play, "winner_id", 0);
    return winner != 0 && plays_num(seat, "player", 0) == winner;
}

/* The "board" of a play as its kind names it (the mode of a Travel World Tour game,
 * the variant of a results play). This function can't fail. */
const char *plays_board(const cJSON *play)
{
    return plays_str(play, "board");
}

/* The house rules a play was played by that are not the official readings, as its
 * kind describes them ("free_parking: jackpot, fees: automatic"; "" for none) into buf.
 * This function can't fail. */
void plays_house(const cJSON *play, char *buf, size_t n)
{
    snprintf(buf, n, "%s", plays_str(play, "house"));
}

/* The comments of a play into f: its Travel Journal stamps, "; "-separated, each as
 * "hazel (Ann) stamped journal-3 circle 2", framed as how says. This function can't
 * fail (f remembers errors). */
static void plays_comments(FILE *f, const cJSON *play, enum plays_notes how)
{
    const cJSON *j, *journal = cJSON_GetObjectItemCaseSensitive(play, "journal");
    bool first = true;
    if (how == PLAYS_NOTES_APP &&
        !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(play, "app_notes")))
        return;
    if (how != PLAYS_NOTES_BARE)
        fputs("Travel Journal stamps: ", f);
    cJSON_ArrayForEach(j, journal)
    {
        fprintf(f, "%s%s (%s) stamped %s circle %lld", first ? "" : "; ", plays_str(j, "token"),
                plays_str(j, "name"), plays_str(j, "card"), plays_num(j, "slot", 0) + 1);
        first = false;
    }
    if (first && how != PLAYS_NOTES_BARE)
        fputs("none", f);
    char house[PLAYS_HOUSE_MAX];
    plays_house(play, house, sizeof(house));
    if (how == PLAYS_NOTES_APP && house[0])
        fprintf(f, "; house rules: %s", house);
}

/* Close a memory stream; *text gets what was written (caller frees) or NULL when out
 * of memory. */
void plays_close(FILE *f, char **text)
{
    bool bad = ferror(f) != 0;
    if (fclose(f) != 0 || bad) {
        free(*text);
        *text = NULL;
    }
}

/* The comments of a play (plays_comments) as a new string (caller frees), or NULL when
 * out of memory. */
char *plays_comments_text(const cJSON *play, enum plays_notes how)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    plays_comments(f, play, how);
    plays_close(f, &text);
    return text;
}
