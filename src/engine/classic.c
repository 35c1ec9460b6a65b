/* classic.c -- the classic Monopoly and Wonders bank: the tables, the house rules, the
 * box helpers, a new game, and the dispatch of one event to its rule. */
#include "classic.h"

#include "classic_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- the event table (README "How it is built") -------------------------------- */

static const struct classic_event_info event_infos[] = {
    {CLASSIC_EV_ROLL, "roll", {"d1", "d2", "player", NULL}, "CLASSIC-TURN", 1, 1, 0},
    {CLASSIC_EV_BUY, "buy", {NULL}, "CLASSIC-BUY", 1, 1, 0},
    {CLASSIC_EV_AUCTION, "auction", {"winner", "price", NULL}, "CLASSIC-AUCTION", 1, 0, 0},
    {CLASSIC_EV_COLLECT_RENT, "collect_rent", {"space", NULL}, "CLASSIC-RENT-ASK", 1, 1, 0},
    {CLASSIC_EV_DRAW_CHANCE, "draw_chance", {"card", NULL}, "CLASSIC-CARDS", 1, 1, 0},
    {CLASSIC_EV_DRAW_COMMUNITY, "draw_community", {"card", NULL}, "CLASSIC-CARDS", 1, 1, 0},
    {CLASSIC_EV_PAY_OR_CHANCE, "pay_or_chance", {"choice", NULL}, "CLASSIC-CARDS", 1, 1, 0},
    {CLASSIC_EV_BUILD, "build", {"space", "price", NULL}, "CLASSIC-BUILD", 1, 1, 0},
    {CLASSIC_EV_SELL_BUILDING, "sell_building", {"space", "houses", NULL}, "CLASSIC-SELL", 1, 1, 0},
    {CLASSIC_EV_MORTGAGE, "mortgage", {"space", NULL}, "CLASSIC-MORTGAGE", 1, 1, 0},
    {CLASSIC_EV_UNMORTGAGE, "unmortgage", {"space", NULL}, "CLASSIC-MORTGAGE", 1, 1, 0},
    {CLASSIC_EV_TRADE,
     "trade",
     {"a", "b", "a_gives", "b_gives", "lift", NULL},
     "CLASSIC-TRADE",
     0,
     0,
     0},
    {CLASSIC_EV_PAY_DEBT, "pay_debt", {NULL}, "CLASSIC-DEBT", 1, 1, 0},
    {CLASSIC_EV_BANKRUPT, "bankrupt", {"lift", NULL}, "CLASSIC-BANKRUPT", 1, 1, 0},
    {CLASSIC_EV_JAIL_PAY, "jail_pay", {NULL}, "CLASSIC-JAIL-OUT", 1, 1, 0},
    {CLASSIC_EV_JAIL_CARD, "jail_card", {"deck", NULL}, "CLASSIC-JAIL-OUT", 1, 1, 0},
    {CLASSIC_EV_TICK, "tick", {"space", NULL}, "WONDERS-FLIGHT", 1, 1, 0},
    {CLASSIC_EV_DEAL, "deal", {"player", "spaces", NULL}, "CLASSIC-SHORT", 1, 1, 0},
    {CLASSIC_EV_ADJUST, "adjust", {"player", "amount", "reason", NULL}, "CLASSIC-BANK", 0, 0, 0},
    {CLASSIC_EV_NOTE, "note", {"text", NULL}, "CLASSIC-END", 0, 0, 1},
    {CLASSIC_EV_CORRECT,
     "correct",
     {"what", "id", "fields", "before", NULL},
     "CLASSIC-SETUP",
     0,
     0,
     0},
    {CLASSIC_EV_END, "end", {"winner", "reason", NULL}, "CLASSIC-END", 0, 0, 0},
};

_Static_assert(sizeof event_infos / sizeof event_infos[0] == CLASSIC_EV_COUNT,
               "the event table has one row per classic event type");

