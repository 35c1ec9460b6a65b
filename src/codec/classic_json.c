/* classic_json.c -- the classic bank between its structs and JSON (classic_json.h). */
#include "classic_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

#define CJ_PATH_MAX 48       /* "community[15].effect" and the like */
#define CJ_BUILDING_CHARS 40 /* a building's name: "chambres d’hôtes" */

/* ---- the box ---------------------------------------------------------------------- */

/* Space kinds as a box names them; a Wonders box says wonder and airport. */
static const char *const cj_space_kinds[CLASSIC_SPACE_KIND_COUNT] = {
    [CLASSIC_SPACE_GO] = "go",
    [CLASSIC_SPACE_STREET] = "street",
    [CLASSIC_SPACE_STATION] = "station",
    [CLASSIC_SPACE_UTILITY] = "utility",
    [CLASSIC_SPACE_CHANCE] = "chance",
    [CLASSIC_SPACE_COMMUNITY] = "community",
    [CLASSIC_SPACE_TAX] = "tax",
    [CLASSIC_SPACE_JAIL] = "jail",
    [CLASSIC_SPACE_FREE_PARKING] = "free_parking",
    [CLASSIC_SPACE_GO_TO_JAIL] = "go_to_jail",
};

/* Copy s into a buffer of n bytes; 422 at path.key when it does not fit. */
static int cj_copy(char *dst, size_t n, const char *s, const char *path, const char *key,
                   struct sb_error *err)
{
    if (strlen(s) >= n)
        return json_fail_at(err, path, key, "is too long");
    memcpy(dst, s, strlen(s) + 1);
    return 0;
}

/* The kind of space obj, a Wonders kind setting *wonders. */
static int cj_space_kind(const cJSON *obj, const char *path, int *kind, int *wonders,
                         struct sb_error *err)
{
    const char *s = NULL;
    int rc = json_at_string(obj, path, "kind", 0, &s, err);
    if (rc != 0)
        return rc;
    if (strcmp(s, "wonder") == 0 || strcmp(s, "airport") == 0) {
        *wonders = 1;
        *kind = s[0] == 'w' ? CLASSIC_SPACE_STREET : CLASSIC_SPACE_STATION;
        return 0;
    }
    return json_at_enum(obj, path, "kind", cj_space_kinds, CLASSIC_SPACE_KIND_COUNT, kind, err);
}

/* The 40 spaces, in order. */
static int cj_read_spaces(const cJSON *doc, struct classic_board *b, struct sb_error *err)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(doc, "spaces"), *it;
    int i = 0, rc = 0;
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != CLASSIC_SPACES)
        return json_fail_at(err, "", "spaces", "must be an array of %d spaces", CLASSIC_SPACES);
    cJSON_ArrayForEach(it, arr)
    {
        struct classic_space *sp = &b->spaces[i];
        char path[CJ_PATH_MAX];
        const char *name = NULL;
        int kind = 0, index = 0;
        snprintf(path, sizeof(path), "spaces[%d]", i);
        rc = json_at_int(it, path, "index", i, i, &index, err);
        if (rc == 0)
            rc = cj_space_kind(it, path, &kind, &b->wonders, err);
        if (rc == 0)
            rc = json_at_name(it, path, "name", JSON_NAME_MAX_CHARS, &name, err);
        if (rc == 0)
            rc = cj_copy(sp->name, sizeof(sp->name), name, path, "name", err);
        sp->kind = (enum classic_space_kind)kind;
        sp->deed = -1;
        sp->amount = 0;
        if (rc == 0 && sp->kind == CLASSIC_SPACE_TAX)
            rc = json_at_int(it, path, "amount", 0, CLASSIC_CASH_MAX, &sp->amount, err);
        if (rc != 0)
            return rc;
        i++;
    }
    return 0;
}

/* A list of n whole numbers at obj[key] into out. */
static int cj_ints(const cJSON *obj, const char *path, const char *key, int n, int *out,
                   struct sb_error *err)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(obj, key), *it;
    int i = 0;
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != n)
        return json_fail_at(err, path, key, "must be an array of %d amounts", n);
    cJSON_ArrayForEach(it, arr)
    {
        if (!json_is_int(it) || it->valuedouble < 0 || it->valuedouble > CLASSIC_CASH_MAX)
            return json_fail_at(err, path, key, "must hold amounts of 0 to %d", CLASSIC_CASH_MAX);
        out[i++] = (int)it->valuedouble;
    }
    return 0;
}

/* One deed at path; its space must be a street, station or utility with no deed yet. */
static int cj_read_deed(const cJSON *it, const char *path, struct classic_board *b,
                        struct classic_deed *d, struct sb_error *err)
{
    const char *name = NULL, *group = NULL;
    enum classic_space_kind kind;
    int rc = json_at_int(it, path, "space", 0, CLASSIC_SPACES - 1, &d->space, err);
    if (rc != 0)
        return rc;
    kind = b->spaces[d->space].kind;
    if ((kind != CLASSIC_SPACE_STREET && kind != CLASSIC_SPACE_STATION &&
         kind != CLASSIC_SPACE_UTILITY) ||
        b->spaces[d->space].deed >= 0)
        return json_fail_at(err, path, "space", "must be a lot of the board with one deed");
    rc = json_at_name(it, path, "name", JSON_NAME_MAX_CHARS, &name, err);
    if (rc == 0)
        rc = cj_copy(d->name, sizeof(d->name), name, path, "name", err);
    if (rc == 0)
        rc = json_at_string(it, path, "group", CLASSIC_ID_MAX - 1, &group, err);
    if (rc == 0)
        rc = cj_copy(d->group, sizeof(d->group), group, path, "group", err);
    if (rc == 0)
        rc = json_at_int(it, path, "price", 1, CLASSIC_CASH_MAX, &d->price, err);
    if (rc == 0)
        rc = json_at_int(it, path, "mortgage", 0, d->price, &d->mortgage, err);
    if (rc == 0 && kind == CLASSIC_SPACE_STREET)
        rc = json_at_int(it, path, "house", 1, CLASSIC_CASH_MAX, &d->house, err);
    if (rc == 0 && kind == CLASSIC_SPACE_STREET)
        rc = cj_ints(it, path, "rents", CLASSIC_RENTS, d->rents, err);
    if (rc == 0 && kind == CLASSIC_SPACE_STATION)
        rc = cj_ints(it, path, "rents", CLASSIC_STATION_RENTS, d->rents, err);
    if (rc == 0 && kind == CLASSIC_SPACE_UTILITY)
        rc = cj_ints(it, path, "multipliers", 2, d->multipliers, err);
    return rc;
}

/* The deeds, in board order, each tied to its space. */
static int cj_read_deeds(const cJSON *doc, struct classic_board *b, struct sb_error *err)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(doc, "deeds"), *it;
    int i = 0, rc = 0;
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) > CLASSIC_MAX_DEEDS)
        return json_fail_at(err, "", "deeds", "must be an array of at most %d deeds",
                            CLASSIC_MAX_DEEDS);
    cJSON_ArrayForEach(it, arr)
    {
        char path[CJ_PATH_MAX];
        struct classic_deed *d = &b->deeds[i];
        snprintf(path, sizeof(path), "deeds[%d]", i);
        memset(d, 0, sizeof(*d));
        rc = cj_read_deed(it, path, b, d, err);
        if (rc != 0)
            return rc;
        if (i > 0 && b->deeds[i - 1].space > d->space)
            return json_fail_at(err, path, "space", "deeds must be in board order");
        b->spaces[d->space].deed = i++;
    }
    b->ndeeds = i;
    return 0;
}

/* The simple card effects: one key, one amount. */
static const struct {
    const char *key;
    enum classic_card_kind kind;
} cj_amount_effects[] = {
    {"collect", CLASSIC_CARD_COLLECT},
    {"pay", CLASSIC_CARD_PAY},
    {"collect_from_each", CLASSIC_CARD_COLLECT_FROM_EACH},
    {"pay_or_chance", CLASSIC_CARD_PAY_OR_CHANCE},
};

/* The salary of a card's move: its "salary" (default true). */
static int cj_salary(const cJSON *e, const char *path, int *salary, struct sb_error *err)
{
    bool v = true;
    int rc = 0;
    if (cJSON_GetObjectItemCaseSensitive(e, "salary"))
        rc = json_at_bool(e, path, "salary", &v, err);
    *salary = v ? 1 : 0;
    return rc;
}

