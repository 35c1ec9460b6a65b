/* classic_turn.c -- the classic bank's turn: the roll (CLASSIC-TURN), moves and GO
 * (CLASSIC-GO), the spaces (CLASSIC-BUY, CLASSIC-AUCTION, CLASSIC-RENT-ASK, CLASSIC-TAX,
 * CLASSIC-FREE-PARKING), the cards (CLASSIC-CARDS), Jail (CLASSIC-JAIL-*), the Wonders
 * passport and flight (WONDERS-*), the deal of the short and timed games, and the
 * table's own events (adjust, note, end). */
#include "classic_int.h"

#include <string.h>

/* ---- small steps ------------------------------------------------------------------- */

bool cdeal_open(const struct classic_state *st)
{
    return st->house.variant != CLASSIC_VARIANT_STANDARD && st->d1 == 0;
}

bool call_dealt(const struct classic_state *st)
{
    if (st->house.variant == CLASSIC_VARIANT_STANDARD)
        return true;
    for (int i = 0; i < st->nplayers; i++)
        if (!st->players[i].bankrupt && !st->players[i].dealt)
            return false;
    return true;
}

bool cturn_start(const struct classic_state *st, int *seat)
{
    *seat = classic_next_seat(st);
    return st->turn.rolled || st->turn.rolls == 0;
}

/* The turn passes to seat when the current one has no roll left. */
static void turn_begin(struct classic_state *st, int seat)
{
    if (!st->turn.rolled)
        return;
    st->turn.seat = seat;
    st->turn.doubles = 0;
    st->turn.rolls = 0;
    st->turn.rolled = 0;
}

/* Set the pending decision of seat. */
static void pending_set(struct classic_state *st, enum classic_pending_kind k, int seat, int space)
{
    memset(&st->turn.pending, 0, sizeof st->turn.pending);
    st->turn.pending.kind = k;
    st->turn.pending.seat = seat;
    st->turn.pending.space = space;
}

/* No decision pends. */
static void pending_clear(struct classic_state *st)
{
    pending_set(st, CLASSIC_PENDING_NONE, -1, -1);
}

/* The index of the Jail space (classic_board_check() makes sure there is one). */
static int jail_space(const struct classic_board *b)
{
    for (int i = 0; i < CLASSIC_SPACES; i++)
        if (b->spaces[i].kind == CLASSIC_SPACE_JAIL)
            return i;
    return 10;
}

/* CLASSIC-JAIL-IN: seat goes straight to Jail, no salary; its turn ends. */
static void send_to_jail(struct cctx *c, int seat)
{
    struct classic_player *p = &c->st->players[seat];
    struct classic_effect *e = cfx(c, CLASSIC_FX_MOVE, seat);
    e->from = p->position;
    e->to = p->position = jail_space(c->b);
    p->in_jail = 1;
    p->jail_attempts = 0;
    cfx(c, CLASSIC_FX_JAIL, seat);
    pending_clear(c->st);
    if (seat == c->st->turn.seat) {
        c->st->turn.rolled = 1;
        c->st->turn.doubles = 0;
    }
}

/* seat leaves Jail (CLASSIC-JAIL-OUT). */
static void leave_jail(struct cctx *c, int seat)
{
    c->st->players[seat].in_jail = 0;
    c->st->players[seat].jail_attempts = 0;
    cfx(c, CLASSIC_FX_JAIL_FREE, seat);
}

/* ---- the spaces ----------------------------------------------------------------------- */

/* A rent due from payer on deed d: asked later (CLASSIC-RENT-ASK) or paid at once
 * (HOUSE-RENT-ASK automatic). */
