/* api_plays.c -- a campaign's plays in the formats of other apps: a CSV for
 * spreadsheets (GET …/export/plays.csv), BoardGameGeek's play-log fields as JSON
 * (…/export/bgg), the BG Stats app's import file (…/export/bgstats) and BoardGameGeek's
 * XML API2 <plays> document (…/export/bgg.xml).
 *
 * All four read the same facts, loaded once in one read transaction (plays_load:
 * campaign_plays()): one play per game, the seats in play order, the
 * winner (by player id, as two players may share a name), the Travel Journal stamps,
 * and a score per seat. The CSV and the play log give the board stamps of each seat;
 * BG Stats and the XML the figure that decides the game: the board stamps in a Travel
 * World Tour game, the decided figure of a results-mode game (net worth, wealth,
 * complete sets or cash, whichever the edition's rule worked out). The edition's
 * BoardGameGeek id comes from its edition file ("bgg": {"id","name"}; id null when not
 * confirmed). */
#include "api_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "house_json.h"
#include "json.h"
#include "tz.h"
#include "uuid.h"

#define PLAYS_TIME_MAX 20  /* "YYYY-MM-DD HH:MM:SS" */
#define PLAYS_SCORE_MAX 24 /* an integer as text */
#define PLAYS_NAME_MAX 256 /* a uuid's name */

/* What every exporter reads, loaded in one read transaction. */
struct plays_doc {
    cJSON *plays;          /* campaign_plays() */
    cJSON *campaign;       /* the campaign object */
    const cJSON *edition;  /* the edition document (borrowed) */
    const char *game_name; /* the edition's name */
    long long bgg_id;      /* 0 when the edition file has none */
    struct tz *zone;       /* the campaign's time zone; NULL: UTC (its file is gone) */
    const char *bgg_name;
};

/* The string at obj[key], or "" when it is not a string. This function can't fail. */
static const char *plays_str(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

/* The number at obj[key], or fallback. This function can't fail. */
static long long plays_num(const cJSON *obj, const char *key, long long fallback)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsNumber(v) ? (long long)v->valuedouble : fallback;
}

/* Free what plays_load() filled. plays_free on a zeroed doc is a no-op. */
static void plays_free(struct plays_doc *d)
{
    cJSON_Delete(d->plays);
    cJSON_Delete(d->campaign);
    tz_free(d->zone);
    memset(d, 0, sizeof(*d));
}

/* Load the plays and the campaign of ctx, and the edition's names. */
static int plays_load(struct api_ctx *ctx, struct plays_doc *d)
{
    char *plays = NULL, *campaign = NULL;
    const cJSON *bgg;
    int rc;
    memset(d, 0, sizeof(*d));
    rc = campaign_plays(&ctx->game, &plays, &campaign);
    if (rc == 0)
        rc = api_take_stored(ctx, plays, &d->plays);
    else
        free(plays);
    if (rc == 0)
        rc = api_take_stored(ctx, campaign, &d->campaign);
    else
        free(campaign);
    if (rc != 0) {
        plays_free(d);
        return rc;
    }
    d->edition = editions_find(ctx->api->editions, ctx->campaign.edition);
    d->game_name = plays_str(d->edition, "name");
    if (!*d->game_name)
        d->game_name = ctx->campaign.edition;
    bgg = cJSON_GetObjectItemCaseSensitive(d->edition, "bgg");
    d->bgg_id = plays_num(bgg, "id", 0);
    d->bgg_name = *plays_str(bgg, "name") ? plays_str(bgg, "name") : d->game_name;
    /* Every date of these exports is the campaign's local time: the apps read them so. */
    {
        char local[TZ_NAME_MAX];
        const char *zone = plays_str(d->campaign, "timezone");
        if (tz_load(NULL, *zone ? zone : tz_local_name(local, sizeof(local)), &d->zone, NULL) ==
            SB_ENOMEM) {
            plays_free(d);
            return sb_oom(&ctx->err);
        }
    }
    return 0;
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
static bool plays_local(const struct tz *zone, const char *at, char out[PLAYS_TIME_MAX])
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
static void plays_time(const struct plays_doc *d, const cJSON *play, char out[PLAYS_TIME_MAX])
{
    if (!plays_local(d->zone, plays_str(play, "played_at"), out) &&
        !plays_local(d->zone, plays_str(play, "started_at"), out))
        snprintf(out, PLAYS_TIME_MAX, "1970-01-01 00:00:00");
}

/* How long a play took in whole minutes: its "duration_min" when it has one, else the
 * time from its start to its end when it was logged live (no played_at), else 0. This
 * function can't fail. */
static long long plays_minutes(const cJSON *play)
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

/* The decided figures of player in a results-mode play, or NULL. */
static const cJSON *plays_figures(const cJSON *play, long long player)
{
    const cJSON *p;
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(
                              cJSON_GetObjectItemCaseSensitive(play, "result"), "players"))
    {
        if (plays_num(p, "player", 0) == player)
            return p;
    }
    return NULL;
}

