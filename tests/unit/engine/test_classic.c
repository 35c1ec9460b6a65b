/* test_classic.c -- unit tests of the classic Monopoly and Wonders bank (RULES.md §3):
 * setup, turns, spaces, cards, Jail, one test or more per rule id. The buildings, debts,
 * bankruptcy, variants, Wonders and house rules are in test_classic_more.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "classic.h"
#include "classic_fixture.h"

/* ---- CLASSIC-SETUP, CLASSIC-BANK ---------------------------------------------------- */

/* CLASSIC-SETUP: the box's cash each, on GO, the first seat rolls, the stock in the Bank. */
static void test_classic_setup_deals_start_cash_on_go(void **state)
{
    (void)state;
    struct ctest *f = ct_new(3, NULL);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(f->st.players[i].cash, 1500);
        assert_int_equal(f->st.players[i].position, 0);
    }
    assert_int_equal(classic_next_seat(&f->st), 0);
    assert_int_equal(f->st.bank_houses, 32);
    assert_int_equal(f->st.bank_hotels, 12);
    for (int d = 0; d < f->b.ndeeds; d++)
        assert_int_equal(f->st.deeds[d].owner, CLASSIC_BANK);
    free(f);
}

/* CLASSIC-SETUP: 2 to 8 players, each once; a box that does not hold is refused. */
static void test_classic_setup_refuses_bad_seats_and_boxes(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    struct classic_seat seats[9];
    for (int i = 0; i < 9; i++)
        seats[i] = (struct classic_seat){101 + i, "P", "T"};
    assert_int_equal(classic_init(&f->b, NULL, seats, 1, &f->st, &f->out), -1);
    assert_string_equal(f->out.refusal.rule, "CLASSIC-SETUP");
    assert_int_equal(classic_init(&f->b, NULL, seats, 9, &f->st, &f->out), -1);
    assert_int_equal(classic_init(&f->b, NULL, seats, 8, &f->st, &f->out), 0);
    seats[1].player = 101;
    assert_int_equal(classic_init(&f->b, NULL, seats, 3, &f->st, &f->out), -1);
    seats[1].player = 102;
    f->b.ndeeds = 27;
    assert_int_equal(classic_init(&f->b, NULL, seats, 3, &f->st, &f->out), -1);
    assert_string_equal(f->out.refusal.rule, "CLASSIC-SETUP");
    classic_fixture_default(&f->b);
    f->b.cards[CLASSIC_DECK_CHANCE][FX_CH_DIVIDEND].kind = CLASSIC_CARD_JAIL_FREE;
    assert_int_equal(classic_board_check(&f->b, &f->out), -1);
    free(f);
}

/* CLASSIC-BANK: the Bank pays whatever it owes (salary, cards) to a player with nothing,
 * and the adjust that would leave cash below 0 is refused naming it. */
static void test_classic_bank_pays_whatever_it_owes(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    f->st.players[0].cash = 0;
    f->st.players[0].position = 36;
    ct_ok(f, ct_roll(6, 5)); /* 36 + 11 = 47: Chance 7 after passing GO */
    assert_int_equal(f->st.players[0].cash, 200);
    ct_ok(f, ct_draw(CLASSIC_DECK_CHANCE, FX_CH_LOAN));
    assert_int_equal(f->st.players[0].cash, 350);
    struct classic_event ev = classic_event_new(CLASSIC_EV_ADJUST);
    ev.player = 0;
    ev.amount = -351;
    ct_refused(f, ev, "CLASSIC-BANK");
    free(f);
}

/* ---- CLASSIC-TURN, CLASSIC-GO --------------------------------------------------------- */

/* CLASSIC-TURN: a double rolls again; a third double goes straight to Jail unmoved. */
static void test_classic_turn_third_double_goes_to_jail(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_ok(f, ct_roll(1, 1)); /* 2: Community Chest */
    ct_ok(f, ct_draw(CLASSIC_DECK_COMMUNITY, FX_CC_TAX_REFUND));
    assert_int_equal(classic_next_seat(&f->st), 0);
    ct_ok(f, ct_roll(2, 2)); /* 6: Rue de Vaugirard */
    ct_ok(f, ct_auction(-1, -1));
    assert_int_equal(classic_next_seat(&f->st), 0);
    ct_ok(f, ct_roll(3, 3)); /* the third double: not moved to 12 */
    assert_int_equal(f->st.players[0].position, 10);
    assert_true(f->st.players[0].in_jail);
    assert_int_equal(classic_next_seat(&f->st), 1);
    free(f);
}