static void rent_due(struct cctx *c, int payer, int d)
{
    struct classic_state *st = c->st;
    struct classic_rent r = {c->b->deeds[d].space, st->deeds[d].owner, payer, st->d1 + st->d2};
    if (st->house.rent == CLASSIC_RENT_AUTOMATIC) {
        cowe(c, payer, r.owner, classic_rent_amount(c->b, st, &r), CLASSIC_DEBT_RENT,
             CLASSIC_AFTER_NOTHING, r.space);
        return;
    }
    if (st->turn.nrents == CLASSIC_MAX_RENTS) { /* the oldest lapses */
        struct classic_effect *e = cfx(c, CLASSIC_FX_LAPSE, st->turn.rents[0].payer);
        e->space = st->turn.rents[0].space;
        memmove(&st->turn.rents[0], &st->turn.rents[1],
                (CLASSIC_MAX_RENTS - 1) * sizeof st->turn.rents[0]);
        st->turn.nrents--;
    }
    st->turn.rents[st->turn.nrents++] = r;
}

bool ctick(struct cctx *c, int seat, int d)
{
    struct classic_state *st = c->st;
    uint32_t bit = (uint32_t)1 << d;
    int wonders = 0, ticked = 0;
    if (!cis_wonder(c->b, d) || (st->players[seat].passport & bit) != 0)
        return false;
    st->players[seat].passport |= bit;
    struct classic_effect *e = cfx(c, CLASSIC_FX_TICK, seat);
    e->space = c->b->deeds[d].space;
    for (int i = 0; i < c->b->ndeeds; i++)
        if (cis_wonder(c->b, i)) {
            wonders++;
            ticked += (st->players[seat].passport >> i & 1u) != 0;
        }
    if (ticked < wonders)
        return false;
    long long room = CLASSIC_CASH_MAX - (long long)st->players[seat].cash;
    int bonus = c->b->end_bonus < room ? c->b->end_bonus : (int)room;
    cmoney(c, CLASSIC_FX_PAY, CLASSIC_BANK, seat, bonus, "end_bonus", -1); /* WONDERS-END */
    cfinish(c, classic_richest(c->b, st));
    return true;
}

/* seat lands on the deed d: the passport, then the offer, or the rent, then the flight. */
static void land_deed(struct cctx *c, int seat, int d)
{
    struct classic_state *st = c->st;
    int space = c->b->deeds[d].space;
    bool airport = c->b->wonders && c->b->spaces[space].kind == CLASSIC_SPACE_STATION;
    if (ctick(c, seat, d))
        return; /* WONDERS-END: the 22nd tick ends the game at once */
    if (st->deeds[d].owner == CLASSIC_BANK) {
        pending_set(st, CLASSIC_PENDING_BUY_OR_AUCTION, seat, space);
        st->turn.pending.flight = airport;
        return;
    }
    if (st->deeds[d].owner != seat && !st->deeds[d].mortgaged)
        rent_due(c, seat, d);
    if (airport)
        pending_set(st, CLASSIC_PENDING_FLIGHT, seat, space);
}

/* seat carries out the space it stands on. */
static void land(struct cctx *c, int seat)
{
    struct classic_state *st = c->st;
    int s = st->players[seat].position;
    const struct classic_space *sp = &c->b->spaces[s];
    switch (sp->kind) {
    case CLASSIC_SPACE_STREET:
    case CLASSIC_SPACE_STATION:
    case CLASSIC_SPACE_UTILITY: land_deed(c, seat, sp->deed); break;
    case CLASSIC_SPACE_CHANCE:
    case CLASSIC_SPACE_COMMUNITY:
        pending_set(st, CLASSIC_PENDING_DRAW, seat, -1);
        st->turn.pending.deck =
            sp->kind == CLASSIC_SPACE_CHANCE ? CLASSIC_DECK_CHANCE : CLASSIC_DECK_COMMUNITY;
        break;
    case CLASSIC_SPACE_TAX: /* CLASSIC-TAX */
        cowe(c, seat, cbank_or_pot(c), sp->amount, CLASSIC_DEBT_TAX, CLASSIC_AFTER_NOTHING, s);
        break;
    case CLASSIC_SPACE_FREE_PARKING: /* CLASSIC-FREE-PARKING, HOUSE-FREE-PARKING */
        if (st->house.free_parking == CLASSIC_FREE_PARKING_JACKPOT && st->pot > 0)
            cmoney(c, CLASSIC_FX_POT, CLASSIC_POT, seat, st->pot, "pot", s);
        break;
    case CLASSIC_SPACE_GO_TO_JAIL: send_to_jail(c, seat); break;
    default: break;
    }
}

