/* results_json.c -- result events to standings and decided outcomes to JSON. */
#include "results_json.h"

#include <inttypes.h>
#include <stdlib.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "json.h"
#include "state_json.h"

/* Prefix err's detail with where the bad field was ("standings[2]: "); return rc. */
static int at_standing(int rc, int index, struct sb_error *err)
{
    if (err) {
        char detail[SB_DETAIL_MAX];
        if (snprintf(detail, sizeof(detail), "standings[%d]: %s", index, err->detail) >= 0)
            memcpy(err->detail, detail, sizeof(detail)); /* a long detail is cut short */
    }
    return rc;
}

/* The index of player in seats, or -1. This function can't fail. */
static int seat_index(const int64_t *seats, int nseats, int64_t player)
{
    for (int i = 0; i < nseats; i++)
        if (seats[i] == player)
            return i;
    return -1;
}

/* Read one optional money figure of a standing. */
static int get_money(const cJSON *obj, const char *key, bool *has, int64_t *value,
                     struct sb_error *err)
{
    int64_t x = 0;
    bool present = false;
    int rc = json_get_int(obj, key, false, 0, JSON_MONEY_MAX, &x, &present, err);
    if (rc == 0 && present) {
        *has = true;
        *value = x;
    }
    return rc;
}

/* Read one optional small count of a standing within [min, max]. */
static int get_count(const cJSON *obj, const char *key, int min, int max, bool *has, int *value,
                     struct sb_error *err)
{
    int64_t x = 0;
    bool present = false;
    int rc = json_get_int(obj, key, false, min, max, &x, &present, err);
    if (rc == 0 && present) {
        *has = true;
        *value = (int)x;
    }
    return rc;
}

/* Read one standing object into *st. */
static int standing_from_json(const cJSON *obj, int nseats, struct results_standing *st,
                              struct sb_error *err)
{
    int rc;
    memset(st, 0, sizeof(*st));
    if (!cJSON_IsObject(obj))
        return sb_fail(err, SB_EBADREQ, NULL, "a standing must be an object");
    rc = json_get_int(obj, "player", true, 1, JSON_INT_MAX, &st->player, NULL, err);
    if (rc == 0)
        rc = get_count(obj, "bankrupt_order", 1, nseats, &st->has_bankrupt_order,
                       &st->bankrupt_order, err);
    if (rc == 0)
        rc = get_money(obj, "cash", &st->has_cash, &st->cash, err);
    if (rc == 0)
        rc = get_money(obj, "property_value", &st->has_property_value, &st->property_value, err);
    if (rc == 0)
        rc = get_money(obj, "mortgaged_value", &st->has_mortgaged_value, &st->mortgaged_value, err);
    if (rc == 0)
        rc = get_money(obj, "buildings_value", &st->has_buildings_value, &st->buildings_value, err);
    if (rc == 0)
        rc = get_count(obj, "wonders_ticked", 0, RESULTS_WONDERS_TOTAL, &st->has_wonders_ticked,
                       &st->wonders_ticked, err);
    if (rc == 0)
        rc = get_count(obj, "complete_sets", 0, RESULTS_MAX_SETS, &st->has_complete_sets,
                       &st->complete_sets, err);
    return rc;
}

/* Read "type" (when present it must be "result") and "variant". */
static int head_from_json(const cJSON *body, enum results_edition ed, enum results_variant *v,
                          struct sb_error *err)
{
    const char *type = NULL, *name = NULL;
    int rc = json_get_string(body, "type", false, JSON_NAME_MAX_CHARS, false, &type, err);
    if (rc == 0 && type && strcmp(type, "result") != 0)
        rc = sb_fail(err, SB_EINVALID, NULL, "'type' must be \"result\" in results mode");
    if (rc == 0)
        rc = json_get_string(body, "variant", false, JSON_NAME_MAX_CHARS, false, &name, err);
    if (rc != 0)
        return rc;
    if (!name) {
        *v = RESULTS_STANDARD;
        return 0;
    }
    int k = results_variant_from_name(name);
    if (k < 0)
        return sb_fail(err, SB_EINVALID, "RESULTS-VARIANT",
                       "'variant' must be \"standard\", \"short\" or \"timed\"");
    if (!results_has_variant(ed, (enum results_variant)k))
        return sb_fail(err, SB_EINVALID, "RESULTS-VARIANT", "the %s edition has no %s variant",
                       results_edition_id(ed), name);
    *v = (enum results_variant)k;
    return 0;
}

