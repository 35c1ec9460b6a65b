/* classic_fixture.h -- the default French box of RULES.md §3 as a struct classic_board,
 * for the engine's tests (the shipped edition data is the game layer's JSON). */
#ifndef STAMPBOOK_CLASSIC_FIXTURE_H
#define STAMPBOOK_CLASSIC_FIXTURE_H

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

#endif
