/* board_json.c -- board documents (API.md "Board shape") checked and read into struct board. */
#include "board_json.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "rules.h"

#define BJ_PATH_MAX 96

/* What a document check needs besides the board it fills: the space ids read so far
 * (borrowed from the document; NULL for a space without one). */
struct bj_ctx {
    struct board *b;
    const char *space_ids[BOARD_SPACES];
    struct sb_error *err;
};

static const char *const bj_kind_names[] = {
    [SPACE_GO] = "go",
    [SPACE_DESTINATION] = "destination",
    [SPACE_CHANCE] = "chance",
    [SPACE_JOURNAL] = "journal",
    [SPACE_FLIGHT_LOCAL] = "flight_local",
    [SPACE_FLIGHT_LONG] = "flight_long",
    [SPACE_TAX] = "tax",
    [SPACE_JAIL] = "jail",
    [SPACE_FREE_PARKING] = "free_parking",
    [SPACE_GO_TO_JAIL] = "go_to_jail",
};

/* The ids a board without its document still gives the spaces of a kind it has once. */
static const char *const bj_kind_ids[] = {
    [SPACE_GO] = "go",
    [SPACE_DESTINATION] = NULL,
    [SPACE_CHANCE] = NULL,
    [SPACE_JOURNAL] = NULL,
    [SPACE_FLIGHT_LOCAL] = NULL,
    [SPACE_FLIGHT_LONG] = NULL,
    [SPACE_TAX] = NULL,
    [SPACE_JAIL] = "jail",
    [SPACE_FREE_PARKING] = "free-parking",
    [SPACE_GO_TO_JAIL] = "go-to-jail",
};

static const char *const bj_source_tags[] = {"rulebook", "web", "inferred", "placeholder", "group"};

/* True when s is a slug: 1..BOARD_SLUG_MAX-1 bytes of [a-z0-9-]. This function can't fail. */
static bool bj_is_slug(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n >= BOARD_SLUG_MAX)
        return false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'))
            return false;
    }
    return true;
}

/* Read obj[key] as a slug; *out is borrowed. */
static int bj_get_slug(const cJSON *obj, const char *path, const char *key, const char **out,
                       struct sb_error *err)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!item)
        return json_fail_at(err, path, key, "is required");
    if (!cJSON_IsString(item) || !item->valuestring || !bj_is_slug(item->valuestring))
        return json_fail_at(err, path, key,
                            "must be a slug: 1 to %d characters of a-z, 0-9 and '-'",
                            BOARD_SLUG_MAX - 1);
    *out = item->valuestring;
    return 0;
}

/* True when s is one of the source tags. This function can't fail. */
static bool bj_is_source_tag(const char *s)
{
    for (size_t i = 0; i < sizeof(bj_source_tags) / sizeof(bj_source_tags[0]); i++)
        if (strcmp(s, bj_source_tags[i]) == 0)
            return true;
    return false;
}

/* Check obj's "source" (required, a tag) and "sources" (optional, field -> tag). */
static int bj_check_source(const cJSON *obj, const char *path, struct sb_error *err)
{
    const cJSON *src = cJSON_GetObjectItemCaseSensitive(obj, "source");
    const cJSON *srcs = cJSON_GetObjectItemCaseSensitive(obj, "sources");
    const cJSON *it;

    if (!src)
        return json_fail_at(err, path, "source", "is required");
    if (!cJSON_IsString(src) || !src->valuestring || !bj_is_source_tag(src->valuestring))
        return json_fail_at(err, path, "source",
                            "must be one of rulebook, web, inferred, placeholder, group");
    if (!srcs)
        return 0;
    if (!cJSON_IsObject(srcs))
        return json_fail_at(err, path, "sources", "must be an object of field: source");
    cJSON_ArrayForEach(it, srcs)
    {
        if (!cJSON_IsString(it) || !it->valuestring || !bj_is_source_tag(it->valuestring))
            return json_fail_at(err, path, "sources",
                                "'%s' must be one of rulebook, web, inferred, placeholder, group",
                                it->string ? it->string : "");
    }
    return 0;
}

/* obj[key] as an array of min..max items in *out. */
static int bj_get_array(const cJSON *obj, const char *key, int min, int max, const cJSON **out,
                        int *n, struct sb_error *err)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(obj, key);
    int count;
    if (!arr)
        return json_fail_at(err, "", key, "is required");
    if (!cJSON_IsArray(arr))
        return json_fail_at(err, "", key, "must be an array");
    count = cJSON_GetArraySize(arr);
    if (count < min || count > max) {
        if (min == max)
            return json_fail_at(err, "", key, "must hold exactly %d items, not %d", min, count);
        return json_fail_at(err, "", key, "must hold %d to %d items, not %d", min, max, count);
    }
    *out = arr;
    *n = count;
    return 0;
}

