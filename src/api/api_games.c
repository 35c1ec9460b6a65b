/* api_games.c -- games: creation, the event log, snapshots, replay, undo, the stream. */
#include "api_internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_json.h"
#include "json.h"
#include "results.h"
#include "results_json.h"
#include "rules.h"
#include "state_json.h"

#define GAME_PLAYED_AT_MAX 64

/* A parsed board, shared read-only by the cache and the requests using it; freed
 * with its last reference. */
struct game_board {
    atomic_int refs;
    struct board b;
};

static struct game_board *game_board_ref(struct game_board *gb)
{
    if (gb)
        atomic_fetch_add(&gb->refs, 1);
    return gb;
}

static void game_board_unref(struct game_board *gb)
{
    if (gb && atomic_fetch_sub(&gb->refs, 1) == 1)
        free(gb);
}

/* A game loaded for writing or replaying: its row, and its state in the form its
 * engine works on (a struct game_state for Travel World Tour, a JSON document for the
 * results editions). */
struct game {
    struct store_game row;
    bool results;
    enum results_edition edition;
    struct game_board *gb;     /* Travel World Tour: the board (a reference) ... */
    const struct board *board; /* ... and the board itself */
    struct game_state st;
    cJSON *doc; /* results mode: the state document */
};

static void game_free(struct game *gm)
{
    if (!gm)
        return;
    store_game_clear(&gm->row);
    game_board_unref(gm->gb);
    cJSON_Delete(gm->doc);
    free(gm);
}

/* ---- the game cache ---- */

/* The parsed board and working state of the games written lately, so that an append
 * neither reads nor parses the board document (some 30 KB of JSON) and the snapshot
 * again. A game's board never changes once the game exists; its state is known by its
 * version, which every change bumps in the same transaction. So an entry is keyed by
 * the game id, its state by the version, and entries are published only once the
 * transaction that made them has committed (games_cache_commit): a write rolled back
 * leaves nothing behind. A test that puts the database back underneath a running API
 * must call api_forget(). Shared by all threads under its lock; best effort (a failed
 * allocation just leaves an entry out). */
#define GAME_CACHE_SLOTS 8

struct game_cache_entry {
    int64_t gid; /* 0: empty */
    uint64_t used;
    struct game_board *board; /* a reference */
    int64_t version;          /* of st; 0: no state */
    struct game_state *st;
};

struct game_cache {
    pthread_mutex_t lock;
    uint64_t tick;
    struct game_cache_entry slots[GAME_CACHE_SLOTS];
};

/* What a request would add to the cache once its transaction commits. */
struct game_cache_pending {
    int64_t gid;
    struct game_board *board; /* a reference; NULL: the cache has it */
    int64_t version;
    struct game_state *st;
};

static void game_cache_clear(struct game_cache_entry *e)
{
    game_board_unref(e->board);
    free(e->st);
    memset(e, 0, sizeof(*e));
}

struct game_cache *game_cache_new(void)
{
    struct game_cache *c = calloc(1, sizeof(*c));
    if (c)
        pthread_mutex_init(&c->lock, NULL);
    return c;
}

