/* test_classic_more.c -- unit tests of the classic bank (RULES.md §3, §3b): buildings and
 * the stock, mortgages, trades, debts, bankruptcy, the end, the short and timed games,
 * Wonders of the World, the house rules and the options listed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "classic.h"
#include "classic_fixture.h"

/* Give seat the whole group of the lots listed (up to three spaces; -1 ends). */
static void own_group(struct ctest *f, int seat, int a, int b, int c)
{
    ct_own(f, a, seat);
    ct_own(f, b, seat);
    if (c >= 0)
        ct_own(f, c, seat);
}

/* The option of type t on space in the state's options, or NULL. */
static const struct classic_option *option_on(struct ctest *f, struct classic_options *o,
                                              enum classic_event_type t, int space)
{
    classic_options(&f->b, &f->st, o);
    for (int i = 0; i < o->n; i++)
        if (o->list[i].type == t && (space < 0 || o->list[i].space == space))
            return &o->list[i];
    return NULL;
}

/* ---- CLASSIC-BUILD ---------------------------------------------------------------------- */

/* CLASSIC-BUILD: the whole group, none mortgaged, at the printed house cost, one at a time. */
static void test_classic_build_needs_the_whole_group_unmortgaged(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_own(f, 6, 0);
    ct_own(f, 8, 0);
    ct_refused(f, ct_space_ev(CLASSIC_EV_BUILD, 6), "CLASSIC-BUILD");
    ct_own(f, 9, 0);
    ct_deed(f, 9)->mortgaged = 1;
    ct_refused(f, ct_space_ev(CLASSIC_EV_BUILD, 6), "CLASSIC-BUILD");
    ct_deed(f, 9)->mortgaged = 0;
    ct_ok(f, ct_space_ev(CLASSIC_EV_BUILD, 6));
    assert_int_equal(ct_deed(f, 6)->houses, 1);
    assert_int_equal(f->st.players[0].cash, 1450);
    assert_int_equal(f->st.bank_houses, 31);
    ct_refused(f, ct_space_ev(CLASSIC_EV_BUILD, 5), "CLASSIC-BUILD"); /* a station */
    free(f);
}

/* CLASSIC-BUILD: a build that breaks the even rule is refused naming it, nothing changed. */
static void test_classic_build_refused_when_it_breaks_the_even_rule(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    own_group(f, 0, 1, 3, -1);
    ct_ok(f, ct_space_ev(CLASSIC_EV_BUILD, 1));
    ct_refused(f, ct_space_ev(CLASSIC_EV_BUILD, 1), "CLASSIC-BUILD");
    ct_ok(f, ct_space_ev(CLASSIC_EV_BUILD, 3));
    ct_ok(f, ct_space_ev(CLASSIC_EV_BUILD, 1));
    assert_int_equal(ct_deed(f, 1)->houses, 2);
    free(f);
}

/* CLASSIC-BUILD: the fifth step is a hotel for the house cost, the four houses back to
 * the Bank; one hotel a lot. */
static void test_classic_build_hotel_returns_four_houses(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    own_group(f, 0, 37, 39, -1);
    ct_deed(f, 37)->houses = 4;
    ct_deed(f, 39)->houses = 4;
    f->st.bank_houses = 24;
    ct_ok(f, ct_space_ev(CLASSIC_EV_BUILD, 39));
    assert_int_equal(ct_deed(f, 39)->houses, 0);
    assert_int_equal(ct_deed(f, 39)->hotel, 1);
    assert_int_equal(f->st.bank_houses, 28);
    assert_int_equal(f->st.bank_hotels, 11);
    assert_int_equal(f->st.players[0].cash, 1300);
    ct_refused(f, ct_space_ev(CLASSIC_EV_BUILD, 39), "CLASSIC-BUILD");
    free(f);
}

/* ---- CLASSIC-STOCK ------------------------------------------------------------------------ */

/* CLASSIC-STOCK: with no house left in the Bank nobody builds one. */
static void test_classic_stock_no_house_left_no_build(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    own_group(f, 0, 1, 3, -1);
    f->st.bank_houses = 0;
    ct_deed(f, 11)->houses = 0; /* the 32 are elsewhere: the test only reads the Bank */
    ct_refused(f, ct_space_ev(CLASSIC_EV_BUILD, 1), "CLASSIC-STOCK");
    free(f);
}

/* CLASSIC-STOCK: a hotel sold back when the Bank lacks four houses leaves as many as it
 * has, the rest paid at half their cost too; asking to keep more is refused. */
static void test_classic_stock_hotel_sold_with_few_houses_in_the_bank(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    own_group(f, 0, 37, 39, -1);
    ct_deed(f, 37)->hotel = 1;
    ct_deed(f, 39)->hotel = 1;
    f->st.bank_hotels = 10;
    f->st.bank_houses = 2;
    struct classic_event keep4 = ct_space_ev(CLASSIC_EV_SELL_BUILDING, 39);
    keep4.houses = 4;
    ct_refused(f, keep4, "CLASSIC-STOCK");
    ct_ok(f, ct_space_ev(CLASSIC_EV_SELL_BUILDING, 39)); /* down to the Bank's 2 houses */
    assert_int_equal(ct_deed(f, 39)->houses, 2);
    assert_int_equal(ct_deed(f, 39)->hotel, 0);
    assert_int_equal(f->st.bank_houses, 0);
    assert_int_equal(f->st.bank_hotels, 11);
    assert_int_equal(f->st.players[0].cash, 1500 + 100 * 3); /* hotel + 2 houses at half */
    free(f);
}

/* CLASSIC-STOCK: when the players together want more of the last houses than the Bank
 * holds, a build may pay the auction's price (at least the printed cost); not otherwise. */
static void test_classic_stock_shortage_build_pays_the_bid(void **state)
{
    (void)state;
    struct ctest *f = ct_new(3, NULL);
    bool houses = true, hotels = true;
    own_group(f, 0, 1, 3, -1);
    struct classic_event bid = ct_space_ev(CLASSIC_EV_BUILD, 1);
    bid.price = 80;
    ct_refused(f, bid, "CLASSIC-STOCK"); /* no shortage: the printed cost */
    own_group(f, 1, 37, 39, -1);
    f->st.bank_houses = 3;
    classic_shortage(&f->b, &f->st, &houses, &hotels);
    assert_true(houses);
    assert_false(hotels);
    bid.price = 49;
    ct_refused(f, bid, "CLASSIC-STOCK");
    bid.price = 80;
    ct_ok(f, bid);
    assert_int_equal(f->st.players[0].cash, 1420);
    ct_ok(f, ct_space_ev(CLASSIC_EV_BUILD, 37)); /* without a price: the printed cost */
    assert_int_equal(f->st.players[1].cash, 1300);
    free(f);
}

/* ---- CLASSIC-SELL ------------------------------------------------------------------------ */