int results_from_json(const cJSON *body, enum results_edition ed, const int64_t *seats, int nseats,
                      struct results_standing *out, int *n, enum results_variant *v,
                      struct sb_error *err)
{
    struct results_standing got[RESULTS_MAX_PLAYERS];
    bool have[RESULTS_MAX_PLAYERS] = {false};
    enum results_variant variant = RESULTS_STANDARD;
    const cJSON *list, *item;
    int64_t winner = 0;
    bool has_winner = false;
    int i = 0, rc;

    if (!cJSON_IsObject(body))
        return sb_fail(err, SB_EBADREQ, NULL, "the event must be a JSON object");
    if (!seats || nseats < 1 || nseats > RESULTS_MAX_PLAYERS)
        return sb_fail(err, SB_EINVALID, "RESULTS-PLAYERS", "a results game seats 1 to %d",
                       RESULTS_MAX_PLAYERS);
    rc = head_from_json(body, ed, &variant, err);
    if (rc == 0)
        rc = json_get_int(body, "winner", false, 1, JSON_INT_MAX, &winner, &has_winner, err);
    if (rc != 0)
        return rc;
    if (has_winner && seat_index(seats, nseats, winner) < 0)
        return sb_fail(err, SB_EINVALID, NULL, "'winner' %" PRId64 " is not seated in this game",
                       winner);
    list = cJSON_GetObjectItemCaseSensitive(body, "standings");
    if (!list || cJSON_IsNull(list))
        return sb_fail(err, SB_EBADREQ, NULL, "'standings' is required");
    if (!cJSON_IsArray(list))
        return sb_fail(err, SB_EBADREQ, NULL, "'standings' must be an array");

    cJSON_ArrayForEach(item, list)
    {
        struct results_standing st;
        int seat;
        rc = standing_from_json(item, nseats, &st, err);
        if (rc != 0)
            return at_standing(rc, i, err);
        seat = seat_index(seats, nseats, st.player);
        if (seat < 0)
            return at_standing(sb_fail(err, SB_EINVALID, NULL,
                                       "player %" PRId64 " is not seated in this game", st.player),
                               i, err);
        if (have[seat])
            return at_standing(
                sb_fail(err, SB_EINVALID, NULL, "player %" PRId64 " has two standings", st.player),
                i, err);
        st.declared_winner = has_winner && st.player == winner;
        have[seat] = true;
        got[seat] = st;
        i++;
    }
    for (int s = 0; s < nseats; s++)
        if (!have[s])
            return sb_fail(err, SB_EINVALID, NULL,
                           "player %" PRId64 " has no standing: every seated player needs one",
                           seats[s]);

    memcpy(out, got, (size_t)nseats * sizeof(got[0]));
    *n = nseats;
    *v = variant;
    return 0;
}

