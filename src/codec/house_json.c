/* house_json.c -- house rules between the engine and JSON (house_json.h). */
#include "house_json.h"

#include <stdio.h>
#include <string.h>

#include "json.h"

static const char *const house_names[HOUSE_NSWITCHES] = {
    [HOUSE_GOAL_JUMP] = "goal_jump",
    [HOUSE_TRAVEL_PAYS_GO] = "travel_pays_go",
    [HOUSE_GO_LANDING] = "go_landing",
    [HOUSE_FREE_PARKING] = "free_parking",
    [HOUSE_AUCTION] = "auction",
    [HOUSE_FEES] = "fees",
    [HOUSE_STAMPS_TO_WIN] = "stamps_to_win",
    [HOUSE_STARTING_CASH] = "starting_cash",
};

/* The two words of the switches whose value is a word (NULL for the others). */
static const char *const house_words[HOUSE_NSWITCHES][2] = {
    [HOUSE_GOAL_JUMP] = {"next_turn", "any_turn"},
    [HOUSE_FREE_PARKING] = {"nothing", "jackpot"},
    [HOUSE_FEES] = {"ask", "automatic"},
};

const char *house_switch_name(enum house_switch sw)
{
    return (int)sw >= 0 && sw < HOUSE_NSWITCHES ? house_names[sw] : "";
}

/* The JSON value of switch sw of hr. NULL when out of memory. */
static cJSON *house_value_json(const struct house_rules *hr, enum house_switch sw)
{
    switch (sw) {
    case HOUSE_GOAL_JUMP: return cJSON_CreateString(house_words[sw][hr->goal_jump]);
    case HOUSE_TRAVEL_PAYS_GO: return cJSON_CreateBool(hr->travel_pays_go);
    case HOUSE_GO_LANDING: return json_num(hr->go_landing);
    case HOUSE_FREE_PARKING: return cJSON_CreateString(house_words[sw][hr->free_parking]);
    case HOUSE_AUCTION: return cJSON_CreateBool(hr->auction);
    case HOUSE_FEES: return cJSON_CreateString(house_words[sw][hr->fees]);
    case HOUSE_STAMPS_TO_WIN: return json_num(hr->stamps_to_win);
    case HOUSE_STARTING_CASH: return json_num(hr->starting_cash);
    case HOUSE_NSWITCHES: break;
    }
    return cJSON_CreateNull();
}

cJSON *house_rules_to_json(const struct house_rules *hr)
{
    cJSON *o = cJSON_CreateObject();
    for (int sw = 0; o && sw < HOUSE_NSWITCHES; sw++)
        if (!json_add(o, house_names[sw], house_value_json(hr, (enum house_switch)sw))) {
            cJSON_Delete(o);
            return NULL;
        }
    return o;
}

/* The index of the switch named key, or -1. This function can't fail. */
static int house_find(const char *key)
{
    for (int sw = 0; sw < HOUSE_NSWITCHES; sw++)
        if (strcmp(house_names[sw], key) == 0)
            return sw;
    return -1;
}

/* Refuse (SB_EINVALID) value v of switch sw, saying what it takes. */
static int house_bad_value(enum house_switch sw, struct sb_error *err)
{
    static const char *const takes[HOUSE_NSWITCHES] = {
        [HOUSE_GOAL_JUMP] = "\"next_turn\" or \"any_turn\"",
        [HOUSE_TRAVEL_PAYS_GO] = "true or false",
        [HOUSE_GO_LANDING] = "200 or 400",
        [HOUSE_FREE_PARKING] = "\"nothing\" or \"jackpot\"",
        [HOUSE_AUCTION] = "true or false",
        [HOUSE_FEES] = "\"ask\" or \"automatic\"",
        [HOUSE_STAMPS_TO_WIN] = "3 to 6",
        [HOUSE_STARTING_CASH] = "500 to 5000, in tens",
    };
    return sb_fail(err, SB_EINVALID, rules_house_rule(sw), "house_rules.%s must be %s",
                   house_names[sw], takes[sw]);
}

/* Set switch sw of hr from the JSON value v. */
static int house_set(struct house_rules *hr, enum house_switch sw, const cJSON *v,
                     struct sb_error *err)
{
    if (house_words[sw][0]) {
        if (!cJSON_IsString(v))
            return sb_fail(err, SB_EBADREQ, NULL, "house_rules.%s must be a string",
                           house_names[sw]);
        int k = strcmp(v->valuestring, house_words[sw][0]) == 0   ? 0
                : strcmp(v->valuestring, house_words[sw][1]) == 0 ? 1
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
                           house_names[sw]);
        *(sw == HOUSE_AUCTION ? &hr->auction : &hr->travel_pays_go) = cJSON_IsTrue(v);
        return 0;
    }
    if (!json_is_int(v))
        return sb_fail(err, SB_EBADREQ, NULL, "house_rules.%s must be a whole number",
                       house_names[sw]);
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
        cJSON *v = house_value_json(hr, (enum house_switch)sw);
        char *text = v ? cJSON_PrintUnformatted(v) : NULL;
        const char *shown = text ? text : "";
        if (text && text[0] == '"') { /* a word without its quotes */
            shown = text + 1;
            text[strlen(text) - 1] = '\0';
        }
        int w = snprintf(buf + len, n - len, "%s%s: %s", count ? ", " : "", house_names[sw], shown);
        if (w > 0 && (size_t)w < n - len)
            len += (size_t)w;
        count++;
        cJSON_free(text);
        cJSON_Delete(v);
    }
    return count;
}
