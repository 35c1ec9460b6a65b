/* recap.c -- what a campaign shows a group coming back ("Last time…") and the night
 * card of a finished game (memory.h; API.md "Recap and night summary"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "editions.h"
#include "game_state.h"
#include "json.h"
#include "memory.h"
#include "store_memory.h"
#include "summary_svg.h"

#define RECAP_MEMORIES 3

/* Parse a JSON text of the store and free it. */
static int recap_parse(struct game_req *r, char *text, cJSON **out)
{
    *out = cJSON_Parse(text);
    free(text);
    return *out ? 0 : sb_fail(r->err, SB_EIO, NULL, "stored JSON is damaged");
}

/* Fill obj's "state" (the store's NULL: a snapshot left to the engine) with the state
 * of game gid replayed. */
static int recap_fill_state(struct game_req *r, cJSON *obj, int64_t gid)
{
    char *text = NULL;
    int64_t version = 0;
    cJSON *state = NULL;
    int rc;
    if (!cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(obj, "state")))
        return 0;
    rc = game_state_fill(r, gid, &text, &version);
    if (rc == 0)
        rc = recap_parse(r, text, &state);
    if (rc == 0 && !json_set(obj, "state", state))
        rc = sb_oom(r->err);
    return rc;
}

/* The game id obj names as key (0 when none). */
static int64_t recap_id(const cJSON *obj, const char *key)
{
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsNumber(id) ? (int64_t)id->valuedouble : 0;
}

/* The name of player pid in a game state, or NULL. */
static const char *recap_player_name(const cJSON *state, int64_t pid)
{
    const cJSON *p;
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(state, "players"))
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(p, "id");
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(p, "name");
        if (cJSON_IsNumber(id) && (int64_t)id->valuedouble == pid && cJSON_IsString(name))
            return name->valuestring;
    }
    return NULL;
}

/* [{"destination","player":{"id","name"}}]: the board stamps of a game state. */
static cJSON *recap_board_stamps(const cJSON *state)
{
    cJSON *list = cJSON_CreateArray();
    const cJSON *d;
    cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(state, "destinations"))
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(d, "id");
        const cJSON *by = cJSON_GetObjectItemCaseSensitive(d, "stamped_by");
        const char *name;
        cJSON *o, *who;
        if (!list || !cJSON_IsString(id) || !cJSON_IsNumber(by))
            continue;
        name = recap_player_name(state, (int64_t)by->valuedouble);
        if (!(o = cJSON_CreateObject()) || !cJSON_AddItemToArray(list, o) ||
            !cJSON_AddStringToObject(o, "destination", id->valuestring) ||
            !(who = cJSON_AddObjectToObject(o, "player")) ||
            !json_add_int(who, "id", (int64_t)by->valuedouble) ||
            !json_add(who, "name", name ? cJSON_CreateString(name) : cJSON_CreateNull())) {
            cJSON_Delete(list);
            return NULL;
        }
    }
    return list;
}

int memory_recap(struct game_req *r, char **answer)
{
    char *text = NULL;
    cJSON *doc = NULL, *memories = NULL, *last;
    int rc = store_begin_read(*r->store, r->err);
    if (rc != 0)
        return rc;
    rc = store_recap_json(*r->store, r->campaign->id, &text, r->err);
    if (rc == 0)
        rc = recap_parse(r, text, &doc);
    last = rc == 0 ? cJSON_GetObjectItemCaseSensitive(doc, "last_game") : NULL;
    if (cJSON_IsObject(last))
        rc = recap_fill_state(r, last, recap_id(last, "id"));
    if (rc == 0)
        rc =
            store_memories_json(*r->store, r->campaign->id, NULL, 0, RECAP_MEMORIES, &text, r->err);
    if (rc == 0)
        rc = recap_parse(r, text, &memories);
    store_rollback(*r->store);
    if (rc == 0 && !json_set(doc, "memories", memories))
        rc = sb_oom(r->err);
    else if (rc != 0)
        cJSON_Delete(memories);
    last = cJSON_GetObjectItemCaseSensitive(doc, "last_game");
    if (rc == 0 && cJSON_IsObject(last)) {
        cJSON *state = cJSON_DetachItemFromObjectCaseSensitive(last, "state");
        if (!json_set(last, "stamps", recap_board_stamps(state)))
            rc = sb_oom(r->err);
        cJSON_Delete(state);
    }
    if (rc == 0 && !(*answer = cJSON_PrintUnformatted(doc)))
        rc = sb_oom(r->err);
    cJSON_Delete(doc);
    return rc;
}