/* What a card does: its "effect" object. */
static int cj_read_effect(const cJSON *e, const char *path, struct classic_card *c,
                          struct sb_error *err)
{
    const cJSON *rep = cJSON_GetObjectItemCaseSensitive(e, "repairs");
    for (size_t k = 0; k < sizeof(cj_amount_effects) / sizeof(cj_amount_effects[0]); k++) {
        if (!cJSON_GetObjectItemCaseSensitive(e, cj_amount_effects[k].key))
            continue;
        c->kind = cj_amount_effects[k].kind;
        return json_at_int(e, path, cj_amount_effects[k].key, 0, CLASSIC_CASH_MAX, &c->amount, err);
    }
    if (cJSON_GetObjectItemCaseSensitive(e, "move_to_space")) {
        c->kind = CLASSIC_CARD_MOVE_TO;
        int rc = json_at_int(e, path, "move_to_space", 0, CLASSIC_SPACES - 1, &c->space, err);
        return rc != 0 ? rc : cj_salary(e, path, &c->salary, err);
    }
    if (cJSON_GetObjectItemCaseSensitive(e, "move_by")) {
        c->kind = CLASSIC_CARD_MOVE_BY;
        int rc = json_at_int(e, path, "move_by", -(CLASSIC_SPACES - 1), CLASSIC_SPACES - 1,
                             &c->steps, err);
        return rc != 0 ? rc : cj_salary(e, path, &c->salary, err);
    }
    if (rep) {
        char sub[CJ_PATH_MAX * 2 + 16];
        snprintf(sub, sizeof(sub), "%s.repairs", path);
        c->kind = CLASSIC_CARD_REPAIRS;
        int rc = json_at_int(rep, sub, "house", 0, CLASSIC_CASH_MAX, &c->house, err);
        return rc != 0 ? rc : json_at_int(rep, sub, "hotel", 0, CLASSIC_CASH_MAX, &c->hotel, err);
    }
    c->kind =
        cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "go_to_jail"))  ? CLASSIC_CARD_GO_TO_JAIL
        : cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "jail_free")) ? CLASSIC_CARD_JAIL_FREE
                                                                         : CLASSIC_CARD_NONE;
    if (c->kind == CLASSIC_CARD_NONE)
        return json_fail_at(err, path, NULL, "is no card effect the bank knows");
    return 0;
}

/* One deck ("chance" or "community") of 1..CLASSIC_DECK_CARDS cards. */
static int cj_read_deck(const cJSON *doc, const char *key, struct classic_card *cards, int *n,
                        struct sb_error *err)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(doc, key), *it;
    int i = 0, rc = 0;
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) < 1 ||
        cJSON_GetArraySize(arr) > CLASSIC_DECK_CARDS)
        return json_fail_at(err, "", key, "must be an array of 1 to %d cards", CLASSIC_DECK_CARDS);
    cJSON_ArrayForEach(it, arr)
    {
        char path[CJ_PATH_MAX];
        const char *id = NULL;
        struct classic_card *c = &cards[i];
        const cJSON *e = cJSON_GetObjectItemCaseSensitive(it, "effect");
        snprintf(path, sizeof(path), "%s[%d]", key, i);
        memset(c, 0, sizeof(*c));
        c->salary = 1; /* a move pays the GO salary unless its "salary" is false */
        rc = json_at_string(it, path, "id", CLASSIC_ID_MAX - 1, &id, err);
        if (rc == 0)
            rc = cj_copy(c->id, sizeof(c->id), id, path, "id", err);
        if (rc == 0 && !cJSON_IsObject(e))
            rc = json_fail_at(err, path, "effect", "must be an object");
        if (rc == 0) {
            char sub[CJ_PATH_MAX + 16];
            snprintf(sub, sizeof(sub), "%s.effect", path);
            rc = cj_read_effect(e, sub, c, err);
        }
        for (int j = 0; rc == 0 && j < i; j++)
            if (strcmp(cards[j].id, c->id) == 0)
                rc = json_fail_at(err, path, "id", "names another card too");
        if (rc != 0)
            return rc;
        i++;
    }
    *n = i;
    return 0;
}

/* The money and the stock. */
static int cj_read_money(const cJSON *doc, struct classic_board *b, struct sb_error *err)
{
    const cJSON *stock = cJSON_GetObjectItemCaseSensitive(doc, "stock");
    int rc = json_at_int(doc, "", "start_cash", 0, CLASSIC_CASH_MAX, &b->start_cash, err);
    if (rc == 0)
        rc = json_at_int(doc, "", "go_salary", 0, CLASSIC_CASH_MAX, &b->go_salary, err);
    if (rc == 0)
        rc = json_at_int(doc, "", "jail_fine", 0, CLASSIC_CASH_MAX, &b->jail_fine, err);
    b->end_bonus = 0;
    if (rc == 0 && cJSON_GetObjectItemCaseSensitive(doc, "end_bonus"))
        rc = json_at_int(doc, "", "end_bonus", 0, CLASSIC_CASH_MAX, &b->end_bonus, err);
    if (rc == 0 && !cJSON_IsObject(stock))
        rc = json_fail_at(err, "", "stock", "must be an object");
    if (rc == 0)
        rc = json_at_int(stock, "stock", "houses", 0, CLASSIC_HOUSES * 4, &b->houses, err);
    if (rc == 0)
        rc = json_at_int(stock, "stock", "hotels", 0, CLASSIC_HOTELS * 4, &b->hotels, err);
    return rc;
}

/* The names of the box's buildings, when it prints its own (optional): {"<lang>":
 * {"house","houses","hotel","hotels","source"?}} per language the box carries, a
 * language as a lowercase tag of 2 or 3 letters ("fr"). The engine needs none of them:
 * they are checked so a client can show them as they are. */
static int cj_read_buildings(const cJSON *doc, struct sb_error *err)
{
    static const char *const forms[] = {"house", "houses", "hotel", "hotels", "source"};
    const cJSON *all = cJSON_GetObjectItemCaseSensitive(doc, "buildings"), *lang, *it;
    if (!all)
        return 0;
    if (!cJSON_IsObject(all))
        return json_fail_at(err, "", "buildings", "must be an object of languages");
    cJSON_ArrayForEach(lang, all)
    {
        char path[CJ_PATH_MAX];
        size_t n = strlen(lang->string);
        bool tag = n == 2 || n == 3;
        for (size_t i = 0; tag && i < n; i++)
            tag = lang->string[i] >= 'a' && lang->string[i] <= 'z';
        if (!tag)
            return json_fail_at(err, "buildings", NULL,
                                "'%.16s' is no language tag (two or three lowercase letters)",
                                lang->string);
        snprintf(path, sizeof(path), "buildings.%s", lang->string);
        if (!cJSON_IsObject(lang))
            return json_fail_at(err, path, NULL, "must be an object");
        for (size_t f = 0; f < sizeof(forms) / sizeof(forms[0]); f++) {
            const char *name = NULL;
            int rc = f < 4 || cJSON_GetObjectItemCaseSensitive(lang, forms[f])
                         ? json_at_name(lang, path, forms[f], CJ_BUILDING_CHARS, &name, err)
                         : 0;
            if (rc != 0)
                return rc;
        }
        cJSON_ArrayForEach(it, lang)
        {
            bool known = false;
            for (size_t f = 0; !known && f < sizeof(forms) / sizeof(forms[0]); f++)
                known = strcmp(it->string, forms[f]) == 0;
            if (!known)
                return json_fail_at(err, path, NULL, "has no field '%.32s'", it->string);
        }
    }
    return 0;
}

int classic_board_from_json(const cJSON *doc, struct classic_board *b, struct sb_error *err)
{
    struct classic_outcome *out;
    int rc;
    if (!cJSON_IsObject(doc))
        return sb_fail(err, SB_EINVALID, NULL, "a box must be an object");
    memset(b, 0, sizeof(*b));
    rc = cj_read_spaces(doc, b, err);
    if (rc == 0)
        rc = cj_read_deeds(doc, b, err);
    if (rc == 0)
        rc = cj_read_deck(doc, "chance", b->cards[CLASSIC_DECK_CHANCE],
                          &b->ncards[CLASSIC_DECK_CHANCE], err);
    if (rc == 0)
        rc = cj_read_deck(doc, "community", b->cards[CLASSIC_DECK_COMMUNITY],
                          &b->ncards[CLASSIC_DECK_COMMUNITY], err);
    if (rc == 0)
        rc = cj_read_money(doc, b, err);
    if (rc == 0)
        rc = cj_read_buildings(doc, err);
    if (rc != 0)
        return rc;
    if (!(out = malloc(sizeof(*out))))
        return sb_oom(err);
    if (classic_board_check(b, out) != 0)
        rc = sb_fail(err, SB_EINVALID, out->refusal.rule, "%s", out->refusal.detail);
    free(out);
    return rc;
}

/* ---- house rules ------------------------------------------------------------------ */

static const char *const cj_free_parking[] = {"nothing", "jackpot"};
static const char *const cj_jail_double[] = {"move", "roll_again"};
static const char *const cj_rent[] = {"ask", "automatic"};
static const char *const cj_variants[] = {"standard", "short", "timed"};
static const char *const cj_house_keys[] = {
    "free_parking", "auction", "go_landing", "starting_cash", "jail_double", "rent", "variant"};

/* An enum switch at obj[key] (absent: *out untouched). */
static int cj_house_enum(const cJSON *obj, const char *key, const char *const *names, int n,
                         int *out, struct sb_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!v)
        return 0;
    if (!cJSON_IsString(v))
        return sb_fail(err, SB_EBADREQ, NULL, "'house_rules.%s' must be a string", key);
    for (int i = 0; i < n; i++)
        if (strcmp(v->valuestring, names[i]) == 0) {
            *out = i;
            return 0;
        }
    return sb_fail(err, SB_EINVALID, NULL, "'house_rules.%s' is not one of its values", key);
}