void game_cache_free(struct game_cache *c)
{
    if (!c)
        return;
    for (int i = 0; i < GAME_CACHE_SLOTS; i++)
        game_cache_clear(&c->slots[i]);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

void api_forget(struct api *api)
{
    pthread_mutex_lock(&api->games->lock);
    for (int i = 0; i < GAME_CACHE_SLOTS; i++)
        game_cache_clear(&api->games->slots[i]);
    pthread_mutex_unlock(&api->games->lock);
}

/* A reference to the cached board of gid (NULL when none), and its state copied into
 * *st when it is the state of version (*st_hit says so). */
static struct game_board *game_cache_get(struct game_cache *c, int64_t gid, int64_t version,
                                         struct game_state *st, bool *st_hit)
{
    struct game_board *hit = NULL;
    *st_hit = false;
    pthread_mutex_lock(&c->lock);
    for (int i = 0; i < GAME_CACHE_SLOTS && !hit; i++) {
        struct game_cache_entry *e = &c->slots[i];
        if (e->gid != gid)
            continue;
        hit = game_board_ref(e->board);
        e->used = ++c->tick;
        if (e->st && e->version == version) {
            *st = *e->st;
            *st_hit = true;
        }
    }
    pthread_mutex_unlock(&c->lock);
    return hit;
}

static void game_cache_pending_free(struct game_cache_pending *p)
{
    if (!p)
        return;
    game_board_unref(p->board);
    free(p->st);
    free(p);
}

/* Note that gid has board gb (NULL: the cache has it already) and, at version, state
 * st, for the cache once the request's transaction commits. */
static void game_cache_note(struct api_ctx *ctx, int64_t gid, struct game_board *gb,
                            int64_t version, const struct game_state *st)
{
    struct game_cache_pending *p = calloc(1, sizeof(*p));
    if (p)
        p->board = game_board_ref(gb);
    if (p && (p->st = malloc(sizeof(*p->st))) != NULL)
        *p->st = *st;
    if (!p || !p->st) {
        game_cache_pending_free(p);
        return;
    }
    p->gid = gid;
    p->version = version;
    game_cache_pending_free(ctx->cache_pending);
    ctx->cache_pending = p;
}

void games_cache_commit(struct api_ctx *ctx, bool committed)
{
    struct game_cache_pending *p = ctx->cache_pending;
    struct game_cache *c = ctx->api->games;
    struct game_cache_entry *e = NULL;
    ctx->cache_pending = NULL;
    if (!p || !committed) {
        game_cache_pending_free(p);
        return;
    }
    pthread_mutex_lock(&c->lock);
    for (int i = 0; i < GAME_CACHE_SLOTS && !e; i++)
        if (c->slots[i].gid == p->gid)
            e = &c->slots[i];
    if (!e && p->board) {
        e = &c->slots[0];
        for (int i = 1; i < GAME_CACHE_SLOTS; i++)
            if (c->slots[i].used < e->used)
                e = &c->slots[i];
        game_cache_clear(e);
        e->gid = p->gid;
        e->board = p->board;
        p->board = NULL;
    }
    /* A slower request may publish an older version after a newer one: keep the newer. */
    if (e && p->version >= e->version) {
        free(e->st);
        e->st = p->st;
        e->version = p->version;
        p->st = NULL;
    }
    if (e)
        e->used = ++c->tick;
    pthread_mutex_unlock(&c->lock);
    game_cache_pending_free(p);
}

/* Parse a board document text into b. */
static int game_parse_board(struct api_ctx *ctx, const char *text, struct board *b)
{
    cJSON *doc = NULL;
    int rc = api_parse_stored(ctx, text, &doc);
    if (rc == 0)
        rc = board_from_json(doc, b, &ctx->err);
    cJSON_Delete(doc);
    return rc;
}

/* Set gm's working state from a state document text (the snapshot or the initial). */
static int game_set_state(struct api_ctx *ctx, struct game *gm, const char *text)
{
    cJSON *doc = NULL;
    int rc = api_parse_stored(ctx, text, &doc);
    if (rc != 0)
        return rc;
    if (gm->results) {
        cJSON_Delete(gm->doc);
        gm->doc = doc;
        return 0;
    }
    memset(&gm->st, 0, sizeof(gm->st));
    rc = state_from_json(gm->board, doc, &gm->st, &ctx->err);
    cJSON_Delete(doc);
    if (rc != 0) {
        char why[SB_DETAIL_MAX]; /* ctx->err.detail cannot be both source and target */
        snprintf(why, sizeof(why), "%s", ctx->err.detail);
        rc = sb_fail(&ctx->err, SB_EIO, NULL, "the stored state is damaged: %s", why);
    }
    return rc;
}

/* Load game gid of the campaign with its board and its snapshot state; docs: also its
 * board and initial state texts (gm->row), for a replay. */
static int game_load(struct api_ctx *ctx, int64_t gid, bool docs, struct game **out)
{
    struct game *gm = malloc(sizeof(*gm));
    bool board_hit = false, st_hit = false;
    int rc;
    if (!gm)
        return sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    /* Not calloc: the state alone is some 15 KB, and is filled below. */
    memset(gm, 0, offsetof(struct game, st));
    gm->doc = NULL;
    rc = store_game_get(ctx->store, ctx->cid, gid, false, &gm->row, &ctx->err);
    if (rc == 0) {
        gm->results = strcmp(gm->row.mode, "results") == 0;
        if (!gm->results)
            gm->gb = game_cache_get(ctx->api->games, gid, gm->row.version, &gm->st, &st_hit);
        board_hit = gm->gb != NULL;
        if (docs || !st_hit) {
            store_game_clear(&gm->row);
            rc = store_game_get(ctx->store, ctx->cid, gid, true, &gm->row, &ctx->err);
        }
    }
    if (rc == 0 && gm->results) {
        int ed = results_edition_from_id(ctx->campaign.edition);
        if (ed < 0)
            rc = sb_fail(&ctx->err, SB_EIO, NULL, "campaign edition has no results rule");
        gm->edition = (enum results_edition)(ed < 0 ? 0 : ed);
    } else if (rc == 0 && !board_hit) {
        gm->gb = malloc(sizeof(*gm->gb));
        if (!gm->gb) {
            rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
        } else {
            atomic_init(&gm->gb->refs, 1);
            rc = game_parse_board(ctx, gm->row.board, &gm->gb->b);
        }
    }
    if (gm->gb)
        gm->board = &gm->gb->b;
    if (rc == 0 && !st_hit)
        rc = game_set_state(ctx, gm, gm->row.state);
    if (rc == 0 && !gm->results && !st_hit)
        game_cache_note(ctx, gid, board_hit ? NULL : gm->gb, gm->row.version, &gm->st);
    if (rc != 0) {
        game_free(gm);
        return rc;
    }
    *out = gm;
    return 0;
}

/* ---- results mode ---- */

/* The seats of a results-mode state document as player ids. */
static int results_seats(const cJSON *doc, int64_t *seats)
{
    const cJSON *players = cJSON_GetObjectItemCaseSensitive(doc, "players"), *p;
    int n = 0;
    cJSON_ArrayForEach(p, players)
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(p, "id");
        if (n < RESULTS_MAX_PLAYERS && cJSON_IsNumber(id))
            seats[n++] = (int64_t)id->valuedouble;
    }
    return n;
}

/* Set a member of obj, replacing what was there. Returns false when out of memory. */
static bool json_set(cJSON *obj, const char *key, cJSON *value)
{
    if (!value)
        return false;
    if (cJSON_HasObjectItem(obj, key))
        return cJSON_ReplaceItemInObjectCaseSensitive(obj, key, value);
    return cJSON_AddItemToObject(obj, key, value);
}

/* Apply one event of a results-mode game to gm->doc: `result`, `note` or `end`.
 * *effects gets the effects array. */
