/* rules.c -- the Travel World Tour rules engine: one event in, a new state and its effects out. */
#include "rules.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define JAIL_TRIES 3 /* failed rolls in Jail before the fine is due (TWT-JAIL-2) */
#define MIN_BID 10
#define MONEY_UNIT 10

/* One rules_apply() call: the board, a private copy of the state and the answer. The
 * copy is written back only when the event is accepted. */
struct ctx {
    const struct board *b;
    enum stamp_owner policy;
    struct game_state *st;
    const struct rules_event *ev;
    struct rules_outcome *out;
    bool overflow;             /* more effects than RULES_MAX_EFFECTS */
    struct rules_effect spill; /* where effects past the limit go */
};

static const char *const event_names[] = {
    [EVENT_ROLL] = "roll",
    [EVENT_BUY] = "buy",
    [EVENT_AUCTION] = "auction",
    [EVENT_COLLECT_FEE] = "collect_fee",
    [EVENT_DRAW_CHANCE] = "draw_chance",
    [EVENT_DRAW_JOURNAL] = "draw_journal",
    [EVENT_CHOOSE] = "choose",
    [EVENT_FLY] = "fly",
    [EVENT_USE_TICKET] = "use_ticket",
    [EVENT_GOAL_JUMP] = "goal_jump",
    [EVENT_JAIL_PAY] = "jail_pay",
    [EVENT_JAIL_CARD] = "jail_card",
    [EVENT_TRADE] = "trade",
    [EVENT_ADJUST] = "adjust",
    [EVENT_NOTE] = "note",
    [EVENT_END] = "end",
    [EVENT_STAMP_GOAL] = "stamp_goal",
    [EVENT_CORRECT] = "correct",
};

#define NEVENTS ((int)(sizeof event_names / sizeof event_names[0]))

/* ---- refusals and effects ------------------------------------------------------------ */

