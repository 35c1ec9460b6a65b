/* game_kind.c -- the table of game kinds: one row a kind (game_kind.h). */
#include "game_kind.h"

#include <stddef.h>

/* In the order a new game's kind is looked for: Travel World Tour, which plays every
 * edition the others do not, comes last. A new kind is one file and one row here. */
static const struct game_kind *const game_kinds[] = {
    &game_kind_results,
    &game_kind_classic,
    &game_kind_twt,
};

#define GAME_NKINDS (sizeof(game_kinds) / sizeof(game_kinds[0]))

const struct game_kind *game_kind_for_new(const char *edition, const char *mode)
{
    const struct game_kind *first = NULL;
    /* The last row takes what no row before it plays. */
    for (size_t i = 0; i + 1 < GAME_NKINDS; i++) {
        if (!game_kinds[i]->plays(edition))
            continue;
        if (mode && game_kinds[i]->has_mode(mode))
            return game_kinds[i];
        if (!first)
            first = game_kinds[i];
    }
    return first ? first : game_kinds[GAME_NKINDS - 1];
}

const struct game_kind *game_kind_for(const char *edition, const char *mode)
{
    const struct game_kind *any = NULL;
    for (size_t i = 0; mode && i < GAME_NKINDS; i++) {
        const struct game_kind *k = game_kinds[i];
        if (!k || !k->has_mode(mode))
            continue;
        if (k->plays(edition))
            return k;
        if (!any)
            any = k;
    }
    return any;
}

/* The edition of a play or an exported game: its own, else the campaign's. This
 * function can't fail. */
static const char *game_kind_edition(const struct game_req *r, const cJSON *game)
{
    const cJSON *ed = cJSON_GetObjectItemCaseSensitive(game, "edition");
    return cJSON_IsString(ed) && ed->valuestring ? ed->valuestring : r->campaign->edition;
}

/* The kind of a play or an exported game (NULL when no kind has its mode). */
static const struct game_kind *game_kind_of(const struct game_req *r, const cJSON *game)
{
    const cJSON *mode = cJSON_GetObjectItemCaseSensitive(game, "mode");
    return cJSON_IsString(mode) && mode->valuestring
               ? game_kind_for(game_kind_edition(r, game), mode->valuestring)
               : NULL;
}

int game_plays_fill(struct game_req *r, cJSON *plays)
{
    cJSON *play;
    cJSON_ArrayForEach(play, plays)
    {
        const struct game_kind *k = game_kind_of(r, play);
        int rc = k ? k->play(r, play) : 0;
        if (rc != 0)
            return rc;
    }
    return 0;
}

int game_box_put(struct game_req *r, cJSON *doc, const char *what, const char *id,
                 const cJSON *body, cJSON **item)
{
    /* the kind that banks the box's edition knows its facts */
    const struct game_kind *k = game_kind_for(r->campaign->box, "banker");
    if (!k)
        return sb_fail(r->err, SB_ENOTFOUND, NULL, "this box has no %s '%s'", what, id);
    return k->box_put(doc, what, id, body, item, r->err);
}

int game_box_from_file(const cJSON *box, cJSON **doc, struct sb_error *err)
{
    const cJSON *ed = cJSON_GetObjectItemCaseSensitive(box, "edition");
    if (!cJSON_IsObject(box))
        return sb_fail(err, SB_EBADREQ, NULL, "'board' must be a box file: a board object");
    /* the kind that banks the edition the file names reads it */
    const struct game_kind *k = game_kind_for(cJSON_IsString(ed) ? ed->valuestring : "", "banker");
    if (!k)
        return sb_fail(err, SB_EINVALID, NULL, "no edition banks this box file");
    return k->box_from_file(box, doc, err);
}

bool game_import_house(struct game_req *r, const cJSON *game, cJSON *body)
{
    const struct game_kind *k = game_kind_of(r, game);
    return k ? k->import_house(game, body) : true;
}
