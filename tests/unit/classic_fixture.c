/* classic_fixture.c -- the default French box of RULES.md §3, for the engine's tests. */
#include "classic_fixture.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

struct street_row {
    int space;
    const char *name;
    const char *group;
    int price;
    int rents[CLASSIC_RENTS];
    int house;
};

/* RULES.md §3 "The box": the 22 streets. */
static const struct street_row streets[] = {
    {1, "Boulevard de Belleville", "brown", 60, {2, 10, 30, 90, 160, 250}, 50},
    {3, "Rue Lecourbe", "brown", 60, {4, 20, 60, 180, 320, 450}, 50},
    {6, "Rue de Vaugirard", "light-blue", 100, {6, 30, 90, 270, 400, 550}, 50},
    {8, "Rue de Courcelles", "light-blue", 100, {6, 30, 90, 270, 400, 550}, 50},
    {9, "Avenue de la République", "light-blue", 120, {8, 40, 100, 300, 450, 600}, 50},
    {11, "Boulevard de la Villette", "pink", 140, {10, 50, 150, 450, 625, 750}, 100},
    {13, "Avenue de Neuilly", "pink", 140, {10, 50, 150, 450, 625, 750}, 100},
    {14, "Rue de Paradis", "pink", 160, {12, 60, 180, 500, 700, 900}, 100},
    {16, "Avenue Mozart", "orange", 180, {14, 70, 200, 550, 750, 950}, 100},
    {18, "Boulevard Saint-Michel", "orange", 180, {14, 70, 200, 550, 750, 950}, 100},
    {19, "Place Pigalle", "orange", 200, {16, 80, 220, 600, 800, 1000}, 100},
    {21, "Avenue Matignon", "red", 220, {18, 90, 250, 700, 875, 1050}, 150},
    {23, "Boulevard Malesherbes", "red", 220, {18, 90, 250, 700, 875, 1050}, 150},
    {24, "Avenue Henri-Martin", "red", 240, {20, 100, 300, 750, 925, 1100}, 150},
    {26, "Faubourg Saint-Honoré", "yellow", 260, {22, 110, 330, 800, 975, 1150}, 150},
    {27, "Place de la Bourse", "yellow", 260, {22, 110, 330, 800, 975, 1150}, 150},
    {29, "Rue La Fayette", "yellow", 280, {24, 120, 360, 850, 1025, 1200}, 150},
    {31, "Avenue de Breteuil", "green", 300, {26, 130, 390, 900, 1100, 1275}, 200},
    {32, "Avenue Foch", "green", 300, {26, 130, 390, 900, 1100, 1275}, 200},
    {34, "Boulevard des Capucines", "green", 320, {28, 150, 450, 1000, 1200, 1400}, 200},
    {37, "Avenue des Champs-Élysées", "dark-blue", 350, {35, 175, 500, 1100, 1300, 1500}, 200},
    {39, "Rue de la Paix", "dark-blue", 400, {50, 200, 600, 1400, 1700, 2000}, 200},
};

static const struct {
    int space;
    const char *name;
} stations[] = {{5, "Gare Montparnasse"},
                {15, "Gare de Lyon"},
                {25, "Gare du Nord"},
                {35, "Gare Saint-Lazare"}},
  utilities[] = {{12, "Compagnie de distribution d'électricité"}, {28, "Compagnie des eaux"}};

/* RULES.md §3 "The box": the 16 + 16 cards, each in its slot (classic_fixture.h), as
 * struct classic_card reads: kind, amount, space, salary (1: a move may pay the GO
 * salary), steps, house, hotel, id. */
