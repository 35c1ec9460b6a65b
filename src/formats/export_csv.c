/* export_csv.c -- a campaign's plays as a CSV for spreadsheets (RFC 4180; GET
 * .../export/plays.csv): one row per game, each seat's score (as its game's kind gives
 * it: board stamps, a bank game's net worth) in the last column. */
#include "export_plays.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export_internal.h"

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

/* Write the row of play into f, under its own edition. False when out of memory. */
static bool csv_row(FILE *f, const struct plays_doc *d, const cJSON *play)
{
    struct plays_names ed;
    char when[PLAYS_TIME_MAX];
    char *names = csv_seats(play, "name", false), *tokens = csv_seats(play, "token", false);
    char *stamps = csv_seats(play, "stamps", true), *scores = csv_seats(play, "score", false);
    char *journal = plays_comments_text(play, PLAYS_NOTES_BARE);
    char game[PLAYS_SCORE_MAX];
    bool ok = names && tokens && stamps && scores && journal;
    snprintf(game, sizeof(game), "%lld", plays_num(play, "game", 0));
    if (ok) {
        csv_field(f, game, ",");
        plays_time(d, play, when);
        when[10] = '\0';
        csv_field(f, when, ",");
        plays_names_of(d, play, &ed);
        csv_field(f, ed.id, ",");
        csv_field(f, plays_str(play, "mode"), ",");
        csv_field(f, plays_str(play, "status"), ",");
        csv_field(f, plays_str(play, "winner"), ",");
        csv_field(f, names, ",");
        csv_field(f, tokens, ",");
        csv_field(f, stamps, ",");
        csv_field(f, journal, ",");
        csv_field(f, scores, "\r\n");
    }
    free(scores);
    free(names);
    free(tokens);
    free(stamps);
    free(journal);
    return ok;
}

/* Write the whole CSV of d into f: a header row, then one row per play. False when out
 * of memory. */
bool export_csv(FILE *f, const struct plays_doc *d)
{
    const cJSON *p;
    fputs("game,date,edition,mode,status,winner,players,tokens,board_stamps,journal_stamps,"
          "scores\r\n",
          f);
    cJSON_ArrayForEach(p, d->plays)
    {
        if (!csv_row(f, d, p))
            return false;
    }
    return true;
}