/* The numbers and the boolean of the house rules. */
static int cj_house_numbers(const cJSON *obj, struct classic_house_rules *hr, struct sb_error *err)
{
    int64_t v = 0;
    bool b = true, present = false;
    int rc = json_get_bool(obj, "auction", false, &b, &present, err);
    if (rc == 0 && present)
        hr->auction = b ? 1 : 0;
    if (rc == 0)
        rc = json_get_int(obj, "go_landing", false, 0, CLASSIC_CASH_MAX, &v, &present, err);
    if (rc == 0 && present && v != 200 && v != CLASSIC_GO_LANDING_DOUBLE)
        rc =
            sb_fail(err, SB_EINVALID, "HOUSE-GO-LANDING", "'house_rules.go_landing' is 200 or 400");
    if (rc == 0 && present)
        hr->go_landing = (int)v;
    if (rc == 0 && cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(obj, "starting_cash")))
        return 0;
    if (rc == 0)
        rc = json_get_int(obj, "starting_cash", false, 0, CLASSIC_CASH_MAX, &v, &present, err);
    if (rc == 0 && present &&
        (v < CLASSIC_START_CASH_MIN || v > CLASSIC_START_CASH_MAX || v % 10 != 0))
        rc = sb_fail(err, SB_EINVALID, "HOUSE-CASH",
                     "'house_rules.starting_cash' is 500 to 5000, in tens");
    if (rc == 0 && present)
        hr->starting_cash = (int)v;
    return rc;
}

int classic_house_from_json(const cJSON *obj, struct classic_house_rules *hr, struct sb_error *err)
{
    const cJSON *c;
    int fp = 0, jd = 0, rent = 0, variant = 0, rc;
    *hr = classic_house_official();
    if (!obj || cJSON_IsNull(obj))
        return 0;
    if (!cJSON_IsObject(obj))
        return sb_fail(err, SB_EBADREQ, NULL, "'house_rules' must be an object");
    cJSON_ArrayForEach(c, obj)
    {
        bool known = false;
        for (size_t i = 0; i < sizeof(cj_house_keys) / sizeof(cj_house_keys[0]); i++)
            known = known || strcmp(c->string, cj_house_keys[i]) == 0;
        if (!known)
            return sb_fail(err, SB_EINVALID, NULL, "'house_rules' has no switch '%.64s'",
                           c->string);
    }
    fp = (int)hr->free_parking;
    jd = (int)hr->jail_double;
    rent = (int)hr->rent;
    variant = (int)hr->variant;
    rc = cj_house_enum(obj, "free_parking", cj_free_parking, 2, &fp, err);
    if (rc == 0)
        rc = cj_house_enum(obj, "jail_double", cj_jail_double, 2, &jd, err);
    if (rc == 0)
        rc = cj_house_enum(obj, "rent", cj_rent, 2, &rent, err);
    if (rc == 0)
        rc = cj_house_enum(obj, "variant", cj_variants, 3, &variant, err);
    if (rc == 0)
        rc = cj_house_numbers(obj, hr, err);
    hr->free_parking = (enum classic_free_parking)fp;
    hr->jail_double = (enum classic_jail_double)jd;
    hr->rent = (enum classic_rent_rule)rent;
    hr->variant = (enum classic_variant)variant;
    return rc;
}

cJSON *classic_house_to_json(const struct classic_house_rules *hr)
{
    cJSON *o = cJSON_CreateObject();
    bool ok = o &&
              json_add(o, "free_parking", cJSON_CreateString(cj_free_parking[hr->free_parking])) &&
              json_add(o, "auction", cJSON_CreateBool(hr->auction)) &&
              json_add(o, "go_landing", json_num(hr->go_landing)) &&
              json_add(o, "starting_cash",
                       hr->starting_cash ? json_num(hr->starting_cash) : cJSON_CreateNull()) &&
              json_add(o, "jail_double", cJSON_CreateString(cj_jail_double[hr->jail_double])) &&
              json_add(o, "rent", cJSON_CreateString(cj_rent[hr->rent])) &&
              json_add(o, "variant", cJSON_CreateString(cj_variants[hr->variant]));
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* ---- the state -------------------------------------------------------------------- */

static const char *const cj_status[] = {"active", "finished", "abandoned"};

/* A seat as the API names it: the player's id; the Bank "bank", the pot "pot"; null
 * for none. */
static cJSON *cj_who(const struct classic_state *st, int seat)
{
    if (seat == CLASSIC_BANK)
        return cJSON_CreateString("bank");
    if (seat == CLASSIC_POT)
        return cJSON_CreateString("pot");
    if (seat < 0 || seat >= st->nplayers)
        return cJSON_CreateNull();
    return json_num(st->players[seat].id);
}

/* The spaces of list[0..n) as a JSON array. */
static cJSON *cj_spaces(const int *list, int n)
{
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; arr && i < n; i++)
        if (!json_add(arr, NULL, json_num(list[i]))) {
            cJSON_Delete(arr);
            return NULL;
        }
    return arr;
}

