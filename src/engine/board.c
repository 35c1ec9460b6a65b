/* board.c -- look-ups on a struct board. */
#include "board.h"

#include <stddef.h>
#include <string.h>

/* The index of the item of items[0..n) (each of size bytes, its id string at offset
 * id_at) whose id is id, or -1. */
static int board_find_id(const void *items, size_t size, size_t id_at, int n, const char *id)
{
    const char *item = items;
    for (int i = 0; i < n; i++, item += size)
        if (strcmp(item + id_at, id) == 0)
            return i;
    return -1;
}

int board_find_dest(const struct board *b, const char *id)
{
    return board_find_id(b->dests, sizeof(b->dests[0]), offsetof(struct destination, id), b->ndests,
                         id);
}

int board_find_token(const struct board *b, const char *id)
{
    return board_find_id(b->tokens, sizeof(b->tokens[0]), offsetof(struct token, id), b->ntokens,
                         id);
}

int board_find_chance(const struct board *b, const char *id)
{
    return board_find_id(b->chance, sizeof(b->chance[0]), offsetof(struct chance_card, id),
                         b->nchance, id);
}

int board_find_journal(const struct board *b, const char *id)
{
    return board_find_id(b->journal, sizeof(b->journal[0]), offsetof(struct journal_card, id),
                         b->njournal, id);
}

int board_colour_size(const struct board *b, int d)
{
    int n = 0;
    for (int i = 0; i < b->ndests; i++)
        if (strcmp(b->dests[i].colour, b->dests[d].colour) == 0)
            n++;
    return n;
}
