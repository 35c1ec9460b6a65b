/* memory.c -- memories of stamps, events and games and their photos (memory.h). */
#include "memory.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base64.h"
#include "game_state.h"
#include "image.h"
#include "json.h"
#include "store_memory.h"

/* ---- what a memory names ---- */

/* Does the state of game gid show destination did stamped? */
static int memory_board_stamp(struct game_req *r, int64_t gid, const char *did)
{
    char *text = NULL;
    int64_t version = 0;
    cJSON *state = NULL;
    const cJSON *d;
    bool stamped = false;
    int rc = store_game_state(*r->store, r->campaign->id, gid, &text, &version, r->err);
    if (rc == 0)
        rc = game_state_fill(r, gid, &text, &version);
    if (rc == 0 && !(state = cJSON_Parse(text)))
        rc = sb_fail(r->err, SB_EIO, NULL, "stored JSON is damaged");
    free(text);
    cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(state, "destinations"))
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(d, "id");
        const cJSON *by = cJSON_GetObjectItemCaseSensitive(d, "stamped_by");
        if (cJSON_IsString(id) && strcmp(id->valuestring, did) == 0 && cJSON_IsNumber(by))
            stamped = true;
    }
    cJSON_Delete(state);
    if (rc == 0 && !stamped)
        rc = sb_fail(r->err, SB_EINVALID, NULL,
                     "destination: '%s' is not a board stamp of game %lld", did, (long long)gid);
    return rc;
}

/* Read the fields of body into m (its strings borrowed from body); *has_slot and *slot
 * say whether it named a slot. */
static int memory_fields(struct game_req *r, const cJSON *body, struct store_memory *m,
                         bool *has_slot, int64_t *slot)
{
    static const char *const fields[] = {"game", "text", "card", "slot", "destination", "seq"};
    const char *bad = json_unknown_key(body, fields, sizeof(fields) / sizeof(fields[0]));
    int rc;
    if (bad)
        return sb_fail(r->err, SB_EINVALID, NULL, "a memory takes no field '%s'", bad);
    rc = json_get_int(body, "game", true, 1, JSON_INT_MAX, &m->game, NULL, r->err);
    if (rc == 0)
        rc = json_get_string(body, "text", true, MEMORY_TEXT_MAX, false, &m->text, r->err);
    if (rc == 0)
        rc = json_get_string(body, "card", false, 64, false, &m->card, r->err);
    if (rc == 0)
        rc = json_get_int(body, "slot", false, 0, 64, slot, has_slot, r->err);
    if (rc == 0)
        rc = json_get_string(body, "destination", false, 64, false, &m->destination, r->err);
    if (rc == 0)
        rc = json_get_int(body, "seq", false, 1, JSON_INT_MAX, &m->seq, NULL, r->err);
    if (rc == 0 && *has_slot && !m->card)
        rc = sb_fail(r->err, SB_EINVALID, NULL, "slot: a slot needs its card");
    if (rc == 0 && m->card && m->destination)
        rc = sb_fail(r->err, SB_EINVALID, NULL,
                     "a memory names at most one stamp: a card or a destination");
    return rc;
}

/* Read and check what body names into m: the game exists, at most one stamp, and that
 * stamp or event exists. */
static int memory_read(struct game_req *r, const cJSON *body, struct store_memory *m)
{
    struct store_game g;
    int64_t slot = -1;
    bool has_slot = false;
    int rc;

    memset(m, 0, sizeof(*m));
    m->campaign = r->campaign->id;
    m->slot = -1;
    rc = memory_fields(r, body, m, &has_slot, &slot);
    if (rc != 0)
        return rc;
    memset(&g, 0, sizeof(g));
    rc = store_game_get(*r->store, r->campaign->id, m->game, false, &g, r->err);
    store_game_clear(&g);
    if (rc == SB_ENOTFOUND)
        return sb_fail(r->err, SB_EINVALID, NULL, "game: no game %lld in this campaign",
                       (long long)m->game);
    if (rc == 0 && m->card) {
        int found = -1;
        rc = store_memory_find_stamp(*r->store, m->campaign, m->card, has_slot ? (int)slot : -1,
                                     m->game, &found, r->err);
        if (rc == SB_ENOTFOUND)
            return sb_fail(r->err, SB_EINVALID, NULL, "card: no stamp on '%s'%s", m->card,
                           has_slot ? " at that slot" : " made in that game");
        m->slot = found;
    }
    if (rc == 0 && m->destination)
        rc = memory_board_stamp(r, m->game, m->destination);
    if (rc == 0 && m->seq) {
        bool exists = false;
        rc = store_memory_event_exists(*r->store, m->game, m->seq, &exists, r->err);
        if (rc == 0 && !exists)
            rc = sb_fail(r->err, SB_EINVALID, NULL, "seq: game %lld has no event %lld",
                         (long long)m->game, (long long)m->seq);
    }
    return rc;
}