/* CLASSIC-TURN: dice are 1..6, the roll is the due player's, and no roll while a decision
 * pends. */
static void test_classic_turn_refuses_bad_rolls(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_refused(f, ct_roll(0, 3), "CLASSIC-TURN");
    ct_refused(f, ct_roll(3, 7), "CLASSIC-TURN");
    struct classic_event ev = ct_roll(3, 4);
    ev.player = 1;
    ct_refused(f, ev, "CLASSIC-TURN");
    ct_ok(f, ct_roll(2, 4)); /* 6: offered */
    ct_refused(f, ct_roll(3, 4), "CLASSIC-TURN");
    free(f);
}

/* CLASSIC-GO: passing GO pays the salary, landing on it pays it once, a card to GO pays
 * it, and two salaries in one turn are possible. */
static void test_classic_go_pays_passing_and_landing(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    f->st.players[0].position = 35;
    ct_ok(f, ct_roll(5, 6)); /* 46 -> 6, passing GO */
    assert_int_equal(f->st.players[0].cash, 1700);
    ct_ok(f, ct_auction(-1, -1));
    f->st.players[1].position = 33;
    ct_ok(f, ct_roll(3, 4)); /* 40 -> GO exactly */
    assert_int_equal(f->st.players[1].cash, 1700);
    f->st.players[0].position = 35;
    ct_ok(f, ct_roll(6, 5)); /* 46 -> 6 again: Rue de Vaugirard; passing pays */
    ct_ok(f, ct_auction(-1, -1));
    f->st.players[1].position = 36;
    ct_ok(f, ct_roll(6, 5));                          /* 47 -> Chance 7 after passing GO */
    ct_ok(f, ct_draw(CLASSIC_DECK_CHANCE, FX_CH_GO)); /* and straight to GO: two salaries */
    assert_int_equal(f->st.players[1].cash, 2100);
    assert_int_equal(f->st.players[1].position, 0);
    free(f);
}

/* CLASSIC-GO: going to Jail never pays; going back never pays. */
static void test_classic_go_never_paid_by_jail_or_going_back(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    f->st.players[0].position = 1;
    ct_ok(f, ct_roll(2, 4));                                  /* Chance 7 */
    ct_ok(f, ct_draw(CLASSIC_DECK_CHANCE, FX_CH_BACK_THREE)); /* 4: Income Tax */
    assert_int_equal(f->st.players[0].position, 4);
    assert_int_equal(f->st.players[0].cash, 1300);
    f->st.players[1].position = 31;
    ct_ok(f, ct_roll(1, 2)); /* 34: Boulevard des Capucines */
    ct_ok(f, ct_auction(-1, -1));
    f->st.players[0].position = 22;
    ct_ok(f, ct_roll(4, 4)); /* 30: Go To Jail, even on a double */
    assert_int_equal(f->st.players[0].position, 10);
    assert_int_equal(f->st.players[0].cash, 1300);
    assert_int_equal(classic_next_seat(&f->st), 1);
    free(f);
}

/* ---- CLASSIC-BUY, CLASSIC-AUCTION -------------------------------------------------------- */

/* CLASSIC-BUY: the lander buys at the price; without the cash the buy is refused. */
static void test_classic_buy_at_the_printed_price(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_ok(f, ct_roll(5, 4)); /* 9: Avenue de la République, 120 */
    assert_int_equal(f->st.turn.pending.kind, CLASSIC_PENDING_BUY_OR_AUCTION);
    assert_int_equal(f->st.turn.pending.space, 9);
    f->st.players[0].cash = 119;
    ct_refused(f, classic_event_new(CLASSIC_EV_BUY), "CLASSIC-BUY");
    f->st.players[0].cash = 1500;
    ct_ok(f, classic_event_new(CLASSIC_EV_BUY));
    assert_int_equal(f->st.players[0].cash, 1380);
    assert_int_equal(ct_deed(f, 9)->owner, 0);
    assert_int_equal(f->st.turn.pending.kind, CLASSIC_PENDING_NONE);
    free(f);
}

