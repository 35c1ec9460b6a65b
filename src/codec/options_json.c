/* options_json.c -- the legal events now (state.options) between the engine and JSON. */
#include "options_json.h"

#include <stdlib.h>

/* The player id of seat, or null for none. */
static void oj_seat(struct jbuf *j, const struct game_state *st, int seat)
{
    if (seat < 0 || seat >= st->nplayers)
        jb_null(j);
    else
        jb_int(j, st->players[seat].id);
}

/* The slug of destination d (null when out of range). */
static void oj_dest(struct jbuf *j, const struct board *b, int d)
{
    jb_str(j, d >= 0 && d < b->ndests ? b->dests[d].id : NULL);
}

/* The ids of o's destinations (or cards of o's deck) as an array. */
static void oj_ids(struct jbuf *j, const struct board *b, const struct rules_option *o, bool cards)
{
    jb_open(j, '[');
    for (int i = 0; i < o->ndests && i < BOARD_MAX_DESTS; i++) {
        int k = o->dests[i];
        if (!cards)
            oj_dest(j, b, k);
        else if (o->deck == DECK_JOURNAL)
            jb_str(j, b->journal[k].id);
        else
            jb_str(j, b->chance[k].id);
    }
    jb_close(j, ']');
}

/* A member whose value is an integer. */
static void oj_int(struct jbuf *j, const char *key, int64_t v)
{
    jb_key(j, key);
    jb_int(j, v);
}

/* The fields of one option by its type (API.md "Additions of 2026-12"). */
static void oj_fields(struct jbuf *j, const struct board *b, const struct game_state *st,
                      const struct rules_option *o)
{
    switch (o->type) {
    case EVENT_ROLL:
        if (o->jail_try > 0) {
            oj_int(j, "jail_try", o->jail_try);
            oj_int(j, "jail_tries", o->jail_tries);
            oj_int(j, "fine", o->amount);
        }
        return;
    case EVENT_BUY:
        jb_key(j, "destination");
        oj_dest(j, b, o->dest);
        oj_int(j, "price", o->amount);
        return;
    case EVENT_AUCTION:
        jb_key(j, "destination");
        oj_dest(j, b, o->dest);
        if (o->amount <= 0) { /* HOUSE-AUCTION off: declining leaves it with the Bank */
            jb_key(j, "bids");
            jb_bool(j, false);
            return;
        }
        oj_int(j, "min_bid", o->amount);
        oj_int(j, "step", RULES_MONEY_UNIT);
        return;
    case EVENT_COLLECT_FEE:
        jb_key(j, "destination");
        oj_dest(j, b, o->dest);
        oj_int(j, "amount", o->amount);
        jb_key(j, "owner");
        oj_seat(j, st, o->owner);
        jb_key(j, "payer");
        oj_seat(j, st, o->player);
        return;
    case EVENT_DRAW_CHANCE:
    case EVENT_DRAW_JOURNAL:
        jb_key(j, "cards");
        oj_ids(j, b, o, true);
        return;
    case EVENT_CHOOSE:
    case EVENT_GOAL_JUMP:
        jb_key(j, "destination");
        oj_ids(j, b, o, false);
        return;
    case EVENT_FLY:
        oj_int(j, "cost", o->amount);
        jb_key(j, "kind");
        jb_str(j, b->spaces[o->space].kind == SPACE_FLIGHT_LONG ? "flight_long" : "flight_local");
        jb_key(j, "to");
        oj_ids(j, b, o, false);
        return;
    case EVENT_USE_TICKET:
        jb_key(j, "to");
        oj_ids(j, b, o, false);
        return;
    case EVENT_JAIL_PAY: oj_int(j, "cost", o->amount); return;
    case EVENT_JAIL_CARD: oj_int(j, "cards", o->amount); return;
    default: return;
    }
}

/* A list of options as a JSON array: each {"type", "player", ...its fields}, with "rule"
 * and "detail" when refused. */
static void oj_list(struct jbuf *j, const struct board *b, const struct game_state *st,
                    const struct rules_option *list, int n, bool refused)
{
    jb_open(j, '[');
    for (int i = 0; i < n; i++) {
        const struct rules_option *o = &list[i];
        jb_open(j, '{');
        jb_key(j, "type");
        jb_str(j, rules_event_name(o->type));
        if (o->type != EVENT_AUCTION) {
            jb_key(j, "player");
            oj_seat(j, st, o->player);
        }
        oj_fields(j, b, st, o);
        if (refused) {
            jb_key(j, "rule");
            jb_str(j, o->rule ? o->rule : "");
            jb_key(j, "detail");
            jb_str(j, o->detail);
        }
        jb_close(j, '}');
    }
    jb_close(j, ']');
}

bool options_write(struct jbuf *j, const struct board *b, const struct game_state *st)
{
    struct rules_options *opts;
    if (st->mode != MODE_BANKER) {
        jb_key(j, "options");
        jb_null(j);
        jb_key(j, "unavailable");
        jb_null(j);
        return !j->failed;
    }
    /* rules_options() sets what it fills: no need to clear its 55 KB first. */
    opts = malloc(sizeof *opts);
    if (!opts) {
        j->failed = true;
        return false;
    }
    rules_options(b, st, opts);
    jb_key(j, "options");
    oj_list(j, b, st, opts->list, opts->n, false);
    jb_key(j, "unavailable");
    oj_list(j, b, st, opts->refused, opts->nrefused, true);
    free(opts);
    return !j->failed;
}
