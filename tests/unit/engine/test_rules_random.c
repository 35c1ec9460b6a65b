/* test_rules_random.c -- randomized games against the rules engine's invariants, each
 * game with random house rules (RULES.md 1b: every switch, every value), on a box with
 * random money (start cash, GO salary, taxes, what cards pay: issue 41), and the stamp
 * policy changing now and then mid-game (each event replays under the policy it was
 * applied with). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "board_fixture.h"
#include "rules.h"
#include "test_rng.h"

#define SEEDS 300
#define CANDIDATES 400 /* candidate events per game, accepted or not */
#define ID_POOL 6      /* player ids 101..106: some stamp holders are not seated */

/* One randomized game: how it was set up, its accepted events and the state after each. */
struct game {
    struct board b;
    enum stamp_owner policy;
    struct house_rules house;
    enum game_mode mode;
    int nseats;
    struct rules_seat seats[RULES_MAX_PLAYERS];
    struct journal_state journal[BOARD_MAX_CARDS];
    struct game_state init;
    struct game_state st;
    struct rules_outcome out;
    int nevents;
    struct rules_event events[CANDIDATES];
    enum stamp_owner policies[CANDIDATES]; /* the stamp policy each was applied under */
    uint64_t digests[CANDIDATES];          /* of each accepted event's effects */
    struct game_state snaps[CANDIDATES];   /* the state after each accepted event */
    int games, accepted, refused, finished, stamp_wins;
    int by_type[EVENT_COUNT];     /* accepted events by type, over all games */
    int turns;                    /* turns begun in this game, as the test counts them */
    int fee_turn[RULES_MAX_FEES]; /* the turn each fee due was owed in */
    int most_fees, lapses, options_checked, unlisted_refused;
    int pots_taken, house_seen[HOUSE_NSWITCHES][2]; /* games by switch: official, not */
    struct rules_options opts;
    struct game_state scratch;
    struct rules_outcome scratch_out;
    struct game_state before; /* walk(): the state a candidate event was applied to */
    int walk_refused;         /* walk(): candidate events refused */
    int multi_options;        /* states whose options tried two or more events */
    int options_refused;      /* options listed as refused, checked */
};

/* FNV-1a over the effects of out, so a replay can be checked to list the same ones. */
static uint64_t effects_digest(const struct rules_outcome *out)
{
    const unsigned char *p = (const unsigned char *)out->effects;
    size_t n = (size_t)out->neffects * sizeof out->effects[0];
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211ULL;
    return h ^ (uint64_t)out->neffects;
}

/* ---- setting up a game ------------------------------------------------------------------ */

/* Random house rules: each switch official half the time, else another of its values. */
static void random_house(struct rng *r, struct house_rules *hr)
{
    *hr = rules_house_official();
    if (rng_chance(r, 50))
        hr->goal_jump = GOAL_JUMP_ANY_TURN;
    if (rng_chance(r, 50))
        hr->travel_pays_go = 0;
    if (rng_chance(r, 50))
        hr->go_landing = RULES_GO_LANDING_DOUBLE;
    if (rng_chance(r, 50))
        hr->free_parking = FREE_PARKING_JACKPOT;
    if (rng_chance(r, 50))
        hr->auction = 0;
    if (rng_chance(r, 50))
        hr->fees = FEES_AUTOMATIC;
    if (rng_chance(r, 50))
        hr->stamps_to_win = RULES_STAMPS_MIN + rng_int(r, RULES_STAMPS_MAX - RULES_STAMPS_MIN + 1);
    if (rng_chance(r, 50))
        hr->starting_cash =
            RULES_START_CASH_MIN +
            RULES_MONEY_UNIT *
                rng_int(r, (RULES_START_CASH_MAX - RULES_START_CASH_MIN) / RULES_MONEY_UNIT + 1);
    assert_int_equal(rules_house_invalid(hr), -1);
}

/* Seats 2..4 with distinct ids from the pool and distinct tokens; random old stamps. */
/* A random amount of money: 10 to max, in tens. */
static int rng_money(struct rng *r, int max)
{
    return RULES_MONEY_UNIT * (1 + rng_int(r, max / RULES_MONEY_UNIT));
}

/* The box's money at random (issue 41: a box file's money is the game's): its start
 * cash, GO salary, taxes and what its cards pay, on a fresh copy of the default board. */
static void random_money(struct rng *r, struct board *b)
{
    board_fixture_default(b);
    b->start_cash =
        RULES_START_CASH_MIN +
        RULES_MONEY_UNIT *
            rng_int(r, (RULES_START_CASH_MAX - RULES_START_CASH_MIN) / RULES_MONEY_UNIT + 1);
    b->go_salary = rng_chance(r, 10) ? 0 : rng_money(r, 500);
    for (int i = 0; i < BOARD_SPACES; i++)
        if (b->spaces[i].kind == SPACE_TAX)
            b->spaces[i].amount = rng_money(r, 400);
    for (int c = 0; c < b->nchance; c++)
        if (b->chance[c].effect.amount > 0)
            b->chance[c].effect.amount = rng_money(r, 300);
    for (int c = 0; c < b->njournal; c++)
        if (b->journal[c].per_stamp_amount > 0)
            b->journal[c].per_stamp_amount = rng_money(r, 200);
}