/* The JSON object of one player's figures; NULL when out of memory. */
static cJSON *player_to_json(const struct results_player *p)
{
    cJSON *o = cJSON_CreateObject();
    bool ok = o != NULL;
    ok = ok && json_add_int(o, "player", p->player);
    ok = ok && json_add_int(o, "rank", p->rank);
    ok = ok && cJSON_AddBoolToObject(o, "bankrupt", p->bankrupt) != NULL;
    if (p->bankrupt)
        ok = ok && json_add_int(o, "bankrupt_order", p->bankrupt_order);
    if (p->has_cash)
        ok = ok && json_add_int(o, "cash", p->cash);
    if (p->has_property_value)
        ok = ok && json_add_int(o, "property_value", p->property_value);
    if (p->has_mortgaged_value)
        ok = ok && json_add_int(o, "mortgaged_value", p->mortgaged_value);
    if (p->has_buildings_value)
        ok = ok && json_add_int(o, "buildings_value", p->buildings_value);
    if (p->has_net_worth)
        ok = ok && json_add_int(o, "net_worth", p->net_worth);
    if (p->has_wonders_ticked)
        ok = ok && json_add_int(o, "wonders_ticked", p->wonders_ticked);
    if (p->has_bonus)
        ok = ok && json_add_int(o, "bonus", p->bonus);
    if (p->has_wealth)
        ok = ok && json_add_int(o, "wealth", p->wealth);
    if (p->has_complete_sets)
        ok = ok && json_add_int(o, "complete_sets", p->complete_sets);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

cJSON *results_to_json(const struct results_outcome *o)
{
    cJSON *doc = cJSON_CreateObject();
    cJSON *players = NULL;
    bool ok = doc != NULL;

    ok = ok && cJSON_AddStringToObject(doc, "edition", results_edition_id(o->edition)) != NULL;
    ok = ok && cJSON_AddStringToObject(doc, "variant", results_variant_name(o->variant)) != NULL;
    ok = ok && json_add_int(doc, "winner", o->winner);
    ok = ok && cJSON_AddBoolToObject(doc, "tie_broken", o->tie_broken) != NULL;
    ok = ok && (players = cJSON_AddArrayToObject(doc, "players")) != NULL;
    for (int i = 0; ok && i < o->n; i++) {
        cJSON *p = player_to_json(&o->players[i]);
        ok = p != NULL && cJSON_AddItemToArray(players, p);
        if (!ok)
            cJSON_Delete(p);
    }
    if (!ok) {
        cJSON_Delete(doc);
        return NULL;
    }
    return doc;
}

/* Record o's refusal in err (SB_EINVALID, its rule and detail) and return SB_EINVALID. */
static int results_fail(const struct results_outcome *o, struct sb_error *err)
{
    return sb_fail(err, SB_EINVALID, o->refusal.rule, "%s", o->refusal.detail);
}

int results_decide_json(const cJSON *body, enum results_edition ed, const int64_t *seats,
                        int nseats, struct results_outcome *out, struct sb_error *err)
{
    struct results_standing s[RESULTS_MAX_PLAYERS];
    enum results_variant v = RESULTS_STANDARD;
    int n = 0;
    int rc = event_check_fields(body, err);
    if (rc == 0)
        rc = results_from_json(body, ed, seats, nseats, s, &n, &v, err);
    if (rc != 0)
        return rc;
    if (results_decide(ed, v, s, n, out) != 0)
        return results_fail(out, err);
    return 0;
}

cJSON *results_state_new(const int64_t *players, const char *const *names,
                         const char *const *tokens, int n)
{
    cJSON *doc = cJSON_CreateObject(), *list = cJSON_AddArrayToObject(doc, "players");
    bool ok = list != NULL;
    for (int i = 0; ok && i < n; i++) {
        cJSON *p = cJSON_CreateObject();
        ok = p && cJSON_AddItemToArray(list, p) && json_add_int(p, "id", players[i]) &&
             cJSON_AddStringToObject(p, "name", names[i]) &&
             cJSON_AddStringToObject(p, "token", tokens[i]);
    }
    ok = ok && json_add_int(doc, "version", 1) && json_add_int(doc, "seq", 0) &&
         cJSON_AddStringToObject(doc, "status", "active") &&
         cJSON_AddStringToObject(doc, "mode", "results") && cJSON_AddNullToObject(doc, "winner") &&
         cJSON_AddNullToObject(doc, "result");
    if (!ok) {
        cJSON_Delete(doc);
        return NULL;
    }
    return doc;
}

/* The seats of a results-mode state document as player ids; returns their number. */
static int state_seats(const cJSON *doc, int64_t *seats)
{
    const cJSON *players = cJSON_GetObjectItemCaseSensitive(doc, "players"), *p;
    int n = 0;
    cJSON_ArrayForEach(p, players)
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(p, "id");
        if (n < RESULTS_MAX_PLAYERS && cJSON_IsNumber(id))
            seats[n++] = (int64_t)id->valuedouble;
    }
    return n;
}

