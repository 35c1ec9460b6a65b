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

/* One optional figure of a player's result: its key, whether it is there, its value. */
struct figure {
    const char *key;
    bool *has;
    int64_t *v64; /* the value: one of these two */
    int *v32;
};

#define FIGURES 10

/* The optional figures of p in the order they are written; bankrupt_order is there
 * when the player went bankrupt. This function can't fail. */
static void player_figures(struct results_player *p, struct figure f[FIGURES])
{
    const struct figure all[FIGURES] = {
        {"bankrupt_order", &p->bankrupt, NULL, &p->bankrupt_order},
        {"cash", &p->has_cash, &p->cash, NULL},
        {"property_value", &p->has_property_value, &p->property_value, NULL},
        {"mortgaged_value", &p->has_mortgaged_value, &p->mortgaged_value, NULL},
        {"buildings_value", &p->has_buildings_value, &p->buildings_value, NULL},
        {"net_worth", &p->has_net_worth, &p->net_worth, NULL},
        {"wonders_ticked", &p->has_wonders_ticked, NULL, &p->wonders_ticked},
        {"bonus", &p->has_bonus, &p->bonus, NULL},
        {"wealth", &p->has_wealth, &p->wealth, NULL},
        {"complete_sets", &p->has_complete_sets, NULL, &p->complete_sets},
    };
    memcpy(f, all, sizeof(all));
}