static void game_setup(struct game *g, struct rng *r)
{
    int ids[ID_POOL], tokens[4] = {0, 1, 2, 3};
    for (int i = 0; i < ID_POOL; i++)
        ids[i] = 101 + i;
    for (int i = ID_POOL - 1; i > 0; i--) {
        int j = rng_int(r, i + 1), t = ids[i];
        ids[i] = ids[j];
        ids[j] = t;
    }
    for (int i = 3; i > 0; i--) {
        int j = rng_int(r, i + 1), t = tokens[i];
        tokens[i] = tokens[j];
        tokens[j] = t;
    }
    g->nseats = 2 + rng_int(r, 3);
    g->mode = rng_chance(r, 80) ? MODE_BANKER : MODE_JOURNAL;
    g->policy = rng_chance(r, 50) ? STAMP_OWNER_TOKEN : STAMP_OWNER_PLAYER;
    random_money(r, &g->b);
    random_house(r, &g->house);
    if (rng_chance(r, 50))
        g->house.starting_cash = g->b.start_cash; /* the box's, as a new campaign takes it */
    for (int sw = 0; sw < HOUSE_NSWITCHES; sw++)
        g->house_seen[sw][rules_house_differs(&g->house, (enum house_switch)sw)]++;
    for (int i = 0; i < g->nseats; i++) {
        g->seats[i].player = ids[i];
        g->seats[i].name = "Player";
        g->seats[i].token = tokens[i];
    }
    memset(g->journal, 0, sizeof g->journal);
    for (int c = 0; c < g->b.njournal; c++) {
        struct journal_state *js = &g->journal[c];
        js->nstamps = rng_int(r, g->b.journal[c].slots + 1);
        for (int k = 0; k < js->nstamps; k++) {
            js->stamps[k].token = rng_int(r, 4);
            js->stamps[k].player = 101 + rng_int(r, ID_POOL);
            js->stamps[k].game = 1 + rng_int(r, 5);
            js->stamps[k].seq = 1 + rng_int(r, 500);
        }
    }
    assert_int_equal(rules_init_house(&g->b, g->mode, 42, &g->house, g->seats, g->nseats,
                                      g->journal, &g->init, &g->out),
                     0);
    memcpy(&g->st, &g->init, sizeof g->st);
    g->nevents = 0;
    g->turns = 0;
}

/* ---- candidate events ------------------------------------------------------------------- */

static struct rules_event ev_new(enum event_type t)
{
    return rules_event_new(t);
}

/* A seat, now and then one that is not seated. */
static int any_seat(struct rng *r, const struct game *g)
{
    if (rng_chance(r, 95))
        return rng_int(r, g->nseats);
    return rng_chance(r, 50) ? -1 : g->nseats;
}

/* A destination index, now and then a bad one. */
static int any_dest(struct rng *r, const struct game *g)
{
    return rng_chance(r, 97) ? rng_int(r, g->b.ndests) : g->b.ndests;
}

/* A destination the next player could jump to, or any. */
static int jump_dest(struct rng *r, const struct game *g)
{
    int seat = rules_next_seat(&g->st);
    for (int d = 0; d < g->b.ndests; d++)
        if (g->st.dests[d].owner == seat && rules_is_goal(&g->b, &g->st, seat, d) &&
            g->st.dests[d].stamped_by < 0 && rng_chance(r, 80))
            return d;
    return any_dest(r, g);
}

/* A destination a few spaces ahead of the current player (a local flight target). */
static int near_dest(struct rng *r, const struct game *g)
{
    int pos = g->st.players[g->st.turn.seat].position;
    for (int i = 1 + rng_int(r, 6); i < BOARD_SPACES; i++) {
        int d = g->b.spaces[(pos + i) % BOARD_SPACES].dest;
        if (d >= 0)
            return d;
    }
    return any_dest(r, g);
}

static struct rules_event gen_roll(struct rng *r, const struct game *g)
{
    struct rules_event ev = ev_new(EVENT_ROLL);
    ev.d1 = 1 + rng_int(r, 6);
    ev.d2 = rng_chance(r, 20) ? ev.d1 : 1 + rng_int(r, 6);
    if (rng_chance(r, 2))
        ev.d2 = 7;
    if (rng_chance(r, 40))
        ev.player = rng_chance(r, 85) ? rules_next_seat(&g->st) : any_seat(r, g);
    return ev;
}

static struct rules_event gen_auction(struct rng *r, const struct game *g)
{
    struct rules_event ev = ev_new(EVENT_AUCTION);
    if (rng_chance(r, 20))
        return ev;
    ev.winner = any_seat(r, g);
    int cash = ev.winner >= 0 && ev.winner < g->nseats ? g->st.players[ev.winner].cash : 100;
    ev.price = 10 * rng_int(r, cash / 10 + 3);
    if (rng_chance(r, 5))
        ev.price += 5;
    return ev;
}

/* One side of a random trade: some owned destinations, some cash, maybe a Jail card. */
static void gen_side(struct rng *r, const struct game *g, int seat, struct trade_side *s)
{
    if (seat < 0 || seat >= g->nseats)
        return;
    const struct player_state *p = &g->st.players[seat];
    s->cash = rng_chance(r, 50) ? 10 * rng_int(r, p->cash / 10 + 2) : 0;
    s->jail_cards = rng_chance(r, 20) ? rng_int(r, p->jail_cards + 2) : 0;
    for (int d = 0; d < g->b.ndests && s->ndests < BOARD_MAX_DESTS; d++)
        if ((g->st.dests[d].owner == seat && rng_chance(r, 30)) || rng_chance(r, 1))
            s->dests[s->ndests++] = d;
}

