/* campaign_export.c -- a campaign as one document: its export (GET …/export) and the
 * import of such a document as a new campaign (POST /api/v1/campaigns/import). Its
 * plays for other apps (CSV, BoardGameGeek, BG Stats) are in api_plays.c. */
#include "campaign_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_json.h"
#include "game_state.h"
#include "house_json.h"
#include "import_json.h"
#include "json.h"
#include "memory.h"
#include "store_memory.h"
#include "state_json.h"
#include "tz.h"

#define EXPORT_FORMAT "stampbook-campaign"
#define EXPORT_VERSION 4 /* 3: memories and their photos; 4: every box of the group */

/* ---- export ---- */

int campaign_export(struct game_req *r, char **doc)
{
    char *campaign = NULL, *players = NULL, *games = NULL, *memories = NULL;
    cJSON *list = NULL;
    char now[STORE_TIME_MAX];
    int rc = store_begin_read(CAMPAIGN_DB(r), r->err);
    if (rc == 0) {
        rc = campaign_read_three(r, store_export_players_json, store_export_games_json, &campaign,
                                 &players, &games);
        if (rc == 0)
            rc = memory_export(r, &list);
        store_rollback(CAMPAIGN_DB(r));
    }
    store_now(now);
    if (rc == 0 && !(memories = cJSON_PrintUnformatted(list)))
        rc = sb_oom(r->err);
    /* Built from the store's JSON texts as they are: an export of a large campaign is
     * never parsed and printed again. games is {"board","boards","games"}. */
    if (rc == 0)
        rc = campaign_join(
            r, doc,
            "{\"format\":\"%s\",\"version\":%d,\"exported_at\":\"%s\",\"campaign\":%s,"
            "\"players\":%s,\"memories\":%s,%s",
            EXPORT_FORMAT, EXPORT_VERSION, now, campaign, players, memories, games + 1);
    free(campaign);
    free(players);
    free(games);
    free(memories);
    cJSON_Delete(list);
    return rc;
}

/* ---- import ---- */

/* The new id of each exported player id, sorted by the exported id. */
struct id_map {
    int n, cap;
    int64_t *from;
    int64_t *to;
};

static void id_map_free(struct id_map *m)
{
    free(m->from);
    free(m->to);
    *m = (struct id_map){0};
}

/* The index of from in m, or where it goes (*found false). */
static int id_map_find(const struct id_map *m, int64_t from, bool *found)
{
    int lo = 0, hi = m->n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (m->from[mid] < from)
            lo = mid + 1;
        else
            hi = mid;
    }
    *found = lo < m->n && m->from[lo] == from;
    return lo;
}

/* The new id of an exported player id, or 0. */
static int64_t id_map_get(const struct id_map *m, int64_t from)
{
    bool found;
    int i = id_map_find(m, from, &found);
    return found ? m->to[i] : 0;
}

/* Map from to to; SB_EINVALID when from is mapped already. */
static int id_map_put(struct game_req *r, struct id_map *m, int64_t from, int64_t to)
{
    bool found;
    int i = id_map_find(m, from, &found);
    if (found)
        return sb_fail(r->err, SB_EINVALID, NULL, "import: player %lld is listed twice",
                       (long long)from);
    if (m->n == m->cap) {
        int cap = m->cap ? m->cap * 2 : 64;
        int64_t *f = realloc(m->from, (size_t)cap * sizeof(*f)), *t;
        if (f)
            m->from = f;
        t = f ? realloc(m->to, (size_t)cap * sizeof(*t)) : NULL;
        if (!t)
            return sb_oom(r->err);
        m->to = t;
        m->cap = cap;
    }
    memmove(m->from + i + 1, m->from + i, (size_t)(m->n - i) * sizeof(*m->from));
    memmove(m->to + i + 1, m->to + i, (size_t)(m->n - i) * sizeof(*m->to));
    m->from[i] = from;
    m->to[i] = to;
    m->n++;
    return 0;
}

/* Replace the player id at obj[key] (when it is a number) by its new id. */
static int remap_field(struct game_req *r, const struct id_map *m, cJSON *obj, const char *key)
{
    cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    int64_t to;
    if (!cJSON_IsNumber(v))
        return 0;
    to = id_map_get(m, (int64_t)v->valuedouble);
    if (to == 0)
        return sb_fail(r->err, SB_EINVALID, NULL, "import: '%s' names unknown player %lld", key,
                       (long long)v->valuedouble);
    cJSON_SetNumberValue(v, (double)to);
    return 0;
}

