/* api_export.c -- a campaign as one document (export, import) and its plays for other
 * apps (a CSV for spreadsheets, BoardGameGeek's play-log fields). */
#include "api_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_json.h"
#include "json.h"
#include "state_json.h"

#define EXPORT_FORMAT "stampbook-campaign"
#define EXPORT_VERSION 2
#define IMPORT_MAX_PLAYERS 1000

/* ---- export ---- */

int api_get_export(struct api_ctx *ctx)
{
    char *campaign = NULL, *players = NULL, *games = NULL, *body = NULL;
    char now[STORE_TIME_MAX];
    int rc = store_begin_read(ctx->store, &ctx->err);
    if (rc == 0) {
        rc = store_campaign_json(ctx->store, ctx->cid, &campaign, &ctx->err);
        if (rc == 0)
            rc = store_export_players_json(ctx->store, ctx->cid, &players, &ctx->err);
        if (rc == 0)
            rc = store_export_games_json(ctx->store, ctx->cid, &games, &ctx->err);
        store_rollback(ctx->store);
    }
    store_now(now);
    if (rc == 0) {
        /* Built from the store's JSON texts as they are: an export of a large campaign
         * is never parsed and printed again. games is {"board","boards","games"}. */
        size_t len = strlen(campaign) + strlen(players) + strlen(games) + 160;
        if (!(body = malloc(len)))
            rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
        else
            snprintf(body, len,
                     "{\"format\":\"%s\",\"version\":%d,\"exported_at\":\"%s\",\"campaign\":%s,"
                     "\"players\":%s,%s",
                     EXPORT_FORMAT, EXPORT_VERSION, now, campaign, players, games + 1);
    }
    if (rc == 0)
        api_reply_owned(ctx, 200, body);
    free(campaign);
    free(players);
    free(games);
    return rc;
}

/* ---- import ---- */

struct id_map {
    int n;
    int64_t from[IMPORT_MAX_PLAYERS];
    int64_t to[IMPORT_MAX_PLAYERS];
};

/* The new id of an exported player id, or 0. */
static int64_t id_map_get(const struct id_map *m, int64_t from)
{
    for (int i = 0; i < m->n; i++)
        if (m->from[i] == from)
            return m->to[i];
    return 0;
}

/* Replace the player id at obj[key] (when it is a number) by its new id. */
static int remap_field(struct api_ctx *ctx, const struct id_map *m, cJSON *obj, const char *key)
{
    cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    int64_t to;
    if (!cJSON_IsNumber(v))
        return 0;
    to = id_map_get(m, (int64_t)v->valuedouble);
    if (to == 0)
        return sb_fail(&ctx->err, SB_EINVALID, NULL, "import: '%s' names unknown player %lld", key,
                       (long long)v->valuedouble);
    cJSON_SetNumberValue(v, (double)to);
    return 0;
}

/* Rewrite the player ids of an exported event payload to the new ids. */
static int remap_payload(struct api_ctx *ctx, const struct id_map *m, cJSON *payload)
{
    static const char *const fields[] = {"player", "a", "b", "winner"};
    cJSON *s;
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < sizeof(fields) / sizeof(fields[0]); i++)
        rc = remap_field(ctx, m, payload, fields[i]);
    cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(payload, "standings"))
    {
        if (rc == 0 && cJSON_IsObject(s))
            rc = remap_field(ctx, m, s, "player");
    }
    return rc;
}

/* Give player pid the created_at of exported player p, when it has one. */
static int import_player_created(struct api_ctx *ctx, const cJSON *p, int64_t pid)
{
    const cJSON *created = cJSON_GetObjectItemCaseSensitive(p, "created_at");
    struct store_import_times times = {0};
    times.player = pid;
    times.at = cJSON_IsString(created) ? created->valuestring : NULL;
    return store_import_times(ctx->store, &times, &ctx->err);
}

