/* board_edit.c -- the edits of a campaign's board document (PUT .../board/...): each
 * applied to a copy, checked whole with board_from_json(), then swapped in; and the
 * fields a correction changed. */
#include "board_edit.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "board_json.h"
#include "json.h"

/* The item of the array doc[list] whose "id" is id, its position in *index; NULL if none.
 * This function can't fail. */
static cJSON *bj_find_item(const cJSON *doc, const char *list, const char *id, int *index)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(doc, list);
    cJSON *it;
    int i = 0;
    cJSON_ArrayForEach(it, arr)
    {
        const cJSON *iid = cJSON_GetObjectItemCaseSensitive(it, "id");
        if (cJSON_IsString(iid) && iid->valuestring && strcmp(iid->valuestring, id) == 0) {
            *index = i;
            return it;
        }
        i++;
    }
    return NULL;
}

/* Tag the fields edited[0..nedited) of obj "group" in its "sources" (created from its old
 * "source" for every field of fields[] when missing), and obj itself when whole is set. */
static int bj_mark_group(cJSON *obj, const char *const *fields, int nfields,
                         const char *const *edited, int nedited, bool whole, struct sb_error *err)
{
    const cJSON *src = cJSON_GetObjectItemCaseSensitive(obj, "source");
    cJSON *srcs = cJSON_GetObjectItemCaseSensitive(obj, "sources");
    const char *old = cJSON_IsString(src) && src->valuestring ? src->valuestring : "placeholder";
    int rc = 0;

    if (!cJSON_IsObject(srcs)) {
        srcs = cJSON_CreateObject();
        for (int i = 0; rc == 0 && i < nfields; i++)
            rc = srcs && json_set(srcs, fields[i], cJSON_CreateString(old)) ? 0 : sb_oom(err);
        if (rc != 0) {
            cJSON_Delete(srcs);
            return rc;
        }
        rc = json_set(obj, "sources", srcs) ? 0 : sb_oom(err);
    }
    for (int i = 0; rc == 0 && i < nedited; i++)
        rc = json_set(srcs, edited[i], cJSON_CreateString("group")) ? 0 : sb_oom(err);
    if (rc == 0 && whole)
        rc = json_set(obj, "source", cJSON_CreateString("group")) ? 0 : sb_oom(err);
    return rc;
}

/* One edit of a PUT: set obj[key] to val as json_set() does and note key in
 * edited[(*nedited)++]. Returns 0 or SB_ENOMEM. */
static int bj_edit(cJSON *obj, const char *key, cJSON *val, const char **edited, int *nedited,
                   struct sb_error *err)
{
    edited[(*nedited)++] = key;
    return json_set(obj, key, val) ? 0 : sb_oom(err);
}

/* The text edits of a PUT: bj_edit() of obj[keys[i]] to texts[i] for each of the n
 * texts the body gave (not NULL). Returns 0 or SB_ENOMEM. */
static int bj_edit_texts(cJSON *obj, const char *const *keys, const char *const *texts, int n,
                         const char **edited, int *nedited, struct sb_error *err)
{
    int rc = 0;
    for (int i = 0; rc == 0 && i < n; i++)
        if (texts[i])
            rc = bj_edit(obj, keys[i], cJSON_CreateString(texts[i]), edited, nedited, err);
    return rc;
}

/* The end of a PUT's edits on obj: SB_EINVALID "nothing to change: give any of which"
 * when there were none, else the edited fields and obj tagged "group" (bj_mark_group). */
static int bj_edited(cJSON *obj, const char *const *fields, int nfields, const char *const *edited,
                     int nedited, const char *which, struct sb_error *err)
{
    if (nedited == 0)
        return sb_fail(err, SB_EINVALID, NULL, "nothing to change: give any of %s", which);
    return bj_mark_group(obj, fields, nfields, edited, nedited, true, err);
}

/* Read body[key] as an effect object (copied into *out when present; NULL when absent).
 * Returns 0, SB_EBADREQ when it is not an object, or SB_ENOMEM. */
static int bj_body_effect(const cJSON *body, cJSON **out, struct sb_error *err)
{
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(body, "effect");
    *out = NULL;
    if (!e || cJSON_IsNull(e))
        return 0;
    if (!cJSON_IsObject(e))
        return sb_fail(err, SB_EBADREQ, NULL, "'effect' must be an object");
    *out = cJSON_Duplicate(e, true);
    return *out ? 0 : sb_oom(err);
}

