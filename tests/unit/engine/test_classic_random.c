/* test_classic_random.c -- randomized classic and Wonders games against the bank's
 * invariants, each with random house rules (RULES.md §3b) and random box money: money
 * conserved (the Bank the only source and sink), the building stock whole, replay and
 * undo, every listed option accepted and every unlisted event type refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "classic.h"
#include "classic_fixture.h"
#include "test_rng.h"

#define SEEDS 300
#define STEPS 500       /* candidate events per game, accepted or not */
#define REPLAY_EVERY 40 /* accepted events between replay and undo checks */

/* One randomized game and the totals over all games. */
struct game {
    struct rng r;
    struct classic_board b;
    struct classic_house_rules hr;
    int nseats;
    struct classic_seat seats[CLASSIC_MAX_PLAYERS];
    struct classic_state init, st, prev, scratch;
    struct classic_outcome out;
    struct classic_options opts;
    int nevents;
    struct classic_event events[STEPS];
    long long money0;   /* cash and pot at the start */
    long long bank_net; /* what the Bank paid out minus what it took in, from the effects */
    /* totals */
    int games, accepted, refused, finished, bankruptcies, debts, options_checked, unlisted_refused,
        replays;
    int by_type[CLASSIC_EV_COUNT];
};

static const char *const names[] = {"Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"};

/* Scale the money of the box by a random factor, as a box file may set it. */
static void random_money(struct game *g)
{
    struct classic_board *b = &g->b;
    b->start_cash = 500 + 10 * rng_int(&g->r, 151);
    b->go_salary = 50 * (1 + rng_int(&g->r, 8));
    b->jail_fine = 10 * (1 + rng_int(&g->r, 10));
    b->spaces[4].amount = 10 * rng_int(&g->r, 40);
    b->spaces[38].amount = 10 * rng_int(&g->r, 30);
    for (int k = 0; k < CLASSIC_DECKS; k++)
        for (int i = 0; i < b->ncards[k]; i++)
            if (b->cards[k][i].amount > 0)
                b->cards[k][i].amount = 5 * (1 + rng_int(&g->r, 60));
}

/* Random house rules, every switch and value. */
static struct classic_house_rules random_house(struct rng *r)
{
    struct classic_house_rules hr = classic_house_official();
    hr.free_parking =
        rng_chance(r, 50) ? CLASSIC_FREE_PARKING_JACKPOT : CLASSIC_FREE_PARKING_NOTHING;
    hr.auction = rng_chance(r, 70);
    hr.go_landing = rng_chance(r, 50) ? 200 : 400;
    hr.starting_cash = rng_chance(r, 50) ? 0 : 10 * (50 + rng_int(r, 451));
    hr.jail_double = rng_chance(r, 50) ? CLASSIC_JAIL_DOUBLE_MOVE : CLASSIC_JAIL_DOUBLE_ROLL_AGAIN;
    hr.rent = rng_chance(r, 50) ? CLASSIC_RENT_ASK : CLASSIC_RENT_AUTOMATIC;
    hr.variant = (enum classic_variant)rng_int(r, 3);
    return hr;
}

static void game_new(struct game *g, uint64_t seed)
{
    g->r.s = seed;
    if (rng_chance(&g->r, 30))
        classic_fixture_wonders(&g->b);
    else
        classic_fixture_default(&g->b);
    if (rng_chance(&g->r, 70))
        random_money(g);
    g->hr = random_house(&g->r);
    g->nseats = 2 + rng_int(&g->r, (g->b.wonders ? CLASSIC_WONDERS_MAX_PLAYERS : 8) - 1);
    for (int i = 0; i < g->nseats; i++) {
        g->seats[i].player = 101 + i;
        g->seats[i].name = names[i];
        g->seats[i].token = names[i];
    }
    assert_int_equal(classic_init(&g->b, &g->hr, g->seats, g->nseats, &g->init, &g->out), 0);
    g->st = g->init;
    g->nevents = 0;
    g->bank_net = 0;
    g->money0 = g->st.pot;
    for (int i = 0; i < g->nseats; i++)
        g->money0 += g->st.players[i].cash;
}

/* A standing seat, or -1. */
static int random_standing(struct game *g)
{
    int n = 0, seats[CLASSIC_MAX_PLAYERS];
    for (int i = 0; i < g->st.nplayers; i++)
        if (!g->st.players[i].bankrupt)
            seats[n++] = i;
    return n > 0 ? seats[rng_int(&g->r, n)] : -1;
}