/* Create the players of the document and fill the id map. */
static int import_players(struct api_ctx *ctx, int64_t cid, const cJSON *players, struct id_map *m)
{
    const cJSON *p;
    if (!cJSON_IsArray(players))
        return sb_fail(&ctx->err, SB_EINVALID, NULL, "import: 'players' must be an array");
    cJSON_ArrayForEach(p, players)
    {
        int64_t from = 0, to = 0;
        const char *name = NULL;
        int rc = cJSON_IsObject(p) ? 0
                                   : sb_fail(&ctx->err, SB_EINVALID, NULL,
                                             "import: each player must be an object");
        if (rc == 0)
            rc = json_get_int(p, "id", true, 1, JSON_INT_MAX, &from, NULL, &ctx->err);
        if (rc == 0)
            rc = json_get_string(p, "name", true, JSON_NAME_MAX_CHARS, false, &name, &ctx->err);
        if (rc == 0 && (m->n == IMPORT_MAX_PLAYERS || id_map_get(m, from)))
            rc = sb_fail(&ctx->err, SB_EINVALID, NULL,
                         "import: player %lld is listed twice (or too many players)",
                         (long long)from);
        if (rc == 0)
            rc = store_player_create(ctx->store, cid, name, &to, &ctx->err);
        if (rc == 0)
            rc = import_player_created(ctx, p, to);
        if (rc != 0)
            return rc;
        m->from[m->n] = from;
        m->to[m->n] = to;
        m->n++;
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

/* The game creation body of an exported game (mode, played_at, duration_min, location,
 * seats with the new player ids); NULL with ctx->err set on failure. */
static cJSON *import_game_body(struct api_ctx *ctx, const struct id_map *m, const cJSON *game)
{
    const cJSON *played = cJSON_GetObjectItemCaseSensitive(game, "played_at");
    cJSON *body = cJSON_CreateObject(), *seats, *e;
    seats = cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(game, "seats"), true);
    if (!body || !cJSON_AddItemToObject(body, "seats", seats ? seats : cJSON_CreateNull()) ||
        !cJSON_AddItemToObject(
            body, "mode", cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(game, "mode"), true)) ||
        (cJSON_IsString(played) &&
         !cJSON_AddStringToObject(body, "played_at", played->valuestring)) ||
        !import_game_details(game, body)) {
        cJSON_Delete(body);
        sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
        return NULL;
    }
    cJSON_ArrayForEach(e, seats)
    {
        if (remap_field(ctx, m, e, "player") != 0) {
            cJSON_Delete(body);
            return NULL;
        }
    }
    return body;
}

/* Log one exported event of game gid: replayed when live, recorded when voided. */
static int import_event(struct api_ctx *ctx, const struct id_map *m, int64_t gid, const cJSON *e)
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
        rc = sb_fail(&ctx->err, SB_EINVALID, NULL, "import: an event lacks seq or payload");
    if (rc == 0)
        rc = remap_payload(ctx, m, payload);
    if (rc == 0 && cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "voided"))) {
        char *text = NULL;
        /* Never applied, but held to the same fields as a live one. */
        rc = event_check_fields(payload, &ctx->err);
        if (rc == 0 && !(text = cJSON_PrintUnformatted(payload)))
            rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
        if (rc == 0)
            rc = store_event_insert_voided(ctx->store, gid, (int64_t)seq->valuedouble,
                                           type->valuestring, text, when, &ctx->err);
        free(text);
    } else if (rc == 0) {
        rc = game_append(&ctx->game, gid, payload, (int64_t)seq->valuedouble, when, NULL, NULL,
                         &version);
    }
    cJSON_Delete(payload);
    if (rc != 0 && rc != SB_ENOMEM) {
        char detail[SB_DETAIL_MAX];
        snprintf(detail, sizeof(detail), "%s", ctx->err.detail);
        rc = sb_fail(&ctx->err, SB_EINVALID, ctx->err.rule,
                     "import: game event %lld does not replay: %s",
                     json_is_int(seq) ? (long long)seq->valuedouble : 0LL, detail);
    }
    return rc;
}