static int results_apply(struct api_ctx *ctx, struct game *gm, const cJSON *body, int64_t seq,
                         cJSON **effects)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(body, "type");
    const cJSON *status = cJSON_GetObjectItemCaseSensitive(gm->doc, "status");
    bool active = cJSON_IsString(status) && strcmp(status->valuestring, "active") == 0;
    cJSON *fx = cJSON_CreateArray();
    int rc = 0;

    if (!fx)
        return sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    if (!cJSON_IsString(type)) {
        rc = sb_fail(&ctx->err, SB_EBADREQ, NULL, "'type' must be a string");
    } else if (strcmp(type->valuestring, "note") == 0) {
        const char *text = NULL;
        rc = json_get_string(body, "text", true, JSON_TEXT_MAX_CHARS, false, &text, &ctx->err);
    } else if (!active) {
        rc = sb_fail(&ctx->err, SB_ECONFLICT, "RESULTS-END", "this game is over");
    } else if (strcmp(type->valuestring, "result") == 0) {
        int64_t seats[RESULTS_MAX_PLAYERS];
        int n = results_seats(gm->doc, seats);
        struct results_outcome *o = calloc(1, sizeof(*o));
        cJSON *result = NULL;
        rc = o ? results_decide_json(body, gm->edition, seats, n, o, &ctx->err)
               : sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
        if (rc == 0 && !(result = results_to_json(o)))
            rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
        if (rc == 0) {
            cJSON *win = cJSON_CreateObject();
            cJSON_AddStringToObject(win, "kind", "win");
            cJSON_AddNumberToObject(win, "player", (double)o->winner);
            cJSON_AddItemToArray(fx, win);
            if (!json_set(gm->doc, "result", result) ||
                !json_set(gm->doc, "winner", cJSON_CreateNumber((double)o->winner)) ||
                !json_set(gm->doc, "status", cJSON_CreateString("finished")))
                rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
        } else {
            cJSON_Delete(result);
        }
        free(o);
    } else if (strcmp(type->valuestring, "end") == 0) {
        int64_t winner = 0, seats[RESULTS_MAX_PLAYERS];
        bool has_winner = false, seated = false;
        const char *reason = NULL;
        int n = results_seats(gm->doc, seats);
        rc = json_get_int(body, "winner", false, 1, JSON_INT_MAX, &winner, &has_winner, &ctx->err);
        if (rc == 0)
            rc = json_get_string(body, "reason", false, JSON_TEXT_MAX_CHARS, true, &reason,
                                 &ctx->err);
        for (int i = 0; i < n; i++)
            seated |= seats[i] == winner;
        if (rc == 0 && has_winner && !seated)
            rc = sb_fail(&ctx->err, SB_EINVALID, NULL, "player %lld is not seated in this game",
                         (long long)winner);
        if (rc == 0 &&
            (!json_set(gm->doc, "winner",
                       has_winner ? cJSON_CreateNumber((double)winner) : cJSON_CreateNull()) ||
             !json_set(gm->doc, "status",
                       cJSON_CreateString(has_winner ? "finished" : "abandoned"))))
            rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    } else {
        rc = sb_fail(&ctx->err, SB_EINVALID, NULL,
                     "a results-mode game takes only result, note and end events");
    }
    if (rc == 0 && !json_set(gm->doc, "seq", cJSON_CreateNumber((double)seq)))
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    if (rc != 0) {
        cJSON_Delete(fx);
        return rc;
    }
    *effects = fx;
    return 0;
}

/* ---- applying events ---- */

/* The stamp-owner policy an event was (or is) applied under: its payload's
 * "stamp_owner" when it has one, else the campaign's. */
static enum stamp_owner game_policy(const struct api_ctx *ctx, const cJSON *payload)
{
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(payload, "stamp_owner");
    if (cJSON_IsString(p))
        return strcmp(p->valuestring, "player") == 0 ? STAMP_OWNER_PLAYER : STAMP_OWNER_TOKEN;
    return ctx->campaign.policy_player ? STAMP_OWNER_PLAYER : STAMP_OWNER_TOKEN;
}

/* Apply one event body to gm's state as event seq. On success *effects gets the
 * effects array and, for Travel World Tour, *outcome (if given) the engine's outcome
 * (caller frees both). On refusal the state is unchanged. */
static int game_apply(struct api_ctx *ctx, struct game *gm, const cJSON *body, int64_t seq,
                      cJSON **effects, struct rules_outcome **outcome)
{
    struct rules_outcome *out;
    struct rules_event ev;
    int rc;

    if (gm->results)
        return results_apply(ctx, gm, body, seq, effects);
    out = calloc(1, sizeof(*out));
    if (!out)
        return sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    memset(&ev, 0, sizeof(ev));
    rc = event_from_json(gm->board, &gm->st, body, &ev, &ctx->err);
    if (rc == 0) {
        ev.seq = seq;
        if (rules_apply(gm->board, game_policy(ctx, body), &gm->st, &ev, out) != 0)
            rc = sb_fail(&ctx->err, sb_code_for_status(out->refusal.status), out->refusal.rule,
                         "%s", out->refusal.detail);
    }
    if (rc == 0 && !(*effects = effects_to_json(gm->board, &gm->st, out)))
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    if (rc == 0 && outcome)
        *outcome = out;
    else
        free(out);
    return rc;
}

/* gm's state as a new JSON document with the given version. */
static cJSON *game_state_json(const struct game *gm, int64_t version)
{
    cJSON *doc;
    if (!gm->results)
        return state_to_json(gm->board, &gm->st, version);
    doc = cJSON_Duplicate(gm->doc, true);
    if (doc && !json_set(doc, "version", cJSON_CreateNumber((double)version))) {
        cJSON_Delete(doc);
        doc = NULL;
    }
    return doc;
}

/* The snapshot columns of gm's state: status and winner. */
static void game_snapshot_meta(const struct game *gm, struct store_snapshot *snap)
{
    if (gm->results) {
        const cJSON *status = cJSON_GetObjectItemCaseSensitive(gm->doc, "status");
        const cJSON *winner = cJSON_GetObjectItemCaseSensitive(gm->doc, "winner");
        snap->status = cJSON_IsString(status) ? status->valuestring : "active";
        snap->winner = cJSON_IsNumber(winner) ? (int64_t)winner->valuedouble : 0;
    } else {
        snap->status = gm->st.status == STATUS_ACTIVE     ? "active"
                       : gm->st.status == STATUS_FINISHED ? "finished"
                                                          : "abandoned";
        snap->winner = gm->st.winner >= 0 ? gm->st.players[gm->st.winner].id : 0;
    }
    snap->ended = strcmp(snap->status, "active") != 0;
}

/* Write the Travel Journal rows of an accepted draw_journal event (stamps, the draw,
 * its payouts). before is the state the event was applied to. */