/* When rc is 0, *answer gets {"<key>": raw}; raw (JSON text, may be NULL) is freed.
 * Returns rc or the failure. */
static int memory_wrap(struct game_req *r, int rc, const char *key, char *raw, char **answer)
{
    if (rc == 0) {
        size_t len = strlen(key) + strlen(raw) + 8;
        if (!(*answer = malloc(len)))
            rc = sb_oom(r->err);
        else
            snprintf(*answer, len, "{\"%s\":%s}", key, raw);
    }
    free(raw);
    return rc;
}

int memory_post(struct game_req *r, const cJSON *body, char **answer)
{
    struct store_memory m;
    char *text = NULL;
    int64_t mid = 0;
    int rc = store_begin_write(*r->store, r->err);
    if (rc != 0)
        return rc;
    rc = memory_read(r, body, &m);
    if (rc == 0)
        rc = store_memory_add(*r->store, &m, &mid, r->err);
    if (rc == 0)
        rc = store_memory_json(*r->store, m.campaign, mid, &text, r->err);
    rc = rc == 0 ? store_commit(*r->store, r->err) : (store_rollback(*r->store), rc);
    return memory_wrap(r, rc, "memory", text, answer);
}

/* Read PATCH body's fields: *text and *card (NULL: not given), *slot (-1: not given). */
static int memory_patch_fields(struct game_req *r, const cJSON *body, const char **text,
                               const char **card, int64_t *slot)
{
    static const char *const fields[] = {"text", "card", "slot"};
    const char *bad = json_unknown_key(body, fields, sizeof(fields) / sizeof(fields[0]));
    bool has_slot = false;
    int rc;
    if (bad)
        return sb_fail(r->err, SB_EINVALID, NULL,
                       "a memory's change takes text, card and slot, not '%s'", bad);
    rc = json_get_string(body, "text", false, MEMORY_TEXT_MAX, false, text, r->err);
    if (rc == 0)
        rc = json_get_string(body, "card", false, 64, false, card, r->err);
    if (rc == 0)
        rc = json_get_int(body, "slot", false, 0, 64, slot, &has_slot, r->err);
    if (rc == 0 && has_slot && !*card)
        rc = sb_fail(r->err, SB_EINVALID, NULL, "slot: a slot needs its card");
    if (rc == 0 && !*text && !*card)
        rc = sb_fail(r->err, SB_EINVALID, NULL, "a memory's change names its text or a card");
    return rc;
}

/* SB_EPRECOND unless if_match (NULL: none) names memory mid's version, read inside the
 * caller's transaction; SB_ENOTFOUND for no memory mid. */
static int memory_check_version(struct game_req *r, int64_t mid, const char *if_match)
{
    int64_t version = 0;
    int rc = store_memory_version(*r->store, r->campaign->id, mid, &version, r->err);
    return rc == 0 ? game_check_etag(r->err, if_match, version, "memory") : rc;
}