/* Replay one exported game's log into the new campaign, with its original times. */
static int import_game(struct api_ctx *ctx, const struct id_map *m, const cJSON *doc,
                       const cJSON *game)
{
    const cJSON *events = cJSON_GetObjectItemCaseSensitive(game, "events");
    const cJSON *board = import_board(doc, cJSON_GetObjectItemCaseSensitive(game, "board"));
    const cJSON *started = cJSON_GetObjectItemCaseSensitive(game, "started_at");
    const cJSON *ended = cJSON_GetObjectItemCaseSensitive(game, "ended_at");
    struct store_import_times times = {0};
    cJSON *body = NULL, *e;
    char *board_text = NULL;
    int64_t gid = 0;
    int rc = 0;

    if (!cJSON_IsObject(game) || !cJSON_IsArray(events))
        return sb_fail(&ctx->err, SB_EINVALID, NULL, "import: each game needs an events array");
    if (cJSON_GetObjectItemCaseSensitive(game, "board") && !board)
        return sb_fail(&ctx->err, SB_EINVALID, NULL, "import: a game names no board");
    if (!(body = import_game_body(ctx, m, game)))
        return ctx->err.code;
    if (board && !(board_text = cJSON_PrintUnformatted(board)))
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    if (rc == 0)
        rc = game_create(&ctx->game, body, board_text, &gid);
    cJSON_ArrayForEach(e, (rc == 0 ? events : NULL))
    {
        if ((rc = import_event(ctx, m, gid, e)) != 0)
            break;
    }
    times.game = gid;
    times.at = cJSON_IsString(started) ? started->valuestring : NULL;
    times.ended_at = cJSON_IsString(ended) ? ended->valuestring : NULL;
    if (rc == 0)
        rc = store_import_times(ctx->store, &times, &ctx->err);
    if (rc == 0) {
        struct store_campaign c;
        rc = store_campaign_get(ctx->store, ctx->cid, &c, &ctx->err);
        if (rc == 0)
            ctx->campaign.active_game = c.active_game;
    }
    free(board_text);
    cJSON_Delete(body);
    return rc;
}

/* Check the head of an export document (format, version 1 or 2, campaign) and read
 * the campaign's fields; *board gets its board object. */
static int import_head(struct api_ctx *ctx, const cJSON *doc, const cJSON **campaign,
                       const cJSON **board, const char **name, const char **edition,
                       const char **policy)
{
    const cJSON *format = cJSON_GetObjectItemCaseSensitive(doc, "format");
    const cJSON *version = cJSON_GetObjectItemCaseSensitive(doc, "version");
    int rc = 0;
    *campaign = cJSON_GetObjectItemCaseSensitive(doc, "campaign");
    *board = import_board(doc, cJSON_GetObjectItemCaseSensitive(doc, "board"));
    if (!cJSON_IsString(format) || strcmp(format->valuestring, EXPORT_FORMAT) != 0 ||
        !cJSON_IsNumber(version) || (version->valuedouble != 1 && version->valuedouble != 2) ||
        !cJSON_IsObject(*campaign) || !*board)
        return sb_fail(&ctx->err, SB_EINVALID, NULL,
                       "not a Stampbook campaign export (format %s, version 1 or 2)",
                       EXPORT_FORMAT);
    rc = json_get_string(*campaign, "name", true, JSON_NAME_MAX_CHARS, false, name, &ctx->err);
    if (rc == 0)
        rc = json_get_string(*campaign, "edition", true, 64, false, edition, &ctx->err);
    if (rc == 0)
        rc = json_get_string(*campaign, "stamp_owner", false, 16, false, policy, &ctx->err);
    if (rc == 0 && strcmp(*policy, "token") != 0 && strcmp(*policy, "player") != 0)
        rc = sb_fail(&ctx->err, SB_EINVALID, NULL, "import: bad stamp_owner");
    if (rc == 0 && !editions_find(ctx->api->editions, *edition))
        rc = sb_fail(&ctx->err, SB_EINVALID, NULL, "import: no edition '%s'", *edition);
    if (rc == 0 && editions_is_full(editions_find(ctx->api->editions, *edition))) {
        struct board *b = malloc(sizeof(*b));
        rc = b ? board_from_json(*board, b, &ctx->err)
               : sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
        free(b);
    }
    return rc;
}

/* Write the whole document as campaign *cid, inside the caller's write transaction. */
static int import_write(struct api_ctx *ctx, const cJSON *doc, const cJSON *campaign,
                        const char *name, const char *edition, const char *policy,
                        const char *board_text, struct id_map *m)
{
    const cJSON *created = cJSON_GetObjectItemCaseSensitive(campaign, "created_at");
    struct store_import_times times = {0};
    const cJSON *game;
    int64_t cid = 0;
    int rc = api_create_campaign_from(ctx, name, edition, policy, board_text, &cid);
    if (rc == 0) {
        ctx->cid = cid;
        rc = store_campaign_get(ctx->store, cid, &ctx->campaign, &ctx->err);
    }
    times.campaign = cid;
    times.at = cJSON_IsString(created) ? created->valuestring : NULL;
    if (rc == 0)
        rc = store_import_times(ctx->store, &times, &ctx->err);
    if (rc == 0)
        rc = import_players(ctx, cid, cJSON_GetObjectItemCaseSensitive(doc, "players"), m);
    cJSON_ArrayForEach(game, (rc == 0 ? cJSON_GetObjectItemCaseSensitive(doc, "games") : NULL))
    {
        if ((rc = import_game(ctx, m, doc, game)) != 0)
            break;
    }
    return rc;
}