/* The JSON object of one player's figures; NULL when out of memory. */
static cJSON *player_to_json(const struct results_player *p)
{
    struct results_player copy = *p; /* player_figures() points into a player it may change */
    struct figure f[FIGURES];
    cJSON *o = cJSON_CreateObject();
    bool ok = o != NULL;
    player_figures(&copy, f);
    ok = ok && json_add_int(o, "player", p->player);
    ok = ok && json_add_int(o, "rank", p->rank);
    ok = ok && cJSON_AddBoolToObject(o, "bankrupt", p->bankrupt) != NULL;
    for (int i = 0; ok && i < FIGURES; i++)
        if (*f[i].has)
            ok = json_add_int(o, f[i].key, f[i].v64 ? *f[i].v64 : *f[i].v32);
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

/* ---- the state document of a results-mode game ---- */

/* Read one player's figures of a stored outcome (path names where, for errors). */
static int outcome_player_from_json(const cJSON *obj, const char *path, struct results_player *p,
                                    struct sb_error *err)
{
    struct figure f[FIGURES];
    int64_t rank = 0;
    int rc;
    memset(p, 0, sizeof(*p));
    player_figures(p, f);
    rc = json_at_i64(obj, path, "player", 1, JSON_INT_MAX, &p->player, err);
    if (rc == 0)
        rc = json_at_i64(obj, path, "rank", 1, RESULTS_MAX_PLAYERS, &rank, err);
    if (rc == 0)
        rc = json_at_bool(obj, path, "bankrupt", &p->bankrupt, err);
    p->rank = (int)rank;
    for (int i = 0; rc == 0 && i < FIGURES; i++) {
        int64_t x = 0;
        if (!cJSON_GetObjectItemCaseSensitive(obj, f[i].key))
            continue;
        rc = json_at_i64(obj, path, f[i].key, f[i].v64 ? -JSON_INT_MAX : 0,
                         f[i].v64 ? JSON_INT_MAX : RESULTS_WONDERS_TOTAL, &x, err);
        *f[i].has = true;
        if (f[i].v64)
            *f[i].v64 = x;
        else
            *f[i].v32 = (int)x;
    }
    return rc;
}

/* An edition, variant or status by its name at doc[key]; *out gets its index. */
static int name_from_json(const cJSON *doc, const char *path, const char *key,
                          int (*lookup)(const char *), int *out, struct sb_error *err)
{
    const char *name = NULL;
    int rc = json_at_string(doc, path, key, 0, &name, err);
    if (rc == 0 && (*out = lookup(name)) < 0)
        rc = json_fail_at(err, path, key, "'%s' is not known", name);
    return rc;
}

/* Read a decided outcome as results_to_json() wrote it. */
static int outcome_from_json(const cJSON *doc, struct results_outcome *o, struct sb_error *err)
{
    const cJSON *players = cJSON_GetObjectItemCaseSensitive(doc, "players"), *p;
    int ed = 0, v = 0, rc;
    memset(o, 0, sizeof(*o));
    rc = name_from_json(doc, "result", "edition", results_edition_from_id, &ed, err);
    if (rc == 0)
        rc = name_from_json(doc, "result", "variant", results_variant_from_name, &v, err);
    if (rc == 0)
        rc = json_at_i64(doc, "result", "winner", 1, JSON_INT_MAX, &o->winner, err);
    if (rc == 0)
        rc = json_at_bool(doc, "result", "tie_broken", &o->tie_broken, err);
    if (rc == 0 && (!cJSON_IsArray(players) || cJSON_GetArraySize(players) > RESULTS_MAX_PLAYERS))
        rc = json_fail_at(err, "result", "players", "must be an array of at most %d",
                          RESULTS_MAX_PLAYERS);
    o->edition = (enum results_edition)ed;
    o->variant = (enum results_variant)v;
    if (rc != 0)
        return rc;
    cJSON_ArrayForEach(p, players)
    {
        char path[32];
        snprintf(path, sizeof(path), "result.players[%d]", o->n);
        rc = outcome_player_from_json(p, path, &o->players[o->n], err);
        if (rc != 0)
            break;
        if (o->players[o->n].player == o->winner)
            o->winner_index = o->n;
        o->n++;
    }
    return rc;
}

/* Copy the string at obj[key] into dst[0..RESULTS_NAME_MAX). */
static int seat_string(const cJSON *obj, const char *path, const char *key, char *dst,
                       struct sb_error *err)
{
    const char *s = NULL;
    int rc = json_at_string(obj, path, key, 0, &s, err);
    if (rc == 0 && strlen(s) >= RESULTS_NAME_MAX)
        rc = json_fail_at(err, path, key, "is too long");
    if (rc == 0)
        memcpy(dst, s, strlen(s) + 1);
    return rc;
}

/* Read the seats of a stored state (players[]). */
static int seats_from_json(const cJSON *doc, struct results_state *st, struct sb_error *err)
{
    const cJSON *players = cJSON_GetObjectItemCaseSensitive(doc, "players"), *p;
    int rc = 0;
    if (!cJSON_IsArray(players) || cJSON_GetArraySize(players) < 1 ||
        cJSON_GetArraySize(players) > RESULTS_MAX_PLAYERS)
        return json_fail_at(err, "", "players", "must be an array of 1 to %d", RESULTS_MAX_PLAYERS);
    cJSON_ArrayForEach(p, players)
    {
        struct results_seat *seat = &st->players[st->n];
        char path[32];
        snprintf(path, sizeof(path), "players[%d]", st->n);
        rc = json_at_i64(p, path, "id", 1, JSON_INT_MAX, &seat->id, err);
        if (rc == 0)
            rc = seat_string(p, path, "name", seat->name, err);
        if (rc == 0)
            rc = seat_string(p, path, "token", seat->token, err);
        if (rc != 0)
            return rc;
        st->n++;
    }
    return 0;
}

int results_state_from_json(const cJSON *doc, struct results_state *st, struct sb_error *err)
{
    const cJSON *winner = cJSON_GetObjectItemCaseSensitive(doc, "winner");
    const cJSON *result = cJSON_GetObjectItemCaseSensitive(doc, "result");
    int status = 0;
    int rc;
    memset(st, 0, sizeof(*st));
    if (!cJSON_IsObject(doc))
        return json_fail_at(err, "", NULL, "a state must be an object");
    rc = seats_from_json(doc, st, err);
    if (rc == 0)
        rc = json_at_i64(doc, "", "version", 0, JSON_INT_MAX, &st->version, err);
    if (rc == 0)
        rc = json_at_i64(doc, "", "seq", 0, JSON_INT_MAX, &st->seq, err);
    if (rc == 0)
        rc = name_from_json(doc, "", "status", results_status_from_name, &status, err);
    st->status = (enum results_status)status;
    st->has_winner = winner && !cJSON_IsNull(winner);
    if (rc == 0 && st->has_winner)
        rc = json_at_i64(doc, "", "winner", 1, JSON_INT_MAX, &st->winner, err);
    st->has_result = result && !cJSON_IsNull(result);
    if (rc == 0 && st->has_result)
        rc = outcome_from_json(result, &st->result, err);
    return rc;
}

/* players[] of a state document; false when out of memory. */
static bool seats_to_json(cJSON *doc, const struct results_state *st)
{
    cJSON *list = cJSON_AddArrayToObject(doc, "players");
    bool ok = list != NULL;
    for (int i = 0; ok && i < st->n; i++) {
        const struct results_seat *s = &st->players[i];
        cJSON *p = cJSON_CreateObject();
        ok = json_add(list, NULL, p) && json_add_int(p, "id", s->id) &&
             cJSON_AddStringToObject(p, "name", s->name) &&
             cJSON_AddStringToObject(p, "token", s->token);
    }
    return ok;
}

cJSON *results_state_to_json(const struct results_state *st, int64_t version)
{
    cJSON *doc = cJSON_CreateObject();
    bool ok = doc && seats_to_json(doc, st);
    ok =
        ok && json_add_int(doc, "version", version) && json_add_int(doc, "seq", st->seq) &&
        cJSON_AddStringToObject(doc, "status", results_status_name(st->status)) &&
        cJSON_AddStringToObject(doc, "mode", "results") &&
        json_add(doc, "winner", st->has_winner ? json_num(st->winner) : cJSON_CreateNull()) &&
        json_add(doc, "result", st->has_result ? results_to_json(&st->result) : cJSON_CreateNull());
    if (!ok) {
        cJSON_Delete(doc);
        return NULL;
    }
    return doc;
}

/* ---- the events of a results-mode game ---- */

int results_event_head(const cJSON *body, enum results_event_type *t, struct sb_error *err)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(body, "type");
    const char *text = NULL;
    int rc;
    if (!cJSON_IsString(type))
        return sb_fail(err, SB_EBADREQ, NULL, "'type' must be a string");
    rc = event_check_fields(body, err); /* a field its type does not take */
    if (rc != 0)
        return rc;
    *t = strcmp(type->valuestring, "result") == 0 ? RESULTS_EV_RESULT
         : strcmp(type->valuestring, "note") == 0 ? RESULTS_EV_NOTE
         : strcmp(type->valuestring, "end") == 0  ? RESULTS_EV_END
                                                  : RESULTS_EV_OTHER;
    if (*t == RESULTS_EV_NOTE)
        rc = json_get_string(body, "text", true, JSON_TEXT_MAX_CHARS, false, &text, err);
    return rc;
}

