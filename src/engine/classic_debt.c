/* classic_debt.c -- the classic bank's bankruptcy (CLASSIC-BANKRUPT, CLASSIC-END,
 * CLASSIC-SHORT) and trades (CLASSIC-TRADE). Debts themselves are in classic_money.c. */
#include "classic_int.h"

#include <string.h>

void crents_drop_seat(struct classic_state *st, int seat)
{
    int n = 0;
    for (int i = 0; i < st->turn.nrents; i++)
        if (st->turn.rents[i].owner != seat && st->turn.rents[i].payer != seat)
            st->turn.rents[n++] = st->turn.rents[i];
    for (int i = n; i < st->turn.nrents; i++)
        memset(&st->turn.rents[i], 0, sizeof st->turn.rents[i]);
    st->turn.nrents = n;
}

/* Drop the queued debts owed by or to seat. */
static void debts_drop_seat(struct classic_state *st, int seat)
{
    int n = 0;
    for (int i = 0; i < st->ndebts; i++)
        if (st->debts[i].player != seat && st->debts[i].creditor != seat)
            st->debts[n++] = st->debts[i];
    for (int i = n; i < st->ndebts; i++)
        memset(&st->debts[i], 0, sizeof st->debts[i]);
    st->ndebts = n;
}

/* Deed d changes hands from its owner to seat (a seat or CLASSIC_BANK). */
static void deed_move(struct cctx *c, int d, int to)
{
    struct classic_effect *e = cfx(c, CLASSIC_FX_OWNER, to >= 0 ? to : c->st->deeds[d].owner);
    e->space = c->b->deeds[d].space;
    e->from = c->st->deeds[d].owner;
    e->to = to;
    c->st->deeds[d].owner = to;
}

/* The buildings of seat go back to the Bank's stock; paid: half their cost to seat. */
static void buildings_back(struct cctx *c, int seat, bool paid)
{
    struct classic_state *st = c->st;
    for (int d = 0; d < c->b->ndeeds; d++) {
        int lvl = clevel(st, d);
        if (st->deeds[d].owner != seat || lvl == 0)
            continue;
        st->bank_houses += st->deeds[d].houses;
        st->bank_hotels += st->deeds[d].hotel;
        st->deeds[d].houses = st->deeds[d].hotel = 0;
        int amount = paid ? lvl * (c->b->deeds[d].house / 2) : 0, space = c->b->deeds[d].space;
        struct classic_effect *e =
            cmoney(c, CLASSIC_FX_SELL_BUILDING, CLASSIC_BANK, seat, amount, "sell_building", space);
        if (e == NULL)
            e = cfx(c, CLASSIC_FX_SELL_BUILDING, seat);
        e->player = seat;
        e->space = space;
        e->houses = e->hotel = 0;
    }
}

/* True when space is in the list l[0..n). */
static bool listed(const int *l, int n, int space)
{
    for (int i = 0; i < n; i++)
        if (l[i] == space)
            return true;
    return false;
}

/* Refuse a bankrupt's lift list that does not hold: spaces of the debtor's mortgaged
 * deeds, each once, that the creditor can pay for once it holds the assets. */
static int lifts_check(struct cctx *c, int debtor, int creditor)
{
    const struct classic_state *st = c->st;
    const struct classic_event *ev = c->ev;
    long long need = 0, has = (long long)st->players[creditor].cash + st->players[debtor].cash;
    for (int i = 0; i < ev->nlift; i++) {
        int d = classic_board_deed(c->b, ev->lift[i]);
        if (d < 0 || st->deeds[d].owner != debtor || !st->deeds[d].mortgaged ||
            listed(ev->lift, i, ev->lift[i]))
            return crefuse(c, "CLASSIC-BANKRUPT",
                           "The creditor lifts only the bankrupt's "
                           "mortgaged deeds, each once.");
        int lift;
        classic_receiver_costs(c->b, d, NULL, &lift);
        need += lift;
    }
    for (int d = 0; d < c->b->ndeeds; d++)
        if (st->deeds[d].owner == debtor)
            has += (long long)clevel(st, d) * (c->b->deeds[d].house / 2);
    if (need > has)
        return crefuse(c, "CLASSIC-BANKRUPT",
                       "Lifting those deeds costs %lld: the creditor "
                       "would hold %lld.",
                       need, has);
    return 0;
}