/* Check the edited copy dup and, when it passes, swap its contents into doc (dup then holds
 * the old contents). Returns 0, SB_EINVALID or SB_ENOMEM. */
static int bj_commit(cJSON *doc, cJSON *dup, struct sb_error *err)
{
    struct board *b = malloc(sizeof(*b));
    cJSON *child;
    int rc;

    if (!b)
        return sb_oom(err);
    rc = board_from_json(dup, b, err);
    free(b);
    if (rc != 0)
        return rc;
    child = doc->child;
    doc->child = dup->child;
    dup->child = child;
    return 0;
}

/* Show a destination's new name on its space too (the space of dest in doc). */
static int bj_name_space(cJSON *doc, const cJSON *dest, const char *name, struct sb_error *err)
{
    static const char *const space_fields[] = {"index", "kind", "destination", "name"};
    static const char *const space_edited[] = {"name"};
    const cJSON *sp_index = cJSON_GetObjectItemCaseSensitive(dest, "space");
    cJSON *space = json_is_int(sp_index)
                       ? cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "spaces"),
                                            (int)sp_index->valuedouble)
                       : NULL;
    int rc = 0;
    if (cJSON_IsObject(space)) {
        rc = json_set(space, "name", cJSON_CreateString(name)) ? 0 : sb_oom(err);
        if (rc == 0)
            rc = bj_mark_group(space, space_fields, 4, space_edited, 1, false, err);
    }
    return rc;
}

/* The edits a destination PUT may make on obj (name, colour, price, fee, set_fee, goal),
 * every field read and checked before anything changes; a new name shows on its space. */
static int bj_apply_destination(cJSON *dup, cJSON *obj, const cJSON *body, struct sb_error *err)
{
    static const char *const fields[] = {"name",    "colour", "price", "fee",
                                         "set_fee", "goal",   "space"};
    static const char *const money[] = {"price", "fee", "set_fee"};
    const char *edited[6];
    const char *name = NULL, *colour = NULL, *goal = NULL;
    const cJSON *goal_item = cJSON_GetObjectItemCaseSensitive(body, "goal");
    int64_t amounts[3] = {0, 0, 0};
    bool present[3] = {false, false, false};
    int nedited = 0, rc;

    rc = json_get_string(body, "name", false, JSON_NAME_MAX_CHARS, false, &name, err);
    if (rc == 0)
        rc = json_get_string(body, "colour", false, BOARD_SLUG_MAX - 1, false, &colour, err);
    for (int i = 0; rc == 0 && i < 3; i++)
        rc = json_get_money(body, money[i], false, &amounts[i], &present[i], err);
    if (rc == 0 && goal_item && !cJSON_IsNull(goal_item))
        rc = json_get_string(body, "goal", false, BOARD_SLUG_MAX - 1, false, &goal, err);
    if (rc != 0)
        return rc;
    rc = bj_edit_texts(obj, fields, (const char *const[]){name, colour}, 2, edited, &nedited, err);
    for (int i = 0; rc == 0 && i < 3; i++)
        if (present[i])
            rc = bj_edit(obj, money[i], cJSON_CreateNumber((double)amounts[i]), edited, &nedited,
                         err);
    if (rc == 0 && goal_item)
        rc = bj_edit(obj, "goal", goal ? cJSON_CreateString(goal) : cJSON_CreateNull(), edited,
                     &nedited, err);
    if (rc != 0)
        return rc;
    rc = bj_edited(obj, fields, 7, edited, nedited, "name, colour, price, fee, set_fee, goal", err);
    if (rc == 0 && name)
        rc = bj_name_space(dup, obj, name, err);
    return rc;
}

/* The edits a card PUT may make on obj: text and effect, and for a Travel Journal card
 * (journal) also title and slots. */
