/* rules.c -- the Travel World Tour rules engine: one event in, a new state and its effects out. */
#include "rules.h"
#include "outcome.h"

#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* One apply: the board, the state it changes and the answer. rules_apply() hands it a
 * private copy of the state, written back only when the event is accepted. */
struct ctx {
    const struct board *b;
    enum stamp_owner policy;
    struct game_state *st;
    const struct rules_event *ev;
    struct rules_outcome *out;
    bool overflow;             /* more effects than RULES_MAX_EFFECTS */
    struct rules_effect spill; /* where effects past the limit go */
};

/* Where an event type may be logged: in which mode, and once the game is over. */
enum event_where { IN_BANKER = 1, IN_JOURNAL = 2, ONCE_OVER = 4 };

/* One event type, a row of the table at the end of this file (README "How it is built"):
 * its API.md name and fields, the RULES.md rule that refuses it as a whole, where it may
 * be logged, the function that checks and applies it, the one that lists it in
 * state.options (NULL: never listed; the table's order is the options' order, but for
 * the OFFER_LAST rows, listed after all others), how its option is taken (enum
 * rules_offer) and the decision it answers: listed only while the game waits on that one
 * (PENDING_NONE: whenever its lister finds it). */
struct event_def {
    enum event_type type;
    const char *name;
    const char *const fields[RULES_EVENT_FIELDS];
    const char *rule;
    unsigned where;
    int (*apply)(struct ctx *c);
    void (*list)(const struct board *b, const struct game_state *st, struct rules_options *opts,
                 enum event_type t);
    unsigned offer;
    enum pending_kind answers;
};

/* The row of type t, or NULL for a type outside the table. This function can't fail. */
static const struct event_def *event_def(enum event_type t);

/* ---- refusals and effects ------------------------------------------------------------ */

int rules_refuse(struct rules_outcome *out, enum rules_refusal_kind kind, const char *rule,
                 const char *fmt, ...)
{
    out->refusal.kind = kind;
    REFUSAL_WRITE(out->refusal, rule, fmt);
    return -1;
}

#define refuse(c, rule, ...) rules_refuse((c)->out, RULES_REFUSED, (rule), __VA_ARGS__)
#define conflict(c, rule, ...) rules_refuse((c)->out, RULES_CONFLICT, (rule), __VA_ARGS__)

/* A new effect of this kind for seat at the end of the outcome, every other field set
 * to "none" (-1 or 0). Never NULL: past RULES_MAX_EFFECTS it hands out a scratch record
 * and marks the call as overflowing, which refuses the event. */
