/* classic_fixture.h -- the default French box of RULES.md §3 as a struct classic_board,
 * for the engine's tests (the shipped edition data is the game layer's JSON). */
#ifndef STAMPBOOK_CLASSIC_FIXTURE_H
#define STAMPBOOK_CLASSIC_FIXTURE_H

#include <stdint.h>

#include "classic.h"

/* Fill b with the classic box of RULES.md §3: 40 spaces, 28 deeds, 16 + 16 cards, 32
 * houses, 12 hotels, 1500 start cash, 200 salary, 50 Jail fine. This function can't
 * fail. */
void classic_fixture_default(struct classic_board *b);

/* Fill b with the Wonders box (WONDERS-BOX): the classic box with wonders and airports
 * named "Merveille N" and "Aéroport N", and the 1500 end bonus. This function can't
 * fail. */
void classic_fixture_wonders(struct classic_board *b);

/* Card indexes of the fixture's decks, in RULES.md's order. */
enum classic_fixture_chance {
    FX_CH_GO,
    FX_CH_HENRI_MARTIN,
    FX_CH_VILLETTE,
    FX_CH_GARE_DE_LYON,
    FX_CH_RUE_DE_LA_PAIX,
    FX_CH_BACK_THREE,
    FX_CH_JAIL,
    FX_CH_JAIL_FREE,
    FX_CH_DIVIDEND,
    FX_CH_LOAN,
    FX_CH_CROSSWORD,
    FX_CH_SPEEDING,
    FX_CH_SCHOOL,
    FX_CH_DRUNK,
    FX_CH_REPAIRS,
    FX_CH_ROAD_REPAIRS,
};

enum classic_fixture_community {
    FX_CC_GO,
    FX_CC_BANK_ERROR,
    FX_CC_DOCTOR,
    FX_CC_STOCK,
    FX_CC_JAIL_FREE,
    FX_CC_JAIL,
    FX_CC_BELLEVILLE,
    FX_CC_ANNUAL,
    FX_CC_BIRTHDAY,
    FX_CC_TAX_REFUND,
    FX_CC_HOSPITAL,
    FX_CC_INSURANCE,
    FX_CC_INTEREST,
    FX_CC_INHERITANCE,
    FX_CC_BEAUTY,
    FX_CC_PAY_OR_CHANCE,
};

/* ---- a game on the fixture, for the engine's tests (cmocka asserts inside) ---- */

/* A game: its box, state, the outcome of the last event and the next seq. */
struct ctest {
    struct classic_board b;
    struct classic_state st;
    struct classic_outcome out;
    int64_t seq;
};

/* A new game of n seats (ids 101.., names Ann, Bob...) on the classic box (ct_new) or the
 * Wonders box (ct_wonders), by house rules hr (NULL: official). The caller frees it. */
struct ctest *ct_new(int n, const struct classic_house_rules *hr);
struct ctest *ct_wonders(int n, const struct classic_house_rules *hr);

/* Apply ev (its seq set) and assert it is accepted, printing the refusal if not. */
void ct_ok(struct ctest *f, struct classic_event ev);

/* Apply ev and assert it is refused naming rule, the state unchanged. */
void ct_refused(struct ctest *f, struct classic_event ev, const char *rule);

/* Events: a roll, a draw, an auction (winner -1: none; price -1: none), a rent asked
 * (space -1: the latest), an event of type t on space. */
struct classic_event ct_roll(int d1, int d2);
struct classic_event ct_draw(enum classic_deck k, int card);
struct classic_event ct_auction(int winner, int price);
struct classic_event ct_collect(int space);
struct classic_event ct_space_ev(enum classic_event_type t, int space);

/* The state of the deed on space. */
struct classic_deed_state *ct_deed(struct ctest *f, int space);

/* Give the deed on space to seat (set directly, as a setup). */
void ct_own(struct ctest *f, int space, int seat);

/* The rent payer would owe now on space (classic_rent_amount(), dice 7). */
int ct_rent(struct ctest *f, int space, int payer);

/* Put seat in Jail, due to roll next (set directly). */
void ct_jail(struct ctest *f, int seat);

/* Decline the deed offered, if one is (an auction without a winner). */
void ct_auction_if_offered(struct ctest *f);

/* The sum of every player's cash and the pot. */
long long ct_money(const struct ctest *f);

#endif