/* CLASSIC-SELL: to the Bank at half the cost, evenly. */
static void test_classic_sell_half_cost_evenly(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    own_group(f, 0, 6, 8, 9);
    ct_deed(f, 6)->houses = 2;
    ct_deed(f, 8)->houses = 2;
    ct_deed(f, 9)->houses = 1;
    f->st.bank_houses = 27;
    ct_refused(f, ct_space_ev(CLASSIC_EV_SELL_BUILDING, 9), "CLASSIC-SELL");
    ct_ok(f, ct_space_ev(CLASSIC_EV_SELL_BUILDING, 6));
    assert_int_equal(f->st.players[0].cash, 1525);
    assert_int_equal(f->st.bank_houses, 28);
    ct_refused(f, ct_space_ev(CLASSIC_EV_SELL_BUILDING, 1), "CLASSIC-SELL"); /* no building */
    free(f);
}

/* CLASSIC-SELL: a hotel sold becomes four houses, half the hotel's cost paid. */
static void test_classic_sell_hotel_becomes_four_houses(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    own_group(f, 0, 1, 3, -1);
    ct_deed(f, 1)->hotel = 1;
    ct_deed(f, 3)->houses = 4;
    f->st.bank_houses = 28;
    f->st.bank_hotels = 11;
    ct_ok(f, ct_space_ev(CLASSIC_EV_SELL_BUILDING, 1));
    assert_int_equal(ct_deed(f, 1)->houses, 4);
    assert_int_equal(f->st.bank_houses, 24);
    assert_int_equal(f->st.bank_hotels, 12);
    assert_int_equal(f->st.players[0].cash, 1525);
    free(f);
}

/* ---- CLASSIC-MORTGAGE ------------------------------------------------------------------- */

/* CLASSIC-MORTGAGE: the Bank pays the mortgage value; lifting costs it plus 10 % rounded up;
 * the deed stays its owner's. */
static void test_classic_mortgage_value_and_lift_with_ten_percent(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_own(f, 12, 0);
    ct_ok(f, ct_space_ev(CLASSIC_EV_MORTGAGE, 12));
    assert_int_equal(f->st.players[0].cash, 1575);
    assert_int_equal(ct_deed(f, 12)->owner, 0);
    ct_refused(f, ct_space_ev(CLASSIC_EV_MORTGAGE, 12), "CLASSIC-MORTGAGE");
    ct_ok(f, ct_space_ev(CLASSIC_EV_UNMORTGAGE, 12)); /* 75 + 7.5 -> 83 */
    assert_int_equal(f->st.players[0].cash, 1575 - 83);
    ct_refused(f, ct_space_ev(CLASSIC_EV_UNMORTGAGE, 12), "CLASSIC-MORTGAGE");
    free(f);
}

/* CLASSIC-MORTGAGE: a mortgage with a building in the group is refused, nothing changed. */
static void test_classic_mortgage_refused_with_buildings_in_the_group(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    own_group(f, 0, 1, 3, -1);
    ct_deed(f, 3)->houses = 1;
    f->st.bank_houses = 31;
    ct_refused(f, ct_space_ev(CLASSIC_EV_MORTGAGE, 1), "CLASSIC-MORTGAGE");
    free(f);
}

/* ---- CLASSIC-TRADE ----------------------------------------------------------------------- */

/* A trade of a's deeds (spaces, up to two, -1 none) and cash for b's cash. */
static struct classic_event trade(int a, int b, int s1, int s2, int a_cash, int b_cash)
{
    struct classic_event ev = classic_event_new(CLASSIC_EV_TRADE);
    ev.a = a;
    ev.b = b;
    if (s1 >= 0)
        ev.a_gives.deeds[ev.a_gives.ndeeds++] = s1;
    if (s2 >= 0)
        ev.a_gives.deeds[ev.a_gives.ndeeds++] = s2;
    ev.a_gives.cash = a_cash;
    ev.b_gives.cash = b_cash;
    return ev;
}

/* What the last event paid with reason (a CLASSIC_FX_PAY effect's), summed. */
static int paid_as(const struct ctest *f, const char *reason)
{
    int sum = 0;
    for (int i = 0; i < f->out.neffects; i++)
        if (f->out.effects[i].kind == CLASSIC_FX_PAY &&
            strcmp(f->out.effects[i].reason, reason) == 0)
            sum += f->out.effects[i].amount;
    return sum;
}

/* CLASSIC-TRADE: deeds, cards and cash on any terms, out of turn too. */
static void test_classic_trade_deeds_cards_and_cash(void **state)
{
    (void)state;
    struct ctest *f = ct_new(3, NULL);
    ct_own(f, 5, 2);
    struct classic_event ev = trade(2, 1, 5, -1, 0, 300);
    f->st.players[2].jail_cards[CLASSIC_DECK_CHANCE] = 1;
    ev.a_gives.jail_cards[CLASSIC_DECK_CHANCE] = 1;
    ct_ok(f, ev);
    assert_int_equal(ct_deed(f, 5)->owner, 1);
    assert_int_equal(f->st.players[1].cash, 1200);
    assert_int_equal(f->st.players[2].cash, 1800);
    assert_int_equal(f->st.players[1].jail_cards[CLASSIC_DECK_CHANCE], 1);
    ct_ok(f, trade(0, 1, -1, -1, 0, 0));                      /* nothing for nothing is accepted */
    ct_refused(f, trade(0, 1, 5, -1, 0, 0), "CLASSIC-TRADE"); /* not seat 0's */
    ct_refused(f, trade(0, 1, -1, -1, 1501, 0), "CLASSIC-TRADE");
    ct_refused(f, trade(0, 0, -1, -1, 1, 0), "CLASSIC-TRADE");
    free(f);
}

/* CLASSIC-TRADE: a trade of a street whose group has houses is refused, nothing changed. */
static void test_classic_trade_refused_for_a_street_whose_group_has_houses(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    own_group(f, 0, 1, 3, -1);
    ct_deed(f, 3)->houses = 1;
    f->st.bank_houses = 31;
    ct_refused(f, trade(0, 1, 1, -1, 0, 100), "CLASSIC-TRADE");
    free(f);
}

/* CLASSIC-TRADE: the receiver of a mortgaged deed pays the Bank 10 % of its mortgage
 * value, or lifts it; a receiver who cannot pay it after the cash changed hands is
 * refused. */