/* CLASSIC-AUCTION: any player bids, the one who declined and a player in Jail included;
 * the winner pays the Bank; with no bid the deed stays with the Bank. */
static void test_classic_auction_any_player_bids_the_winner_pays(void **state)
{
    (void)state;
    struct ctest *f = ct_new(3, NULL);
    f->st.players[2].in_jail = 1;
    f->st.players[2].position = 10;
    ct_ok(f, ct_roll(5, 4));
    ct_ok(f, ct_auction(2, 75)); /* the jailed player wins */
    assert_int_equal(ct_deed(f, 9)->owner, 2);
    assert_int_equal(f->st.players[2].cash, 1425);
    ct_ok(f, ct_roll(2, 1));    /* seat 1: 3, Rue Lecourbe */
    ct_ok(f, ct_auction(1, 1)); /* the lander who declined may win it */
    assert_int_equal(ct_deed(f, 3)->owner, 1);
    f->st.players[2].in_jail = 0;
    ct_ok(f, ct_roll(1, 5)); /* seat 2: 16, Avenue Mozart */
    ct_ok(f, ct_auction(-1, -1));
    assert_int_equal(ct_deed(f, 16)->owner, CLASSIC_BANK);
    free(f);
}

/* CLASSIC-AUCTION: a price under 1 or over the winner's cash, or a price without a
 * winner, is refused naming the rule, nothing changed. */
static void test_classic_auction_refuses_a_bad_price(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_ok(f, ct_roll(5, 4));
    ct_refused(f, ct_auction(1, 0), "CLASSIC-AUCTION");
    ct_refused(f, ct_auction(1, 1501), "CLASSIC-AUCTION");
    ct_refused(f, ct_auction(-1, 100), "CLASSIC-AUCTION");
    ct_refused(f, ct_auction(5, 100), "CLASSIC-AUCTION");
    ct_ok(f, ct_auction(1, 1500));
    assert_int_equal(f->st.players[1].cash, 0);
    free(f);
}

/* ---- rents ------------------------------------------------------------------------- */

/* CLASSIC-RENT-ASK: the rent is owed once the owner asks, not at the landing; it may be
 * asked while a decision pends (Readings). */
static void test_classic_rent_ask_owed_once_asked(void **state)
{
    (void)state;
    struct ctest *f = ct_new(3, NULL);
    ct_own(f, 9, 1);
    ct_ok(f, ct_roll(5, 4)); /* seat 0 lands on seat 1's lot */
    assert_int_equal(f->st.turn.nrents, 1);
    assert_int_equal(f->st.players[0].cash, 1500); /* not paid until asked */
    ct_ok(f, ct_collect(9));
    assert_int_equal(f->st.players[0].cash, 1492);
    assert_int_equal(f->st.players[1].cash, 1508);
    ct_refused(f, ct_collect(9), "CLASSIC-RENT-ASK"); /* asked once */
    ct_own(f, 16, 2);
    f->st.players[1].position = 4;
    ct_ok(f, ct_roll(1, 1)); /* seat 1: 6, offered, on a double */
    ct_ok(f, ct_auction(-1, -1));
    ct_ok(f, ct_roll(5, 5)); /* 16, seat 2's: a rent due; then 1 more double */
    assert_int_equal(f->st.turn.nrents, 1);
    free(f);
}

/* CLASSIC-RENT-ASK: a rent not asked lapses when the next player rolls. */
static void test_classic_rent_ask_lapses_at_the_next_players_roll(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_own(f, 9, 1);
    ct_ok(f, ct_roll(5, 4));
    ct_ok(f, ct_roll(1, 2)); /* seat 1 rolls */
    ct_auction_if_offered(f);
    ct_ok(f, ct_roll(1, 3)); /* seat 0 rolls: the rent of its last turn lapses */
    ct_auction_if_offered(f);
    ct_refused(f, ct_collect(9), "CLASSIC-RENT-ASK");
    assert_int_equal(f->st.players[0].cash, 1500);
    free(f);
}