static int game_journal_rows(struct api_ctx *ctx, const struct game *gm,
                             const struct game_state *before, const cJSON *body, int64_t seq,
                             const struct rules_outcome *out)
{
    const struct board *b = gm->board;
    const char *card = NULL;
    int drawer = before->pending.kind == PENDING_DRAW ? before->pending.seat : -1;
    int stamped = -1, rc = 0;
    const cJSON *player = cJSON_GetObjectItemCaseSensitive(body, "player");

    if (gm->st.mode == MODE_JOURNAL && cJSON_IsNumber(player))
        drawer = rules_seat_of(&gm->st, (int64_t)player->valuedouble);
    for (int i = 0; rc == 0 && i < out->neffects; i++) {
        const struct rules_effect *e = &out->effects[i];
        if (e->kind != OUT_JOURNAL_STAMP)
            continue;
        card = b->journal[e->card].id;
        stamped = e->slot;
        rc = store_journal_stamp_add(ctx->store, ctx->cid, card, stamped, b->tokens[e->token].id,
                                     gm->st.players[e->player].id, gm->row.id, seq, &ctx->err);
    }
    if (!card) {
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(body, "card");
        card = cJSON_IsString(c) ? c->valuestring : "";
    }
    if (rc == 0 && drawer >= 0)
        rc = store_journal_draw_add(ctx->store, ctx->cid, gm->row.id, seq, card,
                                    gm->st.players[drawer].id, stamped, &ctx->err);
    for (int i = 0; rc == 0 && i < out->neffects; i++) {
        const struct rules_effect *e = &out->effects[i];
        if (e->kind == OUT_JOURNAL_PAYOUT)
            rc = store_journal_payout_add(ctx->store, gm->row.id, seq, gm->st.players[e->player].id,
                                          b->tokens[e->token].id, e->stamps, e->amount, &ctx->err);
    }
    return rc;
}

/* The payload to store for an accepted event: the body, plus the stamp-owner policy a
 * journal draw was paid under (so a replay pays the same). */
static cJSON *game_payload(const struct api_ctx *ctx, const cJSON *body)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(body, "type");
    cJSON *payload = cJSON_Duplicate(body, true);
    if (payload && cJSON_IsString(type) && strcmp(type->valuestring, "draw_journal") == 0 &&
        !cJSON_HasObjectItem(payload, "stamp_owner") &&
        !cJSON_AddStringToObject(payload, "stamp_owner",
                                 ctx->campaign.policy_player ? "player" : "token")) {
        cJSON_Delete(payload);
        payload = NULL;
    }
    return payload;
}

int games_append(struct api_ctx *ctx, int64_t gid, const cJSON *body, int64_t seq, const char *at,
                 const char *idem_key, char **answer, int64_t *version)
{
    struct game *gm = NULL;
    struct game_state *before = NULL;
    struct rules_outcome *out = NULL;
    cJSON *effects = NULL, *payload = NULL, *state = NULL, *event = NULL;
    char *payload_text = NULL, *effects_text = NULL, *state_text = NULL, *event_text = NULL;
    char now[STORE_TIME_MAX];
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(body, "type");
    struct store_snapshot snap;
    int rc;

    if (!cJSON_IsString(type))
        return sb_fail(&ctx->err, SB_EBADREQ, NULL, "an event needs a string 'type'");
    rc = game_load(ctx, gid, false, &gm);
    if (rc != 0)
        return rc;
    if (seq <= gm->row.last_seq)
        seq = gm->row.last_seq + 1;
    /* Only a journal draw needs the state it was applied to (game_journal_rows). */
    if (!gm->results && strcmp(type->valuestring, "draw_journal") == 0 &&
        !(before = malloc(sizeof(*before))))
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    if (rc == 0 && before)
        *before = gm->st;
    if (rc == 0)
        rc = game_apply(ctx, gm, body, seq, &effects, &out);
    if (rc == 0 && !(payload = game_payload(ctx, body)))
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    if (rc == 0 && !(state = game_state_json(gm, gm->row.version + 1)))
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    if (rc == 0 && (!(payload_text = cJSON_PrintUnformatted(payload)) ||
                    !(effects_text = cJSON_PrintUnformatted(effects)) ||
                    !(state_text = cJSON_PrintUnformatted(state))))
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    if (rc == 0) {
        if (!at) {
            store_now(now);
            at = now;
        }
        game_snapshot_meta(gm, &snap);
        snap.state = state_text;
        rc = store_event_append(ctx->store, gid, seq, type->valuestring, payload_text, effects_text,
                                at, idem_key, &snap, version, &ctx->err);
        /* The next append to this game finds its state in the cache, once committed. */
        if (rc == 0 && !gm->results)
            game_cache_note(ctx, gid, gm->gb, *version, &gm->st);
    }
    if (rc == 0 && out && before)
        rc = game_journal_rows(ctx, gm, before, payload, seq, out);
    if (rc == 0 && answer) {
        /* {"event","effects","state"} from the texts already printed for the store. */
        size_t len;
        event = cJSON_Duplicate(payload, true);
        if (!event || !json_set(event, "seq", cJSON_CreateNumber((double)seq)) ||
            !json_set(event, "type", cJSON_CreateString(type->valuestring)) ||
            !json_set(event, "at", cJSON_CreateString(at)) ||
            !json_set(event, "voided", cJSON_CreateFalse()) ||
            !(event_text = cJSON_PrintUnformatted(event)))
            rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
        len = rc == 0 ? strlen(event_text) + strlen(effects_text) + strlen(state_text) + 64 : 0;
        if (rc == 0 && !(*answer = malloc(len)))
            rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
        if (rc == 0)
            snprintf(*answer, len, "{\"event\":%s,\"effects\":%s,\"state\":%s}", event_text,
                     effects_text, state_text);
    }
    if (rc == 0)
        ctx->appended++;
    cJSON_Delete(event);
    free(event_text);
    cJSON_Delete(effects);
    cJSON_Delete(payload);
    cJSON_Delete(state);
    free(payload_text);
    free(effects_text);
    free(state_text);
    free(out);
    free(before);
    game_free(gm);
    return rc;
}

/* ---- replay ---- */

struct replay {
    struct api_ctx *ctx;
    struct game *gm;
    int64_t skip; /* a seq to leave out (the event being undone), 0 for none */
};

/* Apply one logged event during a replay; a refusal means the log is damaged. */
static int replay_event(void *arg, int64_t seq, const char *type, const char *payload)
{
    struct replay *r = arg;
    cJSON *body = NULL, *effects = NULL;
    int rc;
    (void)type;
    if (seq == r->skip)
        return 0;
    rc = api_parse_stored(r->ctx, payload, &body);
    if (rc == 0)
        rc = game_apply(r->ctx, r->gm, body, seq, &effects, NULL);
    if (rc != 0 && rc != SB_ENOMEM) {
        char why[SB_DETAIL_MAX]; /* err.detail cannot be both source and target */
        snprintf(why, sizeof(why), "%s", r->ctx->err.detail);
        rc = sb_fail(&r->ctx->err, SB_EIO, NULL, "event %lld no longer replays: %s", (long long)seq,
                     why);
    }
    cJSON_Delete(effects);
    cJSON_Delete(body);
    return rc;
}

