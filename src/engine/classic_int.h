/* classic_int.h -- the inside of the classic bank, shared by its files (classic.c, the
 * money and debts of classic_money.c, the turn of classic_turn.c, the buildings of
 * classic_build.c, bankruptcy and trades of classic_debt.c, the options of
 * classic_options.c). Nothing outside src/engine/classic*.c includes it. */
#ifndef STAMPBOOK_CLASSIC_INT_H
#define STAMPBOOK_CLASSIC_INT_H

#include <stdbool.h>

#include "classic.h"

/* One apply: the box, the state it changes (a private copy, written back only when the
 * event is accepted) and the answer. */
struct cctx {
    const struct classic_board *b;
    struct classic_state *st;
    const struct classic_event *ev;
    struct classic_outcome *out;
    bool overflow;               /* more effects than CLASSIC_MAX_EFFECTS: refused */
    struct classic_effect spill; /* where effects past the limit go */
};

/* ---- refusals and effects (classic_money.c) ---- */

/* Record a refusal in out: its kind, the rule, a printf-style sentence. Returns -1. */
int classic_refuse(struct classic_outcome *out, enum classic_refusal_kind kind, const char *rule,
                   const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#define crefuse(c, rule, ...) classic_refuse((c)->out, CLASSIC_REFUSED, (rule), __VA_ARGS__)

/* A new effect of kind for player at the end of the outcome, every other field "none"
 * (-1, or 0 for amounts). Never NULL: past CLASSIC_MAX_EFFECTS it hands out a scratch
 * record and marks the apply as overflowing. */
struct classic_effect *cfx(struct cctx *c, enum classic_effect_kind kind, int player);

/* ---- money (classic_money.c) ---- */

/* Move amount from payer to payee (seat, CLASSIC_BANK or CLASSIC_POT) as one effect of
 * kind (PAY, RENT, SALARY...) with reason; the payer has it (callers check). Returns the
 * effect, or NULL when nothing moved (amount <= 0). This function can't fail. */
struct classic_effect *cmoney(struct cctx *c, enum classic_effect_kind kind, int payer, int payee,
                              int amount, const char *reason, int space);

/* Where a payment "to the Bank" of a tax, fine or card goes: the pot under the jackpot
 * (HOUSE-FREE-PARKING), else the Bank. This function can't fail. */
int cbank_or_pot(const struct cctx *c);

/* seat owes amount to creditor for reason: paid at once when seat has the cash and no
 * debt of seat stands (returns true; the caller does what follows), else a debt
 * (CLASSIC-DEBT), the current one or queued behind it, with after done once it is paid
 * (returns false). This function can't fail. */
bool cowe(struct cctx *c, int seat, int creditor, int amount, enum classic_debt_reason reason,
          enum classic_debt_after after, int space);

/* The Bank pays seat the GO salary times times (CLASSIC-GO, HOUSE-GO-LANDING). This
 * function can't fail. */
void csalary(struct cctx *c, int seat, int times);

/* What seat could still raise: half the cost of every building and the mortgage value
 * of every unmortgaged deed (CLASSIC-DEBT, CLASSIC-BANKRUPT). This function can't
 * fail. */
long long craise(const struct classic_board *b, const struct classic_state *st, int seat);

/* After the current debt is settled (paid or by bankruptcy): the next queued debt
 * becomes current, paid at once when its debtor now has the cash. This function can't
 * fail. */
void cdebt_next(struct cctx *c);

/* ---- the board (classic.c) ---- */

/* True when seat is a seat of st that has not gone bankrupt. This function can't fail. */
bool cstanding(const struct classic_state *st, int seat);

/* Players not bankrupt. This function can't fail. */
int cstanding_count(const struct classic_state *st);

/* The houses a lot may hold before its hotel: 4, 3 in the short game. This function
 * can't fail. */
int cmax_houses(const struct classic_state *st);

/* The building level of deed d: its houses, or cmax_houses() + 1 with a hotel. This
 * function can't fail. */
int clevel(const struct classic_state *st, int d);

/* True when any lot of deed d's group holds a building. This function can't fail. */
bool cgroup_built(const struct classic_board *b, const struct classic_state *st, int d);

/* True when seat holds every lot of deed d's group, none mortgaged. This function can't
 * fail. */
bool cgroup_complete(const struct classic_board *b, const struct classic_state *st, int d,
                     int seat);

/* The cost of lifting a mortgage of value m: m plus 10 %, rounded up. This function
 * can't fail. */
int clift_cost(int m);

/* 10 % of m rounded up (CLASSIC-TRADE, CLASSIC-BANKRUPT). This function can't fail. */
int cten_percent(int m);

/* True when deed d is a wonder (a street of the Wonders box). This function can't fail. */
bool cis_wonder(const struct classic_board *b, int d);

/* End the game with winner w (WIN effect). This function can't fail. */
void cfinish(struct cctx *c, int w);

/* ---- the turn (classic_turn.c) ---- */

/* The events, one function each (classic.c's appliers[] table): check c->ev against the
 * rules and change c->st, listing the effects in c->out; or return -1 with c->out->refusal
 * naming the rule, c->st then unspecified (classic_apply() hands them a copy). */

int cev_roll(struct cctx *c);
int cev_buy(struct cctx *c);
int cev_auction(struct cctx *c);
int cev_collect_rent(struct cctx *c);
int cev_draw(struct cctx *c);
int cev_pay_or_chance(struct cctx *c);
int cev_jail_pay(struct cctx *c);
int cev_jail_card(struct cctx *c);
int cev_tick(struct cctx *c);
int cev_deal(struct cctx *c);
int cev_adjust(struct cctx *c);
int cev_note(struct cctx *c);
int cev_end(struct cctx *c);

/* seat moves by steps from where it stands (forwards pays the salary when passing GO;
 * by_dice: a landing on GO pays HOUSE-GO-LANDING) and carries out the space. This
 * function can't fail. */
void cmove_by(struct cctx *c, int seat, int steps, bool by_dice);

/* seat ticks wonder d (WONDERS-PASSPORT); the 22nd tick ends the game (WONDERS-END).
 * Returns true when the game ended. This function can't fail. */
bool ctick(struct cctx *c, int seat, int d);

/* True while the table waits on the first roll of a short or timed game's deal. This
 * function can't fail. */
bool cdeal_open(const struct classic_state *st);

/* True when every player standing was dealt, or the game deals nothing. This function
 * can't fail. */
bool call_dealt(const struct classic_state *st);

/* The seat due at the dice and whether it stands at the start of its turn (no roll
 * made in it). This function can't fail. */
bool cturn_start(const struct classic_state *st, int *seat);

/* ---- buildings and mortgages (classic_build.c) ---- */

/* build, sell_building, mortgage, unmortgage: as the turn's event functions above. */

int cev_build(struct cctx *c);
int cev_sell_building(struct cctx *c);
int cev_mortgage(struct cctx *c);
int cev_unmortgage(struct cctx *c);

/* The even rule and the stock for one more step on deed d now: NULL when it may be
 * built, else the rule that says no and *why a sentence. Also gives the step's cost
 * (printed). This function can't fail. */
const char *cbuild_check(const struct classic_board *b, const struct classic_state *st, int d,
                         const char **why, int *cost);

/* The houses left and the money paid when the building on deed d drops to keep houses
 * (-1: one step down): NULL when allowed, else the rule and *why. This function can't
 * fail. */
const char *csell_check(const struct classic_board *b, const struct classic_state *st, int d,
                        int keep, const char **why, int *left, int *paid);

/* ---- debts, bankruptcy and trades (classic_debt.c; pay_debt in classic_money.c) ---- */

/* pay_debt, bankrupt, trade: as the turn's event functions above. */

int cev_pay_debt(struct cctx *c);
int cev_bankrupt(struct cctx *c);
int cev_trade(struct cctx *c);

/* Drop every rent due to or from seat (they lapse with a bankruptcy). This function
 * can't fail. */
void crents_drop_seat(struct classic_state *st, int seat);

#endif