const struct classic_event_info *classic_event_info(enum classic_event_type t)
{
    if ((int)t < 0 || t >= CLASSIC_EV_COUNT)
        return NULL;
    return &event_infos[t];
}

int classic_event_from_name(const char *name)
{
    for (int i = 0; name != NULL && i < CLASSIC_EV_COUNT; i++)
        if (strcmp(event_infos[i].name, name) == 0)
            return i;
    return -1;
}

static const char *const effect_names[] = {
    "move",       "salary", "pay",      "rent",  "build", "sell_building", "mortgage",
    "unmortgage", "debt",   "bankrupt", "tick",  "pot",   "jail",          "jail_free",
    "win",        "deal",   "card",     "owner", "lapse",
};

_Static_assert(sizeof effect_names / sizeof effect_names[0] == CLASSIC_FX_KIND_COUNT,
               "one name per classic effect kind");

/* names[k] of a table of n names; none for a k outside it. This function can't fail. */
static const char *classic_name_in(const char *const names[], int n, int k, const char *none)
{
    return k >= 0 && k < n ? names[k] : none;
}

const char *classic_effect_name(enum classic_effect_kind k)
{
    return classic_name_in(effect_names, CLASSIC_FX_KIND_COUNT, (int)k, "unknown");
}

bool classic_effect_moves_money(const struct classic_effect *e)
{
    switch (e->kind) {
    case CLASSIC_FX_SALARY:
    case CLASSIC_FX_PAY:
    case CLASSIC_FX_RENT:
    case CLASSIC_FX_BUILD:
    case CLASSIC_FX_SELL_BUILDING:
    case CLASSIC_FX_MORTGAGE:
    case CLASSIC_FX_UNMORTGAGE:
    case CLASSIC_FX_POT: return e->amount > 0;
    default: return false;
    }
}

/* ---- names ------------------------------------------------------------------------ */

const char *classic_pending_name(enum classic_pending_kind k)
{
    static const char *const names[] = {"none",          "buy_or_auction",     "draw",
                                        "pay_or_chance", "bankruptcy_auction", "flight"};
    _Static_assert(sizeof names / sizeof names[0] == CLASSIC_PENDING_KIND_COUNT,
                   "one name per pending kind");
    return classic_name_in(names, CLASSIC_PENDING_KIND_COUNT, (int)k, "none");
}

const char *classic_deck_name(enum classic_deck d)
{
    return d == CLASSIC_DECK_COMMUNITY ? "community" : "chance";
}

const char *classic_debt_reason_name(enum classic_debt_reason r)
{
    static const char *const names[] = {"rent", "tax", "card", "jail_fine", "mortgage_fee"};
    _Static_assert(sizeof names / sizeof names[0] == CLASSIC_DEBT_REASON_COUNT,
                   "one name per debt reason");
    return classic_name_in(names, CLASSIC_DEBT_REASON_COUNT, (int)r, "unknown");
}

const char *classic_variant_name(enum classic_variant v)
{
    switch (v) {
    case CLASSIC_VARIANT_SHORT: return "short";
    case CLASSIC_VARIANT_TIMED: return "timed";
    default: return "standard";
    }
}

/* ---- house rules ------------------------------------------------------------------ */

struct classic_house_rules classic_house_official(void)
{
    struct classic_house_rules hr;
    memset(&hr, 0, sizeof hr);
    hr.free_parking = CLASSIC_FREE_PARKING_NOTHING;
    hr.auction = 1;
    hr.go_landing = 200;
    hr.starting_cash = 0;
    hr.jail_double = CLASSIC_JAIL_DOUBLE_MOVE;
    hr.rent = CLASSIC_RENT_ASK;
    hr.variant = CLASSIC_VARIANT_STANDARD;
    return hr;
}