/* A random side of a trade for giver: some of its deeds, some cash, maybe its cards. */
static void random_side(struct game *g, int giver, struct classic_trade_side *s)
{
    memset(s, 0, sizeof *s);
    for (int d = 0; d < g->b.ndeeds; d++)
        if (g->st.deeds[d].owner == giver && rng_chance(&g->r, 25))
            s->deeds[s->ndeeds++] = g->b.deeds[d].space;
    if (rng_chance(&g->r, 50))
        s->cash = rng_int(&g->r, g->st.players[giver].cash + 20);
    for (int k = 0; k < CLASSIC_DECKS; k++)
        s->jail_cards[k] = g->st.players[giver].jail_cards[k] > 0 && rng_chance(&g->r, 30);
}

/* A random trade, often legal. */
static struct classic_event random_trade(struct game *g)
{
    struct classic_event ev = classic_event_new(CLASSIC_EV_TRADE);
    ev.a = random_standing(g);
    ev.b = random_standing(g);
    if (g->st.has_debt && rng_chance(&g->r, 70))
        ev.a = g->st.debt.player;
    if (ev.a < 0 || ev.b < 0)
        return ev;
    random_side(g, ev.a, &ev.a_gives);
    random_side(g, ev.b, &ev.b_gives);
    for (int i = 0; i < ev.a_gives.ndeeds; i++)
        if (rng_chance(&g->r, 30))
            ev.lift[ev.nlift++] = ev.a_gives.deeds[i];
    return ev;
}

/* An event of type t with random fields: sometimes legal, mostly not. */
static struct classic_event random_event(struct game *g, enum classic_event_type t)
{
    struct classic_event ev = classic_event_new(t);
    struct rng *r = &g->r;
    ev.player = rng_int(r, g->nseats + 1) - 1;
    ev.d1 = rng_int(r, 8);
    ev.d2 = rng_int(r, 8);
    ev.card = rng_int(r, 18) - 1;
    ev.winner = rng_int(r, g->nseats + 1) - 1;
    ev.price = rng_int(r, 400) - 1;
    ev.space = rng_int(r, 41) - 1;
    ev.houses = rng_int(r, 6) - 1;
    ev.choice = rng_int(r, 3) - 1;
    ev.deck = rng_int(r, 3) - 1;
    ev.amount = 10 * (rng_int(r, 41) - 20);
    ev.nspaces = rng_int(r, 3);
    ev.spaces[0] = rng_int(r, 40);
    ev.spaces[1] = rng_int(r, 40);
    if (t == CLASSIC_EV_TRADE)
        return random_trade(g);
    return ev;
}

/* The event of option o with its free fields drawn at random (dice, card, bidder...). */
static struct classic_event option_random(struct game *g, const struct classic_option *o)
{
    struct classic_event ev = classic_option_event(o);
    struct rng *r = &g->r;
    switch (o->type) {
    case CLASSIC_EV_ROLL:
        ev.d1 = 1 + rng_int(r, 6);
        ev.d2 = rng_chance(r, 20) ? ev.d1 : 1 + rng_int(r, 6);
        break;
    case CLASSIC_EV_DRAW_CHANCE:
    case CLASSIC_EV_DRAW_COMMUNITY: ev.card = o->spaces[rng_int(r, o->nspaces)]; break;
    case CLASSIC_EV_TICK: ev.space = o->spaces[rng_int(r, o->nspaces)]; break;
    case CLASSIC_EV_AUCTION: {
        int w = random_standing(g);
        bool allowed =
            g->st.house.auction || g->st.turn.pending.kind == CLASSIC_PENDING_BANKRUPTCY_AUCTION;
        if (allowed && w >= 0 && g->st.players[w].cash > 0 && rng_chance(r, 80)) {
            ev.winner = w;
            ev.price = 1 + rng_int(r, g->st.players[w].cash);
        }
        break;
    }
    case CLASSIC_EV_DEAL: {
        int i = rng_int(r, o->nspaces), j = rng_int(r, o->nspaces);
        if (i != j && rng_chance(r, 50)) {
            ev.spaces[0] = o->spaces[i];
            ev.spaces[1] = o->spaces[j];
        }
        break;
    }
    case CLASSIC_EV_BANKRUPT: /* the creditor lifts some of the mortgaged deeds */
        for (int d = 0; d < g->b.ndeeds; d++)
            if (g->st.deeds[d].owner == o->player && g->st.deeds[d].mortgaged && rng_chance(r, 40))
                ev.lift[ev.nlift++] = g->b.deeds[d].space;
        break;
    default: break;
    }
    return ev;
}