/* Index of the space whose id is id, or -1: by the document's ids when ctx has them, else
 * by the ids the board kept, else by the ids of the kinds a board has once. This function
 * can't fail. */
static int bj_find_space(const struct board *b, const char *const *space_ids, const char *id)
{
    if (space_ids) {
        for (int i = 0; i < BOARD_SPACES; i++)
            if (space_ids[i] && strcmp(space_ids[i], id) == 0)
                return i;
        return -1;
    }
    for (int i = 0; i < BOARD_SPACES; i++)
        if (b->spaces[i].id[0] && strcmp(b->spaces[i].id, id) == 0)
            return i;
    for (int k = 0; k < (int)(sizeof(bj_kind_ids) / sizeof(bj_kind_ids[0])); k++) {
        int found = -1, count = 0;
        if (!bj_kind_ids[k] || strcmp(bj_kind_ids[k], id) != 0)
            continue;
        for (int i = 0; i < BOARD_SPACES; i++)
            if ((int)b->spaces[i].kind == k) {
                found = i;
                count++;
            }
        return count == 1 ? found : -1;
    }
    return -1;
}

/* True when some destination of b has this colour. This function can't fail. */
static bool bj_colour_exists(const struct board *b, const char *colour)
{
    for (int i = 0; i < b->ndests; i++)
        if (strcmp(b->dests[i].colour, colour) == 0)
            return true;
    return false;
}

/* Read a move_to_colour list into e. */
static int bj_effect_colours(const struct board *b, const cJSON *arr, const char *path,
                             struct effect *e, struct sb_error *err)
{
    const cJSON *it;
    int n = 0;

    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) < 1 ||
        cJSON_GetArraySize(arr) > BOARD_MAX_COLOURS)
        return json_fail_at(err, path, "move_to_colour", "must be an array of 1 to %d colours",
                            BOARD_MAX_COLOURS);
    cJSON_ArrayForEach(it, arr)
    {
        if (!cJSON_IsString(it) || !it->valuestring || !bj_is_slug(it->valuestring))
            return json_fail_at(err, path, "move_to_colour", "must hold colour slugs");
        if (!bj_colour_exists(b, it->valuestring))
            return json_fail_at(err, path, "move_to_colour", "no destination has the colour '%s'",
                                it->valuestring);
        for (int i = 0; i < n; i++)
            if (strcmp(e->colours[i], it->valuestring) == 0)
                return json_fail_at(err, path, "move_to_colour", "'%s' is named twice",
                                    it->valuestring);
        snprintf(e->colours[n], sizeof(e->colours[n]), "%s", it->valuestring);
        n++;
    }
    e->ncolours = n;
    return 0;
}

/* Find the one main field of effect object obj (*main) and its "salary" (*salary, may
 * stay NULL). Returns 0 or SB_EINVALID for an unknown field, two main fields or none. */
static int bj_effect_fields(const cJSON *obj, const char *path, const cJSON **main,
                            const cJSON **salary, struct sb_error *err)
{
    static const char *const keys[] = {"collect", "pay",        "move_to",  "move_to_colour",
                                       "move_by", "go_to_jail", "jail_free"};
    const cJSON *it;
    if (!cJSON_IsObject(obj))
        return json_fail_at(err, path, NULL, "must be an effect object");
    cJSON_ArrayForEach(it, obj)
    {
        bool known = false;
        const char *k = it->string ? it->string : "";
        for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
            known = known || strcmp(k, keys[i]) == 0;
        if (strcmp(k, "salary") == 0)
            *salary = it;
        else if (!known)
            return json_fail_at(err, path, NULL, "unknown field '%s'", k);
        else if (*main)
            return json_fail_at(err, path, NULL,
                                "holds both '%s' and '%s'; an effect does one thing",
                                (*main)->string, k);
        else
            *main = it;
    }
    if (!*main)
        return json_fail_at(err, path, NULL,
                            "needs one of collect, pay, move_to, move_to_colour, move_by, "
                            "go_to_jail, jail_free");
    if (*salary && strcmp((*main)->string, "move_to") != 0)
        return json_fail_at(err, path, "salary", "goes only with move_to");
    return 0;
}