static void test_classic_trade_mortgaged_deed_receiver_pays_ten_percent(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_own(f, 39, 0);
    ct_own(f, 37, 0);
    ct_deed(f, 39)->mortgaged = 1;
    ct_deed(f, 37)->mortgaged = 1;
    ct_ok(f, trade(0, 1, 39, -1, 0, 0)); /* 10 % of 200 */
    assert_int_equal(f->st.players[1].cash, 1480);
    assert_int_equal(paid_as(f, "mortgage_fee"), 20); /* said as the 10 %, not a visit fee */
    assert_int_equal(paid_as(f, "fee"), 0);
    assert_true(ct_deed(f, 39)->mortgaged);
    struct classic_event lift = trade(0, 1, 37, -1, 0, 0);
    lift.lift[lift.nlift++] = 37; /* 175 + 18 */
    ct_ok(f, lift);
    assert_int_equal(f->st.players[1].cash, 1480 - 193);
    assert_false(ct_deed(f, 37)->mortgaged);
    f->st.players[0].cash = 0;
    ct_refused(f, trade(1, 0, 39, -1, 0, 0), "CLASSIC-TRADE");
    ct_ok(f, trade(1, 0, 39, -1, 20, 0)); /* the cash given first pays the 10 % */
    assert_int_equal(f->st.players[0].cash, 0);
    free(f);
}

/* A trade of mortgaged deed space from seat 0 to seat 1 under house rules hr (NULL:
 * official), seat 1 lifting it or not: asserts seat 1 pays exactly what
 * classic_receiver_costs() says, the state's figure for that deed. */
static void trade_pays_the_stated_cost(const struct classic_house_rules *hr, int space, int fee,
                                       int lift)
{
    for (int lifting = 0; lifting < 2; lifting++) {
        struct ctest *f = ct_new(2, hr);
        int d = classic_board_deed(&f->b, space), got_fee = -1, got_lift = -1;
        ct_own(f, space, 0);
        ct_deed(f, space)->mortgaged = 1;
        classic_receiver_costs(&f->b, d, &got_fee, &got_lift);
        assert_int_equal(got_fee, fee);
        assert_int_equal(got_lift, lift);
        int before = f->st.players[1].cash;
        struct classic_event ev = trade(0, 1, space, -1, 0, 0);
        if (lifting)
            ev.lift[ev.nlift++] = space;
        ct_ok(f, ev);
        assert_int_equal(f->st.players[1].cash, before - (lifting ? got_lift : got_fee));
        assert_int_equal(ct_deed(f, space)->mortgaged, !lifting);
        free(f);
    }
}

/* CLASSIC-TRADE, CLASSIC-MORTGAGE: what the receiver of a mortgaged deed pays (the 10 %,
 * rounded up, or the lift: the value plus that 10 %) is the engine's one figure, the one
 * the state shows per deed and the trade takes; no house rule of §3b changes it (every
 * switch off its official value: the same figures), a correction of the box's mortgage
 * value does. */
static void test_classic_trade_mortgaged_deed_costs_in_state(void **state)
{
    (void)state;
    struct classic_house_rules hr = classic_house_official();
    trade_pays_the_stated_cost(NULL, 39, 20, 220); /* Rue de la Paix: 200 */
    trade_pays_the_stated_cost(NULL, 12, 8, 83);   /* a utility: 75, rounded up */
    trade_pays_the_stated_cost(NULL, 37, 18, 193); /* 175 */
    hr.free_parking = CLASSIC_FREE_PARKING_JACKPOT;
    hr.auction = 0;
    hr.go_landing = 400;
    hr.starting_cash = 2000;
    hr.jail_double = CLASSIC_JAIL_DOUBLE_ROLL_AGAIN;
    hr.rent = CLASSIC_RENT_AUTOMATIC;
    hr.variant = CLASSIC_VARIANT_SHORT;
    trade_pays_the_stated_cost(&hr, 39, 20, 220);
    trade_pays_the_stated_cost(&hr, 12, 8, 83);
    /* The box corrected to a mortgage value of 31 for Rue de la Paix: 4 and 35. */
    struct ctest *f = ct_new(2, NULL);
    int d = classic_board_deed(&f->b, 39), fee, lift;
    f->b.deeds[d].mortgage = 31;
    classic_receiver_costs(&f->b, d, &fee, &lift);
    assert_int_equal(fee, 4);
    assert_int_equal(lift, 35);
    classic_receiver_costs(&f->b, -1, &fee, &lift); /* out of range: 0 */
    assert_int_equal(fee + lift, 0);
    free(f);
}

/* ---- CLASSIC-DEBT ------------------------------------------------------------------------- */

/* CLASSIC-DEBT: a payment the player cannot make is a debt; until it is paid a move is
 * refused naming the rule, nothing changed; only the debtor's steps are accepted. */
static void test_classic_move_refused_during_a_debt(void **state)
{
    (void)state;
    struct ctest *f = ct_new(3, NULL);
    f->st.players[0].cash = 150;
    ct_own(f, 5, 0);
    ct_own(f, 15, 1);
    ct_ok(f, ct_roll(1, 3)); /* Income Tax 200 */
    assert_true(f->st.has_debt);
    assert_int_equal(f->st.debt.player, 0);
    assert_int_equal(f->st.debt.creditor, CLASSIC_BANK);
    assert_int_equal(f->st.debt.amount, 200);
    assert_int_equal(f->st.players[0].cash, 150);
    ct_refused(f, ct_roll(1, 2), "CLASSIC-DEBT");
    ct_refused(f, ct_space_ev(CLASSIC_EV_MORTGAGE, 15), "CLASSIC-DEBT"); /* not the debtor's */
    ct_refused(f, trade(1, 2, -1, -1, 0, 0), "CLASSIC-DEBT"); /* the debtor is no party */
    ct_refused(f, classic_event_new(CLASSIC_EV_PAY_DEBT), "CLASSIC-DEBT");
    ct_refused(f, classic_event_new(CLASSIC_EV_BANKRUPT), "CLASSIC-DEBT"); /* can raise it */
    ct_ok(f, ct_space_ev(CLASSIC_EV_MORTGAGE, 5));
    ct_ok(f, classic_event_new(CLASSIC_EV_PAY_DEBT));
    assert_false(f->st.has_debt);
    assert_int_equal(f->st.players[0].cash, 50);
    free(f);
}

/* CLASSIC-DEBT: one debt at a time; a second short payer waits in a queue and owes once
 * the first is settled; a decision pending stays pending. */
static void test_classic_debt_queue_of_short_payers(void **state)
{
    (void)state;
    struct ctest *f = ct_new(3, NULL);
    f->st.players[1].cash = 5;
    f->st.players[2].cash = 0;
    ct_own(f, 6, 2);
    ct_ok(f, ct_roll(1, 1)); /* 2: Community Chest, on a double */
    ct_ok(f, ct_draw(CLASSIC_DECK_COMMUNITY, FX_CC_BIRTHDAY));
    assert_true(f->st.has_debt);
    assert_int_equal(f->st.debt.player, 1);
    assert_int_equal(f->st.ndebts, 1);
    f->st.players[1].cash = 10; /* as if raised */
    ct_ok(f, classic_event_new(CLASSIC_EV_PAY_DEBT));
    assert_true(f->st.has_debt);
    assert_int_equal(f->st.debt.player, 2);
    ct_ok(f, ct_space_ev(CLASSIC_EV_MORTGAGE, 6));
    ct_ok(f, classic_event_new(CLASSIC_EV_PAY_DEBT));
    assert_int_equal(f->st.players[0].cash, 1520);
    ct_ok(f, ct_roll(2, 2)); /* 6: seat 2's, mortgaged */
    free(f);
}