static struct rules_event gen_trade(struct rng *r, const struct game *g)
{
    struct rules_event ev = ev_new(EVENT_TRADE);
    ev.a = any_seat(r, g);
    ev.b = rng_chance(r, 95) ? (ev.a + 1 + rng_int(r, g->nseats - 1)) % g->nseats : ev.a;
    gen_side(r, g, ev.a, &ev.a_gives);
    gen_side(r, g, ev.b, &ev.b_gives);
    return ev;
}

/* The answer to a pending decision, or -1 type when none (or now and then anyway). */
static bool gen_pending(struct rng *r, const struct game *g, struct rules_event *ev)
{
    const struct pending *p = &g->st.pending;
    if (rng_chance(r, 10))
        return false;
    switch (p->kind) {
    case PENDING_BUY_OR_AUCTION:
        *ev = rng_chance(r, 55) ? ev_new(EVENT_BUY) : gen_auction(r, g);
        return true;
    case PENDING_DRAW:
        *ev = ev_new(p->deck == DECK_CHANCE ? EVENT_DRAW_CHANCE : EVENT_DRAW_JOURNAL);
        if (rng_chance(r, 5))
            ev->type = p->deck == DECK_CHANCE ? EVENT_DRAW_JOURNAL : EVENT_DRAW_CHANCE;
        ev->card = rng_int(r, p->deck == DECK_CHANCE ? g->b.nchance : g->b.njournal);
        if (rng_chance(r, 3))
            ev->card = -1;
        return true;
    case PENDING_CHOOSE:
        *ev = ev_new(EVENT_CHOOSE);
        ev->dest = rng_chance(r, 85) ? p->options[rng_int(r, p->noptions)] : any_dest(r, g);
        return true;
    case PENDING_NONE: break;
    }
    if (g->st.nfees == 0 || !rng_chance(r, 40))
        return false;
    *ev = ev_new(EVENT_COLLECT_FEE); /* the latest, a named one, or now and then any */
    if (rng_chance(r, 60))
        ev->dest = rng_chance(r, 90) ? g->st.fees[rng_int(r, g->st.nfees)].dest : any_dest(r, g);
    return true;
}

/* Any event of banker mode, weighted towards moving the game on. */
static struct rules_event gen_banker(struct rng *r, const struct game *g)
{
    struct rules_event ev;
    if (gen_pending(r, g, &ev))
        return ev;
    int k = rng_int(r, 1000);
    if (k < 500)
        return gen_roll(r, g);
    if (k < 560) {
        ev = ev_new(EVENT_FLY);
        ev.dest = rng_chance(r, 50) ? near_dest(r, g) : any_dest(r, g);
    } else if (k < 600) {
        ev = ev_new(EVENT_USE_TICKET);
        ev.dest = any_dest(r, g);
    } else if (k < 660) {
        ev = ev_new(EVENT_GOAL_JUMP);
        ev.dest = jump_dest(r, g);
    } else if (k < 720) {
        ev = ev_new(EVENT_JAIL_PAY);
    } else if (k < 760) {
        ev = ev_new(EVENT_JAIL_CARD);
    } else if (k < 830) {
        ev = gen_trade(r, g);
    } else if (k < 870) {
        ev = ev_new(EVENT_ADJUST);
        ev.player = any_seat(r, g);
        ev.amount = 10 * (rng_int(r, 61) - 30);
    } else if (k < 900) {
        ev = ev_new(EVENT_COLLECT_FEE);
    } else if (k < 930) {
        ev = rng_chance(r, 50) ? ev_new(EVENT_BUY) : gen_auction(r, g);
    } else if (k < 960) {
        ev = ev_new(rng_chance(r, 50) ? EVENT_DRAW_CHANCE : EVENT_DRAW_JOURNAL);
        ev.card = rng_int(r, 10);
    } else if (k < 975) {
        ev = ev_new(EVENT_CHOOSE);
        ev.dest = any_dest(r, g);
    } else if (k < 990) {
        ev = ev_new(EVENT_NOTE);
    } else if (k < 999 || rng_chance(r, 50)) {
        ev = ev_new(EVENT_STAMP_GOAL);
        ev.player = any_seat(r, g);
        ev.dest = any_dest(r, g);
    } else {
        ev = ev_new(EVENT_END);
        ev.winner = rng_chance(r, 50) ? any_seat(r, g) : -1;
    }
    return ev;
}

/* Any event of journal mode, with some of banker mode that must be refused. */
static struct rules_event gen_journal(struct rng *r, const struct game *g)
{
    struct rules_event ev;
    int k = rng_int(r, 1000);
    if (k < 550) {
        ev = ev_new(EVENT_DRAW_JOURNAL);
        ev.card = rng_chance(r, 97) ? rng_int(r, g->b.njournal) : g->b.njournal;
        ev.player = rng_chance(r, 95) ? any_seat(r, g) : -1;
    } else if (k < 600) {
        ev = ev_new(EVENT_STAMP_GOAL);
        ev.player = any_seat(r, g);
        ev.dest = any_dest(r, g);
    } else if (k < 650) {
        ev = ev_new(EVENT_NOTE);
    } else if (k < 651) {
        ev = ev_new(EVENT_END);
        ev.winner = rng_chance(r, 50) ? any_seat(r, g) : -1;
    } else {
        ev = gen_banker(r, g);
    }
    return ev;
}