static struct rules_effect *effect_add(struct ctx *c, enum effect_out_kind kind, int player)
{
    struct rules_effect *e =
        OUTCOME_SLOT(c->out->effects, c->out->neffects, RULES_MAX_EFFECTS, c->spill, c->overflow);
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

/* How much more cash a player holding cash may take: none past RULES_CASH_MAX (10^9, the
 * most money the API holds; the Bank keeps the rest). This function can't fail. */
static int cash_room(int cash)
{
    return cash < RULES_CASH_MAX ? RULES_CASH_MAX - cash : 0;
}

/* Move up to amount from seat `from` to seat `to` (-1: the Bank, RULES_POT: the Free
 * Parking pot). A player pays what they have (TWT-CASH) and takes no more than
 * cash_room(). Lists one OUT_PAY when money moved. Returns the amount moved. This
 * function can't fail. */
static int pay(struct ctx *c, int from, int to, int amount, const char *reason)
{
    int n = amount > 0 ? amount : 0;
    if (from >= 0 && c->st->players[from].cash < n)
        n = c->st->players[from].cash;
    if (to >= 0 && n > cash_room(c->st->players[to].cash))
        n = cash_room(c->st->players[to].cash);
    if (to == RULES_POT && n > cash_room(c->st->pot))
        to = -1; /* a pot of 10^9 takes no more: the Bank does */
    if (n == 0 || from == to)
        return 0;
    if (from >= 0)
        c->st->players[from].cash -= n;
    if (to >= 0)
        c->st->players[to].cash += n;
    if (to == RULES_POT)
        c->st->pot += n;
    struct rules_effect *e = effect_add(c, OUT_PAY, from >= 0 ? from : to);
    e->from = from;
    e->to = to;
    e->amount = n;
    e->reason = reason;
    return n;
}

/* Seat pays amount to the Bank: a tax, the Jail fine or a card. Under the Free Parking
 * jackpot it goes into the pot instead (HOUSE-FREE-PARKING). Returns the amount paid.
 * This function can't fail. */
static int pay_bank(struct ctx *c, int seat, int amount, const char *reason)
{
    return pay(c, seat, c->st->house.free_parking == FREE_PARKING_JACKPOT ? RULES_POT : -1, amount,
               reason);
}

/* The Bank pays seat the GO salary (TWT-GO), times `times` (HOUSE-GO-LANDING). This
 * function can't fail. */
static void salary(struct ctx *c, int seat, int times)
{
    struct player_state *p = &c->st->players[seat];
    int n = c->b->go_salary > 0 ? c->b->go_salary * times : 0;
    if (n > cash_room(p->cash))
        n = cash_room(p->cash);
    if (n == 0)
        return;
    p->cash += n;
    effect_add(c, OUT_SALARY, seat)->amount = n;
}

/* ---- house rules (RULES.md §1b) --------------------------------------------------------- */

static const char *const house_rule_ids[HOUSE_NSWITCHES] = {
    [HOUSE_GOAL_JUMP] = "HOUSE-GOAL-JUMP",   [HOUSE_TRAVEL_PAYS_GO] = "HOUSE-TRAVEL-GO",
    [HOUSE_GO_LANDING] = "HOUSE-GO-LANDING", [HOUSE_FREE_PARKING] = "HOUSE-FREE-PARKING",
    [HOUSE_AUCTION] = "HOUSE-AUCTION",       [HOUSE_FEES] = "HOUSE-FEES",
    [HOUSE_STAMPS_TO_WIN] = "HOUSE-WIN",     [HOUSE_STARTING_CASH] = "HOUSE-CASH",
};

struct house_rules rules_house_official(void)
{
    return (struct house_rules){
        .goal_jump = GOAL_JUMP_NEXT_TURN,
        .travel_pays_go = 1,
        .go_landing = 200,
        .free_parking = FREE_PARKING_NOTHING,
        .auction = 1,
        .fees = FEES_ASK,
        .stamps_to_win = RULES_WIN_STAMPS,
        .starting_cash = 1500,
    };
}

struct house_rules rules_house_legacy(void)
{
    struct house_rules hr = rules_house_official();
    hr.goal_jump = GOAL_JUMP_ANY_TURN;
    hr.travel_pays_go = 0;
    return hr;
}

/* The value of switch sw of hr as an int (booleans 0/1). This function can't fail. */
static int house_value(const struct house_rules *hr, enum house_switch sw)
{
    switch (sw) {
    case HOUSE_GOAL_JUMP: return (int)hr->goal_jump;
    case HOUSE_TRAVEL_PAYS_GO: return hr->travel_pays_go;
    case HOUSE_GO_LANDING: return hr->go_landing;
    case HOUSE_FREE_PARKING: return (int)hr->free_parking;
    case HOUSE_AUCTION: return hr->auction;
    case HOUSE_FEES: return (int)hr->fees;
    case HOUSE_STAMPS_TO_WIN: return hr->stamps_to_win;
    case HOUSE_STARTING_CASH: return hr->starting_cash;
    case HOUSE_NSWITCHES: break;
    }
    return 0;
}

int rules_house_invalid(const struct house_rules *hr)
{
    for (int sw = 0; sw < HOUSE_NSWITCHES; sw++) {
        int v = house_value(hr, (enum house_switch)sw);
        bool ok;
        switch ((enum house_switch)sw) {
        case HOUSE_GO_LANDING: ok = v == 200 || v == RULES_GO_LANDING_DOUBLE; break;
        case HOUSE_STAMPS_TO_WIN: ok = v >= RULES_STAMPS_MIN && v <= RULES_STAMPS_MAX; break;
        case HOUSE_STARTING_CASH:
            ok =
                v >= RULES_START_CASH_MIN && v <= RULES_START_CASH_MAX && v % RULES_MONEY_UNIT == 0;
            break;
        default: ok = v == 0 || v == 1; break; /* the enums and booleans have two values */
        }
        if (!ok)
            return sw;
    }
    return -1;
}

bool rules_house_differs(const struct house_rules *hr, enum house_switch sw)
{
    struct house_rules official = rules_house_official();
    return house_value(hr, sw) != house_value(&official, sw);
}

const char *rules_house_rule(enum house_switch sw)
{
    return (int)sw >= 0 && sw < HOUSE_NSWITCHES ? house_rule_ids[sw] : "HOUSE-RULES";
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

void rules_pending_clear(struct pending *p)
{
    memset(p, 0, sizeof *p);
    p->kind = PENDING_NONE;
    p->seat = -1;
    p->dest = -1;
}

/* True when a decision must be made before the game moves on (every pending kind
 * blocks; tour fees are not pending decisions). This function can't fail. */
static bool pending_blocks(const struct pending *p)
{
    return p->kind != PENDING_NONE;
}

/* The rule of a pending decision, for refusals while it blocks. This function can't fail. */
static const char *pending_rule(const struct pending *p)
{
    if (p->kind == PENDING_BUY_OR_AUCTION)
        return "TWT-BUY";
    if (p->kind == PENDING_DRAW && p->deck == DECK_JOURNAL)
        return "TWT-JOURNAL-1";
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

/* The index of the holder of a journal stamp tonight under policy (TWT-JOURNAL-5), or
 * -1 when no one of holders[0..n) has it. This function can't fail. */
static int stamp_holder(enum stamp_owner policy, const struct rules_holder *holders, int n,
                        const struct journal_stamp *s)
{
    for (int i = 0; i < n; i++) {
        const struct rules_holder *h = &holders[i];
        if (policy == STAMP_OWNER_TOKEN ? h->token >= 0 && h->token == s->token
                                        : h->player == s->player)
            return i;
    }
    return -1;
}

/* ---- Get Out of Jail Free cards held ----------------------------------------------------- */

/* The seat holding card of deck, or -1 when it is in its deck (TWT-JAIL-2). This function
 * can't fail. */
static int held_by(const struct game_state *st, enum deck deck, int card)
{
    for (int i = 0; i < st->nplayers; i++)
        for (int k = 0; k < st->players[i].jail_cards && k < RULES_MAX_HELD; k++)
            if (st->players[i].held[k].deck == deck && st->players[i].held[k].card == card)
                return i;
    return -1;
}

/* p now holds card h (newest last). False when p holds as many as can be tracked. */
static bool held_add(struct player_state *p, struct held_card h)
{
    if (p->jail_cards < 0 || p->jail_cards >= RULES_MAX_HELD)
        return false;
    p->held[p->jail_cards++] = h;
    return true;
}

/* Take p's n oldest cards (n <= p->jail_cards) into out (NULL: they go back to their
 * decks). This function can't fail. */
static void held_take(struct player_state *p, int n, struct held_card *out)
{
    if (out != NULL)
        memcpy(out, p->held, sizeof p->held[0] * (size_t)n);
    memmove(&p->held[0], &p->held[n], sizeof p->held[0] * (size_t)(p->jail_cards - n));
    p->jail_cards -= n;
    for (int k = p->jail_cards; k < p->jail_cards + n; k++)
        p->held[k] = (struct held_card){DECK_CHANCE, -1}; /* unused entries read as none */
}

/* Refuse to draw card of deck while a player holds it (TWT-JAIL-2). Returns 0 or -1. */
static int check_not_held(struct ctx *c, enum deck deck, int card)
{
    int h = held_by(c->st, deck, card);
    if (h < 0)
        return 0;
    return refuse(c, "TWT-JAIL-2",
                  "%s holds that Get Out of Jail Free card: it is out of the deck until used.",
                  c->st->players[h].name);
}

/* ---- tour fees due ---------------------------------------------------------------------- */

/* Owner may ask payer the fee of destination d until the next player rolls (TWT-FEE);
 * past RULES_MAX_FEES the oldest lapses. This function can't fail. */
static void fee_add(struct game_state *st, int d, int owner, int payer, int amount)
{
    if (st->nfees >= RULES_MAX_FEES) {
        memmove(&st->fees[0], &st->fees[1], sizeof st->fees[0] * (RULES_MAX_FEES - 1));
        st->nfees = RULES_MAX_FEES - 1;
    }
    struct fee_due *f = &st->fees[st->nfees++];
    f->dest = d;
    f->owner = owner;
    f->payer = payer;
    f->amount = amount;
    f->earlier = 0;
}

/* Remove fee i from the fees due. This function can't fail. */
static void fee_remove(struct game_state *st, int i)
{
    memmove(&st->fees[i], &st->fees[i + 1], sizeof st->fees[0] * (size_t)(st->nfees - i - 1));
    st->nfees--;
    memset(&st->fees[st->nfees], 0, sizeof st->fees[0]); /* unused entries are zero */
}

/* A roll: every fee owed from an earlier turn was not asked before the next player
 * rolled and lapses (TWT-FEE); they are kept in st->lapsed until the next roll. */
static void fees_lapse(struct game_state *st)
{
    st->nlapsed = 0;
    memset(st->lapsed, 0, sizeof st->lapsed);
    for (int i = 0; i < st->nfees;) {
        if (st->fees[i].earlier) {
            st->lapsed[st->nlapsed++] = st->fees[i];
            fee_remove(st, i);
        } else {
            i++;
        }
    }
}

/* The game is over: no fee can be asked any more. This function can't fail. */
static void fees_clear(struct game_state *st)
{
    st->nfees = 0;
    st->nlapsed = 0;
    memset(st->fees, 0, sizeof st->fees);
    memset(st->lapsed, 0, sizeof st->lapsed);
}

/* ---- board stamps, the end and Jail --------------------------------------------------- */

/* Seat wins: the game ends at once (TWT-WIN). This function can't fail. */
static void win(struct ctx *c, int seat)
{
    c->st->status = STATUS_FINISHED;
    c->st->winner = seat;
    rules_pending_clear(&c->st->pending);
    fees_clear(c->st);
    c->st->turn.can_fly = false;
    effect_add(c, OUT_WIN, seat);
}

/* Seat stamps destination d (TWT-GOAL-2); the fourth stamp wins. This function can't fail. */
static void board_stamp(struct ctx *c, int seat, int d)
{
    c->st->dests[d].stamped_by = seat;
    effect_add(c, OUT_BOARD_STAMP, seat)->dest = d;
    if (rules_board_stamps(c->b, c->st, seat) >= c->st->house.stamps_to_win)
        win(c, seat);
}

int rules_board_stamps(const struct board *b, const struct game_state *st, int seat)
{
    int n = 0;
    for (int d = 0; d < b->ndests; d++)
        n += st->dests[d].stamped_by == seat;
    return n;
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
        rules_pending_clear(&st->pending);
        st->pending.kind = PENDING_BUY_OR_AUCTION;
        st->pending.seat = seat;
        st->pending.dest = d;
    } else if (owner != seat && !goal) {
        const struct destination *dd = &c->b->dests[d];
        int fee = owns_set(c->b, st, owner, d) ? dd->set_fee : dd->fee;
        if (st->house.fees == FEES_ASK)
            fee_add(st, d, owner, seat, fee);
        else if (pay(c, seat, owner, fee, "fee") > 0) /* HOUSE-FEES: paid at the landing */
            c->out->effects[c->out->neffects - 1].dest = d;
    }
}

/* Landing on Chance or Travel Journal: the lander must draw (none if the deck is empty). */
static void land_draw(struct ctx *c, int seat, enum deck deck)
{
    int ncards = deck == DECK_CHANCE ? c->b->nchance : c->b->njournal;
    if (ncards <= 0)
        return;
    rules_pending_clear(&c->st->pending);
    c->st->pending.kind = PENDING_DRAW;
    c->st->pending.seat = seat;
    c->st->pending.deck = deck;
}

/* Landing on Free Parking: the lander takes the pot under the jackpot (HOUSE-FREE-PARKING),
 * and the first lander takes the golden ticket (TWT-FREE-PARKING). */
static void land_free_parking(struct ctx *c, int seat)
{
    struct player_state *p = &c->st->players[seat];
    int n = c->st->pot < cash_room(p->cash) ? c->st->pot : cash_room(p->cash);
    if (n > 0) {
        c->st->pot -= n;
        p->cash += n;
        effect_add(c, OUT_POT, seat)->amount = n;
    }
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
    case SPACE_TAX: pay_bank(c, seat, sp->amount, "tax"); break;
    case SPACE_FREE_PARKING: land_free_parking(c, seat); break;
    case SPACE_GO_TO_JAIL: send_to_jail(c, seat); break;
    case SPACE_GO:
    case SPACE_JAIL: break;
    }
}

/* Put seat on space, with the GO salary `passed_go` times (0: none), then carry out the
 * space. */
static void arrive(struct ctx *c, int seat, int space, int passed_go)
{
    struct player_state *p = &c->st->players[seat];
    struct rules_effect *e = effect_add(c, OUT_MOVE, seat);
    e->from = p->position;
    e->to = space;
    p->position = space;
    c->st->turn.can_fly = false;
    if (passed_go > 0)
        salary(c, seat, passed_go);
    land(c, seat);
}

/* Move seat steps spaces (negative: backwards); the salary is paid when with_salary
 * and the move passes or lands on GO going forward (TWT-GO), twice for landing exactly
 * on GO when the house says so (HOUSE-GO-LANDING: with_salary is a dice move). */
static void move_by(struct ctx *c, int seat, int steps, bool with_salary)
{
    int from = c->st->players[seat].position;
    int to = ((from + steps) % BOARD_SPACES + BOARD_SPACES) % BOARD_SPACES;
    bool passed = with_salary && steps > 0 && from + steps >= BOARD_SPACES;
    bool doubled = to == 0 && c->st->house.go_landing == RULES_GO_LANDING_DOUBLE;
    arrive(c, seat, to, passed ? (doubled ? 2 : 1) : 0);
}

/* Move seat clockwise straight to space; the salary is paid when with_salary and the
 * move passes or lands on GO (TWT-GO). */
static void move_to(struct ctx *c, int seat, int space, bool with_salary)
{
    arrive(c, seat, space, with_salary && space < c->st->players[seat].position ? 1 : 0);
}

/* ---- card effects ----------------------------------------------------------------------- */

/* A move_to_colour card: seat must choose among every destination of those colours. */
static void offer_colours(struct ctx *c, int seat, const struct effect *e)
{
    struct pending *p = &c->st->pending;
    rules_pending_clear(p);
    for (int d = 0; d < c->b->ndests; d++)
        for (int k = 0; k < e->ncolours && k < BOARD_MAX_COLOURS; k++)
            if (strncmp(c->b->dests[d].colour, e->colours[k], BOARD_SLUG_MAX) == 0) {
                p->options[p->noptions++] = d;
                break;
            }
    if (p->noptions == 0) {
        rules_pending_clear(p);
        return;
    }
    p->kind = PENDING_CHOOSE;
    p->seat = seat;
}

/* Apply the Chance-style effect of card of deck to seat; reason names the deck for
 * payments. */
static void apply_effect(struct ctx *c, int seat, enum deck deck, int card, const char *reason)
{
    const struct effect *e =
        deck == DECK_CHANCE ? &c->b->chance[card].effect : &c->b->journal[card].drawer;
    switch (e->kind) {
    case EFFECT_NONE: break;
    case EFFECT_COLLECT: pay(c, -1, seat, e->amount, reason); break;
    case EFFECT_PAY: pay_bank(c, seat, e->amount, reason); break;
    case EFFECT_MOVE_TO:
        if (e->space >= 0 && e->space < BOARD_SPACES)
            move_to(c, seat, e->space, e->salary);
        break;
    case EFFECT_MOVE_TO_COLOUR: offer_colours(c, seat, e); break;
    case EFFECT_MOVE_BY: move_by(c, seat, e->steps % BOARD_SPACES, false); break;
    case EFFECT_GO_TO_JAIL: send_to_jail(c, seat); break;
    case EFFECT_JAIL_FREE:
        if (!held_add(&c->st->players[seat], (struct held_card){deck, card}))
            c->overflow = true;
        break;
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
    c->st->players[t->seat].jump_now = 0;
    t->seat = (t->seat + 1) % c->st->nplayers;
    struct player_state *p = &c->st->players[t->seat];
    p->jump_now = p->jump_next; /* TWT-GOAL-JUMP: earned since their last turn */
    p->jump_next = 0;
    t->doubles = 0;
    t->rolls = 0;
    t->rolled = false;
    t->jumped = false;
    t->can_fly = false;
    for (int i = 0; i < c->st->nfees; i++)
        c->st->fees[i].earlier = 1; /* askable until this new turn's first roll */
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
    if (p->jail_attempts < RULES_JAIL_TRIES)
        return;
    pay_bank(c, seat, RULES_JAIL_FINE, "jail");
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
    fees_lapse(c->st);
    int seat = c->st->turn.seat;
    c->st->players[seat].jump_now = 0; /* the goal jumps lapse at the roll */
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

/* jail_pay: a choice that needs 50: pay it, leave Jail, then roll as usual (TWT-JAIL-2). */
static int ev_jail_pay(struct ctx *c)
{
    int seat = jail_seat(c);
    if (seat < 0)
        return -1;
    if (c->st->players[seat].cash < RULES_JAIL_FINE)
        return refuse(c, "TWT-JAIL-2",
                      "Paying to leave Jail needs %d; %s has %d and tries for a double.",
                      RULES_JAIL_FINE, c->st->players[seat].name, c->st->players[seat].cash);
    pay_bank(c, seat, RULES_JAIL_FINE, "jail");
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
    held_take(&c->st->players[seat], 1, NULL); /* back to the bottom of its deck */
    leave_jail(c, seat);
    return 0;
}

/* True when the goal jump to destination d is offered to seat at the start of this turn:
 * under the rulebook's reading only in the first turn after they came to hold that card
 * (TWT-GOAL-JUMP: each jump has its own window, and one that lapsed is not offered again
 * because another is due), under the house's at any turn (HOUSE-GOAL-JUMP). This
 * function can't fail. */
static bool jump_offered(const struct game_state *st, int seat, int d)
{
    return st->house.goal_jump == GOAL_JUMP_ANY_TURN || (st->players[seat].jump_now >> d & 1);
}

/* goal_jump {dest}: at the start of a turn, move to an owned, unstamped goal and stamp
 * it; the turn then goes on; passing GO pays (TWT-GOAL-JUMP, TWT-GO). */
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
    if (!jump_offered(c->st, seat, d))
        return refuse(c, "TWT-GOAL-JUMP",
                      "The goal jump is offered at the start of the next turn after coming to "
                      "hold the card, and lapses at that turn's roll.");
    c->st->turn.jumped = true;
    c->st->players[seat].jump_now = 0;
    move_to(c, seat, c->b->dests[d].space, c->st->house.travel_pays_go);
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
    rules_pending_clear(&c->st->pending);
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
    if (w < 0 && price > 0) /* a bid the table forgot to name the winner of */
        return refuse(c, "TWT-AUCTION", "A winning bid of %d needs its winner.", price);
    if (w < 0) {
        rules_pending_clear(&c->st->pending);
        return 0;
    }
    if (!c->st->house.auction)
        return refuse(c, "HOUSE-AUCTION",
                      "This game plays without auctions: a destination the lander does not buy "
                      "stays with the Bank.");
    if (!valid_seat(c->st, w))
        return refuse(c, "TWT-AUCTION", "The auction's winner is not seated in this game.");
    if (price < RULES_MIN_BID || price % RULES_MONEY_UNIT != 0)
        return refuse(c, "TWT-AUCTION", "A winning bid is at least 10, in steps of 10.");
    if (price > c->st->players[w].cash)
        return refuse(c, "TWT-AUCTION", "The winner has %d, less than the bid of %d.",
                      c->st->players[w].cash, price);
    sell(c, w, p->dest, price, "auction");
    return 0;
}

/* The index in st->fees of the latest fee due on d (any destination for -1), or -1. */
static int fee_find(const struct game_state *st, int d)
{
    for (int i = st->nfees - 1; i >= 0; i--)
        if (d < 0 || st->fees[i].dest == d)
            return i;
    return -1;
}

/* collect_fee {destination?}: the owner asked in time (the latest fee due by default);
 * the lander pays what they can (TWT-FEE, TWT-CASH). */
static int ev_collect_fee(struct ctx *c)
{
    int i = fee_find(c->st, c->ev->dest);
    if (i < 0)
        return refuse(c, "TWT-FEE",
                      "No tour fee is owed %s: it was never due, already paid, or asked "
                      "too late.",
                      c->ev->dest >= 0 ? "on that destination" : "now");
    struct fee_due f = c->st->fees[i];
    fee_remove(c->st, i);
    if (pay(c, f.payer, f.owner, f.amount, "fee") > 0)
        c->out->effects[c->out->neffects - 1].dest = f.dest; /* the fee's destination */
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
    if (check_not_held(c, DECK_CHANCE, card) != 0)
        return -1;
    int seat = p->seat;
    rules_pending_clear(&c->st->pending);
    apply_effect(c, seat, DECK_CHANCE, card, "chance");
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
            rules_pending_clear(&c->st->pending);
            move_to(c, seat, c->b->dests[c->ev->dest].space, false);
            return 0;
        }
    return refuse(c, "TWT-CHANCE", "That destination is not one the card offers.");
}

/* What one stamp on card is worth to its holder when the card is drawn with nseats
 * seated (negative: the holder pays), before TWT-CASH (TWT-JOURNAL-4). */
static long long stamp_value(const struct journal_card *card, int nseats)
{
    long long amt = card->per_stamp_amount;
    switch (card->per_stamp) {
    case PER_STAMP_COLLECT: return amt;
    case PER_STAMP_PAY: return -amt;
    case PER_STAMP_COLLECT_FROM_EACH: return amt * (nseats - 1);
    case PER_STAMP_NONE: break;
    }
    return 0;
}

int rules_journal_payouts(const struct journal_card *card, const struct journal_state *js,
                          enum stamp_owner policy, const struct rules_holder *holders, int n,
                          struct rules_payout *out)
{
    int count[RULES_MAX_HOLDERS] = {0};
    int nout = 0;
    if (n <= 0)
        return 0;
    if (n > RULES_MAX_HOLDERS)
        n = RULES_MAX_HOLDERS;
    for (int i = 0; i < js->nstamps && i < BOARD_MAX_SLOTS; i++) {
        int h = stamp_holder(policy, holders, n, &js->stamps[i]);
        if (h >= 0)
            count[h]++;
    }
    for (int h = 0; h < n; h++)
        if (count[h] > 0) {
            out[nout].holder = h;
            out[nout].stamps = count[h];
            out[nout].amount = stamp_value(card, n) * count[h];
            nout++;
        }
    return nout;
}

/* Move what k stamps on card pay seat in banker mode, stamp by stamp, each payer paying
 * what they have (TWT-JOURNAL-4, TWT-CASH). Returns the net amount seat got. */
static long long stamp_pay(struct ctx *c, const struct journal_card *card, int seat, int k)
{
    long long total = 0;
    int amt = card->per_stamp_amount;
    for (int i = 0; i < k; i++) {
        if (card->per_stamp == PER_STAMP_COLLECT)
            total += pay(c, -1, seat, amt, "journal");
        else if (card->per_stamp == PER_STAMP_PAY)
            total -= pay_bank(c, seat, amt, "journal");
        else if (card->per_stamp == PER_STAMP_COLLECT_FROM_EACH)
            for (int q = 0; q < c->st->nplayers; q++)
                if (q != seat)
                    total += pay(c, q, seat, amt, "journal");
    }
    return total;
}

/* Pay every stamp on card ci to its holder seated tonight, one payout per holder; in
 * journal mode only reckon it (TWT-JOURNAL-4, TWT-JOURNAL-6). */
static void journal_payouts(struct ctx *c, int ci)
{
    const struct journal_card *card = &c->b->journal[ci];
    struct rules_holder holders[RULES_MAX_PLAYERS];
    struct rules_payout pay_out[RULES_MAX_PLAYERS];
    if (card->per_stamp == PER_STAMP_NONE)
        return;
    for (int i = 0; i < c->st->nplayers; i++) {
        holders[i].player = c->st->players[i].id;
        holders[i].token = c->st->players[i].token;
    }
    int n = rules_journal_payouts(card, &c->st->journal[ci], c->policy, holders, c->st->nplayers,
                                  pay_out);
    for (int i = 0; i < n; i++) {
        int h = pay_out[i].holder;
        long long total = c->st->mode == MODE_BANKER ? stamp_pay(c, card, h, pay_out[i].stamps)
                                                     : pay_out[i].amount;
        struct rules_effect *e = effect_add(c, OUT_JOURNAL_PAYOUT, h);
        e->card = ci;
        e->token = c->st->players[h].token;
        e->stamps = pay_out[i].stamps;
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
    if (check_not_held(c, DECK_JOURNAL, ci) != 0)
        return -1;
    if (c->st->mode == MODE_BANKER)
        rules_pending_clear(&c->st->pending);
    journal_stamp(c, seat, ci);
    journal_payouts(c, ci);
    if (c->st->mode == MODE_BANKER)
        apply_effect(c, seat, DECK_JOURNAL, ci, "journal");
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
 * any destination and carries it out; passing GO pays (TWT-TICKET, TWT-GO). */
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
    if (c->b->dests[d].space == c->st->players[holder].position)
        return refuse(c, "TWT-TICKET",
                      "The ticket moves its holder to another space than the one they stand on.");
    c->st->ticket_used = true;
    effect_add(c, OUT_TICKET, holder)->action = TICKET_USE;
    move_to(c, holder, c->b->dests[d].space, c->st->house.travel_pays_go);
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
    struct held_card cards[RULES_MAX_HELD];
    held_take(&c->st->players[from], s->jail_cards, cards);
    for (int i = 0; i < s->jail_cards; i++)
        if (!held_add(&c->st->players[to], cards[i]))
            c->overflow = true;
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

/* adjust {player, amount}: a correction the table agreed on, in tens; cash stays within
 * 0..10^9 (TWT-CASH, API.md). */
static int ev_adjust(struct ctx *c)
{
    int seat = c->ev->player, amount = c->ev->amount;
    if (!valid_seat(c->st, seat))
        return refuse(c, "TWT-CASH", "The player to adjust is not seated.");
    if (amount % RULES_MONEY_UNIT != 0)
        return refuse(c, "TWT-CASH", "Every amount in the game is a multiple of %d.",
                      RULES_MONEY_UNIT);
    long long cash = c->st->players[seat].cash;
    if (cash + amount < 0)
        return refuse(c, "TWT-CASH", "Cash never goes below zero: the player has %lld.", cash);
    if (cash + amount > RULES_CASH_MAX)
        return refuse(c, "TWT-CASH", "Cash stays within %d.", RULES_CASH_MAX);
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
        rules_pending_clear(&c->st->pending);
        fees_clear(c->st);
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

/* May this event happen in this game at all: status (409 once over, but notes) and
 * mode (422 for the other mode's events). Returns 0 or -1 (refused). */
static int check_allowed(struct ctx *c)
{
    const struct event_def *d = event_def(c->ev->type);
    if (d == NULL)
        return refuse(c, "TWT-TURN-1", "The event type is unknown.");
    if (d->where & ONCE_OVER)
        return 0;
    if (c->st->status != STATUS_ACTIVE)
        return conflict(c, "TWT-WIN", "The game is %s; only notes can be added.",
                        c->st->status == STATUS_FINISHED ? "finished" : "abandoned");
    if (c->st->mode == MODE_BANKER && !(d->where & IN_BANKER))
        return refuse(c, d->rule,
                      "In banker mode landings stamp the board; %s is for journal mode.", d->name);
    if (c->st->mode == MODE_JOURNAL && !(d->where & IN_JOURNAL))
        return refuse(c, d->rule,
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

/* True when a player's place, cash and held cards fit the board. This function can't fail. */
static bool player_valid(const struct board *b, const struct player_state *p)
{
    if (p->position < 0 || p->position >= BOARD_SPACES || p->cash < 0)
        return false;
    if (p->jail_cards < 0 || p->jail_cards > RULES_MAX_HELD)
        return false;
    for (int k = 0; k < p->jail_cards; k++) {
        const struct held_card *h = &p->held[k];
        int n = h->deck == DECK_CHANCE ? b->nchance : h->deck == DECK_JOURNAL ? b->njournal : 0;
        if (h->card < -1 || h->card >= n)
            return false;
    }
    return true;
}

/* True when the fees due and lapsed name destinations and seats of the game. */
static bool fees_valid(const struct board *b, const struct game_state *st)
{
    if (st->nfees < 0 || st->nfees > RULES_MAX_FEES || st->nlapsed < 0 ||
        st->nlapsed > RULES_MAX_FEES)
        return false;
    for (int i = 0; i < st->nfees + st->nlapsed; i++) {
        const struct fee_due *f = i < st->nfees ? &st->fees[i] : &st->lapsed[i - st->nfees];
        if (!valid_dest(b, f->dest) || !valid_seat(st, f->owner) || !valid_seat(st, f->payer))
            return false;
    }
    return true;
}

/* True when every index in st fits the board, so no look-up can go out of bounds. A
 * state read back from JSON passes unless it was tampered with. */
static bool state_valid(const struct board *b, const struct game_state *st)
{
    if (st->nplayers < RULES_MIN_PLAYERS || st->nplayers > RULES_MAX_PLAYERS)
        return false;
    if (st->mode != MODE_BANKER && st->mode != MODE_JOURNAL)
        return false;
    if (rules_house_invalid(&st->house) >= 0 || st->pot < 0 || st->pot > RULES_CASH_MAX)
        return false;
    if (b->ndests < 0 || b->ndests > BOARD_MAX_DESTS || b->nchance < 0 ||
        b->nchance > BOARD_MAX_CARDS || b->njournal < 0 || b->njournal > BOARD_MAX_CARDS)
        return false;
    if (!valid_seat(st, st->turn.seat) || st->ticket_holder >= st->nplayers)
        return false;
    for (int i = 0; i < st->nplayers; i++)
        if (!player_valid(b, &st->players[i]))
            return false;
    if (!fees_valid(b, st))
        return false;
    for (int d = 0; d < b->ndests; d++)
        if (st->dests[d].owner >= st->nplayers || st->dests[d].stamped_by >= st->nplayers)
            return false;
    for (int j = 0; j < b->njournal; j++)
        if (st->journal[j].nstamps < 0 || st->journal[j].nstamps > BOARD_MAX_SLOTS)
            return false;
    return pending_valid(b, st);
}

/* note {text}: a remark for the log; it changes nothing. */
static int ev_note(struct ctx *c)
{
    (void)c;
    return 0;
}

/* correct: a fix of the box, applied by correct_apply() (correct.h), never here. */
static int ev_correct(struct ctx *c)
{
    return refuse(c, "TWT-SETUP-1",
                  "A correction changes the game's own board copy: "
                  "correct_apply() applies it.");
}

/* ---- the goal jump earned (TWT-GOAL-JUMP) ---------------------------------------------------- */

void rules_jumpable(const struct board *b, const struct game_state *st, uint64_t *bits)
{
    uint64_t owned[RULES_MAX_PLAYERS] = {0}, goals[RULES_MAX_PLAYERS] = {0}, stamped = 0;
    for (int d = 0; d < b->ndests && d < BOARD_MAX_DESTS; d++) {
        int o = st->dests[d].owner, g = b->dests[d].goal;
        if (st->dests[d].stamped_by >= 0)
            stamped |= (uint64_t)1 << d;
        if (o < 0 || o >= RULES_MAX_PLAYERS)
            continue;
        owned[o] |= (uint64_t)1 << d;
        if (g >= 0 && g < BOARD_MAX_DESTS)
            goals[o] |= (uint64_t)1 << g;
    }
    for (int i = 0; i < st->nplayers; i++)
        bits[i] = owned[i] & goals[i] & ~stamped;
}

void rules_jump_earn(const struct board *b, struct game_state *st, const uint64_t *before)
{
    uint64_t after[RULES_MAX_PLAYERS];
    rules_jumpable(b, st, after);
    for (int i = 0; i < st->nplayers; i++)
        st->players[i].jump_next |= after[i] & ~before[i];
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
    return rules_init_house(b, mode, game, NULL, seats, nseats, journal, st, out);
}

int rules_init_house(const struct board *b, enum game_mode mode, int64_t game,
                     const struct house_rules *hr, const struct rules_seat *seats, int nseats,
                     const struct journal_state *journal, struct game_state *st,
                     struct rules_outcome *out)
{
    struct ctx c = {.b = b, .st = st, .out = out};
    struct house_rules house = rules_house_official();
    c.out->neffects = 0;
    memset(&c.out->refusal, 0, sizeof c.out->refusal);
    if (hr != NULL)
        house = *hr;
    else
        house.starting_cash = b->start_cash;
    int bad = hr != NULL ? rules_house_invalid(hr) : -1;
    if (bad >= 0)
        return refuse(&c, rules_house_rule((enum house_switch)bad),
                      "The house rule %s has a value outside its range.",
                      rules_house_rule((enum house_switch)bad));
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
    st->house = house;
    st->status = STATUS_ACTIVE;
    st->winner = -1;
    st->nplayers = nseats;
    for (int i = 0; i < nseats; i++) {
        struct player_state *p = &st->players[i];
        p->id = seats[i].player;
        snprintf(p->name, sizeof p->name, "%s", seats[i].name != NULL ? seats[i].name : "");
        p->token = seats[i].token;
        p->cash = mode == MODE_BANKER ? house.starting_cash : 0;
        for (int k = 0; k < RULES_MAX_HELD; k++)
            p->held[k].card = -1;
    }
    for (int d = 0; d < BOARD_MAX_DESTS; d++) {
        st->dests[d].owner = -1;
        st->dests[d].stamped_by = -1;
    }
    rules_pending_clear(&st->pending);
    st->ticket_holder = -1;
    for (int j = 0; journal != NULL && j < b->njournal && j < BOARD_MAX_CARDS; j++)
        memcpy(&st->journal[j], &journal[j], sizeof st->journal[j]);
    return 0;
}

/* Apply ev to work, a state known to fit the board, in place: on refusal work may be
 * half changed and is to be thrown away. Returns 0 or -1 (out->refusal says why). */
static int apply_in_place(const struct board *b, enum stamp_owner policy, struct game_state *work,
                          const struct rules_event *ev, struct rules_outcome *out)
{
    struct ctx c = {.b = b, .policy = policy, .st = work, .ev = ev, .out = out};
    uint64_t jumpable[RULES_MAX_PLAYERS] = {0};
    int rc = check_allowed(&c);
    if (rc == 0)
        rules_jumpable(b, work, jumpable);
    if (rc == 0)
        rc = event_def(ev->type)->apply(&c);
    if (rc == 0)
        rules_jump_earn(b, work, jumpable);
    if (rc == 0 && c.overflow)
        rc =
            refuse(&c, event_def(ev->type)->rule, "The event has more effects than can be listed.");
    if (rc != 0) {
        out->neffects = 0;
        return -1;
    }
    work->seq = ev->seq;
    return 0;
}

struct rules_event rules_event_new(enum event_type t)
{
    struct rules_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = t;
    ev.player = -1;
    ev.d1 = -1;
    ev.d2 = -1;
    ev.card = -1;
    ev.dest = -1;
    ev.winner = -1;
    ev.price = -1;
    ev.a = -1;
    ev.b = -1;
    return ev;
}

int rules_apply_in_place(const struct board *b, enum stamp_owner policy, struct game_state *st,
                         const struct rules_event *ev, struct rules_outcome *out)
{
    out->neffects = 0;
    memset(&out->refusal, 0, sizeof out->refusal);
    if (!state_valid(b, st))
        return rules_refuse(out, RULES_REFUSED, "TWT-SETUP-1",
                            "The game state does not fit the board.");
    return apply_in_place(b, policy, st, ev, out);
}

int rules_apply(const struct board *b, enum stamp_owner policy, struct game_state *st,
                const struct rules_event *ev, struct rules_outcome *out)
{
    struct game_state work;
    memcpy(&work, st, sizeof work);
    if (rules_apply_in_place(b, policy, &work, ev, out) != 0)
        return -1;
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

/* ---- the legal events now (state.options) ------------------------------------------------ */

/* An option of type t for seat (none for an OFFER_ANYONE type) with every other field
 * "none". This function can't fail. */
static struct rules_option option_new(enum event_type t, int seat)
{
    struct rules_option o;
    memset(&o, 0, sizeof o);
    o.type = t;
    o.player = rules_event_offer(t) & OFFER_ANYONE ? -1 : seat;
    o.dest = -1;
    o.owner = -1;
    o.space = -1;
    o.amount = -1;
    return o;
}

struct rules_event rules_option_event(const struct rules_option *o, int k, int d1, int d2)
{
    unsigned offer = rules_event_offer(o->type);
    struct rules_event ev = rules_event_new(o->type);
    int x = o->ndests > 0 && k >= 0 && k < o->ndests && k < BOARD_MAX_DESTS ? o->dests[k] : o->dest;
    if (offer & OFFER_CARDS)
        ev.card = x;
    else
        ev.dest = x;
    if (offer & OFFER_DICE) {
        ev.player = o->player;
        ev.d1 = d1;
        ev.d2 = d2;
    }
    return ev;
}

/* rules.h */
void rules_state_copy(const struct board *b, struct game_state *dst, const struct game_state *src)
{
    const size_t head = offsetof(struct game_state, journal);
    const size_t tail = head + sizeof src->journal;
    int rows = b->njournal < 0 ? 0 : b->njournal > BOARD_MAX_CARDS ? BOARD_MAX_CARDS : b->njournal;
    memcpy(dst, src, head);
    memcpy(dst->journal, src->journal, (size_t)rows * sizeof src->journal[0]);
    memcpy((char *)dst + tail, (const char *)src + tail, sizeof *dst - tail);
}

/* Try option o on opts->scratch, a copy of st as far as the engine reads it
 * (rules_state_copy()), applied in place (st was checked against the board once, by
 * rules_options): list it when the engine accepts it, else list it as refused with the
 * engine's reason. This function can't fail. */
static void option_offer(const struct board *b, const struct game_state *st,
                         struct rules_options *opts, struct rules_option o)
{
    struct rules_event ev = rules_option_event(&o, 0, 1, 2);
    rules_state_copy(b, &opts->scratch, st);
    ev.seq = st->seq + 1;
    opts->out.neffects = 0;
    memset(&opts->out.refusal, 0, sizeof opts->out.refusal);
    if (apply_in_place(b, STAMP_OWNER_TOKEN, &opts->scratch, &ev, &opts->out) == 0) {
        if (opts->n < RULES_MAX_OPTIONS)
            opts->list[opts->n++] = o;
        return;
    }
    o.rule = opts->out.refusal.rule;
    memcpy(o.detail, opts->out.refusal.detail, sizeof o.detail);
    if (opts->nrefused < RULES_MAX_OPTIONS)
        opts->refused[opts->nrefused++] = o;
}

/* buy and auction: the destination just landed on waits for one (TWT-BUY, TWT-AUCTION). */
static void options_buy_or_auction(const struct board *b, const struct game_state *st,
                                   struct rules_options *opts, enum event_type t)
{
    const struct pending *p = &st->pending;
    struct rules_option o = option_new(t, p->seat);
    o.dest = p->dest;
    if (t == EVENT_BUY)
        o.amount = b->dests[p->dest].price;
    else
        o.amount = st->house.auction ? RULES_MIN_BID : 0; /* 0: no bids (HOUSE-AUCTION) */
    option_offer(b, st, opts, o);
}

/* draw_chance, draw_journal: the cards of the deck due that may be drawn (held ones are
 * out). This function can't fail. */
static void options_draw(const struct board *b, const struct game_state *st,
                         struct rules_options *opts, enum event_type t)
{
    const struct pending *p = &st->pending;
    if ((p->deck == DECK_JOURNAL) != (t == EVENT_DRAW_JOURNAL))
        return;
    struct rules_option o = option_new(t, p->seat);
    o.deck = p->deck;
    int ncards = p->deck == DECK_JOURNAL ? b->njournal : b->nchance;
    for (int k = 0; k < ncards && o.ndests < BOARD_MAX_DESTS; k++)
        if (held_by(st, p->deck, k) < 0)
            o.dests[o.ndests++] = k;
    option_offer(b, st, opts, o);
}

/* choose: the destinations a card offers. This function can't fail. */
static void options_choose(const struct board *b, const struct game_state *st,
                           struct rules_options *opts, enum event_type t)
{
    const struct pending *p = &st->pending;
    struct rules_option o = option_new(t, p->seat);
    for (int i = 0; i < p->noptions; i++)
        o.dests[o.ndests++] = p->options[i];
    option_offer(b, st, opts, o);
}

/* collect_fee: every fee still askable, the latest first (TWT-FEE). */
static void options_fees(const struct board *b, const struct game_state *st,
                         struct rules_options *opts, enum event_type t)
{
    for (int i = st->nfees - 1; i >= 0; i--) {
        struct rules_option o = option_new(t, st->fees[i].payer);
        o.dest = st->fees[i].dest;
        o.owner = st->fees[i].owner;
        o.amount = st->fees[i].amount;
        option_offer(b, st, opts, o);
    }
}

/* fly: the flight from the space the current player just landed on, where it reaches
 * and what it costs (TWT-FLIGHT-LOCAL, TWT-FLIGHT-LONG). This function can't fail. */
static void options_fly(const struct board *b, const struct game_state *st,
                        struct rules_options *opts, enum event_type t)
{
    int seat = st->turn.seat, at = st->players[seat].position;
    enum space_kind k = b->spaces[at].kind;
    if (!st->turn.can_fly || (k != SPACE_FLIGHT_LOCAL && k != SPACE_FLIGHT_LONG))
        return;
    struct rules_option o = option_new(t, seat);
    o.space = at;
    o.amount = k == SPACE_FLIGHT_LOCAL ? RULES_FLIGHT_LOCAL_COST : RULES_FLIGHT_LONG_COST;
    for (int d = 0; d < b->ndests; d++)
        if (k == SPACE_FLIGHT_LONG || local_reach(b, at, b->dests[d].space))
            o.dests[o.ndests++] = d;
    if (o.ndests > 0)
        option_offer(b, st, opts, o);
}

/* use_ticket: the golden ticket, for its holder in their own turn or at its very start. */
static void options_ticket(const struct board *b, const struct game_state *st,
                           struct rules_options *opts, enum event_type t)
{
    int holder = st->ticket_holder;
    if (holder < 0 || st->ticket_used ||
        (holder != st->turn.seat && !(st->turn.rolled && holder == rules_next_seat(st))))
        return;
    struct rules_option o = option_new(t, holder);
    for (int d = 0; d < b->ndests; d++)
        if (b->dests[d].space != st->players[holder].position) /* TWT-TICKET: not a move */
            o.dests[o.ndests++] = d;
    if (o.ndests > 0)
        option_offer(b, st, opts, o);
}

/* True at the start of a turn: of the current player before any roll or jump, or of the
 * next player once the current one has no roll left. This function can't fail. */
static bool turn_at_start(const struct game_state *st)
{
    return st->turn.rolled || (st->turn.rolls == 0 && !st->turn.jumped);
}

/* jail_pay, jail_card: Jail's ways out at the start of a turn (TWT-JAIL-2); amount is
 * the fine, or the cards held. This function can't fail. */
static void options_jail(const struct board *b, const struct game_state *st,
                         struct rules_options *opts, enum event_type t)
{
    int seat = rules_next_seat(st);
    const struct player_state *p = &st->players[seat];
    if (!turn_at_start(st) || !p->in_jail || (t == EVENT_JAIL_CARD && p->jail_cards <= 0))
        return;
    struct rules_option o = option_new(t, seat);
    o.amount = t == EVENT_JAIL_PAY ? RULES_JAIL_FINE : p->jail_cards;
    option_offer(b, st, opts, o);
}

/* goal_jump: the owned, unstamped goals a free player may jump to at the start of the
 * turn it is offered in (TWT-GOAL-JUMP, HOUSE-GOAL-JUMP). This function can't fail. */
static void options_goal_jump(const struct board *b, const struct game_state *st,
                              struct rules_options *opts, enum event_type t)
{
    int seat = rules_next_seat(st);
    const struct player_state *p = &st->players[seat];
    if (!turn_at_start(st) || p->in_jail)
        return;
    /* TWT-GOAL-JUMP: the jumps whose window this turn is (the event would begin seat's
     * turn when the current one is over) */
    uint64_t window = st->house.goal_jump == GOAL_JUMP_ANY_TURN ? ~(uint64_t)0
                      : st->turn.rolled                         ? p->jump_next
                                                                : p->jump_now;
    struct rules_option o = option_new(t, seat);
    for (int d = 0; d < b->ndests; d++)
        if ((window >> d & 1) && st->dests[d].owner == seat && st->dests[d].stamped_by < 0 &&
            rules_is_goal(b, st, seat, d))
            o.dests[o.ndests++] = d;
    if (o.ndests > 0)
        option_offer(b, st, opts, o);
}

/* roll: the player due at the dice, with Jail's try and fine when in Jail. */
static void options_roll(const struct board *b, const struct game_state *st,
                         struct rules_options *opts, enum event_type t)
{
    int seat = rules_next_seat(st);
    struct rules_option roll = option_new(t, seat);
    if (st->players[seat].in_jail) {
        roll.jail_try = st->players[seat].jail_attempts + 1;
        roll.jail_tries = RULES_JAIL_TRIES;
        roll.amount = RULES_JAIL_FINE;
    }
    option_offer(b, st, opts, roll);
}

/* ---- the event types ------------------------------------------------------------------- */

#define BOTH_MODES (IN_BANKER | IN_JOURNAL)

/* Every event type, one row each, in the order state.options lists them (the OFFER_LAST
 * rows after all others). A new event type is a value of enum event_type (rules.h), a row
 * here with its function (and its lister and rules_offer bits when the table may be
 * offered it), and a row in the codec (event_json.c): README "How it is built". */
static const struct event_def event_defs[] = {
    {EVENT_BUY,
     "buy",
     {NULL},
     "TWT-BUY",
     IN_BANKER,
     ev_buy,
     options_buy_or_auction,
     0,
     PENDING_BUY_OR_AUCTION},
    {EVENT_AUCTION,
     "auction",
     {"winner", "price"},
     "TWT-AUCTION",
     IN_BANKER,
     ev_auction,
     options_buy_or_auction,
     OFFER_ANYONE,
     PENDING_BUY_OR_AUCTION},
    {EVENT_DRAW_CHANCE,
     "draw_chance",
     {"card"},
     "TWT-CHANCE",
     IN_BANKER,
     ev_draw_chance,
     options_draw,
     OFFER_CARDS,
     PENDING_DRAW},
    {EVENT_DRAW_JOURNAL,
     "draw_journal",
     {"card", "player", "stamp_owner"},
     "TWT-JOURNAL-1",
     BOTH_MODES,
     ev_draw_journal,
     options_draw,
     OFFER_CARDS,
     PENDING_DRAW},
    {EVENT_CHOOSE,
     "choose",
     {"destination"},
     "TWT-CHANCE",
     IN_BANKER,
     ev_choose,
     options_choose,
     0,
     PENDING_CHOOSE},
    {EVENT_COLLECT_FEE,
     "collect_fee",
     {"destination"},
     "TWT-FEE",
     IN_BANKER,
     ev_collect_fee,
     options_fees,
     0,
     PENDING_NONE},
    {EVENT_FLY, "fly", {"to"}, "TWT-FLIGHT-LOCAL", IN_BANKER, ev_fly, options_fly, 0, PENDING_NONE},
    {EVENT_USE_TICKET,
     "use_ticket",
     {"to"},
     "TWT-TICKET",
     IN_BANKER,
     ev_use_ticket,
     options_ticket,
     0,
     PENDING_NONE},
    {EVENT_JAIL_PAY,
     "jail_pay",
     {NULL},
     "TWT-JAIL-2",
     IN_BANKER,
     ev_jail_pay,
     options_jail,
     0,
     PENDING_NONE},
    {EVENT_JAIL_CARD,
     "jail_card",
     {NULL},
     "TWT-JAIL-2",
     IN_BANKER,
     ev_jail_card,
     options_jail,
     0,
     PENDING_NONE},
    {EVENT_GOAL_JUMP,
     "goal_jump",
     {"destination"},
     "TWT-GOAL-JUMP",
     IN_BANKER,
     ev_goal_jump,
     options_goal_jump,
     0,
     PENDING_NONE},
    {EVENT_ROLL,
     "roll",
     {"d1", "d2", "player"},
     "TWT-TURN-1",
     IN_BANKER,
     ev_roll,
     options_roll,
     OFFER_DICE | OFFER_LAST,
     PENDING_NONE},
    {EVENT_STAMP_GOAL,
     "stamp_goal",
     {"player", "destination"},
     "TWT-GOAL-2",
     IN_JOURNAL,
     ev_stamp_goal,
     NULL,
     0,
     PENDING_NONE},
    {EVENT_TRADE,
     "trade",
     {"a", "b", "a_gives", "b_gives"},
     "TWT-TRADE",
     IN_BANKER,
     ev_trade,
     NULL,
     0,
     PENDING_NONE},
    {EVENT_ADJUST,
     "adjust",
     {"player", "amount", "reason"},
     "TWT-CASH",
     IN_BANKER,
     ev_adjust,
     NULL,
     0,
     PENDING_NONE},
    {EVENT_NOTE,
     "note",
     {"text"},
     "TWT-WIN",
     BOTH_MODES | ONCE_OVER,
     ev_note,
     NULL,
     0,
     PENDING_NONE},
    {EVENT_END, "end", {"winner", "reason"}, "TWT-WIN", BOTH_MODES, ev_end, NULL, 0, PENDING_NONE},
    {EVENT_CORRECT,
     "correct",
     {"what", "id", "fields", "before"},
     "TWT-SETUP-1",
     IN_BANKER,
     ev_correct,
     NULL,
     0,
     PENDING_NONE},
};

#define NEVENTS ((int)(sizeof event_defs / sizeof event_defs[0]))
_Static_assert(NEVENTS == EVENT_COUNT, "event_defs has a row per event type");

static const struct event_def *event_def(enum event_type t)
{
    for (int i = 0; i < NEVENTS; i++)
        if (event_defs[i].type == t)
            return &event_defs[i];
    return NULL;
}

const char *rules_event_name(enum event_type t)
{
    const struct event_def *d = event_def(t);
    return d != NULL ? d->name : "unknown";
}

int rules_event_from_name(const char *name)
{
    for (int i = 0; name != NULL && i < NEVENTS; i++)
        if (strcmp(event_defs[i].name, name) == 0)
            return (int)event_defs[i].type;
    return -1;
}

const char *const *rules_event_fields(enum event_type t)
{
    const struct event_def *d = event_def(t);
    return d != NULL ? d->fields : NULL;
}

unsigned rules_event_offer(enum event_type t)
{
    const struct event_def *d = event_def(t);
    return d != NULL && d->list != NULL ? d->offer : 0;
}

void rules_options(const struct board *b, const struct game_state *st, struct rules_options *opts)
{
    opts->n = 0;
    opts->nrefused = 0;
    if (st->mode != MODE_BANKER || st->status != STATUS_ACTIVE || !state_valid(b, st))
        return;
    for (int last = 0; last <= 1; last++) {
        for (int i = 0; i < NEVENTS; i++) {
            const struct event_def *d = &event_defs[i];
            if (d->list != NULL && !(d->offer & OFFER_LAST) == !last &&
                (d->answers == PENDING_NONE || d->answers == st->pending.kind))
                d->list(b, st, opts, d->type);
        }
    }
}