/* A move_to effect: to a destination's space or to a space named by its id. */
static int bj_effect_move_to(const struct board *b, const char *const *space_ids, const cJSON *main,
                             const cJSON *salary, const char *path, struct effect *e,
                             struct sb_error *err)
{
    int d, s;
    if (!cJSON_IsString(main) || !main->valuestring)
        return json_fail_at(err, path, "move_to", "must be a space or destination id");
    d = board_find_dest(b, main->valuestring);
    s = d >= 0 ? b->dests[d].space : bj_find_space(b, space_ids, main->valuestring);
    if (s < 0)
        return json_fail_at(err, path, "move_to", "unknown space or destination '%s'",
                            main->valuestring);
    if (salary && !cJSON_IsBool(salary))
        return json_fail_at(err, path, "salary", "must be true or false");
    e->kind = EFFECT_MOVE_TO;
    e->space = s;
    e->salary = salary && cJSON_IsTrue(salary);
    return 0;
}

/* Read a Chance-style effect object at path into *out (written only on success). */
static int bj_effect(const struct board *b, const char *const *space_ids, const cJSON *obj,
                     const char *path, struct effect *out, struct sb_error *err)
{
    struct effect e;
    const cJSON *main = NULL, *salary = NULL;
    const char *k;
    int64_t v;
    int rc = bj_effect_fields(obj, path, &main, &salary, err);

    if (rc != 0)
        return rc;
    memset(&e, 0, sizeof(e));
    k = main->string;
    v = json_is_int(main) ? (int64_t)main->valuedouble : -1;
    if (strcmp(k, "collect") == 0 || strcmp(k, "pay") == 0) {
        if (!json_is_money(v))
            return json_fail_at(err, path, k, "must be a multiple of 10 from 0 to %lld",
                                (long long)JSON_MONEY_MAX);
        e.kind = k[0] == 'c' ? EFFECT_COLLECT : EFFECT_PAY;
        e.amount = (int)v;
    } else if (strcmp(k, "move_to") == 0) {
        rc = bj_effect_move_to(b, space_ids, main, salary, path, &e, err);
    } else if (strcmp(k, "move_to_colour") == 0) {
        rc = bj_effect_colours(b, main, path, &e, err);
        e.kind = EFFECT_MOVE_TO_COLOUR;
    } else if (strcmp(k, "move_by") == 0) {
        if (!json_is_int(main) || v == 0 || main->valuedouble <= -BOARD_SPACES ||
            main->valuedouble >= BOARD_SPACES)
            return json_fail_at(err, path, "move_by",
                                "must be a non-zero whole number from %d to %d", 1 - BOARD_SPACES,
                                BOARD_SPACES - 1);
        e.kind = EFFECT_MOVE_BY;
        e.steps = (int)main->valuedouble;
    } else {
        if (!cJSON_IsTrue(main))
            return json_fail_at(err, path, k, "must be true");
        e.kind = k[0] == 'g' ? EFFECT_GO_TO_JAIL : EFFECT_JAIL_FREE;
    }
    if (rc == 0)
        *out = e;
    return rc;
}

/* Read a Travel Journal effect object at path into card's per_stamp and drawer fields. */
static int bj_journal_effect(const struct board *b, const char *const *space_ids, const cJSON *obj,
                             const char *path, struct journal_card *card, struct sb_error *err)
{
    static const char *const kinds[] = {"collect", "pay", "collect_from_each"};
    static const enum per_stamp_kind kind_values[] = {PER_STAMP_COLLECT, PER_STAMP_PAY,
                                                      PER_STAMP_COLLECT_FROM_EACH};
    char sub[BJ_PATH_MAX];
    const cJSON *it, *per, *drawer;
    enum per_stamp_kind kind = PER_STAMP_NONE;
    int64_t amount = 0;
    struct effect de;
    int n = 0;

    memset(&de, 0, sizeof(de));
    de.kind = EFFECT_NONE;
    if (!cJSON_IsObject(obj))
        return json_fail_at(err, path, NULL, "must be an effect object");
    cJSON_ArrayForEach(it, obj)
    {
        const char *k = it->string ? it->string : "";
        if (strcmp(k, "per_stamp") != 0 && strcmp(k, "drawer") != 0)
            return json_fail_at(err, path, NULL, "unknown field '%s'", k);
    }
    per = cJSON_GetObjectItemCaseSensitive(obj, "per_stamp");
    if (!cJSON_IsObject(per))
        return json_fail_at(err, path, "per_stamp",
                            "must be an object: {\"collect\":N}, {\"pay\":N} or "
                            "{\"collect_from_each\":N}");
    snprintf(sub, sizeof(sub), "%s.per_stamp", path);
    cJSON_ArrayForEach(it, per)
    {
        size_t i;
        const char *k = it->string ? it->string : "";
        for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
            if (strcmp(k, kinds[i]) == 0)
                break;
        if (i == sizeof(kinds) / sizeof(kinds[0]))
            return json_fail_at(err, sub, NULL, "unknown field '%s'", k);
        if (!json_is_int(it) || !json_is_money((int64_t)it->valuedouble))
            return json_fail_at(err, sub, k, "must be a multiple of 10 from 0 to %lld",
                                (long long)JSON_MONEY_MAX);
        kind = kind_values[i];
        amount = (int64_t)it->valuedouble;
        n++;
    }
    if (n != 1)
        return json_fail_at(err, sub, NULL, "needs exactly one of collect, pay, collect_from_each");
    drawer = cJSON_GetObjectItemCaseSensitive(obj, "drawer");
    if (drawer) {
        int rc;
        snprintf(sub, sizeof(sub), "%s.drawer", path);
        rc = bj_effect(b, space_ids, drawer, sub, &de, err);
        if (rc != 0)
            return rc;
    }
    card->per_stamp = kind;
    card->per_stamp_amount = (int)amount;
    card->drawer = de;
    return 0;
}

