/* house_json.c -- house rules between the engine and JSON (house_json.h). */
#include "house_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jbuf.h"
#include "json.h"

/* Each switch: its JSON name, the two words of a switch whose value is a word (NULL for
 * the others), and what it takes, for refusals. */
static const struct house_switch_def {
    const char *name;
    const char *words[2];
    const char *takes;
} house_defs[HOUSE_NSWITCHES] = {
    [HOUSE_GOAL_JUMP] = {"goal_jump", {"next_turn", "any_turn"}, "\"next_turn\" or \"any_turn\""},
    [HOUSE_TRAVEL_PAYS_GO] = {"travel_pays_go", {NULL, NULL}, "true or false"},
    [HOUSE_GO_LANDING] = {"go_landing", {NULL, NULL}, "200 or 400"},
    [HOUSE_FREE_PARKING] = {"free_parking", {"nothing", "jackpot"}, "\"nothing\" or \"jackpot\""},
    [HOUSE_AUCTION] = {"auction", {NULL, NULL}, "true or false"},
    [HOUSE_FEES] = {"fees", {"ask", "automatic"}, "\"ask\" or \"automatic\""},
    [HOUSE_STAMPS_TO_WIN] = {"stamps_to_win", {NULL, NULL}, "3 to 6"},
    [HOUSE_STARTING_CASH] = {"starting_cash", {NULL, NULL}, "500 to 5000, in tens"},
};

const char *house_switch_name(enum house_switch sw)
{
    return (int)sw >= 0 && sw < HOUSE_NSWITCHES ? house_defs[sw].name : "";
}

/* Write the JSON value of switch sw of hr to j. */
static void house_value_write(struct jbuf *j, const struct house_rules *hr, enum house_switch sw)
{
    switch (sw) {
    case HOUSE_GOAL_JUMP: jb_str(j, house_defs[sw].words[hr->goal_jump]); break;
    case HOUSE_TRAVEL_PAYS_GO: jb_bool(j, hr->travel_pays_go); break;
    case HOUSE_GO_LANDING: jb_int(j, hr->go_landing); break;
    case HOUSE_FREE_PARKING: jb_str(j, house_defs[sw].words[hr->free_parking]); break;
    case HOUSE_AUCTION: jb_bool(j, hr->auction); break;
    case HOUSE_FEES: jb_str(j, house_defs[sw].words[hr->fees]); break;
    case HOUSE_STAMPS_TO_WIN: jb_int(j, hr->stamps_to_win); break;
    case HOUSE_STARTING_CASH: jb_int(j, hr->starting_cash); break;
    case HOUSE_NSWITCHES: jb_null(j); break;
    }
}

void house_rules_write(struct jbuf *j, const struct house_rules *hr)
{
    jb_open(j, '{');
    for (int sw = 0; sw < HOUSE_NSWITCHES; sw++) {
        jb_key(j, house_defs[sw].name);
        house_value_write(j, hr, (enum house_switch)sw);
    }
    jb_close(j, '}');
}

cJSON *house_rules_to_json(const struct house_rules *hr)
{
    struct jbuf j = {0};
    house_rules_write(&j, hr);
    char *text = jb_take(&j);
    cJSON *o = text ? cJSON_Parse(text) : NULL;
    free(text);
    return o;
}

/* The index of the switch named key, or -1. This function can't fail. */
static int house_find(const char *key)
{
    for (int sw = 0; sw < HOUSE_NSWITCHES; sw++)
        if (strcmp(house_defs[sw].name, key) == 0)
            return sw;
    return -1;
}

/* Refuse (SB_EINVALID) value v of switch sw, saying what it takes. */
static int house_bad_value(enum house_switch sw, struct sb_error *err)
{
    return sb_fail(err, SB_EINVALID, rules_house_rule(sw), "house_rules.%s must be %s",
                   house_defs[sw].name, house_defs[sw].takes);
}

