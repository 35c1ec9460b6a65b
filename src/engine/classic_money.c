/* classic_money.c -- the classic bank's money: effects, payments, debts (CLASSIC-DEBT),
 * the GO salary, rents (CLASSIC-RENT-*), net worth and what a player could raise. */
#include "classic_int.h"
#include "outcome.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int classic_refuse(struct classic_outcome *out, enum classic_refusal_kind kind, const char *rule,
                   const char *fmt, ...)
{
    out->refusal.kind = kind;
    REFUSAL_WRITE(out->refusal, rule, fmt);
    return -1;
}

struct classic_effect *cfx(struct cctx *c, enum classic_effect_kind kind, int player)
{
    struct classic_effect *e =
        OUTCOME_SLOT(c->out->effects, c->out->neffects, CLASSIC_MAX_EFFECTS, c->spill, c->overflow);
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->player = player;
    e->from = e->to = e->payer = e->payee = e->space = -1;
    e->houses = e->hotel = e->creditor = e->deck = e->card = -1;
    e->reason = "";
    return e;
}

/* The balance of who: a seat's cash or the pot (NULL for the Bank). */
static int *purse(struct classic_state *st, int who)
{
    if (who == CLASSIC_POT)
        return &st->pot;
    if (who >= 0 && who < st->nplayers)
        return &st->players[who].cash;
    return NULL;
}

struct classic_effect *cmoney(struct cctx *c, enum classic_effect_kind kind, int payer, int payee,
                              int amount, const char *reason, int space)
{
    int *from = purse(c->st, payer), *to = purse(c->st, payee);
    if (amount <= 0 || payer == payee)
        return NULL;
    if (from != NULL)
        *from -= amount;
    if (to != NULL)
        *to += amount;
    struct classic_effect *e = cfx(c, kind, payer >= 0 ? payer : payee);
    e->payer = payer;
    e->payee = payee;
    e->amount = amount;
    e->reason = reason;
    e->space = space;
    return e;
}

int cbank_or_pot(const struct cctx *c)
{
    return c->st->house.free_parking == CLASSIC_FREE_PARKING_JACKPOT ? CLASSIC_POT : CLASSIC_BANK;
}

/* The reason an effect gives for a payment of debt reason r. */
static const char *pay_reason(enum classic_debt_reason r)
{
    switch (r) {
    case CLASSIC_DEBT_RENT: return "rent";
    case CLASSIC_DEBT_TAX: return "tax";
    case CLASSIC_DEBT_JAIL_FINE: return "fine";
    case CLASSIC_DEBT_MORTGAGE_FEE: return "mortgage_fee";
    default: return "card";
    }
}

/* Pay debt d in full now (its debtor has the cash) and do what follows it. */
static void debt_pay(struct cctx *c, const struct classic_debt *d)
{
    enum classic_effect_kind k = d->reason == CLASSIC_DEBT_RENT ? CLASSIC_FX_RENT : CLASSIC_FX_PAY;
    cmoney(c, k, d->player, d->creditor, d->amount, pay_reason(d->reason), d->space);
    if (d->after == CLASSIC_AFTER_JAIL_MOVE) {
        struct classic_player *p = &c->st->players[d->player];
        p->in_jail = 0;
        p->jail_attempts = 0;
        cfx(c, CLASSIC_FX_JAIL_FREE, d->player);
        cmove_by(c, d->player, c->st->d1 + c->st->d2, true);
    }
}

/* True when seat owes a debt, current or queued. */
static bool in_debt(const struct classic_state *st, int seat)
{
    if (st->has_debt && st->debt.player == seat)
        return true;
    for (int i = 0; i < st->ndebts; i++)
        if (st->debts[i].player == seat)
            return true;
    return false;
}

bool cowe(struct cctx *c, int seat, int creditor, int amount, enum classic_debt_reason reason,
          enum classic_debt_after after, int space)
{
    struct classic_state *st = c->st;
    struct classic_debt d = {seat, creditor, amount, reason, after, space};
    if (amount <= 0)
        return true;
    if (!in_debt(st, seat) && st->players[seat].cash >= amount) {
        enum classic_effect_kind k = reason == CLASSIC_DEBT_RENT ? CLASSIC_FX_RENT : CLASSIC_FX_PAY;
        cmoney(c, k, seat, creditor, amount, pay_reason(reason), space);
        return true;
    }
    struct classic_effect *e = cfx(c, CLASSIC_FX_DEBT, seat);
    e->creditor = creditor;
    e->amount = amount;
    e->space = space;
    e->reason = pay_reason(reason);
    if (!st->has_debt) {
        st->has_debt = 1;
        st->debt = d;
    } else if (st->ndebts < CLASSIC_MAX_DEBTS) {
        st->debts[st->ndebts++] = d;
    } else {
        c->overflow = true; /* more debts than the queue holds: the event is refused */
    }
    return false;
}

