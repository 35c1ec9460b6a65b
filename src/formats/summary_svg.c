/* summary_svg.c -- the night card as SVG 1.1 (summary_svg.h). */
#include "summary_svg.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base64.h"
#include "image.h"

#define SVG_WIDTH 640
#define SVG_LINE_CHARS 64 /* characters of the memory a line holds */
#define SVG_MEMORY_LINES 4
#define JSON_NAME_CHARS 80   /* a name is at most 80 characters */
#define SVG_PHOTO_WIDTH 560  /* the most a photo takes: the card's width inside its margins */
#define SVG_PHOTO_HEIGHT 420 /* and its height */
#define SVG_PHOTO_SIDE 4096u /* the longest side a photo may have (memory.h) */

/* The words of the card in one language: "stamp" for 1 (French: 0 and 1 too), "stamps"
 * otherwise; the colon after a label (French puts a no-break space before it); the
 * months as the language shortens them, for the date "29 Nov 2026". */
struct summary_words {
    const char *lang, *title, *game, *winner, *no_winner, *stamp, *stamps, *cash, *journal, *paid,
        *no_journal, *colon;
    bool zero_is_one;
    const char *months[12];
};

static const struct summary_words summary_langs[] = {
    {"en",
     "Stampbook night card",
     "Game",
     "Winner",
     "No winner",
     "stamp",
     "stamps",
     "cash",
     "Journal stamps tonight",
     "The journal paid",
     "No journal stamp tonight",
     ": ",
     false,
     {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}},
    {"fr",
     "Carte de la soirée Stampbook",
     "Partie",
     "Vainqueur",
     "Pas de vainqueur",
     "tampon",
     "tampons",
     "argent",
     "Tampons du carnet ce soir",
     "Le carnet a payé",
     "Aucun tampon du carnet ce soir",
     "\u00a0: ",
     true,
     {"janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.",
      "déc."}},
    {"ro",
     "Cartea serii Stampbook",
     "Partida",
     "Câștigător",
     "Niciun câștigător",
     "ștampilă",
     "ștampile",
     "bani",
     "Ștampile în jurnal în seara asta",
     "Jurnalul a plătit",
     "Nicio ștampilă în jurnal în seara asta",
     ": ",
     false,
     {"ian.", "feb.", "mar.", "apr.", "mai", "iun.", "iul.", "aug.", "sept.", "oct.", "nov.",
      "dec."}},
};

static const struct summary_words *summary_words_of(const char *lang)
{
    for (size_t i = 0; i < sizeof(summary_langs) / sizeof(summary_langs[0]); i++)
        if (lang && strcmp(lang, summary_langs[i].lang) == 0)
            return &summary_langs[i];
    return NULL;
}

int summary_lang_known(const char *lang)
{
    return summary_words_of(lang) != NULL;
}

/* A growing text. */
struct svg_buf {
    char *s;
    size_t len, cap;
    bool failed;
};

static void svg_grow(struct svg_buf *b, size_t more)
{
    char *grown;
    size_t cap = b->cap ? b->cap : 4096;
    if (b->failed || b->len + more + 1 <= b->cap)
        return;
    while (cap < b->len + more + 1)
        cap *= 2;
    if (!(grown = realloc(b->s, cap))) {
        b->failed = true;
        return;
    }
    b->s = grown;
    b->cap = cap;
}