/* CLASSIC-RENT-ASK: a player who lands on several owned lots in one turn owes each rent. */
static void test_classic_rent_ask_every_landing_owes(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_own(f, 6, 1);
    ct_own(f, 9, 1);
    ct_own(f, 8, 1); /* the whole light-blue group: bare rents doubled */
    f->st.players[0].position = 2;
    ct_ok(f, ct_roll(2, 2)); /* 6 */
    ct_ok(f, ct_roll(1, 2)); /* 9 */
    assert_int_equal(f->st.turn.nrents, 2);
    ct_ok(f, ct_collect(6));
    ct_ok(f, ct_collect(-1)); /* the latest: 9 */
    assert_int_equal(f->st.players[0].cash, 1500 - 12 - 16);
    free(f);
}

/* CLASSIC-RENT-STREET: the printed rent; a bare lot of a whole group pays double. */
static void test_classic_rent_street_printed_and_double_for_a_whole_group(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_own(f, 37, 1);
    assert_int_equal(ct_rent(f, 37, 0), 35);
    ct_own(f, 39, 1);
    assert_int_equal(ct_rent(f, 37, 0), 70);
    assert_int_equal(ct_rent(f, 39, 0), 100);
    ct_deed(f, 39)->houses = 3;
    ct_deed(f, 37)->houses = 2;
    assert_int_equal(ct_rent(f, 39, 0), 1400);
    assert_int_equal(ct_rent(f, 37, 0), 500);
    ct_deed(f, 39)->houses = 0;
    ct_deed(f, 39)->hotel = 1;
    assert_int_equal(ct_rent(f, 39, 0), 2000);
    free(f);
}

/* CLASSIC-RENT-STREET: no double rent while a lot of the group is mortgaged (seed 003). */
static void test_classic_rent_street_no_double_when_a_lot_is_mortgaged(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_own(f, 1, 1);
    ct_own(f, 3, 1);
    assert_int_equal(ct_rent(f, 3, 0), 8);
    ct_deed(f, 1)->mortgaged = 1;
    assert_int_equal(ct_rent(f, 3, 0), 4);
    ct_ok(f, ct_roll(1, 2)); /* lands on 3 */
    ct_ok(f, ct_collect(3));
    assert_int_equal(f->st.players[0].cash, 1496);
    free(f);
}

/* CLASSIC-RENT-STREET: bare lots of a group with buildings elsewhere still pay double. */
static void test_classic_rent_street_bare_lot_doubles_beside_buildings(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_own(f, 6, 1);
    ct_own(f, 8, 1);
    ct_own(f, 9, 1);
    ct_deed(f, 9)->houses = 1;
    assert_int_equal(ct_rent(f, 6, 0), 12);
    assert_int_equal(ct_rent(f, 9, 0), 40);
    free(f);
}

/* CLASSIC-RENT-STATION: 25, 50, 100, 200; mortgaged stations count for the number held. */
static void test_classic_rent_station_by_stations_held(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    int stations[4] = {5, 15, 25, 35}, want[4] = {25, 50, 100, 200};
    for (int i = 0; i < 4; i++) {
        ct_own(f, stations[i], 1);
        assert_int_equal(ct_rent(f, 5, 0), want[i]);
    }
    ct_deed(f, 35)->mortgaged = 1;
    assert_int_equal(ct_rent(f, 5, 0), 200);
    assert_int_equal(ct_rent(f, 35, 0), 0); /* CLASSIC-MORTGAGED */
    free(f);
}

/* CLASSIC-RENT-UTILITY: the dice of the landing x 4, x 10 with both (a mortgaged one counts);
 * a card's move uses that turn's roll. */