/* CLASSIC-BANKRUPT to a player: buildings sold to the Bank, then the cash, every deed and
 * the cards to the creditor, who lifts the deeds of ev->lift and pays 10 % on the other
 * mortgaged ones (the rest a debt to the Bank when short). */
static void to_player(struct cctx *c, int debtor, int creditor)
{
    struct classic_state *st = c->st;
    int fees = 0;
    buildings_back(c, debtor, true);
    cmoney(c, CLASSIC_FX_PAY, debtor, creditor, st->players[debtor].cash, "bankrupt", -1);
    for (int k = 0; k < CLASSIC_DECKS; k++) {
        st->players[creditor].jail_cards[k] += st->players[debtor].jail_cards[k];
        st->players[debtor].jail_cards[k] = 0;
    }
    for (int d = 0; d < c->b->ndeeds; d++) {
        if (st->deeds[d].owner != debtor)
            continue;
        deed_move(c, d, creditor);
        int space = c->b->deeds[d].space, fee, lift;
        classic_receiver_costs(c->b, d, &fee, &lift);
        if (st->deeds[d].mortgaged && listed(c->ev->lift, c->ev->nlift, space)) {
            st->deeds[d].mortgaged = 0;
            cmoney(c, CLASSIC_FX_UNMORTGAGE, creditor, CLASSIC_BANK, lift, "unmortgage", space);
        } else if (st->deeds[d].mortgaged) {
            fees += fee;
        }
    }
    int now = fees < st->players[creditor].cash ? fees : st->players[creditor].cash;
    cmoney(c, CLASSIC_FX_PAY, creditor, CLASSIC_BANK, now, "mortgage_fee", -1);
    cowe(c, creditor, CLASSIC_BANK, fees - now, CLASSIC_DEBT_MORTGAGE_FEE, CLASSIC_AFTER_NOTHING,
         -1);
}

/* CLASSIC-BANKRUPT to the Bank: cash to the Bank (never the pot), buildings to its stock,
 * cards back under their decks, every deed back unmortgaged; the spaces to auction (in
 * board order) go to queue. Returns how many. */
static int to_bank(struct cctx *c, int debtor, int *queue)
{
    struct classic_state *st = c->st;
    int n = 0;
    cmoney(c, CLASSIC_FX_PAY, debtor, CLASSIC_BANK, st->players[debtor].cash, "bankrupt", -1);
    buildings_back(c, debtor, false);
    st->players[debtor].jail_cards[CLASSIC_DECK_CHANCE] = 0;
    st->players[debtor].jail_cards[CLASSIC_DECK_COMMUNITY] = 0;
    for (int d = 0; d < c->b->ndeeds; d++) {
        if (st->deeds[d].owner != debtor)
            continue;
        deed_move(c, d, CLASSIC_BANK);
        st->deeds[d].mortgaged = 0;
        queue[n++] = c->b->deeds[d].space;
    }
    return n;
}

/* After a bankruptcy: the end of the game (CLASSIC-END, CLASSIC-SHORT). Returns true when
 * the game ended. */
static bool bankruptcy_ends(struct cctx *c)
{
    struct classic_state *st = c->st;
    int standing = cstanding_count(st), out = st->nplayers - standing;
    if (st->house.variant == CLASSIC_VARIANT_SHORT && (out >= 2 || st->nplayers == 2)) {
        cfinish(c, classic_richest(c->b, st));
        return true;
    }
    if (standing == 1) {
        cfinish(c, classic_richest(c->b, st));
        return true;
    }
    return false;
}

/* The bankrupt's decisions die with them; their turn ends. */
static void turn_after_bankruptcy(struct classic_state *st, int debtor)
{
    if (st->turn.pending.seat == debtor &&
        st->turn.pending.kind != CLASSIC_PENDING_BANKRUPTCY_AUCTION) {
        memset(&st->turn.pending, 0, sizeof st->turn.pending);
        st->turn.pending.seat = st->turn.pending.space = -1;
    }
    if (st->turn.seat == debtor) {
        st->turn.rolled = 1;
        st->turn.doubles = 0;
    }
}