/* The parsed import, what import_write() needs. */
struct import_doc {
    const cJSON *doc, *campaign;
    const char *name, *edition, *policy;
    char *board_text;
};

/* Write the import in one write transaction on the request's connection. */
static int import_commit(struct api_ctx *ctx, const struct import_doc *d, struct id_map *m)
{
    int rc = store_begin_write(ctx->store, &ctx->err);
    if (rc != 0)
        return rc;
    memset(m, 0, sizeof(*m));
    rc = import_write(ctx, d->doc, d->campaign, d->name, d->edition, d->policy, d->board_text, m);
    if (rc == 0)
        return store_commit(ctx->store, &ctx->err);
    store_rollback(ctx->store);
    return rc;
}

/* Build the import in a database aside, on a game cache of its own, while the server
 * writes on: replaying thousands of events takes a second, which no table should wait
 * for. *aside gets it, ready to copy. */
static int import_aside(struct api_ctx *ctx, const struct import_doc *d, struct id_map *m,
                        struct store **aside)
{
    struct store *reader = ctx->store;
    struct games *shared = ctx->game.games;
    char dir[4096];
    int rc;
    snprintf(dir, sizeof(dir), "%s/migrations", ctx->api->share_dir);
    rc = store_aside_new(reader, dir, aside, &ctx->err);
    if (rc != 0)
        return rc;
    ctx->game.games = games_new();
    ctx->store = *aside;
    rc = ctx->game.games ? import_commit(ctx, d, m)
                         : sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    game_req_finish(&ctx->game, false); /* its cache is not the server's */
    games_free(ctx->game.games);
    ctx->game.games = shared;
    ctx->store = reader;
    return rc;
}

/* Import the parsed document: built aside, then copied in one short write; written
 * directly when the database took new ids meanwhile. */
static int import_run(struct api_ctx *ctx, const struct import_doc *d, struct id_map *m)
{
    struct store *aside = NULL;
    int rc = import_aside(ctx, d, m, &aside);
    if (rc == 0)
        rc = api_take_writer(ctx);
    if (rc == 0 && (rc = store_begin_write(ctx->store, &ctx->err)) == 0) {
        rc = store_aside_copy(ctx->store, aside, &ctx->err);
        rc = rc == 0 ? store_commit(ctx->store, &ctx->err) : (store_rollback(ctx->store), rc);
    }
    store_close(aside);
    if (rc == SB_ECONFLICT && ctx->store)
        rc = import_commit(ctx, d, m);
    return rc;
}

int api_post_import(struct api_ctx *ctx)
{
    struct id_map *m = calloc(1, sizeof(*m));
    struct import_doc d = {.policy = "token"};
    cJSON *doc = NULL;
    const cJSON *board = NULL;
    int rc = m ? 0 : sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");

    /* One import at a time: a second would only wait for the writer behind it. */
    if (rc == 0 && atomic_flag_test_and_set(&ctx->api->importing)) {
        free(m);
        return sb_fail(&ctx->err, SB_EBUSY, NULL, "another import is running: try again");
    }
    if (rc == 0)
        rc = api_body_object(ctx, &doc);
    d.doc = doc;
    if (rc == 0)
        rc = import_head(ctx, doc, &d.campaign, &board, &d.name, &d.edition, &d.policy);
    if (rc == 0 && !(d.board_text = cJSON_PrintUnformatted(board)))
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    if (rc == 0)
        rc = import_run(ctx, &d, m);
    if (m)
        atomic_flag_clear(&ctx->api->importing);
    if (rc != 0 && rc != SB_ENOMEM && rc != SB_EBUSY && rc != SB_EIO && rc != SB_EMEDIA &&
        rc != SB_EBADREQ) {
        /* Whatever refused a part of the document refuses the whole import: 422. */
        rc = ctx->err.code = SB_EINVALID;
        ctx->err.status = sb_status(SB_EINVALID);
    }
    free(d.board_text);
    free(m);
    cJSON_Delete(doc);
    return rc;
}