int classic_house_invalid(const struct classic_house_rules *hr)
{
    if (hr->free_parking != CLASSIC_FREE_PARKING_NOTHING &&
        hr->free_parking != CLASSIC_FREE_PARKING_JACKPOT)
        return CLASSIC_HOUSE_FREE_PARKING;
    if (hr->auction != 0 && hr->auction != 1)
        return CLASSIC_HOUSE_AUCTION;
    if (hr->go_landing != 200 && hr->go_landing != CLASSIC_GO_LANDING_DOUBLE)
        return CLASSIC_HOUSE_GO_LANDING;
    if (hr->starting_cash != 0 &&
        (hr->starting_cash < CLASSIC_START_CASH_MIN || hr->starting_cash > CLASSIC_START_CASH_MAX ||
         hr->starting_cash % 10 != 0))
        return CLASSIC_HOUSE_STARTING_CASH;
    if (hr->jail_double != CLASSIC_JAIL_DOUBLE_MOVE &&
        hr->jail_double != CLASSIC_JAIL_DOUBLE_ROLL_AGAIN)
        return CLASSIC_HOUSE_JAIL_DOUBLE;
    if (hr->rent != CLASSIC_RENT_ASK && hr->rent != CLASSIC_RENT_AUTOMATIC)
        return CLASSIC_HOUSE_RENT;
    if (hr->variant != CLASSIC_VARIANT_STANDARD && hr->variant != CLASSIC_VARIANT_SHORT &&
        hr->variant != CLASSIC_VARIANT_TIMED)
        return CLASSIC_HOUSE_VARIANT;
    return -1;
}

bool classic_house_differs(const struct classic_house_rules *hr, enum classic_house_switch sw)
{
    struct classic_house_rules o = classic_house_official();
    switch (sw) {
    case CLASSIC_HOUSE_FREE_PARKING: return hr->free_parking != o.free_parking;
    case CLASSIC_HOUSE_AUCTION: return hr->auction != o.auction;
    case CLASSIC_HOUSE_GO_LANDING: return hr->go_landing != o.go_landing;
    case CLASSIC_HOUSE_STARTING_CASH: return hr->starting_cash != 0 && hr->starting_cash != 1500;
    case CLASSIC_HOUSE_JAIL_DOUBLE: return hr->jail_double != o.jail_double;
    case CLASSIC_HOUSE_RENT: return hr->rent != o.rent;
    case CLASSIC_HOUSE_VARIANT: return hr->variant != o.variant;
    default: return false;
    }
}

const char *classic_house_rule(enum classic_house_switch sw)
{
    static const char *const ids[] = {
        "HOUSE-FREE-PARKING", "HOUSE-AUCTION",  "HOUSE-GO-LANDING", "HOUSE-CASH",
        "HOUSE-JAIL-DOUBLE",  "HOUSE-RENT-ASK", "HOUSE-VARIANT",
    };
    _Static_assert(sizeof ids / sizeof ids[0] == CLASSIC_HOUSE_NSWITCHES, "one id per switch");
    if ((int)sw < 0 || sw >= CLASSIC_HOUSE_NSWITCHES)
        return "";
    return ids[sw];
}

/* ---- the box ------------------------------------------------------------------------ */

int classic_board_deed(const struct classic_board *b, int space)
{
    if (space < 0 || space >= CLASSIC_SPACES)
        return -1;
    int d = b->spaces[space].deed;
    return d >= 0 && d < b->ndeeds && d < CLASSIC_MAX_DEEDS ? d : -1;
}

int classic_board_group(const struct classic_board *b, int d, int *out)
{
    int n = 0;
    if (d < 0 || d >= b->ndeeds)
        return 0;
    for (int i = 0; i < b->ndeeds && i < CLASSIC_MAX_DEEDS && n < CLASSIC_MAX_GROUP; i++)
        if (strcmp(b->deeds[i].group, b->deeds[d].group) == 0)
            out[n++] = i;
    return n;
}