int board_effect_from_json(const struct board *b, const cJSON *obj, struct effect *e,
                           struct sb_error *err)
{
    return bj_effect(b, NULL, obj, "effect", e, err);
}

int board_journal_effect_from_json(const struct board *b, const cJSON *obj,
                                   struct journal_card *card, struct sb_error *err)
{
    return bj_journal_effect(b, NULL, obj, "effect", card, err);
}

/* The top-level facts: edition, name, player counts, engine, money. */
static int bj_read_top(const cJSON *doc, struct board *b, struct sb_error *err)
{
    const char *s = NULL;
    const cJSON *it;
    int rc = bj_get_slug(doc, "", "edition", &s, err);
    if (rc == 0)
        rc = json_at_name(doc, "", "name", JSON_NAME_MAX_CHARS, &s, err);
    if (rc == 0)
        rc = json_at_money(doc, "", "start_cash", &b->start_cash, err);
    if (rc == 0)
        rc = json_at_money(doc, "", "go_salary", &b->go_salary, err);
    if (rc != 0)
        return rc;
    it = cJSON_GetObjectItemCaseSensitive(doc, "engine");
    if (it && !(cJSON_IsString(it) && it->valuestring && strcmp(it->valuestring, "full") == 0))
        return json_fail_at(err, "", "engine", "must be \"full\" for a board the engine plays");
    it = cJSON_GetObjectItemCaseSensitive(doc, "sources");
    if (it && !cJSON_IsObject(it))
        return json_fail_at(err, "", "sources", "must be an object");
    return 0;
}

/* players_min and players_max, when given: 2 <= min <= max <= tokens and seats. */
static int bj_read_players(const cJSON *doc, const struct board *b, struct sb_error *err)
{
    int lo = RULES_MIN_PLAYERS, hi = RULES_MAX_PLAYERS;
    int rc = 0;
    if (cJSON_GetObjectItemCaseSensitive(doc, "players_min"))
        rc = json_at_int(doc, "", "players_min", RULES_MIN_PLAYERS, RULES_MAX_PLAYERS, &lo, err);
    if (rc == 0 && cJSON_GetObjectItemCaseSensitive(doc, "players_max"))
        rc = json_at_int(doc, "", "players_max", lo, RULES_MAX_PLAYERS, &hi, err);
    if (rc == 0 && hi > b->ntokens)
        rc = json_fail_at(err, "", "players_max", "%d players need %d tokens; the board has %d", hi,
                          hi, b->ntokens);
    return rc;
}

/* Is s a plain colour, nothing a style sheet could read more into: a name of 3 to 20
 * ASCII letters ("red", "rebeccapurple") or #rgb / #rrggbb? This function can't fail. */
static bool bj_is_plain_colour(const char *s)
{
    size_t n = strlen(s), i;
    if (s[0] == '#') {
        for (i = 1; i < n; i++)
            if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f') ||
                  (s[i] >= 'A' && s[i] <= 'F')))
                return false;
        return n == 4 || n == 7;
    }
    for (i = 0; i < n; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z')))
            return false;
    return n >= 3 && n <= 20;
}

/* The start of item i of the list named list, an object with a slug "id" and a "name":
 * its path ("list[i]"), its id and its name. */
static int bj_named_item(const cJSON *it, const char *list, int i, char path[BJ_PATH_MAX],
                         const char **id, const char **name, struct sb_error *err)
{
    int rc;
    snprintf(path, BJ_PATH_MAX, "%s[%d]", list, i);
    if (!cJSON_IsObject(it))
        return json_fail_at(err, path, NULL, "must be an object");
    rc = bj_get_slug(it, path, "id", id, err);
    if (rc == 0)
        rc = json_at_name(it, path, "name", JSON_NAME_MAX_CHARS, name, err);
    return rc;
}