/* A decision the table must take (turn.pending), or null. */
static cJSON *cj_pending(const struct classic_state *st, const struct classic_pending *p)
{
    cJSON *o;
    bool ok;
    if (p->kind == CLASSIC_PENDING_NONE || p->kind >= CLASSIC_PENDING_KIND_COUNT)
        return cJSON_CreateNull();
    o = cJSON_CreateObject();
    /* every field, so that a stored state reads back as the engine left it */
    ok = o && json_add(o, "kind", cJSON_CreateString(classic_pending_name(p->kind))) &&
         json_add(o, "player", cj_who(st, p->seat)) && json_add(o, "space", json_num(p->space)) &&
         json_add(o, "deck", cJSON_CreateString(classic_deck_name(p->deck))) &&
         json_add(o, "amount", json_num(p->amount)) &&
         json_add(o, "flight", cJSON_CreateBool(p->flight)) &&
         json_add(o, "queue", cj_spaces(p->queue, p->nqueue));
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* Add part, a tree built for o, under key when ok (it was built whole), else delete it.
 * Returns whether it was added (json_add() deletes it when that fails). */
static bool cj_add_part(bool ok, cJSON *o, const char *key, cJSON *part)
{
    if (ok)
        return json_add(o, key, part);
    cJSON_Delete(part);
    return false;
}

/* turn: whose turn, who rolls next, doubles, the decision, the rents still askable. */
static cJSON *cj_turn(const struct classic_board *b, const struct classic_state *st)
{
    const struct classic_turn *t = &st->turn;
    cJSON *o = cJSON_CreateObject(), *rents = cJSON_CreateArray();
    bool ok = o && rents && json_add(o, "player", cj_who(st, t->seat)) &&
              json_add(o, "next", cj_who(st, classic_next_seat(st))) &&
              json_add(o, "doubles", json_num(t->doubles)) &&
              json_add(o, "rolled", cJSON_CreateBool(t->rolled)) &&
              json_add(o, "rolls", json_num(t->rolls)) &&
              json_add(o, "pending", cj_pending(st, &t->pending)) &&
              json_add(o, "resume", cj_pending(st, &t->resume));
    for (int i = 0; ok && i < t->nrents; i++) {
        const struct classic_rent *r = &t->rents[i];
        cJSON *x = cJSON_CreateObject();
        ok = json_add(rents, NULL, x) && json_add(x, "space", json_num(r->space)) &&
             json_add(x, "owner", cj_who(st, r->owner)) &&
             json_add(x, "payer", cj_who(st, r->payer)) &&
             json_add(x, "amount", json_num(classic_rent_amount(b, st, r))) &&
             json_add(x, "dice", json_num(r->dice));
    }
    if (!cj_add_part(ok, o, "rents_due", rents)) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* One player of the state. */
static cJSON *cj_player(const struct classic_board *b, const struct classic_state *st, int seat)
{
    const struct classic_player *p = &st->players[seat];
    cJSON *o = cJSON_CreateObject(), *cards = cJSON_CreateObject();
    bool ok = o && cards && json_add(o, "id", json_num(p->id)) &&
              json_add(o, "name", cJSON_CreateString(p->name)) &&
              json_add(o, "token", cJSON_CreateString(p->token)) &&
              json_add(o, "cash", json_num(p->cash)) &&
              json_add(o, "position", json_num(p->position)) &&
              json_add(o, "in_jail", cJSON_CreateBool(p->in_jail)) &&
              json_add(o, "jail_attempts", json_num(p->jail_attempts)) &&
              json_add(cards, "chance", json_num(p->jail_cards[CLASSIC_DECK_CHANCE])) &&
              json_add(cards, "community", json_num(p->jail_cards[CLASSIC_DECK_COMMUNITY]));
    if (!cj_add_part(ok, o, "jail_cards", cards)) {
        cJSON_Delete(o);
        return NULL;
    }
    ok = json_add(o, "bankrupt", cJSON_CreateBool(p->bankrupt)) &&
         json_add(o, "dealt", cJSON_CreateBool(p->dealt)) &&
         json_add(o, "net_worth", json_num(classic_net_worth(b, st, seat)));
    if (ok && b->wonders) {
        int ticked[CLASSIC_MAX_DEEDS], n = 0;
        for (int d = 0; d < b->ndeeds && d < 32; d++)
            if (p->passport & (1u << d))
                ticked[n++] = b->deeds[d].space;
        ok = json_add(o, "passport", cj_spaces(ticked, n));
    }
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* A debt ({"player","creditor","amount","reason","space","after"}), or null. */
static cJSON *cj_debt(const struct classic_state *st, const struct classic_debt *d, bool has)
{
    cJSON *o;
    if (!has)
        return cJSON_CreateNull();
    o = cJSON_CreateObject();
    if (!o || !json_add(o, "player", cj_who(st, d->player)) ||
        !json_add(o, "creditor", cj_who(st, d->creditor)) ||
        !json_add(o, "amount", json_num(d->amount)) ||
        !json_add(o, "reason", cJSON_CreateString(classic_debt_reason_name(d->reason))) ||
        !json_add(o, "space", json_num(d->space)) ||
        !json_add(
            o, "after",
            cJSON_CreateString(d->after == CLASSIC_AFTER_JAIL_MOVE ? "jail_move" : "nothing"))) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* What the receiver of mortgaged deed d pays when it changes hands, added to its entry x
 * as {"receiver_pays":{"fee","lift"}} (CLASSIC-TRADE); nothing for a deed not mortgaged. */
static bool cj_receiver_pays(cJSON *x, const struct classic_board *b,
                             const struct classic_state *st, int d)
{
    int fee, lift;
    cJSON *o;
    if (!st->deeds[d].mortgaged)
        return true;
    classic_receiver_costs(b, d, &fee, &lift);
    o = cJSON_CreateObject();
    if (!json_add(x, "receiver_pays", o))
        return false;
    return json_add(o, "fee", json_num(fee)) && json_add(o, "lift", json_num(lift));
}

/* deeds, bank, debt and the debts waiting behind it. */
static bool cj_holdings(cJSON *doc, const struct classic_board *b, const struct classic_state *st)
{
    cJSON *deeds = cJSON_CreateArray(), *bank = cJSON_CreateObject(), *shortage, *debts;
    bool houses = false, hotels = false, ok = deeds && bank;
    for (int d = 0; ok && d < b->ndeeds; d++) {
        const struct classic_deed_state *s = &st->deeds[d];
        cJSON *x = cJSON_CreateObject();
        ok = json_add(deeds, NULL, x) && json_add(x, "space", json_num(b->deeds[d].space)) &&
             json_add(x, "owner",
                      s->owner == CLASSIC_BANK ? cJSON_CreateNull() : cj_who(st, s->owner)) &&
             json_add(x, "houses", json_num(s->houses)) &&
             json_add(x, "hotel", cJSON_CreateBool(s->hotel)) &&
             json_add(x, "mortgaged", cJSON_CreateBool(s->mortgaged)) &&
             cj_receiver_pays(x, b, st, d);
    }
    if (!cj_add_part(ok, doc, "deeds", deeds)) {
        cJSON_Delete(bank);
        return false;
    }
    classic_shortage(b, st, &houses, &hotels);
    shortage = cJSON_CreateObject();
    ok = json_add(doc, "bank", bank) && json_add(bank, "houses", json_num(st->bank_houses)) &&
         json_add(bank, "hotels", json_num(st->bank_hotels)) &&
         json_add(bank, "shortage", shortage) &&
         json_add(shortage, "houses", cJSON_CreateBool(houses)) &&
         json_add(shortage, "hotels", cJSON_CreateBool(hotels)) &&
         json_add(doc, "debt", cj_debt(st, &st->debt, st->has_debt));
    debts = ok ? cJSON_CreateArray() : NULL;
    ok = ok && json_add(doc, "debts", debts);
    for (int i = 0; ok && i < st->ndebts; i++)
        ok = json_add(debts, NULL, cj_debt(st, &st->debts[i], true));
    return ok;
}

/* The name an option's amount goes by, per event type (NULL: it has none). */
static const char *cj_amount_name(enum classic_event_type t)
{
    switch (t) {
    case CLASSIC_EV_BUY: return "price";
    case CLASSIC_EV_AUCTION: return "min";
    case CLASSIC_EV_BUILD:
    case CLASSIC_EV_UNMORTGAGE: return "cost";
    case CLASSIC_EV_SELL_BUILDING: return "paid";
    case CLASSIC_EV_JAIL_PAY:
    case CLASSIC_EV_PAY_OR_CHANCE: return "fine";
    case CLASSIC_EV_MORTGAGE:
    case CLASSIC_EV_COLLECT_RENT:
    case CLASSIC_EV_PAY_DEBT: return "amount";
    default: return NULL;
    }
}

/* An option's list: the cards that may be drawn (by id), else spaces. */
static cJSON *cj_option_list(const struct classic_board *b, const struct classic_option *o)
{
    cJSON *arr;
    int deck = o->type == CLASSIC_EV_DRAW_CHANCE      ? CLASSIC_DECK_CHANCE
               : o->type == CLASSIC_EV_DRAW_COMMUNITY ? CLASSIC_DECK_COMMUNITY
                                                      : -1;
    if (deck < 0)
        return cj_spaces(o->spaces, o->nspaces);
    arr = cJSON_CreateArray();
    for (int i = 0; arr && i < o->nspaces; i++) {
        int c = o->spaces[i];
        if (c < 0 || c >= b->ncards[deck] ||
            !json_add(arr, NULL, cJSON_CreateString(b->cards[deck][c].id))) {
            cJSON_Delete(arr);
            return NULL;
        }
    }
    return arr;
}

/* One option as API.md's state.options lists it. */
static cJSON *cj_option(const struct classic_board *b, const struct classic_state *st,
                        const struct classic_option *o)
{
    const struct classic_event_info *info = classic_event_info(o->type);
    const char *amount = cj_amount_name(o->type);
    bool draw = o->type == CLASSIC_EV_DRAW_CHANCE || o->type == CLASSIC_EV_DRAW_COMMUNITY;
    cJSON *x = cJSON_CreateObject();
    bool ok = x && info && json_add(x, "type", cJSON_CreateString(info->name));
    if (ok && o->player >= 0)
        ok = json_add(x, o->type == CLASSIC_EV_COLLECT_RENT ? "payer" : "player",
                      cj_who(st, o->player));
    if (ok && o->owner >= 0)
        ok = json_add(x, "owner", cj_who(st, o->owner));
    if (ok && o->space >= 0)
        ok = json_add(x, "space", json_num(o->space));
    if (ok && amount && o->amount >= 0)
        ok = json_add(x, amount, json_num(o->amount));
    if (ok && (o->type == CLASSIC_EV_BUILD || o->type == CLASSIC_EV_SELL_BUILDING))
        ok = json_add(x, "houses", json_num(o->houses)) &&
             json_add(x, "hotel", cJSON_CreateBool(o->hotel > 0));
    if (ok && (draw || o->type == CLASSIC_EV_JAIL_CARD) && o->deck >= 0)
        ok = json_add(x, "deck", cJSON_CreateString(classic_deck_name((enum classic_deck)o->deck)));
    if (ok && o->jail_try > 0)
        ok = json_add(x, "jail_try", json_num(o->jail_try));
    if (ok && (draw || o->type == CLASSIC_EV_TICK || o->type == CLASSIC_EV_DEAL))
        ok = json_add(x, draw ? "cards" : "spaces", cj_option_list(b, o));
    if (!ok) {
        cJSON_Delete(x);
        return NULL;
    }
    return x;
}

/* state.options: the legal events now. */
static cJSON *cj_options(const struct classic_board *b, const struct classic_state *st)
{
    struct classic_options *opts = malloc(sizeof(*opts));
    cJSON *arr = opts ? cJSON_CreateArray() : NULL;
    bool ok = arr != NULL;
    if (ok)
        classic_options(b, st, opts);
    for (int i = 0; ok && i < opts->n; i++)
        ok = json_add(arr, NULL, cj_option(b, st, &opts->list[i]));
    free(opts);
    if (!ok) {
        cJSON_Delete(arr);
        return NULL;
    }
    return arr;
}

cJSON *classic_state_to_json(const struct classic_board *b, const struct classic_state *st,
                             const char *edition, int64_t version)
{
    cJSON *doc = cJSON_CreateObject(), *players = cJSON_CreateArray();
    int dice[2] = {st->d1, st->d2};
    bool ok =
        doc && players && json_add(doc, "version", json_num(version)) &&
        json_add(doc, "seq", json_num(st->seq)) &&
        json_add(doc, "status", cJSON_CreateString(cj_status[st->status])) &&
        json_add(doc, "mode", cJSON_CreateString("banker")) &&
        json_add(doc, "edition", cJSON_CreateString(edition)) &&
        json_add(doc, "variant", cJSON_CreateString(classic_variant_name(st->house.variant))) &&
        json_add(doc, "winner", st->winner >= 0 ? cj_who(st, st->winner) : cJSON_CreateNull()) &&
        json_add(doc, "house_rules", classic_house_to_json(&st->house));
    if (ok && st->house.free_parking == CLASSIC_FREE_PARKING_JACKPOT)
        ok = json_add(doc, "pot", json_num(st->pot));
    ok = ok && json_add(doc, "turn", cj_turn(b, st)) && json_add(doc, "dice", cj_spaces(dice, 2));
    for (int i = 0; ok && i < st->nplayers; i++)
        ok = json_add(players, NULL, cj_player(b, st, i));
    if (!cj_add_part(ok, doc, "players", players)) {
        cJSON_Delete(doc);
        return NULL;
    }
    ok = cj_holdings(doc, b, st) && json_add(doc, "corrections", json_num(st->corrections)) &&
         json_add(doc, "options", cj_options(b, st));
    if (!ok) {
        cJSON_Delete(doc);
        return NULL;
    }
    return doc;
}

/* ---- reading a state back ----------------------------------------------------------- */

/* obj[key] as a seat: a player's id, "bank", "pot" or null (-1). */
static int cj_at_who(const cJSON *obj, const char *path, const char *key,
                     const struct classic_state *st, int *seat, struct sb_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!v || cJSON_IsNull(v)) {
        *seat = -1;
        return 0;
    }
    if (cJSON_IsString(v) && strcmp(v->valuestring, "bank") == 0) {
        *seat = CLASSIC_BANK;
        return 0;
    }
    if (cJSON_IsString(v) && strcmp(v->valuestring, "pot") == 0) {
        *seat = CLASSIC_POT;
        return 0;
    }
    *seat = json_is_int(v) ? classic_seat_of(st, (int64_t)v->valuedouble) : -1;
    return *seat >= 0 ? 0 : json_fail_at(err, path, key, "names no player of the game");
}

/* obj[key] as 0 or 1 from a boolean. */
static int cj_at_flag(const cJSON *obj, const char *path, const char *key, int *out,
                      struct sb_error *err)
{
    bool v = false;
    int rc = json_at_bool(obj, path, key, &v, err);
    *out = v ? 1 : 0;
    return rc;
}

/* A list of at most max spaces at obj[key] into out, *n of them. */
static int cj_at_spaces(const cJSON *obj, const char *path, const char *key, int max, int *out,
                        int *n, struct sb_error *err)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(obj, key), *it;
    *n = 0;
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) > max)
        return json_fail_at(err, path, key, "must be an array of at most %d spaces", max);
    cJSON_ArrayForEach(it, arr)
    {
        if (!json_is_int(it) || it->valuedouble < 0 || it->valuedouble >= CLASSIC_SPACES)
            return json_fail_at(err, path, key, "must hold spaces 0 to %d", CLASSIC_SPACES - 1);
        out[(*n)++] = (int)it->valuedouble;
    }
    return 0;
}