void cdebt_next(struct cctx *c)
{
    struct classic_state *st = c->st;
    st->has_debt = 0;
    memset(&st->debt, 0, sizeof st->debt);
    while (st->ndebts > 0 && !st->has_debt) {
        struct classic_debt d = st->debts[0];
        memmove(&st->debts[0], &st->debts[1], (size_t)(st->ndebts - 1) * sizeof st->debts[0]);
        memset(&st->debts[--st->ndebts], 0, sizeof st->debts[0]);
        if (!cstanding(st, d.player))
            continue;
        if (st->players[d.player].cash >= d.amount && !in_debt(st, d.player)) {
            debt_pay(c, &d);
        } else {
            st->has_debt = 1;
            st->debt = d;
        }
    }
}

/* pay_debt: the debtor pays the debt in full once cash covers it (CLASSIC-DEBT). */
int cev_pay_debt(struct cctx *c)
{
    struct classic_state *st = c->st;
    if (!st->has_debt)
        return crefuse(c, "CLASSIC-DEBT", "No debt is owed.");
    if (st->players[st->debt.player].cash < st->debt.amount)
        return crefuse(c, "CLASSIC-DEBT",
                       "The debt is %d and the debtor holds %d: sell buildings or mortgage first.",
                       st->debt.amount, st->players[st->debt.player].cash);
    struct classic_debt d = st->debt;
    st->has_debt = 0;
    memset(&st->debt, 0, sizeof st->debt);
    debt_pay(c, &d);
    if (!st->has_debt)
        cdebt_next(c);
    return 0;
}

void csalary(struct cctx *c, int seat, int times)
{
    long long n = (long long)c->b->go_salary * times;
    long long room = CLASSIC_CASH_MAX - (long long)c->st->players[seat].cash;
    if (n > room)
        n = room;
    if (n > 0)
        cmoney(c, CLASSIC_FX_SALARY, CLASSIC_BANK, seat, (int)n, "salary", -1);
}

long long craise(const struct classic_board *b, const struct classic_state *st, int seat)
{
    long long n = 0;
    for (int d = 0; d < b->ndeeds; d++) {
        const struct classic_deed_state *ds = &st->deeds[d];
        if (ds->owner != seat)
            continue;
        n += (long long)clevel(st, d) * (b->deeds[d].house / 2);
        if (!ds->mortgaged)
            n += b->deeds[d].mortgage;
    }
    return n;
}

/* How many deeds of kind k owner holds (mortgaged ones count). */
static int held_of_kind(const struct classic_board *b, const struct classic_state *st, int owner,
                        enum classic_space_kind k)
{
    int n = 0;
    for (int d = 0; d < b->ndeeds; d++)
        if (st->deeds[d].owner == owner && b->spaces[b->deeds[d].space].kind == k)
            n++;
    return n;
}

int classic_rent_amount(const struct classic_board *b, const struct classic_state *st,
                        const struct classic_rent *r)
{
    int d = classic_board_deed(b, r->space);
    if (d < 0)
        return 0;
    const struct classic_deed *deed = &b->deeds[d];
    const struct classic_deed_state *ds = &st->deeds[d];
    int owner = ds->owner, n;
    if (owner < 0 || owner == r->payer || ds->mortgaged) /* CLASSIC-MORTGAGED */
        return 0;
    switch (b->spaces[r->space].kind) {
    case CLASSIC_SPACE_STREET:
        if (ds->hotel)
            return deed->rents[CLASSIC_RENTS - 1];
        if (ds->houses > 0)
            return deed->rents[ds->houses < CLASSIC_RENTS - 1 ? ds->houses : CLASSIC_RENTS - 2];
        return deed->rents[0] * (cgroup_complete(b, st, d, owner) ? 2 : 1);
    case CLASSIC_SPACE_STATION:
        n = held_of_kind(b, st, owner, CLASSIC_SPACE_STATION);
        n = n < 1 ? 1 : n > CLASSIC_STATION_RENTS ? CLASSIC_STATION_RENTS : n;
        return deed->rents[n - 1];
    case CLASSIC_SPACE_UTILITY:
        n = held_of_kind(b, st, owner, CLASSIC_SPACE_UTILITY);
        return deed->multipliers[n >= 2 ? 1 : 0] * r->dice;
    default: return 0;
    }
}

void classic_receiver_costs(const struct classic_board *b, int d, int *fee, int *lift)
{
    int m = d >= 0 && d < b->ndeeds ? b->deeds[d].mortgage : 0;
    if (fee != NULL)
        *fee = cten_percent(m);
    if (lift != NULL)
        *lift = clift_cost(m);
}

long long classic_net_worth(const struct classic_board *b, const struct classic_state *st, int seat)
{
    if (seat < 0 || seat >= st->nplayers)
        return 0;
    long long n = st->players[seat].cash;
    for (int d = 0; d < b->ndeeds; d++) {
        const struct classic_deed_state *ds = &st->deeds[d];
        if (ds->owner != seat)
            continue;
        n += ds->mortgaged ? b->deeds[d].price / 2 : b->deeds[d].price;
        n += (long long)clevel(st, d) * b->deeds[d].house;
    }
    return n;
}

int classic_richest(const struct classic_board *b, const struct classic_state *st)
{
    int best = -1;
    long long worth = 0;
    for (int i = 0; i < st->nplayers; i++) {
        if (st->players[i].bankrupt)
            continue;
        long long w = classic_net_worth(b, st, i);
        if (best < 0 || w > worth) {
            best = i;
            worth = w;
        }
    }
    return best;
}