/* The tokens: 2..BOARD_MAX_TOKENS with unique slugs, names and colours. */
static int bj_read_tokens(const cJSON *doc, struct board *b, struct sb_error *err)
{
    const cJSON *arr, *it;
    int n = 0, i = 0;
    int rc = bj_get_array(doc, "tokens", 2, BOARD_MAX_TOKENS, &arr, &n, err);
    if (rc != 0)
        return rc;
    cJSON_ArrayForEach(it, arr)
    {
        char path[BJ_PATH_MAX];
        const char *id = NULL, *s = NULL;
        rc = bj_named_item(it, "tokens", i, path, &id, &s, err);
        if (rc == 0)
            rc = json_at_string(it, path, "colour", JSON_NAME_MAX_CHARS, &s, err);
        if (rc == 0 && !bj_is_plain_colour(s))
            rc = json_fail_at(err, path, "colour",
                              "must be a plain colour: a name of letters (\"red\") or #rgb / "
                              "#rrggbb");
        if (rc == 0)
            rc = bj_check_source(it, path, err);
        if (rc != 0)
            return rc;
        if (board_find_token(b, id) >= 0)
            return json_fail_at(err, path, "id", "'%s' is used twice", id);
        snprintf(b->tokens[i].id, sizeof(b->tokens[i].id), "%s", id);
        b->ntokens = ++i;
    }
    return 0;
}

/* Destinations, with each goal id kept in goals[] to be resolved once all are read. */
static int bj_read_dests(const cJSON *doc, struct board *b, const cJSON **goals,
                         struct sb_error *err)
{
    const cJSON *arr, *it;
    int n = 0, i = 0;
    int rc = bj_get_array(doc, "destinations", 1, BOARD_MAX_DESTS, &arr, &n, err);
    if (rc != 0)
        return rc;
    b->ndests = 0; /* goals[] is filled for exactly the destinations counted here */
    cJSON_ArrayForEach(it, arr)
    {
        char path[BJ_PATH_MAX];
        const char *id = NULL, *colour = NULL, *s = NULL;
        struct destination *d = &b->dests[i];
        rc = bj_named_item(it, "destinations", i, path, &id, &s, err);
        if (rc == 0)
            rc = bj_get_slug(it, path, "colour", &colour, err);
        if (rc == 0)
            rc = json_at_money(it, path, "price", &d->price, err);
        if (rc == 0)
            rc = json_at_money(it, path, "fee", &d->fee, err);
        if (rc == 0)
            rc = json_at_money(it, path, "set_fee", &d->set_fee, err);
        if (rc == 0)
            rc = json_at_int(it, path, "space", 0, BOARD_SPACES - 1, &d->space, err);
        if (rc == 0)
            rc = bj_check_source(it, path, err);
        if (rc != 0)
            return rc;
        goals[i] = cJSON_GetObjectItemCaseSensitive(it, "goal");
        if (!goals[i])
            return json_fail_at(err, path, "goal", "is required (null for none)");
        if (!cJSON_IsNull(goals[i]) && !cJSON_IsString(goals[i]))
            return json_fail_at(err, path, "goal", "must be a destination id or null");
        if (board_find_dest(b, id) >= 0)
            return json_fail_at(err, path, "id", "'%s' is used twice", id);
        snprintf(d->id, sizeof(d->id), "%s", id);
        snprintf(d->colour, sizeof(d->colour), "%s", colour);
        d->goal = -1;
        b->ndests = ++i;
    }
    for (i = 0; i < b->ndests; i++) {
        char path[BJ_PATH_MAX];
        int g;
        if (cJSON_IsNull(goals[i]))
            continue;
        snprintf(path, sizeof(path), "destinations[%d]", i);
        g = board_find_dest(b, goals[i]->valuestring);
        if (g < 0)
            return json_fail_at(err, path, "goal", "unknown destination '%s'",
                                goals[i]->valuestring);
        if (g == i)
            return json_fail_at(err, path, "goal", "a card cannot be its own travel goal");
        b->dests[i].goal = g;
    }
    return 0;
}

int board_space_kind_of(const char *s)
{
    for (int k = 0; k < (int)(sizeof(bj_kind_names) / sizeof(bj_kind_names[0])); k++)
        if (strcmp(s, bj_kind_names[k]) == 0)
            return k;
    return -1;
}

/* The destination of the destination space it at index i: a known destination that says
 * it is on this space. */
