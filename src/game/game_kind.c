/* game_kind.c -- the table of game kinds: one row a kind (game_kind.h). */
#include "game_kind.h"

#include <stddef.h>

/* In the order a new game's kind is looked for: Travel World Tour, which plays every
 * edition the others do not, comes last. A new kind is one file and one row here. */
static const struct game_kind *const game_kinds[] = {
    &game_kind_results,
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

const struct game_kind *game_kind_for_mode(const char *mode)
{
    for (size_t i = 0; mode && i < GAME_NKINDS; i++)
        if (game_kinds[i]->has_mode(mode))
            return game_kinds[i];
    return NULL;
}