/* A `result` event: decide the outcome by the edition's rule and finish the game. */
static int state_result(cJSON *doc, enum results_edition ed, const cJSON *body, cJSON *fx,
                        struct sb_error *err)
{
    int64_t seats[RESULTS_MAX_PLAYERS];
    int n = state_seats(doc, seats);
    struct results_outcome *o = calloc(1, sizeof(*o));
    cJSON *result = NULL, *win = NULL;
    int rc = o ? results_decide_json(body, ed, seats, n, o, err) : sb_oom(err);
    if (rc == 0 &&
        (!(result = results_to_json(o)) || !(win = cJSON_CreateObject()) ||
         !cJSON_AddItemToArray(fx, win) || !cJSON_AddStringToObject(win, "kind", "win") ||
         !json_add_int(win, "player", o->winner) || !json_set(doc, "result", result) ||
         !json_set(doc, "winner", cJSON_CreateNumber((double)o->winner)) ||
         !json_set(doc, "status", cJSON_CreateString("finished"))))
        rc = sb_oom(err);
    free(o);
    return rc;
}

/* An `end` event: finished with the winner the table names, else abandoned. */
static int state_end(cJSON *doc, const cJSON *body, struct sb_error *err)
{
    int64_t winner = 0, seats[RESULTS_MAX_PLAYERS];
    bool has_winner = false, seated = false;
    const char *reason = NULL;
    int n = state_seats(doc, seats);
    int rc = json_get_int(body, "winner", false, 1, JSON_INT_MAX, &winner, &has_winner, err);
    if (rc == 0)
        rc = json_get_string(body, "reason", false, JSON_TEXT_MAX_CHARS, true, &reason, err);
    for (int i = 0; i < n; i++)
        seated |= seats[i] == winner;
    if (rc == 0 && has_winner && !seated)
        return sb_fail(err, SB_EINVALID, NULL, "player %lld is not seated in this game",
                       (long long)winner);
    if (rc == 0 &&
        (!json_set(doc, "winner",
                   has_winner ? cJSON_CreateNumber((double)winner) : cJSON_CreateNull()) ||
         !json_set(doc, "status", cJSON_CreateString(has_winner ? "finished" : "abandoned"))))
        rc = sb_oom(err);
    return rc;
}

int results_state_apply(cJSON **doc, enum results_edition ed, const cJSON *body, int64_t seq,
                        cJSON **effects, struct sb_error *err)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(body, "type");
    const cJSON *status = cJSON_GetObjectItemCaseSensitive(*doc, "status");
    bool active = cJSON_IsString(status) && strcmp(status->valuestring, "active") == 0;
    cJSON *fx = cJSON_CreateArray(), *work = cJSON_Duplicate(*doc, true);
    const char *text = NULL;
    int rc = 0;

    if (!fx || !work)
        rc = sb_oom(err);
    else if (!cJSON_IsString(type))
        rc = sb_fail(err, SB_EBADREQ, NULL, "'type' must be a string");
    else if ((rc = event_check_fields(body, err)) != 0)
        ; /* a field its type does not take */
    else if (strcmp(type->valuestring, "note") == 0)
        rc = json_get_string(body, "text", true, JSON_TEXT_MAX_CHARS, false, &text, err);
    else if (!active)
        rc = sb_fail(err, SB_ECONFLICT, "RESULTS-END", "this game is over");
    else if (strcmp(type->valuestring, "result") == 0)
        rc = state_result(work, ed, body, fx, err);
    else if (strcmp(type->valuestring, "end") == 0)
        rc = state_end(work, body, err);
    else
        rc = sb_fail(err, SB_EINVALID, NULL,
                     "a results-mode game takes only result, note and end events");
    if (rc == 0 && !json_set(work, "seq", cJSON_CreateNumber((double)seq)))
        rc = sb_oom(err);
    /* The event works on a copy: a refused one leaves *doc as it was. */
    if (rc != 0) {
        cJSON_Delete(work);
        cJSON_Delete(fx);
        return rc;
    }
    cJSON_Delete(*doc);
    *doc = work;
    *effects = fx;
    return 0;
}