/* seat moves to space to; passes_go pays the salary (times times). */
static void move_to(struct cctx *c, int seat, int to, bool passes_go, int times)
{
    struct classic_player *p = &c->st->players[seat];
    struct classic_effect *e = cfx(c, CLASSIC_FX_MOVE, seat);
    e->from = p->position;
    e->to = p->position = to;
    if (passes_go)
        csalary(c, seat, times);
    land(c, seat);
}

void cmove_by(struct cctx *c, int seat, int steps, bool by_dice)
{
    int from = c->st->players[seat].position;
    int to = ((from + steps) % CLASSIC_SPACES + CLASSIC_SPACES) % CLASSIC_SPACES;
    bool passes = steps > 0 && from + steps >= CLASSIC_SPACES;
    int times = by_dice && to == 0 && c->st->house.go_landing == CLASSIC_GO_LANDING_DOUBLE ? 2 : 1;
    move_to(c, seat, to, passes, times);
}

/* ---- roll -------------------------------------------------------------------------- */

/* The rents of the turn before lapse: the next player rolls (CLASSIC-RENT-ASK). */
static void rents_lapse(struct cctx *c)
{
    struct classic_state *st = c->st;
    for (int i = 0; i < st->turn.nrents; i++) {
        struct classic_effect *e = cfx(c, CLASSIC_FX_LAPSE, st->turn.rents[i].payer);
        e->space = st->turn.rents[i].space;
    }
    st->turn.nrents = 0;
    memset(st->turn.rents, 0, sizeof st->turn.rents);
}

/* The roll of a player in Jail (CLASSIC-JAIL-OUT, HOUSE-JAIL-DOUBLE). */
static int jail_roll(struct cctx *c, int seat)
{
    struct classic_state *st = c->st;
    struct classic_player *p = &st->players[seat];
    int total = st->d1 + st->d2;
    st->turn.rolled = 1;
    if (st->d1 == st->d2) {
        leave_jail(c, seat);
        if (st->house.jail_double == CLASSIC_JAIL_DOUBLE_ROLL_AGAIN) {
            st->turn.rolled = 0;
            st->turn.doubles = 1;
        }
        cmove_by(c, seat, total, true);
        return 0;
    }
    if (++p->jail_attempts < CLASSIC_JAIL_TRIES)
        return 0;
    if (cowe(c, seat, cbank_or_pot(c), c->b->jail_fine, CLASSIC_DEBT_JAIL_FINE,
             CLASSIC_AFTER_JAIL_MOVE, -1)) {
        leave_jail(c, seat);
        cmove_by(c, seat, total, true);
    }
    return 0;
}

/* roll {d1, d2, player?}: the player due rolls, moves and carries out the space
 * (CLASSIC-TURN); a third double sends them to Jail. */
int cev_roll(struct cctx *c)
{
    struct classic_state *st = c->st;
    const struct classic_event *ev = c->ev;
    int seat = classic_next_seat(st);
    if (ev->d1 < 1 || ev->d1 > 6 || ev->d2 < 1 || ev->d2 > 6)
        return crefuse(c, "CLASSIC-TURN", "Each die shows 1 to 6.");
    if (!call_dealt(st))
        return crefuse(c, "CLASSIC-SHORT",
                       "Every player is dealt two deeds before the first roll.");
    if (st->turn.pending.kind != CLASSIC_PENDING_NONE)
        return crefuse(c, "CLASSIC-TURN", "A decision pends (%s): it comes before the next roll.",
                       classic_pending_name(st->turn.pending.kind));
    if (ev->player >= 0 && ev->player != seat)
        return crefuse(c, "CLASSIC-TURN", "It is %s's roll.", st->players[seat].name);
    turn_begin(st, seat);
    if (st->turn.rolls == 0)
        rents_lapse(c);
    st->d1 = ev->d1;
    st->d2 = ev->d2;
    st->turn.rolls++;
    if (st->players[seat].in_jail)
        return jail_roll(c, seat);
    bool dbl = ev->d1 == ev->d2;
    if (dbl && ++st->turn.doubles == 3) {
        send_to_jail(c, seat); /* the third move is not made */
        return 0;
    }
    st->turn.rolled = !dbl;
    cmove_by(c, seat, ev->d1 + ev->d2, true);
    return 0;
}