static const struct classic_card chance[CLASSIC_DECK_CARDS] = {
    [FX_CH_GO] = {CLASSIC_CARD_MOVE_TO, 0, 0, 1, 0, 0, 0, "advance-to-go"},
    [FX_CH_HENRI_MARTIN] = {CLASSIC_CARD_MOVE_TO, 0, 24, 1, 0, 0, 0, "henri-martin"},
    [FX_CH_VILLETTE] = {CLASSIC_CARD_MOVE_TO, 0, 11, 1, 0, 0, 0, "villette"},
    [FX_CH_GARE_DE_LYON] = {CLASSIC_CARD_MOVE_TO, 0, 15, 1, 0, 0, 0, "gare-de-lyon"},
    [FX_CH_RUE_DE_LA_PAIX] = {CLASSIC_CARD_MOVE_TO, 0, 39, 1, 0, 0, 0, "rue-de-la-paix"},
    [FX_CH_BACK_THREE] = {CLASSIC_CARD_MOVE_BY, 0, 0, 0, -3, 0, 0, "back-three"},
    [FX_CH_JAIL] = {CLASSIC_CARD_GO_TO_JAIL, 0, 0, 1, 0, 0, 0, "go-to-jail"},
    [FX_CH_JAIL_FREE] = {CLASSIC_CARD_JAIL_FREE, 0, 0, 1, 0, 0, 0, "jail-free"},
    [FX_CH_DIVIDEND] = {CLASSIC_CARD_COLLECT, 50, 0, 1, 0, 0, 0, "dividend"},
    [FX_CH_LOAN] = {CLASSIC_CARD_COLLECT, 150, 0, 1, 0, 0, 0, "building-loan"},
    [FX_CH_CROSSWORD] = {CLASSIC_CARD_COLLECT, 100, 0, 1, 0, 0, 0, "crossword"},
    [FX_CH_SPEEDING] = {CLASSIC_CARD_PAY, 15, 0, 1, 0, 0, 0, "speeding"},
    [FX_CH_SCHOOL] = {CLASSIC_CARD_PAY, 150, 0, 1, 0, 0, 0, "school-fees"},
    [FX_CH_DRUNK] = {CLASSIC_CARD_PAY, 20, 0, 1, 0, 0, 0, "drunkenness"},
    [FX_CH_REPAIRS] = {CLASSIC_CARD_REPAIRS, 0, 0, 1, 0, 25, 100, "repairs"},
    [FX_CH_ROAD_REPAIRS] = {CLASSIC_CARD_REPAIRS, 0, 0, 1, 0, 40, 115, "road-repairs"},
};

static const struct classic_card community[CLASSIC_DECK_CARDS] = {
    [FX_CC_GO] = {CLASSIC_CARD_MOVE_TO, 0, 0, 1, 0, 0, 0, "advance-to-go"},
    [FX_CC_BANK_ERROR] = {CLASSIC_CARD_COLLECT, 200, 0, 1, 0, 0, 0, "bank-error"},
    [FX_CC_DOCTOR] = {CLASSIC_CARD_PAY, 50, 0, 1, 0, 0, 0, "doctor"},
    [FX_CC_STOCK] = {CLASSIC_CARD_COLLECT, 50, 0, 1, 0, 0, 0, "stock-sale"},
    [FX_CC_JAIL_FREE] = {CLASSIC_CARD_JAIL_FREE, 0, 0, 1, 0, 0, 0, "jail-free"},
    [FX_CC_JAIL] = {CLASSIC_CARD_GO_TO_JAIL, 0, 0, 1, 0, 0, 0, "go-to-jail"},
    [FX_CC_BELLEVILLE] = {CLASSIC_CARD_MOVE_TO, 0, 1, 0, 0, 0, 0, "back-to-belleville"},
    [FX_CC_ANNUAL] = {CLASSIC_CARD_COLLECT, 100, 0, 1, 0, 0, 0, "annual-income"},
    [FX_CC_BIRTHDAY] = {CLASSIC_CARD_COLLECT_FROM_EACH, 10, 0, 1, 0, 0, 0, "birthday"},
    [FX_CC_TAX_REFUND] = {CLASSIC_CARD_COLLECT, 20, 0, 1, 0, 0, 0, "tax-refund"},
    [FX_CC_HOSPITAL] = {CLASSIC_CARD_PAY, 100, 0, 1, 0, 0, 0, "hospital"},
    [FX_CC_INSURANCE] = {CLASSIC_CARD_PAY, 50, 0, 1, 0, 0, 0, "insurance"},
    [FX_CC_INTEREST] = {CLASSIC_CARD_COLLECT, 25, 0, 1, 0, 0, 0, "loan-interest"},
    [FX_CC_INHERITANCE] = {CLASSIC_CARD_COLLECT, 100, 0, 1, 0, 0, 0, "inheritance"},
    [FX_CC_BEAUTY] = {CLASSIC_CARD_COLLECT, 10, 0, 1, 0, 0, 0, "beauty-contest"},
    [FX_CC_PAY_OR_CHANCE] = {CLASSIC_CARD_PAY_OR_CHANCE, 10, 0, 1, 0, 0, 0, "pay-or-chance"},
};

static void fixture_cards(struct classic_board *b)
{
    memcpy(b->cards[CLASSIC_DECK_CHANCE], chance, sizeof chance);
    memcpy(b->cards[CLASSIC_DECK_COMMUNITY], community, sizeof community);
    b->ncards[CLASSIC_DECK_CHANCE] = CLASSIC_DECK_CARDS;
    b->ncards[CLASSIC_DECK_COMMUNITY] = CLASSIC_DECK_CARDS;
}