/* CLASSIC-DEBT: a rent is a debt only once asked; a debt arising while a decision pends
 * leaves it pending. */
static void test_classic_debt_rent_while_a_decision_pends(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_own(f, 39, 1);
    ct_deed(f, 39)->hotel = 1;
    own_group(f, 1, 37, 39, -1);
    f->st.bank_hotels = 11;
    f->st.players[0].position = 33;
    f->st.players[0].cash = 300;
    ct_ok(f, ct_roll(3, 3)); /* 39: a hotel, on a double */
    assert_false(f->st.has_debt);
    ct_ok(f, ct_roll(6, 6)); /* 11: offered, and a rent of 2000 may still be asked */
    assert_int_equal(f->st.turn.pending.kind, CLASSIC_PENDING_BUY_OR_AUCTION);
    ct_ok(f, ct_collect(39));
    assert_true(f->st.has_debt);
    assert_int_equal(f->st.debt.amount, 2000);
    assert_int_equal(f->st.turn.pending.kind, CLASSIC_PENDING_BUY_OR_AUCTION);
    ct_refused(f, classic_event_new(CLASSIC_EV_BUY), "CLASSIC-DEBT");
    free(f);
}

/* ---- CLASSIC-BANKRUPT ---------------------------------------------------------------------- */

/* CLASSIC-BANKRUPT to a player: buildings sold at half their cost, then the cash, every deed
 * and the cards to the creditor, who pays 10 % on the mortgaged deeds. */
static void test_classic_bankrupt_to_a_player_gets_everything(void **state)
{
    (void)state;
    struct ctest *f = ct_new(3, NULL);
    own_group(f, 0, 1, 3, -1);
    ct_deed(f, 1)->houses = 1;
    ct_deed(f, 3)->houses = 1;
    ct_own(f, 39, 0);
    ct_deed(f, 39)->mortgaged = 1;
    f->st.bank_houses = 30;
    f->st.players[0].jail_cards[CLASSIC_DECK_COMMUNITY] = 1;
    ct_own(f, 5, 1);
    f->st.players[0].cash = 10;
    f->st.players[0].position = 1;
    ct_ok(f, ct_roll(2, 2)); /* 5: seat 1's station, 25, on a double */
    ct_ok(f, ct_collect(5));
    assert_true(f->st.has_debt);
    /* what could be raised: 2 x 25 + mortgages 30 + 30 = 110; owed 25; cash 10: not bankrupt */
    ct_refused(f, classic_event_new(CLASSIC_EV_BANKRUPT), "CLASSIC-DEBT");
    f->st.debt.amount = 500;
    long long before = ct_money(f);
    ct_ok(f, classic_event_new(CLASSIC_EV_BANKRUPT));
    assert_true(f->st.players[0].bankrupt);
    assert_int_equal(f->st.players[0].cash, 0);
    assert_int_equal(ct_deed(f, 1)->owner, 1);
    assert_int_equal(ct_deed(f, 39)->owner, 1);
    assert_true(ct_deed(f, 39)->mortgaged);
    assert_int_equal(ct_deed(f, 1)->houses, 0);
    assert_int_equal(f->st.bank_houses, 32);
    assert_int_equal(f->st.players[1].jail_cards[CLASSIC_DECK_COMMUNITY], 1);
    /* creditor: + 10 cash + 50 from the houses sold - 20 (10 % of 200) */
    assert_int_equal(f->st.players[1].cash, 1500 + 10 + 50 - 20);
    assert_int_equal(ct_money(f), before + 50 - 20);
    assert_false(f->st.has_debt);
    free(f);
}

/* CLASSIC-BANKRUPT: a creditor who cannot pay the 10 % owes the rest to the Bank. */
static void test_classic_bankrupt_creditor_short_of_the_ten_percent_owes_the_bank(void **state)
{
    (void)state;
    struct ctest *f = ct_new(3, NULL);
    ct_own(f, 39, 0);
    ct_own(f, 37, 0);
    ct_deed(f, 39)->mortgaged = 1;
    ct_deed(f, 37)->mortgaged = 1;
    f->st.players[0].cash = 0;
    f->st.players[1].cash = 5;
    f->st.has_debt = 1;
    f->st.debt = (struct classic_debt){0, 1, 100, CLASSIC_DEBT_RENT, CLASSIC_AFTER_NOTHING, 5};
    ct_ok(f, classic_event_new(CLASSIC_EV_BANKRUPT));
    assert_true(f->st.has_debt);
    assert_int_equal(f->st.debt.player, 1);
    assert_int_equal(f->st.debt.creditor, CLASSIC_BANK);
    assert_int_equal(f->st.debt.amount, 20 + 18 - 5);
    assert_int_equal(f->st.debt.reason, CLASSIC_DEBT_MORTGAGE_FEE);
    assert_int_equal(f->st.players[1].cash, 0);
    assert_int_equal(paid_as(f, "mortgage_fee"), 5);
    assert_int_equal(paid_as(f, "fee"), 0);
    free(f);
}

/* CLASSIC-BANKRUPT: the creditor may lift a mortgaged deed at once for its value plus
 * 10 % instead of paying the 10 %; a lift of a deed not mortgaged is refused. */
static void test_classic_bankrupt_creditor_lifts_at_once(void **state)
{
    (void)state;
    struct ctest *f = ct_new(3, NULL);
    ct_own(f, 39, 0);
    ct_own(f, 37, 0);
    ct_deed(f, 39)->mortgaged = 1;
    f->st.players[0].cash = 0;
    f->st.has_debt = 1;
    f->st.debt = (struct classic_debt){0, 2, 500, CLASSIC_DEBT_RENT, CLASSIC_AFTER_NOTHING, 5};
    struct classic_event ev = classic_event_new(CLASSIC_EV_BANKRUPT);
    ev.lift[ev.nlift++] = 37;
    ct_refused(f, ev, "CLASSIC-BANKRUPT"); /* 37 is not mortgaged */
    ev.lift[0] = 39;
    ct_ok(f, ev);
    assert_int_equal(ct_deed(f, 39)->owner, 2);
    assert_false(ct_deed(f, 39)->mortgaged);
    assert_int_equal(ct_deed(f, 37)->owner, 2);
    assert_int_equal(f->st.players[2].cash, 1500 - 220);
    free(f);
}

/* CLASSIC-BANKRUPT to the Bank: cash to the Bank, buildings to its stock, cards back under
 * their decks, every deed auctioned one by one, unmortgaged. */