/* Rewrite the player ids of an exported event payload to the new ids. */
static int remap_payload(struct game_req *r, const struct id_map *m, cJSON *payload)
{
    static const char *const fields[] = {"player", "a", "b", "winner"};
    cJSON *s;
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < sizeof(fields) / sizeof(fields[0]); i++)
        rc = remap_field(r, m, payload, fields[i]);
    cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(payload, "standings"))
    {
        if (rc == 0 && cJSON_IsObject(s))
            rc = remap_field(r, m, s, "player");
    }
    return rc;
}

/* Give player pid the created_at of exported player p, when it has one. */
static int import_player_created(struct game_req *r, const cJSON *p, int64_t pid)
{
    const cJSON *created = cJSON_GetObjectItemCaseSensitive(p, "created_at");
    struct store_import_times times = {0};
    times.player = pid;
    times.at = cJSON_IsString(created) ? created->valuestring : NULL;
    return store_import_times(CAMPAIGN_DB(r), &times, r->err);
}

/* Create the players of the document and fill the id map. */
static int import_players(struct game_req *r, int64_t cid, const cJSON *players, struct id_map *m)
{
    const cJSON *p;
    if (!cJSON_IsArray(players))
        return sb_fail(r->err, SB_EINVALID, NULL, "import: 'players' must be an array");
    cJSON_ArrayForEach(p, players)
    {
        int64_t from = 0, to = 0;
        const char *name = NULL;
        int rc = cJSON_IsObject(p)
                     ? 0
                     : sb_fail(r->err, SB_EINVALID, NULL, "import: each player must be an object");
        if (rc == 0)
            rc = json_get_int(p, "id", true, 1, JSON_INT_MAX, &from, NULL, r->err);
        if (rc == 0)
            rc = json_get_name((cJSON *)p, "name", true, &name, r->err);
        if (rc == 0 && id_map_get(m, from))
            rc = sb_fail(r->err, SB_EINVALID, NULL, "import: player %lld is listed twice",
                         (long long)from);
        if (rc == 0)
            rc = store_player_create(CAMPAIGN_DB(r), cid, name, &to, r->err);
        if (rc == 0)
            rc = import_player_created(r, p, to);
        if (rc == 0)
            rc = id_map_put(r, m, from, to);
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* The board object an exported item names: an index into the document's "boards"
 * (version 2) or the board itself (version 1). NULL when it names none. */
static const cJSON *import_board(const cJSON *doc, const cJSON *item)
{
    const cJSON *boards = cJSON_GetObjectItemCaseSensitive(doc, "boards");
    if (cJSON_IsObject(item))
        return item;
    if (!json_is_int(item) || !cJSON_IsArray(boards) || item->valuedouble < 0 ||
        item->valuedouble >= cJSON_GetArraySize(boards))
        return NULL;
    item = cJSON_GetArrayItem(boards, (int)item->valuedouble);
    return cJSON_IsObject(item) ? item : NULL;
}

/* Copy what a results-mode play recorded besides its seats (duration_min, location) from
 * an exported game into the body that creates it again; false when out of memory. */
static bool import_game_details(const cJSON *game, cJSON *body)
{
    const cJSON *duration = cJSON_GetObjectItemCaseSensitive(game, "duration_min");
    const cJSON *location = cJSON_GetObjectItemCaseSensitive(game, "location");
    if (cJSON_IsNumber(duration) &&
        !cJSON_AddNumberToObject(body, "duration_min", duration->valuedouble))
        return false;
    return !cJSON_IsString(location) ||
           cJSON_AddStringToObject(body, "location", location->valuestring);
}

/* True when house (a game's or a campaign's house rules in an export) are the readings
 * migration 0016 wrote for what came before house rules, with the rulebook's 1,500
 * whatever the box said (legacy: the game's; else the campaign's official readings).
 * This function can't fail. */
static bool import_house_hardcoded(const cJSON *house, bool legacy)
{
    struct house_rules then = legacy ? rules_house_legacy() : rules_house_official();
    cJSON *doc = house_rules_to_json(&then);
    bool same = doc && cJSON_Compare(house, doc, true);
    cJSON_Delete(doc);
    return same;
}

/* house (borrowed) as the import keeps it: a copy, its starting cash the box's (cash)
 * when it is the 1,500 a release before issue 41 wrote whatever the box said; NULL when
 * out of memory. */
static cJSON *import_house_cash(const cJSON *house, bool legacy, int cash)
{
    cJSON *copy = cJSON_Duplicate(house, true);
    if (copy && import_house_hardcoded(house, legacy) &&
        !cJSON_ReplaceItemInObjectCaseSensitive(copy, "starting_cash", cJSON_CreateNumber(cash))) {
        cJSON_Delete(copy);
        copy = NULL;
    }
    return copy;
}

/* The house rules of an exported game in body (its kind's import_house() put them there)
 * with the starting cash of its box (board) when they are the readings of before house
 * rules with 1,500: for a game exported before house rules existed, or one migration 0016
 * named so whatever its box said, which was played with its box's (issue 41). False when
 * out of memory. */
static bool import_house_money(cJSON *body, const cJSON *board)
{
    cJSON *house = cJSON_GetObjectItemCaseSensitive(body, "house_rules");
    if (!house || !import_house_hardcoded(house, true))
        return true;
    return cJSON_ReplaceItemInObjectCaseSensitive(house, "starting_cash",
                                                  cJSON_CreateNumber(house_box_cash(board, 1500)));
}

/* The game creation body of an exported game (mode, played_at, duration_min, location,
 * seats with the new player ids); NULL with r->err set on failure. */
static cJSON *import_game_body(struct game_req *r, const struct id_map *m, const cJSON *game,
                               const cJSON *board)
{
    const cJSON *played = cJSON_GetObjectItemCaseSensitive(game, "played_at");
    cJSON *body = cJSON_CreateObject(), *seats, *e;
    seats = cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(game, "seats"), true);
    if (!body || !cJSON_AddItemToObject(body, "seats", seats ? seats : cJSON_CreateNull()) ||
        !cJSON_AddItemToObject(
            body, "mode", cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(game, "mode"), true)) ||
        (cJSON_IsString(played) &&
         !cJSON_AddStringToObject(body, "played_at", played->valuestring)) ||
        !import_game_details(game, body) || !game_import_house(r, game, body) ||
        !import_house_money(body, board)) {
        cJSON_Delete(body);
        sb_oom(r->err);
        return NULL;
    }
    cJSON_ArrayForEach(e, seats)
    {
        if (remap_field(r, m, e, "player") != 0) {
            cJSON_Delete(body);
            return NULL;
        }
    }
    return body;
}