/* How many lots of the box share deed d's group (uncapped). */
static int group_size(const struct classic_board *b, int d)
{
    int n = 0;
    for (int i = 0; i < b->ndeeds; i++)
        if (strcmp(b->deeds[i].group, b->deeds[d].group) == 0)
            n++;
    return n;
}

/* The first fault of deed d of b, or NULL. */
static const char *deed_fault(const struct classic_board *b, int d)
{
    const struct classic_deed *x = &b->deeds[d];
    if (x->space < 0 || x->space >= CLASSIC_SPACES || b->spaces[x->space].deed != d)
        return "a deed names a space that is not its own";
    if (x->price < 1 || x->price > CLASSIC_CASH_MAX || x->mortgage < 0 || x->mortgage > x->price)
        return "a deed's price or mortgage value is out of range";
    if (x->house < 0 || x->house > CLASSIC_CASH_MAX || group_size(b, d) > CLASSIC_MAX_GROUP)
        return "a deed's house cost or group is out of range";
    if (b->spaces[x->space].kind == CLASSIC_SPACE_STREET && x->house < 2)
        return "a street's house cost is below 2";
    for (int i = 0; i < CLASSIC_RENTS; i++)
        if (x->rents[i] < 0 || x->rents[i] > CLASSIC_CASH_MAX / 10)
            return "a rent is out of range";
    if (x->multipliers[0] < 0 || x->multipliers[1] < 0 || x->multipliers[0] > 1000 ||
        x->multipliers[1] > 1000)
        return "a utility's multiplier is out of range";
    return NULL;
}

/* The first fault of the spaces of b (and their deeds), or NULL. */
static const char *spaces_fault(const struct classic_board *b)
{
    int count[CLASSIC_SPACE_KIND_COUNT] = {0};
    if (b->ndeeds != CLASSIC_MAX_DEEDS)
        return "the box has not 28 deeds";
    for (int i = 0; i < CLASSIC_SPACES; i++) {
        const struct classic_space *s = &b->spaces[i];
        if ((int)s->kind < 0 || s->kind >= CLASSIC_SPACE_KIND_COUNT)
            return "a space's kind is unknown";
        count[s->kind]++;
        bool deed = s->kind == CLASSIC_SPACE_STREET || s->kind == CLASSIC_SPACE_STATION ||
                    s->kind == CLASSIC_SPACE_UTILITY;
        if (deed != (classic_board_deed(b, i) >= 0) || (!deed && s->deed != -1))
            return "a space's deed does not match its kind";
        if (s->amount < 0 || s->amount > CLASSIC_CASH_MAX)
            return "a tax is out of range";
    }
    if (b->spaces[0].kind != CLASSIC_SPACE_GO || count[CLASSIC_SPACE_GO] != 1 ||
        count[CLASSIC_SPACE_JAIL] != 1)
        return "the box needs GO on space 0 and one Jail";
    if (count[CLASSIC_SPACE_STREET] != CLASSIC_STREETS || count[CLASSIC_SPACE_STATION] != 4 ||
        count[CLASSIC_SPACE_UTILITY] != 2)
        return "the box needs 22 streets, 4 stations and 2 utilities";
    for (int d = 0; d < b->ndeeds; d++)
        if (deed_fault(b, d) != NULL)
            return deed_fault(b, d);
    return NULL;
}