int memory_patch(struct game_req *r, int64_t mid, const cJSON *body, const char *if_match,
                 char **answer, int64_t *version)
{
    const char *text = NULL, *card = NULL;
    char *json = NULL;
    int64_t slot = -1, gid = 0;
    int found = -1;
    int rc = memory_patch_fields(r, body, &text, &card, &slot);
    if (rc == 0)
        rc = store_begin_write(*r->store, r->err);
    if (rc != 0)
        return rc;
    rc = memory_check_version(r, mid, if_match);
    if (rc == 0)
        rc = store_memory_game(*r->store, r->campaign->id, mid, &gid, r->err);
    if (rc == 0 && card) {
        rc = store_memory_find_stamp(*r->store, r->campaign->id, card, (int)slot, gid, &found,
                                     r->err);
        if (rc == SB_ENOTFOUND)
            rc = sb_fail(r->err, SB_EINVALID, NULL, "card: no stamp on '%s'%s", card,
                         slot >= 0 ? " at that slot" : " made in the memory's game");
    }
    if (rc == 0)
        rc = store_memory_update(*r->store, r->campaign->id, mid, text, card, found, r->err);
    if (rc == 0)
        rc = store_memory_version(*r->store, r->campaign->id, mid, version, r->err);
    if (rc == 0)
        rc = store_memory_json(*r->store, r->campaign->id, mid, &json, r->err);
    rc = rc == 0 ? store_commit(*r->store, r->err) : (store_rollback(*r->store), rc);
    return memory_wrap(r, rc, "memory", json, answer);
}

/* ---- photos ---- */

/* Check a photo's bytes as memory_put_photo() says; *type gets its type. */
static int memory_check_photo(struct game_req *r, const char *content_type, const void *data,
                              size_t len, enum image_type *type)
{
    unsigned w = 0, h = 0;
    *type = image_type_of(content_type);
    if (*type == IMAGE_NONE)
        return sb_fail(r->err, SB_EMEDIA, NULL,
                       "a photo is sent as Content-Type image/jpeg, image/png or image/webp");
    if (len > MEMORY_PHOTO_MAX)
        return sb_fail(r->err, SB_ETOOBIG, NULL, "a photo is at most %zu bytes", MEMORY_PHOTO_MAX);
    return image_probe(*type, data, len, MEMORY_PHOTO_SIDE_MAX, &w, &h, r->err);
}

/* Store a checked photo on memory mid within the campaign's quota, inside the caller's
 * write transaction. */
static int memory_store_photo(struct game_req *r, int64_t mid, enum image_type type,
                              const void *data, size_t len)
{
    int64_t others = 0;
    int rc = store_memory_photo_bytes(*r->store, r->campaign->id, mid, &others, r->err);
    if (rc == 0 && others + (int64_t)len > MEMORY_QUOTA)
        rc = sb_fail(r->err, SB_EFULL, NULL,
                     "the campaign's photos would pass %lld bytes (it holds %lld)",
                     (long long)MEMORY_QUOTA, (long long)others);
    if (rc == 0)
        rc = store_memory_set_photo(*r->store, r->campaign->id, mid, image_type_name(type), data,
                                    len, r->err);
    return rc;
}

int memory_put_photo(struct game_req *r, int64_t mid, const char *content_type, const void *data,
                     size_t len)
{
    enum image_type type = IMAGE_NONE;
    int rc = memory_check_photo(r, content_type, data, len, &type);
    /* Decoded on the reader: the writer is taken only for the row's write. */
    if (rc == 0 && r->pool) {
        store_pool_put(r->pool, *r->store);
        *r->store = NULL;
        rc = store_pool_get_writer(r->pool, r->store, r->err);
    }
    if (rc == 0)
        rc = store_begin_write(*r->store, r->err);
    if (rc != 0)
        return rc;
    rc = memory_store_photo(r, mid, type, data, len);
    return rc == 0 ? store_commit(*r->store, r->err) : (store_rollback(*r->store), rc);
}

int memory_get_photo(struct game_req *r, int64_t mid, struct memory_photo *out)
{
    char type[STORE_PHOTO_TYPE_MAX];
    int64_t rev = 0;
    int rc;
    memset(out, 0, sizeof(*out));
    rc = store_memory_photo(*r->store, r->campaign->id, mid, type, &out->data, &out->len, &rev,
                            r->err);
    if (rc != 0)
        return rc;
    out->type = image_type_name(image_type_of(type));
    snprintf(out->etag, sizeof(out->etag), "\"m%lld-%lld\"", (long long)mid, (long long)rev);
    return 0;
}