static void svg_raw(struct svg_buf *b, const char *s, size_t n)
{
    svg_grow(b, n);
    if (b->failed)
        return;
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static void svg_printf(struct svg_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void svg_printf(struct svg_buf *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
    va_end(ap);
    if (n > 0)
        svg_raw(b, tmp, (size_t)n < sizeof(tmp) ? (size_t)n : sizeof(tmp) - 1);
}

/* The length of the UTF-8 sequence that starts with byte c (1 for a stray byte). */
static size_t svg_utf8_len(unsigned char c)
{
    return c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
}

/* Text as XML character data: markup escaped, characters XML 1.0 cannot hold (control
 * characters, U+FFFE, U+FFFF, stray bytes) left out; at most max characters (0: all),
 * "…" when cut. */
static void svg_text(struct svg_buf *b, const char *s, size_t max)
{
    size_t chars = 0;
    if (!s)
        return;
    while (*s) {
        unsigned char c = (unsigned char)*s;
        size_t n = svg_utf8_len(c);
        if (max && chars == max) {
            svg_raw(b, "…", strlen("…"));
            return;
        }
        if (strnlen(s, n) < n || (n == 1 && c >= 0x80)) {
            s += 1; /* not UTF-8: left out */
            continue;
        }
        if (c == '<')
            svg_raw(b, "&lt;", 4);
        else if (c == '>')
            svg_raw(b, "&gt;", 4);
        else if (c == '&')
            svg_raw(b, "&amp;", 5);
        else if (c == '"')
            svg_raw(b, "&quot;", 6);
        else if (c == '\'')
            svg_raw(b, "&#39;", 5);
        else if (c < 0x20 && c != '\t')
            svg_raw(b, " ", 1);
        else if (n == 3 && c == 0xef && (unsigned char)s[1] == 0xbf &&
                 ((unsigned char)s[2] == 0xbe || (unsigned char)s[2] == 0xbf))
            ; /* U+FFFE, U+FFFF */
        else
            svg_raw(b, s, n);
        s += n;
        chars++;
    }
}

/* One line of text at (x, y). */
static void svg_line(struct svg_buf *b, int x, int y, int size, const char *weight, const char *s,
                     size_t max)
{
    svg_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" font-weight=\"%s\">", x, y, size,
               weight);
    svg_text(b, s, max);
    svg_raw(b, "</text>\n", 8);
}

/* The memory, wrapped into lines of SVG_LINE_CHARS characters; returns the next y. */
static int svg_memory(struct svg_buf *b, const char *memory, int y)
{
    const char *p = memory;
    for (int line = 0; *p && line < SVG_MEMORY_LINES; line++) {
        const char *start = p;
        size_t chars = 0;
        char *piece;
        while (*p && chars < SVG_LINE_CHARS) {
            p += strnlen(p, svg_utf8_len((unsigned char)*p));
            chars++;
        }
        piece = strndup(start, (size_t)(p - start));
        if (!piece) {
            b->failed = true;
            return y;
        }
        svg_printf(b, "<text x=\"40\" y=\"%d\" font-size=\"16\" font-style=\"italic\">", y);
        if (line == 0)
            svg_raw(b, "“", strlen("“"));
        svg_text(b, piece, 0);
        if (!*p)
            svg_raw(b, "”", strlen("”"));
        else if (line == SVG_MEMORY_LINES - 1)
            svg_raw(b, "…”", strlen("…”"));
        svg_raw(b, "</text>\n", 8);
        free(piece);
        y += 22;
    }
    return y;
}

/* The date of an ISO 8601 time ("2026-11-29T…") in the card's language, "29 Nov 2026",
 * into out (size n); the first ten characters as they are when they are not a date. */
static void svg_date(const struct summary_words *w, const char *iso, char *out, size_t n)
{
    struct tm tm = {0};
    out[0] = '\0';
    if (!iso)
        return;
    /* strptime() checks the month (1 to 12) and the day (1 to 31) */
    if (strptime(iso, "%Y-%m-%d", &tm))
        snprintf(out, n, "%d %s %d", tm.tm_mday, w->months[tm.tm_mon], tm.tm_year + 1900);
    else
        snprintf(out, n, "%.10s", iso);
}

/* The word for n stamps in the card's language. */
static const char *svg_stamps_word(const struct summary_words *w, int n)
{
    return n == 1 || (n == 0 && w->zero_is_one) ? w->stamp : w->stamps;
}

/* The head of the card: the frame, the edition, the game and its winner; with_photo
 * declares the XLink namespace its <image> needs in SVG 1.1. */
static void svg_head(struct svg_buf *b, const struct summary_card *c, const struct summary_words *w,
                     int height, bool with_photo)
{
    char head[160], date[32];
    svg_date(w, c->date, date, sizeof(date));
    svg_printf(b,
               "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\"%s version=\"1.1\" width=\"%d\" "
               "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" fill=\"#1d2b3a\">\n",
               with_photo ? " xmlns:xlink=\"http://www.w3.org/1999/xlink\"" : "", SVG_WIDTH, height,
               SVG_WIDTH, height);
    svg_raw(b, "<title>", 7);
    svg_text(b, w->title, 0);
    svg_raw(b, "</title>\n", 9);
    svg_printf(b,
               "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fbf6ec\"/>\n"
               "<rect x=\"12\" y=\"12\" width=\"%d\" height=\"%d\" fill=\"none\" "
               "stroke=\"#c0392b\" stroke-width=\"3\" stroke-dasharray=\"10 6\"/>\n",
               SVG_WIDTH, height, SVG_WIDTH - 24, height - 24);
    svg_line(b, 40, 56, 16, "normal", c->edition, 60);
    snprintf(head, sizeof(head), "%s %lld · %s", w->game, (long long)c->number, date);
    svg_line(b, 40, 90, 28, "bold", head, 0);
    snprintf(head, sizeof(head), "%s%s", w->winner, w->colon);
    svg_printf(b, "<text x=\"40\" y=\"126\" font-size=\"20\" fill=\"#c0392b\">");
    svg_text(b, c->winner ? head : w->no_winner, 0);
    svg_text(b, c->winner, JSON_NAME_CHARS);
    svg_raw(b, "</text>\n", 8);
}

/* Each player's stamps and cash from y; returns the next y. */
static int svg_players(struct svg_buf *b, const struct summary_card *c,
                       const struct summary_words *w, int y)
{
    for (int i = 0; i < c->nplayers; i++, y += 28) {
        const struct summary_player *p = &c->players[i];
        svg_printf(b, "<text x=\"40\" y=\"%d\" font-size=\"18\">", y);
        svg_text(b, p->name, JSON_NAME_CHARS);
        svg_printf(b, "</text>\n<text x=\"400\" y=\"%d\" font-size=\"18\">%d ", y, p->stamps);
        svg_text(b, svg_stamps_word(w, p->stamps), 0);
        if (p->cash >= 0) {
            svg_printf(b, " · %lld ", (long long)p->cash);
            svg_text(b, w->cash, 0);
        }
        svg_raw(b, "</text>\n", 8);
    }
    return y;
}

/* The night's journal stamps and what the journal paid from y; returns the next y. */
static int svg_journal(struct svg_buf *b, const struct summary_card *c,
                       const struct summary_words *w, int y)
{
    char line[160];
    svg_line(b, 40, y, 18, "bold", w->journal, 0);
    y += 26;
    for (int i = 0; i < c->njournal; i++, y += 24) {
        svg_printf(b, "<text x=\"56\" y=\"%d\" font-size=\"16\">", y);
        svg_text(b, c->journal[i].card, 60);
        svg_raw(b, " — ", strlen(" — "));
        svg_text(b, c->journal[i].player, JSON_NAME_CHARS);
        svg_raw(b, "</text>\n", 8);
    }
    if (c->njournal == 0) {
        svg_line(b, 56, y, 16, "normal", w->no_journal, 0);
        y += 24;
    }
    snprintf(line, sizeof(line), "%s%s%lld", w->paid, w->colon, (long long)c->paid_out);
    svg_line(b, 40, y + 6, 18, "normal", line, 0);
    return y + 40;
}

/* The size the card gives the photo (*w x *h pixels, within SVG_PHOTO_WIDTH x
 * SVG_PHOTO_HEIGHT, its proportions kept); 0 when the card has none, or its bytes are not
 * an image of its type (it is then left out). */
static int svg_photo_size(const struct summary_card *c, int *w, int *h)
{
    struct sb_error err = {0};
    enum image_type type = image_type_of(c->photo_type);
    unsigned pw = 0, ph = 0;
    double k;
    *w = *h = 0;
    if (!c->photo || type == IMAGE_NONE ||
        image_probe(type, c->photo, c->photo_len, SVG_PHOTO_SIDE, &pw, &ph, &err) != 0 || !pw ||
        !ph)
        return 0;
    k = (double)SVG_PHOTO_WIDTH / pw;
    if ((double)SVG_PHOTO_HEIGHT / ph < k)
        k = (double)SVG_PHOTO_HEIGHT / ph;
    *w = (int)(pw * k + 0.5) > 0 ? (int)(pw * k + 0.5) : 1;
    *h = (int)(ph * k + 0.5) > 0 ? (int)(ph * k + 0.5) : 1;
    return 1;
}

/* The photo at y, w x h pixels, centred, as an <image> holding its bytes in base64. */
static int svg_photo(struct svg_buf *b, const struct summary_card *c, int y, int w, int h,
                     struct sb_error *err)
{
    char *text = NULL;
    int rc = base64_encode(c->photo, c->photo_len, &text, err);
    if (rc != 0)
        return rc;
    svg_printf(b,
               "<image x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
               "preserveAspectRatio=\"xMidYMid meet\" xlink:href=\"data:%s;base64,",
               (SVG_WIDTH - w) / 2, y, w, h, image_type_name(image_type_of(c->photo_type)));
    svg_raw(b, text, strlen(text));
    svg_raw(b, "\"/>\n", 4);
    free(text);
    return 0;
}

int summary_svg(const struct summary_card *c, char **out, size_t *len, struct sb_error *err)
{
    const struct summary_words *w = summary_words_of(c->lang);
    struct svg_buf b = {0};
    int pw = 0, ph = 0;
    int with_photo = svg_photo_size(c, &pw, &ph);
    int height = 230 + c->nplayers * 28 + (c->njournal ? c->njournal : 1) * 24 +
                 (c->memory ? SVG_MEMORY_LINES * 22 + 10 : 0) + (with_photo ? ph + 30 : 0);
    int y, rc = 0;
    if (!w)
        return sb_fail(err, SB_EINVALID, NULL, "lang must be en, fr or ro");
    svg_head(&b, c, w, height, with_photo);
    y = svg_players(&b, c, w, 166);
    y = svg_journal(&b, c, w, y + 10);
    if (c->memory)
        y = svg_memory(&b, c->memory, y) + 10;
    if (with_photo)
        rc = svg_photo(&b, c, y - 10, pw, ph, err);
    svg_raw(&b, "</svg>\n", 7);
    if (rc != 0 || b.failed) {
        free(b.s);
        return rc != 0 ? rc : sb_oom(err);
    }
    *out = b.s;
    *len = b.len;
    return 0;
}