/* The first fault of the cards of b, or NULL. */
static const char *cards_fault(const struct classic_board *b)
{
    for (int k = 0; k < CLASSIC_DECKS; k++) {
        int jail_free = 0;
        if (b->ncards[k] < 0 || b->ncards[k] > CLASSIC_DECK_CARDS)
            return "a deck holds more than 16 cards";
        for (int i = 0; i < b->ncards[k]; i++) {
            const struct classic_card *x = &b->cards[k][i];
            if ((int)x->kind < 0 || x->kind >= CLASSIC_CARD_KIND_COUNT)
                return "a card's effect is unknown";
            if (x->amount < 0 || x->amount > CLASSIC_CASH_MAX || x->house < 0 || x->hotel < 0 ||
                x->house > CLASSIC_CASH_MAX / 100 || x->hotel > CLASSIC_CASH_MAX / 100)
                return "a card's amount is out of range";
            if (x->kind == CLASSIC_CARD_MOVE_TO && (x->space < 0 || x->space >= CLASSIC_SPACES))
                return "a card moves to a space off the board";
            if (x->kind == CLASSIC_CARD_MOVE_BY &&
                (x->steps <= -CLASSIC_SPACES || x->steps >= CLASSIC_SPACES || x->steps == 0))
                return "a card moves by a number of steps off the board";
            jail_free += x->kind == CLASSIC_CARD_JAIL_FREE;
        }
        if (jail_free > 1)
            return "a deck holds more than one Get Out of Jail Free card";
    }
    return NULL;
}

int classic_board_check(const struct classic_board *b, struct classic_outcome *out)
{
    const char *rule = b->wonders ? "WONDERS-BOX" : "CLASSIC-SETUP";
    const char *fault = spaces_fault(b);
    if (fault == NULL)
        fault = cards_fault(b);
    if (fault == NULL &&
        (b->start_cash < 0 || b->start_cash > CLASSIC_CASH_MAX || b->go_salary < 0 ||
         b->go_salary > CLASSIC_CASH_MAX / 100 || b->jail_fine < 0 ||
         b->jail_fine > CLASSIC_CASH_MAX || b->end_bonus < 0 || b->end_bonus > CLASSIC_CASH_MAX))
        fault = "the box's money is out of range";
    if (fault == NULL && (b->houses < 0 || b->houses > 1000 || b->hotels < 0 || b->hotels > 1000))
        fault = "the box's stock of buildings is out of range";
    if (fault == NULL)
        return 0;
    return classic_refuse(out, CLASSIC_REFUSED, rule, "The box does not hold: %s.", fault);
}

/* ---- small facts of a state ------------------------------------------------------- */

bool cstanding(const struct classic_state *st, int seat)
{
    return seat >= 0 && seat < st->nplayers && !st->players[seat].bankrupt;
}

int cstanding_count(const struct classic_state *st)
{
    int n = 0;
    for (int i = 0; i < st->nplayers; i++)
        n += !st->players[i].bankrupt;
    return n;
}

int cmax_houses(const struct classic_state *st)
{
    return st->house.variant == CLASSIC_VARIANT_SHORT ? 3 : 4;
}

int clevel(const struct classic_state *st, int d)
{
    return st->deeds[d].hotel ? cmax_houses(st) + 1 : st->deeds[d].houses;
}

bool cgroup_built(const struct classic_board *b, const struct classic_state *st, int d)
{
    int lots[CLASSIC_MAX_GROUP], n = classic_board_group(b, d, lots);
    for (int i = 0; i < n; i++)
        if (clevel(st, lots[i]) > 0)
            return true;
    return false;
}

bool cgroup_complete(const struct classic_board *b, const struct classic_state *st, int d, int seat)
{
    int lots[CLASSIC_MAX_GROUP], n = classic_board_group(b, d, lots);
    for (int i = 0; i < n; i++)
        if (st->deeds[lots[i]].owner != seat || st->deeds[lots[i]].mortgaged)
            return false;
    return n > 0;
}

int cten_percent(int m)
{
    return m / 10 + (m % 10 != 0);
}

int clift_cost(int m)
{
    return m + cten_percent(m);
}

bool cis_wonder(const struct classic_board *b, int d)
{
    return b->wonders && d >= 0 && d < b->ndeeds &&
           b->spaces[b->deeds[d].space].kind == CLASSIC_SPACE_STREET;
}