/* ---- invariants ------------------------------------------------------------------------- */

/* Money: every cash change is an OUT_PAY, OUT_SALARY or OUT_POT, the pot changes only by
 * them, and the sum of cash and the pot changes only by the Bank's flows. */
static void check_money(struct game *g, const struct game_state *before)
{
    const struct game_state *st = &g->st;
    long long delta[RULES_MAX_PLAYERS] = {0}, bank_out = 0, pot = before->pot;
    long long sum_before = before->pot, sum_after = st->pot;
    for (int i = 0; i < g->out.neffects; i++) {
        const struct rules_effect *e = &g->out.effects[i];
        if (e->kind == OUT_PAY) {
            assert_true(e->amount > 0);
            assert_non_null(e->reason);
            assert_true(e->from != e->to);
            assert_true(e->from >= -1 && e->from < st->nplayers);
            assert_true(e->to >= RULES_POT && e->to < st->nplayers);
            if (e->to == RULES_POT) /* only under the jackpot, and only from a player */
                assert_true(st->house.free_parking == FREE_PARKING_JACKPOT && e->from >= 0);
            if (e->from >= 0)
                delta[e->from] -= e->amount;
            else
                bank_out += e->amount;
            if (e->to >= 0)
                delta[e->to] += e->amount;
            else if (e->to == RULES_POT)
                pot += e->amount;
            else
                bank_out -= e->amount;
        } else if (e->kind == OUT_SALARY) {
            assert_true(e->amount > 0);
            delta[e->player] += e->amount;
            bank_out += e->amount;
        } else if (e->kind == OUT_POT) {
            assert_true(e->amount > 0);
            delta[e->player] += e->amount;
            pot -= e->amount;
            g->pots_taken++;
        }
    }
    assert_true(st->pot == pot && st->pot >= 0);
    for (int i = 0; i < st->nplayers; i++) {
        assert_true(st->players[i].cash >= 0);
        assert_true(st->players[i].cash == before->players[i].cash + delta[i]);
        sum_before += before->players[i].cash;
        sum_after += st->players[i].cash;
        if (st->mode == MODE_JOURNAL)
            assert_int_equal(st->players[i].cash, 0);
    }
    assert_true(sum_after == sum_before + bank_out);
}

/* Board stamps and owners: in range, counted right, never taken back in a game. */
static void check_board(const struct game *g, const struct game_state *before)
{
    const struct game_state *st = &g->st;
    int counted[RULES_MAX_PLAYERS] = {0};
    for (int d = 0; d < BOARD_MAX_DESTS; d++) {
        const struct dest_state *ds = &st->dests[d];
        if (d >= g->b.ndests) {
            assert_int_equal(ds->owner, -1);
            assert_int_equal(ds->stamped_by, -1);
            continue;
        }
        assert_true(ds->owner >= -1 && ds->owner < st->nplayers);
        assert_true(ds->stamped_by >= -1 && ds->stamped_by < st->nplayers);
        if (before->dests[d].stamped_by >= 0)
            assert_int_equal(ds->stamped_by, before->dests[d].stamped_by);
        if (ds->stamped_by >= 0)
            counted[ds->stamped_by]++;
    }
    for (int i = 0; i < st->nplayers; i++) {
        if (counted[i] >= st->house.stamps_to_win)
            assert_int_not_equal(st->status, STATUS_ACTIVE);
    }
    assert_true(st->ticket_holder >= -1 && st->ticket_holder < st->nplayers);
    assert_true(!st->ticket_used || st->ticket_holder >= 0);
}

/* Journal stamps are permanent: old ones unchanged, new ones only in open circles. */
static void check_journal(const struct game *g, const struct game_state *before)
{
    for (int c = 0; c < g->b.njournal; c++) {
        const struct journal_state *a = &before->journal[c], *z = &g->st.journal[c];
        assert_true(z->nstamps >= a->nstamps);
        assert_true(z->nstamps <= a->nstamps + 1);
        assert_true(z->nstamps <= g->b.journal[c].slots || z->nstamps == a->nstamps);
        assert_memory_equal(a->stamps, z->stamps, sizeof a->stamps[0] * (size_t)a->nstamps);
        if (z->nstamps > a->nstamps)
            assert_true(z->stamps[a->nstamps].seq == g->st.seq);
    }
}

/* Positions, Jail, the turn and the pending decision make sense. */
static void check_turn(const struct game *g)
{
    const struct game_state *st = &g->st;
    for (int i = 0; i < st->nplayers; i++) {
        const struct player_state *p = &st->players[i];
        assert_true(p->position >= 0 && p->position < BOARD_SPACES);
        assert_true(!p->in_jail || p->position == RULES_JAIL_SPACE);
        assert_true(p->jail_attempts >= 0 && p->jail_attempts < 3);
        assert_true(p->jail_cards >= 0);
    }
    assert_true(st->turn.seat >= 0 && st->turn.seat < st->nplayers);
    assert_true(st->turn.doubles >= 0 && st->turn.doubles <= 2);
    assert_true(st->nfees >= 0 && st->nfees <= RULES_MAX_FEES);
    for (int i = 0; i < st->nfees; i++)
        assert_true(st->fees[i].owner != st->fees[i].payer && st->fees[i].amount > 0);
    const struct pending *p = &st->pending;
    if (p->kind == PENDING_NONE)
        return;
    assert_int_equal(st->status, STATUS_ACTIVE);
    assert_true(p->seat >= 0 && p->seat < st->nplayers);
    if (p->kind == PENDING_BUY_OR_AUCTION)
        assert_int_equal(st->dests[p->dest].owner, -1);
    if (p->kind == PENDING_CHOOSE)
        assert_true(p->noptions > 0);
}