/* The score of a seat as text ("" when there is none): the board stamps in a Travel
 * World Tour play; in a results-mode play the figure that decides the edition's
 * winner: net worth (classic), wealth (wonders), complete sets (deal), else cash.
 * *rank gets the decided rank (0 when none). This function can't fail. */
static void plays_score(const cJSON *play, const cJSON *seat, char out[PLAYS_SCORE_MAX], int *rank)
{
    static const char *const figures[] = {"net_worth", "wealth", "complete_sets", "cash"};
    const cJSON *f = plays_figures(play, plays_num(seat, "player", 0));
    out[0] = '\0';
    *rank = 0;
    if (strcmp(plays_str(play, "mode"), "results") != 0) {
        snprintf(out, PLAYS_SCORE_MAX, "%lld", plays_num(seat, "stamps", 0));
        return;
    }
    if (!f)
        return;
    *rank = (int)plays_num(f, "rank", 0);
    for (size_t i = 0; i < sizeof(figures) / sizeof(figures[0]); i++) {
        if (plays_num(f, figures[i], -1) >= 0) {
            snprintf(out, PLAYS_SCORE_MAX, "%lld", plays_num(f, figures[i], 0));
            return;
        }
    }
}

/* True when the seat's player won the play. This function can't fail. */
static bool plays_won(const cJSON *play, const cJSON *seat)
{
    long long winner = plays_num(play, "winner_id", 0);
    return winner != 0 && plays_num(seat, "player", 0) == winner;
}

/* The "board" of a play: the mode of a Travel World Tour game, the variant of a
 * results-mode one. This function can't fail. */
static const char *plays_board(const cJSON *play)
{
    if (strcmp(plays_str(play, "mode"), "results") == 0)
        return plays_str(cJSON_GetObjectItemCaseSensitive(play, "result"), "variant");
    return plays_str(play, "mode");
}

/* The house rules a play was played by that are not the official readings, as
 * "free_parking: jackpot, fees: automatic" into buf ("" for none; RULES.md 1b). This
 * function can't fail. */
static void plays_house(const cJSON *play, char *buf, size_t n)
{
    struct house_rules hr = rules_house_official();
    const cJSON *h = cJSON_GetObjectItemCaseSensitive(play, "house_rules");
    buf[0] = '\0';
    if (cJSON_IsObject(h) && house_rules_from_json(h, &hr, NULL) == 0)
        house_rules_describe(&hr, buf, n);
}

#define PLAYS_HOUSE_MAX 320 /* every switch described */

/* How plays_comments frames the Travel Journal stamps of a play. */
enum plays_notes {
    PLAYS_NOTES_APP,  /* "Travel Journal stamps: …" (or "…: none"); nothing in a
                         results-mode play (BG Stats, the XML and JSON play logs) */
    PLAYS_NOTES_BARE, /* the stamps alone, nothing when there are none (CSV) */
};

/* The comments of a play into f: its Travel Journal stamps, "; "-separated, each as
 * "hazel (Ann) stamped journal-3 circle 2", framed as how says. This function can't
 * fail (f remembers errors). */