static void test_classic_bankrupt_to_the_bank_auctions_every_deed(void **state)
{
    (void)state;
    struct classic_house_rules hr = classic_house_official();
    hr.auction = 0; /* does not stop a bankruptcy's auctions */
    hr.free_parking = CLASSIC_FREE_PARKING_JACKPOT;
    struct ctest *f = ct_new(3, &hr);
    own_group(f, 0, 1, 3, -1);
    ct_deed(f, 1)->hotel = 1;
    f->st.bank_hotels = 11;
    ct_own(f, 39, 0);
    ct_deed(f, 39)->mortgaged = 1;
    f->st.players[0].jail_cards[CLASSIC_DECK_CHANCE] = 1;
    f->st.players[0].cash = 30;
    f->st.players[0].position = 1;
    ct_ok(f, ct_roll(1, 2)); /* Income Tax 200: into the pot once paid */
    ct_refused(f, classic_event_new(CLASSIC_EV_BANKRUPT), "CLASSIC-DEBT");
    f->st.debt.amount = 2000;
    f->st.pot = 40;
    long long money = ct_money(f);
    ct_ok(f, classic_event_new(CLASSIC_EV_BANKRUPT));
    assert_int_equal(f->st.pot, 40); /* the cash went to the Bank, not the pot */
    assert_int_equal(ct_money(f), money - 30);
    assert_int_equal(f->st.bank_hotels, 12);
    assert_int_equal(f->st.players[0].jail_cards[CLASSIC_DECK_CHANCE], 0);
    assert_int_equal(f->st.turn.pending.kind, CLASSIC_PENDING_BANKRUPTCY_AUCTION);
    assert_int_equal(f->st.turn.pending.space, 1);
    assert_false(ct_deed(f, 39)->mortgaged);
    ct_ok(f, ct_auction(2, 100));
    assert_int_equal(f->st.turn.pending.space, 3);
    ct_ok(f, ct_auction(-1, -1));
    assert_int_equal(f->st.turn.pending.space, 39);
    ct_ok(f, ct_auction(1, 250));
    assert_int_equal(f->st.turn.pending.kind, CLASSIC_PENDING_NONE);
    assert_int_equal(ct_deed(f, 1)->owner, 2);
    assert_int_equal(ct_deed(f, 3)->owner, CLASSIC_BANK);
    assert_int_equal(ct_deed(f, 39)->owner, 1);
    assert_int_equal(classic_next_seat(&f->st), 1);
    free(f);
}

/* ---- CLASSIC-END ---------------------------------------------------------------------------- */

/* CLASSIC-END: the last player not bankrupt wins; a bankruptcy to the Bank that leaves one
 * player ends the game at once (no auctions); nothing but notes after. */
static void test_classic_end_last_player_standing_wins(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    ct_own(f, 39, 0);
    f->st.players[0].cash = 0;
    ct_deed(f, 39)->mortgaged = 1;
    f->st.has_debt = 1;
    f->st.debt = (struct classic_debt){0, CLASSIC_BANK, 100, CLASSIC_DEBT_TAX, 0, 4};
    ct_ok(f, classic_event_new(CLASSIC_EV_BANKRUPT));
    assert_true(classic_game_over(&f->st));
    assert_int_equal(f->st.status, CLASSIC_FINISHED);
    assert_int_equal(f->st.winner, 1);
    assert_int_equal(f->st.turn.pending.kind, CLASSIC_PENDING_NONE);
    struct classic_event ev = ct_roll(1, 2);
    ev.seq = 99;
    assert_int_equal(classic_apply(&f->b, &f->st, &ev, &f->out), -1);
    assert_int_equal(f->out.refusal.kind, CLASSIC_CONFLICT);
    ct_ok(f, classic_event_new(CLASSIC_EV_NOTE));
    free(f);
}

/* CLASSIC-END: an end with a winner names any seated player; without one the game is
 * abandoned. */
static void test_classic_end_event_names_the_winner_or_abandons(void **state)
{
    (void)state;
    struct ctest *f = ct_new(3, NULL);
    struct classic_event ev = classic_event_new(CLASSIC_EV_END);
    ev.winner = 3;
    ct_refused(f, ev, "CLASSIC-END");
    ev.winner = 2;
    ct_ok(f, ev);
    assert_int_equal(f->st.winner, 2);
    free(f);
    f = ct_new(2, NULL);
    ct_ok(f, classic_event_new(CLASSIC_EV_END));
    assert_int_equal(f->st.status, CLASSIC_ABANDONED);
    assert_int_equal(f->st.winner, -1);
    free(f);
}

/* ---- CLASSIC-SHORT, CLASSIC-TIMED --------------------------------------------------------- */

/* A deal of spaces a and b to seat. */
static struct classic_event deal(int seat, int a, int b)
{
    struct classic_event ev = classic_event_new(CLASSIC_EV_DEAL);
    ev.player = seat;
    ev.nspaces = 2;
    ev.spaces[0] = a;
    ev.spaces[1] = b;
    return ev;
}

/* CLASSIC-SHORT: two deeds dealt and paid by each player before the first roll. */
static void test_classic_short_deal_before_the_first_roll(void **state)
{
    (void)state;
    struct classic_house_rules hr = classic_house_official();
    hr.variant = CLASSIC_VARIANT_SHORT;
    struct ctest *f = ct_new(2, &hr);
    ct_refused(f, ct_roll(1, 2), "CLASSIC-SHORT");
    ct_refused(f, deal(0, 1, 1), "CLASSIC-SHORT");
    ct_ok(f, deal(0, 1, 39));
    assert_int_equal(f->st.players[0].cash, 1040);
    ct_refused(f, deal(0, 3, 6), "CLASSIC-SHORT");  /* once */
    ct_refused(f, deal(1, 39, 6), "CLASSIC-SHORT"); /* owned */
    ct_ok(f, deal(1, 3, 5));
    ct_ok(f, ct_roll(1, 2));
    ct_refused(f, deal(1, 6, 8), "CLASSIC-SHORT");
    free(f);
    f = ct_new(2, NULL);
    ct_refused(f, deal(0, 1, 3), "CLASSIC-SHORT"); /* not in the standard game */
    free(f);
}

/* CLASSIC-SHORT: three houses allow a hotel; it sells back for half its cost plus half of
 * three houses. */