/* Log one exported event of game gid: replayed when live, recorded when voided. */
static int import_event(struct game_req *r, const struct id_map *m, int64_t gid, const cJSON *e)
{
    cJSON *payload = cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(e, "payload"), true);
    const cJSON *seq = cJSON_GetObjectItemCaseSensitive(e, "seq");
    const cJSON *at = cJSON_GetObjectItemCaseSensitive(e, "at");
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(payload, "type");
    const char *when = cJSON_IsString(at) ? at->valuestring : NULL;
    int64_t version = 0;
    int rc = 0;
    if (!cJSON_IsObject(payload) || !json_is_int(seq) || seq->valuedouble < 1 ||
        !cJSON_IsString(type))
        rc = sb_fail(r->err, SB_EINVALID, NULL, "import: an event lacks seq or payload");
    if (rc == 0)
        rc = remap_payload(r, m, payload);
    if (rc == 0 && cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "voided"))) {
        char *text = NULL;
        /* Never applied, but held to the same fields as a live one. */
        rc = event_check_fields(payload, r->err);
        if (rc == 0)
            rc = game_check_event(r, gid, payload);
        if (rc == 0 && !(text = cJSON_PrintUnformatted(payload)))
            rc = sb_oom(r->err);
        if (rc == 0)
            rc = store_event_insert_voided(CAMPAIGN_DB(r), gid, (int64_t)seq->valuedouble,
                                           type->valuestring, text, when, r->err);
        free(text);
    } else if (rc == 0) {
        rc = game_append(r, gid, payload, (int64_t)seq->valuedouble, when, NULL, NULL, &version);
    }
    cJSON_Delete(payload);
    if (rc != 0 && rc != SB_ENOMEM) {
        char detail[SB_DETAIL_MAX];
        snprintf(detail, sizeof(detail), "%s", r->err->detail);
        rc = sb_fail(r->err, SB_EINVALID, r->err->rule,
                     "import: game event %lld does not replay: %s",
                     json_is_int(seq) ? (long long)seq->valuedouble : 0LL, detail);
    }
    return rc;
}