/* Rebuild gm's state from its initial state and the live events up to seq upto
 * (0: all), leaving out seq skip. */
static int game_replay(struct api_ctx *ctx, struct game *gm, int64_t upto, int64_t skip)
{
    struct replay r = {ctx, gm, skip};
    int rc = game_set_state(ctx, gm, gm->row.initial);
    if (rc == 0)
        rc = store_events_each(ctx->store, gm->row.id, upto, replay_event, &r, &ctx->err);
    return rc;
}

/* ---- creating games ---- */

/* The journal as it stands for the campaign, for the state of a new game. */
static int game_initial_journal(struct api_ctx *ctx, const struct board *b,
                                struct journal_state *journal)
{
    char *text = NULL;
    cJSON *stamps = NULL, *s;
    int rc = store_journal_stamps_json(ctx->store, ctx->cid, 0, &text, &ctx->err);
    if (rc == 0)
        rc = api_parse_stored(ctx, text, &stamps);
    free(text);
    if (rc != 0)
        return rc;
    /* Rows come ordered by card and slot: each fills the card's next circle. */
    cJSON_ArrayForEach(s, stamps)
    {
        const cJSON *card = cJSON_GetObjectItemCaseSensitive(s, "card");
        const cJSON *token = cJSON_GetObjectItemCaseSensitive(s, "token");
        const cJSON *player = cJSON_GetObjectItemCaseSensitive(s, "player");
        const cJSON *pid = cJSON_GetObjectItemCaseSensitive(player, "id");
        const cJSON *game = cJSON_GetObjectItemCaseSensitive(s, "game");
        const cJSON *seq = cJSON_GetObjectItemCaseSensitive(s, "seq");
        int ci = cJSON_IsString(card) ? board_find_journal(b, card->valuestring) : -1;
        int ti = cJSON_IsString(token) ? board_find_token(b, token->valuestring) : -1;
        struct journal_state *js;
        if (ci < 0 || ti < 0 || !cJSON_IsNumber(pid) || !cJSON_IsNumber(game) ||
            !cJSON_IsNumber(seq))
            continue;
        js = &journal[ci];
        if (js->nstamps >= BOARD_MAX_SLOTS)
            continue;
        js->stamps[js->nstamps].token = ti;
        js->stamps[js->nstamps].player = (int64_t)pid->valuedouble;
        js->stamps[js->nstamps].game = (int64_t)game->valuedouble;
        js->stamps[js->nstamps].seq = (int64_t)seq->valuedouble;
        js->nstamps++;
    }
    cJSON_Delete(stamps);
    return 0;
}

/* Read the seats of a game body: [{"player": pid, "token": "..."}], each player of this
 * campaign, with names filled in from the store. results: a results-mode edition, whose
 * seat count is RESULTS-PLAYERS (TWT-SETUP-1 otherwise). */
static int game_read_seats(struct api_ctx *ctx, const cJSON *body, int max, bool results,
                           struct rules_seat *seats, char names[][RULES_NAME_MAX],
                           const char **tokens, int *n)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(body, "seats"), *s;
    int count = 0, rc = 0;
    if (!cJSON_IsArray(arr))
        return sb_fail(&ctx->err, SB_EBADREQ, NULL, "'seats' must be an array");
    cJSON_ArrayForEach(s, arr)
    {
        int64_t pid = 0;
        const char *token = NULL;
        if (count >= max)
            return sb_fail(&ctx->err, SB_EINVALID, results ? "RESULTS-PLAYERS" : "TWT-SETUP-1",
                           "this edition seats at most %d players", max);
        if (!cJSON_IsObject(s))
            return sb_fail(&ctx->err, SB_EBADREQ, NULL, "each seat must be an object");
        rc = json_get_int(s, "player", true, 1, JSON_INT_MAX, &pid, NULL, &ctx->err);
        if (rc == 0)
            rc = json_get_string(s, "token", true, JSON_NAME_MAX_CHARS, false, &token, &ctx->err);
        if (rc == 0)
            rc = store_player_name(ctx->store, ctx->cid, pid, names[count], RULES_NAME_MAX,
                                   &ctx->err);
        if (rc != 0)
            return rc;
        for (int i = 0; i < count; i++)
            if (seats[i].player == pid)
                return sb_fail(&ctx->err, SB_EINVALID, results ? NULL : "TWT-SETUP-1",
                               "player %lld is seated twice", (long long)pid);
        seats[count].player = pid;
        seats[count].name = names[count];
        seats[count].token = -1;
        tokens[count] = token;
        count++;
    }
    *n = count;
    return 0;
}

/* The state document of a new results-mode game. */
static cJSON *results_initial(const struct rules_seat *seats, const char *const *tokens, int n)
{
    cJSON *doc = cJSON_CreateObject(), *players = cJSON_CreateArray();
    if (!doc || !players) {
        cJSON_Delete(doc);
        cJSON_Delete(players);
        return NULL;
    }
    cJSON_AddItemToObject(doc, "players", players);
    for (int i = 0; i < n; i++) {
        cJSON *p = cJSON_CreateObject();
        if (!p || !cJSON_AddItemToArray(players, p) ||
            !cJSON_AddNumberToObject(p, "id", (double)seats[i].player) ||
            !cJSON_AddStringToObject(p, "name", seats[i].name) ||
            !cJSON_AddStringToObject(p, "token", tokens[i])) {
            cJSON_Delete(doc);
            return NULL;
        }
    }
    if (!cJSON_AddNumberToObject(doc, "version", 1) || !cJSON_AddNumberToObject(doc, "seq", 0) ||
        !cJSON_AddStringToObject(doc, "status", "active") ||
        !cJSON_AddStringToObject(doc, "mode", "results") || !cJSON_AddNullToObject(doc, "winner") ||
        !cJSON_AddNullToObject(doc, "result")) {
        cJSON_Delete(doc);
        return NULL;
    }
    return doc;
}

