/* board.c -- look-ups on a struct board. */
#include "board.h"

#include <string.h>

int board_find_dest(const struct board *b, const char *id)
{
    for (int i = 0; i < b->ndests; i++)
        if (strcmp(b->dests[i].id, id) == 0)
            return i;
    return -1;
}

int board_find_token(const struct board *b, const char *id)
{
    for (int i = 0; i < b->ntokens; i++)
        if (strcmp(b->tokens[i].id, id) == 0)
            return i;
    return -1;
}

int board_find_chance(const struct board *b, const char *id)
{
    for (int i = 0; i < b->nchance; i++)
        if (strcmp(b->chance[i].id, id) == 0)
            return i;
    return -1;
}

int board_find_journal(const struct board *b, const char *id)
{
    for (int i = 0; i < b->njournal; i++)
        if (strcmp(b->journal[i].id, id) == 0)
            return i;
    return -1;
}

int board_colour_size(const struct board *b, int d)
{
    int n = 0;
    for (int i = 0; i < b->ndests; i++)
        if (strcmp(b->dests[i].colour, b->dests[d].colour) == 0)
            n++;
    return n;
}