static void check_refusal(const struct game *g, const struct game_state *before,
                          const struct rules_event *ev)
{
    assert_memory_equal(before, &g->st, sizeof *before);
    assert_int_equal(g->out.neffects, 0);
    assert_non_null(g->out.refusal.rule);
    assert_true(g->out.refusal.detail[0] != '\0');
    bool over = before->status != STATUS_ACTIVE && ev->type != EVENT_NOTE;
    assert_int_equal(g->out.refusal.kind, over ? RULES_CONFLICT : RULES_REFUSED);
}

/* True when two fees are the same debt. */
static bool fee_equal(const struct fee_due *a, const struct fee_due *b)
{
    return a->dest == b->dest && a->owner == b->owner && a->payer == b->payer &&
           a->amount == b->amount;
}

/* Fees lapse exactly at the next player's roll (TWT-FEE): the test keeps the turn each
 * fee was owed in and checks that an accepted event removes only the fee asked
 * (collect_fee: the latest on its destination, the latest of all by default) or, at a
 * roll, exactly the fees of earlier turns; new fees are owed by the player whose turn
 * it is, to the destination's owner. */
static void check_fees(struct game *g, const struct game_state *before,
                       const struct rules_event *ev)
{
    const struct game_state *st = &g->st;
    struct fee_due keep[RULES_MAX_FEES];
    int keep_turn[RULES_MAX_FEES], nkeep = 0, nlapsed = 0, asked = -1;
    int turn = g->turns + (st->turn.seat != before->turn.seat);
    if (st->status != STATUS_ACTIVE) { /* the game is over: no fee can be asked */
        assert_int_equal(st->nfees, 0);
        return;
    }
    if (ev->type == EVENT_COLLECT_FEE)
        for (int i = before->nfees - 1; i >= 0 && asked < 0; i--)
            if (ev->dest < 0 || before->fees[i].dest == ev->dest)
                asked = i;
    for (int i = 0; i < before->nfees; i++) {
        if (i == asked)
            continue;
        if (ev->type == EVENT_ROLL && g->fee_turn[i] < turn) {
            if (nlapsed >= st->nlapsed || !fee_equal(&st->lapsed[nlapsed], &before->fees[i]))
                fail_msg("fee %d of turn %d did not lapse at a roll in turn %d (seq %lld) "
                         "seat %d->%d earlier %d rolled %d nfees %d->%d",
                         i, g->fee_turn[i], turn, (long long)st->seq, before->turn.seat,
                         st->turn.seat, before->fees[i].earlier, before->turn.rolled, before->nfees,
                         st->nfees);
            nlapsed++;
            g->lapses++;
            continue;
        }
        keep_turn[nkeep] = g->fee_turn[i];
        keep[nkeep++] = before->fees[i];
    }
    if (ev->type == EVENT_ROLL)
        assert_int_equal(st->nlapsed, nlapsed);
    if (st->status != STATUS_ACTIVE) {
        assert_int_equal(st->nfees, 0);
    } else {
        assert_true(st->nfees >= nkeep && st->nfees < RULES_MAX_FEES);
        for (int i = 0; i < st->nfees; i++) {
            if (i < nkeep) {
                assert_true(fee_equal(&st->fees[i], &keep[i]));
                g->fee_turn[i] = keep_turn[i];
                continue;
            }
            assert_int_equal(st->fees[i].payer, st->turn.seat);
            assert_int_equal(st->fees[i].owner, st->dests[st->fees[i].dest].owner);
            g->fee_turn[i] = turn;
        }
    }
    g->turns = turn;
    if (st->nfees > g->most_fees)
        g->most_fees = st->nfees;
}

/* ---- options: every listed event is accepted, every unlisted type refused ---------------- */

/* True when ev is accepted on a copy of the state. */
static bool accepted_on_copy(struct game *g, struct rules_event ev)
{
    memcpy(&g->scratch, &g->st, sizeof g->scratch);
    ev.seq = g->st.seq + 1;
    return rules_apply(&g->b, g->policy, &g->scratch, &ev, &g->scratch_out) == 0;
}

/* Every option of g->opts, with each of its destinations or cards, is accepted. */
static void check_options_accepted(struct game *g)
{
    for (int i = 0; i < g->opts.n; i++) {
        const struct rules_option *o = &g->opts.list[i];
        int n = o->ndests > 0 ? o->ndests : 1;
        for (int k = 0; k < n; k++) {
            struct rules_event ev = rules_option_event(o, k, 3, 4);
            if (!accepted_on_copy(g, ev))
                fail_msg("listed %s refused: %s", rules_event_name(o->type),
                         g->scratch_out.refusal.detail);
            g->options_checked++;
        }
        assert_true(o->type != EVENT_TRADE && o->type != EVENT_ADJUST && o->type != EVENT_NOTE &&
                    o->type != EVENT_END);
    }
}