/* The seats column: [{"player","token"}]. */
static cJSON *game_seats_json(const struct rules_seat *seats, const char *const *tokens, int n)
{
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; arr && i < n; i++) {
        cJSON *s = cJSON_CreateObject();
        if (!s || !cJSON_AddItemToArray(arr, s) ||
            !cJSON_AddNumberToObject(s, "player", (double)seats[i].player) ||
            !cJSON_AddStringToObject(s, "token", tokens[i])) {
            cJSON_Delete(arr);
            return NULL;
        }
    }
    return arr;
}

/* The initial state of a Travel World Tour game for these seats. */
static int game_initial_full(struct api_ctx *ctx, const char *board_text, const char *mode,
                             int64_t gid, struct rules_seat *seats, const char *const *tokens,
                             int n, cJSON **state)
{
    struct board *b = malloc(sizeof(*b));
    struct game_state *st = malloc(sizeof(*st));
    struct rules_outcome *out = malloc(sizeof(*out));
    struct journal_state *journal = calloc(BOARD_MAX_CARDS, sizeof(*journal));
    int rc = 0;

    if (!b || !st || !out || !journal)
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    if (rc == 0)
        rc = game_parse_board(ctx, board_text, b);
    for (int i = 0; rc == 0 && i < n; i++) {
        seats[i].token = board_find_token(b, tokens[i]);
        if (seats[i].token < 0)
            rc = sb_fail(&ctx->err, SB_EINVALID, "TWT-SETUP-1", "no token '%s' in this box",
                         tokens[i]);
    }
    if (rc == 0)
        rc = game_initial_journal(ctx, b, journal);
    if (rc == 0) {
        memset(st, 0, sizeof(*st));
        if (rules_init(b, strcmp(mode, "journal") == 0 ? MODE_JOURNAL : MODE_BANKER, gid, seats, n,
                       journal, st, out) != 0)
            rc = sb_fail(&ctx->err, SB_EINVALID, out->refusal.rule, "%s", out->refusal.detail);
    }
    if (rc == 0 && !(*state = state_to_json(b, st, 1)))
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    free(b);
    free(st);
    free(out);
    free(journal);
    return rc;
}

int games_create(struct api_ctx *ctx, const cJSON *body, const char *board_doc, int64_t *gid)
{
    struct rules_seat seats[RESULTS_MAX_PLAYERS];
    char names[RESULTS_MAX_PLAYERS][RULES_NAME_MAX];
    const char *tokens[RESULTS_MAX_PLAYERS];
    const char *mode = NULL, *played_at = NULL;
    char *board = NULL, *state_text = NULL, *seats_text = NULL;
    cJSON *state = NULL, *seats_json = NULL;
    int results = results_edition_from_id(ctx->campaign.edition);
    int n = 0,
        max = results >= 0 ? results_players_max((enum results_edition)results) : RULES_MAX_PLAYERS;
    int rc = json_get_string(body, "mode", true, 16, false, &mode, &ctx->err);

    if (rc == 0 && results >= 0 && strcmp(mode, "results") != 0)
        rc = sb_fail(&ctx->err, SB_EINVALID, NULL, "games of %s are logged with mode \"results\"",
                     ctx->campaign.edition);
    if (rc == 0 && results < 0 && strcmp(mode, "banker") != 0 && strcmp(mode, "journal") != 0)
        rc = sb_fail(&ctx->err, SB_EINVALID, NULL, "mode must be \"banker\" or \"journal\"");
    if (rc == 0)
        rc = json_get_string(body, "played_at", false, GAME_PLAYED_AT_MAX, false, &played_at,
                             &ctx->err);
    if (rc == 0)
        rc = game_read_seats(ctx, body, max, results >= 0, seats, names, tokens, &n);
    if (rc == 0 && results >= 0 && n < results_players_min((enum results_edition)results))
        rc =
            sb_fail(&ctx->err, SB_EINVALID, "RESULTS-PLAYERS", "%s needs %d to %d players",
                    ctx->campaign.edition, results_players_min((enum results_edition)results), max);
    if (rc == 0 && ctx->campaign.active_game)
        rc = sb_fail(&ctx->err, SB_ECONFLICT, NULL, "game %lld is still active",
                     (long long)ctx->campaign.active_game);
    if (rc == 0)
        rc = store_game_next_id(ctx->store, gid, &ctx->err);
    if (rc == 0 && board_doc && !(board = strdup(board_doc)))
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    if (rc == 0 && !board_doc)
        rc = store_campaign_board(ctx->store, ctx->cid, &board, &ctx->err);
    if (rc == 0 && results < 0)
        rc = game_initial_full(ctx, board, mode, *gid, seats, tokens, n, &state);
    if (rc == 0 && results >= 0 && !(state = results_initial(seats, tokens, n)))
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    if (rc == 0 && (!(seats_json = game_seats_json(seats, tokens, n)) ||
                    !(seats_text = cJSON_PrintUnformatted(seats_json)) ||
                    !(state_text = cJSON_PrintUnformatted(state))))
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    if (rc == 0)
        rc = store_game_create(ctx->store, *gid, ctx->cid, mode, seats_text, board, state_text,
                               played_at, &ctx->err);
    free(board);
    free(state_text);
    free(seats_text);
    cJSON_Delete(state);
    cJSON_Delete(seats_json);
    return rc;
}

/* ---- renaming ---- */

/* Rename the player in one state document (players[].name where id matches). version > 0
 * replaces the document's "version": the snapshot must name the version the game row
 * gets, which is its ETag. */
static int rename_in_doc(struct api_ctx *ctx, const char *text, int64_t pid, const char *name,
                         int64_t version, char **out)
{
    cJSON *doc = NULL, *p;
    int rc = api_parse_stored(ctx, text, &doc);
    if (rc != 0)
        return rc;
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(doc, "players"))
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(p, "id");
        if (cJSON_IsNumber(id) && (int64_t)id->valuedouble == pid &&
            !json_set(p, "name", cJSON_CreateString(name)))
            rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    }
    if (rc == 0 && version > 0 && !json_set(doc, "version", cJSON_CreateNumber((double)version)))
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    if (rc == 0 && !(*out = cJSON_PrintUnformatted(doc)))
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    cJSON_Delete(doc);
    return rc;
}