/* Space i of kind k named name, with no deed. */
static void space_set(struct classic_board *b, int i, enum classic_space_kind k, const char *name,
                      int amount)
{
    b->spaces[i].kind = k;
    b->spaces[i].amount = amount;
    b->spaces[i].deed = -1;
    snprintf(b->spaces[i].name, sizeof b->spaces[i].name, "%s", name);
}

/* A deed on space of kind k; returns it. */
static struct classic_deed *deed_add(struct classic_board *b, int space, enum classic_space_kind k,
                                     const char *name, const char *group, int price)
{
    struct classic_deed *d = &b->deeds[b->ndeeds];
    space_set(b, space, k, name, 0);
    b->spaces[space].deed = b->ndeeds++;
    d->space = space;
    d->price = price;
    d->mortgage = price / 2;
    snprintf(d->group, sizeof d->group, "%s", group);
    snprintf(d->name, sizeof d->name, "%s", name);
    return d;
}

static void fixture_deeds(struct classic_board *b)
{
    /* deeds in board order, so deed indexes follow the spaces */
    for (int s = 0; s < CLASSIC_SPACES; s++) {
        for (size_t i = 0; i < sizeof streets / sizeof streets[0]; i++)
            if (streets[i].space == s) {
                struct classic_deed *d = deed_add(b, s, CLASSIC_SPACE_STREET, streets[i].name,
                                                  streets[i].group, streets[i].price);
                memcpy(d->rents, streets[i].rents, sizeof d->rents);
                d->house = streets[i].house;
            }
        for (size_t i = 0; i < 4; i++)
            if (stations[i].space == s) {
                struct classic_deed *d =
                    deed_add(b, s, CLASSIC_SPACE_STATION, stations[i].name, "station", 200);
                d->rents[0] = 25;
                d->rents[1] = 50;
                d->rents[2] = 100;
                d->rents[3] = 200;
            }
        for (size_t i = 0; i < 2; i++)
            if (utilities[i].space == s) {
                struct classic_deed *d =
                    deed_add(b, s, CLASSIC_SPACE_UTILITY, utilities[i].name, "utility", 150);
                d->multipliers[0] = 4;
                d->multipliers[1] = 10;
            }
    }
}

void classic_fixture_default(struct classic_board *b)
{
    memset(b, 0, sizeof *b);
    b->start_cash = 1500;
    b->go_salary = 200;
    b->jail_fine = 50;
    b->houses = CLASSIC_HOUSES;
    b->hotels = CLASSIC_HOTELS;
    space_set(b, 0, CLASSIC_SPACE_GO, "Départ", 0);
    space_set(b, 10, CLASSIC_SPACE_JAIL, "Prison / Simple visite", 0);
    space_set(b, 20, CLASSIC_SPACE_FREE_PARKING, "Parc gratuit", 0);
    space_set(b, 30, CLASSIC_SPACE_GO_TO_JAIL, "Allez en prison", 0);
    space_set(b, 2, CLASSIC_SPACE_COMMUNITY, "Caisse de communauté", 0);
    space_set(b, 17, CLASSIC_SPACE_COMMUNITY, "Caisse de communauté", 0);
    space_set(b, 33, CLASSIC_SPACE_COMMUNITY, "Caisse de communauté", 0);
    space_set(b, 7, CLASSIC_SPACE_CHANCE, "Chance", 0);
    space_set(b, 22, CLASSIC_SPACE_CHANCE, "Chance", 0);
    space_set(b, 36, CLASSIC_SPACE_CHANCE, "Chance", 0);
    space_set(b, 4, CLASSIC_SPACE_TAX, "Impôts sur le revenu", 200);
    space_set(b, 38, CLASSIC_SPACE_TAX, "Taxe de luxe", 100);
    fixture_deeds(b);
    fixture_cards(b);
}

void classic_fixture_wonders(struct classic_board *b)
{
    int wonder = 0, airport = 0;
    classic_fixture_default(b);
    b->wonders = 1;
    b->end_bonus = 1500;
    for (int i = 0; i < b->ndeeds; i++) {
        struct classic_deed *d = &b->deeds[i];
        if (b->spaces[d->space].kind == CLASSIC_SPACE_STREET)
            snprintf(d->name, sizeof d->name, "Merveille %d", ++wonder);
        else if (b->spaces[d->space].kind == CLASSIC_SPACE_STATION)
            snprintf(d->name, sizeof d->name, "Aéroport %d", ++airport);
        memcpy(b->spaces[d->space].name, d->name, sizeof d->name);
    }
}