/* Work on the box of an exported game's "edition" (version 4; before, every game is of
 * the campaign's own box): one the document gives the campaign. */
static int import_game_box(struct game_req *r, const cJSON *game)
{
    const char *edition = r->campaign->edition;
    int rc = json_get_string(game, "edition", false, 64, false, &edition, r->err);
    if (rc == 0 && campaign_box_use(r, edition) == SB_ENOTFOUND)
        rc = sb_fail(r->err, SB_EINVALID, NULL,
                     "import: a game of '%.64s' names no box of the "
                     "campaign",
                     edition);
    return rc;
}

/* Give the new game gid the stamp policy the exported game kept (an export of before
 * games kept one: the campaign's of the import, each draw paying as its payload says). */
static int import_game_policy(struct game_req *r, const cJSON *game, int64_t gid)
{
    const cJSON *owner = cJSON_GetObjectItemCaseSensitive(game, "stamp_owner");
    if (!owner || cJSON_IsNull(owner))
        return 0;
    if (!cJSON_IsString(owner) ||
        (strcmp(owner->valuestring, "token") != 0 && strcmp(owner->valuestring, "player") != 0))
        return sb_fail(r->err, SB_EINVALID, NULL,
                       "import: a game's stamp_owner must be \"token\" or \"player\"");
    return store_game_set_rules(CAMPAIGN_DB(r), gid, NULL, owner->valuestring, r->err);
}

/* Replay one exported game's log into the new campaign, with its original times. */
static int import_game(struct game_req *r, const struct id_map *m, const cJSON *doc,
                       const cJSON *game, int64_t *made)
{
    const cJSON *events = cJSON_GetObjectItemCaseSensitive(game, "events");
    const cJSON *board = import_board(doc, cJSON_GetObjectItemCaseSensitive(game, "board"));
    const cJSON *doc_board = cJSON_GetObjectItemCaseSensitive(doc, "board");
    const cJSON *started = cJSON_GetObjectItemCaseSensitive(game, "started_at");
    const cJSON *ended = cJSON_GetObjectItemCaseSensitive(game, "ended_at");
    struct store_import_times times = {0};
    cJSON *body = NULL, *e;
    char *board_text = NULL;
    int64_t gid = 0;
    int rc = 0;

    if (!cJSON_IsObject(game) || !cJSON_IsArray(events))
        return sb_fail(r->err, SB_EINVALID, NULL, "import: each game needs an events array");
    if (cJSON_GetObjectItemCaseSensitive(game, "board") && !board)
        return sb_fail(r->err, SB_EINVALID, NULL, "import: a game names no board");
    rc = import_game_box(r, game);
    if (rc != 0)
        return rc;
    if (!(body = import_game_body(r, m, game, board ? board : import_board(doc, doc_board))))
        return r->err->code;
    if (board && !(board_text = cJSON_PrintUnformatted(board)))
        rc = sb_oom(r->err);
    if (rc == 0)
        rc = game_create(r, body, board_text, &gid);
    if (rc == 0)
        rc = import_game_policy(r, game, gid);
    cJSON_ArrayForEach(e, (rc == 0 ? events : NULL))
    {
        if ((rc = import_event(r, m, gid, e)) != 0)
            break;
    }
    times.game = gid;
    times.at = cJSON_IsString(started) ? started->valuestring : NULL;
    times.ended_at = cJSON_IsString(ended) ? ended->valuestring : NULL;
    if (rc == 0)
        rc = store_import_times(CAMPAIGN_DB(r), &times, r->err);
    if (rc == 0) /* the box's active and latest game, for the next game of that box */
        rc = store_campaign_box(CAMPAIGN_DB(r), r->campaign->box, r->campaign, r->err);
    free(board_text);
    cJSON_Delete(body);
    *made = gid;
    return rc;
}

/* The new id of the game an exported memory names (games, made: the exported games and
 * the ids they were given, n of them), or 0. */
static int64_t import_game_id(const cJSON *games, const int64_t *made, int n, const cJSON *item)
{
    const cJSON *want = cJSON_GetObjectItemCaseSensitive(item, "game"), *g;
    int i = 0;
    cJSON_ArrayForEach(g, games)
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(g, "id");
        if (i < n && json_is_int(want) && json_is_int(id) && id->valuedouble == want->valuedouble)
            return made[i];
        i++;
    }
    return 0;
}

/* Add the document's memories (version 3) to the games just made; mids maps each
 * exported memory id to its new one. */