/* A pending decision (null: none). */
static int cj_read_pending(const cJSON *v, const char *path, const struct classic_state *st,
                           struct classic_pending *p, struct sb_error *err)
{
    const char *kind = NULL;
    int rc;
    memset(p, 0, sizeof(*p));
    p->kind = CLASSIC_PENDING_NONE;
    p->seat = p->space = -1;
    if (!v || cJSON_IsNull(v))
        return 0;
    rc = json_at_string(v, path, "kind", 0, &kind, err);
    for (int k = 1; rc == 0 && k < CLASSIC_PENDING_KIND_COUNT; k++)
        if (strcmp(kind, classic_pending_name((enum classic_pending_kind)k)) == 0)
            p->kind = (enum classic_pending_kind)k;
    if (rc == 0 && p->kind == CLASSIC_PENDING_NONE)
        return json_fail_at(err, path, "kind", "unknown value");
    if (rc == 0)
        rc = cj_at_who(v, path, "player", st, &p->seat, err);
    if (rc == 0 && cJSON_GetObjectItemCaseSensitive(v, "space"))
        rc = json_at_int(v, path, "space", -1, CLASSIC_SPACES - 1, &p->space, err);
    if (rc == 0 && cJSON_GetObjectItemCaseSensitive(v, "flight"))
        rc = cj_at_flag(v, path, "flight", &p->flight, err);
    if (rc == 0 && cJSON_GetObjectItemCaseSensitive(v, "amount"))
        rc = json_at_int(v, path, "amount", 0, CLASSIC_CASH_MAX, &p->amount, err);
    if (rc == 0 && cJSON_GetObjectItemCaseSensitive(v, "deck")) {
        static const char *const decks[] = {"chance", "community"};
        int deck = 0;
        rc = json_at_enum(v, path, "deck", decks, CLASSIC_DECKS, &deck, err);
        p->deck = (enum classic_deck)deck;
    }
    if (rc == 0 && cJSON_GetObjectItemCaseSensitive(v, "queue"))
        rc = cj_at_spaces(v, path, "queue", CLASSIC_MAX_DEEDS, p->queue, &p->nqueue, err);
    return rc;
}

/* One player of a stored state into seat i. */
static int cj_read_player(const cJSON *it, const char *path, const struct classic_board *b,
                          struct classic_player *p, struct sb_error *err)
{
    const cJSON *cards = cJSON_GetObjectItemCaseSensitive(it, "jail_cards");
    const char *name = NULL, *token = NULL;
    int rc = json_at_i64(it, path, "id", 1, JSON_INT_MAX, &p->id, err);
    if (rc == 0)
        rc = json_at_string(it, path, "name", 0, &name, err);
    if (rc == 0)
        rc = cj_copy(p->name, sizeof(p->name), name, path, "name", err);
    if (rc == 0)
        rc = json_at_string(it, path, "token", 0, &token, err);
    if (rc == 0)
        rc = cj_copy(p->token, sizeof(p->token), token, path, "token", err);
    if (rc == 0)
        rc = json_at_int(it, path, "cash", -CLASSIC_CASH_MAX, CLASSIC_CASH_MAX, &p->cash, err);
    if (rc == 0)
        rc = json_at_int(it, path, "position", 0, CLASSIC_SPACES - 1, &p->position, err);
    if (rc == 0)
        rc = cj_at_flag(it, path, "in_jail", &p->in_jail, err);
    if (rc == 0)
        rc = json_at_int(it, path, "jail_attempts", 0, CLASSIC_JAIL_TRIES, &p->jail_attempts, err);
    if (rc == 0)
        rc = json_at_int(cards, path, "chance", 0, 1, &p->jail_cards[CLASSIC_DECK_CHANCE], err);
    if (rc == 0)
        rc = json_at_int(cards, path, "community", 0, 1, &p->jail_cards[CLASSIC_DECK_COMMUNITY],
                         err);
    if (rc == 0)
        rc = cj_at_flag(it, path, "bankrupt", &p->bankrupt, err);
    if (rc == 0)
        rc = cj_at_flag(it, path, "dealt", &p->dealt, err);
    if (rc == 0 && b->wonders) {
        int spaces[CLASSIC_MAX_DEEDS], n = 0;
        rc = cj_at_spaces(it, path, "passport", CLASSIC_MAX_DEEDS, spaces, &n, err);
        for (int i = 0; rc == 0 && i < n; i++) {
            int d = classic_board_deed(b, spaces[i]);
            if (d < 0 || d >= 32)
                return json_fail_at(err, path, "passport", "names a space with no deed");
            p->passport |= 1u << d;
        }
    }
    return rc;
}

/* The players (read first: every other part names them). */
static int cj_read_players(const cJSON *doc, const struct classic_board *b,
                           struct classic_state *st, struct sb_error *err)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(doc, "players"), *it;
    int rc = 0;
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) < 1 ||
        cJSON_GetArraySize(arr) > CLASSIC_MAX_PLAYERS)
        return json_fail_at(err, "state", "players", "must be an array of players");
    cJSON_ArrayForEach(it, arr)
    {
        char path[CJ_PATH_MAX];
        snprintf(path, sizeof(path), "players[%d]", st->nplayers);
        rc = cj_read_player(it, path, b, &st->players[st->nplayers], err);
        if (rc != 0)
            return rc;
        st->nplayers++;
    }
    return 0;
}

/* The deeds, in board order. */
static int cj_read_deed_states(const cJSON *doc, const struct classic_board *b,
                               struct classic_state *st, struct sb_error *err)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(doc, "deeds"), *it;
    int d = 0, rc = 0;
    for (int i = 0; i < CLASSIC_MAX_DEEDS; i++)
        st->deeds[i].owner = CLASSIC_BANK; /* as classic_init() leaves them */
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != b->ndeeds)
        return json_fail_at(err, "state", "deeds", "must list the board's %d deeds", b->ndeeds);
    cJSON_ArrayForEach(it, arr)
    {
        struct classic_deed_state *s = &st->deeds[d];
        char path[CJ_PATH_MAX];
        snprintf(path, sizeof(path), "deeds[%d]", d);
        rc = cj_at_who(it, path, "owner", st, &s->owner, err);
        if (s->owner == -1)
            s->owner = CLASSIC_BANK;
        if (rc == 0)
            rc = json_at_int(it, path, "houses", 0, 4, &s->houses, err);
        if (rc == 0)
            rc = cj_at_flag(it, path, "hotel", &s->hotel, err);
        if (rc == 0)
            rc = cj_at_flag(it, path, "mortgaged", &s->mortgaged, err);
        if (rc != 0)
            return rc;
        d++;
    }
    return 0;
}