/* True when the options of the state list an event of type t (or t is always possible). */
static bool listed(const struct game *g, enum event_type t)
{
    if (t == EVENT_TRADE || t == EVENT_ADJUST || t == EVENT_NOTE || t == EVENT_END)
        return true;
    for (int i = 0; i < g->opts.n; i++)
        if (g->opts.list[i].type == t)
            return true;
    return false;
}

/* ---- replay ------------------------------------------------------------------------------- */

/* Replaying the accepted events from rules_init gives byte-identical states and the same
 * effects after every event; so undoing the last event (replaying all but it) gives the
 * state before it. */
static void check_replay(struct game *g)
{
    struct game_state st;
    assert_int_equal(rules_init_house(&g->b, g->mode, 42, &g->house, g->seats, g->nseats,
                                      g->journal, &st, &g->out),
                     0);
    assert_memory_equal(&st, &g->init, sizeof st);
    for (int i = 0; i < g->nevents; i++) {
        assert_int_equal(rules_apply(&g->b, g->policies[i], &st, &g->events[i], &g->out), 0);
        assert_memory_equal(&st, &g->snaps[i], sizeof st);
        assert_true(effects_digest(&g->out) == g->digests[i]);
    }
    if (g->nevents < 1)
        return;
    /* undo: all but the last event, from scratch */
    assert_int_equal(rules_init_house(&g->b, g->mode, 42, &g->house, g->seats, g->nseats,
                                      g->journal, &st, &g->out),
                     0);
    for (int i = 0; i + 1 < g->nevents; i++)
        assert_int_equal(rules_apply(&g->b, g->policies[i], &st, &g->events[i], &g->out), 0);
    const struct game_state *prev = g->nevents >= 2 ? &g->snaps[g->nevents - 2] : &g->init;
    assert_memory_equal(&st, prev, sizeof st);
}

/* Close a game: check its replay and count how it went. */
static void game_close(struct game *g)
{
    g->games++;
    g->finished += g->st.status != STATUS_ACTIVE;
    for (int i = 0; i < g->st.nplayers; i++)
        g->stamp_wins += rules_board_stamps(&g->b, &g->st, i) >= g->st.house.stamps_to_win;
    check_replay(g);
}

/* Play CANDIDATES random events from one seed, checking every answer; a game that is
 * over takes a few more (refused) events, then a new game starts. */
static void play(struct game *g, uint64_t seed)
{
    struct rng r = {seed * 7919 + 1};
    struct game_state before;
    game_setup(g, &r);
    for (int n = 0; n < CANDIDATES; n++) {
        if (g->st.status != STATUS_ACTIVE && rng_chance(&r, 20)) {
            game_close(g);
            game_setup(g, &r);
        }
        struct rules_event ev = g->mode == MODE_BANKER ? gen_banker(&r, g) : gen_journal(&r, g);
        ev.seq = g->st.seq + 1;
        if (rng_chance(&r, 2)) /* the campaign's stamp policy changes mid-game */
            g->policy = g->policy == STAMP_OWNER_TOKEN ? STAMP_OWNER_PLAYER : STAMP_OWNER_TOKEN;
        memcpy(&before, &g->st, sizeof before);
        bool banker = g->mode == MODE_BANKER && g->st.status == STATUS_ACTIVE;
        if (banker) {
            rules_options(&g->b, &g->st, &g->opts);
            if (n % 3 == 0)
                check_options_accepted(g);
        }
        bool unlisted = banker && !listed(g, ev.type);
        if (rules_apply(&g->b, g->policy, &g->st, &ev, &g->out) != 0) {
            check_refusal(g, &before, &ev);
            g->refused++;
            g->unlisted_refused += unlisted;
            continue;
        }
        if (unlisted)
            fail_msg("%s accepted but not listed in the options", rules_event_name(ev.type));
        assert_true(g->st.seq == ev.seq);
        assert_true(g->out.neffects >= 0 && g->out.neffects <= RULES_MAX_EFFECTS);
        check_money(g, &before);
        check_board(g, &before);
        check_journal(g, &before);
        check_turn(g);
        check_fees(g, &before, &ev);
        g->events[g->nevents] = ev;
        g->policies[g->nevents] = g->policy;
        g->digests[g->nevents] = effects_digest(&g->out);
        memcpy(&g->snaps[g->nevents], &g->st, sizeof g->st);
        g->nevents++;
        g->accepted++;
        g->by_type[ev.type]++;
    }
    game_close(g);
}

/* ---- the copies the engine saves: in place, and the options' scratch ---------------------- */

/* Walk the random games of seeds 1..SEEDS on the default board as play() does, without
 * its checks: each candidate event is applied to g->st with rules_apply() (g->before
 * keeps the state it was applied to), then handed to check() with rules_apply()'s
 * answer. Returns the game walked, for the caller to free. */