static int import_memories(struct game_req *r, const cJSON *doc, const int64_t *made, int n,
                           struct id_map *mids)
{
    const cJSON *games = cJSON_GetObjectItemCaseSensitive(doc, "games");
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(doc, "memories"), *item;
    if (list && !cJSON_IsArray(list))
        return sb_fail(r->err, SB_EINVALID, NULL, "import: 'memories' must be an array");
    cJSON_ArrayForEach(item, list)
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(item, "id");
        int64_t gid = import_game_id(games, made, n, item), mid = 0;
        int rc = gid ? memory_import(r, item, gid, &mid)
                     : sb_fail(r->err, SB_EINVALID, NULL, "import: a memory names no game");
        if (rc == 0 && json_is_int(id) && id->valuedouble >= 1)
            rc = id_map_put(r, mids, (int64_t)id->valuedouble, mid);
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* The new memories of an exported payout's "memories" (the exported objects, their ids
 * mapped by mids), as the store gives them now; NULL with r->err set on failure. */
static cJSON *import_payout_memories(struct game_req *r, const struct id_map *mids,
                                     const cJSON *old)
{
    cJSON *list = cJSON_CreateArray();
    const cJSON *m;
    if (!list) {
        sb_oom(r->err);
        return NULL;
    }
    cJSON_ArrayForEach(m, old)
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(m, "id");
        int64_t mid = json_is_int(id) ? id_map_get(mids, (int64_t)id->valuedouble) : 0;
        char *text = NULL;
        cJSON *one = NULL;
        int rc = mid ? store_memory_json(CAMPAIGN_DB(r), r->campaign->id, mid, &text, r->err)
                     : sb_fail(r->err, SB_EINVALID, NULL,
                               "import: a payout names a memory the document does not hold");
        if (rc == 0 && !(one = cJSON_Parse(text)))
            rc = sb_fail(r->err, SB_EIO, NULL, "stored JSON is damaged");
        free(text);
        if (rc == 0 && !json_add(list, NULL, one))
            rc = sb_oom(r->err);
        if (rc != 0) {
            cJSON_Delete(list);
            return NULL;
        }
    }
    return list;
}

/* Give the payouts of exported event e, replayed as event seq of game gid, the memories
 * they were answered with (API.md 2026-12-c: an export keeps every event's memories;
 * the replay ran before the memories were imported). */
static int import_event_memories(struct game_req *r, const struct id_map *mids, int64_t gid,
                                 int64_t seq, const cJSON *e)
{
    const cJSON *old = cJSON_GetObjectItemCaseSensitive(e, "effects"), *o;
    cJSON *now = NULL, *n = NULL;
    char *text = NULL;
    int rc = 0;
    bool any = false;
    cJSON_ArrayForEach(o, old)
    {
        if (cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(o, "memories")) > 0)
            any = true;
    }
    if (!any || cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "voided")))
        return 0;
    rc = store_event_effects(CAMPAIGN_DB(r), gid, seq, &text, r->err);
    if (rc == 0 && !(now = cJSON_Parse(text)))
        rc = sb_fail(r->err, SB_EIO, NULL, "stored JSON is damaged");
    free(text);
    text = NULL;
    /* The replay pays in the same order: the n-th payout is the exported n-th. */
    n = now ? now->child : NULL;
    for (o = rc == 0 ? old->child : NULL; o; o = o->next) {
        const cJSON *memories = cJSON_GetObjectItemCaseSensitive(o, "memories");
        cJSON *list;
        if (!memories)
            continue;
        while (n && !cJSON_HasObjectItem(n, "memories"))
            n = n->next;
        if (!n) {
            rc = sb_fail(r->err, SB_EINVALID, NULL,
                         "import: event %lld does not pay as its export says", (long long)seq);
            break;
        }
        if (!(list = import_payout_memories(r, mids, memories)) || !json_set(n, "memories", list)) {
            rc = r->err->code ? r->err->code : sb_oom(r->err);
            break;
        }
        n = n->next;
    }
    if (rc == 0 && !(text = cJSON_PrintUnformatted(now)))
        rc = sb_oom(r->err);
    if (rc == 0)
        rc = store_event_set_effects(CAMPAIGN_DB(r), gid, seq, text, r->err);
    free(text);
    cJSON_Delete(now);
    return rc;
}