static void test_classic_rent_utility_dice_times_multiplier(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_own(f, 12, 1);
    f->st.players[0].position = 7;
    ct_ok(f, ct_roll(2, 3)); /* 12 */
    ct_ok(f, ct_collect(12));
    assert_int_equal(f->st.players[1].cash, 1520);
    ct_own(f, 28, 1);
    ct_deed(f, 28)->mortgaged = 1;
    ct_ok(f, ct_roll(1, 2)); /* seat 1 */
    ct_auction_if_offered(f);
    f->st.players[0].position = 24;
    ct_ok(f, ct_roll(1, 3)); /* 28 mortgaged: no rent due */
    assert_int_equal(f->st.turn.nrents, 0);
    ct_deed(f, 28)->mortgaged = 0;
    ct_ok(f, ct_roll(2, 4)); /* seat 1 */
    ct_auction_if_offered(f);
    f->st.players[0].position = 3;
    ct_ok(f, ct_roll(2, 2)); /* 7: Chance, then a double */
    f->b.cards[CLASSIC_DECK_CHANCE][FX_CH_VILLETTE].space = 12;
    ct_ok(f, ct_draw(CLASSIC_DECK_CHANCE, FX_CH_VILLETTE)); /* to the utility by card */
    ct_ok(f, ct_collect(12));
    assert_int_equal(f->st.players[0].cash, 1500 - 20 - 40);
    free(f);
}

/* CLASSIC-MORTGAGED: a mortgaged deed earns no rent; the rest of its group still does. */
static void test_classic_mortgaged_deed_earns_no_rent(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_own(f, 16, 1);
    ct_own(f, 18, 1);
    ct_own(f, 19, 1);
    ct_deed(f, 16)->mortgaged = 1;
    f->st.players[0].position = 14;
    ct_ok(f, ct_roll(1, 1)); /* 16, mortgaged */
    assert_int_equal(f->st.turn.nrents, 0);
    ct_ok(f, ct_roll(1, 1)); /* 18 */
    ct_ok(f, ct_collect(18));
    assert_int_equal(f->st.players[0].cash, 1486);
    free(f);
}

/* ---- CLASSIC-TAX, CLASSIC-FREE-PARKING ------------------------------------------------ */

/* CLASSIC-TAX: Income Tax 200, Luxury Tax 100, to the Bank. */
static void test_classic_tax_paid_to_the_bank(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_ok(f, ct_roll(1, 3));
    assert_int_equal(f->st.players[0].cash, 1300);
    f->st.players[1].position = 35;
    ct_ok(f, ct_roll(1, 2));
    assert_int_equal(f->st.players[1].cash, 1400);
    assert_int_equal(f->st.pot, 0);
    free(f);
}

/* CLASSIC-FREE-PARKING: nothing happens there. */
static void test_classic_free_parking_nothing_happens(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    f->st.players[0].position = 16;
    ct_ok(f, ct_roll(1, 3));
    assert_int_equal(f->st.players[0].position, 20);
    assert_int_equal(f->st.players[0].cash, 1500);
    assert_int_equal(f->st.turn.pending.kind, CLASSIC_PENDING_NONE);
    free(f);
}

/* ---- CLASSIC-CARDS ---------------------------------------------------------------------- */

/* CLASSIC-CARDS: the drawer does the card; only the deck of the space is drawn. */
static void test_classic_cards_drawn_card_is_done(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_ok(f, ct_roll(3, 4)); /* 7: Chance */
    assert_int_equal(f->st.turn.pending.kind, CLASSIC_PENDING_DRAW);
    ct_refused(f, ct_draw(CLASSIC_DECK_COMMUNITY, FX_CC_DOCTOR), "CLASSIC-CARDS");
    ct_refused(f, ct_draw(CLASSIC_DECK_CHANCE, 16), "CLASSIC-CARDS");
    ct_ok(f, ct_draw(CLASSIC_DECK_CHANCE, FX_CH_RUE_DE_LA_PAIX));
    assert_int_equal(f->st.players[0].position, 39);
    assert_int_equal(f->st.turn.pending.kind, CLASSIC_PENDING_BUY_OR_AUCTION);
    assert_int_equal(f->st.players[0].cash, 1500); /* no GO passed */
    free(f);
}

/* CLASSIC-CARDS: a Get Out of Jail Free card is kept, cannot be drawn while held, and goes
 * back when used. */