/* ---- buy and auction ------------------------------------------------------------------ */

/* The offer of the pending deed is over: the flight follows on an airport. */
static void offer_done(struct classic_state *st)
{
    int flight = st->turn.pending.flight, seat = st->turn.pending.seat;
    int space = st->turn.pending.space;
    pending_clear(st);
    if (flight)
        pending_set(st, CLASSIC_PENDING_FLIGHT, seat, space);
}

/* Deed d goes from the Bank to seat. */
static void deed_to(struct cctx *c, int d, int seat)
{
    struct classic_effect *e = cfx(c, CLASSIC_FX_OWNER, seat);
    e->space = c->b->deeds[d].space;
    e->from = c->st->deeds[d].owner;
    e->to = seat;
    c->st->deeds[d].owner = seat;
}

/* buy: the lander buys the deed offered at its price (CLASSIC-BUY). */
int cev_buy(struct cctx *c)
{
    struct classic_state *st = c->st;
    if (st->turn.pending.kind != CLASSIC_PENDING_BUY_OR_AUCTION)
        return crefuse(c, "CLASSIC-BUY", "No deed is offered to buy.");
    int seat = st->turn.pending.seat, d = classic_board_deed(c->b, st->turn.pending.space);
    int price = c->b->deeds[d].price;
    if (st->players[seat].cash < price)
        return crefuse(c, "CLASSIC-BUY", "The deed costs %d and %s holds %d.", price,
                       st->players[seat].name, st->players[seat].cash);
    cmoney(c, CLASSIC_FX_PAY, seat, CLASSIC_BANK, price, "price", c->b->deeds[d].space);
    deed_to(c, d, seat);
    offer_done(st);
    return 0;
}

/* The next deed of a bankruptcy to the Bank goes up, or the turn's decision returns. */
static void bankruptcy_auction_next(struct classic_state *st)
{
    struct classic_pending *p = &st->turn.pending;
    if (p->nqueue > 0) {
        p->space = p->queue[0];
        memmove(&p->queue[0], &p->queue[1], (size_t)(p->nqueue - 1) * sizeof p->queue[0]);
        p->queue[--p->nqueue] = 0;
        return;
    }
    st->turn.pending = st->turn.resume;
    memset(&st->turn.resume, 0, sizeof st->turn.resume);
    st->turn.resume.seat = st->turn.resume.space = -1;
}

/* Refuse an auction's winner and price that do not hold (CLASSIC-AUCTION). */
static int auction_check(struct cctx *c, enum classic_pending_kind k)
{
    const struct classic_state *st = c->st;
    int w = c->ev->winner, price = c->ev->price;
    if (w < 0)
        return price >= 0
                   ? crefuse(c, "CLASSIC-AUCTION", "An auction with a price names its winner.")
                   : 0;
    if (k == CLASSIC_PENDING_BUY_OR_AUCTION && !st->house.auction)
        return crefuse(c, "CLASSIC-AUCTION",
                       "This game plays without auctions: the deed stays with the Bank.");
    if (!cstanding(st, w))
        return crefuse(c, "CLASSIC-AUCTION", "The winner is not a player in the game.");
    if (price < 1 || price > st->players[w].cash)
        return crefuse(c, "CLASSIC-AUCTION", "The price is 1 to the winner's cash (%d).",
                       st->players[w].cash);
    return 0;
}