/* Check what holds after every event: money, stock, deeds, players. */
static void check_invariants(struct game *g)
{
    const struct classic_state *st = &g->st;
    long long money = st->pot;
    int houses = st->bank_houses, hotels = st->bank_hotels;
    assert_true(st->pot >= 0);
    for (int i = 0; i < st->nplayers; i++) {
        assert_true(st->players[i].cash >= 0);
        money += st->players[i].cash;
        if (st->players[i].bankrupt)
            assert_int_equal(st->players[i].cash, 0);
    }
    assert_int_equal(money, g->money0 + g->bank_net); /* the Bank the only source and sink */
    for (int d = 0; d < g->b.ndeeds; d++) {
        const struct classic_deed_state *ds = &st->deeds[d];
        houses += ds->houses;
        hotels += ds->hotel;
        assert_true(ds->houses >= 0 && ds->houses <= 4 && (ds->hotel == 0 || ds->houses == 0));
        if (ds->owner < 0)
            assert_true(!ds->mortgaged && ds->houses == 0 && !ds->hotel);
        else
            assert_false(st->players[ds->owner].bankrupt);
        if (ds->mortgaged)
            assert_true(ds->houses == 0 && !ds->hotel);
    }
    assert_int_equal(houses, g->b.houses); /* CLASSIC-STOCK: 32 and 12 always */
    assert_int_equal(hotels, g->b.hotels);
}

/* Add the money of the accepted event's effects to the Bank's balance. */
static void count_money(struct game *g)
{
    for (int i = 0; i < g->out.neffects; i++) {
        const struct classic_effect *e = &g->out.effects[i];
        if (!classic_effect_moves_money(e))
            continue;
        assert_int_not_equal(e->payer, e->payee);
        if (e->payer == CLASSIC_BANK)
            g->bank_net += e->amount;
        if (e->payee == CLASSIC_BANK)
            g->bank_net -= e->amount;
    }
}

/* Replay the accepted events from the start: without the last one it is the state
 * before it (undo), with it the state now (replay). */
static void check_replay(struct game *g)
{
    struct classic_state s = g->init;
    for (int i = 0; i < g->nevents; i++) {
        if (i == g->nevents - 1)
            assert_memory_equal(&s, &g->prev, sizeof s);
        assert_int_equal(classic_apply(&g->b, &s, &g->events[i], &g->out), 0);
    }
    assert_memory_equal(&s, &g->st, sizeof s);
    g->replays++;
}

/* The per-lot events (build, sell, mortgage, lift, rent) on a space no option of their
 * type names are refused. */
static void check_unlisted_spaces(struct game *g)
{
    static const enum classic_event_type types[] = {CLASSIC_EV_BUILD, CLASSIC_EV_SELL_BUILDING,
                                                    CLASSIC_EV_MORTGAGE, CLASSIC_EV_UNMORTGAGE,
                                                    CLASSIC_EV_COLLECT_RENT};
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++) {
        int space = rng_int(&g->r, CLASSIC_SPACES);
        bool listed = false;
        for (int i = 0; i < g->opts.n; i++)
            listed = listed || (g->opts.list[i].type == types[k] && g->opts.list[i].space == space);
        if (listed)
            continue;
        struct classic_event ev = classic_event_new(types[k]);
        ev.space = space;
        g->scratch = g->st;
        if (classic_apply(&g->b, &g->scratch, &ev, &g->out) == 0)
            fail_msg("unlisted %s on %d accepted", classic_event_info(types[k])->name, space);
        g->unlisted_refused++;
    }
}

/* Every listed option is accepted; every offered type not listed is refused. */
static void check_options(struct game *g)
{
    bool listed[CLASSIC_EV_COUNT] = {false};
    classic_options(&g->b, &g->st, &g->opts);
    for (int i = 0; i < g->opts.n; i++) {
        const struct classic_option *o = &g->opts.list[i];
        struct classic_event ev = classic_option_event(o);
        listed[o->type] = true;
        g->scratch = g->st;
        if (classic_apply(&g->b, &g->scratch, &ev, &g->out) != 0)
            fail_msg("option %s refused: %s %s", classic_event_info(o->type)->name,
                     g->out.refusal.rule, g->out.refusal.detail);
        g->options_checked++;
    }
    for (int t = 0; t < CLASSIC_EV_COUNT; t++) {
        if (listed[t] || !classic_event_info((enum classic_event_type)t)->offered)
            continue;
        for (int k = 0; k < 2; k++) {
            struct classic_event ev = random_event(g, (enum classic_event_type)t);
            g->scratch = g->st;
            if (classic_apply(&g->b, &g->scratch, &ev, &g->out) == 0)
                fail_msg("unlisted %s accepted",
                         classic_event_info((enum classic_event_type)t)->name);
            g->unlisted_refused++;
        }
    }
    check_unlisted_spaces(g);
}