static int bj_apply_card(cJSON *obj, const cJSON *body, bool journal, struct sb_error *err)
{
    static const char *const fields[] = {"text", "effect", "title", "slots"};
    const char *edited[4];
    const char *title = NULL, *text = NULL;
    cJSON *effect = NULL;
    int64_t slots = 0;
    bool has_slots = false;
    int nedited = 0, rc = 0;

    if (journal)
        rc = json_get_string(body, "title", false, JSON_NAME_MAX_CHARS, false, &title, err);
    if (rc == 0)
        rc = json_get_string(body, "text", false, JSON_TEXT_MAX_CHARS, false, &text, err);
    if (rc == 0 && journal)
        rc = json_get_int(body, "slots", false, 1, BOARD_MAX_SLOTS, &slots, &has_slots, err);
    if (rc == 0)
        rc = bj_body_effect(body, &effect, err);
    if (rc != 0)
        return rc;
    rc = bj_edit_texts(obj, (const char *const[]){"title", "text"},
                       (const char *const[]){title, text}, 2, edited, &nedited, err);
    if (rc == 0 && has_slots)
        rc = bj_edit(obj, "slots", cJSON_CreateNumber((double)slots), edited, &nedited, err);
    if (effect && rc == 0)
        rc = bj_edit(obj, "effect", effect, edited, &nedited, err);
    else
        cJSON_Delete(effect);
    if (rc != 0)
        return rc;
    return bj_edited(obj, fields, journal ? 4 : 2, edited, nedited,
                     journal ? "title, text, slots, effect" : "text, effect", err);
}

/* The edits a Travel Journal PUT may make (title, text, slots, effect) on obj. */
static int bj_apply_journal(cJSON *dup, cJSON *obj, const cJSON *body, struct sb_error *err)
{
    (void)dup;
    return bj_apply_card(obj, body, true, err);
}

/* The edits a Chance PUT may make (text, effect) on obj. */
static int bj_apply_chance(cJSON *dup, cJSON *obj, const cJSON *body, struct sb_error *err)
{
    (void)dup;
    return bj_apply_card(obj, body, false, err);
}

/* The edits a space PUT may make (kind, name, amount) on obj, the space at index in dup.
 * A destination space keeps its kind (it changes with its destination) and shares its
 * name with its destination; a space that stops being a tax loses its amount. */
static int bj_apply_space(cJSON *dup, cJSON *obj, const cJSON *body, struct sb_error *err)
{
    static const char *const fields[] = {"index", "kind", "id", "destination", "name", "amount"};
    const char *edited[3];
    const char *kind = NULL, *name = NULL;
    const cJSON *old_kind = cJSON_GetObjectItemCaseSensitive(obj, "kind");
    const char *was = cJSON_IsString(old_kind) ? old_kind->valuestring : "";
    int64_t amount = 0;
    bool has_amount = false;
    int nedited = 0;
    int rc = json_get_string(body, "kind", false, 16, false, &kind, err);
    if (rc == 0)
        rc = json_get_string(body, "name", false, JSON_NAME_MAX_CHARS, false, &name, err);
    if (rc == 0)
        rc = json_get_money(body, "amount", false, &amount, &has_amount, err);
    if (rc != 0)
        return rc;
    if (kind && board_space_kind_of(kind) < 0)
        return sb_fail(err, SB_EINVALID, NULL,
                       "'kind' must be one of go, destination, chance, journal, flight_local, "
                       "flight_long, tax, jail, free_parking, go_to_jail");
    if (kind && strcmp(kind, was) != 0 &&
        (strcmp(kind, "destination") == 0 || strcmp(was, "destination") == 0))
        return sb_fail(err, SB_EINVALID, NULL,
                       "a destination space keeps its kind: correct its destination instead");
    if (kind) {
        rc = bj_edit(obj, "kind", cJSON_CreateString(kind), edited, &nedited, err);
        if (strcmp(kind, "tax") != 0)
            cJSON_DeleteItemFromObjectCaseSensitive(obj, "amount");
    }
    if (rc == 0 && name)
        rc = bj_edit(obj, "name", cJSON_CreateString(name), edited, &nedited, err);
    if (rc == 0 && has_amount)
        rc = bj_edit(obj, "amount", cJSON_CreateNumber((double)amount), edited, &nedited, err);
    if (rc != 0)
        return rc;
    rc = bj_edited(obj, fields, 6, edited, nedited, "kind, name, amount", err);
    if (rc == 0 && name && strcmp(was, "destination") == 0) {
        /* The destination shows the same name as its space. */
        const cJSON *did = cJSON_GetObjectItemCaseSensitive(obj, "destination");
        int index = -1;
        cJSON *dest = cJSON_IsString(did)
                          ? bj_find_item(dup, "destinations", did->valuestring, &index)
                          : NULL;
        static const char *const dest_fields[] = {"name"};
        if (dest)
            rc = json_set(dest, "name", cJSON_CreateString(name)) ? 0 : sb_oom(err);
        if (rc == 0 && dest)
            rc = bj_mark_group(dest, dest_fields, 1, dest_fields, 1, false, err);
    }
    return rc;
}

