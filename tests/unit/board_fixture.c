/* board_fixture.c -- the shipped default Travel World Tour board, built in C for tests. */
#include "board_fixture.h"

#include <stdio.h>
#include <string.h>

/* A destination space of the classic layout: where it is, its id, colour and price. */
struct fx_dest {
    int space;
    const char *id;
    const char *colour;
    int price;
};

static const struct fx_dest fx_dests[] = {
    {1, "okavango-delta", "brown", 60},
    {3, "boulders-beach", "brown", 60},
    {6, "rapa-nui", "light-blue", 100},
    {8, "carnaval-de-barranquilla", "light-blue", 100},
    {9, "chichen-itza", "light-blue", 120},
    {11, "grand-canyon", "pink", 140},
    {13, "waitomo-caves", "pink", 140},
    {14, "pink-3", "pink", 160},
    {16, "angkor-wat", "orange", 180},
    {18, "orange-2", "orange", 180},
    {19, "orange-3", "orange", 200},
    {21, "rhine-castle-trail", "red", 220},
    {23, "red-2", "red", 220},
    {24, "red-3", "red", 240},
    {26, "great-barrier-reef", "yellow", 260},
    {27, "yellow-2", "yellow", 260},
    {29, "yellow-3", "yellow", 280},
    {31, "great-wall-of-china", "green", 300},
    {32, "green-2", "green", 300},
    {34, "green-3", "green", 320},
    {37, "saint-lucia-volcanoes", "dark-blue", 350},
    {39, "dark-blue-2", "dark-blue", 400},
};

#define FX_NDESTS ((int)(sizeof fx_dests / sizeof fx_dests[0]))

/* Set the kind of space i (and its tax amount). This function can't fail. */
static void fx_space(struct board *b, int i, enum space_kind kind, int amount)
{
    b->spaces[i].kind = kind;
    b->spaces[i].dest = -1;
    b->spaces[i].amount = amount;
}

/* The travel goal of destination i: i + 3 around the 22 cards, except that Chichen
 * Itza (4) and Grand Canyon (5) swap targets, so Barranquilla (3) -> Waitomo Caves (6),
 * Chichen Itza (4) -> Angkor Wat (8) and green-3 (19) -> Okavango Delta (0). Every
 * destination is the goal of exactly one other card. This function can't fail. */
static int fx_goal(int i)
{
    if (i == 4)
        return 8;
    if (i == 5)
        return 7;
    return (i + 3) % FX_NDESTS;
}

/* Lay out the 40 spaces and the 22 destinations. This function can't fail. */
static void fx_layout(struct board *b)
{
    for (int i = 0; i < BOARD_SPACES; i++)
        fx_space(b, i, SPACE_DESTINATION, 0);
    fx_space(b, 0, SPACE_GO, 0);
    fx_space(b, 10, SPACE_JAIL, 0);
    fx_space(b, 20, SPACE_FREE_PARKING, 0);
    fx_space(b, 30, SPACE_GO_TO_JAIL, 0);
    fx_space(b, 7, SPACE_CHANCE, 0);
    fx_space(b, 22, SPACE_CHANCE, 0);
    fx_space(b, 36, SPACE_CHANCE, 0);
    fx_space(b, 2, SPACE_JOURNAL, 0);
    fx_space(b, 17, SPACE_JOURNAL, 0);
    fx_space(b, 33, SPACE_JOURNAL, 0);
    fx_space(b, 4, SPACE_TAX, 200);
    fx_space(b, 38, SPACE_TAX, 100);
    fx_space(b, 5, SPACE_FLIGHT_LOCAL, 0);
    fx_space(b, 15, SPACE_FLIGHT_LOCAL, 0);
    fx_space(b, 25, SPACE_FLIGHT_LOCAL, 0);
    fx_space(b, 35, SPACE_FLIGHT_LOCAL, 0);
    fx_space(b, 12, SPACE_FLIGHT_LONG, 0);
    fx_space(b, 28, SPACE_FLIGHT_LONG, 0);
    b->ndests = FX_NDESTS;
    for (int i = 0; i < FX_NDESTS; i++) {
        struct destination *d = &b->dests[i];
        snprintf(d->id, sizeof d->id, "%s", fx_dests[i].id);
        snprintf(d->colour, sizeof d->colour, "%s", fx_dests[i].colour);
        d->price = fx_dests[i].price;
        d->fee = d->price / 2;
        d->set_fee = d->price;
        d->goal = fx_goal(i);
        d->space = fx_dests[i].space;
        b->spaces[d->space].dest = i;
    }
}