struct rename {
    struct api_ctx *ctx;
    int64_t pid;
    const char *name;
};

static int rename_game(void *arg, int64_t gid)
{
    struct rename *r = arg;
    struct store_game g;
    char *state = NULL, *initial = NULL;
    int rc = store_game_get(r->ctx->store, r->ctx->cid, gid, true, &g, &r->ctx->err);
    if (rc != 0)
        return rc;
    /* store_game_set_docs() bumps the version by one */
    rc = rename_in_doc(r->ctx, g.state, r->pid, r->name, g.version + 1, &state);
    if (rc == 0)
        rc = rename_in_doc(r->ctx, g.initial, r->pid, r->name, 0, &initial);
    if (rc == 0)
        rc = store_game_set_docs(r->ctx->store, gid, state, initial, &r->ctx->err);
    free(state);
    free(initial);
    store_game_clear(&g);
    return rc;
}

int games_rename_player(struct api_ctx *ctx, int64_t pid, const char *name)
{
    struct rename r = {ctx, pid, name};
    return store_games_of_player(ctx->store, ctx->cid, pid, rename_game, &r, &ctx->err);
}

/* ---- routes ---- */

/* Answer {"game":…,"state":…} for gid with its ETag. */
static int api_reply_game(struct api_ctx *ctx, int status, int64_t gid)
{
    char *game = NULL, *state = NULL, *body = NULL;
    int64_t version = 0;
    int rc = store_game_with_state(ctx->store, ctx->cid, gid, &game, &state, &version, &ctx->err);
    if (rc == 0) {
        size_t len = strlen(game) + strlen(state) + 32;
        if (!(body = malloc(len)))
            rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
        else
            snprintf(body, len, "{\"game\":%s,\"state\":%s}", game, state);
    }
    if (rc == 0) {
        api_reply_owned(ctx, status, body);
        api_set_etag(ctx, version);
    }
    free(game);
    free(state);
    return rc;
}

int api_post_game(struct api_ctx *ctx)
{
    cJSON *body = NULL;
    int64_t gid = 0;
    int rc = api_body_object(ctx, &body);
    if (rc == 0)
        rc = store_begin_write(ctx->store, &ctx->err);
    if (rc == 0) {
        rc = games_create(ctx, body, NULL, &gid);
        rc = rc == 0 ? store_commit(ctx->store, &ctx->err) : (store_rollback(ctx->store), rc);
    }
    if (rc == 0)
        rc = api_reply_game(ctx, 201, gid);
    if (rc == 0)
        api_game_changed(ctx->api, gid);
    cJSON_Delete(body);
    return rc;
}

int api_get_games(struct api_ctx *ctx)
{
    char *games = NULL;
    int rc = store_games_json(ctx->store, ctx->cid, &games, &ctx->err);
    if (rc == 0)
        rc = api_reply_wrapped(ctx, 200, "games", games);
    free(games);
    return rc;
}

int api_get_game(struct api_ctx *ctx)
{
    return api_reply_game(ctx, 200, ctx->gid);
}

/* Read an optional non-negative sequence number from the query. */
static int api_seq_param(struct api_ctx *ctx, const char *key, int64_t *out)
{
    const char *v = api_param(ctx, key);
    char *end = NULL;
    long long n;
    if (!v)
        return 0;
    n = strtoll(v, &end, 10);
    if (!*v || *end || n < 0 || n > JSON_INT_MAX || (v[0] == '0' && v[1]))
        return sb_fail(&ctx->err, SB_EBADREQ, NULL, "'%s' must be a whole number >= 0", key);
    *out = n;
    return 0;
}

int api_get_game_state(struct api_ctx *ctx)
{
    struct game *gm = NULL;
    cJSON *state = NULL;
    int64_t at = -1, version = 0;
    char *text = NULL;
    int rc = api_seq_param(ctx, "at", &at);
    if (rc != 0)
        return rc;
    if (at < 0) {
        rc = store_game_state(ctx->store, ctx->cid, ctx->gid, &text, &version, &ctx->err);
        if (rc == 0) {
            api_reply_owned(ctx, 200, text);
            api_set_etag(ctx, version);
        }
        return rc;
    }
    rc = store_begin_read(ctx->store, &ctx->err);
    if (rc == 0)
        rc = game_load(ctx, ctx->gid, true, &gm);
    if (rc == 0)
        rc = at == 0 ? game_set_state(ctx, gm, gm->row.initial) : game_replay(ctx, gm, at, 0);
    store_rollback(ctx->store);
    if (rc == 0 && !(state = game_state_json(gm, gm->row.version)))
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    if (rc == 0)
        rc = api_reply_json(ctx, 200, state);
    if (rc == 0) /* the game's version, as for every game answer, whatever ?at= shows */
        api_set_etag(ctx, gm->row.version);
    cJSON_Delete(state);
    game_free(gm);
    return rc;
}

int api_get_events(struct api_ctx *ctx)
{
    struct store_game g;
    int64_t after = 0;
    char *events = NULL;
    int rc = api_seq_param(ctx, "after", &after);
    if (rc == 0)
        rc = store_begin_read(ctx->store, &ctx->err);
    if (rc == 0)
        rc = store_game_get(ctx->store, ctx->cid, ctx->gid, false, &g, &ctx->err);
    if (rc == 0)
        rc = store_events_json(ctx->store, ctx->gid, after, &events, &ctx->err);
    store_rollback(ctx->store);
    if (rc == 0) {
        api_reply_owned(ctx, 200, events);
        api_set_etag(ctx, g.version);
    }
    return rc;
}

/* 412 when the request's If-Match names another version than the game's. */
static int api_check_if_match(struct api_ctx *ctx, int64_t version)
{
    char etag[API_ETAG_MAX];
    const char *m = ctx->req->if_match;
    if (!m || strcmp(m, "*") == 0)
        return 0;
    snprintf(etag, sizeof(etag), "\"%lld\"", (long long)version);
    if (strcmp(m, etag) == 0 || (strncmp(m, "W/", 2) == 0 && strcmp(m + 2, etag) == 0))
        return 0;
    /* A bare number is accepted as the version too. */
    if (strspn(m, "0123456789") == strlen(m) && strtoll(m, NULL, 10) == version)
        return 0;
    return sb_fail(&ctx->err, SB_EPRECOND, NULL,
                   "the game changed (now version %lld): reload and try again", (long long)version);
}