/* A listed option of type t, or NULL. */
static const struct classic_option *listed_of(const struct classic_options *o,
                                              enum classic_event_type t)
{
    for (int i = 0; i < o->n; i++)
        if (o->list[i].type == t)
            return &o->list[i];
    return NULL;
}

/* The option to take now, weighted so that games move on: a debt paid, a rent asked, a
 * deed bought, a building, the turn's own steps; now and then any option. */
static const struct classic_option *choose(struct game *g)
{
    static const struct {
        enum classic_event_type t;
        int percent;
    } prefs[] = {
        {CLASSIC_EV_PAY_DEBT, 90},
        {CLASSIC_EV_COLLECT_RENT, 85},
        {CLASSIC_EV_BUY, 60},
        {CLASSIC_EV_BUILD, 35},
        {CLASSIC_EV_DEAL, 90},
        {CLASSIC_EV_DRAW_CHANCE, 90},
        {CLASSIC_EV_DRAW_COMMUNITY, 90},
        {CLASSIC_EV_TICK, 90},
        {CLASSIC_EV_AUCTION, 80},
        {CLASSIC_EV_PAY_OR_CHANCE, 90},
        {CLASSIC_EV_JAIL_PAY, 30},
        {CLASSIC_EV_JAIL_CARD, 50},
        {CLASSIC_EV_ROLL, 75},
    };
    const struct classic_options *o = &g->opts;
    const struct classic_option *x;
    for (size_t i = 0; i < sizeof prefs / sizeof prefs[0]; i++)
        if ((x = listed_of(o, prefs[i].t)) != NULL && rng_chance(&g->r, prefs[i].percent))
            return x; /* the first of its type; option_random() draws the rest */
    return o->n > 0 ? &o->list[rng_int(&g->r, o->n)] : NULL;
}

/* Apply ev to the game: accepted, it is logged and checked; refused, nothing changed. */
static void step(struct game *g, const struct classic_event *ev)
{
    struct classic_state before = g->st;
    struct classic_event e = *ev;
    e.seq = g->nevents + 1;
    if (classic_apply(&g->b, &g->st, &e, &g->out) != 0) {
        assert_non_null(g->out.refusal.rule);
        assert_memory_equal(&before, &g->st, sizeof before);
        g->refused++;
        return;
    }
    g->prev = before;
    g->events[g->nevents++] = e;
    g->accepted++;
    g->by_type[e.type]++;
    g->debts += g->st.has_debt && !before.has_debt;
    count_money(g);
    check_invariants(g);
    if (g->nevents % REPLAY_EVERY == 0)
        check_replay(g);
}

/* One game of STEPS candidate events. */
static void play(struct game *g, uint64_t seed)
{
    game_new(g, seed);
    for (int i = 0; i < STEPS && !classic_game_over(&g->st); i++) {
        check_options(g);
        struct classic_event ev;
        if (rng_chance(&g->r, 12))
            ev = random_event(g, (enum classic_event_type)rng_int(&g->r, CLASSIC_EV_COUNT));
        else if (g->opts.n > 0)
            ev = option_random(g, choose(g));
        else
            ev = random_trade(g);
        if (ev.type == CLASSIC_EV_END && !rng_chance(&g->r, 5))
            ev.type = CLASSIC_EV_NOTE;
        if (ev.type == CLASSIC_EV_CORRECT)
            ev.type = CLASSIC_EV_NOTE;
        step(g, &ev);
    }
    if (g->nevents > 0)
        check_replay(g);
    g->games++;
    g->finished += classic_game_over(&g->st);
    for (int i = 0; i < g->st.nplayers; i++)
        g->bankruptcies += g->st.players[i].bankrupt;
}

/* >= 300 seeded games with random house rules and box money: every invariant holds
 * after every event (money, stock, replay, undo, options). */
static void test_classic_random_games_keep_every_invariant(void **state)
{
    (void)state;
    struct game *g = calloc(1, sizeof *g);
    assert_non_null(g);
    for (uint64_t seed = 1; seed <= SEEDS; seed++)
        play(g, seed * 7919);
    print_message("classic random: %d games, %d finished, %d bankruptcies, %d debts, %d accepted, "
                  "%d refused, %d options checked, %d unlisted refused, %d replays\n",
                  g->games, g->finished, g->bankruptcies, g->debts, g->accepted, g->refused,
                  g->options_checked, g->unlisted_refused, g->replays);
    for (int t = 0; t < CLASSIC_EV_COUNT; t++)
        print_message("  %s: %d\n", classic_event_info((enum classic_event_type)t)->name,
                      g->by_type[t]);
    assert_true(g->games >= 300);
    free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classic_random_games_keep_every_invariant),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
