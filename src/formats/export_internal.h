/* export_internal.h -- what the writers of export_plays.h share (export_plays.c); the
 * rest of the program should not include it. */
#ifndef STAMPBOOK_EXPORT_INTERNAL_H
#define STAMPBOOK_EXPORT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "export_plays.h"
#include "tz.h"

#define PLAYS_TIME_MAX 20   /* "YYYY-MM-DD HH:MM:SS" */
#define PLAYS_SCORE_MAX 24  /* an integer as text */
#define PLAYS_NAME_MAX 256  /* a uuid's name */
#define PLAYS_HOUSE_MAX 320 /* every switch described */

/* How plays_comments frames the Travel Journal stamps of a play. */
enum plays_notes {
    PLAYS_NOTES_APP,  /* "Travel Journal stamps: …" (or "…: none"); nothing in a
                         results-mode play (BG Stats, the XML and JSON play logs) */
    PLAYS_NOTES_BARE, /* the stamps alone, nothing when there are none (CSV) */
};

/* The string at obj[key], or "" when it is not a string. This function can't fail. */
const char *plays_str(const cJSON *obj, const char *key);

/* The number at obj[key], or fallback. This function can't fail. */
long long plays_num(const cJSON *obj, const char *key, long long fallback);

/* obj when ok, else NULL with obj freed: the end of a builder. This function can't
 * fail. */
cJSON *plays_done(cJSON *obj, bool ok);

/* The RFC 3339 UTC time at as "YYYY-MM-DD HH:MM:SS" in zone (NULL: UTC); false (and
 * out untouched) when at does not read as a time. */
bool plays_local(const struct tz *zone, const char *at, char out[PLAYS_TIME_MAX]);

/* The time of a play as "YYYY-MM-DD HH:MM:SS" in the campaign's zone: played_at when
 * it reads as a date, else started_at. This function can't fail (an unreadable time
 * gives the start of 1970). */
void plays_time(const struct plays_doc *d, const cJSON *play, char out[PLAYS_TIME_MAX]);

/* How long a play took in whole minutes: its "duration_min" when it has one, else the
 * time from its start to its end when it was logged live (no played_at), else 0. This
 * function can't fail. */
long long plays_minutes(const cJSON *play);

/* The score of a seat as text ("" when there is none) and *rank its decided rank (0
 * when none); see export_plays.c. This function can't fail. */
void plays_score(const cJSON *play, const cJSON *seat, char out[PLAYS_SCORE_MAX], int *rank);

/* True when the seat's player won the play. This function can't fail. */
bool plays_won(const cJSON *play, const cJSON *seat);

/* The "board" of a play: the mode of a Travel World Tour game, the variant of a
 * results-mode one. This function can't fail. */
const char *plays_board(const cJSON *play);

/* The house rules a play was played by that are not the official readings, as
 * "free_parking: jackpot, fees: automatic" into buf ("" for none; RULES.md 1b). This
 * function can't fail. */
void plays_house(const cJSON *play, char *buf, size_t n);

/* The comments of a play (its Travel Journal stamps and house rules, framed as how
 * says) as a new string (caller frees), or NULL when out of memory. */
char *plays_comments_text(const cJSON *play, enum plays_notes how);

#endif