int memory_delete(struct game_req *r, int64_t mid, const char *if_match)
{
    int rc = store_begin_write(*r->store, r->err);
    if (rc != 0)
        return rc;
    if (if_match)
        rc = memory_check_version(r, mid, if_match);
    if (rc == 0)
        rc = store_memory_delete(*r->store, r->campaign->id, mid, r->err);
    return rc == 0 ? store_commit(*r->store, r->err) : (store_rollback(*r->store), rc);
}

/* ---- reading them back ---- */

int memory_list(struct game_req *r, const char *card, int64_t gid, char **answer)
{
    char *list = NULL;
    int rc = store_memories_json(*r->store, r->campaign->id, card, gid, 0, &list, r->err);
    return memory_wrap(r, rc, "memories", list, answer);
}

int memory_payout_effects(struct game_req *r, cJSON *effects, bool player_owned)
{
    cJSON *e;
    cJSON_ArrayForEach(e, effects)
    {
        const cJSON *kind = cJSON_GetObjectItemCaseSensitive(e, "kind");
        const cJSON *card = cJSON_GetObjectItemCaseSensitive(e, "card");
        const cJSON *token = cJSON_GetObjectItemCaseSensitive(e, "token");
        const cJSON *player = cJSON_GetObjectItemCaseSensitive(e, "player");
        char *text = NULL;
        cJSON *list = NULL;
        int rc;
        if (!cJSON_IsString(kind) || strcmp(kind->valuestring, "journal_payout") != 0 ||
            !cJSON_IsString(card) || !cJSON_IsString(token) || !cJSON_IsNumber(player))
            continue;
        rc = store_memories_of_holder(*r->store, r->campaign->id, card->valuestring,
                                      player_owned ? NULL : token->valuestring,
                                      (int64_t)player->valuedouble, &text, r->err);
        if (rc == 0 && !(list = cJSON_Parse(text)))
            rc = sb_fail(r->err, SB_EIO, NULL, "stored JSON is damaged");
        free(text);
        if (rc == 0 && !json_set(e, "memories", list))
            rc = sb_oom(r->err);
        if (rc != 0)
            return rc;
    }
    return 0;
}

int memory_unstamp(struct game_req *r, int64_t gid, int64_t seq)
{
    return store_memory_unstamp(*r->store, gid, seq, r->err);
}

/* ---- export and import ---- */

/* m's "undone": {"card","slot"} or null; NULL when out of memory. */
static cJSON *memory_undone_json(const struct store_memory *m)
{
    cJSON *o;
    if (!m->undone_card)
        return cJSON_CreateNull();
    o = cJSON_CreateObject();
    if (o && (!cJSON_AddStringToObject(o, "card", m->undone_card) ||
              !json_add(o, "slot",
                        m->undone_slot >= 0 ? json_num(m->undone_slot) : cJSON_CreateNull()))) {
        cJSON_Delete(o);
        o = NULL;
    }
    return o;
}

/* One exported memory with its photo in base64. */
static int memory_export_one(void *ctx, const struct store_memory *m)
{
    struct game_req *r = ((void **)ctx)[0];
    cJSON *list = ((void **)ctx)[1], *o = cJSON_CreateObject(), *photo = NULL;
    char *b64 = NULL;
    int rc = 0;
    if (!o || !cJSON_AddItemToArray(list, o) || !json_add_int(o, "id", m->id) ||
        !json_add_int(o, "game", m->game) ||
        !json_add(o, "card", m->card ? cJSON_CreateString(m->card) : cJSON_CreateNull()) ||
        !json_add(o, "slot", m->card ? json_num(m->slot) : cJSON_CreateNull()) ||
        !json_add(o, "destination",
                  m->destination ? cJSON_CreateString(m->destination) : cJSON_CreateNull()) ||
        !json_add(o, "seq", m->seq ? json_num(m->seq) : cJSON_CreateNull()) ||
        !cJSON_AddStringToObject(o, "text", m->text ? m->text : "") ||
        !cJSON_AddStringToObject(o, "at", m->at ? m->at : "") ||
        !json_add(o, "undone", memory_undone_json(m)))
        return sb_oom(r->err);
    if (m->photo_type)
        rc = base64_encode(m->photo ? m->photo : "", m->photo_len, &b64, r->err);
    if (rc == 0 && m->photo_type &&
        (!(photo = cJSON_CreateObject()) ||
         !cJSON_AddStringToObject(photo, "type", m->photo_type) ||
         !cJSON_AddStringToObject(photo, "data", b64)))
        rc = sb_oom(r->err);
    free(b64);
    if (rc == 0 && !json_add(o, "photo", photo ? photo : cJSON_CreateNull()))
        rc = sb_oom(r->err);
    else if (rc != 0)
        cJSON_Delete(photo);
    return rc;
}