/* ---- plays for other apps ---- */

struct text_buf {
    char *data;
    size_t len, cap;
    bool failed;
};

/* Append len bytes of s; remembers a failure and does nothing more. */
static void buf_put(struct text_buf *b, const char *s, size_t len)
{
    if (b->failed)
        return;
    if (b->len + len + 1 > b->cap) {
        size_t ncap = (b->cap + len + 1) * 2;
        char *grown = realloc(b->data, ncap);
        if (!grown) {
            b->failed = true;
            return;
        }
        b->data = grown;
        b->cap = ncap;
    }
    memcpy(b->data + b->len, s, len);
    b->len += len;
    b->data[b->len] = '\0';
}

static void buf_str(struct text_buf *b, const char *s)
{
    buf_put(b, s, strlen(s));
}

/* Append one CSV field (RFC 4180: quoted when needed, quotes doubled), then sep. A
 * leading = + - @ tab or CR is prefixed with ' so spreadsheets do not read it as a
 * formula (OWASP's CSV injection advice). */
static void buf_csv(struct text_buf *b, const char *field, const char *sep)
{
    bool quote = strpbrk(field, ",\"\r\n") != NULL;
    if (quote)
        buf_str(b, "\"");
    if (field[0] && strchr("=+-@\t\r", field[0]))
        buf_str(b, "'");
    for (const char *p = field; *p; p++) {
        if (*p == '"')
            buf_str(b, "\"\"");
        else
            buf_put(b, p, 1);
    }
    if (quote)
        buf_str(b, "\"");
    buf_str(b, sep);
}

/* The string at obj[key], or "" when it is not a string. */
static const char *str_of(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

/* The number at obj[key], or 0. */
static long long num_of(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsNumber(v) ? (long long)v->valuedouble : 0;
}

/* Load every play of the campaign. */
static int load_plays(struct api_ctx *ctx, cJSON **plays)
{
    char *text = NULL;
    int rc = store_plays_json(ctx->store, ctx->cid, &text, &ctx->err);
    return rc == 0 ? api_take_stored(ctx, text, plays) : rc;
}

/* "Hazel (Ann) stamped journal-3 circle 2; ..." for a play's journal stamps. */
static void buf_journal(struct text_buf *b, const cJSON *journal)
{
    const cJSON *j;
    char line[512];
    bool first = true;
    cJSON_ArrayForEach(j, journal)
    {
        snprintf(line, sizeof(line), "%s%s (%s) stamped %s circle %lld", first ? "" : "; ",
                 str_of(j, "token"), str_of(j, "name"), str_of(j, "card"), num_of(j, "slot") + 1);
        buf_str(b, line);
        first = false;
    }
}

int api_get_plays_csv(struct api_ctx *ctx)
{
    struct text_buf b = {0};
    cJSON *plays = NULL, *p;
    int rc = load_plays(ctx, &plays);
    if (rc != 0)
        return rc;
    buf_str(&b, "game,date,edition,mode,status,winner,players,tokens,board_stamps,"
                "journal_stamps\r\n");
    cJSON_ArrayForEach(p, plays)
    {
        struct text_buf names = {0}, tokens = {0}, stamps = {0}, journal = {0};
        const cJSON *s;
        char num[32];
        cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(p, "seats"))
        {
            const char *sep = names.len ? "; " : "";
            buf_str(&names, sep);
            buf_str(&names, str_of(s, "name"));
            buf_str(&tokens, sep);
            buf_str(&tokens, str_of(s, "token"));
            snprintf(num, sizeof(num), "%s%lld", sep, num_of(s, "stamps"));
            buf_str(&stamps, num);
        }
        buf_journal(&journal, cJSON_GetObjectItemCaseSensitive(p, "journal"));
        snprintf(num, sizeof(num), "%lld", num_of(p, "game"));
        buf_csv(&b, num, ",");
        buf_csv(&b, str_of(p, "date"), ",");
        buf_csv(&b, ctx->campaign.edition, ",");
        buf_csv(&b, str_of(p, "mode"), ",");
        buf_csv(&b, str_of(p, "status"), ",");
        buf_csv(&b, str_of(p, "winner"), ",");
        buf_csv(&b, names.data ? names.data : "", ",");
        buf_csv(&b, tokens.data ? tokens.data : "", ",");
        buf_csv(&b, stamps.data ? stamps.data : "", ",");
        buf_csv(&b, journal.data ? journal.data : "", "\r\n");
        b.failed |= names.failed || tokens.failed || stamps.failed || journal.failed;
        free(names.data);
        free(tokens.data);
        free(stamps.data);
        free(journal.data);
    }
    cJSON_Delete(plays);
    if (b.failed) {
        free(b.data);
        return sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    }
    api_reply_owned(ctx, 200, b.data);
    ctx->res->content_type = "text/csv; charset=utf-8; header=present";
    return 0;
}