static int refuse_status(struct ctx *c, int status, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Record a refusal (status, rule, a printf-style sentence) and return -1. */
static int refuse_status(struct ctx *c, int status, const char *rule, const char *fmt, ...)
{
    va_list ap;
    c->out->refusal.status = status;
    c->out->refusal.rule = rule;
    va_start(ap, fmt);
    vsnprintf(c->out->refusal.detail, sizeof c->out->refusal.detail, fmt, ap);
    va_end(ap);
    return -1;
}

#define refuse(c, rule, ...) refuse_status((c), 422, (rule), __VA_ARGS__)
#define conflict(c, rule, ...) refuse_status((c), 409, (rule), __VA_ARGS__)

/* A new effect of this kind for seat at the end of the outcome, every other field set
 * to "none" (-1 or 0). Never NULL: past RULES_MAX_EFFECTS it hands out a scratch record
 * and marks the call as overflowing, which refuses the event. */
static struct rules_effect *effect_add(struct ctx *c, enum effect_out_kind kind, int player)
{
    struct rules_effect *e;
    if (c->out->neffects < RULES_MAX_EFFECTS) {
        e = &c->out->effects[c->out->neffects++];
    } else {
        c->overflow = true;
        e = &c->spill;
    }
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->player = player;
    e->from = -1;
    e->to = -1;
    e->dest = -1;
    e->card = -1;
    e->slot = -1;
    e->token = -1;
    return e;
}

/* Move up to amount from seat `from` to seat `to` (-1: the Bank). A player pays what
 * they have (TWT-CASH) and no one's cash passes INT_MAX. Lists one OUT_PAY when money
 * moved. Returns the amount moved. This function can't fail. */
static int pay(struct ctx *c, int from, int to, int amount, const char *reason)
{
    int n = amount > 0 ? amount : 0;
    if (from >= 0 && c->st->players[from].cash < n)
        n = c->st->players[from].cash;
    if (to >= 0 && n > INT_MAX - c->st->players[to].cash)
        n = INT_MAX - c->st->players[to].cash;
    if (n == 0 || from == to)
        return 0;
    if (from >= 0)
        c->st->players[from].cash -= n;
    if (to >= 0)
        c->st->players[to].cash += n;
    struct rules_effect *e = effect_add(c, OUT_PAY, from >= 0 ? from : to);
    e->from = from;
    e->to = to;
    e->amount = n;
    e->reason = reason;
    return n;
}

/* The Bank pays seat the GO salary (TWT-GO). This function can't fail. */
static void salary(struct ctx *c, int seat)
{
    struct player_state *p = &c->st->players[seat];
    int n = c->b->go_salary > 0 ? c->b->go_salary : 0;
    if (n > INT_MAX - p->cash)
        n = INT_MAX - p->cash;
    if (n == 0)
        return;
    p->cash += n;
    effect_add(c, OUT_SALARY, seat)->amount = n;
}

/* ---- small look-ups ------------------------------------------------------------------- */

/* True when seat is seated in this game. This function can't fail. */
static bool valid_seat(const struct game_state *st, int seat)
{
    return seat >= 0 && seat < st->nplayers;
}

/* True when d is a destination of the board. This function can't fail. */
static bool valid_dest(const struct board *b, int d)
{
    return d >= 0 && d < b->ndests;
}

/* Clear the pending decision. This function can't fail. */
static void pending_clear(struct pending *p)
{
    memset(p, 0, sizeof *p);
    p->kind = PENDING_NONE;
    p->seat = -1;
    p->dest = -1;
    p->owner = -1;
}

/* True when the pending decision must be made before the game moves on (every kind but
 * a fee). This function can't fail. */
static bool pending_blocks(const struct pending *p)
{
    return p->kind == PENDING_BUY_OR_AUCTION || p->kind == PENDING_DRAW ||
           p->kind == PENDING_CHOOSE;
}

/* The rule of a pending decision, for refusals while it blocks. This function can't fail. */
static const char *pending_rule(const struct pending *p)
{
    if (p->kind == PENDING_BUY_OR_AUCTION)
        return "TWT-BUY";
    if (p->kind == PENDING_DRAW && p->deck == DECK_JOURNAL)
        return "TWT-JOURNAL-1";
    if (p->kind == PENDING_FEE)
        return "TWT-FEE";
    return "TWT-CHANCE";
}

/* Refuse because a blocking decision must be made first. Returns -1. */
static int refuse_pending(struct ctx *c)
{
    const struct pending *p = &c->st->pending;
    if (p->kind == PENDING_BUY_OR_AUCTION)
        return refuse(c, pending_rule(p),
                      "The destination just landed on must be bought "
                      "or auctioned first.");
    if (p->kind == PENDING_DRAW)
        return refuse(c, pending_rule(p), "A %s card must be drawn first.",
                      p->deck == DECK_JOURNAL ? "Travel Journal" : "Chance");
    return refuse(c, pending_rule(p), "The destination to move to must be chosen first.");
}

/* True when seat owns every destination of d's colour set (TWT-FEE-SET). */
static bool owns_set(const struct board *b, const struct game_state *st, int seat, int d)
{
    int owned = 0;
    for (int i = 0; i < b->ndests; i++)
        if (st->dests[i].owner == seat && strcmp(b->dests[i].colour, b->dests[d].colour) == 0)
            owned++;
    return owned == board_colour_size(b, d);
}

/* The seat that holds a journal stamp tonight under the campaign's policy
 * (TWT-JOURNAL-5), or -1 when nobody seated does. This function can't fail. */
static int stamp_holder(const struct ctx *c, const struct journal_stamp *s)
{
    for (int i = 0; i < c->st->nplayers; i++) {
        const struct player_state *p = &c->st->players[i];
        if (c->policy == STAMP_OWNER_TOKEN ? p->token == s->token : p->id == s->player)
            return i;
    }
    return -1;
}

/* ---- board stamps, the end and Jail --------------------------------------------------- */

/* Seat wins: the game ends at once (TWT-WIN). This function can't fail. */
static void win(struct ctx *c, int seat)
{
    c->st->status = STATUS_FINISHED;
    c->st->winner = seat;
    pending_clear(&c->st->pending);
    c->st->turn.can_fly = false;
    effect_add(c, OUT_WIN, seat);
}

/* Seat stamps destination d (TWT-GOAL-2); the fourth stamp wins. This function can't fail. */
static void board_stamp(struct ctx *c, int seat, int d)
{
    c->st->dests[d].stamped_by = seat;
    c->st->players[seat].nstamped++;
    effect_add(c, OUT_BOARD_STAMP, seat)->dest = d;
    if (c->st->players[seat].nstamped >= RULES_WIN_STAMPS)
        win(c, seat);
}

/* Send seat to Jail: no salary, the turn ends (TWT-GO-TO-JAIL, TWT-TURN-3). */
static void send_to_jail(struct ctx *c, int seat)
{
    struct player_state *p = &c->st->players[seat];
    if (p->position != RULES_JAIL_SPACE) {
        struct rules_effect *e = effect_add(c, OUT_MOVE, seat);
        e->from = p->position;
        e->to = RULES_JAIL_SPACE;
    }
    p->position = RULES_JAIL_SPACE;
    p->in_jail = true;
    p->jail_attempts = 0;
    c->st->turn.rolled = true;
    c->st->turn.doubles = 0;
    c->st->turn.can_fly = false;
    effect_add(c, OUT_JAIL, seat);
}

/* Seat leaves Jail (TWT-JAIL-2). This function can't fail. */
static void leave_jail(struct ctx *c, int seat)
{
    c->st->players[seat].in_jail = false;
    c->st->players[seat].jail_attempts = 0;
    effect_add(c, OUT_JAIL_FREE, seat);
}

/* ---- landing: carrying out a space ---------------------------------------------------- */

/* Landing on destination d: stamp it when it is an unstamped goal of the lander
 * (TWT-GOAL-2), then buy-or-auction (TWT-BUY) or the tour fee (TWT-FEE, TWT-FEE-SET,
 * TWT-FEE-GOAL). This function can't fail. */
static void land_destination(struct ctx *c, int seat, int d)
{
    struct game_state *st = c->st;
    bool goal = rules_is_goal(c->b, st, seat, d);
    if (goal && st->dests[d].stamped_by < 0) {
        board_stamp(c, seat, d);
        if (st->status != STATUS_ACTIVE)
            return;
    }
    int owner = st->dests[d].owner;
    if (owner < 0) {
        pending_clear(&st->pending);
        st->pending.kind = PENDING_BUY_OR_AUCTION;
        st->pending.seat = seat;
        st->pending.dest = d;
    } else if (owner != seat && !goal) {
        const struct destination *dd = &c->b->dests[d];
        pending_clear(&st->pending);
        st->pending.kind = PENDING_FEE;
        st->pending.seat = seat;
        st->pending.dest = d;
        st->pending.owner = owner;
        st->pending.amount = owns_set(c->b, st, owner, d) ? dd->set_fee : dd->fee;
    }
}

/* Landing on Chance or Travel Journal: the lander must draw (none if the deck is empty). */
static void land_draw(struct ctx *c, int seat, enum deck deck)
{
    int ncards = deck == DECK_CHANCE ? c->b->nchance : c->b->njournal;
    if (ncards <= 0)
        return;
    pending_clear(&c->st->pending);
    c->st->pending.kind = PENDING_DRAW;
    c->st->pending.seat = seat;
    c->st->pending.deck = deck;
}

/* Landing on Free Parking: the first lander takes the golden ticket (TWT-FREE-PARKING). */
static void land_free_parking(struct ctx *c, int seat)
{
    if (c->st->ticket_holder >= 0 || c->st->ticket_used)
        return;
    c->st->ticket_holder = seat;
    effect_add(c, OUT_TICKET, seat)->action = TICKET_TAKE;
}

/* Carry out the space seat stands on, whatever brought them there. */
static void land(struct ctx *c, int seat)
{
    const struct space *sp = &c->b->spaces[c->st->players[seat].position];
    switch (sp->kind) {
    case SPACE_DESTINATION:
        if (valid_dest(c->b, sp->dest))
            land_destination(c, seat, sp->dest);
        break;
    case SPACE_CHANCE: land_draw(c, seat, DECK_CHANCE); break;
    case SPACE_JOURNAL: land_draw(c, seat, DECK_JOURNAL); break;
    case SPACE_FLIGHT_LOCAL:
    case SPACE_FLIGHT_LONG: c->st->turn.can_fly = true; break;
    case SPACE_TAX: pay(c, seat, -1, sp->amount, "tax"); break;
    case SPACE_FREE_PARKING: land_free_parking(c, seat); break;
    case SPACE_GO_TO_JAIL: send_to_jail(c, seat); break;
    case SPACE_GO:
    case SPACE_JAIL: break;
    }
}

/* Put seat on space, with the GO salary when passed_go, then carry out the space. */
static void arrive(struct ctx *c, int seat, int space, bool passed_go)
{
    struct player_state *p = &c->st->players[seat];
    struct rules_effect *e = effect_add(c, OUT_MOVE, seat);
    e->from = p->position;
    e->to = space;
    p->position = space;
    c->st->turn.can_fly = false;
    if (passed_go)
        salary(c, seat);
    land(c, seat);
}

/* Move seat steps spaces (negative: backwards); the salary is paid when with_salary
 * and the move passes or lands on GO going forward (TWT-GO). */
static void move_by(struct ctx *c, int seat, int steps, bool with_salary)
{
    int from = c->st->players[seat].position;
    int to = ((from + steps) % BOARD_SPACES + BOARD_SPACES) % BOARD_SPACES;
    arrive(c, seat, to, with_salary && steps > 0 && from + steps >= BOARD_SPACES);
}

/* Move seat clockwise straight to space; the salary is paid when with_salary and the
 * move passes or lands on GO (TWT-GO). */
static void move_to(struct ctx *c, int seat, int space, bool with_salary)
{
    arrive(c, seat, space, with_salary && space < c->st->players[seat].position);
}

/* ---- card effects ----------------------------------------------------------------------- */

/* A move_to_colour card: seat must choose among every destination of those colours. */
static void offer_colours(struct ctx *c, int seat, const struct effect *e)
{
    struct pending *p = &c->st->pending;
    pending_clear(p);
    for (int d = 0; d < c->b->ndests; d++)
        for (int k = 0; k < e->ncolours && k < BOARD_MAX_COLOURS; k++)
            if (strncmp(c->b->dests[d].colour, e->colours[k], BOARD_SLUG_MAX) == 0) {
                p->options[p->noptions++] = d;
                break;
            }
    if (p->noptions == 0) {
        pending_clear(p);
        return;
    }
    p->kind = PENDING_CHOOSE;
    p->seat = seat;
}

/* Apply a Chance-style effect to seat; reason names the deck for payments. */
static void apply_effect(struct ctx *c, int seat, const struct effect *e, const char *reason)
{
    switch (e->kind) {
    case EFFECT_NONE: break;
    case EFFECT_COLLECT: pay(c, -1, seat, e->amount, reason); break;
    case EFFECT_PAY: pay(c, seat, -1, e->amount, reason); break;
    case EFFECT_MOVE_TO:
        if (e->space >= 0 && e->space < BOARD_SPACES)
            move_to(c, seat, e->space, e->salary);
        break;
    case EFFECT_MOVE_TO_COLOUR: offer_colours(c, seat, e); break;
    case EFFECT_MOVE_BY: move_by(c, seat, e->steps % BOARD_SPACES, false); break;
    case EFFECT_GO_TO_JAIL: send_to_jail(c, seat); break;
    case EFFECT_JAIL_FREE: c->st->players[seat].jail_cards++; break;
    }
}

/* ---- the turn --------------------------------------------------------------------------- */

/* Prepare an event that begins a turn (roll, jail_pay, jail_card, goal_jump, use_ticket
 * by the next player): refuse while a blocking decision pends; when the current turn is
 * over, end it and begin the next seat's. Returns 0 or -1 (refused). */
static int turn_begin(struct ctx *c)
{
    struct turn_state *t = &c->st->turn;
    if (pending_blocks(&c->st->pending))
        return refuse_pending(c);
    if (!t->rolled)
        return 0;
    t->seat = (t->seat + 1) % c->st->nplayers;
    t->doubles = 0;
    t->rolls = 0;
    t->rolled = false;
    t->jumped = false;
    t->can_fly = false;
    if (c->st->pending.kind == PENDING_FEE)
        pending_clear(&c->st->pending); /* asked too late: it lapses (TWT-FEE) */
    return 0;
}

/* A roll of a player in Jail (TWT-JAIL-2). */
static void roll_in_jail(struct ctx *c, int seat, int d1, int d2)
{
    struct player_state *p = &c->st->players[seat];
    c->st->turn.rolled = true;
    if (d1 == d2) {
        leave_jail(c, seat);
        move_by(c, seat, d1 + d2, true);
        return;
    }
    p->jail_attempts++;
    if (p->jail_attempts < JAIL_TRIES)
        return;
    pay(c, seat, -1, RULES_JAIL_FINE, "jail");
    leave_jail(c, seat);
    move_by(c, seat, d1 + d2, true);
}

/* A roll of a free player: doubles roll again, the third goes to Jail (TWT-TURN-1..3). */
static void roll_free(struct ctx *c, int seat, int d1, int d2)
{
    struct turn_state *t = &c->st->turn;
    bool dbl = d1 == d2;
    if (dbl && t->doubles >= 2) {
        send_to_jail(c, seat);
        return;
    }
    t->doubles = dbl ? t->doubles + 1 : 0;
    t->rolled = !dbl;
    move_by(c, seat, d1 + d2, true);
}

/* roll {d1, d2, player?}: the player due at the dice rolls and moves (TWT-TURN-1). */
static int ev_roll(struct ctx *c)
{
    const struct rules_event *ev = c->ev;
    if (ev->d1 < 1 || ev->d1 > 6 || ev->d2 < 1 || ev->d2 > 6)
        return refuse(c, "TWT-TURN-1", "Each die shows 1 to 6.");
    if (ev->player >= 0 && ev->player != rules_next_seat(c->st))
        return refuse(c, "TWT-TURN-1", "It is not this player's turn to roll.");
    if (turn_begin(c) != 0)
        return -1;
    if (c->st->pending.kind == PENDING_FEE)
        pending_clear(&c->st->pending); /* a fee not asked before this roll lapses */
    int seat = c->st->turn.seat;
    c->st->turn.rolls++;
    c->st->turn.can_fly = false;
    if (c->st->players[seat].in_jail)
        roll_in_jail(c, seat, ev->d1, ev->d2);
    else
        roll_free(c, seat, ev->d1, ev->d2);
    return 0;
}

/* The player in Jail at the very start of their turn (TWT-JAIL-2), or -1 refused. */
static int jail_seat(struct ctx *c)
{
    if (turn_begin(c) != 0)
        return -1;
    int seat = c->st->turn.seat;
    if (c->st->turn.rolls > 0)
        return refuse(c, "TWT-JAIL-2", "Jail can be left this way only at the start of a turn.");
    if (!c->st->players[seat].in_jail)
        return refuse(c, "TWT-JAIL-2", "The player due to roll is not in Jail.");
    return seat;
}

/* jail_pay: pay 50 (what one has), leave Jail, then roll as usual (TWT-JAIL-2). */
static int ev_jail_pay(struct ctx *c)
{
    int seat = jail_seat(c);
    if (seat < 0)
        return -1;
    pay(c, seat, -1, RULES_JAIL_FINE, "jail");
    leave_jail(c, seat);
    return 0;
}

/* jail_card: use a Get Out of Jail Free card, then roll as usual (TWT-JAIL-2). */
static int ev_jail_card(struct ctx *c)
{
    int seat = jail_seat(c);
    if (seat < 0)
        return -1;
    if (c->st->players[seat].jail_cards <= 0)
        return refuse(c, "TWT-JAIL-2", "The player has no Get Out of Jail Free card.");
    c->st->players[seat].jail_cards--;
    leave_jail(c, seat);
    return 0;
}

/* goal_jump {dest}: at the start of a turn, move to an owned, unstamped goal and stamp
 * it; the turn then goes on (TWT-GOAL-JUMP). */
static int ev_goal_jump(struct ctx *c)
{
    int d = c->ev->dest;
    if (turn_begin(c) != 0)
        return -1;
    int seat = c->st->turn.seat;
    const struct turn_state *t = &c->st->turn;
    if (t->rolls > 0 || t->jumped)
        return refuse(c, "TWT-GOAL-JUMP", "A goal jump is made once, at the start of a turn.");
    if (c->st->players[seat].in_jail)
        return refuse(c, "TWT-GOAL-JUMP", "A player in Jail cannot jump to a goal.");
    if (!valid_dest(c->b, d))
        return refuse(c, "TWT-GOAL-JUMP", "The destination is unknown.");
    if (c->st->dests[d].owner != seat || !rules_is_goal(c->b, c->st, seat, d))
        return refuse(c, "TWT-GOAL-JUMP",
                      "A goal jump needs a destination the player owns "
                      "that is also one of their travel goals.");
    if (c->st->dests[d].stamped_by >= 0)
        return refuse(c, "TWT-GOAL-JUMP", "That goal is already stamped in this game.");
    c->st->turn.jumped = true;
    move_to(c, seat, c->b->dests[d].space, false);
    return 0;
}

/* ---- destinations ----------------------------------------------------------------------- */

/* Hand destination d from the Bank to seat for price (TWT-BUY, TWT-AUCTION). */
static void sell(struct ctx *c, int seat, int d, int price, const char *reason)
{
    pay(c, seat, -1, price, reason);
    c->st->dests[d].owner = seat;
    struct rules_effect *e = effect_add(c, OUT_OWNER, seat);
    e->dest = d;
    e->from = -1;
    e->to = seat;
    pending_clear(&c->st->pending);
}

/* buy: the lander buys the destination at its price (TWT-BUY). */
static int ev_buy(struct ctx *c)
{
    const struct pending *p = &c->st->pending;
    if (p->kind != PENDING_BUY_OR_AUCTION)
        return refuse(c, "TWT-BUY", "No destination is waiting to be bought.");
    int price = c->b->dests[p->dest].price;
    if (c->st->players[p->seat].cash < price)
        return refuse(c, "TWT-BUY", "The player has %d, the destination costs %d.",
                      c->st->players[p->seat].cash, price);
    sell(c, p->seat, p->dest, price, "buy");
    return 0;
}

/* auction {winner?, price?}: the highest bidder pays the Bank; no bid, the card stays
 * with the Bank (TWT-AUCTION). */
static int ev_auction(struct ctx *c)
{
    const struct pending *p = &c->st->pending;
    int w = c->ev->winner, price = c->ev->price;
    if (p->kind != PENDING_BUY_OR_AUCTION)
        return refuse(c, "TWT-AUCTION", "No destination is waiting to be auctioned.");
    if (w < 0) {
        pending_clear(&c->st->pending);
        return 0;
    }
    if (!valid_seat(c->st, w))
        return refuse(c, "TWT-AUCTION", "The auction's winner is not seated in this game.");
    if (price < MIN_BID || price % MONEY_UNIT != 0)
        return refuse(c, "TWT-AUCTION", "A winning bid is at least 10, in steps of 10.");
    if (price > c->st->players[w].cash)
        return refuse(c, "TWT-AUCTION", "The winner has %d, less than the bid of %d.",
                      c->st->players[w].cash, price);
    sell(c, w, p->dest, price, "auction");
    return 0;
}

/* collect_fee: the owner asked in time; the lander pays what they can (TWT-FEE). */
static int ev_collect_fee(struct ctx *c)
{
    struct pending p = c->st->pending;
    if (p.kind != PENDING_FEE)
        return refuse(c, "TWT-FEE",
                      "No tour fee is owed now: it was never due, already "
                      "paid, or asked too late.");
    pending_clear(&c->st->pending);
    if (pay(c, p.seat, p.owner, p.amount, "fee") > 0)
        c->out->effects[c->out->neffects - 1].dest = p.dest; /* the fee's destination */
    return 0;
}

/* ---- cards ------------------------------------------------------------------------------ */

/* draw_chance {card}: the drawer does what the card says (TWT-CHANCE). */
static int ev_draw_chance(struct ctx *c)
{
    const struct pending *p = &c->st->pending;
    int card = c->ev->card;
    if (p->kind != PENDING_DRAW)
        return refuse(c, "TWT-CHANCE", "No card is to be drawn now.");
    if (p->deck != DECK_CHANCE)
        return refuse(c, "TWT-CHANCE", "The card due is a Travel Journal card, not Chance.");
    if (card < 0 || card >= c->b->nchance)
        return refuse(c, "TWT-CHANCE", "The Chance card is unknown.");
    int seat = p->seat;
    pending_clear(&c->st->pending);
    apply_effect(c, seat, &c->b->chance[card].effect, "chance");
    return 0;
}

/* choose {dest}: move to the chosen destination, no salary, and carry it out. */
static int ev_choose(struct ctx *c)
{
    const struct pending *p = &c->st->pending;
    if (p->kind != PENDING_CHOOSE)
        return refuse(c, "TWT-CHANCE", "No destination is to be chosen now.");
    for (int i = 0; i < p->noptions; i++)
        if (p->options[i] == c->ev->dest && valid_dest(c->b, c->ev->dest)) {
            int seat = p->seat;
            pending_clear(&c->st->pending);
            move_to(c, seat, c->b->dests[c->ev->dest].space, false);
            return 0;
        }
    return refuse(c, "TWT-CHANCE", "That destination is not one the card offers.");
}

/* What the holder of k stamps on card gets (negative: pays) when it is drawn; moves the
 * money in banker mode, only reckons it in journal mode (TWT-JOURNAL-4). */
static long long stamp_payout(struct ctx *c, const struct journal_card *card, int holder, int k)
{
    long long total = 0, amt = card->per_stamp_amount, others = c->st->nplayers - 1;
    bool banker = c->st->mode == MODE_BANKER;
    for (int i = 0; i < k; i++) {
        if (card->per_stamp == PER_STAMP_COLLECT)
            total += banker ? pay(c, -1, holder, card->per_stamp_amount, "journal") : amt;
        else if (card->per_stamp == PER_STAMP_PAY)
            total -= banker ? pay(c, holder, -1, card->per_stamp_amount, "journal") : amt;
        else if (card->per_stamp == PER_STAMP_COLLECT_FROM_EACH && !banker)
            total += amt * others;
        else if (card->per_stamp == PER_STAMP_COLLECT_FROM_EACH)
            for (int q = 0; q < c->st->nplayers; q++)
                if (q != holder)
                    total += pay(c, q, holder, card->per_stamp_amount, "journal");
    }
    return total;
}

/* Pay every stamp on card ci to its holder seated tonight, one payout per holder
 * (TWT-JOURNAL-4, TWT-JOURNAL-6). */
static void journal_payouts(struct ctx *c, int ci)
{
    const struct journal_card *card = &c->b->journal[ci];
    const struct journal_state *js = &c->st->journal[ci];
    int count[RULES_MAX_PLAYERS] = {0};
    if (card->per_stamp == PER_STAMP_NONE)
        return;
    for (int i = 0; i < js->nstamps; i++) {
        int h = stamp_holder(c, &js->stamps[i]);
        if (h >= 0)
            count[h]++;
    }
    for (int h = 0; h < c->st->nplayers; h++) {
        if (count[h] == 0)
            continue;
        long long total = stamp_payout(c, card, h, count[h]);
        struct rules_effect *e = effect_add(c, OUT_JOURNAL_PAYOUT, h);
        e->card = ci;
        e->token = c->st->players[h].token;
        e->stamps = count[h];
        e->amount = total > INT_MAX ? INT_MAX : total < -INT_MAX ? -INT_MAX : (int)total;
    }
}

/* The drawer stamps the card's next open circle, if any (TWT-JOURNAL-2). */
static void journal_stamp(struct ctx *c, int seat, int ci)
{
    struct journal_state *js = &c->st->journal[ci];
    if (js->nstamps >= c->b->journal[ci].slots || js->nstamps >= BOARD_MAX_SLOTS)
        return;
    struct journal_stamp *s = &js->stamps[js->nstamps];
    s->token = c->st->players[seat].token;
    s->player = c->st->players[seat].id;
    s->game = c->st->game;
    s->seq = c->ev->seq;
    struct rules_effect *e = effect_add(c, OUT_JOURNAL_STAMP, seat);
    e->card = ci;
    e->slot = js->nstamps;
    e->token = s->token;
    js->nstamps++;
}

/* The drawer of a Travel Journal card: the pending draw's player in banker mode, the
 * event's player in journal mode; -1 when refused. */
static int journal_drawer(struct ctx *c)
{
    const struct pending *p = &c->st->pending;
    int player = c->ev->player;
    if (c->st->mode == MODE_JOURNAL) {
        if (!valid_seat(c->st, player))
            return refuse(c, "TWT-JOURNAL-1", "The player who drew the card is not seated.");
        return player;
    }
    if (p->kind != PENDING_DRAW)
        return refuse(c, "TWT-JOURNAL-1", "No card is to be drawn now.");
    if (p->deck != DECK_JOURNAL)
        return refuse(c, "TWT-JOURNAL-1", "The card due is a Chance card, not Travel Journal.");
    if (player >= 0 && player != p->seat)
        return refuse(c, "TWT-JOURNAL-1", "Another player must draw this card.");
    return p->seat;
}

/* draw_journal {card, player?}: stamp, pay every stamp, then the drawer's own effect
 * (TWT-JOURNAL-1..6). */
static int ev_draw_journal(struct ctx *c)
{
    int ci = c->ev->card;
    int seat = journal_drawer(c);
    if (seat < 0)
        return -1;
    if (ci < 0 || ci >= c->b->njournal)
        return refuse(c, "TWT-JOURNAL-1", "The Travel Journal card is unknown.");
    if (c->st->mode == MODE_BANKER)
        pending_clear(&c->st->pending);
    journal_stamp(c, seat, ci);
    journal_payouts(c, ci);
    if (c->st->mode == MODE_BANKER)
        apply_effect(c, seat, &c->b->journal[ci].drawer, "journal");
    return 0;
}

/* ---- flights and the golden ticket ------------------------------------------------------ */

/* True when destination space `to` lies after flight space `from` and before the next
 * flight space of either kind, clockwise (TWT-FLIGHT-LOCAL). */
static bool local_reach(const struct board *b, int from, int to)
{
    for (int i = 1; i < BOARD_SPACES; i++) {
        int s = (from + i) % BOARD_SPACES;
        enum space_kind k = b->spaces[s].kind;
        if (k == SPACE_FLIGHT_LOCAL || k == SPACE_FLIGHT_LONG)
            return false;
        if (s == to)
            return true;
    }
    return false;
}

/* fly {to}: pay 100 (local) or 200 (long), move, no salary, carry out the destination
 * (TWT-FLIGHT-LOCAL, TWT-FLIGHT-LONG). */
static int ev_fly(struct ctx *c)
{
    int seat = c->st->turn.seat, d = c->ev->dest;
    int at = c->st->players[seat].position;
    enum space_kind k = c->b->spaces[at].kind;
    bool local = k == SPACE_FLIGHT_LOCAL;
    const char *rule = k == SPACE_FLIGHT_LONG ? "TWT-FLIGHT-LONG" : "TWT-FLIGHT-LOCAL";
    int cost = local ? RULES_FLIGHT_LOCAL_COST : RULES_FLIGHT_LONG_COST;
    if (pending_blocks(&c->st->pending))
        return refuse_pending(c);
    if (!c->st->turn.can_fly || (k != SPACE_FLIGHT_LOCAL && k != SPACE_FLIGHT_LONG))
        return refuse(c, rule,
                      "A flight is offered only right after landing on a flight "
                      "space, until the next roll.");
    if (!valid_dest(c->b, d))
        return refuse(c, rule, "The destination is unknown.");
    if (local && !local_reach(c->b, at, c->b->dests[d].space))
        return refuse(c, rule,
                      "A local flight reaches only destinations before the next "
                      "flight space.");
    if (c->st->players[seat].cash < cost)
        return refuse(c, rule, "The flight costs %d; the player has %d.", cost,
                      c->st->players[seat].cash);
    pay(c, seat, -1, cost, "flight");
    move_to(c, seat, c->b->dests[d].space, false);
    return 0;
}

/* use_ticket {to}: the holder, once, in their own turn (its start included), moves to
 * any destination, no salary, and carries it out (TWT-TICKET). */
static int ev_use_ticket(struct ctx *c)
{
    int holder = c->st->ticket_holder, d = c->ev->dest;
    if (holder < 0 || c->st->ticket_used)
        return refuse(c, "TWT-TICKET", "Nobody holds the golden ticket.");
    if (holder == c->st->turn.seat) {
        if (pending_blocks(&c->st->pending))
            return refuse_pending(c);
    } else if (c->st->turn.rolled && holder == rules_next_seat(c->st)) {
        if (turn_begin(c) != 0)
            return -1;
    } else {
        return refuse(c, "TWT-TICKET", "The golden ticket is used in its holder's own turn.");
    }
    if (c->st->players[holder].in_jail)
        return refuse(c, "TWT-TICKET", "A player in Jail must leave it before travelling.");
    if (!valid_dest(c->b, d))
        return refuse(c, "TWT-TICKET", "The destination is unknown.");
    c->st->ticket_used = true;
    effect_add(c, OUT_TICKET, holder)->action = TICKET_USE;
    move_to(c, holder, c->b->dests[d].space, false);
    return 0;
}

/* ---- trades, corrections, the end ------------------------------------------------------- */

/* Check that seat can give side: cash it has, destinations it owns (each once), Get Out
 * of Jail Free cards it holds (TWT-TRADE). Returns 0 or -1 (refused). */
static int trade_check_side(struct ctx *c, int seat, const struct trade_side *s)
{
    const struct player_state *p = &c->st->players[seat];
    if (s->cash < 0 || s->jail_cards < 0 || s->ndests < 0 || s->ndests > c->b->ndests)
        return refuse(c, "TWT-TRADE", "A trade gives whole, non-negative amounts.");
    if (s->cash > p->cash)
        return refuse(c, "TWT-TRADE", "A player cannot give more cash than they have.");
    if (s->jail_cards > p->jail_cards)
        return refuse(c, "TWT-TRADE", "A player cannot give Jail cards they do not hold.");
    for (int i = 0; i < s->ndests; i++) {
        int d = s->dests[i];
        if (!valid_dest(c->b, d) || c->st->dests[d].owner != seat)
            return refuse(c, "TWT-TRADE", "A player can give only destinations they own.");
        for (int j = 0; j < i; j++)
            if (s->dests[j] == d)
                return refuse(c, "TWT-TRADE", "A destination is listed twice in a trade.");
    }
    return 0;
}

/* Hand side from seat to the other seat. This function can't fail. */
static void trade_give(struct ctx *c, int from, int to, const struct trade_side *s)
{
    pay(c, from, to, s->cash, "trade");
    for (int i = 0; i < s->ndests; i++) {
        c->st->dests[s->dests[i]].owner = to;
        struct rules_effect *e = effect_add(c, OUT_OWNER, to);
        e->dest = s->dests[i];
        e->from = from;
        e->to = to;
    }
    c->st->players[from].jail_cards -= s->jail_cards;
    c->st->players[to].jail_cards += s->jail_cards;
}

/* trade {a, b, a_gives, b_gives}: any time, on any terms (TWT-TRADE); a stamp stays
 * with its stamper (TWT-GOAL-3). */
static int ev_trade(struct ctx *c)
{
    const struct rules_event *ev = c->ev;
    if (!valid_seat(c->st, ev->a) || !valid_seat(c->st, ev->b) || ev->a == ev->b)
        return refuse(c, "TWT-TRADE", "A trade is between two different seated players.");
    if (trade_check_side(c, ev->a, &ev->a_gives) != 0 ||
        trade_check_side(c, ev->b, &ev->b_gives) != 0)
        return -1;
    trade_give(c, ev->a, ev->b, &ev->a_gives);
    trade_give(c, ev->b, ev->a, &ev->b_gives);
    return 0;
}

/* adjust {player, amount}: a correction the table agreed on; cash stays >= 0 (TWT-CASH). */
static int ev_adjust(struct ctx *c)
{
    int seat = c->ev->player, amount = c->ev->amount;
    if (!valid_seat(c->st, seat))
        return refuse(c, "TWT-CASH", "The player to adjust is not seated.");
    int cash = c->st->players[seat].cash;
    if (amount < 0 && cash < -(long long)amount)
        return refuse(c, "TWT-CASH", "Cash never goes below zero: the player has %d.", cash);
    if (amount > 0 && amount > INT_MAX - cash)
        return refuse(c, "TWT-CASH", "That much cash cannot be held.");
    if (amount > 0)
        pay(c, -1, seat, amount, "adjust");
    else
        pay(c, seat, -1, amount == INT_MIN ? INT_MAX : -amount, "adjust");
    return 0;
}

/* end {winner?}: finished with a winner, or abandoned. */
static int ev_end(struct ctx *c)
{
    int w = c->ev->winner;
    if (w >= 0 && !valid_seat(c->st, w))
        return refuse(c, "TWT-WIN", "The winner is not seated in this game.");
    if (w < 0) {
        c->st->status = STATUS_ABANDONED;
        c->st->winner = -1;
        pending_clear(&c->st->pending);
        return 0;
    }
    win(c, w);
    return 0;
}

/* stamp_goal {player, dest} (journal mode): the table stamped a goal on the board. */
static int ev_stamp_goal(struct ctx *c)
{
    int seat = c->ev->player, d = c->ev->dest;
    if (!valid_seat(c->st, seat))
        return refuse(c, "TWT-GOAL-2", "The player who stamped is not seated.");
    if (!valid_dest(c->b, d))
        return refuse(c, "TWT-GOAL-2", "The destination is unknown.");
    if (c->st->dests[d].stamped_by >= 0)
        return refuse(c, "TWT-GOAL-3", "That destination is already stamped in this game.");
    board_stamp(c, seat, d);
    return 0;
}

/* ---- dispatch ----------------------------------------------------------------------------- */

/* The rule that governs an event type, for refusals of the event as a whole. */
static const char *event_rule(enum event_type t)
{
    switch (t) {
    case EVENT_ROLL: return "TWT-TURN-1";
    case EVENT_BUY: return "TWT-BUY";
    case EVENT_AUCTION: return "TWT-AUCTION";
    case EVENT_COLLECT_FEE: return "TWT-FEE";
    case EVENT_DRAW_CHANCE:
    case EVENT_CHOOSE: return "TWT-CHANCE";
    case EVENT_DRAW_JOURNAL: return "TWT-JOURNAL-1";
    case EVENT_FLY: return "TWT-FLIGHT-LOCAL";
    case EVENT_USE_TICKET: return "TWT-TICKET";
    case EVENT_GOAL_JUMP: return "TWT-GOAL-JUMP";
    case EVENT_JAIL_PAY:
    case EVENT_JAIL_CARD: return "TWT-JAIL-2";
    case EVENT_TRADE: return "TWT-TRADE";
    case EVENT_ADJUST: return "TWT-CASH";
    case EVENT_STAMP_GOAL: return "TWT-GOAL-2";
    case EVENT_NOTE:
    case EVENT_END: return "TWT-WIN";
    case EVENT_CORRECT: return "TWT-SETUP-1";
    }
    return "TWT-TURN-1";
}

/* May this event happen in this game at all: status (409 once over, but notes) and
 * mode (422 for the other mode's events). Returns 0 or -1 (refused). */
static int check_allowed(struct ctx *c)
{
    enum event_type t = c->ev->type;
    if ((int)t < 0 || (int)t >= NEVENTS)
        return refuse(c, "TWT-TURN-1", "The event type is unknown.");
    if (t == EVENT_NOTE)
        return 0;
    if (c->st->status != STATUS_ACTIVE)
        return conflict(c, "TWT-WIN", "The game is %s; only notes can be added.",
                        c->st->status == STATUS_FINISHED ? "finished" : "abandoned");
    bool both = t == EVENT_DRAW_JOURNAL || t == EVENT_END;
    if (c->st->mode == MODE_BANKER && t == EVENT_STAMP_GOAL)
        return refuse(c, event_rule(t),
                      "In banker mode landings stamp the board; "
                      "stamp_goal is for journal mode.");
    if (c->st->mode == MODE_JOURNAL && !both && t != EVENT_STAMP_GOAL)
        return refuse(c, event_rule(t),
                      "In journal mode only draw_journal, stamp_goal, note "
                      "and end are logged.");
    return 0;
}

/* True when the pending decision's indexes fit the board and the seats. */
static bool pending_valid(const struct board *b, const struct game_state *st)
{
    const struct pending *p = &st->pending;
    if (p->kind == PENDING_NONE)
        return true;
    if (!valid_seat(st, p->seat))
        return false;
    switch (p->kind) {
    case PENDING_BUY_OR_AUCTION: return valid_dest(b, p->dest);
    case PENDING_FEE: return valid_dest(b, p->dest) && valid_seat(st, p->owner);
    case PENDING_DRAW: return p->deck == DECK_CHANCE || p->deck == DECK_JOURNAL;
    case PENDING_CHOOSE:
        if (p->noptions < 0 || p->noptions > BOARD_MAX_DESTS)
            return false;
        for (int i = 0; i < p->noptions; i++)
            if (!valid_dest(b, p->options[i]))
                return false;
        return true;
    case PENDING_NONE: return true;
    }
    return false;
}

/* True when every index in st fits the board, so no look-up can go out of bounds. A
 * state read back from JSON passes unless it was tampered with. */
static bool state_valid(const struct board *b, const struct game_state *st)
{
    if (st->nplayers < RULES_MIN_PLAYERS || st->nplayers > RULES_MAX_PLAYERS)
        return false;
    if (st->mode != MODE_BANKER && st->mode != MODE_JOURNAL)
        return false;
    if (b->ndests < 0 || b->ndests > BOARD_MAX_DESTS || b->nchance < 0 ||
        b->nchance > BOARD_MAX_CARDS || b->njournal < 0 || b->njournal > BOARD_MAX_CARDS)
        return false;
    if (!valid_seat(st, st->turn.seat) || st->ticket_holder >= st->nplayers)
        return false;
    for (int i = 0; i < st->nplayers; i++) {
        const struct player_state *p = &st->players[i];
        if (p->position < 0 || p->position >= BOARD_SPACES || p->cash < 0)
            return false;
    }
    for (int d = 0; d < b->ndests; d++)
        if (st->dests[d].owner >= st->nplayers || st->dests[d].stamped_by >= st->nplayers)
            return false;
    for (int j = 0; j < b->njournal; j++)
        if (st->journal[j].nstamps < 0 || st->journal[j].nstamps > BOARD_MAX_SLOTS)
            return false;
    return pending_valid(b, st);
}

/* Run the handler of the event on the working state. Returns 0 or -1 (refused). */
static int dispatch(struct ctx *c)
{
    switch (c->ev->type) {
    case EVENT_ROLL: return ev_roll(c);
    case EVENT_BUY: return ev_buy(c);
    case EVENT_AUCTION: return ev_auction(c);
    case EVENT_COLLECT_FEE: return ev_collect_fee(c);
    case EVENT_DRAW_CHANCE: return ev_draw_chance(c);
    case EVENT_DRAW_JOURNAL: return ev_draw_journal(c);
    case EVENT_CHOOSE: return ev_choose(c);
    case EVENT_FLY: return ev_fly(c);
    case EVENT_USE_TICKET: return ev_use_ticket(c);
    case EVENT_GOAL_JUMP: return ev_goal_jump(c);
    case EVENT_JAIL_PAY: return ev_jail_pay(c);
    case EVENT_JAIL_CARD: return ev_jail_card(c);
    case EVENT_TRADE: return ev_trade(c);
    case EVENT_ADJUST: return ev_adjust(c);
    case EVENT_NOTE: return 0;
    case EVENT_END: return ev_end(c);
    case EVENT_STAMP_GOAL: return ev_stamp_goal(c);
    case EVENT_CORRECT:
        return refuse(c, "TWT-SETUP-1",
                      "A correction changes the game's own board copy: "
                      "correct_apply() applies it.");
    }
    return refuse(c, "TWT-TURN-1", "The event type is unknown.");
}

/* ---- the interface ------------------------------------------------------------------------ */

/* Check the seats of a new game: 2..4, known tokens, distinct players and tokens. */
static int check_seats(struct ctx *c, const struct rules_seat *seats, int nseats)
{
    if (seats == NULL || nseats < RULES_MIN_PLAYERS || nseats > RULES_MAX_PLAYERS)
        return refuse(c, "TWT-SETUP-1", "A game seats 2 to 4 players.");
    for (int i = 0; i < nseats; i++) {
        if (seats[i].token < 0 || seats[i].token >= c->b->ntokens)
            return refuse(c, "TWT-SETUP-1", "Seat %d plays an unknown token.", i + 1);
        for (int j = 0; j < i; j++) {
            if (seats[j].player == seats[i].player)
                return refuse(c, "TWT-SETUP-1", "A player takes only one seat.");
            if (seats[j].token == seats[i].token)
                return refuse(c, "TWT-SETUP-1", "A token is played by one player at most.");
        }
    }
    return 0;
}

int rules_init(const struct board *b, enum game_mode mode, int64_t game,
               const struct rules_seat *seats, int nseats, const struct journal_state *journal,
               struct game_state *st, struct rules_outcome *out)
{
    struct ctx c = {.b = b, .st = st, .out = out};
    c.out->neffects = 0;
    memset(&c.out->refusal, 0, sizeof c.out->refusal);
    if (mode != MODE_BANKER && mode != MODE_JOURNAL)
        return refuse(&c, "TWT-SETUP-1", "A game is played in banker or journal mode.");
    if (check_seats(&c, seats, nseats) != 0)
        return -1;
    for (int j = 0; journal != NULL && j < b->njournal && j < BOARD_MAX_CARDS; j++)
        if (journal[j].nstamps < 0 || journal[j].nstamps > BOARD_MAX_SLOTS)
            return refuse(&c, "TWT-JOURNAL-2", "A Travel Journal card holds too many stamps.");
    memset(st, 0, sizeof *st);
    st->game = game;
    st->mode = mode;
    st->status = STATUS_ACTIVE;
    st->winner = -1;
    st->nplayers = nseats;
    for (int i = 0; i < nseats; i++) {
        struct player_state *p = &st->players[i];
        p->id = seats[i].player;
        snprintf(p->name, sizeof p->name, "%s", seats[i].name != NULL ? seats[i].name : "");
        p->token = seats[i].token;
        p->cash = mode == MODE_BANKER ? b->start_cash : 0;
    }
    for (int d = 0; d < BOARD_MAX_DESTS; d++) {
        st->dests[d].owner = -1;
        st->dests[d].stamped_by = -1;
    }
    pending_clear(&st->pending);
    st->ticket_holder = -1;
    for (int j = 0; journal != NULL && j < b->njournal && j < BOARD_MAX_CARDS; j++)
        memcpy(&st->journal[j], &journal[j], sizeof st->journal[j]);
    return 0;
}

int rules_apply(const struct board *b, enum stamp_owner policy, struct game_state *st,
                const struct rules_event *ev, struct rules_outcome *out)
{
    struct game_state work;
    struct ctx c = {.b = b, .policy = policy, .st = &work, .ev = ev, .out = out};
    c.out->neffects = 0;
    memset(&c.out->refusal, 0, sizeof c.out->refusal);
    memcpy(&work, st, sizeof work);
    int rc = 0;
    if (!state_valid(b, st))
        rc = refuse(&c, "TWT-SETUP-1", "The game state does not fit the board.");
    if (rc == 0)
        rc = check_allowed(&c);
    if (rc == 0)
        rc = dispatch(&c);
    if (rc == 0 && c.overflow)
        rc = refuse(&c, event_rule(ev->type), "The event has more effects than can be listed.");
    if (rc != 0) {
        c.out->neffects = 0;
        return -1;
    }
    work.seq = ev->seq;
    memcpy(st, &work, sizeof *st);
    return 0;
}

int rules_seat_of(const struct game_state *st, int64_t player)
{
    for (int i = 0; i < st->nplayers && i < RULES_MAX_PLAYERS; i++)
        if (st->players[i].id == player)
            return i;
    return -1;
}

int rules_next_seat(const struct game_state *st)
{
    if (!st->turn.rolled || st->nplayers <= 0)
        return st->turn.seat;
    return (st->turn.seat + 1) % st->nplayers;
}

bool rules_is_goal(const struct board *b, const struct game_state *st, int seat, int dest)
{
    if (seat < 0)
        return false;
    for (int i = 0; i < b->ndests && i < BOARD_MAX_DESTS; i++)
        if (st->dests[i].owner == seat && b->dests[i].goal == dest)
            return true;
    return false;
}

const char *rules_event_name(enum event_type t)
{
    if ((int)t < 0 || (int)t >= NEVENTS)
        return "unknown";
    return event_names[t];
}

int rules_event_from_name(const char *name)
{
    for (int i = 0; name != NULL && i < NEVENTS; i++)
        if (strcmp(event_names[i], name) == 0)
            return i;
    return -1;
}
