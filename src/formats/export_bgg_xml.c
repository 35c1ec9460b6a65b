/* export_bgg_xml.c -- a campaign's plays as BoardGameGeek's XML API2 <plays> document
 * (GET .../export/bgg.xml). */
#include "export_plays.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export_internal.h"

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
    struct plays_names ed;
    plays_names_of(d, play, &ed);
    plays_time(d, play, when);
    when[10] = '\0';
    fprintf(f, "  <play id=\"%lld\" date=\"%s\" quantity=\"1\" length=\"%lld\" incomplete=\"%d\"",
            plays_num(play, "game", 0), when, plays_minutes(play),
            strcmp(plays_str(play, "status"), "finished") != 0);
    fputs(" nowinstats=\"0\"", f);
    xml_attr(f, "location", plays_str(play, "location"));
    fputs(">\n    <item", f);
    xml_attr(f, "name", ed.bgg_id ? ed.bgg_name : ed.game_name);
    fprintf(f, " objecttype=\"thing\" objectid=\"%lld\">", ed.bgg_id);
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
bool export_bgg_xml(FILE *f, const struct plays_doc *d)
{
    const cJSON *p;
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