/* A debt at path (an object). */
static int cj_read_debt(const cJSON *v, const char *path, const struct classic_state *st,
                        struct classic_debt *d, struct sb_error *err)
{
    static const char *const after[] = {"nothing", "jail_move"};
    const char *reasons[CLASSIC_DEBT_REASON_COUNT];
    int reason = 0, aft = 0;
    for (int i = 0; i < CLASSIC_DEBT_REASON_COUNT; i++)
        reasons[i] = classic_debt_reason_name((enum classic_debt_reason)i);
    int rc = cj_at_who(v, path, "player", st, &d->player, err);
    if (rc == 0)
        rc = cj_at_who(v, path, "creditor", st, &d->creditor, err);
    if (rc == 0)
        rc = json_at_int(v, path, "amount", 0, CLASSIC_CASH_MAX, &d->amount, err);
    if (rc == 0)
        rc = json_at_enum(v, path, "reason", reasons, CLASSIC_DEBT_REASON_COUNT, &reason, err);
    if (rc == 0)
        rc = json_at_int(v, path, "space", -1, CLASSIC_SPACES - 1, &d->space, err);
    if (rc == 0)
        rc = json_at_enum(v, path, "after", after, 2, &aft, err);
    d->reason = (enum classic_debt_reason)reason;
    d->after = (enum classic_debt_after)aft;
    return rc;
}

/* bank, debt and the debts behind it. */
static int cj_read_bank(const cJSON *doc, struct classic_state *st, struct sb_error *err)
{
    const cJSON *bank = cJSON_GetObjectItemCaseSensitive(doc, "bank");
    const cJSON *debt = cJSON_GetObjectItemCaseSensitive(doc, "debt");
    const cJSON *debts = cJSON_GetObjectItemCaseSensitive(doc, "debts"), *it;
    int rc = json_at_int(bank, "bank", "houses", 0, CLASSIC_HOUSES * 4, &st->bank_houses, err);
    if (rc == 0)
        rc = json_at_int(bank, "bank", "hotels", 0, CLASSIC_HOTELS * 4, &st->bank_hotels, err);
    st->has_debt = debt && !cJSON_IsNull(debt);
    if (rc == 0 && st->has_debt)
        rc = cj_read_debt(debt, "debt", st, &st->debt, err);
    if (rc == 0 && (!cJSON_IsArray(debts) || cJSON_GetArraySize(debts) > CLASSIC_MAX_DEBTS))
        rc = json_fail_at(err, "state", "debts", "must be an array of debts");
    cJSON_ArrayForEach(it, (rc == 0 ? debts : NULL))
    {
        rc = cj_read_debt(it, "debts[]", st, &st->debts[st->ndebts++], err);
        if (rc != 0)
            break;
    }
    return rc;
}

/* turn and the dice. */
static int cj_read_turn(const cJSON *doc, struct classic_state *st, struct sb_error *err)
{
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(doc, "turn");
    const cJSON *rents = cJSON_GetObjectItemCaseSensitive(t, "rents_due"), *it;
    struct classic_turn *tu = &st->turn;
    int dice[2] = {0, 0}, n = 0;
    int rc = cj_at_who(t, "turn", "player", st, &tu->seat, err);
    if (rc == 0)
        rc = json_at_int(t, "turn", "doubles", 0, 3, &tu->doubles, err);
    if (rc == 0)
        rc = cj_at_flag(t, "turn", "rolled", &tu->rolled, err);
    if (rc == 0)
        rc = json_at_int(t, "turn", "rolls", 0, 1000, &tu->rolls, err);
    if (rc == 0)
        rc = cj_read_pending(cJSON_GetObjectItemCaseSensitive(t, "pending"), "turn.pending", st,
                             &tu->pending, err);
    if (rc == 0)
        rc = cj_read_pending(cJSON_GetObjectItemCaseSensitive(t, "resume"), "turn.resume", st,
                             &tu->resume, err);
    if (rc == 0 && (!cJSON_IsArray(rents) || cJSON_GetArraySize(rents) > CLASSIC_MAX_RENTS))
        rc = json_fail_at(err, "turn", "rents_due", "must be an array of rents");
    cJSON_ArrayForEach(it, (rc == 0 ? rents : NULL))
    {
        struct classic_rent *r = &tu->rents[tu->nrents++];
        rc = json_at_int(it, "turn.rents_due[]", "space", 0, CLASSIC_SPACES - 1, &r->space, err);
        if (rc == 0)
            rc = cj_at_who(it, "turn.rents_due[]", "owner", st, &r->owner, err);
        if (rc == 0)
            rc = cj_at_who(it, "turn.rents_due[]", "payer", st, &r->payer, err);
        if (rc == 0)
            rc = json_at_int(it, "turn.rents_due[]", "dice", 0, 12, &r->dice, err);
        if (rc != 0)
            return rc;
    }
    if (rc == 0)
        rc = cj_at_spaces(doc, "state", "dice", 2, dice, &n, err);
    st->d1 = n == 2 ? dice[0] : 0;
    st->d2 = n == 2 ? dice[1] : 0;
    return rc;
}

int classic_state_from_json(const cJSON *doc, const struct classic_board *b,
                            struct classic_state *st, struct sb_error *err)
{
    const cJSON *pot = cJSON_GetObjectItemCaseSensitive(doc, "pot");
    int status = 0, rc;
    memset(st, 0, sizeof(*st));
    rc = cj_read_players(doc, b, st, err);
    if (rc == 0)
        rc = json_at_i64(doc, "state", "seq", 0, JSON_INT_MAX, &st->seq, err);
    if (rc == 0)
        rc = json_at_enum(doc, "state", "status", cj_status, 3, &status, err);
    st->status = (enum classic_status)status;
    if (rc == 0)
        rc = cj_at_who(doc, "state", "winner", st, &st->winner, err);
    if (rc == 0)
        rc = classic_house_from_json(cJSON_GetObjectItemCaseSensitive(doc, "house_rules"),
                                     &st->house, err);
    if (rc == 0 && pot)
        rc = json_at_int(doc, "state", "pot", 0, CLASSIC_CASH_MAX, &st->pot, err);
    if (rc == 0)
        rc = cj_read_turn(doc, st, err);
    if (rc == 0)
        rc = cj_read_deed_states(doc, b, st, err);
    if (rc == 0)
        rc = cj_read_bank(doc, st, err);
    if (rc == 0)
        rc = json_at_int(doc, "state", "corrections", 0, 1 << 30, &st->corrections, err);
    return rc;
}

/* ---- effects ---------------------------------------------------------------------- */

/* A card effect's fields: the drawer, the deck, the card's id. */
static bool cj_effect_card(cJSON *o, const struct classic_board *b, const struct classic_state *st,
                           const struct classic_effect *e)
{
    int deck = e->deck == CLASSIC_DECK_COMMUNITY ? CLASSIC_DECK_COMMUNITY : CLASSIC_DECK_CHANCE;
    bool known = e->card >= 0 && e->card < b->ncards[deck];
    return json_add(o, "player", cj_who(st, e->player)) &&
           json_add(o, "deck", cJSON_CreateString(classic_deck_name((enum classic_deck)deck))) &&
           json_add(o, "card",
                    known ? cJSON_CreateString(b->cards[deck][e->card].id) : cJSON_CreateNull());
}

/* The fields of money one seat pays (pay) or owes (debt) another: from and to, seats,
 * under their keys, then amount and reason (null for none). */
static bool cj_owed(cJSON *o, const struct classic_state *st, const char *from_key, int from,
                    const char *to_key, int to, const struct classic_effect *e)
{
    return json_add(o, from_key, cj_who(st, from)) && json_add(o, to_key, cj_who(st, to)) &&
           json_add(o, "amount", json_num(e->amount)) &&
           json_add(o, "reason", e->reason ? cJSON_CreateString(e->reason) : cJSON_CreateNull());
}