void cfinish(struct cctx *c, int w)
{
    struct classic_state *st = c->st;
    st->status = CLASSIC_FINISHED;
    st->winner = w;
    memset(&st->turn.pending, 0, sizeof st->turn.pending);
    memset(&st->turn.resume, 0, sizeof st->turn.resume);
    st->turn.pending.seat = st->turn.resume.seat = -1;
    st->turn.pending.space = st->turn.resume.space = -1;
    st->turn.nrents = 0;
    memset(st->turn.rents, 0, sizeof st->turn.rents);
    st->has_debt = 0;
    memset(&st->debt, 0, sizeof st->debt);
    st->ndebts = 0;
    memset(st->debts, 0, sizeof st->debts);
    if (w >= 0)
        cfx(c, CLASSIC_FX_WIN, w);
}

bool classic_game_over(const struct classic_state *st)
{
    return st->status != CLASSIC_ACTIVE;
}

int classic_next_seat(const struct classic_state *st)
{
    if (!st->turn.rolled || st->nplayers <= 0)
        return st->turn.seat;
    for (int i = 1; i <= st->nplayers; i++) {
        int s = (st->turn.seat + i) % st->nplayers;
        if (!st->players[s].bankrupt)
            return s;
    }
    return st->turn.seat;
}

int classic_seat_of(const struct classic_state *st, int64_t player)
{
    for (int i = 0; i < st->nplayers && i < CLASSIC_MAX_PLAYERS; i++)
        if (st->players[i].id == player)
            return i;
    return -1;
}

/* ---- a new game --------------------------------------------------------------------- */

struct classic_event classic_event_new(enum classic_event_type t)
{
    struct classic_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = t;
    ev.player = ev.d1 = ev.d2 = ev.card = ev.winner = ev.price = ev.space = -1;
    ev.houses = ev.deck = ev.a = ev.b = ev.choice = -1;
    return ev;
}

/* Refuse seats that are not 2..max players with distinct ids. */
static int seats_check(const struct classic_board *b, const struct classic_seat *seats, int nseats,
                       struct classic_outcome *out)
{
    int max = b->wonders ? CLASSIC_WONDERS_MAX_PLAYERS : CLASSIC_MAX_PLAYERS;
    const char *rule = b->wonders ? "WONDERS-BOX" : "CLASSIC-SETUP";
    if (nseats < CLASSIC_MIN_PLAYERS || nseats > max)
        return classic_refuse(out, CLASSIC_REFUSED, rule, "A game seats 2 to %d players.", max);
    for (int i = 0; i < nseats; i++)
        for (int j = 0; j < i; j++)
            if (seats[i].player == seats[j].player)
                return classic_refuse(out, CLASSIC_REFUSED, rule,
                                      "A player may take only one seat.");
    return 0;
}

int classic_init(const struct classic_board *b, const struct classic_house_rules *hr,
                 const struct classic_seat *seats, int nseats, struct classic_state *st,
                 struct classic_outcome *out)
{
    struct classic_house_rules h = hr != NULL ? *hr : classic_house_official();
    int bad = classic_house_invalid(&h);
    out->neffects = 0;
    if (bad >= 0) {
        const char *rule = classic_house_rule((enum classic_house_switch)bad);
        return classic_refuse(out, CLASSIC_REFUSED, rule, "The house rule %s is out of its range.",
                              rule);
    }
    if (classic_board_check(b, out) != 0 || seats_check(b, seats, nseats, out) != 0)
        return -1;
    memset(st, 0, sizeof *st);
    st->status = CLASSIC_ACTIVE;
    st->winner = -1;
    st->house = h;
    st->nplayers = nseats;
    for (int i = 0; i < nseats; i++) {
        struct classic_player *p = &st->players[i];
        p->id = seats[i].player;
        snprintf(p->name, sizeof p->name, "%s", seats[i].name != NULL ? seats[i].name : "");
        snprintf(p->token, sizeof p->token, "%s", seats[i].token != NULL ? seats[i].token : "");
        p->cash = h.starting_cash > 0 ? h.starting_cash : b->start_cash;
    }
    for (int d = 0; d < CLASSIC_MAX_DEEDS; d++)
        st->deeds[d].owner = CLASSIC_BANK;
    st->bank_houses = b->houses;
    st->bank_hotels = b->hotels;
    st->turn.pending.seat = st->turn.resume.seat = -1;
    st->turn.pending.space = st->turn.resume.space = -1;
    return 0;
}