/* Mark obj checked: its "source" and every field of its "sources" become "group". */
static int bj_mark_checked(cJSON *obj, struct sb_error *err)
{
    cJSON *srcs = cJSON_GetObjectItemCaseSensitive(obj, "sources");
    cJSON *it;
    int rc = json_set(obj, "source", cJSON_CreateString("group")) ? 0 : sb_oom(err);
    if (!cJSON_IsObject(srcs))
        return rc;
    cJSON_ArrayForEach(it, srcs)
    {
        /* In place: replacing the item would free the iterator under the loop. */
        if (rc == 0 && cJSON_IsString(it) && !cJSON_SetValuestring(it, "group"))
            rc = sb_oom(err);
    }
    return rc;
}

/* Read body's "checked" (true, or absent) into *checked, and whether body names anything
 * else into *edits. Returns 0, SB_EBADREQ for a non-boolean, SB_EINVALID for false. */
static int bj_body_checked(const cJSON *body, bool *checked, bool *edits, struct sb_error *err)
{
    const cJSON *it;
    bool present = false;
    int rc = json_get_bool(body, "checked", false, checked, &present, err);
    if (rc != 0)
        return rc;
    if (present && !*checked)
        return sb_fail(err, SB_EINVALID, NULL,
                       "'checked' can only be true: a fact checked against the box stays checked");
    *edits = false;
    cJSON_ArrayForEach(it, body)
    {
        if (!it->string || strcmp(it->string, "checked") != 0)
            *edits = true;
    }
    return 0;
}

/* What a PUT of each kind of fact takes, besides "checked" (API.md "Routes"). */
static const char *const bj_put_dest[] = {"name",    "colour", "price", "fee",
                                          "set_fee", "goal",   NULL};
static const char *const bj_put_journal[] = {"title", "text", "slots", "effect", NULL};
static const char *const bj_put_chance[] = {"text", "effect", NULL};
static const char *const bj_put_space[] = {"kind", "name", "amount", NULL};

/* Refuse (SB_EINVALID) a field of body that a PUT of what does not take (takes, NULL-ended,
 * and "checked"): the whole PUT, not just that field, so nothing changes. */
static int bj_body_known(const cJSON *body, const char *const *takes, const char *what,
                         struct sb_error *err)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, body)
    {
        bool known = it->string && strcmp(it->string, "checked") == 0;
        for (int i = 0; !known && it->string && takes[i]; i++)
            known = strcmp(it->string, takes[i]) == 0;
        if (!known)
            return sb_fail(err, SB_EINVALID, NULL, "a %s takes no field '%.64s'", what,
                           it->string ? it->string : "");
    }
    return 0;
}

/* The common PUT: apply body to the item at index of doc[list] in a copy of the document
 * ("checked": true marks it), check the whole copy, and only then swap it into doc. A
 * field that a PUT of what does not take (takes) refuses it all. */
static int bj_put(cJSON *doc, const char *list, int index, const cJSON *body,
                  const char *const *takes, const char *what,
                  int (*apply)(cJSON *dup, cJSON *obj, const cJSON *body, struct sb_error *err),
                  cJSON **item, struct sb_error *err)
{
    cJSON *dup = NULL, *obj;
    bool checked = false, edits = true;
    int rc;

    if (!cJSON_IsObject(body))
        return sb_fail(err, SB_EBADREQ, NULL, "the body must be a JSON object");
    rc = bj_body_known(body, takes, what, err);
    if (rc == 0)
        rc = bj_body_checked(body, &checked, &edits, err);
    if (rc != 0)
        return rc;
    dup = cJSON_Duplicate(doc, true);
    if (!dup)
        return sb_oom(err);
    obj = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(dup, list), index);
    if (edits || !checked)
        rc = apply(dup, obj, body, err);
    if (rc == 0 && checked)
        rc = bj_mark_checked(obj, err);
    if (rc == 0)
        rc = bj_commit(doc, dup, err);
    if (rc == 0)
        *item = obj; /* now in doc's tree */
    cJSON_Delete(dup);
    return rc;
}