/* After the memories: give every replayed payout the memories it was answered with. */
static int import_payouts(struct game_req *r, const cJSON *doc, const int64_t *made, int n,
                          const struct id_map *mids)
{
    const cJSON *game, *e;
    int i = 0, rc = 0;
    cJSON_ArrayForEach(game, cJSON_GetObjectItemCaseSensitive(doc, "games"))
    {
        if (i >= n)
            break;
        cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(game, "events"))
        {
            const cJSON *seq = cJSON_GetObjectItemCaseSensitive(e, "seq");
            if (rc == 0 && json_is_int(seq))
                rc = import_event_memories(r, mids, made[i], (int64_t)seq->valuedouble, e);
        }
        i++;
    }
    return rc;
}

/* The parsed import, what import_write() needs; answer as for campaign_create(). */
struct import_doc {
    const struct campaign_import_env *env;
    const cJSON *doc, *campaign;
    const char *name, *edition, *policy, *timezone;
    cJSON *house; /* the campaign's house rules as the import keeps them (import_head()) */
    char *board_text;
    char **answer;
};

/* The campaign's "timezone" (an export since 0018 has one; null or absent: the server's
 * zone), kept in d->timezone for the new campaign; 422 for a zone this server's zone
 * files do not know. */
static int import_timezone(struct game_req *r, struct import_doc *d)
{
    const cJSON *campaign = d->campaign;
    const cJSON *zone = cJSON_GetObjectItemCaseSensitive(campaign, "timezone");
    struct tz *z = NULL;
    if (!zone || cJSON_IsNull(zone))
        return 0;
    if (!cJSON_IsString(zone) || tz_load(NULL, zone->valuestring, &z, NULL) != 0)
        return sb_fail(r->err, SB_EINVALID, NULL,
                       "import: campaign.timezone is not a time zone this server knows");
    tz_free(z);
    d->timezone = zone->valuestring;
    return 0;
}

/* A board the rules engine plays must read as one. */
static int import_board_check(struct game_req *r, const cJSON *board)
{
    struct board *b = malloc(sizeof(*b));
    int rc = b ? board_from_json(board, b, r->err) : sb_oom(r->err);
    free(b);
    return rc;
}

/* Check the head of an export document (format, version 1 to 4, campaign) and read
 * the campaign's fields; *board gets its board object. */
static int import_head(struct game_req *r, struct import_doc *d, const cJSON **board)
{
    const struct editions *eds = d->env->editions;
    const cJSON *doc = d->doc, **campaign = &d->campaign;
    const char **name = &d->name, **edition = &d->edition, **policy = &d->policy;
    const cJSON *format = cJSON_GetObjectItemCaseSensitive(doc, "format");
    const cJSON *version = cJSON_GetObjectItemCaseSensitive(doc, "version"), *house;
    const cJSON *bed;
    int rc = 0;
    *campaign = cJSON_GetObjectItemCaseSensitive(doc, "campaign");
    house = cJSON_GetObjectItemCaseSensitive(*campaign, "house_rules");
    *board = import_board(doc, cJSON_GetObjectItemCaseSensitive(doc, "board"));
    if (!cJSON_IsString(format) || strcmp(format->valuestring, EXPORT_FORMAT) != 0 ||
        !json_is_int(version) || version->valuedouble < 1 ||
        version->valuedouble > EXPORT_VERSION || !cJSON_IsObject(*campaign) || !*board)
        return sb_fail(r->err, SB_EINVALID, NULL,
                       "not a Stampbook campaign export (format %s, version 1 to 4)",
                       EXPORT_FORMAT);
    rc = json_get_name((cJSON *)*campaign, "name", true, name, r->err);
    if (rc == 0)
        rc = json_get_string(*campaign, "edition", true, 64, false, edition, r->err);
    if (rc == 0)
        rc = json_get_string(*campaign, "stamp_owner", false, 16, false, policy, r->err);
    if (rc == 0 && strcmp(*policy, "token") != 0 && strcmp(*policy, "player") != 0)
        rc = sb_fail(r->err, SB_EINVALID, NULL, "import: bad stamp_owner");
    if (rc == 0 && !editions_find(eds, *edition))
        rc = sb_fail(r->err, SB_EINVALID, NULL, "import: no edition '%s'", *edition);
    if (rc == 0)
        rc = import_timezone(r, d);
    /* Up to version 3, the official readings came with 1,500 whatever the box said. */
    if (rc == 0 && house && !cJSON_IsNull(house) &&
        !(d->house = version->valuedouble <= 3
                         ? import_house_cash(house, false, house_box_cash(*board, 1500))
                         : cJSON_Duplicate(house, true)))
        rc = sb_oom(r->err);
    if (rc == 0 && editions_is_full(editions_find(eds, *edition)))
        rc = import_board_check(r, *board);
    /* Its own board is of its edition: "boards" may hold every box's (version 4). */
    bed = cJSON_GetObjectItemCaseSensitive(*board, "edition");
    if (rc == 0 && cJSON_IsString(bed) && strcmp(bed->valuestring, *edition) != 0)
        rc = sb_fail(r->err, SB_EINVALID, NULL,
                     "import: the campaign's board is of edition '%.64s', not '%s'",
                     bed->valuestring, *edition);
    return rc;
}

