/* export_plays.h -- a campaign's plays in the formats of other apps: a CSV for
 * spreadsheets (export_csv.c), BoardGameGeek's play-log fields as JSON (export_bgg.c),
 * the BG Stats app's import file (export_bgstats.c) and BoardGameGeek's XML API2 <plays>
 * document (export_bgg_xml.c).
 *
 * All four read the same facts (struct plays_doc, loaded once by the API in one read
 * transaction: campaign_plays()): one play per game, the seats in play order, the winner
 * (by player id, as two players may share a name), the Travel Journal stamps, and a
 * score per seat. The CSV and the play log give the board stamps of each seat; BG Stats
 * and the XML the figure that decides the game: the board stamps in a Travel World Tour
 * game, the decided figure of a results-mode game (net worth, wealth, complete sets or
 * cash, whichever the edition's rule worked out). The edition's BoardGameGeek id comes
 * from its edition file ("bgg": {"id","name"}; id null when not confirmed). Each writer
 * is a pure conversion: it reads d and writes bytes (or builds a cJSON document). */
#ifndef STAMPBOOK_EXPORT_PLAYS_H
#define STAMPBOOK_EXPORT_PLAYS_H

#include <stdbool.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "editions.h"
#include "tz.h"

/* What every exporter reads. plays, campaign and zone are owned (plays_doc_free()); the
 * rest is borrowed. */
struct plays_doc {
    cJSON *plays;                    /* campaign_plays() */
    cJSON *campaign;                 /* the campaign object */
    const cJSON *edition;            /* the campaign's edition document (borrowed) */
    struct tz *zone;                 /* the campaign's time zone; NULL: UTC (its file is gone) */
    const char *edition_id;          /* the campaign's edition id */
    const struct editions *editions; /* every edition, for each play's (borrowed) */
    long long cid;                   /* the campaign's id */
    char now[32];                    /* the time of the export, RFC 3339 UTC (campaign_now()) */
};

/* The names of the edition of one play: a campaign plays every box of its group, each
 * play under its own edition (issue 39). */
struct plays_names {
    const char *id;        /* the edition id */
    const char *name;      /* its name, "" when its file has none */
    const char *game_name; /* its name, else its id */
    long long bgg_id;      /* 0 when its file has none */
    const char *bgg_name;  /* its BoardGameGeek name, else game_name */
};

/* The names of the edition play is of (its "edition"; the campaign's when it names none),
 * from d->editions (d->edition when it is the campaign's). This function can't fail. */
void plays_names_of(const struct plays_doc *d, const cJSON *play, struct plays_names *n);

/* Free what d owns and zero it. plays_doc_free on a zeroed doc is a no-op. */
void plays_doc_free(struct plays_doc *d);

/* Close a memory stream; *text gets what was written (caller frees) or NULL when out
 * of memory. */
void plays_close(FILE *f, char **text);

/* Write the CSV of d into f: a header row, then one row per play. False when out of
 * memory (f remembers write errors). */
bool export_csv(FILE *f, const struct plays_doc *d);

/* Build BoardGameGeek's play log of d into the object doc: {"plays":[…]}, one play per
 * game. False when out of memory. */
bool export_bgg(cJSON *doc, const struct plays_doc *d);

/* Build the whole BG Stats file of d into the object doc. False when out of memory. */
bool export_bgstats(cJSON *doc, const struct plays_doc *d);

/* Write the whole BoardGameGeek XML API2 <plays> document of d into f. False when out
 * of memory. */
bool export_bgg_xml(FILE *f, const struct plays_doc *d);

#endif