int memory_export(struct game_req *r, cJSON **out)
{
    cJSON *list = cJSON_CreateArray();
    void *ctx[2] = {r, list};
    int rc = list ? store_memories_each(*r->store, r->campaign->id, memory_export_one, ctx, r->err)
                  : sb_oom(r->err);
    if (rc != 0) {
        cJSON_Delete(list);
        return rc;
    }
    *out = list;
    return 0;
}

/* The body memory_read() takes, from an exported memory: its fields but game (gid). */
static cJSON *memory_import_body(const cJSON *item, int64_t gid)
{
    static const char *const fields[] = {"text", "card", "slot", "destination", "seq"};
    cJSON *body = cJSON_CreateObject();
    if (!body || !json_add_int(body, "game", gid)) {
        cJSON_Delete(body);
        return NULL;
    }
    for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(item, fields[i]);
        if (v && !cJSON_IsNull(v) && !json_add(body, fields[i], cJSON_Duplicate(v, true))) {
            cJSON_Delete(body);
            return NULL;
        }
    }
    return body;
}

/* Put the exported photo (null or {"type","data"}) on memory mid. */
static int memory_import_photo(struct game_req *r, int64_t mid, const cJSON *photo)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(photo, "type");
    const cJSON *data = cJSON_GetObjectItemCaseSensitive(photo, "data");
    unsigned char *bytes = NULL;
    enum image_type t = IMAGE_NONE;
    size_t n = 0;
    int rc;
    if (!photo || cJSON_IsNull(photo))
        return 0;
    if (!cJSON_IsString(type) || !cJSON_IsString(data))
        return sb_fail(r->err, SB_EINVALID, NULL, "import: a memory's photo needs type and data");
    rc = base64_decode(data->valuestring, strlen(data->valuestring), &bytes, &n, r->err);
    if (rc == 0)
        rc = memory_check_photo(r, type->valuestring, bytes, n, &t);
    if (rc == 0)
        rc = memory_store_photo(r, mid, t, bytes, n);
    free(bytes);
    return rc;
}

/* Read an exported memory's undone (absent or null: none; else {"card","slot"}) into m,
 * its card borrowed from undone. */
static int memory_import_undone(struct game_req *r, const cJSON *undone, struct store_memory *m)
{
    int64_t slot = -1;
    int rc;
    if (!undone || cJSON_IsNull(undone))
        return 0;
    if (!cJSON_IsObject(undone))
        return sb_fail(r->err, SB_EINVALID, NULL, "import: a memory's undone is {card, slot}");
    rc = json_get_string(undone, "card", true, 64, false, &m->undone_card, r->err);
    if (rc == 0)
        rc = json_get_int(undone, "slot", false, 0, 64, &slot, NULL, r->err);
    m->undone_slot = (int)slot;
    return rc;
}

int memory_import(struct game_req *r, const cJSON *item, int64_t gid, int64_t *mid)
{
    const cJSON *at = cJSON_GetObjectItemCaseSensitive(item, "at");
    struct store_memory m;
    cJSON *body = cJSON_IsObject(item) ? memory_import_body(item, gid) : NULL;
    int rc = body ? 0 : sb_fail(r->err, SB_EINVALID, NULL, "import: each memory is an object");
    if (rc == 0)
        rc = memory_read(r, body, &m);
    if (rc == 0 && cJSON_IsString(at) && at->valuestring[0])
        m.at = at->valuestring;
    if (rc == 0)
        rc = memory_import_undone(r, cJSON_GetObjectItemCaseSensitive(item, "undone"), &m);
    if (rc == 0)
        rc = store_memory_add(*r->store, &m, mid, r->err);
    if (rc == 0)
        rc = memory_import_photo(r, *mid, cJSON_GetObjectItemCaseSensitive(item, "photo"));
    cJSON_Delete(body);
    return rc;
}
