/* classic_options.c -- the legal events of a classic bank state (API.md state.options):
 * every lot that can take a building now, every rent that can be asked, every deed that
 * can be mortgaged or lifted, the roll, the decisions pending, the debt's ways out. */
#include "classic_int.h"

#include <string.h>

/* A new option of type t for seat, every other field "none". NULL when the list is full. */
static struct classic_option *opt_add(struct classic_options *o, enum classic_event_type t,
                                      int seat)
{
    if (o->n >= CLASSIC_MAX_OPTIONS)
        return NULL;
    struct classic_option *x = &o->list[o->n++];
    memset(x, 0, sizeof *x);
    x->type = t;
    x->player = seat;
    x->space = x->amount = x->owner = x->houses = x->hotel = x->deck = x->choice = -1;
    return x;
}

/* An option of type t for seat on space with amount. */
static struct classic_option *opt_space(struct classic_options *o, enum classic_event_type t,
                                        int seat, int space, int amount)
{
    struct classic_option *x = opt_add(o, t, seat);
    if (x != NULL) {
        x->space = space;
        x->amount = amount;
    }
    return x;
}

/* Selling and mortgaging, for the deeds of seat (-1: every player's). */
static void list_raise(const struct classic_board *b, const struct classic_state *st, int seat,
                       struct classic_options *o)
{
    for (int d = 0; d < b->ndeeds; d++) {
        int owner = st->deeds[d].owner, space = b->deeds[d].space, left, paid;
        const char *why;
        if (owner < 0 || (seat >= 0 && owner != seat))
            continue;
        if (csell_check(b, st, d, -1, &why, &left, &paid) == NULL) {
            struct classic_option *x = opt_space(o, CLASSIC_EV_SELL_BUILDING, owner, space, paid);
            if (x != NULL) {
                x->houses = left;
                x->hotel = 0;
            }
        }
        if (!st->deeds[d].mortgaged && !cgroup_built(b, st, d))
            opt_space(o, CLASSIC_EV_MORTGAGE, owner, space, b->deeds[d].mortgage);
    }
}

/* Building and lifting mortgages, for every player. */
static void list_build(const struct classic_board *b, const struct classic_state *st,
                       struct classic_options *o)
{
    for (int d = 0; d < b->ndeeds; d++) {
        int owner = st->deeds[d].owner, space = b->deeds[d].space, cost;
        const char *why;
        if (owner < 0)
            continue;
        if (cbuild_check(b, st, d, &why, &cost) == NULL && st->players[owner].cash >= cost) {
            bool hotel = clevel(st, d) == cmax_houses(st);
            struct classic_option *x = opt_space(o, CLASSIC_EV_BUILD, owner, space, cost);
            if (x != NULL) {
                x->houses = hotel ? 0 : st->deeds[d].houses + 1;
                x->hotel = hotel;
            }
        }
        int lift = clift_cost(b->deeds[d].mortgage);
        if (st->deeds[d].mortgaged && st->players[owner].cash >= lift)
            opt_space(o, CLASSIC_EV_UNMORTGAGE, owner, space, lift);
    }
}

/* The ways out of a debt: the debtor's sales and mortgages, paying, bankruptcy. */
static void list_debt(const struct classic_board *b, const struct classic_state *st,
                      struct classic_options *o)
{
    int debtor = st->debt.player;
    list_raise(b, st, debtor, o);
    if (st->players[debtor].cash >= st->debt.amount) {
        struct classic_option *x = opt_add(o, CLASSIC_EV_PAY_DEBT, debtor);
        if (x != NULL)
            x->amount = st->debt.amount;
    }
    if (st->players[debtor].cash + craise(b, st, debtor) < st->debt.amount)
        opt_add(o, CLASSIC_EV_BANKRUPT, debtor);
}

/* The deal of the short and timed games: each player not yet dealt, with the deeds still
 * with the Bank, when the two first of them are within their cash. */
static void list_deal(const struct classic_board *b, const struct classic_state *st,
                      struct classic_options *o)
{
    if (st->house.variant == CLASSIC_VARIANT_STANDARD || !cdeal_open(st))
        return;
    for (int i = 0; i < st->nplayers; i++) {
        struct classic_option *x;
        int n = 0, spaces[CLASSIC_MAX_DEEDS], price[2] = {0, 0};
        if (st->players[i].bankrupt || st->players[i].dealt)
            continue;
        for (int d = 0; d < b->ndeeds; d++)
            if (st->deeds[d].owner == CLASSIC_BANK) {
                if (n < 2)
                    price[n] = b->deeds[d].price;
                spaces[n++] = b->deeds[d].space;
            }
        if (n < 2 || st->players[i].cash < price[0] + price[1])
            continue;
        if ((x = opt_add(o, CLASSIC_EV_DEAL, i)) == NULL)
            return;
        x->nspaces = n;
        memcpy(x->spaces, spaces, (size_t)n * sizeof spaces[0]);
    }
}

/* The roll, or a way out of Jail first, when no decision pends. */
static void list_turn(const struct classic_board *b, const struct classic_state *st,
                      struct classic_options *o)
{
    int seat;
    if (st->turn.pending.kind != CLASSIC_PENDING_NONE || !call_dealt(st))
        return;
    bool start = cturn_start(st, &seat);
    const struct classic_player *p = &st->players[seat];
    struct classic_option *x = opt_add(o, CLASSIC_EV_ROLL, seat);
    if (x != NULL)
        x->jail_try = p->in_jail ? p->jail_attempts + 1 : 0;
    if (!start || !p->in_jail)
        return;
    if (p->cash >= b->jail_fine && (x = opt_add(o, CLASSIC_EV_JAIL_PAY, seat)) != NULL)
        x->amount = b->jail_fine;
    for (int k = 0; k < CLASSIC_DECKS; k++)
        if (p->jail_cards[k] > 0 && (x = opt_add(o, CLASSIC_EV_JAIL_CARD, seat)) != NULL)
            x->deck = k;
}

