/* board_fixture.h -- the shipped default Travel World Tour board, built in C for tests. */
#ifndef STAMPBOOK_BOARD_FIXTURE_H
#define STAMPBOOK_BOARD_FIXTURE_H

#include "board.h"

/* Token indexes of the fixture board, in the order of the box. */
#define FX_SCOTTIE 0
#define FX_T_REX 1
#define FX_HAZEL 2
#define FX_DUCKY 3

/* Fill *b with the default board of RULES.md "The shipped default board": the classic
 * layout, 22 destinations with classic prices (fee = price / 2, set fee = price),
 * goals forming a derangement, 10 Chance and 10 Travel Journal cards covering every
 * effect kind, four tokens, start cash 1500 and GO salary 200. This function can't
 * fail. */
void board_fixture_default(struct board *b);

#endif
