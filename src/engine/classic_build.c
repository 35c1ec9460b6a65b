/* classic_build.c -- the classic bank's buildings and mortgages: CLASSIC-BUILD,
 * CLASSIC-STOCK (with the shortage auction), CLASSIC-SELL, CLASSIC-MORTGAGE. */
#include "classic_int.h"

#include <string.h>

/* The highest level among the other lots of deed d's group. */
static int others_max(const struct classic_board *b, const struct classic_state *st, int d)
{
    int lots[CLASSIC_MAX_GROUP], n = classic_board_group(b, d, lots), m = 0;
    for (int i = 0; i < n; i++)
        if (lots[i] != d && clevel(st, lots[i]) > m)
            m = clevel(st, lots[i]);
    return m;
}

/* The lowest level among the lots of deed d's group. */
static int group_min(const struct classic_board *b, const struct classic_state *st, int d)
{
    int lots[CLASSIC_MAX_GROUP], n = classic_board_group(b, d, lots), m = clevel(st, d);
    for (int i = 0; i < n; i++)
        if (clevel(st, lots[i]) < m)
            m = clevel(st, lots[i]);
    return m;
}

/* True when deed d is a street. */
static bool is_street(const struct classic_board *b, int d)
{
    return d >= 0 && b->spaces[b->deeds[d].space].kind == CLASSIC_SPACE_STREET;
}

const char *cbuild_check(const struct classic_board *b, const struct classic_state *st, int d,
                         const char **why, int *cost)
{
    int owner = d >= 0 ? st->deeds[d].owner : CLASSIC_BANK, lvl = d >= 0 ? clevel(st, d) : 0;
    *cost = d >= 0 ? b->deeds[d].house : 0;
    *why = NULL;
    if (!is_street(b, d) || owner < 0)
        *why = "Only an owned street takes buildings.";
    else if (!cgroup_complete(b, st, d, owner))
        *why = "Its owner must hold every lot of the group, none of it mortgaged.";
    else if (lvl > cmax_houses(st))
        *why = "A lot holds one hotel at most.";
    else if (group_min(b, st, d) < lvl)
        *why = "Build evenly: another lot of the group has fewer buildings.";
    if (*why != NULL)
        return "CLASSIC-BUILD";
    if (lvl == cmax_houses(st) ? st->bank_hotels < 1 : st->bank_houses < 1) {
        *why = "The Bank has none of that building left.";
        return "CLASSIC-STOCK";
    }
    return NULL;
}

/* A BUILD or SELL_BUILDING effect of seat on deed d, with the money it moved. */
static void building_fx(struct cctx *c, enum classic_effect_kind k, int seat, int d, int amount)
{
    int space = c->b->deeds[d].space;
    struct classic_effect *e =
        k == CLASSIC_FX_BUILD ? cmoney(c, k, seat, CLASSIC_BANK, amount, "build", space)
                              : cmoney(c, k, CLASSIC_BANK, seat, amount, "sell_building", space);
    if (e == NULL) {
        e = cfx(c, k, seat);
        e->space = space;
    }
    e->player = seat;
    e->houses = c->st->deeds[d].houses;
    e->hotel = c->st->deeds[d].hotel;
}

/* The price a build pays: the printed cost, or the shortage auction's bid (CLASSIC-STOCK).
 * -1 with a refusal when the bid does not hold. */
static int build_price(struct cctx *c, int d, int cost)
{
    bool houses, hotels;
    int price = c->ev->price;
    if (price < 0)
        return cost;
    classic_shortage(c->b, c->st, &houses, &hotels);
    if (!(clevel(c->st, d) == cmax_houses(c->st) ? hotels : houses))
        return crefuse(c, "CLASSIC-STOCK",
                       "A price is bid only while the Bank is short of that building.");
    if (price < cost)
        return crefuse(c, "CLASSIC-STOCK", "The bid opens at the printed cost, %d.", cost);
    return price;
}

/* build {space, price?}: one more building on the lot (CLASSIC-BUILD, CLASSIC-STOCK). */
int cev_build(struct cctx *c)
{
    struct classic_state *st = c->st;
    int d = classic_board_deed(c->b, c->ev->space), cost;
    const char *why, *rule = cbuild_check(c->b, st, d, &why, &cost);
    if (rule != NULL)
        return crefuse(c, rule, "%s", why);
    int seat = st->deeds[d].owner, price = build_price(c, d, cost);
    if (price < 0)
        return -1;
    if (st->players[seat].cash < price)
        return crefuse(c, "CLASSIC-BUILD", "The building costs %d and the owner holds %d.", price,
                       st->players[seat].cash);
    if (clevel(st, d) == cmax_houses(st)) {
        st->bank_hotels--;
        st->bank_houses += st->deeds[d].houses;
        st->deeds[d].houses = 0;
        st->deeds[d].hotel = 1;
    } else {
        st->bank_houses--;
        st->deeds[d].houses++;
    }
    building_fx(c, CLASSIC_FX_BUILD, seat, d, price);
    return 0;
}