/* ---- a game on the fixture ------------------------------------------------------------ */

static const char *const ct_names[] = {"Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"};

/* A game of n seats on box b. */
static struct ctest *ct_game(int n, const struct classic_house_rules *hr, bool wonders)
{
    struct ctest *f = calloc(1, sizeof *f);
    struct classic_seat seats[CLASSIC_MAX_PLAYERS];
    assert_non_null(f);
    if (wonders)
        classic_fixture_wonders(&f->b);
    else
        classic_fixture_default(&f->b);
    for (int i = 0; i < n; i++) {
        seats[i].player = 101 + i;
        seats[i].name = ct_names[i];
        seats[i].token = ct_names[i];
    }
    if (classic_init(&f->b, hr, seats, n, &f->st, &f->out) != 0)
        fail_msg("classic_init: %s %s", f->out.refusal.rule, f->out.refusal.detail);
    f->seq = 1;
    return f;
}

struct ctest *ct_new(int n, const struct classic_house_rules *hr)
{
    return ct_game(n, hr, false);
}

struct ctest *ct_wonders(int n, const struct classic_house_rules *hr)
{
    return ct_game(n, hr, true);
}

void ct_ok(struct ctest *f, struct classic_event ev)
{
    ev.seq = f->seq;
    if (classic_apply(&f->b, &f->st, &ev, &f->out) != 0)
        fail_msg("%s refused: %s %s", classic_event_info(ev.type)->name, f->out.refusal.rule,
                 f->out.refusal.detail);
    f->seq++;
}

void ct_refused(struct ctest *f, struct classic_event ev, const char *rule)
{
    struct classic_state *before = malloc(sizeof *before);
    assert_non_null(before);
    memcpy(before, &f->st, sizeof *before);
    ev.seq = f->seq;
    if (classic_apply(&f->b, &f->st, &ev, &f->out) == 0)
        fail_msg("%s accepted, %s expected", classic_event_info(ev.type)->name, rule);
    assert_string_equal(f->out.refusal.rule, rule);
    assert_memory_equal(before, &f->st, sizeof *before);
    free(before);
}

struct classic_event ct_roll(int d1, int d2)
{
    struct classic_event ev = classic_event_new(CLASSIC_EV_ROLL);
    ev.d1 = d1;
    ev.d2 = d2;
    return ev;
}

struct classic_event ct_draw(enum classic_deck k, int card)
{
    struct classic_event ev = classic_event_new(
        k == CLASSIC_DECK_CHANCE ? CLASSIC_EV_DRAW_CHANCE : CLASSIC_EV_DRAW_COMMUNITY);
    ev.card = card;
    return ev;
}

struct classic_event ct_auction(int winner, int price)
{
    struct classic_event ev = classic_event_new(CLASSIC_EV_AUCTION);
    ev.winner = winner;
    ev.price = price;
    return ev;
}

struct classic_event ct_collect(int space)
{
    return ct_space_ev(CLASSIC_EV_COLLECT_RENT, space);
}

struct classic_event ct_space_ev(enum classic_event_type t, int space)
{
    struct classic_event ev = classic_event_new(t);
    ev.space = space;
    return ev;
}

struct classic_deed_state *ct_deed(struct ctest *f, int space)
{
    int d = classic_board_deed(&f->b, space);
    assert_true(d >= 0);
    return &f->st.deeds[d];
}

void ct_own(struct ctest *f, int space, int seat)
{
    ct_deed(f, space)->owner = seat;
}

int ct_rent(struct ctest *f, int space, int payer)
{
    struct classic_rent r = {space, -1, payer, 7};
    return classic_rent_amount(&f->b, &f->st, &r);
}

void ct_jail(struct ctest *f, int seat)
{
    f->st.players[seat].in_jail = 1;
    f->st.players[seat].position = 10;
    f->st.turn.seat = seat;
    f->st.turn.rolled = 0;
    f->st.turn.rolls = 0;
}

void ct_auction_if_offered(struct ctest *f)
{
    if (f->st.turn.pending.kind == CLASSIC_PENDING_BUY_OR_AUCTION)
        ct_ok(f, ct_auction(-1, -1));
}

long long ct_money(const struct ctest *f)
{
    long long n = f->st.pot;
    for (int i = 0; i < f->st.nplayers; i++)
        n += f->st.players[i].cash;
    return n;
}
