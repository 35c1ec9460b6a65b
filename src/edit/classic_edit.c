/* classic_edit.c -- corrections of a classic or Wonders box (classic_edit.h). */
#include "classic_edit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classic_json.h"
#include "json.h"

/* The list and the fields of each kind of fact a correction may change. */
static const struct ce_part {
    const char *what, *list;
    const char *const fields[8];
} ce_parts[] = {
    {"deed",
     "deeds",
     {"name", "group", "price", "mortgage", "house", "rents", "multipliers", NULL}},
    {"chance", "chance", {"text", "effect", NULL}},
    {"community", "community", {"text", "effect", NULL}},
    {"space", "spaces", {"name", "kind", "amount", NULL}},
};

/* The index in list of the fact id names (a deed by its space, a card by its id, a
 * space by its index), or -1. */
static int ce_find(const cJSON *list, const char *what, const char *id)
{
    const cJSON *it;
    int i = 0;
    cJSON_ArrayForEach(it, list)
    {
        const char *key = strcmp(what, "deed") == 0    ? "space"
                          : strcmp(what, "space") == 0 ? "index"
                                                       : "id";
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(it, key);
        char buf[16];
        const char *s = cJSON_IsString(v) ? v->valuestring : NULL;
        if (json_is_int(v)) {
            snprintf(buf, sizeof(buf), "%lld", (long long)v->valuedouble);
            s = buf;
        }
        if (s && strcmp(s, id) == 0)
            return i;
        i++;
    }
    return -1;
}

/* Apply body's fields to obj (a copy's), each one a fact of part. */
static int ce_apply(const struct ce_part *part, cJSON *obj, const cJSON *body, bool *edits,
                    struct sb_error *err)
{
    const cJSON *it;
    *edits = false;
    cJSON_ArrayForEach(it, body)
    {
        bool known = strcmp(it->string, "checked") == 0;
        for (int i = 0; !known && part->fields[i]; i++)
            known = strcmp(it->string, part->fields[i]) == 0;
        if (!known)
            return sb_fail(err, SB_EINVALID, NULL, "a %s has no field '%.64s' to correct",
                           part->what, it->string);
        if (strcmp(it->string, "checked") == 0) {
            if (!cJSON_IsBool(it))
                return sb_fail(err, SB_EBADREQ, NULL, "'checked' must be a boolean");
            if (!cJSON_IsTrue(it))
                return sb_fail(
                    err, SB_EINVALID, NULL,
                    "'checked' can only be true: a fact checked against the box stays checked");
            continue;
        }
        if (!json_set(obj, it->string, cJSON_Duplicate(it, true)))
            return sb_oom(err);
        *edits = true;
    }
    return 0;
}

int classic_box_put(cJSON *doc, const char *what, const char *id, const cJSON *body, cJSON **item,
                    struct sb_error *err)
{
    const struct ce_part *part = NULL;
    struct classic_board *b;
    cJSON *dup, *obj, *list;
    bool edits = false;
    int index, rc;
    for (size_t i = 0; i < sizeof(ce_parts) / sizeof(ce_parts[0]); i++)
        if (strcmp(ce_parts[i].what, what) == 0)
            part = &ce_parts[i];
    if (!cJSON_IsObject(body))
        return sb_fail(err, SB_EBADREQ, NULL, "the body must be a JSON object");
    index = part && id ? ce_find(cJSON_GetObjectItemCaseSensitive(doc, part->list), what, id) : -1;
    if (index < 0)
        return sb_fail(err, SB_ENOTFOUND, NULL, "this box has no %s '%s'", what, id ? id : "");
    if (!(dup = cJSON_Duplicate(doc, true)) || !(b = malloc(sizeof(*b)))) {
        cJSON_Delete(dup);
        return sb_oom(err);
    }
    obj = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(dup, part->list), index);
    rc = ce_apply(part, obj, body, &edits, err);
    if (rc == 0 && !json_set(obj, "source", cJSON_CreateString("group")))
        rc = sb_oom(err);
    if (rc == 0)
        rc = classic_board_from_json(dup, b, err);
    free(b);
    if (rc != 0) {
        cJSON_Delete(dup);
        return rc;
    }
    /* Swap the checked copy's list in (a check alone marks the fact too): doc's other
     * members stay as they are. */
    (void)edits;
    list = cJSON_DetachItemFromObjectCaseSensitive(dup, part->list);
    cJSON_ReplaceItemInObjectCaseSensitive(doc, part->list, list);
    *item = cJSON_GetArrayItem(list, index);
    cJSON_Delete(dup);
    return 0;
}
