/* options_json.c -- the legal events now (state.options) between the engine and JSON. */
#include "options_json.h"

#include <stdlib.h>

#include "json.h"

/* The player id of seat, or null for none. NULL when out of memory. */
static cJSON *oj_seat(const struct game_state *st, int seat)
{
    if (seat < 0 || seat >= st->nplayers)
        return cJSON_CreateNull();
    return cJSON_CreateNumber((double)st->players[seat].id);
}

/* The slug of destination d (null when out of range). */
static cJSON *oj_dest(const struct board *b, int d)
{
    return d >= 0 && d < b->ndests ? cJSON_CreateString(b->dests[d].id) : cJSON_CreateNull();
}

/* The ids of o's destinations (or cards of o's deck) as an array. */
static cJSON *oj_ids(const struct board *b, const struct rules_option *o, bool cards)
{
    cJSON *arr = cJSON_CreateArray();
    bool ok = arr != NULL;
    for (int i = 0; ok && i < o->ndests && i < BOARD_MAX_DESTS; i++) {
        int k = o->dests[i];
        if (!cards)
            ok = json_add(arr, NULL, oj_dest(b, k));
        else if (o->deck == DECK_JOURNAL)
            ok = json_add(arr, NULL, cJSON_CreateString(b->journal[k].id));
        else
            ok = json_add(arr, NULL, cJSON_CreateString(b->chance[k].id));
    }
    if (!ok) {
        cJSON_Delete(arr);
        return NULL;
    }
    return arr;
}

/* The fields of one option by its type (API.md "Additions of 2026-12"). */
static bool oj_fields(cJSON *j, const struct board *b, const struct game_state *st,
                      const struct rules_option *o)
{
    bool ok = true;
    switch (o->type) {
    case EVENT_ROLL:
        if (o->jail_try > 0) {
            ok = ok && json_add(j, "jail_try", cJSON_CreateNumber(o->jail_try));
            ok = ok && json_add(j, "jail_tries", cJSON_CreateNumber(o->jail_tries));
            ok = ok && json_add(j, "fine", cJSON_CreateNumber(o->amount));
        }
        return ok;
    case EVENT_BUY:
        ok = ok && json_add(j, "destination", oj_dest(b, o->dest));
        return ok && json_add(j, "price", cJSON_CreateNumber(o->amount));
    case EVENT_AUCTION:
        ok = ok && json_add(j, "destination", oj_dest(b, o->dest));
        if (o->amount <= 0) /* HOUSE-AUCTION off: declining leaves it with the Bank */
            return ok && json_add(j, "bids", cJSON_CreateFalse());
        ok = ok && json_add(j, "min_bid", cJSON_CreateNumber(o->amount));
        return ok && json_add(j, "step", cJSON_CreateNumber(RULES_MONEY_UNIT));
    case EVENT_COLLECT_FEE:
        ok = ok && json_add(j, "destination", oj_dest(b, o->dest));
        ok = ok && json_add(j, "amount", cJSON_CreateNumber(o->amount));
        ok = ok && json_add(j, "owner", oj_seat(st, o->owner));
        return ok && json_add(j, "payer", oj_seat(st, o->player));
    case EVENT_DRAW_CHANCE:
    case EVENT_DRAW_JOURNAL: return json_add(j, "cards", oj_ids(b, o, true));
    case EVENT_CHOOSE:
    case EVENT_GOAL_JUMP: return json_add(j, "destination", oj_ids(b, o, false));
    case EVENT_FLY:
        ok = ok && json_add(j, "cost", cJSON_CreateNumber(o->amount));
        ok = ok && json_add(j, "kind",
                            cJSON_CreateString(b->spaces[o->space].kind == SPACE_FLIGHT_LONG
                                                   ? "flight_long"
                                                   : "flight_local"));
        return ok && json_add(j, "to", oj_ids(b, o, false));
    case EVENT_USE_TICKET: return json_add(j, "to", oj_ids(b, o, false));
    case EVENT_JAIL_PAY: return json_add(j, "cost", cJSON_CreateNumber(o->amount));
    case EVENT_JAIL_CARD: return json_add(j, "cards", cJSON_CreateNumber(o->amount));
    default: return true;
    }
}

/* One option as JSON: {"type", "player", ...its fields}, with "rule" and "detail" when
 * refused. NULL when out of memory. */
static cJSON *oj_option(const struct board *b, const struct game_state *st,
                        const struct rules_option *o, bool refused)
{
    cJSON *j = cJSON_CreateObject();
    bool ok = j != NULL;
    ok = ok && json_add(j, "type", cJSON_CreateString(rules_event_name(o->type)));
    if (o->type != EVENT_AUCTION)
        ok = ok && json_add(j, "player", oj_seat(st, o->player));
    ok = ok && oj_fields(j, b, st, o);
    if (refused) {
        ok = ok && json_add(j, "rule", cJSON_CreateString(o->rule ? o->rule : ""));
        ok = ok && json_add(j, "detail", cJSON_CreateString(o->detail));
    }
    if (!ok) {
        cJSON_Delete(j);
        return NULL;
    }
    return j;
}

/* A list of options as a JSON array. NULL when out of memory. */
static cJSON *oj_list(const struct board *b, const struct game_state *st,
                      const struct rules_option *list, int n, bool refused)
{
    cJSON *arr = cJSON_CreateArray();
    bool ok = arr != NULL;
    for (int i = 0; ok && i < n; i++)
        ok = json_add(arr, NULL, oj_option(b, st, &list[i], refused));
    if (!ok) {
        cJSON_Delete(arr);
        return NULL;
    }
    return arr;
}

bool options_add_to_state(cJSON *o, const struct board *b, const struct game_state *st)
{
    if (st->mode != MODE_BANKER)
        return json_add(o, "options", cJSON_CreateNull()) &&
               json_add(o, "unavailable", cJSON_CreateNull());
    struct rules_options *opts = calloc(1, sizeof *opts);
    if (!opts)
        return false;
    rules_options(b, st, opts);
    bool ok = json_add(o, "options", oj_list(b, st, opts->list, opts->n, false));
    ok = ok && json_add(o, "unavailable", oj_list(b, st, opts->refused, opts->nrefused, true));
    free(opts);
    return ok;
}
