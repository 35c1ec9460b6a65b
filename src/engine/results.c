/* results.c -- end-of-game rules of classic Monopoly, Wonders of the World and Deal. */
#include "results.h"
#include "outcome.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* What the edition's rule makes of each standing, before ranking. */
struct decision {
    bool bankrupt[RESULTS_MAX_PLAYERS]; /* out of the running */
    int64_t score[RESULTS_MAX_PLAYERS]; /* higher is better among those still in */
    int64_t bonus[RESULTS_MAX_PLAYERS];
    const char *score_name; /* "net worth", "cash"...: for tie sentences */
    int score_halves;       /* 2 when score counts half units, else 1 */
};

/* Fill out->refusal (rule, detail) and return -1. */
static int refuse(struct results_outcome *out, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int refuse(struct results_outcome *out, const char *rule, const char *fmt, ...)
{
    REFUSAL_WRITE(out->refusal, rule, fmt);
    return -1;
}

/* The names of the editions, variants and statuses, in the order of their enums. */
static const char *const edition_ids[] = {"classic", "wonders", "deal"};
static const char *const variant_names[] = {"standard", "short", "timed"};
static const char *const status_names[] = {"active", "finished", "abandoned"};

/* The index of name in names[0..n), or -1 (name NULL included). */
static int name_index(const char *const *names, int n, const char *name)
{
    for (int i = 0; name && i < n; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return -1;
}

/* names[i], or "unknown" when i is not 0..n-1. */
static const char *name_at(const char *const *names, int n, int i)
{
    return i >= 0 && i < n ? names[i] : "unknown";
}

#define NNAMES(a) ((int)(sizeof(a) / sizeof((a)[0])))

int results_edition_from_id(const char *id)
{
    return name_index(edition_ids, NNAMES(edition_ids), id);
}

const char *results_edition_id(enum results_edition ed)
{
    return name_at(edition_ids, NNAMES(edition_ids), (int)ed);
}

int results_variant_from_name(const char *name)
{
    return name_index(variant_names, NNAMES(variant_names), name);
}

const char *results_variant_name(enum results_variant v)
{
    return name_at(variant_names, NNAMES(variant_names), (int)v);
}

int results_status_from_name(const char *name)
{
    return name_index(status_names, NNAMES(status_names), name);
}

const char *results_status_name(enum results_status s)
{
    return name_at(status_names, NNAMES(status_names), (int)s);
}

static bool edition_known(enum results_edition ed)
{
    return ed == RESULTS_CLASSIC || ed == RESULTS_WONDERS || ed == RESULTS_DEAL;
}

bool results_has_variant(enum results_edition ed, enum results_variant v)
{
    if (v == RESULTS_STANDARD)
        return edition_known(ed);
    return ed == RESULTS_CLASSIC && (v == RESULTS_SHORT || v == RESULTS_TIMED);
}

int results_players_min(enum results_edition ed)
{
    (void)ed;
    return 2;
}

int results_players_max(enum results_edition ed)
{
    switch (ed) {
    case RESULTS_CLASSIC: return 8;
    case RESULTS_WONDERS: return 6;
    case RESULTS_DEAL: return 5; /* the box says 2-5; the rules' introduction says 2-8 */
    }
    return 0;
}

const char *results_rule(enum results_edition ed, enum results_variant v)
{
    switch (ed) {
    case RESULTS_CLASSIC:
        if (v == RESULTS_SHORT)
            return "CLASSIC-SHORT";
        if (v == RESULTS_TIMED)
            return "CLASSIC-TIMED";
        return "CLASSIC-END";
    case RESULTS_WONDERS: return "WONDERS-END";
    case RESULTS_DEAL: return "DEAL-END";
    }
    return "RESULTS-VARIANT";
}

/* Check one money figure: 0..RESULTS_MONEY_MAX. */
static int check_money(struct results_outcome *out, const char *rule, int64_t player,
                       const char *name, bool has, int64_t value)
{
    if (!has)
        return 0;
    if (value < 0)
        return refuse(out, rule, "player %" PRId64 ": %s is negative (%" PRId64 ")", player, name,
                      value);
    if (value > RESULTS_MONEY_MAX)
        return refuse(out, rule, "player %" PRId64 ": %s is over 1,000,000,000", player, name);
    return 0;
}

/* The checks every standing passes whatever the edition: distinct players and figures
 * in range. Bankrupt orders are checked only where the edition has bankruptcy. */
static int check_figures(enum results_edition ed, const char *rule,
                         const struct results_standing *s, int n, struct results_outcome *out)
{
    for (int i = 0; i < n; i++) {
        const struct results_standing *p = &s[i];
        int rc;
        for (int j = 0; j < i; j++)
            if (s[j].player == p->player)
                return refuse(out, rule, "player %" PRId64 " has two standings", p->player);
        rc = check_money(out, rule, p->player, "cash", p->has_cash, p->cash);
        if (rc == 0)
            rc = check_money(out, rule, p->player, "property_value", p->has_property_value,
                             p->property_value);
        if (rc == 0)
            rc = check_money(out, rule, p->player, "mortgaged_value", p->has_mortgaged_value,
                             p->mortgaged_value);
        if (rc == 0)
            rc = check_money(out, rule, p->player, "buildings_value", p->has_buildings_value,
                             p->buildings_value);
        if (rc != 0)
            return rc;
        if (ed != RESULTS_DEAL && p->has_bankrupt_order &&
            (p->bankrupt_order < 1 || p->bankrupt_order > n))
            return refuse(out, rule,
                          "player %" PRId64 ": bankrupt_order %d is not between 1 and %d",
                          p->player, p->bankrupt_order, n);
        if (p->has_wonders_ticked &&
            (p->wonders_ticked < 0 || p->wonders_ticked > RESULTS_WONDERS_TOTAL))
            return refuse(out, rule,
                          "player %" PRId64 ": %d wonders ticked, a passport has 0 to 22",
                          p->player, p->wonders_ticked);
        if (p->has_complete_sets && (p->complete_sets < 0 || p->complete_sets > RESULTS_MAX_SETS))
            return refuse(out, rule, "player %" PRId64 ": %d complete sets, a deck has 0 to %d",
                          p->player, p->complete_sets, RESULTS_MAX_SETS);
    }
    return 0;
}

/* Check that the bankrupt orders are 1..k, each once, and set *k. */
static int check_bankruptcies(const char *rule, const struct results_standing *s, int n, int *k,
                              struct results_outcome *out)
{
    int64_t holder[RESULTS_MAX_PLAYERS + 1];
    bool seen[RESULTS_MAX_PLAYERS + 1] = {false};
    int count = 0;
    for (int i = 0; i < n; i++) {
        if (!s[i].has_bankrupt_order)
            continue;
        int o = s[i].bankrupt_order;
        if (seen[o])
            return refuse(out, rule,
                          "players %" PRId64 " and %" PRId64 " both have bankrupt_order %d",
                          holder[o], s[i].player, o);
        seen[o] = true;
        holder[o] = s[i].player;
        count++;
    }
    for (int o = 1; o <= count; o++)
        if (!seen[o])
            return refuse(out, rule, "bankrupt orders must run 1 to %d without gaps: nobody has %d",
                          count, o);
    *k = count;
    return 0;
}

/* Refuse a standing that lacks a figure the rule needs: "player P has no NAME figure:
 * every player WHO". */
static int lacks(struct results_outcome *out, const char *rule, int64_t player, const char *name,
                 const char *who)
{
    return refuse(out, rule, "player %" PRId64 " has no %s figure: every player %s", player, name,
                  who);
}

/* Refuse a second player who reached what ends the game: "players A and B both DID: the
 * game ends at the first to do so". */
static int both(struct results_outcome *out, const char *rule, int64_t a, int64_t b,
                const char *did)
{
    return refuse(out, rule,
                  "players %" PRId64 " and %" PRId64
                  " both %s: the game ends at the first to do so",
                  a, b, did);
}

/* Net worth in half units: 2 x (cash + property + buildings) + mortgaged. */
static int64_t net_worth_halves(const struct results_standing *p)
{
    int64_t whole = p->cash + (p->has_property_value ? p->property_value : 0) +
                    (p->has_buildings_value ? p->buildings_value : 0);
    return 2 * whole + (p->has_mortgaged_value ? p->mortgaged_value : 0);
}

/* Classic Monopoly: who is out, and each remaining player's net worth. */
static int decide_classic(enum results_variant v, const char *rule,
                          const struct results_standing *s, int n, struct decision *d,
                          struct results_outcome *out)
{
    int k = 0;
    if (check_bankruptcies(rule, s, n, &k, out) != 0)
        return -1;
    if (k >= n)
        return refuse(out, rule, "every player is bankrupt: one must be left to win");
    if (v == RESULTS_STANDARD && k != n - 1)
        return refuse(out, rule,
                      "%d players were never bankrupt: the standard game ends when one player "
                      "is left (use the short or timed variant for a game stopped earlier)",
                      n - k);
    if (v == RESULTS_SHORT) {
        int want = n >= 3 ? 2 : 1; /* with two players the first bankruptcy ends it */
        if (k != want)
            return refuse(out, rule,
                          "%d players went bankrupt: the short game ends at the %s bankruptcy, "
                          "so exactly %d must be bankrupt",
                          k, want == 2 ? "second" : "first", want);
    }
    d->score_name = "net worth";
    d->score_halves = 2;
    for (int i = 0; i < n; i++) {
        d->bankrupt[i] = s[i].has_bankrupt_order;
        if (d->bankrupt[i] || v == RESULTS_STANDARD)
            continue;
        if (!s[i].has_cash)
            return lacks(out, rule, s[i].player, "cash",
                         "left needs one to work out the net worth");
        d->score[i] = net_worth_halves(&s[i]);
    }
    return 0;
}

/* Wonders of the World: 22 ticks end the game and earn the bonus; then the richest by net
 * worth with the bonus (as the classic short game counts it, since 2026-12-c: cash,
 * property, buildings and half the mortgaged value, a figure left out counting 0). */
static int decide_wonders(const char *rule, const struct results_standing *s, int n,
                          struct decision *d, struct results_outcome *out)
{
    int k = 0;
    int ender = -1;
    if (check_bankruptcies(rule, s, n, &k, out) != 0)
        return -1;
    if (k >= n)
        return refuse(out, rule, "every player is bankrupt: one must be left to win");
    for (int i = 0; i < n; i++) {
        d->bankrupt[i] = s[i].has_bankrupt_order;
        if (s[i].has_wonders_ticked && s[i].wonders_ticked == RESULTS_WONDERS_TOTAL &&
            d->bankrupt[i])
            return refuse(out, rule,
                          "player %" PRId64 " ticked all 22 wonders but went bankrupt: the "
                          "game ended at the 22nd tick",
                          s[i].player);
        if (d->bankrupt[i])
            continue;
        if (!s[i].has_wonders_ticked)
            return lacks(out, rule, s[i].player, "wonders_ticked", "left needs one");
        if (!s[i].has_cash)
            return lacks(out, rule, s[i].player, "cash", "left needs one");
        if (s[i].wonders_ticked == RESULTS_WONDERS_TOTAL) {
            if (ender >= 0)
                return both(out, rule, s[ender].player, s[i].player, "ticked all 22 wonders");
            ender = i;
        }
    }
    if (ender < 0 && n - k > 1)
        return refuse(out, rule,
                      "nobody ticked all 22 wonders and %d players are left: the game ends "
                      "when a player has ticked all 22",
                      n - k);
    d->score_name = "net worth with the bonus";
    d->score_halves = 2;
    for (int i = 0; i < n; i++) {
        if (d->bankrupt[i])
            continue;
        d->bonus[i] = i == ender ? RESULTS_WONDERS_BONUS : 0;
        d->score[i] = net_worth_halves(&s[i]) + 2 * d->bonus[i];
    }
    return 0;
}

/* Monopoly Deal: the one player with three complete sets. */
static int decide_deal(const char *rule, const struct results_standing *s, int n,
                       struct decision *d, struct results_outcome *out)
{
    int winner = -1;
    for (int i = 0; i < n; i++) {
        if (!s[i].has_complete_sets)
            return lacks(out, rule, s[i].player, "complete_sets", "needs one");
        if (s[i].complete_sets >= RESULTS_DEAL_SETS) {
            if (winner >= 0)
                return both(out, rule, s[winner].player, s[i].player, "have three complete sets");
            winner = i;
        }
        d->score[i] = s[i].complete_sets;
    }
    if (winner < 0)
        return refuse(out, rule,
                      "nobody has three complete sets: the game ends when a player has three "
                      "of different colours");
    d->score_name = "complete sets";
    d->score_halves = 1;
    return 0;
}

/* True when standing j ranks above standing i. */
static bool ranks_above(const struct decision *d, const struct results_standing *s, int winner,
                        int j, int i)
{
    if (i == winner)
        return false;
    if (j == winner)
        return true;
    if (d->bankrupt[j] != d->bankrupt[i])
        return !d->bankrupt[j];
    if (d->bankrupt[j])
        return s[j].bankrupt_order > s[i].bankrupt_order;
    return d->score[j] > d->score[i];
}

/* Pick the winner among those still in: the highest score, a tie broken only by the
 * table's declared winner. */
static int pick_winner(const char *rule, const struct decision *d, const struct results_standing *s,
                       int n, int *winner, bool *tie_broken, struct results_outcome *out)
{
    int best = -1, tied = 0, declared = -1, ndeclared = 0;
    for (int i = 0; i < n; i++) {
        if (s[i].declared_winner) {
            declared = i;
            ndeclared++;
        }
        if (d->bankrupt[i])
            continue;
        if (best < 0 || d->score[i] > d->score[best]) {
            best = i;
            tied = 1;
        } else if (d->score[i] == d->score[best]) {
            tied++;
        }
    }
    if (ndeclared > 1)
        return refuse(out, "RESULTS-TIE", "%d players are named the winner: name one", ndeclared);
    if (declared >= 0 && d->bankrupt[declared])
        return refuse(out, rule, "player %" PRId64 " is named the winner but went bankrupt",
                      s[declared].player);
    if (declared >= 0 && d->score[declared] != d->score[best])
        return refuse(out, rule,
                      "player %" PRId64 " is named the winner but by the figures player "
                      "%" PRId64 " is ahead",
                      s[declared].player, s[best].player);
    if (tied > 1 && declared < 0) {
        char who[RESULTS_DETAIL_MAX] = "";
        size_t len = 0;
        for (int i = 0; i < n && len < sizeof(who); i++) {
            if (d->bankrupt[i] || d->score[i] != d->score[best])
                continue;
            int w =
                snprintf(who + len, sizeof(who) - len, "%s%" PRId64, len ? ", " : "", s[i].player);
            if (w < 0)
                break;
            len += (size_t)w;
        }
        return refuse(out, "RESULTS-TIE",
                      "players %s tie with a %s of %" PRId64 "%s: send \"winner\" with the "
                      "player the table agreed on",
                      who, d->score_name, d->score[best] / d->score_halves,
                      d->score_halves == 2 && d->score[best] % 2 ? ".5" : "");
    }
    *winner = declared >= 0 ? declared : best;
    *tie_broken = tied > 1;
    return 0;
}

/* The figures of standing i of s, as the outcome reports them for edition ed. */
static void player_figures(enum results_edition ed, const struct decision *d,
                           const struct results_standing *s, int n, int winner, int i,
                           struct results_player *p)
{
    const struct results_standing *st = &s[i];
    p->player = st->player;
    p->rank = 1;
    for (int j = 0; j < n; j++)
        if (j != i && ranks_above(d, s, winner, j, i))
            p->rank++;
    if (ed != RESULTS_DEAL && st->has_bankrupt_order) {
        p->bankrupt = true;
        p->bankrupt_order = st->bankrupt_order;
    }
    if (ed != RESULTS_DEAL) {
        p->has_cash = st->has_cash;
        p->cash = st->cash;
    }
    if (ed == RESULTS_CLASSIC || ed == RESULTS_WONDERS) {
        p->has_property_value = st->has_property_value;
        p->property_value = st->property_value;
        p->has_mortgaged_value = st->has_mortgaged_value;
        p->mortgaged_value = st->mortgaged_value;
        p->has_buildings_value = st->has_buildings_value;
        p->buildings_value = st->buildings_value;
        p->has_net_worth = ed == RESULTS_CLASSIC && st->has_cash && !p->bankrupt;
        p->net_worth = p->has_net_worth ? net_worth_halves(st) / 2 : 0;
    }
    if (ed == RESULTS_WONDERS) {
        p->has_wonders_ticked = st->has_wonders_ticked;
        p->wonders_ticked = st->wonders_ticked;
        p->has_bonus = p->has_wealth = !p->bankrupt;
        p->bonus = p->bankrupt ? 0 : d->bonus[i];
        p->wealth = p->bankrupt ? 0 : d->score[i] / 2;
    }
    if (ed == RESULTS_DEAL) {
        p->has_complete_sets = true;
        p->complete_sets = st->complete_sets;
    }
}

/* Check the edition, variant and seat count of a result; 0 or a refusal in out. */
static int check_play(enum results_edition ed, enum results_variant v,
                      const struct results_standing *s, int n, struct results_outcome *out)
{
    if (!edition_known(ed))
        return refuse(out, "RESULTS-VARIANT", "not a results-mode edition");
    if (!results_has_variant(ed, v))
        return refuse(out, "RESULTS-VARIANT", "the %s edition has no %s variant",
                      results_edition_id(ed), results_variant_name(v));
    if (!s || n < results_players_min(ed) || n > results_players_max(ed))
        return refuse(out, "RESULTS-PLAYERS", "%s is for %d to %d players, not %d",
                      results_edition_id(ed), results_players_min(ed), results_players_max(ed),
                      s ? n : 0);
    return 0;
}

int results_decide(enum results_edition ed, enum results_variant v,
                   const struct results_standing *s, int n, struct results_outcome *out)
{
    struct results_outcome o;
    struct decision d;
    const char *rule = NULL;
    int winner = -1;
    bool tie_broken = false;
    int rc;

    memset(&o, 0, sizeof(o));
    memset(&d, 0, sizeof(d));
    d.score_halves = 1;
    rc = check_play(ed, v, s, n, out);
    if (rc == 0) {
        rule = results_rule(ed, v);
        rc = check_figures(ed, rule, s, n, out);
    }
    if (rc == 0) {
        switch (ed) {
        case RESULTS_CLASSIC: rc = decide_classic(v, rule, s, n, &d, out); break;
        case RESULTS_WONDERS: rc = decide_wonders(rule, s, n, &d, out); break;
        case RESULTS_DEAL: rc = decide_deal(rule, s, n, &d, out); break;
        }
    }
    if (rc == 0)
        rc = pick_winner(rule, &d, s, n, &winner, &tie_broken, out);
    if (rc != 0)
        return -1;
    o.edition = ed;
    o.variant = v;
    o.winner = s[winner].player;
    o.winner_index = winner;
    o.tie_broken = tie_broken;
    o.n = n;
    for (int i = 0; i < n; i++)
        player_figures(ed, &d, s, n, winner, i, &o.players[i]);
    *out = o;
    return 0;
}

/* ---- the state of a results-mode game ---- */

/* Copy the string src into dst[0..RESULTS_NAME_MAX); false when it does not fit. */
static bool copy_name(char *dst, const char *src)
{
    size_t len = strlen(src);
    if (len >= RESULTS_NAME_MAX)
        return false;
    memcpy(dst, src, len + 1);
    return true;
}

int results_state_init(struct results_state *st, const int64_t *ids, const char *const *names,
                       const char *const *tokens, int n)
{
    struct results_state s;
    if (n < 1 || n > RESULTS_MAX_PLAYERS)
        return -1;
    memset(&s, 0, sizeof(s));
    s.version = 1;
    s.status = RESULTS_ACTIVE;
    s.n = n;
    for (int i = 0; i < n; i++) {
        s.players[i].id = ids[i];
        if (!copy_name(s.players[i].name, names[i]) ||
            !copy_name(s.players[i].token, tokens ? tokens[i] : ""))
            return -1;
    }
    *st = s;
    return 0;
}

int results_accepts(const struct results_state *st, enum results_event_type t,
                    struct results_refusal *ref)
{
    if (t == RESULTS_EV_NOTE)
        return 0;
    if (st->status != RESULTS_ACTIVE) {
        ref->rule = "RESULTS-END";
        snprintf(ref->detail, sizeof(ref->detail), "this game is over");
        return RESULTS_OVER;
    }
    if (t == RESULTS_EV_RESULT || t == RESULTS_EV_END)
        return 0;
    ref->rule = NULL;
    snprintf(ref->detail, sizeof(ref->detail),
             "a results-mode game takes only result, note and end events");
    return -1;
}

/* An `end` event: finished with the winner the table names, else abandoned. */
static int apply_end(struct results_state *st, const struct results_event *ev,
                     struct results_refusal *ref)
{
    bool seated = false;
    for (int i = 0; i < st->n; i++)
        seated |= st->players[i].id == ev->winner;
    if (ev->has_winner && !seated) {
        ref->rule = NULL;
        snprintf(ref->detail, sizeof(ref->detail), "player %" PRId64 " is not seated in this game",
                 ev->winner);
        return -1;
    }
    st->has_winner = ev->has_winner;
    st->winner = ev->has_winner ? ev->winner : 0;
    st->status = ev->has_winner ? RESULTS_FINISHED : RESULTS_ABANDONED;
    return 0;
}

int results_apply(struct results_state *st, enum results_edition ed, const struct results_event *ev,
                  int64_t seq, struct results_refusal *ref)
{
    int rc = results_accepts(st, ev->type, ref);
    if (rc == 0 && ev->type == RESULTS_EV_RESULT) {
        struct results_outcome o;
        if (results_decide(ed, ev->variant, ev->standings, ev->nstandings, &o) != 0) {
            *ref = o.refusal;
            return -1;
        }
        st->result = o;
        st->has_result = true;
        st->has_winner = true;
        st->winner = o.winner;
        st->status = RESULTS_FINISHED;
    } else if (rc == 0 && ev->type == RESULTS_EV_END) {
        rc = apply_end(st, ev, ref);
    }
    if (rc == 0)
        st->seq = seq;
    return rc;
}