const char *csell_check(const struct classic_board *b, const struct classic_state *st, int d,
                        int keep, const char **why, int *left, int *paid)
{
    int lvl = d >= 0 ? clevel(st, d) : 0, maxh = cmax_houses(st), half, k, floor_k;
    *why = "The lot has no building to sell.";
    if (!is_street(b, d) || st->deeds[d].owner < 0 || lvl == 0)
        return "CLASSIC-SELL";
    half = b->deeds[d].house / 2;
    /* the drop a shortage forces on a hotel ignores the even rule (Readings) */
    floor_k = st->deeds[d].hotel ? (st->bank_houses < maxh ? st->bank_houses : maxh) : lvl - 1;
    k = keep < 0 ? floor_k : keep;
    *why = "The lot keeps fewer buildings than it has.";
    if (k < 0 || k >= lvl || k > maxh)
        return "CLASSIC-SELL";
    *why = "The Bank cannot put back that many houses.";
    if (st->deeds[d].hotel && k > st->bank_houses)
        return "CLASSIC-STOCK";
    *why = "Sell evenly: another lot of the group has more buildings.";
    if (k < floor_k + (st->deeds[d].hotel ? 0 : 1) && others_max(b, st, d) > k + 1)
        return "CLASSIC-SELL";
    *left = k;
    *paid = half * (lvl - k);
    *why = NULL;
    return NULL;
}

/* sell_building {space, houses?}: buildings back to the Bank at half their cost
 * (CLASSIC-SELL, CLASSIC-STOCK). */
int cev_sell_building(struct cctx *c)
{
    struct classic_state *st = c->st;
    int d = classic_board_deed(c->b, c->ev->space), left = 0, paid = 0;
    const char *why, *rule = csell_check(c->b, st, d, c->ev->houses, &why, &left, &paid);
    if (rule != NULL)
        return crefuse(c, rule, "%s", why);
    if (st->deeds[d].hotel) {
        st->bank_hotels++;
        st->bank_houses -= left;
        st->deeds[d].hotel = 0;
    } else {
        st->bank_houses += st->deeds[d].houses - left;
    }
    st->deeds[d].houses = left;
    building_fx(c, CLASSIC_FX_SELL_BUILDING, st->deeds[d].owner, d, paid);
    return 0;
}

/* mortgage {space}: the Bank lends the mortgage value on a deed whose group has no
 * building (CLASSIC-MORTGAGE). */
int cev_mortgage(struct cctx *c)
{
    struct classic_state *st = c->st;
    int d = classic_board_deed(c->b, c->ev->space);
    if (d < 0 || st->deeds[d].owner < 0 || st->deeds[d].mortgaged)
        return crefuse(c, "CLASSIC-MORTGAGE", "Only an owned deed not mortgaged is mortgaged.");
    if (cgroup_built(c->b, st, d))
        return crefuse(c, "CLASSIC-MORTGAGE",
                       "A deed is mortgaged only when its whole group has no building.");
    int seat = st->deeds[d].owner, space = c->b->deeds[d].space;
    st->deeds[d].mortgaged = 1;
    struct classic_effect *e = cmoney(c, CLASSIC_FX_MORTGAGE, CLASSIC_BANK, seat,
                                      c->b->deeds[d].mortgage, "mortgage", space);
    if (e == NULL)
        cfx(c, CLASSIC_FX_MORTGAGE, seat)->space = space;
    return 0;
}

/* unmortgage {space}: the owner lifts the mortgage for its value plus 10 % (CLASSIC-MORTGAGE). */
int cev_unmortgage(struct cctx *c)
{
    struct classic_state *st = c->st;
    int d = classic_board_deed(c->b, c->ev->space);
    if (d < 0 || st->deeds[d].owner < 0 || !st->deeds[d].mortgaged)
        return crefuse(c, "CLASSIC-MORTGAGE", "Only a mortgaged deed is lifted.");
    int seat = st->deeds[d].owner, cost = clift_cost(c->b->deeds[d].mortgage);
    if (st->players[seat].cash < cost)
        return crefuse(c, "CLASSIC-MORTGAGE", "Lifting costs %d and the owner holds %d.", cost,
                       st->players[seat].cash);
    st->deeds[d].mortgaged = 0;
    struct classic_effect *e = cmoney(c, CLASSIC_FX_UNMORTGAGE, seat, CLASSIC_BANK, cost,
                                      "unmortgage", c->b->deeds[d].space);
    if (e == NULL)
        cfx(c, CLASSIC_FX_UNMORTGAGE, seat)->space = c->b->deeds[d].space;
    return 0;
}

/* What seat could still place on its complete groups: houses and hotels. */
static void demand(const struct classic_board *b, const struct classic_state *st, int seat,
                   int *houses, int *hotels)
{
    int maxh = cmax_houses(st);
    *houses = *hotels = 0;
    for (int d = 0; d < b->ndeeds; d++) {
        if (!is_street(b, d) || st->deeds[d].owner != seat || !cgroup_complete(b, st, d, seat) ||
            st->deeds[d].hotel)
            continue;
        *houses += maxh - st->deeds[d].houses;
        *hotels += 1;
    }
}

void classic_shortage(const struct classic_board *b, const struct classic_state *st, bool *houses,
                      bool *hotels)
{
    int want_h = 0, want_H = 0, who_h = 0, who_H = 0;
    for (int i = 0; i < st->nplayers; i++) {
        int h, H;
        if (st->players[i].bankrupt)
            continue;
        demand(b, st, i, &h, &H);
        want_h += h;
        want_H += H;
        who_h += h > 0;
        who_H += H > 0;
    }
    if (houses != NULL)
        *houses = st->bank_houses > 0 && st->bank_houses < want_h && who_h >= 2;
    if (hotels != NULL)
        *hotels = st->bank_hotels > 0 && st->bank_hotels < want_H && who_H >= 2;
}