/* The fields of one effect after its kind. */
static bool cj_effect_fields(cJSON *o, const struct classic_board *b,
                             const struct classic_state *st, const struct classic_effect *e)
{
    switch (e->kind) {
    case CLASSIC_FX_MOVE:
        return json_add(o, "player", cj_who(st, e->player)) &&
               json_add(o, "from", json_num(e->from)) && json_add(o, "to", json_num(e->to));
    case CLASSIC_FX_SALARY:
    case CLASSIC_FX_POT:
        return json_add(o, "player", cj_who(st, e->player)) &&
               json_add(o, "amount", json_num(e->amount));
    case CLASSIC_FX_PAY: return cj_owed(o, st, "from", e->payer, "to", e->payee, e);
    case CLASSIC_FX_RENT:
        return json_add(o, "from", cj_who(st, e->payer)) &&
               json_add(o, "to", cj_who(st, e->payee)) &&
               json_add(o, "space", json_num(e->space)) &&
               json_add(o, "amount", json_num(e->amount));
    case CLASSIC_FX_BUILD:
    case CLASSIC_FX_SELL_BUILDING:
        return json_add(o, "player", cj_who(st, e->player)) &&
               json_add(o, "space", json_num(e->space)) &&
               json_add(o, "houses", json_num(e->houses)) &&
               json_add(o, "hotel", cJSON_CreateBool(e->hotel)) &&
               json_add(o, e->kind == CLASSIC_FX_BUILD ? "cost" : "paid", json_num(e->amount));
    case CLASSIC_FX_MORTGAGE:
    case CLASSIC_FX_UNMORTGAGE:
        return json_add(o, "player", cj_who(st, e->player)) &&
               json_add(o, "space", json_num(e->space)) &&
               json_add(o, "amount", json_num(e->amount));
    case CLASSIC_FX_DEBT: return cj_owed(o, st, "player", e->player, "creditor", e->creditor, e);
    case CLASSIC_FX_BANKRUPT:
        return json_add(o, "player", cj_who(st, e->player)) &&
               json_add(o, "creditor", cj_who(st, e->creditor));
    case CLASSIC_FX_TICK:
    case CLASSIC_FX_DEAL:
    case CLASSIC_FX_LAPSE:
        return json_add(o, "player", cj_who(st, e->player)) &&
               json_add(o, "space", json_num(e->space));
    case CLASSIC_FX_CARD: return cj_effect_card(o, b, st, e);
    case CLASSIC_FX_OWNER:
        return json_add(o, "space", json_num(e->space)) &&
               json_add(o, "from", cj_who(st, e->from)) && json_add(o, "to", cj_who(st, e->to));
    default: return json_add(o, "player", cj_who(st, e->player));
    }
}

cJSON *classic_effects_to_json(const struct classic_board *b, const struct classic_state *st,
                               const struct classic_outcome *out)
{
    cJSON *arr = cJSON_CreateArray();
    bool ok = arr != NULL;
    for (int i = 0; ok && i < out->neffects && i < CLASSIC_MAX_EFFECTS; i++) {
        const struct classic_effect *e = &out->effects[i];
        cJSON *o = cJSON_CreateObject();
        ok = json_add(arr, NULL, o) &&
             json_add(o, "kind", cJSON_CreateString(classic_effect_name(e->kind))) &&
             cj_effect_fields(o, b, st, e);
    }
    if (!ok) {
        cJSON_Delete(arr);
        return NULL;
    }
    return arr;
}

int classic_refusal_fail(const struct classic_refusal *r, struct sb_error *err)
{
    return sb_fail(err, r->kind == CLASSIC_CONFLICT ? SB_ECONFLICT : SB_EINVALID, r->rule, "%s",
                   r->detail);
}

/* ---- corrections ------------------------------------------------------------------ */

/* fields (the new values of a correct event) over the fact fix names, as the board has
 * it now. */
static int cj_fix_fields(const cJSON *fields, const struct classic_board *b,
                         struct classic_fix *fix, struct sb_error *err)
{
    const char *name = NULL, *group = NULL;
    int rc = 0, wonders = b->wonders;
    if (fix->what == CLASSIC_FACT_DEED) {
        struct classic_deed *d = &fix->deed;
        *d = b->deeds[classic_board_deed(b, fix->index)];
        if (cJSON_GetObjectItemCaseSensitive(fields, "name"))
            rc = json_at_name(fields, "fields", "name", JSON_NAME_MAX_CHARS, &name, err);
        if (rc == 0 && name)
            rc = cj_copy(d->name, sizeof(d->name), name, "fields", "name", err);
        if (rc == 0 && cJSON_GetObjectItemCaseSensitive(fields, "group"))
            rc = json_at_string(fields, "fields", "group", CLASSIC_ID_MAX - 1, &group, err);
        if (rc == 0 && group)
            rc = cj_copy(d->group, sizeof(d->group), group, "fields", "group", err);
        if (rc == 0 && cJSON_GetObjectItemCaseSensitive(fields, "price"))
            rc = json_at_int(fields, "fields", "price", 1, CLASSIC_CASH_MAX, &d->price, err);
        if (rc == 0 && cJSON_GetObjectItemCaseSensitive(fields, "mortgage"))
            rc = json_at_int(fields, "fields", "mortgage", 0, CLASSIC_CASH_MAX, &d->mortgage, err);
        if (rc == 0 && cJSON_GetObjectItemCaseSensitive(fields, "house"))
            rc = json_at_int(fields, "fields", "house", 1, CLASSIC_CASH_MAX, &d->house, err);
        if (rc == 0 && cJSON_GetObjectItemCaseSensitive(fields, "rents"))
            rc = cj_ints(fields, "fields", "rents",
                         cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(fields, "rents")) ==
                                 CLASSIC_STATION_RENTS
                             ? CLASSIC_STATION_RENTS
                             : CLASSIC_RENTS,
                         d->rents, err);
        if (rc == 0 && cJSON_GetObjectItemCaseSensitive(fields, "multipliers"))
            rc = cj_ints(fields, "fields", "multipliers", 2, d->multipliers, err);
        return rc;
    }
    if (fix->what == CLASSIC_FACT_SPACE) {
        int kind = 0;
        fix->space = b->spaces[fix->index];
        if (cJSON_GetObjectItemCaseSensitive(fields, "kind"))
            rc = cj_space_kind(fields, "fields", &kind, &wonders, err);
        if (rc == 0 && cJSON_GetObjectItemCaseSensitive(fields, "kind"))
            fix->space.kind = (enum classic_space_kind)kind;
        if (rc == 0 && cJSON_GetObjectItemCaseSensitive(fields, "name"))
            rc = json_at_name(fields, "fields", "name", JSON_NAME_MAX_CHARS, &name, err);
        if (rc == 0 && name)
            rc = cj_copy(fix->space.name, sizeof(fix->space.name), name, "fields", "name", err);
        if (rc == 0 && cJSON_GetObjectItemCaseSensitive(fields, "amount"))
            rc = json_at_int(fields, "fields", "amount", 0, CLASSIC_CASH_MAX, &fix->space.amount,
                             err);
        return rc;
    }
    fix->card = b->cards[fix->what == CLASSIC_FACT_COMMUNITY ? CLASSIC_DECK_COMMUNITY
                                                             : CLASSIC_DECK_CHANCE][fix->index];
    if (cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(fields, "effect"))) {
        char id[CLASSIC_ID_MAX];
        memcpy(id, fix->card.id, sizeof(id));
        memset(&fix->card, 0, sizeof(fix->card));
        fix->card.salary = 1;
        memcpy(fix->card.id, id, sizeof(id));
        rc = cj_read_effect(cJSON_GetObjectItemCaseSensitive(fields, "effect"), "fields.effect",
                            &fix->card, err);
    }
    return rc;
}

/* ---- events ----------------------------------------------------------------------- */

/* Does the event type of info take key? */
static bool cj_takes(const struct classic_event_info *info, const char *key)
{
    for (int i = 0; i < CLASSIC_EVENT_FIELDS && info->fields[i]; i++)
        if (strcmp(info->fields[i], key) == 0)
            return true;
    return false;
}

/* body[key], a seated player's id, as a seat (absent: *out untouched). */
static int cj_ev_seat(const cJSON *body, const char *key, const struct classic_state *st,
                      const char *rule, int *out, struct sb_error *err)
{
    int64_t id = 0;
    bool present = false;
    int rc = json_get_int(body, key, false, 1, JSON_INT_MAX, &id, &present, err);
    if (rc != 0 || !present)
        return rc;
    *out = classic_seat_of(st, id);
    return *out >= 0 ? 0 : sb_fail(err, SB_EINVALID, rule, "'%s' names no player of the game", key);
}

/* body[key] as an int in [lo, hi] (absent: *out untouched). */
static int cj_ev_int(const cJSON *body, const char *key, int lo, int hi, int *out,
                     struct sb_error *err)
{
    int64_t v = 0;
    bool present = false;
    int rc = json_get_int(body, key, false, lo, hi, &v, &present, err);
    if (rc == 0 && present)
        *out = (int)v;
    return rc;
}

/* body[key], a list of at most max spaces, into out (*n of them). */
static int cj_ev_spaces(const cJSON *body, const char *key, int max, int *out, int *n,
                        struct sb_error *err)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(body, key), *it;
    if (!arr)
        return 0;
    if (!cJSON_IsArray(arr))
        return sb_fail(err, SB_EBADREQ, NULL, "'%s' must be an array of spaces", key);
    if (cJSON_GetArraySize(arr) > max)
        return sb_fail(err, SB_EINVALID, NULL, "'%s' names at most %d spaces", key, max);
    *n = 0;
    cJSON_ArrayForEach(it, arr)
    {
        if (!json_is_int(it))
            return sb_fail(err, SB_EBADREQ, NULL, "'%s' must be an array of spaces", key);
        if (it->valuedouble < 0 || it->valuedouble >= CLASSIC_SPACES)
            return sb_fail(err, SB_EINVALID, NULL, "'%s' names spaces 0 to %d", key,
                           CLASSIC_SPACES - 1);
        out[(*n)++] = (int)it->valuedouble;
    }
    return 0;
}