/* ---- one event ------------------------------------------------------------------------ */

static int (*const appliers[])(struct cctx *c) = {
    [CLASSIC_EV_ROLL] = cev_roll,
    [CLASSIC_EV_BUY] = cev_buy,
    [CLASSIC_EV_AUCTION] = cev_auction,
    [CLASSIC_EV_COLLECT_RENT] = cev_collect_rent,
    [CLASSIC_EV_DRAW_CHANCE] = cev_draw,
    [CLASSIC_EV_DRAW_COMMUNITY] = cev_draw,
    [CLASSIC_EV_PAY_OR_CHANCE] = cev_pay_or_chance,
    [CLASSIC_EV_BUILD] = cev_build,
    [CLASSIC_EV_SELL_BUILDING] = cev_sell_building,
    [CLASSIC_EV_MORTGAGE] = cev_mortgage,
    [CLASSIC_EV_UNMORTGAGE] = cev_unmortgage,
    [CLASSIC_EV_TRADE] = cev_trade,
    [CLASSIC_EV_PAY_DEBT] = cev_pay_debt,
    [CLASSIC_EV_BANKRUPT] = cev_bankrupt,
    [CLASSIC_EV_JAIL_PAY] = cev_jail_pay,
    [CLASSIC_EV_JAIL_CARD] = cev_jail_card,
    [CLASSIC_EV_TICK] = cev_tick,
    [CLASSIC_EV_DEAL] = cev_deal,
    [CLASSIC_EV_ADJUST] = cev_adjust,
    [CLASSIC_EV_NOTE] = cev_note,
    [CLASSIC_EV_CORRECT] = NULL,
    [CLASSIC_EV_END] = cev_end,
};

_Static_assert(sizeof appliers / sizeof appliers[0] == CLASSIC_EV_COUNT,
               "one applier per classic event type");

/* Refuse (CLASSIC-DEBT) an event a standing debt blocks: everything but the debtor's
 * sell_building, mortgage, trade, pay_debt and bankrupt, and note, adjust, end. */
static int debt_gate(struct cctx *c)
{
    const struct classic_state *st = c->st;
    const struct classic_event *ev = c->ev;
    int debtor = st->debt.player, d = classic_board_deed(c->b, ev->space);
    switch (ev->type) {
    case CLASSIC_EV_PAY_DEBT:
    case CLASSIC_EV_BANKRUPT:
    case CLASSIC_EV_NOTE:
    case CLASSIC_EV_ADJUST:
    case CLASSIC_EV_END: return 0;
    case CLASSIC_EV_SELL_BUILDING:
    case CLASSIC_EV_MORTGAGE:
        if (d >= 0 && st->deeds[d].owner == debtor)
            return 0;
        break;
    case CLASSIC_EV_TRADE:
        if (ev->a == debtor || ev->b == debtor)
            return 0;
        break;
    default: break;
    }
    return crefuse(c, "CLASSIC-DEBT",
                   "%s owes %d: until it is paid or they go bankrupt, only their sales, "
                   "mortgages and trades happen at the table.",
                   st->players[debtor].name, st->debt.amount);
}