static void test_classic_cards_jail_free_kept_and_not_drawn_while_held(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_ok(f, ct_roll(3, 4));
    ct_ok(f, ct_draw(CLASSIC_DECK_CHANCE, FX_CH_JAIL_FREE));
    assert_int_equal(f->st.players[0].jail_cards[CLASSIC_DECK_CHANCE], 1);
    f->st.players[1].position = 4;
    ct_ok(f, ct_roll(1, 2)); /* 7 */
    ct_refused(f, ct_draw(CLASSIC_DECK_CHANCE, FX_CH_JAIL_FREE), "CLASSIC-CARDS");
    ct_ok(f, ct_draw(CLASSIC_DECK_CHANCE, FX_CH_JAIL)); /* seat 1 to Jail */
    assert_true(f->st.players[1].in_jail);
    free(f);
}

/* CLASSIC-CARDS: "pay 10 or draw a Chance card" is the drawer's choice; paying needs the
 * cash. */
static void test_classic_cards_pay_or_chance_is_the_drawers_choice(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_ok(f, ct_roll(1, 1)); /* 2: Community Chest */
    ct_ok(f, ct_draw(CLASSIC_DECK_COMMUNITY, FX_CC_PAY_OR_CHANCE));
    assert_int_equal(f->st.turn.pending.kind, CLASSIC_PENDING_PAY_OR_CHANCE);
    struct classic_event pay = classic_event_new(CLASSIC_EV_PAY_OR_CHANCE);
    pay.choice = CLASSIC_CHOICE_PAY;
    f->st.players[0].cash = 9;
    ct_refused(f, pay, "CLASSIC-CARDS");
    f->st.players[0].cash = 1500;
    ct_ok(f, pay);
    assert_int_equal(f->st.players[0].cash, 1490);
    ct_ok(f, ct_roll(3, 4)); /* the double's roll again: 9 */
    ct_auction_if_offered(f);
    f->st.players[1].position = 0;
    ct_ok(f, ct_roll(1, 1)); /* seat 1: 2 */
    ct_ok(f, ct_draw(CLASSIC_DECK_COMMUNITY, FX_CC_PAY_OR_CHANCE));
    struct classic_event chance = classic_event_new(CLASSIC_EV_PAY_OR_CHANCE);
    chance.choice = CLASSIC_CHOICE_CHANCE;
    ct_ok(f, chance);
    assert_int_equal(f->st.turn.pending.kind, CLASSIC_PENDING_DRAW);
    assert_int_equal(f->st.turn.pending.deck, CLASSIC_DECK_CHANCE);
    free(f);
}

/* CLASSIC-CARDS: repairs count the drawer's houses and hotels; the birthday collects from
 * every other player. */
static void test_classic_cards_repairs_and_birthday(void **state)
{
    (void)state;
    struct ctest *f = ct_new(3, NULL);
    ct_own(f, 1, 0);
    ct_own(f, 3, 0);
    ct_deed(f, 1)->houses = 2;
    ct_deed(f, 3)->hotel = 1;
    f->st.bank_houses = 30;
    f->st.bank_hotels = 11;
    f->st.players[0].position = 15;
    ct_ok(f, ct_roll(3, 4));                                    /* 22 */
    ct_ok(f, ct_draw(CLASSIC_DECK_CHANCE, FX_CH_ROAD_REPAIRS)); /* 2 x 40 + 115 */
    assert_int_equal(f->st.players[0].cash, 1500 - 195);
    f->st.players[1].position = 15;
    ct_ok(f, ct_roll(1, 1)); /* 17: Community Chest */
    ct_ok(f, ct_draw(CLASSIC_DECK_COMMUNITY, FX_CC_BIRTHDAY));
    assert_int_equal(f->st.players[1].cash, 1520);
    assert_int_equal(f->st.players[0].cash, 1500 - 195 - 10);
    assert_int_equal(f->st.players[2].cash, 1490);
    free(f);
}

/* ---- CLASSIC-JAIL-IN, CLASSIC-JAIL-OUT ----------------------------------------------------- */

/* CLASSIC-JAIL-IN: landing on Jail by a move is Just Visiting. */
static void test_classic_jail_in_landing_is_just_visiting(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    f->st.players[0].position = 4;
    ct_ok(f, ct_roll(2, 4));
    assert_int_equal(f->st.players[0].position, 10);
    assert_false(f->st.players[0].in_jail);
    free(f);
}