/* auction {winner?, price?}: the deed offered or a bankrupt's deed goes to the highest
 * bidder, or stays with the Bank (CLASSIC-AUCTION, WONDERS-PASSPORT). */
int cev_auction(struct cctx *c)
{
    struct classic_state *st = c->st;
    enum classic_pending_kind k = st->turn.pending.kind;
    if (k != CLASSIC_PENDING_BUY_OR_AUCTION && k != CLASSIC_PENDING_BANKRUPTCY_AUCTION)
        return crefuse(c, "CLASSIC-AUCTION", "No deed is up for auction.");
    if (auction_check(c, k) != 0)
        return -1;
    int d = classic_board_deed(c->b, st->turn.pending.space), w = c->ev->winner;
    if (w >= 0) {
        cmoney(c, CLASSIC_FX_PAY, w, CLASSIC_BANK, c->ev->price, "auction", c->b->deeds[d].space);
        deed_to(c, d, w);
        if (ctick(c, w, d))
            return 0;
    }
    if (k == CLASSIC_PENDING_BUY_OR_AUCTION)
        offer_done(st);
    else
        bankruptcy_auction_next(st);
    return 0;
}

/* ---- rents -------------------------------------------------------------------------- */

/* collect_rent {space?}: the owner asks a rent due (CLASSIC-RENT-ASK); computed now. */
int cev_collect_rent(struct cctx *c)
{
    struct classic_state *st = c->st;
    int i = st->turn.nrents - 1;
    while (c->ev->space >= 0 && i >= 0 && st->turn.rents[i].space != c->ev->space)
        i--;
    if (i < 0)
        return crefuse(c, "CLASSIC-RENT-ASK",
                       "No rent is due there: it was never owed, or asked too late.");
    struct classic_rent r = st->turn.rents[i];
    int d = classic_board_deed(c->b, r.space), amount = classic_rent_amount(c->b, st, &r);
    if (amount <= 0)
        return crefuse(c, st->deeds[d].mortgaged ? "CLASSIC-MORTGAGED" : "CLASSIC-RENT-ASK",
                       "The lot earns no rent now.");
    memmove(&st->turn.rents[i], &st->turn.rents[i + 1],
            (size_t)(st->turn.nrents - i - 1) * sizeof st->turn.rents[0]);
    memset(&st->turn.rents[--st->turn.nrents], 0, sizeof st->turn.rents[0]);
    cowe(c, r.payer, st->deeds[d].owner, amount, CLASSIC_DEBT_RENT, CLASSIC_AFTER_NOTHING, r.space);
    return 0;
}

/* ---- cards ---------------------------------------------------------------------------- */

/* What the drawer holds: houses and hotels (CLASSIC-CARDS repairs). */
static int repairs(const struct classic_board *b, const struct classic_state *st, int seat,
                   const struct classic_card *x)
{
    long long n = 0;
    for (int d = 0; d < b->ndeeds; d++)
        if (st->deeds[d].owner == seat)
            n += (long long)st->deeds[d].houses * x->house +
                 (long long)st->deeds[d].hotel * x->hotel;
    return n > CLASSIC_CASH_MAX ? CLASSIC_CASH_MAX : (int)n;
}

/* A card moves seat: to a space, or by steps (CLASSIC-GO: forwards past or onto GO pays
 * the salary when the card allows it). */
static void card_move(struct cctx *c, int seat, const struct classic_card *x)
{
    int from = c->st->players[seat].position;
    if (x->kind == CLASSIC_CARD_MOVE_TO) {
        move_to(c, seat, x->space, x->salary && x->space <= from, 1);
        return;
    }
    int to = ((from + x->steps) % CLASSIC_SPACES + CLASSIC_SPACES) % CLASSIC_SPACES;
    move_to(c, seat, to, x->salary && x->steps > 0 && from + x->steps >= CLASSIC_SPACES, 1);
}