/* The winner's player id of game gid in games (the games list of the store), or 0. */
static long long winner_of(const cJSON *games, long long gid)
{
    const cJSON *g;
    cJSON_ArrayForEach(g, games)
    {
        if (num_of(g, "id") == gid)
            return num_of(g, "winner");
    }
    return 0;
}

/* One play in BoardGameGeek's play-log fields; winner is the winning player's id (0:
 * none). NULL when out of memory. */
static cJSON *bgg_play(const cJSON *play, const char *game_name, long long winner)
{
    cJSON *o = cJSON_CreateObject(), *players = cJSON_CreateArray();
    const cJSON *s;
    struct text_buf comments = {0};
    int position = 0;
    if (!o || !players || !cJSON_AddItemToObject(o, "players", players)) {
        cJSON_Delete(o);
        cJSON_Delete(players);
        return NULL;
    }
    cJSON_AddStringToObject(o, "date", str_of(play, "date"));
    cJSON_AddStringToObject(o, "game", game_name);
    cJSON_AddNumberToObject(o, "quantity", 1);
    cJSON_AddBoolToObject(o, "incomplete", strcmp(str_of(play, "status"), "finished") != 0);
    cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(play, "seats"))
    {
        cJSON *p = cJSON_CreateObject();
        if (!p || !cJSON_AddItemToArray(players, p)) {
            cJSON_Delete(p);
            cJSON_Delete(o);
            return NULL;
        }
        cJSON_AddStringToObject(p, "name", str_of(s, "name"));
        cJSON_AddStringToObject(p, "color", str_of(s, "token"));
        cJSON_AddNumberToObject(p, "startposition", ++position);
        cJSON_AddNumberToObject(p, "score", (double)num_of(s, "stamps"));
        cJSON_AddBoolToObject(p, "win", winner != 0 && num_of(s, "player") == winner);
        cJSON_AddBoolToObject(p, "new", false);
    }
    buf_str(&comments, "Travel Journal stamps: ");
    buf_journal(&comments, cJSON_GetObjectItemCaseSensitive(play, "journal"));
    if (!cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(play, "journal")))
        buf_str(&comments, "none");
    cJSON_AddStringToObject(o, "comments", comments.data ? comments.data : "");
    free(comments.data);
    return o;
}

int api_get_plays_bgg(struct api_ctx *ctx)
{
    const cJSON *edition = editions_find(ctx->api->editions, ctx->campaign.edition);
    const char *game_name = str_of(edition, "name");
    cJSON *plays = NULL, *games = NULL, *doc = cJSON_CreateObject(), *list = NULL, *p;
    char *games_text = NULL;
    int rc = doc && (list = cJSON_AddArrayToObject(doc, "plays")) != NULL
                 ? store_begin_read(ctx->store, &ctx->err)
                 : sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    if (rc == 0) {
        /* Plays name the winner; the games list gives its id, as two players may share
         * a name. One read transaction keeps the two in step. */
        rc = load_plays(ctx, &plays);
        if (rc == 0)
            rc = store_games_json(ctx->store, ctx->cid, &games_text, &ctx->err);
        store_rollback(ctx->store);
    }
    if (rc == 0)
        rc = api_take_stored(ctx, games_text, &games);
    cJSON_ArrayForEach(p, (rc == 0 ? plays : NULL))
    {
        cJSON *play = bgg_play(p, game_name, winner_of(games, num_of(p, "game")));
        if (!play || !cJSON_AddItemToArray(list, play)) {
            cJSON_Delete(play);
            rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
            break;
        }
    }
    if (rc == 0)
        rc = api_reply_json(ctx, 200, doc);
    cJSON_Delete(plays);
    cJSON_Delete(games);
    cJSON_Delete(doc);
    return rc;
}