static void test_classic_short_three_houses_then_hotel(void **state)
{
    (void)state;
    struct classic_house_rules hr = classic_house_official();
    hr.variant = CLASSIC_VARIANT_SHORT;
    struct ctest *f = ct_new(2, &hr);
    own_group(f, 0, 1, 3, -1);
    f->st.players[0].dealt = f->st.players[1].dealt = 1;
    ct_deed(f, 1)->houses = 3;
    ct_deed(f, 3)->houses = 3;
    f->st.bank_houses = 26;
    ct_ok(f, ct_space_ev(CLASSIC_EV_BUILD, 1));
    assert_int_equal(ct_deed(f, 1)->hotel, 1);
    assert_int_equal(f->st.bank_houses, 29);
    struct classic_event sell = ct_space_ev(CLASSIC_EV_SELL_BUILDING, 1);
    sell.houses = 2; /* down to 2 houses beside 3: even */
    ct_ok(f, sell);
    assert_int_equal(f->st.players[0].cash, 1500 - 50 + 25 * 2);
    assert_int_equal(classic_net_worth(&f->b, &f->st, 0), 1500 + 60 + 60 + 50 * 5);
    free(f);
}

/* CLASSIC-SHORT: the game ends at the second bankruptcy (with two players, the first); the
 * richest remaining wins; a bankrupt's deeds go to the Bank with no auction. */
static void test_classic_short_ends_at_the_second_bankruptcy(void **state)
{
    (void)state;
    struct classic_house_rules hr = classic_house_official();
    hr.variant = CLASSIC_VARIANT_SHORT;
    struct ctest *f = ct_new(4, &hr);
    for (int i = 0; i < 4; i++)
        f->st.players[i].dealt = 1;
    ct_own(f, 1, 0);
    f->st.players[0].cash = 0;
    f->st.players[3].cash = 2000;
    ct_deed(f, 1)->mortgaged = 1;
    f->st.has_debt = 1;
    f->st.debt = (struct classic_debt){0, CLASSIC_BANK, 100, CLASSIC_DEBT_TAX, 0, 4};
    ct_ok(f, classic_event_new(CLASSIC_EV_BANKRUPT));
    assert_false(classic_game_over(&f->st));
    assert_int_equal(f->st.turn.pending.kind, CLASSIC_PENDING_NONE); /* no auction */
    assert_int_equal(ct_deed(f, 1)->owner, CLASSIC_BANK);
    f->st.players[1].cash = 0;
    f->st.has_debt = 1;
    f->st.debt = (struct classic_debt){1, 2, 100, CLASSIC_DEBT_RENT, 0, 5};
    ct_ok(f, classic_event_new(CLASSIC_EV_BANKRUPT));
    assert_true(classic_game_over(&f->st));
    assert_int_equal(f->st.winner, 3);
    free(f);
}

/* CLASSIC-TIMED: two deeds dealt; at the end event the richest wins, a winner named in it
 * is ignored; ties go to the first in seat order. */
static void test_classic_timed_end_names_the_richest(void **state)
{
    (void)state;
    struct classic_house_rules hr = classic_house_official();
    hr.variant = CLASSIC_VARIANT_TIMED;
    struct ctest *f = ct_new(3, &hr);
    ct_ok(f, deal(0, 1, 3));
    ct_ok(f, deal(1, 6, 8));
    ct_ok(f, deal(2, 37, 39));
    assert_int_equal(classic_net_worth(&f->b, &f->st, 2), 1500);
    ct_deed(f, 6)->mortgaged = 1;
    f->st.players[1].cash += 50;
    struct classic_event end = classic_event_new(CLASSIC_EV_END);
    end.winner = 2;
    ct_ok(f, end);
    assert_int_equal(f->st.winner, 0); /* 0: 1500, 1: 1500 - 50 + 50, 2: 1500: the first */
    free(f);
}

/* ---- Wonders of the World ---------------------------------------------------------------------
 */

/* WONDERS-BOX: 2 to 6 players; wonders and airports with the classic prices. */
static void test_wonders_box_seats_two_to_six(void **state)
{
    (void)state;
    struct ctest *f = ct_wonders(6, NULL);
    struct classic_seat seats[7];
    for (int i = 0; i < 7; i++)
        seats[i] = (struct classic_seat){101 + i, "P", "T"};
    assert_int_equal(classic_init(&f->b, NULL, seats, 7, &f->st, &f->out), -1);
    assert_string_equal(f->out.refusal.rule, "WONDERS-BOX");
    assert_int_equal(f->b.deeds[classic_board_deed(&f->b, 39)].price, 400);
    free(f);
}

/* WONDERS-PASSPORT: landing on a wonder ticks it, an airport or utility does not; a wonder
 * won at an auction is ticked too. */
static void test_wonders_passport_ticked_by_landing_and_auction(void **state)
{
    (void)state;
    struct ctest *f = ct_wonders(2, NULL);
    int d9 = classic_board_deed(&f->b, 9), d3 = classic_board_deed(&f->b, 3);
    ct_ok(f, ct_roll(5, 4)); /* 9 */
    assert_true(f->st.players[0].passport >> d9 & 1u);
    ct_ok(f, ct_auction(-1, -1));
    ct_ok(f, ct_roll(1, 2)); /* seat 1: 3 */
    ct_ok(f, ct_auction(0, 10));
    assert_true(f->st.players[0].passport >> d3 & 1u);
    assert_true(f->st.players[1].passport >> d3 & 1u);
    free(f);
}

/* WONDERS-FLIGHT: landing on an airport asks its buy or auction first, then the free
 * flight ticks one unticked wonder; a tick in classic is refused naming WONDERS-FLIGHT. */
static void test_wonders_flight_after_the_airport_offer(void **state)
{
    (void)state;
    struct ctest *f = ct_wonders(2, NULL);
    ct_ok(f, ct_roll(1, 4)); /* 5: an airport */
    assert_int_equal(f->st.turn.pending.kind, CLASSIC_PENDING_BUY_OR_AUCTION);
    ct_refused(f, ct_space_ev(CLASSIC_EV_TICK, 39), "WONDERS-FLIGHT");
    ct_ok(f, classic_event_new(CLASSIC_EV_BUY));
    assert_int_equal(f->st.turn.pending.kind, CLASSIC_PENDING_FLIGHT);
    ct_refused(f, ct_space_ev(CLASSIC_EV_TICK, 12), "WONDERS-FLIGHT"); /* a utility */
    ct_ok(f, ct_space_ev(CLASSIC_EV_TICK, 39));
    assert_true(f->st.players[0].passport >> classic_board_deed(&f->b, 39) & 1u);
    assert_int_equal(f->st.players[0].position, 5);
    assert_int_equal(ct_deed(f, 39)->owner, CLASSIC_BANK); /* neither bought nor rented */
    free(f);
    f = ct_new(2, NULL);
    ct_refused(f, ct_space_ev(CLASSIC_EV_TICK, 39), "WONDERS-FLIGHT");
    free(f);
}

/* WONDERS-END: the 22nd tick by a landing ends the game at once (not offered), pays the
 * 1,500 bonus, and the richest wins. */