/* The collect-from-each card: every other player standing pays seat. */
static void collect_from_each(struct cctx *c, int seat, int amount)
{
    for (int i = 0; i < c->st->nplayers; i++)
        if (i != seat && cstanding(c->st, i))
            cowe(c, i, seat, amount, CLASSIC_DEBT_CARD, CLASSIC_AFTER_NOTHING, -1);
}

/* Carry out card x of deck k for seat. */
static void card_do(struct cctx *c, int seat, enum classic_deck k, const struct classic_card *x)
{
    struct classic_player *p = &c->st->players[seat];
    long long room = CLASSIC_CASH_MAX - (long long)p->cash;
    switch (x->kind) {
    case CLASSIC_CARD_COLLECT:
        cmoney(c, CLASSIC_FX_PAY, CLASSIC_BANK, seat, x->amount < room ? x->amount : (int)room,
               "card", -1);
        break;
    case CLASSIC_CARD_PAY:
        cowe(c, seat, cbank_or_pot(c), x->amount, CLASSIC_DEBT_CARD, CLASSIC_AFTER_NOTHING, -1);
        break;
    case CLASSIC_CARD_MOVE_TO:
    case CLASSIC_CARD_MOVE_BY: card_move(c, seat, x); break;
    case CLASSIC_CARD_GO_TO_JAIL: send_to_jail(c, seat); break;
    case CLASSIC_CARD_JAIL_FREE: p->jail_cards[k] = 1; break;
    case CLASSIC_CARD_REPAIRS:
        cowe(c, seat, cbank_or_pot(c), repairs(c->b, c->st, seat, x), CLASSIC_DEBT_CARD,
             CLASSIC_AFTER_NOTHING, -1);
        break;
    case CLASSIC_CARD_COLLECT_FROM_EACH: collect_from_each(c, seat, x->amount); break;
    case CLASSIC_CARD_PAY_OR_CHANCE:
        pending_set(c->st, CLASSIC_PENDING_PAY_OR_CHANCE, seat, -1);
        c->st->turn.pending.amount = x->amount;
        break;
    default: break;
    }
}

/* True when a player holds the Get Out of Jail Free card of deck k. */
static bool jail_card_held(const struct classic_state *st, enum classic_deck k)
{
    for (int i = 0; i < st->nplayers; i++)
        if (st->players[i].jail_cards[k] > 0)
            return true;
    return false;
}

/* draw_chance / draw_community {card}: the drawer draws that card and does it
 * (CLASSIC-CARDS); a Get Out of Jail Free card held cannot be drawn. */
int cev_draw(struct cctx *c)
{
    struct classic_state *st = c->st;
    enum classic_deck k =
        c->ev->type == CLASSIC_EV_DRAW_CHANCE ? CLASSIC_DECK_CHANCE : CLASSIC_DECK_COMMUNITY;
    int i = c->ev->card, seat = st->turn.pending.seat;
    if (st->turn.pending.kind != CLASSIC_PENDING_DRAW || st->turn.pending.deck != k)
        return crefuse(c, "CLASSIC-CARDS", "No %s card is to be drawn now.", classic_deck_name(k));
    if (i < 0 || i >= c->b->ncards[k])
        return crefuse(c, "CLASSIC-CARDS", "The %s deck has no such card.", classic_deck_name(k));
    const struct classic_card *x = &c->b->cards[k][i];
    if (x->kind == CLASSIC_CARD_JAIL_FREE && jail_card_held(st, k))
        return crefuse(c, "CLASSIC-CARDS", "That card is held by a player: it cannot be drawn.");
    pending_clear(st);
    struct classic_effect *e = cfx(c, CLASSIC_FX_CARD, seat);
    e->deck = (int)k;
    e->card = i;
    card_do(c, seat, k, x);
    return 0;
}