/* CLASSIC-JAIL-IN: a card to Jail: no salary, the turn ends even after a double. */
static void test_classic_jail_in_by_card_ends_the_turn(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    f->st.players[0].position = 3;
    ct_ok(f, ct_roll(2, 2)); /* 7: Chance, on a double */
    ct_ok(f, ct_draw(CLASSIC_DECK_CHANCE, FX_CH_JAIL));
    assert_true(f->st.players[0].in_jail);
    assert_int_equal(f->st.players[0].position, 10);
    assert_int_equal(f->st.players[0].cash, 1500);
    assert_int_equal(classic_next_seat(&f->st), 1);
    free(f);
}

/* CLASSIC-JAIL-OUT: pay 50 at the start of the turn, then roll and move as usual. */
static void test_classic_jail_out_pay_then_roll(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_jail(f, 0);
    ct_ok(f, classic_event_new(CLASSIC_EV_JAIL_PAY));
    assert_false(f->st.players[0].in_jail);
    assert_int_equal(f->st.players[0].cash, 1450);
    ct_refused(f, classic_event_new(CLASSIC_EV_JAIL_PAY), "CLASSIC-JAIL-OUT");
    ct_ok(f, ct_roll(3, 4)); /* 17 */
    assert_int_equal(f->st.players[0].position, 17);
    free(f);
}

/* CLASSIC-JAIL-OUT: paying needs 50 in cash; a card frees for nothing (the Chance one first). */
static void test_classic_jail_out_needs_the_cash_or_a_card(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_jail(f, 0);
    f->st.players[0].cash = 49;
    ct_refused(f, classic_event_new(CLASSIC_EV_JAIL_PAY), "CLASSIC-JAIL-OUT");
    ct_refused(f, classic_event_new(CLASSIC_EV_JAIL_CARD), "CLASSIC-JAIL-OUT");
    f->st.players[0].jail_cards[CLASSIC_DECK_COMMUNITY] = 1;
    f->st.players[0].jail_cards[CLASSIC_DECK_CHANCE] = 1;
    ct_ok(f, classic_event_new(CLASSIC_EV_JAIL_CARD));
    assert_int_equal(f->st.players[0].jail_cards[CLASSIC_DECK_CHANCE], 0);
    assert_int_equal(f->st.players[0].jail_cards[CLASSIC_DECK_COMMUNITY], 1);
    assert_false(f->st.players[0].in_jail);
    assert_int_equal(f->st.players[0].cash, 49);
    free(f);
}

/* CLASSIC-JAIL-OUT: a double frees the player, who moves by it, and the turn ends. */
static void test_classic_jail_out_double_moves_and_ends_the_turn(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_jail(f, 0);
    ct_ok(f, ct_roll(3, 4));
    assert_true(f->st.players[0].in_jail);
    assert_int_equal(f->st.players[0].jail_attempts, 1);
    ct_ok(f, ct_roll(1, 2)); /* seat 1 */
    ct_auction_if_offered(f);
    ct_ok(f, ct_roll(3, 3));
    assert_false(f->st.players[0].in_jail);
    assert_int_equal(f->st.players[0].position, 16);
    ct_auction_if_offered(f);
    assert_int_equal(classic_next_seat(&f->st), 1);
    free(f);
}

/* CLASSIC-JAIL-OUT: after the third failed roll the player pays 50 and moves by that roll. */
static void test_classic_jail_out_third_failed_roll_pays_and_moves(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_jail(f, 0);
    for (int i = 0; i < 2; i++) {
        ct_ok(f, ct_roll(1, 2));
        ct_ok(f, ct_roll(1, 2)); /* seat 1 */
        ct_auction_if_offered(f);
    }
    ct_ok(f, ct_roll(2, 5));
    assert_false(f->st.players[0].in_jail);
    assert_int_equal(f->st.players[0].cash, 1450);
    assert_int_equal(f->st.players[0].position, 17);
    free(f);
}

/* CLASSIC-JAIL-OUT: a fine the player cannot pay after the third roll is a debt; the move
 * happens once it is paid. */