static void test_wonders_end_at_the_twenty_second_tick(void **state)
{
    (void)state;
    struct ctest *f = ct_wonders(2, NULL);
    for (int d = 0; d < f->b.ndeeds; d++)
        if (f->b.spaces[f->b.deeds[d].space].kind == CLASSIC_SPACE_STREET &&
            f->b.deeds[d].space != 9)
            f->st.players[0].passport |= 1u << d;
    f->st.players[1].cash = 3500;
    ct_ok(f, ct_roll(5, 4)); /* 9: the 22nd */
    assert_true(classic_game_over(&f->st));
    assert_int_equal(f->st.players[0].cash, 3000);
    assert_int_equal(ct_deed(f, 9)->owner, CLASSIC_BANK);
    assert_int_equal(f->st.winner, 1);
    free(f);
}

/* ---- house rules (RULES.md §3b) ------------------------------------------------------------- */

/* HOUSE-FREE-PARKING: jackpot: taxes, fines and card payments go into the pot; landing on
 * Free Parking takes it. */
static void test_house_free_parking_jackpot(void **state)
{
    (void)state;
    struct classic_house_rules hr = classic_house_official();
    hr.free_parking = CLASSIC_FREE_PARKING_JACKPOT;
    struct ctest *f = ct_new(2, &hr);
    ct_ok(f, ct_roll(1, 3)); /* Income Tax 200 */
    assert_int_equal(f->st.pot, 200);
    f->st.players[1].position = 16;
    ct_ok(f, ct_roll(1, 3)); /* 20 */
    assert_int_equal(f->st.pot, 0);
    assert_int_equal(f->st.players[1].cash, 1700);
    free(f);
}

/* HOUSE-AUCTION: false: a deed the lander does not buy stays with the Bank. */
static void test_house_auction_off_the_deed_stays(void **state)
{
    (void)state;
    struct classic_house_rules hr = classic_house_official();
    hr.auction = 0;
    struct ctest *f = ct_new(2, &hr);
    ct_ok(f, ct_roll(5, 4));
    ct_refused(f, ct_auction(1, 100), "CLASSIC-AUCTION");
    ct_ok(f, ct_auction(-1, -1));
    assert_int_equal(ct_deed(f, 9)->owner, CLASSIC_BANK);
    free(f);
}

/* HOUSE-GO-LANDING: 400: landing on GO by dice pays double; by a card it does not. */
static void test_house_go_landing_double_by_dice_only(void **state)
{
    (void)state;
    struct classic_house_rules hr = classic_house_official();
    hr.go_landing = 400;
    struct ctest *f = ct_new(2, &hr);
    f->st.players[0].position = 33;
    ct_ok(f, ct_roll(3, 4));
    assert_int_equal(f->st.players[0].cash, 1900);
    ct_ok(f, ct_roll(3, 4)); /* seat 1: 7 */
    ct_ok(f, ct_draw(CLASSIC_DECK_CHANCE, FX_CH_GO));
    assert_int_equal(f->st.players[1].cash, 1700);
    free(f);
}

/* HOUSE-CASH: the starting cash overrides the box's; out of 500..5000 in tens refused. */
static void test_house_cash_overrides_start_cash(void **state)
{
    (void)state;
    struct classic_house_rules hr = classic_house_official();
    hr.starting_cash = 2500;
    struct ctest *f = ct_new(2, &hr);
    assert_int_equal(f->st.players[1].cash, 2500);
    struct classic_seat seats[2] = {{1, "A", "a"}, {2, "B", "b"}};
    hr.starting_cash = 2505;
    assert_int_equal(classic_init(&f->b, &hr, seats, 2, &f->st, &f->out), -1);
    assert_string_equal(f->out.refusal.rule, "HOUSE-CASH");
    hr.starting_cash = 490;
    assert_int_equal(classic_house_invalid(&hr), CLASSIC_HOUSE_STARTING_CASH);
    free(f);
}

/* HOUSE-JAIL-DOUBLE: roll_again: the double frees the player, who moves and rolls again
 * (the freeing double counts as the turn's first). */
static void test_house_jail_double_roll_again(void **state)
{
    (void)state;
    struct classic_house_rules hr = classic_house_official();
    hr.jail_double = CLASSIC_JAIL_DOUBLE_ROLL_AGAIN;
    struct ctest *f = ct_new(2, &hr);
    ct_jail(f, 0);
    ct_ok(f, ct_roll(3, 3)); /* 16 */
    ct_auction_if_offered(f);
    assert_int_equal(classic_next_seat(&f->st), 0);
    ct_ok(f, ct_roll(1, 1)); /* 18, the second double */
    ct_auction_if_offered(f);
    ct_ok(f, ct_roll(2, 2)); /* the third: Jail */
    assert_true(f->st.players[0].in_jail);
    free(f);
}

/* HOUSE-RENT-ASK: automatic: the rent is paid at the landing. */
static void test_house_rent_automatic_paid_at_landing(void **state)
{
    (void)state;
    struct classic_house_rules hr = classic_house_official();
    hr.rent = CLASSIC_RENT_AUTOMATIC;
    struct ctest *f = ct_new(2, &hr);
    ct_own(f, 9, 1);
    ct_ok(f, ct_roll(5, 4));
    assert_int_equal(f->st.players[0].cash, 1492);
    assert_int_equal(f->st.turn.nrents, 0);
    free(f);
}

/* HOUSE-VARIANT: standard, short and timed are the only values; each switch has its id. */
static void test_house_variant_values(void **state)
{
    (void)state;
    struct classic_house_rules hr = classic_house_official();
    assert_int_equal(classic_house_invalid(&hr), -1);
    hr.variant = (enum classic_variant)3;
    assert_int_equal(classic_house_invalid(&hr), CLASSIC_HOUSE_VARIANT);
    hr.variant = CLASSIC_VARIANT_TIMED;
    assert_true(classic_house_differs(&hr, CLASSIC_HOUSE_VARIANT));
    assert_string_equal(classic_variant_name(hr.variant), "timed");
    assert_string_equal(classic_house_rule(CLASSIC_HOUSE_RENT), "HOUSE-RENT-ASK");
}

/* ---- options --------------------------------------------------------------------------------- */

/* Options list every lot that can take a building now (with its cost), the rents that can
 * be asked, the deeds that can be mortgaged or lifted, and during a debt only its ways out. */