/* A Chance card with id and effect. This function can't fail. */
static void fx_chance(struct board *b, const char *id, struct effect e)
{
    struct chance_card *c = &b->chance[b->nchance++];
    snprintf(c->id, sizeof c->id, "%s", id);
    c->effect = e;
}

/* A Travel Journal card. This function can't fail. */
static void fx_journal(struct board *b, const char *id, int slots, enum per_stamp_kind kind,
                       int amount, struct effect drawer)
{
    struct journal_card *c = &b->journal[b->njournal++];
    snprintf(c->id, sizeof c->id, "%s", id);
    c->slots = slots;
    c->per_stamp = kind;
    c->per_stamp_amount = amount;
    c->drawer = drawer;
}

/* The ten Chance cards: the known pink-or-orange card and placeholders. */
static void fx_chance_cards(struct board *b)
{
    struct effect colour = {.kind = EFFECT_MOVE_TO_COLOUR, .ncolours = 2};
    snprintf(colour.colours[0], BOARD_SLUG_MAX, "pink");
    snprintf(colour.colours[1], BOARD_SLUG_MAX, "orange");
    fx_chance(b, "chance-1", colour);
    fx_chance(b, "chance-2", (struct effect){.kind = EFFECT_MOVE_TO, .space = 0, .salary = true});
    fx_chance(b, "chance-3", (struct effect){.kind = EFFECT_COLLECT, .amount = 100});
    fx_chance(b, "chance-4", (struct effect){.kind = EFFECT_PAY, .amount = 150});
    fx_chance(b, "chance-5", (struct effect){.kind = EFFECT_GO_TO_JAIL});
    fx_chance(b, "chance-6", (struct effect){.kind = EFFECT_JAIL_FREE});
    fx_chance(b, "chance-7", (struct effect){.kind = EFFECT_MOVE_BY, .steps = -3});
    fx_chance(b, "chance-8", (struct effect){.kind = EFFECT_MOVE_TO, .space = 21});
    fx_chance(b, "chance-9", (struct effect){.kind = EFFECT_MOVE_TO, .space = 39, .salary = true});
    fx_chance(b, "chance-10", (struct effect){.kind = EFFECT_MOVE_TO, .space = 5, .salary = true});
}

/* The ten Travel Journal cards: the two known ones first, then placeholders. */
static void fx_journal_cards(struct board *b)
{
    struct effect none = {.kind = EFFECT_NONE};
    struct effect red = {.kind = EFFECT_MOVE_TO_COLOUR, .ncolours = 1};
    snprintf(red.colours[0], BOARD_SLUG_MAX, "red");
    fx_journal(b, "journal-1", 3, PER_STAMP_COLLECT, 50, none);
    fx_journal(b, "journal-2", 2, PER_STAMP_COLLECT, 100, none);
    fx_journal(b, "journal-3", 4, PER_STAMP_COLLECT_FROM_EACH, 10, none);
    fx_journal(b, "journal-4", 3, PER_STAMP_PAY, 50, none);
    fx_journal(b, "journal-5", 2, PER_STAMP_COLLECT, 20,
               (struct effect){.kind = EFFECT_MOVE_TO, .space = 0, .salary = true});
    fx_journal(b, "journal-6", 3, PER_STAMP_COLLECT, 30, (struct effect){.kind = EFFECT_JAIL_FREE});
    fx_journal(b, "journal-7", 4, PER_STAMP_COLLECT_FROM_EACH, 20,
               (struct effect){.kind = EFFECT_PAY, .amount = 100});
    fx_journal(b, "journal-8", 2, PER_STAMP_PAY, 20, red);
    fx_journal(b, "journal-9", 5, PER_STAMP_NONE, 0,
               (struct effect){.kind = EFFECT_COLLECT, .amount = 50});
    fx_journal(b, "journal-10", 1, PER_STAMP_COLLECT, 200,
               (struct effect){.kind = EFFECT_GO_TO_JAIL});
}

void board_fixture_default(struct board *b)
{
    static const char *const tokens[] = {"scottie", "t-rex", "hazel", "rubber-ducky"};
    memset(b, 0, sizeof *b);
    b->start_cash = 1500;
    b->go_salary = 200;
    b->ntokens = 4;
    for (int i = 0; i < 4; i++)
        snprintf(b->tokens[i].id, sizeof b->tokens[i].id, "%s", tokens[i]);
    fx_layout(b);
    fx_chance_cards(b);
    fx_journal_cards(b);
}