/* pay_or_chance {choice}: the drawer pays the fine (needs the cash) or draws a Chance card. */
int cev_pay_or_chance(struct cctx *c)
{
    struct classic_state *st = c->st;
    int seat = st->turn.pending.seat, amount = st->turn.pending.amount;
    if (st->turn.pending.kind != CLASSIC_PENDING_PAY_OR_CHANCE)
        return crefuse(c, "CLASSIC-CARDS", "No choice of paying or drawing pends.");
    if (c->ev->choice == CLASSIC_CHOICE_CHANCE) {
        pending_set(st, CLASSIC_PENDING_DRAW, seat, -1);
        st->turn.pending.deck = CLASSIC_DECK_CHANCE;
        return 0;
    }
    if (c->ev->choice != CLASSIC_CHOICE_PAY)
        return crefuse(c, "CLASSIC-CARDS", "The choice is \"pay\" or \"chance\".");
    if (st->players[seat].cash < amount)
        return crefuse(c, "CLASSIC-CARDS", "Paying %d needs the cash: draw a Chance card.", amount);
    pending_clear(st);
    cmoney(c, CLASSIC_FX_PAY, seat, cbank_or_pot(c), amount, "card", -1);
    return 0;
}

/* ---- Jail ---------------------------------------------------------------------------- */

/* Refuse a way out of Jail not at the start of the jailed player's turn. */
static int jail_out_check(struct cctx *c, int *seat)
{
    bool start = cturn_start(c->st, seat);
    if (c->st->turn.pending.kind != CLASSIC_PENDING_NONE)
        return crefuse(c, "CLASSIC-TURN", "A decision pends (%s).",
                       classic_pending_name(c->st->turn.pending.kind));
    if (!start || !c->st->players[*seat].in_jail)
        return crefuse(c, "CLASSIC-JAIL-OUT",
                       "Only a player in Jail, at the start of their turn, pays or uses a card.");
    return 0;
}

/* jail_pay: pay the fine at the start of the turn, then roll as usual. */
int cev_jail_pay(struct cctx *c)
{
    int seat, fine = c->b->jail_fine;
    if (jail_out_check(c, &seat) != 0)
        return -1;
    if (c->st->players[seat].cash < fine)
        return crefuse(c, "CLASSIC-JAIL-OUT", "The fine is %d and needs the cash.", fine);
    turn_begin(c->st, seat);
    cmoney(c, CLASSIC_FX_PAY, seat, cbank_or_pot(c), fine, "fine", -1);
    leave_jail(c, seat);
    return 0;
}

/* jail_card {deck?}: use a Get Out of Jail Free card (the Chance one first); it goes
 * back under its deck. */
int cev_jail_card(struct cctx *c)
{
    int seat, k = c->ev->deck;
    if (jail_out_check(c, &seat) != 0)
        return -1;
    const struct classic_player *p = &c->st->players[seat];
    if (k < 0)
        k = p->jail_cards[CLASSIC_DECK_CHANCE] > 0 ? CLASSIC_DECK_CHANCE : CLASSIC_DECK_COMMUNITY;
    if (k >= CLASSIC_DECKS || p->jail_cards[k] <= 0)
        return crefuse(c, "CLASSIC-JAIL-OUT", "The player holds no such card.");
    turn_begin(c->st, seat);
    c->st->players[seat].jail_cards[k] = 0;
    struct classic_effect *e = cfx(c, CLASSIC_FX_CARD, seat);
    e->deck = k;
    for (int i = 0; i < c->b->ncards[k]; i++)
        if (c->b->cards[k][i].kind == CLASSIC_CARD_JAIL_FREE)
            e->card = i;
    leave_jail(c, seat);
    return 0;
}

/* ---- Wonders and the deal -------------------------------------------------------------- */

/* tick {space}: the free flight ticks one unticked wonder (WONDERS-FLIGHT). */
int cev_tick(struct cctx *c)
{
    struct classic_state *st = c->st;
    int d = classic_board_deed(c->b, c->ev->space), seat = st->turn.pending.seat;
    if (st->turn.pending.kind != CLASSIC_PENDING_FLIGHT)
        return crefuse(c, "WONDERS-FLIGHT", "No free flight pends.");
    if (!cis_wonder(c->b, d) || (st->players[seat].passport >> d & 1u) != 0)
        return crefuse(c, "WONDERS-FLIGHT", "The flight ticks one wonder not yet ticked.");
    pending_clear(st);
    ctick(c, seat, d);
    return 0;
}