static void plays_comments(FILE *f, const cJSON *play, enum plays_notes how)
{
    const cJSON *j, *journal = cJSON_GetObjectItemCaseSensitive(play, "journal");
    bool first = true;
    if (how == PLAYS_NOTES_APP && strcmp(plays_str(play, "mode"), "results") == 0)
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
static void plays_close(FILE *f, char **text)
{
    bool bad = ferror(f) != 0;
    if (fclose(f) != 0 || bad) {
        free(*text);
        *text = NULL;
    }
}

/* The comments of a play (plays_comments) as a new string (caller frees), or NULL when
 * out of memory. */
static char *plays_comments_text(const cJSON *play, enum plays_notes how)
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

/* ---- answers ---- */

/* Builds a JSON export of d into the object doc; false when out of memory. */
typedef bool plays_json_fn(cJSON *doc, const struct plays_doc *d, const struct api_ctx *ctx);
/* Writes a text export of d into f; false when out of memory. */
typedef bool plays_text_fn(FILE *f, const struct plays_doc *d, const struct api_ctx *ctx);

/* Load the plays of ctx's campaign, build the object build makes of them and answer it
 * (200). */
static int plays_reply_json(struct api_ctx *ctx, plays_json_fn *build)
{
    struct plays_doc d;
    cJSON *doc = NULL;
    int rc = plays_load(ctx, &d);
    if (rc != 0)
        return rc;
    doc = cJSON_CreateObject();
    if (!doc || !build(doc, &d, ctx))
        rc = sb_oom(&ctx->err);
    if (rc == 0)
        rc = api_reply_json(ctx, 200, doc);
    cJSON_Delete(doc);
    plays_free(&d);
    return rc;
}

/* Load the plays of ctx's campaign, write them with write and answer the text (200) as
 * content_type (a static string). */
static int plays_reply_text(struct api_ctx *ctx, plays_text_fn *write, const char *content_type)
{
    struct plays_doc d;
    char *text = NULL;
    size_t len = 0;
    FILE *f;
    bool ok;
    int rc = plays_load(ctx, &d);
    if (rc != 0)
        return rc;
    f = open_memstream(&text, &len);
    ok = f && write(f, &d, ctx);
    if (f)
        plays_close(f, &text);
    if (!ok) {
        free(text);
        text = NULL;
    }
    plays_free(&d);
    if (!text)
        return sb_oom(&ctx->err);
    api_reply_owned(ctx, 200, text);
    ctx->res->content_type = content_type;
    return 0;
}

/* ---- CSV ---- */

/* Write field into f as one CSV field (RFC 4180: quoted when needed, quotes doubled),
 * then sep. A leading = + - @ tab or CR is prefixed with ' so spreadsheets do not read
 * it as a formula (OWASP's CSV injection advice). This function can't fail (f
 * remembers errors). */
static void csv_field(FILE *f, const char *field, const char *sep)
{
    bool quote = strpbrk(field, ",\"\r\n") != NULL;
    if (quote)
        fputc('"', f);
    if (field[0] && strchr("=+-@\t\r", field[0]))
        fputc('\'', f);
    for (const char *p = field; *p; p++) {
        if (*p == '"')
            fputc('"', f);
        fputc(*p, f);
    }
    if (quote)
        fputc('"', f);
    fputs(sep, f);
}

/* Write s into f as an item of a "; "-separated list: as it is when that reads back
 * alone, else in double quotes with its quotes doubled (a name holding ';' or '"', or
 * starting or ending with a blank), so that any name round-trips. This function can't
 * fail (f remembers errors). */
static void csv_list_item(FILE *f, const char *s)
{
    size_t n = strlen(s);
    if (!strpbrk(s, ";\"") && (n == 0 || (s[0] != ' ' && s[n - 1] != ' '))) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

/* The value at key of each seat of a play, "; "-separated (a number when number, else
 * a string quoted as csv_list_item() does), as a new string (caller frees); NULL when
 * out of memory. */
static char *csv_seats(const cJSON *play, const char *key, bool number)
{
    char *text = NULL;
    size_t len = 0;
    const cJSON *s;
    bool first = true;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(play, "seats"))
    {
        fputs(first ? "" : "; ", f);
        if (number)
            fprintf(f, "%lld", plays_num(s, key, 0));
        else
            csv_list_item(f, plays_str(s, key));
        first = false;
    }
    plays_close(f, &text);
    return text;
}

/* Write the row of play into f; edition is the campaign's edition id. False when out
 * of memory. */
static bool csv_row(FILE *f, const struct plays_doc *d, const cJSON *play, const char *edition)
{
    char when[PLAYS_TIME_MAX];
    char *names = csv_seats(play, "name", false), *tokens = csv_seats(play, "token", false);
    char *stamps = csv_seats(play, "stamps", true);
    char *journal = plays_comments_text(play, PLAYS_NOTES_BARE);
    char game[PLAYS_SCORE_MAX];
    bool ok = names && tokens && stamps && journal;
    snprintf(game, sizeof(game), "%lld", plays_num(play, "game", 0));
    if (ok) {
        csv_field(f, game, ",");
        plays_time(d, play, when);
        when[10] = '\0';
        csv_field(f, when, ",");
        csv_field(f, edition, ",");
        csv_field(f, plays_str(play, "mode"), ",");
        csv_field(f, plays_str(play, "status"), ",");
        csv_field(f, plays_str(play, "winner"), ",");
        csv_field(f, names, ",");
        csv_field(f, tokens, ",");
        csv_field(f, stamps, ",");
        csv_field(f, journal, "\r\n");
    }
    free(names);
    free(tokens);
    free(stamps);
    free(journal);
    return ok;
}

/* Write the whole CSV of d into f: a header row, then one row per play. False when out
 * of memory. */
static bool csv_doc(FILE *f, const struct plays_doc *d, const struct api_ctx *ctx)
{
    const cJSON *p;
    fputs("game,date,edition,mode,status,winner,players,tokens,board_stamps,journal_stamps\r\n", f);
    cJSON_ArrayForEach(p, d->plays)
    {
        if (!csv_row(f, d, p, ctx->campaign.edition))
            return false;
    }
    return true;
}

int api_get_plays_csv(struct api_ctx *ctx)
{
    return plays_reply_text(ctx, csv_doc, "text/csv; charset=utf-8; header=present");
}

/* ---- BoardGameGeek play log (JSON) ---- */

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

/* One play in BoardGameGeek's play-log fields; game_name is the edition's name. NULL
 * when out of memory. */
static cJSON *bgg_log_play(const struct plays_doc *d, const cJSON *play, const char *game_name)
{
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
    ok = ok && cJSON_AddStringToObject(o, "game", game_name);
    ok = ok && cJSON_AddNumberToObject(o, "quantity", 1);
    ok = ok &&
         cJSON_AddBoolToObject(o, "incomplete", strcmp(plays_str(play, "status"), "finished") != 0);
    cJSON_ArrayForEach(s, (ok ? cJSON_GetObjectItemCaseSensitive(play, "seats") : NULL))
    {
        ok = ok && bgg_log_player(players, play, s, ++position);
    }
    ok = ok && cJSON_AddStringToObject(o, "comments", comments);
    free(comments);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* Build the play log of d into doc: {"plays":[…]}, one play per game. False when out of
 * memory. */
static bool bgg_log_doc(cJSON *doc, const struct plays_doc *d, const struct api_ctx *ctx)
{
    /* The edition's own name, "" when its file has none (not the edition id that
     * plays_load falls back to for the other exports). */
    const char *game_name = plays_str(d->edition, "name");
    cJSON *list = cJSON_AddArrayToObject(doc, "plays");
    const cJSON *p;
    (void)ctx;
    if (!list)
        return false;
    cJSON_ArrayForEach(p, d->plays)
    {
        cJSON *play = bgg_log_play(d, p, game_name);
        if (!play || !cJSON_AddItemToArray(list, play)) {
            cJSON_Delete(play);
            return false;
        }
    }
    return true;
}

int api_get_plays_bgg(struct api_ctx *ctx)
{
    return plays_reply_json(ctx, bgg_log_doc);
}

/* ---- BG Stats ---- */

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

/* The one game of the file: the campaign's edition. NULL when out of memory. */
static cJSON *bgs_game(const struct plays_doc *d, const char *eid, const char *now)
{
    cJSON *g = cJSON_CreateObject();
    char name[PLAYS_NAME_MAX], uuid[UUID_TEXT_MAX];
    bool ok = g != NULL;
    snprintf(name, sizeof(name), "stampbook/edition/%s", eid);
    uuid_from_name(name, uuid);
    ok = ok && cJSON_AddNumberToObject(g, "id", 1) && cJSON_AddStringToObject(g, "uuid", uuid);
    ok = ok && cJSON_AddStringToObject(g, "name", d->game_name);
    ok = ok && cJSON_AddNumberToObject(g, "bggId", (double)d->bgg_id);
    ok = ok && cJSON_AddStringToObject(g, "bggName", d->bgg_id ? d->bgg_name : "");
    ok = ok && cJSON_AddBoolToObject(g, "cooperative", false);
    ok = ok && cJSON_AddBoolToObject(g, "highestWins", true);
    ok = ok && cJSON_AddBoolToObject(g, "noPoints", false);
    ok = ok && cJSON_AddBoolToObject(g, "usesTeams", false);
    ok = ok && cJSON_AddStringToObject(g, "modificationDate", now);
    if (!ok) {
        cJSON_Delete(g);
        return NULL;
    }
    return g;
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
            cJSON_ArrayForEach(q, players) seen |= plays_num(q, "id", 0) == id;
            if (seen)
                continue;
            o = cJSON_CreateObject();
            if (!o || !cJSON_AddItemToArray(players, o)) {
                cJSON_Delete(o);
                return false;
            }
            if (!cJSON_AddNumberToObject(o, "id", (double)id) ||
                !bgs_add_uuid(o, d, cid, "player", id) ||
                !cJSON_AddStringToObject(o, "name", plays_str(s, "name")) ||
                !cJSON_AddBoolToObject(o, "isAnonymous", false) ||
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
        o = cJSON_CreateObject();
        if (!o || !cJSON_AddItemToArray(locations, o)) {
            cJSON_Delete(o);
            return false;
        }
        if (!cJSON_AddNumberToObject(o, "id", (double)id) ||
            !bgs_add_uuid(o, d, cid, "location", plays_num(p, "game", 0)) ||
            !cJSON_AddStringToObject(o, "name", name) ||
            !cJSON_AddStringToObject(o, "modificationDate", now))
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
static cJSON *bgs_play(const struct plays_doc *d, long long cid, const cJSON *play,
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
    ok = ok && cJSON_AddNumberToObject(o, "gameRefId", 1);
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
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* Build the whole BG Stats file of d into doc. False when out of memory. */
static bool bgs_doc(cJSON *doc, const struct plays_doc *d, const struct api_ctx *ctx)
{
    static const char about[] =
        "This is a Play file that can be read by Board Game Stats. If you see this text, try "
        "to use a share, export or open-in function to open it with Board Game Stats. "
        "Exported by Stampbook.";
    char now_rfc[CAMPAIGN_TIME_MAX], now[PLAYS_TIME_MAX];
    cJSON *games = cJSON_AddArrayToObject(doc, "games");
    cJSON *players = cJSON_AddArrayToObject(doc, "players");
    cJSON *plays = cJSON_AddArrayToObject(doc, "plays");
    cJSON *locations = cJSON_AddArrayToObject(doc, "locations");
    cJSON *user = cJSON_AddObjectToObject(doc, "userInfo");
    const cJSON *p;
    bool ok = games && players && plays && locations && user &&
              cJSON_AddStringToObject(doc, "about", about);
    campaign_now(now_rfc);
    if (!plays_local(d->zone, now_rfc, now))
        snprintf(now, sizeof(now), "1970-01-01 00:00:00");
    if (ok) {
        cJSON *g = bgs_game(d, ctx->campaign.edition, now);
        ok = g && cJSON_AddItemToArray(games, g);
        if (!ok)
            cJSON_Delete(g);
    }
    ok = ok && bgs_players(players, d, ctx->cid, now) && bgs_locations(locations, d, ctx->cid, now);
    /* The app's "me": the file's first player (the one who keeps the campaign). */
    ok = ok &&
         (!players->child ||
          cJSON_AddNumberToObject(user, "meRefId", (double)plays_num(players->child, "id", 0)));
    cJSON_ArrayForEach(p, (ok ? d->plays : NULL))
    {
        cJSON *o = bgs_play(d, ctx->cid, p, locations);
        if (!o || !cJSON_AddItemToArray(plays, o)) {
            cJSON_Delete(o);
            return false;
        }
    }
    return ok;
}

int api_get_plays_bgstats(struct api_ctx *ctx)
{
    return plays_reply_json(ctx, bgs_doc);
}

/* ---- BoardGameGeek XML API2 ---- */

/* Write s into f as XML character data, or as an attribute value when attr is set:
 * & < > " ' are escaped, and in an attribute also tab, LF and CR (which attribute
 * normalisation would turn into spaces). Characters XML 1.0 does not allow (C0 controls
 * but tab, LF, CR) become U+FFFD. This function can't fail (f remembers errors). */
static void xml_text(FILE *f, const char *s, bool attr)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs(attr ? "&quot;" : "\"", f); break;
        case '\'': fputs(attr ? "&apos;" : "'", f); break;
        case '\t':
        case '\n':
        case '\r':
            if (attr)
                fprintf(f, "&#%d;", *p);
            else
                fputc(*p, f);
            break;
        default:
            if (*p < 0x20)
                fputs("\xef\xbf\xbd", f);
            else
                fputc(*p, f);
        }
    }
}

/* Write ` name="value"` (escaped) into f. This function can't fail. */
static void xml_attr(FILE *f, const char *name, const char *value)
{
    fprintf(f, " %s=\"", name);
    xml_text(f, value, true);
    fputc('"', f);
}

/* Write one <play> of d into f. False when out of memory. */
static bool bgg_xml_play(FILE *f, const struct plays_doc *d, const cJSON *play)
{
    const cJSON *s, *seats = cJSON_GetObjectItemCaseSensitive(play, "seats");
    char when[PLAYS_TIME_MAX], *comments;
    int position = 0;
    plays_time(d, play, when);
    when[10] = '\0';
    fprintf(f, "  <play id=\"%lld\" date=\"%s\" quantity=\"1\" length=\"%lld\" incomplete=\"%d\"",
            plays_num(play, "game", 0), when, plays_minutes(play),
            strcmp(plays_str(play, "status"), "finished") != 0);
    fputs(" nowinstats=\"0\"", f);
    xml_attr(f, "location", plays_str(play, "location"));
    fputs(">\n    <item", f);
    xml_attr(f, "name", d->bgg_id ? d->bgg_name : d->game_name);
    fprintf(f, " objecttype=\"thing\" objectid=\"%lld\">", d->bgg_id);
    fputs("<subtypes><subtype value=\"boardgame\"/></subtypes></item>\n    <comments>", f);
    comments = plays_comments_text(play, PLAYS_NOTES_APP);
    if (!comments)
        return false;
    xml_text(f, comments, false);
    free(comments);
    fputs("</comments>\n    <players>\n", f);
    cJSON_ArrayForEach(s, seats)
    {
        char score[PLAYS_SCORE_MAX];
        int rank = 0;
        plays_score(play, s, score, &rank);
        fputs("      <player username=\"\" userid=\"0\"", f);
        xml_attr(f, "name", plays_str(s, "name"));
        fprintf(f, " startposition=\"%d\"", ++position);
        xml_attr(f, "color", plays_str(s, "token"));
        xml_attr(f, "score", score);
        fprintf(f, " new=\"0\" rating=\"0\" win=\"%d\"/>\n", plays_won(play, s));
    }
    fputs("    </players>\n  </play>\n", f);
    return true;
}

/* Write the whole <plays> document of d into f. False when out of memory. */
static bool bgg_xml_doc(FILE *f, const struct plays_doc *d, const struct api_ctx *ctx)
{
    const cJSON *p;
    (void)ctx;
    fprintf(f,
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
            "<plays username=\"\" userid=\"0\" total=\"%d\" page=\"1\""
            " termsofuse=\"https://boardgamegeek.com/xmlapi/termsofuse\">\n",
            cJSON_GetArraySize(d->plays));
    cJSON_ArrayForEach(p, d->plays)
    {
        if (!bgg_xml_play(f, d, p))
            return false;
    }
    fputs("</plays>\n", f);
    return true;
}

int api_get_plays_bgg_xml(struct api_ctx *ctx)
{
    return plays_reply_text(ctx, bgg_xml_doc, "application/xml; charset=utf-8");
}