static int bj_space_destination(const cJSON *it, int i, const char *path, struct bj_ctx *ctx)
{
    struct board *b = ctx->b;
    const char *s = NULL;
    int d, rc = bj_get_slug(it, path, "destination", &s, ctx->err);
    if (rc != 0)
        return rc;
    d = board_find_dest(b, s);
    if (d < 0)
        return json_fail_at(ctx->err, path, "destination", "unknown destination '%s'", s);
    if (b->dests[d].space != i)
        return json_fail_at(ctx->err, path, "destination", "'%s' says it is on space %d", s,
                            b->dests[d].space);
    b->spaces[i].dest = d;
    return 0;
}

/* The id of space i (a space that is not a destination's): unique among spaces and
 * destinations. */
static int bj_space_id(const cJSON *it, int i, const char *path, struct bj_ctx *ctx)
{
    const char *s = NULL;
    int rc = bj_get_slug(it, path, "id", &s, ctx->err);
    if (rc != 0)
        return rc;
    if (board_find_dest(ctx->b, s) >= 0 || bj_find_space(ctx->b, ctx->space_ids, s) >= 0)
        return json_fail_at(ctx->err, path, "id",
                            "'%s' is used twice among spaces and destinations", s);
    ctx->space_ids[i] = s;
    snprintf(ctx->b->spaces[i].id, sizeof(ctx->b->spaces[i].id), "%s", s);
    return 0;
}

/* One space at index i, after the destinations are read. */
static int bj_read_space(const cJSON *it, int i, struct bj_ctx *ctx)
{
    struct board *b = ctx->b;
    struct sb_error *err = ctx->err;
    struct space *sp = &b->spaces[i];
    const cJSON *kind = cJSON_GetObjectItemCaseSensitive(it, "kind");
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(it, "id");
    const cJSON *dest = cJSON_GetObjectItemCaseSensitive(it, "destination");
    const cJSON *amount = cJSON_GetObjectItemCaseSensitive(it, "amount");
    char path[BJ_PATH_MAX];
    const char *s = NULL;
    int index = -1, k, rc;

    snprintf(path, sizeof(path), "spaces[%d]", i);
    if (!cJSON_IsObject(it))
        return json_fail_at(err, path, NULL, "must be an object");
    rc = json_at_int(it, path, "index", 0, BOARD_SPACES - 1, &index, err);
    if (rc == 0 && index != i)
        rc = json_fail_at(err, path, "index", "must be %d: spaces are listed in board order", i);
    if (rc == 0)
        rc = json_at_name(it, path, "name", JSON_NAME_MAX_CHARS, &s, err);
    if (rc == 0)
        rc = bj_check_source(it, path, err);
    if (rc != 0)
        return rc;
    if (!kind)
        return json_fail_at(err, path, "kind", "is required");
    k = cJSON_IsString(kind) && kind->valuestring ? board_space_kind_of(kind->valuestring) : -1;
    if (k < 0)
        return json_fail_at(err, path, "kind",
                            "must be one of go, destination, chance, journal, flight_local, "
                            "flight_long, tax, jail, free_parking, go_to_jail");
    sp->kind = (enum space_kind)k;
    sp->dest = -1;
    sp->amount = 0;
    if (k == SPACE_DESTINATION) {
        if (id)
            return json_fail_at(err, path, "id", "a destination space is named by its destination");
        rc = bj_space_destination(it, i, path, ctx);
        if (rc != 0)
            return rc;
    } else if (dest) {
        return json_fail_at(err, path, "destination", "only a destination space has one");
    }
    if (k == SPACE_TAX) {
        rc = json_at_money(it, path, "amount", &sp->amount, err);
        if (rc != 0)
            return rc;
    } else if (amount) {
        return json_fail_at(err, path, "amount", "only a tax space has one");
    }
    return id ? bj_space_id(it, i, path, ctx) : 0;
}

/* The 40 spaces in order, Jail where the engine keeps it, every destination on its space. */
static int bj_read_spaces(const cJSON *doc, struct bj_ctx *ctx)
{
    struct board *b = ctx->b;
    const cJSON *arr, *it;
    int n = 0, i = 0, ngo = 0, njail = 0;
    int rc = bj_get_array(doc, "spaces", BOARD_SPACES, BOARD_SPACES, &arr, &n, ctx->err);
    if (rc != 0)
        return rc;
    cJSON_ArrayForEach(it, arr)
    {
        rc = bj_read_space(it, i, ctx);
        if (rc != 0)
            return rc;
        ngo += b->spaces[i].kind == SPACE_GO;
        njail += b->spaces[i].kind == SPACE_JAIL;
        i++;
    }
    if (b->spaces[0].kind != SPACE_GO || ngo != 1)
        return json_fail_at(ctx->err, "spaces", NULL, "GO must be space 0 and the only GO");
    if (b->spaces[RULES_JAIL_SPACE].kind != SPACE_JAIL || njail != 1)
        return json_fail_at(ctx->err, "spaces", NULL, "Jail must be space %d and the only Jail",
                            RULES_JAIL_SPACE);
    for (int d = 0; d < b->ndests; d++) {
        if (b->spaces[b->dests[d].space].dest != d) {
            char path[BJ_PATH_MAX];
            snprintf(path, sizeof(path), "destinations[%d]", d);
            return json_fail_at(ctx->err, path, "space",
                                "space %d is not the destination space of '%s'", b->dests[d].space,
                                b->dests[d].id);
        }
    }
    return 0;
}