/* Give the new campaign the document's other boxes (version 4: "boxes", each an
 * edition this server knows and a board of the document's "boards"). */
static int import_boxes(struct game_req *r, const struct import_doc *d, int64_t cid)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(d->doc, "boxes"), *box;
    if (list && !cJSON_IsArray(list))
        return sb_fail(r->err, SB_EINVALID, NULL, "import: 'boxes' must be an array");
    cJSON_ArrayForEach(box, list)
    {
        const cJSON *board = import_board(d->doc, cJSON_GetObjectItemCaseSensitive(box, "board"));
        const char *edition = NULL;
        char *text = NULL;
        int rc = json_get_string(box, "edition", true, 64, false, &edition, r->err);
        if (rc == 0 && (!editions_find(d->env->editions, edition) || !board ||
                        strcmp(edition, d->edition) == 0))
            rc = sb_fail(r->err, SB_EINVALID, NULL,
                         "import: box '%.64s' is of no other edition this server knows, or "
                         "names no board",
                         edition);
        if (rc == 0 && editions_is_full(editions_find(d->env->editions, edition)))
            rc = import_board_check(r, board);
        if (rc == 0 && !(text = cJSON_PrintUnformatted(board)))
            rc = sb_oom(r->err);
        if (rc == 0)
            rc = store_campaign_box_add(CAMPAIGN_DB(r), cid, edition, text, r->err);
        free(text);
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* Write the whole document as a new campaign, inside the caller's write transaction. */
static int import_write(struct game_req *r, const struct import_doc *d, struct id_map *m)
{
    const cJSON *doc = d->doc;
    const cJSON *created = cJSON_GetObjectItemCaseSensitive(d->campaign, "created_at");
    const struct campaign_new n_ = {
        .name = d->name,
        .edition = d->edition,
        .policy = d->policy,
        .board = d->board_text,
        .timezone = d->timezone,
        .house = d->house,
        .editions = d->env->editions,
        .anonymous = d->env->anonymous,
    };
    struct store_import_times times = {0};
    struct id_map mids = {0};
    const cJSON *game, *games = cJSON_GetObjectItemCaseSensitive(doc, "games");
    int64_t cid = 0, *made = calloc((size_t)cJSON_GetArraySize(games) + 1, sizeof(*made));
    int n = 0;
    int rc = made ? campaign_create_in(r, &n_, &cid, d->answer) : sb_oom(r->err);
    if (rc == 0)
        rc = store_campaign_get(CAMPAIGN_DB(r), cid, r->campaign, r->err);
    times.campaign = cid;
    times.at = cJSON_IsString(created) ? created->valuestring : NULL;
    if (rc == 0)
        rc = store_import_times(CAMPAIGN_DB(r), &times, r->err);
    if (rc == 0)
        rc = import_boxes(r, d, cid);
    if (rc == 0)
        rc = import_players(r, cid, cJSON_GetObjectItemCaseSensitive(doc, "players"), m);
    cJSON_ArrayForEach(game, (rc == 0 ? games : NULL))
    {
        if ((rc = import_game(r, m, doc, game, &made[n++])) != 0)
            break;
    }
    if (rc == 0)
        rc = import_memories(r, doc, made, n, &mids);
    if (rc == 0)
        rc = import_payouts(r, doc, made, n, &mids);
    id_map_free(&mids);
    /* What the engine makes again byte for byte is not stored (issue 25: an import
     * grows the database by at most four times its body). */
    if (rc == 0)
        rc = game_state_leave(r);
    free(made);
    return rc;
}

/* Write the import in one write transaction on the request's connection. */
static int import_commit(struct game_req *r, const struct import_doc *d, struct id_map *m)
{
    int rc = store_begin_write(CAMPAIGN_DB(r), r->err);
    if (rc != 0)
        return rc;
    id_map_free(m);
    rc = import_write(r, d, m);
    if (rc == 0)
        return store_commit(CAMPAIGN_DB(r), r->err);
    store_rollback(CAMPAIGN_DB(r));
    return rc;
}

/* Build the import in a database aside, on a game cache of its own, while the server
 * writes on: replaying thousands of events takes a second, which no table should wait
 * for. It takes the ids reserved in ids. *aside gets it, ready to copy. */
static int import_aside(struct game_req *r, const struct import_doc *d, struct id_map *m,
                        const struct store_aside_ids *ids, struct store **aside)
{
    struct store *reader = CAMPAIGN_DB(r);
    struct games *shared = r->games;
    int rc = store_aside_new(ids, d->env->migrations, aside, r->err);
    if (rc != 0)
        return rc;
    r->games = games_new();
    CAMPAIGN_DB(r) = *aside;
    rc = r->games ? import_commit(r, d, m) : sb_oom(r->err);
    game_req_finish(r, false); /* its cache is not the server's */
    games_free(r->games);
    r->games = shared;
    CAMPAIGN_DB(r) = reader;
    return rc;
}

/* The number of items of doc[key] (an array), 0 when it is none. */
static int64_t import_count(const cJSON *doc, const char *key)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(doc, key);
    return cJSON_IsArray(a) ? cJSON_GetArraySize(a) : 0;
}