/* bj_put() on the item of doc[list] whose id is id; SB_ENOTFOUND when none. */
static int bj_put_id(cJSON *doc, const char *list, const char *what, const char *id,
                     const cJSON *body, const char *const *takes,
                     int (*apply)(cJSON *dup, cJSON *obj, const cJSON *body, struct sb_error *err),
                     cJSON **item, struct sb_error *err)
{
    int index = -1;
    if (!cJSON_IsObject(doc))
        return sb_fail(err, SB_EINVALID, NULL, "the board must be a JSON object");
    if (!id || !bj_find_item(doc, list, id, &index))
        return sb_fail(err, SB_ENOTFOUND, NULL, "unknown %s '%s'", what, id ? id : "");
    return bj_put(doc, list, index, body, takes, what, apply, item, err);
}

int board_put_space(cJSON *doc, int index, const cJSON *body, cJSON **item, struct sb_error *err)
{
    if (!cJSON_IsObject(doc))
        return sb_fail(err, SB_EINVALID, NULL, "the board must be a JSON object");
    if (index < 0 || index >= BOARD_SPACES ||
        !cJSON_IsObject(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "spaces"), index)))
        return sb_fail(err, SB_ENOTFOUND, NULL, "no space %d: spaces are 0 to %d", index,
                       BOARD_SPACES - 1);
    return bj_put(doc, "spaces", index, body, bj_put_space, "space", bj_apply_space, item, err);
}

int board_put_destination(cJSON *doc, const char *did, const cJSON *body, cJSON **item,
                          struct sb_error *err)
{
    return bj_put_id(doc, "destinations", "destination", did, body, bj_put_dest,
                     bj_apply_destination, item, err);
}

int board_put_journal(cJSON *doc, const char *card, const cJSON *body, cJSON **item,
                      struct sb_error *err)
{
    return bj_put_id(doc, "journal", "Travel Journal card", card, body, bj_put_journal,
                     bj_apply_journal, item, err);
}

int board_put_chance(cJSON *doc, const char *card, const cJSON *body, cJSON **item,
                     struct sb_error *err)
{
    return bj_put_id(doc, "chance", "Chance card", card, body, bj_put_chance, bj_apply_chance, item,
                     err);
}

/* The fields of each kind of fact a correction may change (API.md "Correcting the box"). */
static const char *const bj_fix_dest[] = {"name",    "colour", "price", "fee",
                                          "set_fee", "goal",   NULL};
static const char *const bj_fix_chance[] = {"text", "effect", NULL};
static const char *const bj_fix_journal[] = {"title", "text", "slots", "effect", NULL};

int board_changes(const cJSON *old, const cJSON *now, const char *what, cJSON **fields,
                  cJSON **before, struct sb_error *err)
{
    const char *const *keys = strcmp(what, "destination") == 0 ? bj_fix_dest
                              : strcmp(what, "chance") == 0    ? bj_fix_chance
                              : strcmp(what, "journal") == 0   ? bj_fix_journal
                                                               : NULL;
    cJSON *f = cJSON_CreateObject(), *bf = cJSON_CreateObject();
    const cJSON *c = now ? now->child : NULL;
    int rc = f && bf ? 0 : sb_oom(err);
    /* another kind's fact (a deed...): every field of it but its sources */
    for (int i = 0; rc == 0 && (keys ? keys[i] != NULL : c != NULL); i++) {
        const char *key = keys ? keys[i] : c->string;
        const cJSON *a = cJSON_GetObjectItemCaseSensitive(old, key);
        const cJSON *b = cJSON_GetObjectItemCaseSensitive(now, key);
        if (!keys)
            c = c->next;
        if (!b || (a && cJSON_Compare(a, b, true)) || strcmp(key, "source") == 0 ||
            strcmp(key, "sources") == 0)
            continue;
        rc = json_set(f, key, cJSON_Duplicate(b, true)) ? 0 : sb_oom(err);
        if (rc == 0)
            rc = (json_set(bf, key, a ? cJSON_Duplicate(a, true) : cJSON_CreateNull())
                      ? 0
                      : sb_oom(err));
    }
    if (rc != 0) {
        cJSON_Delete(f);
        cJSON_Delete(bf);
        return rc;
    }
    *fields = f;
    *before = bf;
    return 0;
}