/* The cards of deck k that may be drawn now: every one but a held Get Out of Jail Free. */
static void drawable(const struct classic_board *b, const struct classic_state *st,
                     enum classic_deck k, struct classic_option *x)
{
    bool held = false;
    for (int i = 0; i < st->nplayers; i++)
        held = held || st->players[i].jail_cards[k] > 0;
    x->deck = (int)k;
    x->nspaces = 0;
    for (int i = 0; i < b->ncards[k]; i++)
        if (!held || b->cards[k][i].kind != CLASSIC_CARD_JAIL_FREE)
            x->spaces[x->nspaces++] = i;
}

/* The decision pending. */
static void list_pending(const struct classic_board *b, const struct classic_state *st,
                         struct classic_options *o)
{
    const struct classic_pending *p = &st->turn.pending;
    struct classic_option *x;
    int d = classic_board_deed(b, p->space);
    switch (p->kind) {
    case CLASSIC_PENDING_BUY_OR_AUCTION:
        if (d >= 0 && st->players[p->seat].cash >= b->deeds[d].price)
            opt_space(o, CLASSIC_EV_BUY, p->seat, p->space, b->deeds[d].price);
        opt_space(o, CLASSIC_EV_AUCTION, -1, p->space, 1);
        break;
    case CLASSIC_PENDING_BANKRUPTCY_AUCTION:
        opt_space(o, CLASSIC_EV_AUCTION, -1, p->space, 1);
        break;
    case CLASSIC_PENDING_DRAW:
        x = opt_add(
            o, p->deck == CLASSIC_DECK_CHANCE ? CLASSIC_EV_DRAW_CHANCE : CLASSIC_EV_DRAW_COMMUNITY,
            p->seat);
        if (x != NULL)
            drawable(b, st, p->deck, x);
        break;
    case CLASSIC_PENDING_PAY_OR_CHANCE:
        if (st->players[p->seat].cash >= p->amount &&
            (x = opt_space(o, CLASSIC_EV_PAY_OR_CHANCE, p->seat, -1, p->amount)) != NULL)
            x->choice = CLASSIC_CHOICE_PAY;
        if ((x = opt_space(o, CLASSIC_EV_PAY_OR_CHANCE, p->seat, -1, p->amount)) != NULL)
            x->choice = CLASSIC_CHOICE_CHANCE;
        break;
    case CLASSIC_PENDING_FLIGHT:
        if ((x = opt_add(o, CLASSIC_EV_TICK, p->seat)) == NULL)
            break;
        for (int i = 0; i < b->ndeeds; i++)
            if (cis_wonder(b, i) && (st->players[p->seat].passport >> i & 1u) == 0)
                x->spaces[x->nspaces++] = b->deeds[i].space;
        break;
    default: break;
    }
}

/* The rents that may be asked now. */
static void list_rents(const struct classic_board *b, const struct classic_state *st,
                       struct classic_options *o)
{
    for (int i = 0; i < st->turn.nrents; i++) {
        const struct classic_rent *r = &st->turn.rents[i];
        int amount = classic_rent_amount(b, st, r);
        struct classic_option *x;
        if (amount > 0 &&
            (x = opt_space(o, CLASSIC_EV_COLLECT_RENT, r->payer, r->space, amount)) != NULL)
            x->owner = st->deeds[classic_board_deed(b, r->space)].owner;
    }
}

void classic_options(const struct classic_board *b, const struct classic_state *st,
                     struct classic_options *opts)
{
    opts->n = 0;
    if (st->status != CLASSIC_ACTIVE)
        return;
    if (st->has_debt) {
        list_debt(b, st, opts);
        return;
    }
    list_deal(b, st, opts);
    list_turn(b, st, opts);
    list_pending(b, st, opts);
    list_rents(b, st, opts);
    list_build(b, st, opts);
    list_raise(b, st, -1, opts);
}

struct classic_event classic_option_event(const struct classic_option *o)
{
    struct classic_event ev = classic_event_new(o->type);
    switch (o->type) {
    case CLASSIC_EV_ROLL:
        ev.player = o->player;
        ev.d1 = 1;
        ev.d2 = 2;
        break;
    case CLASSIC_EV_DRAW_CHANCE:
    case CLASSIC_EV_DRAW_COMMUNITY: ev.card = o->nspaces > 0 ? o->spaces[0] : -1; break;
    case CLASSIC_EV_PAY_OR_CHANCE: ev.choice = o->choice; break;
    case CLASSIC_EV_JAIL_CARD: ev.deck = o->deck; break;
    case CLASSIC_EV_TICK: ev.space = o->nspaces > 0 ? o->spaces[0] : -1; break;
    case CLASSIC_EV_DEAL:
        ev.player = o->player;
        ev.nspaces = 2;
        ev.spaces[0] = o->nspaces > 0 ? o->spaces[0] : -1;
        ev.spaces[1] = o->nspaces > 1 ? o->spaces[1] : -1;
        break;
    default: ev.space = o->space; break;
    }
    return ev;
}