static void test_classic_options_list_builds_rents_and_mortgages(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    struct classic_options *o = malloc(sizeof *o);
    assert_non_null(o);
    own_group(f, 1, 6, 8, 9);
    ct_deed(f, 6)->houses = 1;
    f->st.bank_houses = 31;
    assert_null(option_on(f, o, CLASSIC_EV_BUILD, 6));
    assert_int_equal(option_on(f, o, CLASSIC_EV_BUILD, 8)->amount, 50);
    assert_non_null(option_on(f, o, CLASSIC_EV_BUILD, 9));
    assert_null(option_on(f, o, CLASSIC_EV_MORTGAGE, 8));
    assert_int_equal(option_on(f, o, CLASSIC_EV_SELL_BUILDING, 6)->amount, 25);
    ct_ok(f, ct_roll(3, 3)); /* 6: a rent of 30 */
    const struct classic_option *x = option_on(f, o, CLASSIC_EV_COLLECT_RENT, 6);
    assert_non_null(x);
    assert_int_equal(x->amount, 30);
    assert_int_equal(x->owner, 1);
    assert_int_equal(x->player, 0);
    assert_non_null(option_on(f, o, CLASSIC_EV_ROLL, -1));
    f->st.players[0].cash = 10;
    ct_own(f, 12, 0);
    ct_ok(f, ct_collect(6));
    assert_true(f->st.has_debt);
    classic_options(&f->b, &f->st, o);
    for (int i = 0; i < o->n; i++)
        assert_true(o->list[i].type == CLASSIC_EV_MORTGAGE && o->list[i].player == 0);
    free(o);
    free(f);
}

/* CLASSIC-SETUP: a correction of the box changes the game's copy from then on; one that
 * does not hold (a price of 0) is refused, box and state unchanged. */
static void test_classic_setup_correction_changes_the_box(void **state)
{
    (void)state;
    struct ctest *f = ct_new(2, NULL);
    struct classic_event fix = classic_event_new(CLASSIC_EV_CORRECT);
    struct classic_board *before = malloc(sizeof *before);
    assert_non_null(before);
    fix.fix.what = CLASSIC_FACT_DEED;
    fix.fix.index = 9;
    fix.fix.deed = f->b.deeds[classic_board_deed(&f->b, 9)];
    fix.fix.deed.price = 0;
    memcpy(before, &f->b, sizeof *before);
    fix.seq = 1;
    assert_int_equal(classic_correct_apply(&f->b, &f->st, &fix, &f->out), -1);
    assert_string_equal(f->out.refusal.rule, "CLASSIC-SETUP");
    assert_memory_equal(before, &f->b, sizeof *before);
    fix.fix.deed.price = 130;
    assert_int_equal(classic_correct_apply(&f->b, &f->st, &fix, &f->out), 0);
    assert_int_equal(f->st.corrections, 1);
    f->seq = 2;
    ct_ok(f, ct_roll(5, 4));
    ct_ok(f, classic_event_new(CLASSIC_EV_BUY));
    assert_int_equal(f->st.players[0].cash, 1370);
    fix.fix.what = CLASSIC_FACT_CHANCE;
    fix.fix.index = 16;
    assert_int_equal(classic_correct_apply(&f->b, &f->st, &fix, &f->out), -1);
    free(before);
    free(f);
}

/* The event table has one row per type, in the enum's order, each found back by its name;
 * the types the table may be offered are the ones classic_options() lists. */
static void test_classic_event_table_complete(void **state)
{
    (void)state;
    for (int t = 0; t < CLASSIC_EV_COUNT; t++) {
        const struct classic_event_info *info = classic_event_info((enum classic_event_type)t);
        assert_non_null(info);
        assert_int_equal(info->type, t);
        assert_int_equal(classic_event_from_name(info->name), t);
        assert_non_null(info->rule);
    }
    assert_null(classic_event_info(CLASSIC_EV_COUNT));
    assert_int_equal(classic_event_from_name("fly"), -1);
    assert_false(classic_event_info(CLASSIC_EV_TRADE)->offered);
    assert_true(classic_event_info(CLASSIC_EV_NOTE)->once_over);
    for (int k = 0; k < CLASSIC_FX_KIND_COUNT; k++)
        assert_string_not_equal(classic_effect_name((enum classic_effect_kind)k), "unknown");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classic_build_needs_the_whole_group_unmortgaged),
        cmocka_unit_test(test_classic_build_refused_when_it_breaks_the_even_rule),
        cmocka_unit_test(test_classic_build_hotel_returns_four_houses),
        cmocka_unit_test(test_classic_stock_no_house_left_no_build),
        cmocka_unit_test(test_classic_stock_hotel_sold_with_few_houses_in_the_bank),
        cmocka_unit_test(test_classic_stock_shortage_build_pays_the_bid),
        cmocka_unit_test(test_classic_sell_half_cost_evenly),
        cmocka_unit_test(test_classic_sell_hotel_becomes_four_houses),
        cmocka_unit_test(test_classic_mortgage_value_and_lift_with_ten_percent),
        cmocka_unit_test(test_classic_mortgage_refused_with_buildings_in_the_group),
        cmocka_unit_test(test_classic_trade_deeds_cards_and_cash),
        cmocka_unit_test(test_classic_trade_refused_for_a_street_whose_group_has_houses),
        cmocka_unit_test(test_classic_trade_mortgaged_deed_receiver_pays_ten_percent),
        cmocka_unit_test(test_classic_trade_mortgaged_deed_costs_in_state),
        cmocka_unit_test(test_classic_move_refused_during_a_debt),
        cmocka_unit_test(test_classic_debt_queue_of_short_payers),
        cmocka_unit_test(test_classic_debt_rent_while_a_decision_pends),
        cmocka_unit_test(test_classic_bankrupt_to_a_player_gets_everything),
        cmocka_unit_test(test_classic_bankrupt_creditor_short_of_the_ten_percent_owes_the_bank),
        cmocka_unit_test(test_classic_bankrupt_creditor_lifts_at_once),
        cmocka_unit_test(test_classic_bankrupt_to_the_bank_auctions_every_deed),
        cmocka_unit_test(test_classic_end_last_player_standing_wins),
        cmocka_unit_test(test_classic_end_event_names_the_winner_or_abandons),
        cmocka_unit_test(test_classic_short_deal_before_the_first_roll),
        cmocka_unit_test(test_classic_short_three_houses_then_hotel),
        cmocka_unit_test(test_classic_short_ends_at_the_second_bankruptcy),
        cmocka_unit_test(test_classic_timed_end_names_the_richest),
        cmocka_unit_test(test_wonders_box_seats_two_to_six),
        cmocka_unit_test(test_wonders_passport_ticked_by_landing_and_auction),
        cmocka_unit_test(test_wonders_flight_after_the_airport_offer),
        cmocka_unit_test(test_wonders_end_at_the_twenty_second_tick),
        cmocka_unit_test(test_house_free_parking_jackpot),
        cmocka_unit_test(test_house_auction_off_the_deed_stays),
        cmocka_unit_test(test_house_go_landing_double_by_dice_only),
        cmocka_unit_test(test_house_cash_overrides_start_cash),
        cmocka_unit_test(test_house_jail_double_roll_again),
        cmocka_unit_test(test_house_rent_automatic_paid_at_landing),
        cmocka_unit_test(test_house_variant_values),
        cmocka_unit_test(test_classic_options_list_builds_rents_and_mortgages),
        cmocka_unit_test(test_classic_setup_correction_changes_the_box),
        cmocka_unit_test(test_classic_event_table_complete),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
