/* correct.h -- corrections of the box during a game: the "correct" event.
 *
 * A game plays on its own copy of the board. A correct event (API.md "Correcting the
 * box") changes one destination, Chance card or Travel Journal card of that copy, and
 * the game follows it from then on; nothing already paid is recomputed (RULES.md: "The
 * box is the truth"). The board is the only thing it changes, besides the state's seq. */
#ifndef STAMPBOOK_CORRECT_H
#define STAMPBOOK_CORRECT_H

#include "board.h"
#include "rules.h"

/* Apply one event to a game whose own board copy is b: a correct event (ev->fix)
 * changes b (and counts in st->corrections), any other event goes to rules_apply() with
 * b. On success returns 0 and st->seq = ev->seq. On refusal returns -1: b and st are unchanged and
 * out->refusal says why (a conflict once the game is over; refused for a fix that does not fit the
 * board, or fewer circles than the card carries stamps, TWT-JOURNAL-2). Does no I/O, allocates
 * nothing. */
int correct_apply(struct board *b, enum stamp_owner policy, struct game_state *st,
                  const struct rules_event *ev, struct rules_outcome *out);

/* correct_apply() for a caller that throws st away when the event is refused: any event
 * but a correct one goes to rules_apply_in_place(), so st is unspecified after a refusal
 * (b is unchanged). On success the same b, st and out as correct_apply(). */
int correct_apply_in_place(struct board *b, enum stamp_owner policy, struct game_state *st,
                           const struct rules_event *ev, struct rules_outcome *out);

/* Change the fields of fix in b, checked or not. This function can't fail; a fix whose
 * index is out of range changes nothing. */
void correct_board(struct board *b, const struct board_fix *fix);

#endif