/* One card of a deck (the Chance deck, or the Travel Journal deck when journal is set) at
 * position i: a unique id, its texts, a Journal card's 1..BOARD_MAX_SLOTS circles, its
 * source and an effect against the spaces and destinations. */
static int bj_read_card(const cJSON *it, int i, bool journal, struct bj_ctx *ctx)
{
    struct board *b = ctx->b;
    struct sb_error *err = ctx->err;
    const char *deck = journal ? "journal" : "chance";
    const cJSON *effect = cJSON_GetObjectItemCaseSensitive(it, "effect");
    char path[BJ_PATH_MAX], epath[BJ_PATH_MAX];
    const char *id = NULL, *s = NULL;
    int rc;

    snprintf(path, sizeof(path), "%s[%d]", deck, i);
    snprintf(epath, sizeof(epath), "%s[%d].effect", deck, i);
    if (!cJSON_IsObject(it))
        return json_fail_at(err, path, NULL, "must be an object");
    rc = bj_get_slug(it, path, "id", &id, err);
    if (rc == 0 && journal)
        rc = json_at_name(it, path, "title", JSON_NAME_MAX_CHARS, &s, err);
    if (rc == 0)
        rc = json_at_string(it, path, "text", JSON_TEXT_MAX_CHARS, &s, err);
    if (rc == 0 && journal)
        rc = json_at_int(it, path, "slots", 1, BOARD_MAX_SLOTS, &b->journal[i].slots, err);
    if (rc == 0)
        rc = bj_check_source(it, path, err);
    if (rc == 0 && !effect)
        rc = json_fail_at(err, path, "effect", "is required");
    if (rc == 0)
        rc = journal ? bj_journal_effect(b, ctx->space_ids, effect, epath, &b->journal[i], err)
                     : bj_effect(b, ctx->space_ids, effect, epath, &b->chance[i].effect, err);
    if (rc != 0)
        return rc;
    if ((journal ? board_find_journal(b, id) : board_find_chance(b, id)) >= 0)
        return json_fail_at(err, path, "id", "'%s' is used twice", id);
    snprintf(journal ? b->journal[i].id : b->chance[i].id, BOARD_SLUG_MAX, "%s", id);
    return 0;
}

/* A whole deck: the Chance cards, or the Travel Journal cards when journal is set. */
static int bj_read_cards(const cJSON *doc, bool journal, struct bj_ctx *ctx)
{
    const cJSON *arr, *it;
    int n = 0, i = 0;
    int rc =
        bj_get_array(doc, journal ? "journal" : "chance", 1, BOARD_MAX_CARDS, &arr, &n, ctx->err);
    if (rc != 0)
        return rc;
    cJSON_ArrayForEach(it, arr)
    {
        rc = bj_read_card(it, i, journal, ctx);
        if (rc != 0)
            return rc;
        *(journal ? &ctx->b->njournal : &ctx->b->nchance) = ++i;
    }
    return 0;
}

int board_from_json(const cJSON *doc, struct board *b, struct sb_error *err)
{
    const cJSON *goals[BOARD_MAX_DESTS];
    struct bj_ctx ctx;
    struct board *nb;
    int rc;

    if (!cJSON_IsObject(doc))
        return sb_fail(err, SB_EINVALID, NULL, "the board must be a JSON object");
    nb = calloc(1, sizeof(*nb));
    if (!nb)
        return sb_oom(err);
    memset(&ctx, 0, sizeof(ctx));
    ctx.b = nb;
    ctx.err = err;
    rc = bj_read_top(doc, nb, err);
    if (rc == 0)
        rc = bj_read_tokens(doc, nb, err);
    if (rc == 0)
        rc = bj_read_players(doc, nb, err);
    if (rc == 0)
        rc = bj_read_dests(doc, nb, goals, err);
    if (rc == 0)
        rc = bj_read_spaces(doc, &ctx);
    if (rc == 0)
        rc = bj_read_cards(doc, false, &ctx);
    if (rc == 0)
        rc = bj_read_cards(doc, true, &ctx);
    if (rc != 0)
        goto out;
    *b = *nb;
out:
    free(nb);
    return rc;
}