/* The auctions of a bankruptcy to the Bank begin; the turn's decision waits behind them
 * (the auctions of an earlier bankruptcy still running take these deeds after theirs). */
static void auctions_begin(struct classic_state *st, int debtor, const int *queue, int n)
{
    struct classic_pending *p = &st->turn.pending;
    if (p->kind == CLASSIC_PENDING_BANKRUPTCY_AUCTION) {
        for (int i = 0; i < n && p->nqueue < CLASSIC_MAX_DEEDS; i++)
            p->queue[p->nqueue++] = queue[i];
        return;
    }
    st->turn.resume = *p;
    memset(p, 0, sizeof *p);
    p->kind = CLASSIC_PENDING_BANKRUPTCY_AUCTION;
    p->seat = debtor;
    p->space = queue[0];
    p->nqueue = n - 1;
    memcpy(p->queue, queue + 1, (size_t)(n - 1) * sizeof queue[0]);
}

/* bankrupt {lift?}: the debtor who cannot pay goes out (CLASSIC-BANKRUPT). */
int cev_bankrupt(struct cctx *c)
{
    struct classic_state *st = c->st;
    int queue[CLASSIC_MAX_DEEDS], n = 0;
    if (!st->has_debt)
        return crefuse(c, "CLASSIC-BANKRUPT", "No debt is owed.");
    int debtor = st->debt.player, creditor = st->debt.creditor;
    if (st->players[debtor].cash + craise(c->b, st, debtor) >= st->debt.amount)
        return crefuse(c, "CLASSIC-DEBT",
                       "Selling buildings and mortgaging would raise the %d "
                       "owed: the player is not bankrupt.",
                       st->debt.amount);
    if (creditor < 0 && c->ev->nlift > 0)
        return crefuse(c, "CLASSIC-BANKRUPT", "The Bank lifts nothing: its deeds are auctioned.");
    if (creditor >= 0 && lifts_check(c, debtor, creditor) != 0)
        return -1;
    st->has_debt = 0;
    memset(&st->debt, 0, sizeof st->debt);
    debts_drop_seat(st, debtor);
    crents_drop_seat(st, debtor);
    st->players[debtor].bankrupt = 1;
    cfx(c, CLASSIC_FX_BANKRUPT, debtor)->creditor = creditor < 0 ? CLASSIC_BANK : creditor;
    if (creditor >= 0)
        to_player(c, debtor, creditor);
    else
        n = to_bank(c, debtor, queue);
    turn_after_bankruptcy(st, debtor);
    if (bankruptcy_ends(c))
        return 0;
    if (n > 0 && st->house.variant != CLASSIC_VARIANT_SHORT)
        auctions_begin(st, debtor, queue, n);
    if (!st->has_debt)
        cdebt_next(c);
    return 0;
}

/* ---- trades ---------------------------------------------------------------------------- */

/* Refuse one side of a trade that its giver cannot give (CLASSIC-TRADE). */
static int side_check(struct cctx *c, int giver, const struct classic_trade_side *s)
{
    const struct classic_state *st = c->st;
    if (s->cash < 0 || s->cash > st->players[giver].cash)
        return crefuse(c, "CLASSIC-TRADE", "A side gives 0 to its cash (%d).",
                       st->players[giver].cash);
    if (s->ndeeds < 0 || s->ndeeds > CLASSIC_MAX_DEEDS)
        return crefuse(c, "CLASSIC-TRADE", "A side gives at most every deed.");
    for (int i = 0; i < s->ndeeds; i++) {
        int d = classic_board_deed(c->b, s->deeds[i]);
        if (d < 0 || st->deeds[d].owner != giver || listed(s->deeds, i, s->deeds[i]))
            return crefuse(c, "CLASSIC-TRADE", "A side gives only its own deeds, each once.");
        if (cgroup_built(c->b, st, d))
            return crefuse(c, "CLASSIC-TRADE",
                           "A street changes hands only when its group has no building.");
    }
    for (int k = 0; k < CLASSIC_DECKS; k++)
        if (s->jail_cards[k] < 0 || s->jail_cards[k] > st->players[giver].jail_cards[k])
            return crefuse(c, "CLASSIC-TRADE", "A side gives only the cards it holds.");
    return 0;
}