/* body[key] as one of names[0..n) (absent: *out untouched). */
static int cj_ev_enum(const cJSON *body, const char *key, const char *const *names, int n, int *out,
                      struct sb_error *err)
{
    const char *s = NULL;
    int rc = json_get_string(body, key, false, JSON_NAME_MAX_CHARS, false, &s, err);
    if (rc != 0 || !s)
        return rc;
    for (int i = 0; i < n; i++)
        if (strcmp(s, names[i]) == 0) {
            *out = i;
            return 0;
        }
    return sb_fail(err, SB_EINVALID, NULL, "'%s' is not one of its values", key);
}

/* A trade side (a_gives, b_gives). */
static int cj_ev_side(const cJSON *body, const char *key, struct classic_trade_side *s,
                      struct sb_error *err)
{
    static const char *const keys[] = {"cash", "deeds", "jail_cards"};
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(body, key), *c;
    const cJSON *cards;
    int rc;
    if (!o)
        return 0;
    if (!cJSON_IsObject(o))
        return sb_fail(err, SB_EBADREQ, NULL, "'%s' must be an object", key);
    cJSON_ArrayForEach(c, o)
    {
        if (strcmp(c->string, keys[0]) != 0 && strcmp(c->string, keys[1]) != 0 &&
            strcmp(c->string, keys[2]) != 0)
            return sb_fail(err, SB_EINVALID, NULL, "'%s' takes no field '%.64s'", key, c->string);
    }
    rc = cj_ev_int(o, "cash", 0, CLASSIC_CASH_MAX, &s->cash, err);
    if (rc == 0)
        rc = cj_ev_spaces(o, "deeds", CLASSIC_MAX_DEEDS, s->deeds, &s->ndeeds, err);
    cards = cJSON_GetObjectItemCaseSensitive(o, "jail_cards");
    if (rc == 0 && cards && !cJSON_IsObject(cards))
        rc = sb_fail(err, SB_EBADREQ, NULL, "'jail_cards' must be an object");
    if (rc == 0 && cards)
        rc = cj_ev_int(cards, "chance", 0, 1, &s->jail_cards[CLASSIC_DECK_CHANCE], err);
    if (rc == 0 && cards)
        rc = cj_ev_int(cards, "community", 0, 1, &s->jail_cards[CLASSIC_DECK_COMMUNITY], err);
    return rc;
}

/* body["card"], a card id of the deck the event draws from, as its index. */
static int cj_ev_card(const cJSON *body, const struct classic_board *b, struct classic_event *ev,
                      struct sb_error *err)
{
    int deck = ev->type == CLASSIC_EV_DRAW_COMMUNITY ? CLASSIC_DECK_COMMUNITY : CLASSIC_DECK_CHANCE;
    const char *id = NULL;
    int rc = json_get_string(body, "card", true, CLASSIC_ID_MAX, false, &id, err);
    if (rc != 0)
        return rc;
    for (int i = 0; i < b->ncards[deck]; i++)
        if (strcmp(b->cards[deck][i].id, id) == 0) {
            ev->card = i;
            return 0;
        }
    return sb_fail(err, SB_EINVALID, "CLASSIC-CARDS", "'card' names no card of the %s deck",
                   classic_deck_name((enum classic_deck)deck));
}

/* The fields every type shares the reading of. */
static int cj_ev_fields(const cJSON *body, const struct classic_board *b,
                        const struct classic_state *st, const char *rule, struct classic_event *ev,
                        struct sb_error *err)
{
    static const char *const choices[] = {"pay", "chance"};
    static const char *const decks[] = {"chance", "community"};
    int rc = cj_ev_seat(body, "player", st, rule, &ev->player, err);
    if (rc == 0)
        rc = cj_ev_seat(body, "winner", st, rule, &ev->winner, err);
    if (rc == 0)
        rc = cj_ev_seat(body, "a", st, rule, &ev->a, err);
    if (rc == 0)
        rc = cj_ev_seat(body, "b", st, rule, &ev->b, err);
    if (rc == 0)
        rc = cj_ev_int(body, "d1", 1, 6, &ev->d1, err);
    if (rc == 0)
        rc = cj_ev_int(body, "d2", 1, 6, &ev->d2, err);
    if (rc == 0)
        rc = cj_ev_int(body, "price", -CLASSIC_CASH_MAX, CLASSIC_CASH_MAX, &ev->price, err);
    if (rc == 0)
        rc = cj_ev_int(body, "space", 0, CLASSIC_SPACES - 1, &ev->space, err);
    if (rc == 0)
        rc = cj_ev_int(body, "houses", 0, 4, &ev->houses, err);
    if (rc == 0)
        rc = cj_ev_int(body, "amount", -CLASSIC_CASH_MAX, CLASSIC_CASH_MAX, &ev->amount, err);
    if (rc == 0)
        rc = cj_ev_enum(body, "choice", choices, 2, &ev->choice, err);
    if (rc == 0)
        rc = cj_ev_enum(body, "deck", decks, 2, &ev->deck, err);
    if (rc == 0)
        rc = cj_ev_spaces(body, "lift", CLASSIC_MAX_DEEDS, ev->lift, &ev->nlift, err);
    if (rc == 0)
        rc = cj_ev_spaces(body, "spaces", 2, ev->spaces, &ev->nspaces, err);
    if (rc == 0)
        rc = cj_ev_side(body, "a_gives", &ev->a_gives, err);
    if (rc == 0)
        rc = cj_ev_side(body, "b_gives", &ev->b_gives, err);
    if (rc == 0 && (ev->type == CLASSIC_EV_DRAW_CHANCE || ev->type == CLASSIC_EV_DRAW_COMMUNITY))
        rc = cj_ev_card(body, b, ev, err);
    return rc;
}

/* A correct event's fact ({"what","id","fields","before"}: what the box PUT changed)
 * into fix: the fact as the board has it now, with fields over it. */
static int cj_ev_correct(const cJSON *body, const struct classic_board *b, struct classic_fix *fix,
                         struct sb_error *err)
{
    static const char *const whats[] = {"deed", "chance", "community", "space"};
    const cJSON *fields = cJSON_GetObjectItemCaseSensitive(body, "fields");
    const char *id = NULL;
    int what = 0, deck, rc = cj_ev_enum(body, "what", whats, 4, &what, err);
    if (rc == 0)
        rc = json_get_string(body, "id", true, CLASSIC_ID_MAX, false, &id, err);
    if (rc == 0 && !cJSON_IsObject(fields))
        rc = sb_fail(err, SB_EBADREQ, NULL, "'fields' must be an object");
    if (rc != 0)
        return rc;
    memset(fix, 0, sizeof(*fix));
    fix->what = (enum classic_fact)what;
    fix->index = -1;
    if (fix->what == CLASSIC_FACT_DEED || fix->what == CLASSIC_FACT_SPACE)
        fix->index = (int)strtol(id, NULL, 10);
    deck = fix->what == CLASSIC_FACT_COMMUNITY ? CLASSIC_DECK_COMMUNITY : CLASSIC_DECK_CHANCE;
    for (int i = 0; (fix->what == CLASSIC_FACT_CHANCE || fix->what == CLASSIC_FACT_COMMUNITY) &&
                    i < b->ncards[deck];
         i++)
        if (strcmp(b->cards[deck][i].id, id) == 0)
            fix->index = i;
    if (fix->index < 0 || fix->index >= CLASSIC_SPACES ||
        (fix->what == CLASSIC_FACT_DEED && classic_board_deed(b, fix->index) < 0))
        return sb_fail(err, SB_EINVALID, "CLASSIC-SETUP", "'id' names no %s of the box",
                       whats[what]);
    return cj_fix_fields(fields, b, fix, err);
}

int classic_event_from_json(const cJSON *body, const struct classic_board *b,
                            const struct classic_state *st, struct classic_event *ev,
                            struct sb_error *err)
{
    const struct classic_event_info *info;
    const char *type = NULL;
    const cJSON *c;
    struct classic_event e;
    int t, rc;
    rc = json_get_event_type(body, classic_event_from_name, &t, &type, err);
    if (rc != 0)
        return rc;
    if (t == CLASSIC_EV_CORRECT) {
        e = classic_event_new(CLASSIC_EV_CORRECT);
        e.seq = ev->seq;
        rc = cj_ev_correct(body, b, &e.fix, err);
        if (rc == 0)
            *ev = e;
        return rc;
    }
    info = classic_event_info((enum classic_event_type)t);
    cJSON_ArrayForEach(c, body)
    {
        if (strcmp(c->string, "type") != 0 && !cj_takes(info, c->string))
            return sb_fail(err, SB_EINVALID, info->rule, "a %s event takes no field '%.64s'", type,
                           c->string);
    }
    e = classic_event_new((enum classic_event_type)t);
    e.seq = ev->seq;
    rc = cj_ev_fields(body, b, st, info->rule, &e, err);
    if (rc == 0)
        *ev = e;
    return rc;
}