static struct game *walk(void (*check)(struct game *g, const struct rules_event *ev, int rc))
{
    struct game *g = calloc(1, sizeof *g);
    assert_non_null(g);
    board_fixture_default(&g->b);
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        struct rng r = {seed * 7919 + 1};
        game_setup(g, &r);
        for (int n = 0; n < CANDIDATES; n++) {
            if (g->st.status != STATUS_ACTIVE && rng_chance(&r, 20))
                game_setup(g, &r);
            struct rules_event ev = g->mode == MODE_BANKER ? gen_banker(&r, g) : gen_journal(&r, g);
            ev.seq = g->st.seq + 1;
            memcpy(&g->before, &g->st, sizeof g->before);
            int rc = rules_apply(&g->b, g->policy, &g->st, &ev, &g->out);
            g->walk_refused += rc != 0;
            check(g, &ev, rc);
        }
    }
    return g;
}

/* ev applied in place to g->scratch (rc_scratch) answered as rules_apply() did on the
 * whole state (rc): the same verdict, effects and refusal. */
static void assert_answers_as_rules_apply(const struct game *g, int rc_scratch, int rc)
{
    assert_int_equal(rc_scratch, rc);
    assert_int_equal(g->scratch_out.neffects, g->out.neffects);
    assert_memory_equal(g->scratch_out.effects, g->out.effects,
                        sizeof g->out.effects[0] * (size_t)g->out.neffects);
    assert_int_equal(g->scratch_out.refusal.kind, g->out.refusal.kind);
    assert_ptr_equal(g->scratch_out.refusal.rule, g->out.refusal.rule);
    assert_string_equal(g->scratch_out.refusal.detail, g->out.refusal.detail);
}

/* rules_apply_in_place() on a copy of the state before ev answers as rules_apply() did:
 * the same verdict, refusal and effects, and when accepted the same state byte for byte. */
static void check_in_place(struct game *g, const struct rules_event *ev, int rc)
{
    memcpy(&g->scratch, &g->before, sizeof g->scratch);
    assert_answers_as_rules_apply(
        g, rules_apply_in_place(&g->b, g->policy, &g->scratch, ev, &g->scratch_out), rc);
    if (rc == 0)
        assert_memory_equal(&g->scratch, &g->st, sizeof g->st);
}

static void test_apply_in_place_answers_as_rules_apply(void **state)
{
    (void)state;
    struct game *g = walk(check_in_place);
    assert_true(g->walk_refused > 0); /* refusals were compared too */
    free(g);
}

/* Two states of board b equal as far as the engine reads them: byte for byte but for the
 * journal rows past the board's cards. */
static void assert_states_equal_as_read(const struct board *b, const struct game_state *x,
                                        const struct game_state *y)
{
    const size_t head = offsetof(struct game_state, journal);
    const size_t tail = head + sizeof x->journal;
    assert_memory_equal(x, y, head);
    assert_memory_equal(x->journal, y->journal, sizeof x->journal[0] * (size_t)b->njournal);
    assert_memory_equal((const char *)x + tail, (const char *)y + tail, sizeof *x - tail);
}

/* An event applied to a rules_state_copy() of the state before it, whose journal rows
 * past the board hold marks (what a malloc'd state may hold there), answers as
 * rules_apply() did on the whole state: the same verdict, refusal and effects, and when
 * accepted the same state as far as the engine reads it; the marks are still there. */
static void check_state_copy(struct game *g, const struct rules_event *ev, int rc)
{
    const size_t past = sizeof g->before.journal[0] * (size_t)(BOARD_MAX_CARDS - g->b.njournal);
    unsigned char marks[sizeof g->before.journal];
    memset(&g->scratch, 0x5a, sizeof g->scratch);
    memcpy(marks, &g->scratch.journal[g->b.njournal], past);
    rules_state_copy(&g->b, &g->scratch, &g->before);
    assert_states_equal_as_read(&g->b, &g->scratch, &g->before);
    assert_answers_as_rules_apply(
        g, rules_apply_in_place(&g->b, g->policy, &g->scratch, ev, &g->scratch_out), rc);
    if (rc == 0)
        assert_states_equal_as_read(&g->b, &g->scratch, &g->st);
    assert_memory_equal(&g->scratch.journal[g->b.njournal], marks, past);
}

static void test_state_copy_plays_as_the_whole_state(void **state)
{
    (void)state;
    struct game *g = walk(check_state_copy);
    assert_true(g->walk_refused > 0);
    assert_true(g->b.njournal > 0 && g->b.njournal < BOARD_MAX_CARDS); /* rows were left out */
    free(g);
}

/* No event writes the journal rows past the board's cards (b.njournal and on), accepted
 * or refused: what lets rules_options() leave them out of its copies. */
static void check_rows_past_board(struct game *g, const struct rules_event *ev, int rc)
{
    const size_t past = sizeof g->before.journal[0] * (size_t)(BOARD_MAX_CARDS - g->b.njournal);
    unsigned char marks[sizeof g->before.journal];
    (void)rc;
    memcpy(&g->scratch, &g->before, sizeof g->scratch);
    memset(&g->scratch.journal[g->b.njournal], 0xa5, past);
    memcpy(marks, &g->scratch.journal[g->b.njournal], past);
    rules_apply_in_place(&g->b, g->policy, &g->scratch, ev, &g->scratch_out);
    assert_memory_equal(&g->scratch.journal[g->b.njournal], marks, past);
}

static void test_no_event_writes_journal_rows_past_the_board(void **state)
{
    (void)state;
    struct game *g = walk(check_rows_past_board);
    /* The board had rows past its cards to watch. */
    assert_true(g->b.njournal > 0 && g->b.njournal < BOARD_MAX_CARDS);
    free(g);
}