/* The giver's side goes to the receiver: cash, deeds, cards. */
static void side_give(struct cctx *c, int giver, int receiver, const struct classic_trade_side *s)
{
    cmoney(c, CLASSIC_FX_PAY, giver, receiver, s->cash, "trade", -1);
    for (int i = 0; i < s->ndeeds; i++)
        deed_move(c, classic_board_deed(c->b, s->deeds[i]), receiver);
    for (int k = 0; k < CLASSIC_DECKS; k++) {
        c->st->players[giver].jail_cards[k] -= s->jail_cards[k];
        c->st->players[receiver].jail_cards[k] += s->jail_cards[k];
    }
}

/* The receiver of side s pays for its mortgaged deeds: lifts them (ev->lift) or pays
 * 10 %. -1 with a refusal when the receiver cannot (CLASSIC-TRADE). */
static int side_fees(struct cctx *c, int receiver, const struct classic_trade_side *s)
{
    struct classic_state *st = c->st;
    for (int i = 0; i < s->ndeeds; i++) {
        int d = classic_board_deed(c->b, s->deeds[i]), fee, lift_cost;
        if (!st->deeds[d].mortgaged)
            continue;
        bool lift = listed(c->ev->lift, c->ev->nlift, s->deeds[i]);
        classic_receiver_costs(c->b, d, &fee, &lift_cost);
        int cost = lift ? lift_cost : fee;
        if (st->players[receiver].cash < cost)
            return crefuse(c, "CLASSIC-TRADE",
                           "The receiver of a mortgaged deed pays %d for it "
                           "and holds %d.",
                           cost, st->players[receiver].cash);
        if (lift)
            st->deeds[d].mortgaged = 0;
        cmoney(c, lift ? CLASSIC_FX_UNMORTGAGE : CLASSIC_FX_PAY, receiver, CLASSIC_BANK, cost,
               lift ? "unmortgage" : "mortgage_fee", s->deeds[i]);
    }
    return 0;
}

/* Refuse a lift list naming anything but a mortgaged deed of the trade, each once. */
static int trade_lifts_check(struct cctx *c)
{
    const struct classic_event *ev = c->ev;
    for (int i = 0; i < ev->nlift; i++) {
        int d = classic_board_deed(c->b, ev->lift[i]);
        bool traded = listed(ev->a_gives.deeds, ev->a_gives.ndeeds, ev->lift[i]) ||
                      listed(ev->b_gives.deeds, ev->b_gives.ndeeds, ev->lift[i]);
        if (ev->nlift > CLASSIC_MAX_DEEDS || d < 0 || !traded || !c->st->deeds[d].mortgaged ||
            listed(ev->lift, i, ev->lift[i]))
            return crefuse(c, "CLASSIC-TRADE", "A lift names a mortgaged deed of the trade, once.");
    }
    return 0;
}

/* trade {a, b, a_gives, b_gives, lift?}: deeds, cards and cash on any terms (CLASSIC-TRADE). */
int cev_trade(struct cctx *c)
{
    const struct classic_event *ev = c->ev;
    if (!cstanding(c->st, ev->a) || !cstanding(c->st, ev->b) || ev->a == ev->b)
        return crefuse(c, "CLASSIC-TRADE", "A trade is between two players in the game.");
    if (side_check(c, ev->a, &ev->a_gives) != 0 || side_check(c, ev->b, &ev->b_gives) != 0 ||
        trade_lifts_check(c) != 0)
        return -1;
    side_give(c, ev->a, ev->b, &ev->a_gives);
    side_give(c, ev->b, ev->a, &ev->b_gives);
    if (side_fees(c, ev->b, &ev->a_gives) != 0 || side_fees(c, ev->a, &ev->b_gives) != 0)
        return -1;
    return 0;
}