/* Refuse a deal that does not hold (CLASSIC-SHORT). */
static int deal_check(struct cctx *c)
{
    const struct classic_state *st = c->st;
    const struct classic_event *ev = c->ev;
    if (st->house.variant == CLASSIC_VARIANT_STANDARD || !cdeal_open(st))
        return crefuse(c, "CLASSIC-SHORT",
                       "Deeds are dealt only before the first roll of a "
                       "short or timed game.");
    if (!cstanding(st, ev->player) || st->players[ev->player].dealt)
        return crefuse(c, "CLASSIC-SHORT", "Each player is dealt once.");
    int d0 = classic_board_deed(c->b, ev->spaces[0]), d1 = classic_board_deed(c->b, ev->spaces[1]);
    if (ev->nspaces != 2 || d0 < 0 || d1 < 0 || d0 == d1 || st->deeds[d0].owner != CLASSIC_BANK ||
        st->deeds[d1].owner != CLASSIC_BANK)
        return crefuse(c, "CLASSIC-SHORT", "A hand is two distinct deeds still with the Bank.");
    if (st->players[ev->player].cash < c->b->deeds[d0].price + c->b->deeds[d1].price)
        return crefuse(c, "CLASSIC-SHORT",
                       "The player pays both deeds' prices and lacks the cash.");
    return 0;
}

/* deal {player, spaces}: two deeds dealt and paid at setup (CLASSIC-SHORT, CLASSIC-TIMED). */
int cev_deal(struct cctx *c)
{
    if (deal_check(c) != 0)
        return -1;
    int seat = c->ev->player;
    for (int i = 0; i < 2; i++) {
        int d = classic_board_deed(c->b, c->ev->spaces[i]);
        cmoney(c, CLASSIC_FX_PAY, seat, CLASSIC_BANK, c->b->deeds[d].price, "dealt",
               c->ev->spaces[i]);
        c->st->deeds[d].owner = seat;
        cfx(c, CLASSIC_FX_DEAL, seat)->space = c->ev->spaces[i];
    }
    c->st->players[seat].dealt = 1;
    return 0;
}

/* ---- the table's own events ------------------------------------------------------------- */

/* adjust {player, amount}: the Bank corrects a player's cash (CLASSIC-BANK). */
int cev_adjust(struct cctx *c)
{
    int seat = c->ev->player, amount = c->ev->amount;
    if (!cstanding(c->st, seat))
        return crefuse(c, "CLASSIC-BANK", "The player to adjust is not in the game.");
    long long cash = (long long)c->st->players[seat].cash + amount;
    if (cash < 0 || cash > CLASSIC_CASH_MAX)
        return crefuse(c, "CLASSIC-BANK", "Cash stays within 0..%d.", CLASSIC_CASH_MAX);
    if (amount > 0)
        cmoney(c, CLASSIC_FX_PAY, CLASSIC_BANK, seat, amount, "adjust", -1);
    else if (amount < 0)
        cmoney(c, CLASSIC_FX_PAY, seat, CLASSIC_BANK, -amount, "adjust", -1);
    return 0;
}

/* note: changes nothing. */
int cev_note(struct cctx *c)
{
    (void)c;
    return 0;
}

/* end {winner?}: the timed game ends with the richest (CLASSIC-TIMED); elsewhere the
 * table names any seated winner, or abandons the game. */
int cev_end(struct cctx *c)
{
    struct classic_state *st = c->st;
    int w = c->ev->winner;
    if (st->house.variant == CLASSIC_VARIANT_TIMED) {
        cfinish(c, classic_richest(c->b, st));
        return 0;
    }
    if (w >= st->nplayers || (w < 0 && w != -1))
        return crefuse(c, "CLASSIC-END", "The winner is not seated in this game.");
    cfinish(c, w);
    if (w < 0)
        st->status = CLASSIC_ABANDONED;
    return 0;
}