/* Give up the request's connection (if any) for the pool's writer. */
static int import_take_writer(struct game_req *r, struct store_pool *pool)
{
    store_pool_put(pool, CAMPAIGN_DB(r));
    CAMPAIGN_DB(r) = NULL;
    return store_pool_get_writer(pool, r->store, r->err);
}

/* Import the parsed document: its ids reserved in a moment of the writer, built aside
 * with no lock held, then copied in turns of the writer short enough for the table's
 * writes to go on between them. */
static int import_run(struct game_req *r, const struct import_doc *d, struct id_map *m)
{
    struct store *aside = NULL;
    struct store_aside_ids ids;
    struct sb_error ignored = {0};
    bool reserved = false;
    int rc = import_take_writer(r, d->env->pool);
    if (rc == 0)
        rc = store_aside_reserve(CAMPAIGN_DB(r), import_count(d->doc, "players"),
                                 import_count(d->doc, "games"), import_count(d->doc, "memories"),
                                 &ids, r->err);
    reserved = rc == 0;
    store_pool_put(d->env->pool, CAMPAIGN_DB(r)); /* nobody waits while it is built */
    CAMPAIGN_DB(r) = NULL;
    if (rc == 0)
        rc = import_aside(r, d, m, &ids, &aside);
    if (rc == 0)
        rc = d->env->check_growth(d->env->cls, aside, r->err);
    if (reserved && import_take_writer(r, d->env->pool) == 0) {
        if (rc == 0)
            rc = store_aside_copy(CAMPAIGN_DB(r), aside, r->err);
        if (rc != 0)
            store_aside_drop(CAMPAIGN_DB(r), &ignored);
    } else if (rc == 0) {
        rc = r->err->code;
    }
    store_close(aside);
    return rc;
}

int campaign_import(struct game_req *r, const struct campaign_import_env *env, const cJSON *doc,
                    char **answer)
{
    struct id_map *m = calloc(1, sizeof(*m));
    struct import_doc d = {.env = env, .doc = doc, .policy = "token", .answer = answer};
    const cJSON *board = NULL;
    int rc = m ? 0 : sb_oom(r->err);
    if (rc == 0)
        rc = import_doc_check(doc, env->editions, r->err);
    if (rc == 0)
        rc = import_head(r, &d, &board);
    if (rc == 0 && !(d.board_text = cJSON_PrintUnformatted(board)))
        rc = sb_oom(r->err);
    if (rc == 0)
        rc = import_run(r, &d, m);
    if (rc != 0 && rc != SB_ENOMEM && rc != SB_EBUSY && rc != SB_EIO && rc != SB_EMEDIA &&
        rc != SB_EBADREQ && rc != SB_EFULL) {
        /* Whatever refused a part of the document refuses the whole import: 422. */
        rc = r->err->code = SB_EINVALID;
    }
    free(d.board_text);
    cJSON_Delete(d.house);
    if (m)
        id_map_free(m);
    free(m);
    return rc;
}