/* Option o tried as rules_options() tried it before it saved copies: applied in place
 * to a whole copy of st of its own (g->scratch), with its first destination or card, a
 * roll of 1 and 2, the stamp owner by token. */
static int option_on_whole_copy(struct game *g, const struct game_state *st,
                                const struct rules_option *o)
{
    struct rules_event ev = rules_option_event(o, 0, 1, 2);
    ev.seq = st->seq + 1;
    memcpy(&g->scratch, st, sizeof g->scratch);
    return rules_apply_in_place(&g->b, STAMP_OWNER_TOKEN, &g->scratch, &ev, &g->scratch_out);
}

/* The roll rules_options() tried last (it lists the roll in every state it lists
 * anything in, after every other option: OFFER_LAST). */
static const struct rules_option *options_roll(const struct rules_options *opts)
{
    assert_int_equal(rules_event_offer(EVENT_ROLL) & OFFER_LAST, OFFER_LAST);
    if (opts->n > 0 && opts->list[opts->n - 1].type == EVENT_ROLL)
        return &opts->list[opts->n - 1];
    if (opts->nrefused > 0 && opts->refused[opts->nrefused - 1].type == EVENT_ROLL)
        return &opts->refused[opts->nrefused - 1];
    return NULL;
}

/* rules_options() of the state after each candidate lists exactly what trying each
 * option on a whole copy of the state gives: the listed ones accepted, the refused ones
 * refused with the same rule and sentence. And its scratch, copied only in part before
 * each try (rules_state_copy()), ends as a whole copy of the state would after the last
 * try (the roll), as far as the engine reads a state: every byte an earlier try changed
 * was copied back. */
static void check_options_whole_copies(struct game *g, const struct rules_event *ev, int rc)
{
    (void)ev;
    (void)rc;
    rules_options(&g->b, &g->st, &g->opts);
    if (g->opts.n + g->opts.nrefused == 0)
        return;
    const struct rules_option *roll = options_roll(&g->opts);
    assert_non_null(roll);
    option_on_whole_copy(g, &g->st, roll);
    assert_states_equal_as_read(&g->b, &g->opts.scratch, &g->scratch);
    g->multi_options += g->opts.n + g->opts.nrefused >= 2;
    for (int i = 0; i < g->opts.n; i++)
        if (option_on_whole_copy(g, &g->st, &g->opts.list[i]) != 0)
            fail_msg("listed %s refused on a whole copy: %s",
                     rules_event_name(g->opts.list[i].type), g->scratch_out.refusal.detail);
    for (int i = 0; i < g->opts.nrefused; i++) {
        const struct rules_option *o = &g->opts.refused[i];
        assert_int_equal(option_on_whole_copy(g, &g->st, o), -1);
        assert_ptr_equal(o->rule, g->scratch_out.refusal.rule);
        assert_string_equal(o->detail, g->scratch_out.refusal.detail);
        g->options_refused++;
    }
}

static void test_options_as_tried_on_whole_copies(void **state)
{
    (void)state;
    struct game *g = walk(check_options_whole_copies);
    print_message("%d states with two options or more, %d refused options checked\n",
                  g->multi_options, g->options_refused);
    assert_true(g->multi_options > 1000 && g->options_refused > 100);
    free(g);
}

static void test_random_games_keep_every_invariant(void **state)
{
    (void)state;
    struct game *g = calloc(1, sizeof *g);
    assert_non_null(g);
    board_fixture_default(&g->b);
    for (uint64_t seed = 1; seed <= SEEDS; seed++)
        play(g, seed);
    print_message("%d events accepted, %d refused; %d of %d games over, %d won by stamps\n",
                  g->accepted, g->refused, g->finished, g->games, g->stamp_wins);
    for (int t = 0; t < EVENT_COUNT; t++) {
        if (t == EVENT_CORRECT) /* correct_apply()'s (test_correct.c), not rules_apply()'s */
            continue;
        print_message("  %-12s %d\n", rules_event_name((enum event_type)t), g->by_type[t]);
        assert_true(g->by_type[t] > 0); /* every kind of event was exercised */
    }
    print_message("%d fees due at most at once, %d lapsed; %d listed events tried, %d unlisted "
                  "refused\n",
                  g->most_fees, g->lapses, g->options_checked, g->unlisted_refused);
    assert_true(g->most_fees >= 2); /* several fees were due at once */
    assert_true(g->lapses > 0);
    assert_true(g->options_checked > 0 && g->unlisted_refused > 0);
    assert_true(g->accepted > SEEDS * CANDIDATES / 3);
    assert_true(g->refused > 0);
    assert_true(g->stamp_wins > 0);
    print_message("%d pots taken from Free Parking\n", g->pots_taken);
    assert_true(g->pots_taken > 0);
    for (int sw = 0; sw < HOUSE_NSWITCHES; sw++) /* every switch played both ways */
        assert_true(g->house_seen[sw][0] > 0 && g->house_seen[sw][1] > 0);
    free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_games_keep_every_invariant),
        cmocka_unit_test(test_apply_in_place_answers_as_rules_apply),
        cmocka_unit_test(test_state_copy_plays_as_the_whole_state),
        cmocka_unit_test(test_no_event_writes_journal_rows_past_the_board),
        cmocka_unit_test(test_options_as_tried_on_whole_copies),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