int results_event_from_json(const cJSON *body, enum results_edition ed,
                            const struct results_state *st, struct results_event *ev,
                            struct sb_error *err)
{
    int64_t seats[RESULTS_MAX_PLAYERS];
    const char *reason = NULL;
    int rc = 0;
    if (ev->type == RESULTS_EV_RESULT) {
        for (int i = 0; i < st->n; i++)
            seats[i] = st->players[i].id;
        rc = results_from_json(body, ed, seats, st->n, ev->standings, &ev->nstandings, &ev->variant,
                               err);
    } else if (ev->type == RESULTS_EV_END) {
        rc =
            json_get_int(body, "winner", false, 1, JSON_INT_MAX, &ev->winner, &ev->has_winner, err);
        if (rc == 0)
            rc = json_get_string(body, "reason", false, JSON_TEXT_MAX_CHARS, true, &reason, err);
    }
    return rc;
}

cJSON *results_effects_to_json(const struct results_state *st, enum results_event_type t)
{
    cJSON *fx = cJSON_CreateArray(), *win = NULL;
    if (fx && t == RESULTS_EV_RESULT &&
        (!json_add(fx, NULL, win = cJSON_CreateObject()) ||
         !cJSON_AddStringToObject(win, "kind", "win") ||
         !json_add_int(win, "player", st->winner))) {
        cJSON_Delete(fx);
        return NULL;
    }
    return fx;
}