/* classic_apply() on st itself: st is unspecified after a refusal. */
static int apply_in_place(const struct classic_board *b, struct classic_state *st,
                          const struct classic_event *ev, struct classic_outcome *out)
{
    struct cctx c = {b, st, ev, out, false, {0}};
    out->neffects = 0;
    memset(&out->refusal, 0, sizeof out->refusal);
    if ((int)ev->type < 0 || ev->type >= CLASSIC_EV_COUNT || appliers[ev->type] == NULL)
        return crefuse(&c, ev->type == CLASSIC_EV_CORRECT ? "CLASSIC-SETUP" : "CLASSIC-TURN",
                       "This event is not one the engine applies here.");
    if (ev->nlift < 0 || ev->nlift > CLASSIC_MAX_DEEDS || ev->a_gives.ndeeds < 0 ||
        ev->a_gives.ndeeds > CLASSIC_MAX_DEEDS || ev->b_gives.ndeeds < 0 ||
        ev->b_gives.ndeeds > CLASSIC_MAX_DEEDS || ev->nspaces < 0 || ev->nspaces > 2)
        return crefuse(&c, event_infos[ev->type].rule, "A list of the event is too long.");
    if (st->status != CLASSIC_ACTIVE && !event_infos[ev->type].once_over)
        return classic_refuse(out, CLASSIC_CONFLICT, "CLASSIC-END", "The game is over.");
    if (st->status == CLASSIC_ACTIVE && st->has_debt && debt_gate(&c) != 0)
        return -1;
    if (appliers[ev->type](&c) != 0)
        return -1;
    if (c.overflow)
        return crefuse(&c, "CLASSIC-BANK", "The event has more effects than the bank records.");
    st->seq = ev->seq;
    return 0;
}

int classic_apply(const struct classic_board *b, struct classic_state *st,
                  const struct classic_event *ev, struct classic_outcome *out)
{
    struct classic_state work;
    memcpy(&work, st, sizeof work);
    if (apply_in_place(b, &work, ev, out) != 0)
        return -1;
    memcpy(st, &work, sizeof *st);
    return 0;
}

/* The box b with fix applied into nb; the links between spaces and deeds stay. Returns
 * -1 when the fact fix names is not on the board. */
static int fix_board(const struct classic_board *b, const struct classic_fix *fix,
                     struct classic_board *nb)
{
    int d = -1;
    memcpy(nb, b, sizeof *nb);
    switch (fix->what) {
    case CLASSIC_FACT_DEED:
        d = classic_board_deed(b, fix->index);
        if (d < 0)
            return -1;
        nb->deeds[d] = fix->deed;
        nb->deeds[d].space = fix->index;
        return 0;
    case CLASSIC_FACT_CHANCE:
    case CLASSIC_FACT_COMMUNITY:
        d = fix->what == CLASSIC_FACT_CHANCE ? CLASSIC_DECK_CHANCE : CLASSIC_DECK_COMMUNITY;
        if (fix->index < 0 || fix->index >= b->ncards[d])
            return -1;
        nb->cards[d][fix->index] = fix->card;
        return 0;
    case CLASSIC_FACT_SPACE:
        if (fix->index < 0 || fix->index >= CLASSIC_SPACES)
            return -1;
        nb->spaces[fix->index] = fix->space;
        nb->spaces[fix->index].deed = b->spaces[fix->index].deed;
        return 0;
    }
    return -1;
}

int classic_correct_apply(struct classic_board *b, struct classic_state *st,
                          const struct classic_event *ev, struct classic_outcome *out)
{
    struct classic_board nb;
    if (ev->type != CLASSIC_EV_CORRECT)
        return classic_apply(b, st, ev, out);
    out->neffects = 0;
    if (st->status != CLASSIC_ACTIVE)
        return classic_refuse(out, CLASSIC_CONFLICT, "CLASSIC-END", "The game is over.");
    if (fix_board(b, &ev->fix, &nb) != 0)
        return classic_refuse(out, CLASSIC_REFUSED, "CLASSIC-SETUP",
                              "The correction names no fact of this box.");
    if (classic_board_check(&nb, out) != 0)
        return -1;
    memcpy(b, &nb, sizeof *b);
    st->corrections++;
    st->seq = ev->seq;
    return 0;
}