/* Check an Idempotency-Key header: printable ASCII, 1..128 bytes. */
static int api_check_idem_key(struct api_ctx *ctx, const char *key)
{
    size_t n = strlen(key);
    if (n == 0 || n > 128)
        return sb_fail(&ctx->err, SB_EBADREQ, NULL, "Idempotency-Key must be 1..128 bytes");
    for (size_t i = 0; i < n; i++)
        if (key[i] < 0x21 || key[i] > 0x7e)
            return sb_fail(&ctx->err, SB_EBADREQ, NULL,
                           "Idempotency-Key must be printable ASCII without spaces");
    return 0;
}

int api_post_event(struct api_ctx *ctx)
{
    cJSON *body = NULL;
    const char *key = ctx->req->idempotency_key;
    struct store_game g;
    char *text = NULL;
    int64_t version = 0;
    int rc = key ? api_check_idem_key(ctx, key) : 0;

    if (rc == 0)
        rc = api_body_object(ctx, &body);
    if (rc == 0)
        rc = store_begin_write(ctx->store, &ctx->err);
    if (rc != 0) {
        cJSON_Delete(body);
        return rc;
    }
    rc = store_game_get(ctx->store, ctx->cid, ctx->gid, false, &g, &ctx->err);
    if (rc == 0 && key) {
        char *first = NULL;
        int found = store_event_by_key(ctx->store, ctx->gid, key, &first, &ctx->err);
        if (found == 0) {
            /* The first answer may still wait in a group commit: only a durable one. */
            rc = store_commit_and_leave(&ctx->store, &ctx->err);
            cJSON_Delete(body);
            if (rc != 0) {
                free(first);
                return rc;
            }
            api_reply_owned(ctx, 200, first);
            api_set_etag(ctx, g.version);
            return 0;
        }
        if (found != SB_ENOTFOUND)
            rc = found;
    }
    if (rc == 0)
        rc = api_check_if_match(ctx, g.version);
    if (rc == 0)
        rc = games_append(ctx, ctx->gid, body, 0, NULL, key, &text, &version);
    if (rc == 0 && key)
        rc = store_event_set_answer(ctx->store, ctx->gid, g.last_seq + 1, text, &ctx->err);
    /* Shared with the appends waiting behind this one: one sync for many. */
    if (rc == 0)
        rc = store_commit_and_leave(&ctx->store, &ctx->err);
    else
        store_rollback(ctx->store);
    if (rc == 0) {
        api_reply_owned(ctx, 201, text);
        api_set_etag(ctx, version);
        api_game_changed(ctx->api, ctx->gid);
    } else {
        free(text);
    }
    cJSON_Delete(body);
    return rc;
}

/* The type of live event seq of gid, read from the events answer. */
static int undo_check_journal(struct api_ctx *ctx, const struct game *gm, int64_t seq)
{
    bool used = false;
    int rc = store_journal_stamp_used_later(ctx->store, gm->row.id, seq, &used, &ctx->err);
    if (rc == 0 && used)
        rc = sb_fail(&ctx->err, SB_ECONFLICT, "TWT-JOURNAL-3",
                     "the stamp this draw made has already paid out in a later game");
    if (rc == 0)
        rc = store_journal_undo(ctx->store, gm->row.id, seq, &ctx->err);
    return rc;
}

int api_post_undo(struct api_ctx *ctx)
{
    struct game *gm = NULL;
    struct store_snapshot snap;
    cJSON *state = NULL;
    char *state_text = NULL, *body = NULL;
    int64_t seq = 0, version = 0;
    int rc = store_begin_write(ctx->store, &ctx->err);
    if (rc != 0)
        return rc;
    rc = game_load(ctx, ctx->gid, true, &gm);
    if (rc == 0 && ctx->gid != ctx->campaign.latest_game)
        rc = sb_fail(&ctx->err, SB_ECONFLICT, NULL,
                     "only the campaign's latest game (%lld) can be undone",
                     (long long)ctx->campaign.latest_game);
    if (rc == 0)
        rc = api_check_if_match(ctx, gm->row.version);
    if (rc == 0 && (seq = gm->row.seq) == 0)
        rc = sb_fail(&ctx->err, SB_ECONFLICT, NULL, "there is nothing to undo");
    if (rc == 0 && !gm->results)
        rc = undo_check_journal(ctx, gm, seq);
    if (rc == 0)
        rc = game_replay(ctx, gm, 0, seq);
    if (rc == 0 && (!(state = game_state_json(gm, gm->row.version + 1)) ||
                    !(state_text = cJSON_PrintUnformatted(state))))
        rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
    if (rc == 0) {
        game_snapshot_meta(gm, &snap);
        snap.state = state_text;
        rc = store_event_void(ctx->store, ctx->gid, seq, &snap, &version, &ctx->err);
    }
    if (rc == 0)
        rc = store_commit(ctx->store, &ctx->err);
    else
        store_rollback(ctx->store);
    if (rc == 0) {
        size_t len = strlen(state_text) + 64;
        if (!(body = malloc(len))) {
            rc = sb_fail(&ctx->err, SB_ENOMEM, NULL, "out of memory");
        } else {
            snprintf(body, len, "{\"undone\":%lld,\"state\":%s}", (long long)seq, state_text);
            api_reply_owned(ctx, 200, body);
            api_set_etag(ctx, version);
        }
        api_game_changed(ctx->api, ctx->gid);
    }
    free(state_text);
    cJSON_Delete(state);
    game_free(gm);
    return rc;
}

int api_get_stream(struct api_ctx *ctx)
{
    struct store_game g;
    int rc = store_game_get(ctx->store, ctx->cid, ctx->gid, false, &g, &ctx->err);
    if (rc != 0)
        return rc;
    ctx->res->stream = true;
    ctx->res->stream_campaign = ctx->cid;
    ctx->res->stream_game = ctx->gid;
    ctx->res->status = 200;
    ctx->res->content_type = "text/event-stream";
    return 0;
}
