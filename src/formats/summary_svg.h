/* summary_svg.h -- the night card: one finished game as a shareable SVG 1.1 picture
 * (API.md "Recap and night summary"). Pure text: no script, no outside reference (the
 * game's first photo is inside it, as a data: URI), every name and text escaped,
 * characters XML cannot hold left out. */
#ifndef STAMPBOOK_SUMMARY_SVG_H
#define STAMPBOOK_SUMMARY_SVG_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"

#define SUMMARY_MAX_PLAYERS 8
#define SUMMARY_MAX_JOURNAL 16

struct summary_player {
    const char *name;
    int stamps;
    int64_t cash; /* < 0: not kept (journal mode) */
};

struct summary_stamp {
    const char *card; /* the card's title (or id) */
    const char *player;
};

struct summary_card {
    const char *lang;    /* "en", "fr" or "ro" */
    const char *edition; /* its name */
    int64_t number;
    const char *date;   /* RFC 3339; its date part is shown */
    const char *winner; /* NULL: none */
    int nplayers;
    struct summary_player players[SUMMARY_MAX_PLAYERS];
    int njournal;
    struct summary_stamp journal[SUMMARY_MAX_JOURNAL];
    int64_t paid_out;   /* what the journal paid that night */
    const char *memory; /* NULL: none */
    /* the game's first photo (photo NULL: none): its Content-Type ("image/jpeg",
     * "image/png" or "image/webp") and bytes; left out when they are not that type */
    const char *photo_type;
    const void *photo;
    size_t photo_len;
};

/* Is lang one the card speaks? This function can't fail. */
int summary_lang_known(const char *lang);

/* The card as SVG text in *out (malloc'd, NUL-ended; the caller frees) and *len. */
int summary_svg(const struct summary_card *c, char **out, size_t *len, struct sb_error *err);

#endif
