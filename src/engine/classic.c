/* classic.c -- the classic Monopoly and Wonders bank: the tables, the house rules, the
 * box helpers, a new game, and the dispatch of one event to its rule. */
#include "classic.h"

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

const char *classic_effect_name(enum classic_effect_kind k)
{
    if ((int)k < 0 || k >= CLASSIC_FX_KIND_COUNT)
        return "unknown";
    return effect_names[k];
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
    if ((int)k < 0 || k >= CLASSIC_PENDING_KIND_COUNT)
        return "none";
    return names[k];
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
    if ((int)r < 0 || r >= CLASSIC_DEBT_REASON_COUNT)
        return "unknown";
    return names[r];
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

/* ---- refusals ------------------------------------------------------------------------ */

/* Record a refusal in out: its kind, the rule, a printf-style sentence. Returns -1. */
static int classic_refuse(struct classic_outcome *out, enum classic_refusal_kind kind,
                          const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int classic_refuse(struct classic_outcome *out, enum classic_refusal_kind kind,
                          const char *rule, const char *fmt, ...)
{
    va_list ap;
    out->refusal.kind = kind;
    out->refusal.rule = rule;
    va_start(ap, fmt);
    vsnprintf(out->refusal.detail, sizeof out->refusal.detail, fmt, ap);
    va_end(ap);
    return -1;
}

/* ---- setup and play (step 1: the interface; the rules follow) ---------------------- */

int classic_board_check(const struct classic_board *b, struct classic_outcome *out)
{
    (void)b;
    out->neffects = 0;
    return 0;
}

struct classic_event classic_event_new(enum classic_event_type t)
{
    struct classic_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = t;
    ev.player = ev.d1 = ev.d2 = ev.card = ev.winner = ev.price = ev.space = -1;
    ev.houses = ev.deck = ev.a = ev.b = ev.choice = -1;
    return ev;
}

int classic_init(const struct classic_board *b, const struct classic_house_rules *hr,
                 const struct classic_seat *seats, int nseats, struct classic_state *st,
                 struct classic_outcome *out)
{
    (void)b;
    (void)hr;
    (void)seats;
    (void)nseats;
    memset(st, 0, sizeof *st);
    return classic_refuse(out, CLASSIC_REFUSED, "CLASSIC-SETUP", "Not implemented yet.");
}

int classic_apply(const struct classic_board *b, struct classic_state *st,
                  const struct classic_event *ev, struct classic_outcome *out)
{
    (void)b;
    (void)st;
    (void)ev;
    out->neffects = 0;
    return classic_refuse(out, CLASSIC_REFUSED, "CLASSIC-TURN", "Not implemented yet.");
}

int classic_correct_apply(struct classic_board *b, struct classic_state *st,
                          const struct classic_event *ev, struct classic_outcome *out)
{
    return classic_apply(b, st, ev, out);
}

void classic_options(const struct classic_board *b, const struct classic_state *st,
                     struct classic_options *opts)
{
    (void)b;
    (void)st;
    opts->n = 0;
}

struct classic_event classic_option_event(const struct classic_option *o)
{
    return classic_event_new(o->type);
}

int classic_rent_amount(const struct classic_board *b, const struct classic_state *st,
                        const struct classic_rent *r)
{
    (void)b;
    (void)st;
    (void)r;
    return 0;
}

long long classic_net_worth(const struct classic_board *b, const struct classic_state *st, int seat)
{
    (void)b;
    if (seat < 0 || seat >= st->nplayers)
        return 0;
    return st->players[seat].cash;
}

void classic_shortage(const struct classic_board *b, const struct classic_state *st, bool *houses,
                      bool *hotels)
{
    (void)b;
    (void)st;
    if (houses != NULL)
        *houses = false;
    if (hotels != NULL)
        *hotels = false;
}

int classic_richest(const struct classic_board *b, const struct classic_state *st)
{
    int best = -1;
    for (int i = 0; i < st->nplayers; i++)
        if (!st->players[i].bankrupt &&
            (best < 0 || classic_net_worth(b, st, i) > classic_net_worth(b, st, best)))
            best = i;
    return best;
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