/* Set switch sw of hr from the JSON value v. */
static int house_set(struct house_rules *hr, enum house_switch sw, const cJSON *v,
                     struct sb_error *err)
{
    if (house_defs[sw].words[0]) {
        if (!cJSON_IsString(v))
            return sb_fail(err, SB_EBADREQ, NULL, "house_rules.%s must be a string",
                           house_defs[sw].name);
        int k = strcmp(v->valuestring, house_defs[sw].words[0]) == 0   ? 0
                : strcmp(v->valuestring, house_defs[sw].words[1]) == 0 ? 1
                                                                       : -1;
        if (k < 0)
            return house_bad_value(sw, err);
        if (sw == HOUSE_GOAL_JUMP)
            hr->goal_jump = (enum goal_jump_rule)k;
        else if (sw == HOUSE_FREE_PARKING)
            hr->free_parking = (enum free_parking_rule)k;
        else
            hr->fees = (enum fees_rule)k;
        return 0;
    }
    if (sw == HOUSE_TRAVEL_PAYS_GO || sw == HOUSE_AUCTION) {
        if (!cJSON_IsBool(v))
            return sb_fail(err, SB_EBADREQ, NULL, "house_rules.%s must be true or false",
                           house_defs[sw].name);
        *(sw == HOUSE_AUCTION ? &hr->auction : &hr->travel_pays_go) = cJSON_IsTrue(v);
        return 0;
    }
    if (!json_is_int(v))
        return sb_fail(err, SB_EBADREQ, NULL, "house_rules.%s must be a whole number",
                       house_defs[sw].name);
    double d = v->valuedouble;
    int n = d < -1e9 ? -1 : d > 1e9 ? -1 : (int)d;
    *(sw == HOUSE_GO_LANDING      ? &hr->go_landing
      : sw == HOUSE_STAMPS_TO_WIN ? &hr->stamps_to_win
                                  : &hr->starting_cash) = n;
    return 0;
}

int house_rules_from_json(const cJSON *obj, struct house_rules *hr, struct sb_error *err)
{
    struct house_rules next = *hr;
    const cJSON *it;
    if (!cJSON_IsObject(obj))
        return sb_fail(err, SB_EBADREQ, NULL, "house_rules must be an object");
    cJSON_ArrayForEach(it, obj)
    {
        int sw = house_find(it->string);
        if (sw < 0)
            return sb_fail(err, SB_EINVALID, "HOUSE-RULES",
                           "house_rules has no switch '%.64s' (RULES.md 1b)", it->string);
        int rc = house_set(&next, (enum house_switch)sw, it, err);
        if (rc != 0)
            return rc;
    }
    int bad = rules_house_invalid(&next); /* *hr is valid: only a switch of obj can be bad */
    if (bad >= 0)
        return house_bad_value((enum house_switch)bad, err);
    *hr = next;
    return 0;
}

int house_rules_from_text(const char *text, const struct house_rules *dflt, struct house_rules *hr,
                          struct sb_error *err)
{
    struct house_rules r = *dflt;
    cJSON *doc;
    int rc;
    if (!text || !*text) {
        *hr = r;
        return 0;
    }
    doc = cJSON_Parse(text);
    rc = doc ? house_rules_from_json(doc, &r, err) : SB_EIO;
    cJSON_Delete(doc);
    if (rc != 0)
        return sb_fail(err, SB_EIO, NULL, "stored house rules are damaged");
    *hr = r;
    return 0;
}

int house_box_cash(const cJSON *board, int dflt)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(board, "start_cash");
    int n;
    if (!json_is_int(v))
        return dflt;
    n = v->valuedouble < RULES_START_CASH_MIN   ? RULES_START_CASH_MIN
        : v->valuedouble > RULES_START_CASH_MAX ? RULES_START_CASH_MAX
                                                : (int)v->valuedouble;
    return n - n % RULES_MONEY_UNIT;
}

int house_rules_describe(const struct house_rules *hr, char *buf, size_t n)
{
    size_t len = 0;
    int count = 0;
    if (n == 0)
        return 0;
    buf[0] = '\0';
    for (int sw = 0; sw < HOUSE_NSWITCHES; sw++) {
        if (!rules_house_differs(hr, (enum house_switch)sw))
            continue;
        struct jbuf j = {0};
        house_value_write(&j, hr, (enum house_switch)sw);
        char *text = jb_take(&j);
        const char *shown = text ? text : "";
        if (text && text[0] == '"') { /* a word without its quotes */
            shown = text + 1;
            text[strlen(text) - 1] = '\0';
        }
        int w =
            snprintf(buf + len, n - len, "%s%s: %s", count ? ", " : "", house_defs[sw].name, shown);
        if (w > 0 && (size_t)w < n - len)
            len += (size_t)w;
        count++;
        free(text);
    }
    return count;
}