/* Count the facts of the list doc[key] into *facts and those with source "group" into
 * *checked. This function can't fail. */
static void bj_count_checked(const cJSON *doc, const char *key, int *facts, int *checked)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(doc, key))
    {
        const cJSON *src = cJSON_GetObjectItemCaseSensitive(it, "source");
        (*facts)++;
        if (cJSON_IsString(src) && strcmp(src->valuestring, "group") == 0)
            (*checked)++;
    }
}

void board_check_count(const cJSON *doc, int *facts, int *checked)
{
    /* deeds and community: the facts of the classic bank's boxes */
    static const char *const lists[] = {"spaces",  "destinations", "chance",
                                        "journal", "deeds",        "community"};
    *facts = 0;
    *checked = 0;
    for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++)
        bj_count_checked(doc, lists[i], facts, checked);
}

int board_add_check(cJSON *doc, struct sb_error *err)
{
    int facts = 0, checked = 0;
    cJSON *check = cJSON_CreateObject();
    board_check_count(doc, &facts, &checked);
    if (!check || !cJSON_AddNumberToObject(check, "facts", facts) ||
        !cJSON_AddNumberToObject(check, "checked", checked)) {
        cJSON_Delete(check);
        return sb_oom(err);
    }
    return json_set(doc, "check", check) ? 0 : sb_oom(err);
}

/* The fields a box file's objects may have: the board itself, then each list's items
 * (the effects are checked field by field as they are read). */
static const struct bj_fields {
    const char *list; /* NULL: the board's own fields */
    const char *const fields[20];
} bj_box_fields[] = {
    {NULL,
     {"bgg", "chance", "check", "destinations", "edition", "engine", "go_salary", "journal", "kind",
      "modes", "name", "players_max", "players_min", "source", "source_note", "sources", "spaces",
      "start_cash", "tokens"}},
    {"tokens", {"colour", "id", "name", "source", "sources"}},
    {"destinations",
     {"colour", "fee", "goal", "id", "name", "note", "price", "set_fee", "source", "sources",
      "space"}},
    {"spaces", {"amount", "destination", "id", "index", "kind", "name", "source", "sources"}},
    {"journal", {"effect", "id", "slots", "source", "sources", "text", "title"}},
    {"chance", {"effect", "id", "source", "sources", "text"}},
};

/* SB_EINVALID naming the first field of obj (at path) that fields does not hold. */
static int bj_known_fields(const cJSON *obj, const char *path, const char *const fields[20],
                           struct sb_error *err)
{
    const cJSON *c;
    cJSON_ArrayForEach(c, obj)
    {
        bool known = false;
        for (int i = 0; i < 20 && fields[i] && !known; i++)
            known = strcmp(fields[i], c->string) == 0;
        if (!known)
            return json_fail_at(err, path, NULL, "unknown field '%.64s'", c->string);
    }
    return 0;
}

int board_check_fields(const cJSON *doc, struct sb_error *err)
{
    int rc = 0;
    for (size_t k = 0; rc == 0 && k < sizeof(bj_box_fields) / sizeof(bj_box_fields[0]); k++) {
        const struct bj_fields *f = &bj_box_fields[k];
        const cJSON *it;
        int i = 0;
        if (!f->list) {
            rc = bj_known_fields(doc, "", f->fields, err);
            continue;
        }
        cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(doc, f->list))
        {
            char path[BJ_PATH_MAX];
            snprintf(path, sizeof(path), "%s[%d]", f->list, i++);
            if (rc == 0 && cJSON_IsObject(it))
                rc = bj_known_fields(it, path, f->fields, err);
        }
    }
    return rc;
}

int board_from_box(const cJSON *box, cJSON **doc, struct sb_error *err)
{
    struct board *b;
    cJSON *copy;
    int rc;
    if (!cJSON_IsObject(box))
        return sb_fail(err, SB_EBADREQ, NULL, "'board' must be a box file: a board object");
    b = malloc(sizeof(*b));
    if (!b)
        return sb_oom(err);
    rc = board_from_json(box, b, err);
    if (rc == 0)
        rc = board_check_fields(box, err);
    free(b);
    if (rc != 0) {
        char why[SB_DETAIL_MAX]; /* err->detail cannot be both source and target */
        snprintf(why, sizeof(why), "%s", err ? err->detail : "");
        return sb_fail(err, rc, NULL, "the box file is damaged: %s", why);
    }
    copy = cJSON_Duplicate(box, true);
    if (!copy)
        return sb_oom(err);
    cJSON_DeleteItemFromObjectCaseSensitive(copy, "check"); /* counted again on every GET */
    *doc = copy;
    return 0;
}