static void test_classic_jail_out_fine_debt_then_move(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_jail(f, 0);
    f->st.players[0].jail_attempts = 2;
    f->st.players[0].cash = 20;
    ct_own(f, 1, 0);
    ct_ok(f, ct_roll(2, 5));
    assert_true(f->st.has_debt);
    assert_int_equal(f->st.debt.amount, 50);
    assert_int_equal(f->st.players[0].position, 10);
    ct_refused(f, ct_roll(1, 2), "CLASSIC-DEBT");
    ct_ok(f, ct_space_ev(CLASSIC_EV_MORTGAGE, 1)); /* 30 */
    ct_ok(f, classic_event_new(CLASSIC_EV_PAY_DEBT));
    assert_false(f->st.has_debt);
    assert_false(f->st.players[0].in_jail);
    assert_int_equal(f->st.players[0].position, 17);
    assert_int_equal(f->st.players[0].cash, 0);
    free(f);
}

/* CLASSIC-JAIL-OUT: a player in Jail collects rent, builds and mortgages. */
static void test_classic_jail_out_jailed_player_still_collects_and_builds(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_jail(f, 0);
    ct_own(f, 37, 0);
    ct_own(f, 39, 0);
    ct_ok(f, ct_roll(1, 2)); /* fails */
    f->st.players[1].position = 34;
    ct_ok(f, ct_roll(2, 3)); /* seat 1: 39 */
    ct_ok(f, ct_collect(39));
    assert_int_equal(f->st.players[0].cash, 1600);
    ct_ok(f, ct_space_ev(CLASSIC_EV_BUILD, 39));
    ct_ok(f, ct_space_ev(CLASSIC_EV_BUILD, 37));
    assert_int_equal(ct_deed(f, 37)->houses, 1);
    free(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classic_setup_deals_start_cash_on_go),
        cmocka_unit_test(test_classic_setup_refuses_bad_seats_and_boxes),
        cmocka_unit_test(test_classic_bank_pays_whatever_it_owes),
        cmocka_unit_test(test_classic_turn_third_double_goes_to_jail),
        cmocka_unit_test(test_classic_turn_refuses_bad_rolls),
        cmocka_unit_test(test_classic_go_pays_passing_and_landing),
        cmocka_unit_test(test_classic_go_never_paid_by_jail_or_going_back),
        cmocka_unit_test(test_classic_buy_at_the_printed_price),
        cmocka_unit_test(test_classic_auction_any_player_bids_the_winner_pays),
        cmocka_unit_test(test_classic_auction_refuses_a_bad_price),
        cmocka_unit_test(test_classic_rent_ask_owed_once_asked),
        cmocka_unit_test(test_classic_rent_ask_lapses_at_the_next_players_roll),
        cmocka_unit_test(test_classic_rent_ask_every_landing_owes),
        cmocka_unit_test(test_classic_rent_street_printed_and_double_for_a_whole_group),
        cmocka_unit_test(test_classic_rent_street_no_double_when_a_lot_is_mortgaged),
        cmocka_unit_test(test_classic_rent_street_bare_lot_doubles_beside_buildings),
        cmocka_unit_test(test_classic_rent_station_by_stations_held),
        cmocka_unit_test(test_classic_rent_utility_dice_times_multiplier),
        cmocka_unit_test(test_classic_mortgaged_deed_earns_no_rent),
        cmocka_unit_test(test_classic_tax_paid_to_the_bank),
        cmocka_unit_test(test_classic_free_parking_nothing_happens),
        cmocka_unit_test(test_classic_cards_drawn_card_is_done),
        cmocka_unit_test(test_classic_cards_jail_free_kept_and_not_drawn_while_held),
        cmocka_unit_test(test_classic_cards_pay_or_chance_is_the_drawers_choice),
        cmocka_unit_test(test_classic_cards_repairs_and_birthday),
        cmocka_unit_test(test_classic_jail_in_landing_is_just_visiting),
        cmocka_unit_test(test_classic_jail_in_by_card_ends_the_turn),
        cmocka_unit_test(test_classic_jail_out_pay_then_roll),
        cmocka_unit_test(test_classic_jail_out_needs_the_cash_or_a_card),
        cmocka_unit_test(test_classic_jail_out_double_moves_and_ends_the_turn),
        cmocka_unit_test(test_classic_jail_out_third_failed_roll_pays_and_moves),
        cmocka_unit_test(test_classic_jail_out_fine_debt_then_move),
        cmocka_unit_test(test_classic_jail_out_jailed_player_still_collects_and_builds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