/* ---- the night card ---- */

static const char *recap_string(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* Fill the card's players and journal stamps from the summary document. */
static void recap_card_rows(const cJSON *doc, struct summary_card *c)
{
    const cJSON *state = cJSON_GetObjectItemCaseSensitive(doc, "state"), *p, *s;
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(state, "players"))
    {
        const cJSON *cash = cJSON_GetObjectItemCaseSensitive(p, "cash");
        struct summary_player *sp;
        if (c->nplayers == SUMMARY_MAX_PLAYERS)
            break;
        sp = &c->players[c->nplayers++];
        sp->name = recap_string(p, "name");
        sp->stamps = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(p, "stamped"));
        sp->cash = cJSON_IsNumber(cash) ? (int64_t)cash->valuedouble : -1;
    }
    cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(doc, "journal_stamps"))
    {
        struct summary_stamp *st;
        if (c->njournal == SUMMARY_MAX_JOURNAL)
            break;
        st = &c->journal[c->njournal++];
        st->card = recap_string(s, "title") ? recap_string(s, "title") : recap_string(s, "card");
        st->player = recap_string(cJSON_GetObjectItemCaseSensitive(s, "player"), "name");
    }
}

/* Give the card game gid's first photo (*photo: its bytes, malloc'd, the caller frees;
 * type: its Content-Type, which the card points to); none is no failure. */
static int recap_card_photo(struct game_req *r, int64_t gid, struct summary_card *c,
                            char type[STORE_PHOTO_TYPE_MAX], void **photo)
{
    struct sb_error none = {0};
    size_t n = 0;
    int rc = store_summary_photo(*r->store, r->campaign->id, gid, type, photo, &n, &none);
    if (rc == SB_ENOTFOUND)
        return 0;
    if (rc != 0) {
        *r->err = none;
        return rc;
    }
    c->photo_type = type;
    c->photo = *photo;
    c->photo_len = n;
    return 0;
}

int memory_summary_svg(struct game_req *r, const struct editions *editions, int64_t gid,
                       const char *lang, char **svg, size_t *len)
{
    struct summary_card c;
    char *text = NULL, type[STORE_PHOTO_TYPE_MAX];
    void *photo = NULL;
    cJSON *doc = NULL;
    const cJSON *winner, *paid, *edition;
    int rc;
    if (lang && !summary_lang_known(lang))
        return sb_fail(r->err, SB_EINVALID, NULL, "lang must be en, fr or ro");
    rc = store_summary_json(*r->store, r->campaign->id, gid, &text, r->err);
    if (rc == 0)
        rc = recap_parse(r, text, &doc);
    if (rc == 0)
        rc = recap_fill_state(r, doc, gid);
    if (rc != 0) {
        cJSON_Delete(doc);
        return rc;
    }
    if (!recap_string(doc, "status") || strcmp(recap_string(doc, "status"), "finished") != 0) {
        cJSON_Delete(doc);
        return sb_fail(r->err, SB_ECONFLICT, NULL, "game %lld is not finished: no night card yet",
                       (long long)gid);
    }
    memset(&c, 0, sizeof(c));
    c.lang = lang ? lang : "en";
    edition =
        editions_find(editions, recap_string(doc, "edition") ? recap_string(doc, "edition") : "");
    c.edition = recap_string(edition, "name") ? recap_string(edition, "name")
                                              : recap_string(doc, "edition");
    c.number = (int64_t)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(doc, "number"));
    c.date = recap_string(doc, "played_at");
    winner = cJSON_GetObjectItemCaseSensitive(doc, "winner");
    if (cJSON_IsNumber(winner))
        c.winner = recap_player_name(cJSON_GetObjectItemCaseSensitive(doc, "state"),
                                     (int64_t)winner->valuedouble);
    paid = cJSON_GetObjectItemCaseSensitive(doc, "paid_out");
    c.paid_out = cJSON_IsNumber(paid) ? (int64_t)paid->valuedouble : 0;
    c.memory = recap_string(doc, "memory");
    recap_card_rows(doc, &c);
    rc = recap_card_photo(r, gid, &c, type, &photo);
    if (rc == 0)
        rc = summary_svg(&c, svg, len, r->err);
    free(photo);
    cJSON_Delete(doc);
    return rc;
}
