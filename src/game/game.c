/* game.c -- the game layer: creating games, loading them through the cache, applying,
 * appending, replaying, undoing and renaming (game.h). */
#include "game.h"
#include "game_state.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_json.h"
#include "correct.h"
#include "house.h"
#include "json.h"
#include "keys.h"
#include "memory.h"
#include "results.h"
#include "results_json.h"
#include "rules.h"
#include "state_json.h"

#define GAME_PLAYED_AT_MAX 64
#define GAME_DURATION_MAX 6000 /* minutes a results-mode play may last (API.md) */
#define GAME_LOCATION_MAX 80   /* characters of where it was played */

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
 * transaction that made them has committed (game_req_finish): a write rolled back
 * leaves nothing behind. A test that puts the database back underneath a running API
 * must call games_forget(). Shared by all threads under its lock; best effort (a failed
 * allocation just leaves an entry out). */
#define GAME_CACHE_SLOTS 8

struct game_cache_entry {
    int64_t gid; /* 0: empty */
    uint64_t used;
    struct game_board *board; /* a reference */
    int64_t version;          /* of st; 0: no state */
    struct game_state *st;
};

/* Appends in flight, by stripe of game ids (game_post_event). */
#define GAME_STRIPES 64

struct games {
    pthread_mutex_t lock;
    uint64_t tick;
    struct game_cache_entry slots[GAME_CACHE_SLOTS];
    atomic_int in_flight[GAME_STRIPES];
    /* The game last appended to in the writer's open transaction, which group commit
     * keeps open for the next writers: their appends find the state there instead of
     * parsing the snapshot, while the transaction (store_write_txn) is the same. Never
     * published to the slots: only the COMMIT does that (game_req_finish). */
    uint64_t open_txn;
    struct game_cache_entry open;
};

/* What a request would add to the cache once its transaction commits. */
struct game_pending {
    int64_t gid;
    struct game_board *board; /* a reference (perhaps to the cache's own) */
    int64_t version;
    struct game_state *st;
};

static void game_cache_clear(struct game_cache_entry *e)
{
    game_board_unref(e->board);
    free(e->st);
    memset(e, 0, sizeof(*e));
}

struct games *games_new(void)
{
    struct games *c = calloc(1, sizeof(*c));
    if (c)
        pthread_mutex_init(&c->lock, NULL);
    return c;
}

void games_free(struct games *c)
{
    if (!c)
        return;
    game_cache_clear(&c->open);
    for (int i = 0; i < GAME_CACHE_SLOTS; i++)
        game_cache_clear(&c->slots[i]);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

void games_forget(struct games *c)
{
    pthread_mutex_lock(&c->lock);
    game_cache_clear(&c->open);
    c->open_txn = 0;
    for (int i = 0; i < GAME_CACHE_SLOTS; i++)
        game_cache_clear(&c->slots[i]);
    pthread_mutex_unlock(&c->lock);
}

/* A reference to the cached board of gid (NULL when none), and its state copied into
 * *st when it is the state of version (*st_hit says so). txn: the writer's open
 * transaction (store_write_txn), whose last append is looked at first; 0 for none. */
static struct game_board *game_cache_get(struct games *c, int64_t gid, int64_t version,
                                         uint64_t txn, struct game_state *st, bool *st_hit)
{
    struct game_board *hit = NULL;
    *st_hit = false;
    pthread_mutex_lock(&c->lock);
    if (txn && c->open_txn == txn && c->open.gid == gid && c->open.version == version) {
        hit = game_board_ref(c->open.board); /* a correction in the transaction has its own */
        *st = *c->open.st;
        *st_hit = true;
    }
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

static void game_pending_free(struct game_pending *p)
{
    if (!p)
        return;
    game_board_unref(p->board);
    free(p->st);
    free(p);
}

/* Note that gid has board gb and, at version, state
 * st, for the cache once the request's transaction commits. */
static void game_cache_note(struct game_req *r, int64_t gid, struct game_board *gb, int64_t version,
                            const struct game_state *st)
{
    struct game_pending *p = calloc(1, sizeof(*p));
    if (p)
        p->board = game_board_ref(gb);
    if (p && (p->st = malloc(sizeof(*p->st))) != NULL)
        *p->st = *st;
    if (!p || !p->st) {
        game_pending_free(p);
        return;
    }
    p->gid = gid;
    p->version = version;
    game_pending_free(r->pending);
    r->pending = p;
}

/* Keep what the request's append left in the writer's open transaction (its pending
 * entry) for the next writer of that transaction. Call with every write of the append
 * done, just before store_commit_and_leave(). This function can't fail. */
static void game_cache_keep_open(struct game_req *r)
{
    struct game_pending *p = r->pending;
    struct games *c = r->games;
    uint64_t txn = store_write_txn(*r->store);
    if (!p || !p->st || !p->board || !txn)
        return;
    pthread_mutex_lock(&c->lock);
    if (c->open.st || (c->open.st = malloc(sizeof(*c->open.st))) != NULL) {
        if (c->open.board != p->board) {
            game_board_unref(c->open.board);
            c->open.board = game_board_ref(p->board);
        }
        *c->open.st = *p->st;
        c->open.gid = p->gid;
        c->open.version = p->version;
        c->open_txn = txn;
    }
    pthread_mutex_unlock(&c->lock);
}

/* Forget the open transaction's entry: the append it came from was not kept. */
static void game_cache_drop_open(struct games *c)
{
    pthread_mutex_lock(&c->lock);
    c->open_txn = 0;
    pthread_mutex_unlock(&c->lock);
}

/* store_commit_and_leave() for an append: what it wrote stays known to the next writer
 * of the transaction, unless the append is not kept. */
static int game_commit_append(struct game_req *r)
{
    int rc;
    game_cache_keep_open(r);
    rc = store_commit_and_leave(r->store, r->err);
    if (rc != 0)
        game_cache_drop_open(r->games);
    return rc;
}

void game_req_finish(struct game_req *r, bool committed)
{
    struct game_pending *p = r->pending;
    struct games *c = r->games;
    struct game_cache_entry *e = NULL;
    r->pending = NULL;
    if (!p || !committed) {
        game_pending_free(p);
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
        if (p->board && p->board != e->board) { /* a correction changed the game's board */
            game_board_unref(e->board);
            e->board = p->board;
            p->board = NULL;
        }
    }
    if (e)
        e->used = ++c->tick;
    pthread_mutex_unlock(&c->lock);
    game_pending_free(p);
}

/* Parse a JSON text the store kept (SB_EIO when it is not valid JSON). */
static int game_parse_stored(struct game_req *r, const char *text, cJSON **out)
{
    cJSON *doc = cJSON_Parse(text);
    if (!doc)
        return sb_fail(r->err, SB_EIO, NULL, "stored JSON is damaged");
    *out = doc;
    return 0;
}

/* Parse a board document text into b. */
static int game_parse_board(struct game_req *r, const char *text, struct board *b)
{
    cJSON *doc = NULL;
    int rc = game_parse_stored(r, text, &doc);
    if (rc == 0)
        rc = board_from_json(doc, b, r->err);
    cJSON_Delete(doc);
    return rc;
}

/* Set gm's working state from a state document text (the snapshot or the initial). */
static int game_set_state(struct game_req *r, struct game *gm, const char *text)
{
    cJSON *doc = NULL;
    int rc = game_parse_stored(r, text, &doc);
    if (rc != 0)
        return rc;
    if (gm->results) {
        cJSON_Delete(gm->doc);
        gm->doc = doc;
        return 0;
    }
    memset(&gm->st, 0, sizeof(gm->st));
    rc = state_from_json(gm->board, doc, &gm->st, r->err);
    cJSON_Delete(doc);
    if (rc != 0) {
        char why[SB_DETAIL_MAX]; /* r->err->detail cannot be both source and target */
        snprintf(why, sizeof(why), "%s", r->err->detail);
        rc = sb_fail(r->err, SB_EIO, NULL, "the stored state is damaged: %s", why);
    }
    return rc;
}

/* ---- corrections of the box (the correct event, correct.h) ---- */

/* Give gm a board of its own to change: the cached board is shared read-only, so a
 * correction changes a copy (copy on write). */
static int game_board_own(struct game_req *r, struct game *gm)
{
    struct game_board *gb = malloc(sizeof(*gb));
    if (!gb)
        return sb_oom(r->err);
    atomic_init(&gb->refs, 1);
    gb->b = gm->gb->b;
    /* gm holds a reference of its own: the analyzer cannot count them. */
    game_board_unref(gm->gb); /* NOLINT(clang-analyzer-unix.Malloc) */
    gm->gb = gb;
    gm->board = &gb->b;
    return 0;
}

/* Give gm a board of its own parsed from the board it started with (gm->row.board), for
 * a replay that applies the corrections of its log again. */
static int game_board_reset(struct game_req *r, struct game *gm)
{
    struct game_board *gb = malloc(sizeof(*gb));
    int rc;
    if (!gb)
        return sb_oom(r->err);
    atomic_init(&gb->refs, 1);
    rc = game_parse_board(r, gm->row.board, &gb->b);
    if (rc != 0) {
        free(gb);
        return rc;
    }
    /* gm holds a reference of its own: the analyzer cannot count them. */
    game_board_unref(gm->gb); /* NOLINT(clang-analyzer-unix.Malloc) */
    gm->gb = gb;
    gm->board = &gb->b;
    return 0;
}

/* True when body is a correct event. This function can't fail. */
static bool game_is_correction(const cJSON *body)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(body, "type");
    return cJSON_IsString(type) && strcmp(type->valuestring, "correct") == 0;
}

/* What game_load_corrections() and game_undo_correction() read from the log. */
struct game_fixes {
    struct game_req *req;
    struct game *gm;
    int64_t seq;  /* game_undo_correction(): the event wanted */
    cJSON *found; /* its payload when it is a correct event */
};

/* Apply one live correct event of the log to gm's board, as accepted then. */
static int game_fix_event(void *arg, int64_t seq, const char *type, const char *payload)
{
    struct game_fixes *f = arg;
    struct rules_event ev;
    cJSON *body = NULL;
    int rc;
    (void)seq;
    if (strcmp(type, "correct") != 0)
        return 0;
    rc = game_parse_stored(f->req, payload, &body);
    if (rc == 0)
        rc = event_from_json(f->gm->board, &f->gm->st, body, &ev, f->req->err);
    if (rc == 0)
        correct_board(&f->gm->gb->b, &ev.fix);
    cJSON_Delete(body);
    return rc;
}

/* After gm's board was parsed from the board it started with: apply the corrections of
 * its log, so that it is the board the game plays on now (only for a game whose state
 * counts corrections: the others need not read their log). */
static int game_load_corrections(struct game_req *r, struct game *gm)
{
    struct game_fixes f = {r, gm, 0, NULL};
    return store_events_each(*r->store, gm->row.id, 0, game_fix_event, &f, r->err);
}

/* Keep the payload of event f->seq when it is a correct event. */
static int game_find_fix(void *arg, int64_t seq, const char *type, const char *payload)
{
    struct game_fixes *f = arg;
    if (seq != f->seq || strcmp(type, "correct") != 0)
        return 0;
    return game_parse_stored(f->req, payload, &f->found);
}

/* Undoing event seq: when it is a correction, put its "before" values back into the
 * campaign's copy of the board (the game's own copy follows by replay). */
static int game_undo_correction(struct game_req *r, struct game *gm, int64_t seq)
{
    struct game_fixes f = {r, gm, seq, NULL};
    const cJSON *what, *id, *before;
    cJSON *doc = NULL, *item = NULL;
    char *text = NULL;
    int rc = store_events_each(*r->store, gm->row.id, seq, game_find_fix, &f, r->err);
    if (rc != 0 || !f.found)
        return rc;
    what = cJSON_GetObjectItemCaseSensitive(f.found, "what");
    id = cJSON_GetObjectItemCaseSensitive(f.found, "id");
    before = cJSON_GetObjectItemCaseSensitive(f.found, "before");
    rc = store_campaign_board(*r->store, r->campaign->id, &text, r->err);
    if (rc == 0)
        rc = game_parse_stored(r, text, &doc);
    free(text);
    text = NULL;
    if (rc == 0 && (!cJSON_IsString(what) || !cJSON_IsString(id)))
        rc = sb_fail(r->err, SB_EIO, NULL, "event %lld is a damaged correction", (long long)seq);
    if (rc == 0)
        rc = strcmp(what->valuestring, "destination") == 0
                 ? board_put_destination(doc, id->valuestring, before, &item, r->err)
             : strcmp(what->valuestring, "chance") == 0
                 ? board_put_chance(doc, id->valuestring, before, &item, r->err)
                 : board_put_journal(doc, id->valuestring, before, &item, r->err);
    if (rc == 0 && !(text = cJSON_PrintUnformatted(doc)))
        rc = sb_oom(r->err);
    if (rc == 0)
        rc = store_campaign_set_board(*r->store, r->campaign->id, text, r->err);
    free(text);
    cJSON_Delete(doc);
    cJSON_Delete(f.found);
    return rc;
}

static int game_replay(struct game_req *r, struct game *gm, int64_t upto, int64_t skip);

/* Load game gid of the campaign with its board and its snapshot state; docs: also its
 * board and initial state texts (gm->row), for a replay. */
static int game_load(struct game_req *r, int64_t gid, bool docs, struct game **out)
{
    struct game *gm = malloc(sizeof(*gm));
    bool board_hit = false, st_hit = false;
    int rc;
    if (!gm)
        return sb_oom(r->err);
    /* Not calloc: the state alone is some 15 KB, and is filled below. */
    memset(gm, 0, offsetof(struct game, st));
    gm->doc = NULL;
    rc = store_game_get(*r->store, r->campaign->id, gid, false, &gm->row, r->err);
    if (rc == 0) {
        gm->results = strcmp(gm->row.mode, "results") == 0;
        if (!gm->results)
            gm->gb = game_cache_get(r->games, gid, gm->row.version, store_write_txn(*r->store),
                                    &gm->st, &st_hit);
        board_hit = gm->gb != NULL;
        if (docs || !st_hit) {
            store_game_clear(&gm->row);
            rc = store_game_get(*r->store, r->campaign->id, gid, true, &gm->row, r->err);
        }
    }
    if (rc == 0 && gm->results) {
        int ed = results_edition_from_id(r->campaign->edition);
        if (ed < 0)
            rc = sb_fail(r->err, SB_EIO, NULL, "campaign edition has no results rule");
        gm->edition = (enum results_edition)(ed < 0 ? 0 : ed);
    } else if (rc == 0 && !board_hit) {
        gm->gb = malloc(sizeof(*gm->gb));
        if (!gm->gb) {
            rc = sb_oom(r->err);
        } else {
            atomic_init(&gm->gb->refs, 1);
            rc = game_parse_board(r, gm->row.board, &gm->gb->b);
        }
    }
    if (gm->gb)
        gm->board = &gm->gb->b;
    if (rc == 0 && !st_hit)
        rc = gm->row.state ? game_set_state(r, gm, gm->row.state) : game_replay(r, gm, 0, 0);
    if (rc == 0 && !gm->results && !board_hit && gm->st.corrections > 0)
        rc = game_load_corrections(r, gm);
    if (rc == 0 && !gm->results && !st_hit)
        game_cache_note(r, gid, gm->gb, gm->row.version, &gm->st);
    if (rc != 0) {
        game_free(gm);
        return rc;
    }
    *out = gm;
    return 0;
}

/* ---- applying events ---- */

/* The stamp-owner policy an event was (or is) applied under: its payload's
 * "stamp_owner" when it has one, else the campaign's. */
static enum stamp_owner game_policy(const struct game_req *r, const cJSON *payload)
{
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(payload, "stamp_owner");
    if (cJSON_IsString(p))
        return strcmp(p->valuestring, "player") == 0 ? STAMP_OWNER_PLAYER : STAMP_OWNER_TOKEN;
    return r->campaign->policy_player ? STAMP_OWNER_PLAYER : STAMP_OWNER_TOKEN;
}

/* Apply one event body to gm's state as event seq. On success *effects gets the
 * effects array and, for Travel World Tour, *outcome (if given) the engine's outcome
 * (caller frees both). On refusal the state is unchanged. */
static int game_apply(struct game_req *r, struct game *gm, const cJSON *body, int64_t seq,
                      cJSON **effects, struct rules_outcome **outcome)
{
    struct rules_outcome *out;
    struct rules_event ev;
    int rc;

    if (gm->results)
        return results_state_apply(&gm->doc, gm->edition, body, seq, effects, r->err);
    out = calloc(1, sizeof(*out));
    if (!out)
        return sb_oom(r->err);
    memset(&ev, 0, sizeof(ev));
    rc = event_from_json(gm->board, &gm->st, body, &ev, r->err);
    if (rc == 0 && ev.type == EVENT_CORRECT)
        rc = game_board_own(r, gm);
    if (rc == 0) {
        ev.seq = seq;
        if (correct_apply(&gm->gb->b, game_policy(r, body), &gm->st, &ev, out) != 0)
            rc = sb_fail(r->err, refusal_code(&out->refusal), out->refusal.rule, "%s",
                         out->refusal.detail);
    }
    if (rc == 0 && !(*effects = effects_to_json(gm->board, &gm->st, out)))
        rc = sb_oom(r->err);
    if (rc == 0 && outcome)
        *outcome = out;
    else
        free(out);
    return rc;
}

/* gm's state printed as a new text with the given version (the caller frees it); NULL
 * when out of memory. A Travel World Tour state is written straight from the engine's
 * struct (state_print), with no JSON tree in between. */
static char *game_state_text(const struct game *gm, int64_t version)
{
    cJSON *doc;
    char *text = NULL;
    if (!gm->results)
        return state_print(gm->board, &gm->st, version);
    doc = cJSON_Duplicate(gm->doc, true);
    if (doc && json_set(doc, "version", cJSON_CreateNumber((double)version)))
        text = cJSON_PrintUnformatted(doc);
    cJSON_Delete(doc);
    return text;
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
static int game_journal_rows(struct game_req *r, const struct game *gm,
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
        rc = store_journal_stamp_add(*r->store, r->campaign->id, card, stamped,
                                     b->tokens[e->token].id, gm->st.players[e->player].id,
                                     gm->row.id, seq, r->err);
    }
    if (!card) {
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(body, "card");
        card = cJSON_IsString(c) ? c->valuestring : "";
    }
    if (rc == 0 && drawer >= 0)
        rc = store_journal_draw_add(*r->store, r->campaign->id, gm->row.id, seq, card,
                                    gm->st.players[drawer].id, stamped, r->err);
    for (int i = 0; rc == 0 && i < out->neffects; i++) {
        const struct rules_effect *e = &out->effects[i];
        if (e->kind == OUT_JOURNAL_PAYOUT)
            rc = store_journal_payout_add(*r->store, gm->row.id, seq, gm->st.players[e->player].id,
                                          b->tokens[e->token].id, e->stamps, e->amount, r->err);
    }
    return rc;
}

/* The payload to store for an accepted event: the body, plus the stamp-owner policy a
 * journal draw was paid under (so a replay pays the same). */
static cJSON *game_payload(const struct game_req *r, const cJSON *body)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(body, "type");
    cJSON *payload = cJSON_Duplicate(body, true);
    if (payload && cJSON_IsString(type) && strcmp(type->valuestring, "draw_journal") == 0 &&
        !cJSON_HasObjectItem(payload, "stamp_owner") &&
        !cJSON_AddStringToObject(payload, "stamp_owner",
                                 r->campaign->policy_player ? "player" : "token")) {
        cJSON_Delete(payload);
        payload = NULL;
    }
    return payload;
}

/* Are a journal draw's stamps held by players (else by tokens)? As the payload says
 * (a replay pays as it was paid), else as the campaign says now. */
static bool game_player_owned(const struct game_req *r, const cJSON *body)
{
    const cJSON *owner = cJSON_GetObjectItemCaseSensitive(body, "stamp_owner");
    if (cJSON_IsString(owner))
        return strcmp(owner->valuestring, "player") == 0;
    return r->campaign->policy_player;
}

/* What an accepted event is stored as: its payload and the printed texts. */
struct game_texts {
    cJSON *payload;
    char *payload_text, *effects, *state;
};

static void game_texts_clear(struct game_texts *t)
{
    cJSON_Delete(t->payload);
    free(t->payload_text);
    free(t->effects);
    free(t->state);
}

/* Print what is stored of an accepted event: its payload (from body), its effects and
 * gm's new state as the next version. */
static int game_texts_print(struct game_req *r, const struct game *gm, const cJSON *body,
                            const cJSON *effects, struct game_texts *t)
{
    int rc = 0;
    if (!(t->payload = game_payload(r, body)) ||
        !(t->state = game_state_text(gm, gm->row.version + 1)) ||
        !(t->payload_text = cJSON_PrintUnformatted(t->payload)) ||
        !(t->effects = cJSON_PrintUnformatted(effects)))
        rc = sb_oom(r->err);
    return rc;
}

/* The {"event","effects","state"} answer of an appended event, from the texts already
 * printed for the store; the caller frees *answer. The event is its payload with "seq",
 * "at" and "voided" after its members (no event type takes those), as it is read back;
 * it is written around the printed payload rather than rebuilt as a tree. */
static int game_answer(struct game_req *r, const struct game_texts *t, int64_t seq, const char *at,
                       char **answer)
{
    struct jbuf j = {0};
    size_t n = strlen(t->payload_text);
    if (n < 2 || t->payload_text[n - 1] != '}')
        return sb_fail(r->err, SB_EIO, NULL, "an event's payload is not an object");
    jb_raw(&j, "{\"event\":", 9);
    jb_raw(&j, t->payload_text, n - 1);
    jb_key(&j, "seq");
    jb_int(&j, seq);
    jb_key(&j, "at");
    jb_str(&j, at);
    jb_key(&j, "voided");
    jb_bool(&j, false);
    jb_raw(&j, "},\"effects\":", 12);
    jb_raw(&j, t->effects, strlen(t->effects));
    jb_raw(&j, ",\"state\":", 9);
    jb_raw(&j, t->state, strlen(t->state));
    jb_raw(&j, "}", 1);
    if (!(*answer = jb_take(&j)))
        return sb_oom(r->err);
    return 0;
}

/* Store the accepted event t as seq of gm with gm's new state; *version gets it. */
static int game_store(struct game_req *r, struct game *gm, const struct game_texts *t, int64_t seq,
                      const char *type, const char *at, const char *idem_key, int64_t *version)
{
    struct store_snapshot snap;
    int rc;
    game_snapshot_meta(gm, &snap);
    snap.state = t->state;
    rc = store_event_append(*r->store, gm->row.id, seq, type, t->payload_text, t->effects, at,
                            idem_key, &snap, version, r->err);
    /* The next append to this game finds its state in the cache, once committed. */
    if (rc == 0 && !gm->results)
        game_cache_note(r, gm->row.id, gm->gb, *version, &gm->st);
    return rc;
}

/* An event applied to a loaded game and printed, not yet written: what game_write()
 * stores. */
struct game_prep {
    struct game *gm;
    struct game_state *before; /* a journal draw: the state it was applied to */
    struct rules_outcome *out;
    struct game_texts t;
    cJSON *effects;
    const char *type;
    char at[STORE_TIME_MAX];
    int64_t seq;
    char *answer; /* {"event","effects","state"} when asked for */
};

static void game_prep_clear(struct game_prep *p)
{
    game_texts_clear(&p->t);
    cJSON_Delete(p->effects);
    free(p->out);
    free(p->before);
    free(p->answer);
    game_free(p->gm);
    memset(p, 0, sizeof(*p));
}

/* True when gm is finished or abandoned. This function can't fail. */
static bool game_over(const struct game *gm)
{
    const cJSON *status = gm->results ? cJSON_GetObjectItemCaseSensitive(gm->doc, "status") : NULL;
    if (gm->results)
        return cJSON_IsString(status) && strcmp(status->valuestring, "active") != 0;
    return gm->st.status != STATUS_ACTIVE;
}

/* Load gid on the request's connection and apply body as event seq (0: the next) at
 * time at (NULL: now), printing what is to be stored and, when want_answer, the answer.
 * A body a client sent (request) may not name what the server records itself
 * (event_check_request()); a recorded one (an import) may. Every event but a note to a
 * game that is over is 409 before its fields are read. Writes nothing; a refused event
 * leaves p cleared. */
static int game_prepare(struct game_req *r, int64_t gid, const cJSON *body, int64_t seq,
                        const char *at, bool want_answer, bool request, struct game_prep *p)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(body, "type");
    int rc;
    memset(p, 0, sizeof(*p));
    if (!cJSON_IsString(type))
        return sb_fail(r->err, SB_EBADREQ, NULL, "an event needs a string 'type'");
    p->type = type->valuestring;
    rc = game_load(r, gid, false, &p->gm);
    if (rc == 0 && game_over(p->gm) && strcmp(p->type, "note") != 0)
        rc = sb_fail(r->err, SB_ECONFLICT, "TWT-WIN", "the game is over; only notes can be added");
    if (rc == 0 && request)
        rc = event_check_request(body, !p->gm->results && p->gm->st.mode == MODE_BANKER, r->err);
    if (rc != 0) {
        game_prep_clear(p);
        return rc;
    }
    p->seq = seq <= p->gm->row.last_seq ? p->gm->row.last_seq + 1 : seq;
    if (at)
        snprintf(p->at, sizeof(p->at), "%s", at);
    else
        store_now(p->at);
    /* Only a journal draw needs the state it was applied to (game_journal_rows). */
    if (!p->gm->results && strcmp(p->type, "draw_journal") == 0 &&
        !(p->before = malloc(sizeof(*p->before))))
        rc = sb_oom(r->err);
    if (rc == 0 && p->before)
        *p->before = p->gm->st;
    if (rc == 0)
        rc = game_apply(r, p->gm, body, p->seq, &p->effects, &p->out);
    /* The table relives the stamps that paid (API.md "Memories"). */
    if (rc == 0 && p->before)
        rc = memory_payout_effects(r, p->effects, game_player_owned(r, body));
    if (rc == 0)
        rc = game_texts_print(r, p->gm, body, p->effects, &p->t);
    if (rc == 0 && want_answer)
        rc = game_answer(r, &p->t, p->seq, p->at, &p->answer);
    if (rc != 0)
        game_prep_clear(p);
    return rc;
}

/* Write a prepared event inside the caller's write transaction; *version gets the new
 * version. */
static int game_write(struct game_req *r, struct game_prep *p, const char *idem_key,
                      int64_t *version)
{
    int rc = game_store(r, p->gm, &p->t, p->seq, p->type, p->at, idem_key, version);
    if (rc == 0 && p->out && p->before)
        rc = game_journal_rows(r, p->gm, p->before, p->t.payload, p->seq, p->out);
    if (rc == 0)
        r->appended++;
    return rc;
}

/* game_append() of a body a client sent (request) or one recorded before (game_prepare()). */
static int game_append_body(struct game_req *r, int64_t gid, const cJSON *body, int64_t seq,
                            const char *at, const char *idem_key, bool request, char **answer,
                            int64_t *version)
{
    struct game_prep p;
    int rc = game_prepare(r, gid, body, seq, at, answer != NULL, request, &p);
    if (rc == 0)
        rc = game_write(r, &p, idem_key, version);
    if (rc == 0 && answer) {
        *answer = p.answer;
        p.answer = NULL;
    }
    game_prep_clear(&p);
    return rc;
}

int game_append(struct game_req *r, int64_t gid, const cJSON *body, int64_t seq, const char *at,
                const char *idem_key, char **answer, int64_t *version)
{
    return game_append_body(r, gid, body, seq, at, idem_key, false, answer, version);
}

/* ---- replay ---- */

struct replay {
    struct game_req *req;
    struct game *gm;
    int64_t skip; /* a seq to leave out (the event being undone), 0 for none */
};

/* Apply one logged event during a replay; a refusal means the log is damaged. */
static int replay_event(void *arg, int64_t seq, const char *type, const char *payload)
{
    struct replay *rp = arg;
    cJSON *body = NULL, *effects = NULL;
    int rc;
    (void)type;
    if (seq == rp->skip)
        return 0;
    rc = game_parse_stored(rp->req, payload, &body);
    if (rc == 0)
        rc = game_apply(rp->req, rp->gm, body, seq, &effects, NULL);
    if (rc != 0 && rc != SB_ENOMEM) {
        char why[SB_DETAIL_MAX]; /* err.detail cannot be both source and target */
        snprintf(why, sizeof(why), "%s", rp->req->err->detail);
        rc = sb_fail(rp->req->err, SB_EIO, NULL, "event %lld no longer replays: %s", (long long)seq,
                     why);
    }
    cJSON_Delete(effects);
    cJSON_Delete(body);
    return rc;
}

/* Set gm's working state to its initial state, made again when the store left it NULL
 * (game_state.h). */
static int game_set_initial(struct game_req *r, struct game *gm)
{
    int rc = gm->row.initial ? 0 : game_initial_text(r, &gm->row, &gm->row.initial);
    return rc == 0 ? game_set_state(r, gm, gm->row.initial) : rc;
}

/* Rebuild gm's state from its initial state and the live events up to seq upto
 * (0: all), leaving out seq skip. */
static int game_replay(struct game_req *r, struct game *gm, int64_t upto, int64_t skip)
{
    struct replay rp = {r, gm, skip};
    int rc = gm->results ? 0 : game_board_reset(r, gm);
    if (rc == 0)
        rc = game_set_initial(r, gm);
    if (rc == 0)
        rc = store_events_each(*r->store, gm->row.id, upto, replay_event, &rp, r->err);
    return rc;
}

/* ---- creating games ---- */

/* The journal of the campaign as the games before game gid left it, for the state of
 * game gid (at its creation: the journal as it stands). */
static int game_initial_journal(struct game_req *r, const struct board *b, int64_t gid,
                                struct journal_state *journal)
{
    char *text = NULL;
    cJSON *stamps = NULL, *s;
    int rc = store_journal_stamps_json(*r->store, r->campaign->id, gid, &text, r->err);
    if (rc == 0)
        rc = game_parse_stored(r, text, &stamps);
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
static int game_read_seats(struct game_req *r, const cJSON *body, int max, bool results,
                           struct rules_seat *seats, char names[][RULES_NAME_MAX],
                           const char **tokens, int *n)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(body, "seats"), *s;
    int count = 0, rc = 0;
    if (!cJSON_IsArray(arr))
        return sb_fail(r->err, SB_EBADREQ, NULL, "'seats' must be an array");
    cJSON_ArrayForEach(s, arr)
    {
        int64_t pid = 0;
        const char *token = NULL;
        if (count >= max)
            return sb_fail(r->err, SB_EINVALID, results ? "RESULTS-PLAYERS" : "TWT-SETUP-1",
                           "this edition seats at most %d players", max);
        if (!cJSON_IsObject(s))
            return sb_fail(r->err, SB_EBADREQ, NULL, "each seat must be an object");
        rc = json_get_int(s, "player", true, 1, JSON_INT_MAX, &pid, NULL, r->err);
        /* A results-mode seat's token is free text and may be left out (no token). */
        if (rc == 0)
            rc = json_get_string(s, "token", !results, JSON_NAME_MAX_CHARS, false, &token, r->err);
        if (rc == 0 && !token)
            token = "";
        if (rc == 0)
            rc = store_player_name(*r->store, r->campaign->id, pid, names[count], RULES_NAME_MAX,
                                   r->err);
        if (rc != 0)
            return rc;
        for (int i = 0; i < count; i++)
            if (seats[i].player == pid)
                return sb_fail(r->err, SB_EINVALID, results ? NULL : "TWT-SETUP-1",
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

/* The initial state of a results-mode game for these seats. */
static int game_initial_results(struct game_req *r, const struct rules_seat *seats,
                                const char *const *tokens, int n, cJSON **state)
{
    int64_t players[RESULTS_MAX_PLAYERS];
    const char *names[RESULTS_MAX_PLAYERS];
    for (int i = 0; i < n; i++) {
        players[i] = seats[i].player;
        names[i] = seats[i].name;
    }
    if (!(*state = results_state_new(players, names, tokens, n)))
        return sb_oom(r->err);
    return 0;
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

/* The initial state of a Travel World Tour game for these seats (game_state.h). */
int game_initial_full(struct game_req *r, const char *board_text, const char *mode, int64_t gid,
                      const struct house_rules *hr, struct rules_seat *seats,
                      const char *const *tokens, int n, cJSON **state)
{
    struct board *b = malloc(sizeof(*b));
    struct game_state *st = malloc(sizeof(*st));
    struct rules_outcome *out = malloc(sizeof(*out));
    struct journal_state *journal = calloc(BOARD_MAX_CARDS, sizeof(*journal));
    int rc = 0;

    if (!b || !st || !out || !journal)
        rc = sb_oom(r->err);
    if (rc == 0)
        rc = game_parse_board(r, board_text, b);
    for (int i = 0; rc == 0 && i < n; i++) {
        seats[i].token = board_find_token(b, tokens[i]);
        if (seats[i].token < 0)
            rc =
                sb_fail(r->err, SB_EINVALID, "TWT-SETUP-1", "no token '%s' in this box", tokens[i]);
    }
    if (rc == 0)
        rc = game_initial_journal(r, b, gid, journal);
    if (rc == 0) {
        memset(st, 0, sizeof(*st));
        if (rules_init_house(b, strcmp(mode, "journal") == 0 ? MODE_JOURNAL : MODE_BANKER, gid, hr,
                             seats, n, journal, st, out) != 0)
            rc = sb_fail(r->err, SB_EINVALID, out->refusal.rule, "%s", out->refusal.detail);
    }
    if (rc == 0 && !(*state = state_to_json(b, st, 1)))
        rc = sb_oom(r->err);
    free(b);
    free(st);
    free(out);
    free(journal);
    return rc;
}

/* What a game records besides its seats: a results-mode play its duration_min (0..6000;
 * -1 when absent) and location (at most 80 characters; NULL when absent, borrowed from
 * body), which the other modes do not take (422); and the house rules it plays by, the
 * campaign's with body's "house_rules" over them (*hr). */
static int game_read_details(struct game_req *r, const cJSON *body, bool results,
                             int64_t *duration_min, const char **location, struct house_rules *hr)
{
    bool present = false;
    int rc;
    *duration_min = -1;
    *location = NULL;
    if (!results && (cJSON_GetObjectItemCaseSensitive(body, "duration_min") ||
                     cJSON_GetObjectItemCaseSensitive(body, "location")))
        return sb_fail(r->err, SB_EINVALID, NULL,
                       "duration_min and location are for results-mode games");
    rc = json_get_int(body, "duration_min", false, 0, GAME_DURATION_MAX, duration_min, &present,
                      r->err);
    if (rc == 0 && !present)
        *duration_min = -1;
    if (rc == 0)
        rc = json_get_string(body, "location", false, GAME_LOCATION_MAX, false, location, r->err);
    if (rc == 0)
        rc = house_for_game(*r->store, r->campaign->id,
                            cJSON_GetObjectItemCaseSensitive(body, "house_rules"), hr, r->err);
    return rc;
}

/* Record with game gid's row what game_read_details() read: a results play's details, or
 * the house rules a Travel World Tour game plays by (its states hold them too). */
static int game_keep_details(struct game_req *r, int64_t gid, bool results, int64_t duration_min,
                             const char *location, const struct house_rules *hr)
{
    char *text = NULL;
    int rc = 0;
    if (results)
        return duration_min >= 0 || location
                   ? store_game_set_details(*r->store, gid, duration_min, location, r->err)
                   : 0;
    if (!(text = house_text(hr)))
        return sb_oom(r->err);
    rc = store_game_set_house_rules(*r->store, gid, text, r->err);
    free(text);
    return rc;
}

int game_create(struct game_req *r, const cJSON *body, const char *board_doc, int64_t *gid)
{
    int64_t duration_min = -1;
    const char *location = NULL;
    struct rules_seat seats[RESULTS_MAX_PLAYERS];
    char names[RESULTS_MAX_PLAYERS][RULES_NAME_MAX];
    const char *tokens[RESULTS_MAX_PLAYERS];
    const char *mode = NULL, *played_at = NULL;
    char *board = NULL, *state_text = NULL, *seats_text = NULL;
    cJSON *state = NULL, *seats_json = NULL;
    struct house_rules hr;
    int results = results_edition_from_id(r->campaign->edition);
    int n = 0,
        max = results >= 0 ? results_players_max((enum results_edition)results) : RULES_MAX_PLAYERS;
    int rc = json_get_string(body, "mode", true, 16, false, &mode, r->err);

    if (rc == 0 && results >= 0 && strcmp(mode, "results") != 0)
        rc = sb_fail(r->err, SB_EINVALID, NULL, "games of %s are logged with mode \"results\"",
                     r->campaign->edition);
    if (rc == 0 && results < 0 && strcmp(mode, "banker") != 0 && strcmp(mode, "journal") != 0)
        rc = sb_fail(r->err, SB_EINVALID, NULL, "mode must be \"banker\" or \"journal\"");
    if (rc == 0)
        rc = json_get_string(body, "played_at", false, GAME_PLAYED_AT_MAX, false, &played_at,
                             r->err);
    if (rc == 0)
        rc = game_read_details(r, body, results >= 0, &duration_min, &location, &hr);
    if (rc == 0)
        rc = game_read_seats(r, body, max, results >= 0, seats, names, tokens, &n);
    if (rc == 0 && results >= 0 && n < results_players_min((enum results_edition)results))
        rc = sb_fail(r->err, SB_EINVALID, "RESULTS-PLAYERS", "%s needs %d to %d players",
                     r->campaign->edition, results_players_min((enum results_edition)results), max);
    if (rc == 0 && r->campaign->active_game)
        rc = sb_fail(r->err, SB_ECONFLICT, NULL, "game %lld is still active",
                     (long long)r->campaign->active_game);
    if (rc == 0)
        rc = store_game_next_id(*r->store, gid, r->err);
    if (rc == 0 && board_doc && !(board = strdup(board_doc)))
        rc = sb_oom(r->err);
    if (rc == 0 && !board_doc)
        rc = store_campaign_board(*r->store, r->campaign->id, &board, r->err);
    if (rc == 0 && results < 0)
        rc = game_initial_full(r, board, mode, *gid, &hr, seats, tokens, n, &state);
    if (rc == 0 && results >= 0)
        rc = game_initial_results(r, seats, tokens, n, &state);
    if (rc == 0 && (!(seats_json = game_seats_json(seats, tokens, n)) ||
                    !(seats_text = cJSON_PrintUnformatted(seats_json)) ||
                    !(state_text = cJSON_PrintUnformatted(state))))
        rc = sb_oom(r->err);
    if (rc == 0)
        rc = store_game_create(*r->store, *gid, r->campaign->id, mode, seats_text, board,
                               state_text, played_at, r->err);
    if (rc == 0)
        rc = game_keep_details(r, *gid, results >= 0, duration_min, location, &hr);
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
static int rename_in_doc(struct game_req *r, const char *text, int64_t pid, const char *name,
                         int64_t version, char **out)
{
    cJSON *doc = NULL, *p;
    int rc;
    *out = NULL;
    if (!text) /* made again when read, with the names of the day (game_state.h) */
        return 0;
    rc = game_parse_stored(r, text, &doc);
    if (rc != 0)
        return rc;
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(doc, "players"))
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(p, "id");
        if (cJSON_IsNumber(id) && (int64_t)id->valuedouble == pid &&
            !json_set(p, "name", cJSON_CreateString(name)))
            rc = sb_oom(r->err);
    }
    if (rc == 0 && version > 0 && !json_set(doc, "version", cJSON_CreateNumber((double)version)))
        rc = sb_oom(r->err);
    if (rc == 0 && !(*out = cJSON_PrintUnformatted(doc)))
        rc = sb_oom(r->err);
    cJSON_Delete(doc);
    return rc;
}

struct rename {
    struct game_req *req;
    int64_t pid;
    const char *name;
};

static int rename_game(void *arg, int64_t gid)
{
    struct rename *rn = arg;
    struct game_req *r = rn->req;
    struct store_game g;
    char *state = NULL, *initial = NULL;
    int rc = store_game_get(*r->store, r->campaign->id, gid, true, &g, r->err);
    if (rc != 0)
        return rc;
    /* store_game_set_docs() bumps the version by one */
    rc = rename_in_doc(r, g.state, rn->pid, rn->name, g.version + 1, &state);
    if (rc == 0)
        rc = rename_in_doc(r, g.initial, rn->pid, rn->name, 0, &initial);
    if (rc == 0)
        rc = store_game_set_docs(*r->store, gid, state, initial, r->err);
    free(state);
    free(initial);
    store_game_clear(&g);
    return rc;
}

int game_rename_player(struct game_req *r, int64_t pid, const char *name)
{
    struct rename rn = {r, pid, name};
    return store_games_of_player(*r->store, r->campaign->id, pid, rename_game, &rn, r->err);
}

/* ---- the requests that run their own transaction ---- */

int game_check_version(struct sb_error *err, const char *if_match, int64_t version)
{
    char etag[32];
    if (!if_match || strcmp(if_match, "*") == 0)
        return 0;
    snprintf(etag, sizeof(etag), "\"%lld\"", (long long)version);
    /* If-Match compares strongly (RFC 9110 13.1.1): a weak tag (W/"v") never matches. */
    if (strcmp(if_match, etag) == 0)
        return 0;
    /* A bare number is accepted as the version too. */
    if (strspn(if_match, "0123456789") == strlen(if_match) &&
        strtoll(if_match, NULL, 10) == version)
        return 0;
    return sb_fail(err, SB_EPRECOND, NULL,
                   "the game changed (now version %lld): reload and try again", (long long)version);
}

/* The hash of an event body as the server reads it (printed unformatted), with which
 * a reused Idempotency-Key is told apart from a retry. */
static int game_body_hash(struct game_req *r, const cJSON *body, unsigned char out[KEYS_HASH_BYTES])
{
    char *text = cJSON_PrintUnformatted(body);
    if (!text)
        return sb_oom(r->err);
    keys_hash(text, strlen(text), out);
    free(text);
    return 0;
}

/* The first answer to idem_key for gid, once durable: 0 with *answer set, SB_ENOTFOUND
 * when the key is new, SB_EINVALID when it came with another body (hash). Inside the
 * write transaction; gives the connection up when found. */
static int game_first_answer(struct game_req *r, int64_t gid, const char *idem_key,
                             const unsigned char *hash, char **answer)
{
    unsigned char first_hash[STORE_HASH_BYTES];
    bool has_hash = false;
    char *first = NULL;
    int rc =
        store_event_by_key_hash(*r->store, gid, idem_key, &first, first_hash, &has_hash, r->err);
    if (rc != 0)
        return rc;
    if (has_hash && !keys_equal(first_hash, hash)) {
        free(first);
        return sb_fail(r->err, SB_EINVALID, NULL,
                       "this Idempotency-Key was already used with another body");
    }
    /* The first answer may still wait in a group commit: only a durable one. */
    rc = store_commit_and_leave(r->store, r->err);
    if (rc != 0) {
        free(first);
        return rc;
    }
    *answer = first;
    return 0;
}

/* POST …/events with the whole of it inside the write transaction (on the writer). */
static int game_post_locked(struct game_req *r, int64_t gid, const cJSON *body,
                            const char *idem_key, const unsigned char *hash, const char *if_match,
                            char **answer, int *status, int64_t *version)
{
    struct store_game g;
    char *text = NULL;
    int rc = store_begin_write(*r->store, r->err);
    if (rc != 0)
        return rc;
    rc = store_game_get(*r->store, r->campaign->id, gid, false, &g, r->err);
    if (rc == 0 && idem_key) {
        int found = game_first_answer(r, gid, idem_key, hash, &text);
        if (found == 0) {
            *answer = text;
            *status = 200;
            *version = g.version;
            return 0;
        }
        if (found != SB_ENOTFOUND) {
            if (*r->store) /* still ours unless the commit gave it up */
                store_rollback(*r->store);
            return found;
        }
    }
    if (rc == 0)
        rc = game_check_version(r->err, if_match, g.version);
    if (rc == 0)
        rc = game_append_body(r, gid, body, 0, NULL, idem_key, true, &text, version);
    if (rc == 0 && idem_key)
        rc = store_event_set_retry(*r->store, gid, g.last_seq + 1, text, hash, r->err);
    /* Shared with the appends waiting behind this one: one sync for many. */
    if (rc == 0)
        rc = game_commit_append(r);
    else
        store_rollback(*r->store);
    if (rc != 0) {
        free(text);
        return rc;
    }
    *answer = text;
    *status = 201;
    return 0;
}

#define GAME_AGAIN 1 /* the snapshot went stale: do it again under the lock */

/* Give the request's reader connection back and take the pool's writer instead. */
static int game_take_writer(struct game_req *r)
{
    store_pool_put(r->pool, *r->store);
    *r->store = NULL;
    return store_pool_get_writer(r->pool, r->store, r->err);
}

/* Under the writer's lock: write p if the game is still at the version p was worked out
 * on (GAME_AGAIN when not, with nothing written), else give the first answer to a
 * known idem_key. Commits (shared) on success. */
static int game_post_prepared(struct game_req *r, int64_t gid, struct game_prep *p,
                              const char *idem_key, const unsigned char *hash, char **answer,
                              int *status, int64_t *version)
{
    struct store_game g = {0};
    int rc = store_begin_write(*r->store, r->err);
    if (rc == 0)
        rc = store_game_get(*r->store, r->campaign->id, gid, false, &g, r->err);
    if (rc == 0 && idem_key) {
        int found = game_first_answer(r, gid, idem_key, hash, answer);
        if (found == 0) {
            *status = 200;
            *version = g.version;
            return 0;
        }
        if (found != SB_ENOTFOUND)
            rc = found;
    }
    if (rc == 0 && g.version != p->gm->row.version)
        rc = GAME_AGAIN;
    if (rc == 0)
        rc = game_write(r, p, idem_key, version);
    if (rc == 0 && idem_key)
        rc = store_event_set_retry(*r->store, gid, p->seq, p->answer, hash, r->err);
    if (rc == 0)
        rc = game_commit_append(r);
    else if (*r->store)
        store_rollback(*r->store);
    if (rc == 0) {
        *answer = p->answer;
        p->answer = NULL;
        *status = 201;
    }
    return rc;
}

/* POST …/events on a snapshot: load, apply and print on the request's reader
 * connection, outside the writer's lock, then take the writer only to check the version
 * and write. GAME_AGAIN (holding the writer) when the work must be done again under the
 * lock: the game moved on meanwhile, or the snapshot refused the event (a refusal is
 * only trusted from the current state). */
static int game_post_snapshot(struct game_req *r, int64_t gid, const cJSON *body,
                              const char *idem_key, const unsigned char *hash, const char *if_match,
                              char **answer, int *status, int64_t *version)
{
    struct game_prep p;
    int rc = store_begin_read(*r->store, r->err);
    if (rc != 0)
        return rc;
    rc = game_prepare(r, gid, body, 0, NULL, true, true, &p);
    store_rollback(*r->store); /* the snapshot's read transaction ends */
    if (rc == 0)
        rc = game_check_version(r->err, if_match, p.gm->row.version);
    if (rc != 0 && rc != SB_ENOMEM && rc != SB_EBADREQ && rc != SB_ENOTFOUND)
        rc = GAME_AGAIN;
    if (rc == 0 || rc == GAME_AGAIN) {
        int taken = game_take_writer(r);
        rc = taken != 0 ? taken : rc;
    }
    if (rc == 0)
        rc = game_post_prepared(r, gid, &p, idem_key, hash, answer, status, version);
    game_prep_clear(&p);
    return rc;
}

int game_post_event(struct game_req *r, int64_t gid, const cJSON *body, const char *idem_key,
                    const char *if_match, char **answer, int *status, int64_t *version)
{
    unsigned char hash[KEYS_HASH_BYTES];
    atomic_int *busy;
    int rc;
    if (game_is_correction(body))
        return sb_fail(r->err, SB_EINVALID, NULL,
                       "a correction of the box is made with PUT .../board/..., which changes "
                       "the campaign's copy and appends it to the active game");
    if (idem_key && (rc = game_body_hash(r, body, hash)) != 0)
        return rc;
    if (!r->pool)
        return game_post_locked(r, gid, body, idem_key, hash, if_match, answer, status, version);
    /* Alone on its stripe, an append works on a snapshot, so appends to different games
     * overlap; with another append of its stripe in flight both would want the same
     * version and one would do its work twice, so it works under the lock. */
    busy = &r->games->in_flight[(uint64_t)gid % GAME_STRIPES];
    rc = atomic_fetch_add(busy, 1) == 0
             ? game_post_snapshot(r, gid, body, idem_key, hash, if_match, answer, status, version)
             : (game_take_writer(r) == 0 ? GAME_AGAIN : r->err->code);
    if (rc == GAME_AGAIN)
        rc = game_post_locked(r, gid, body, idem_key, hash, if_match, answer, status, version);
    atomic_fetch_sub(busy, 1);
    return rc;
}

/* TWT-JOURNAL-3: a journal stamp is permanent once a later game has been paid by it,
 * so undoing the draw that made it is refused (SB_ECONFLICT); otherwise the draw's
 * stamp, draw and payout rows go with it. */
static int game_undo_journal(struct game_req *r, const struct game *gm, int64_t seq)
{
    bool used = false;
    int rc = store_journal_stamp_used_later(*r->store, gm->row.id, seq, &used, r->err);
    if (rc == 0 && used)
        rc = sb_fail(r->err, SB_ECONFLICT, "TWT-JOURNAL-3",
                     "the stamp this draw made has already paid out in a later game");
    /* Its memories stay, as memories of the game: the circle may be stamped again. */
    if (rc == 0)
        rc = memory_unstamp(r, gm->row.id, seq);
    if (rc == 0)
        rc = store_journal_undo(*r->store, gm->row.id, seq, r->err);
    return rc;
}

/* Void the last live event of gm (*seq) and store the replayed state as version
 * *version; *state gets its text. Inside the write transaction. */
static int game_void_last(struct game_req *r, struct game *gm, int64_t *seq, char **state,
                          int64_t *version)
{
    struct store_snapshot snap;
    int rc = 0;
    if ((*seq = gm->row.seq) == 0)
        return sb_fail(r->err, SB_ECONFLICT, NULL, "there is nothing to undo");
    if (!gm->results)
        rc = game_undo_journal(r, gm, *seq);
    if (rc == 0 && !gm->results)
        rc = game_undo_correction(r, gm, *seq);
    if (rc == 0)
        rc = game_replay(r, gm, 0, *seq);
    if (rc == 0 && !(*state = game_state_text(gm, gm->row.version + 1)))
        rc = sb_oom(r->err);
    if (rc == 0) {
        game_snapshot_meta(gm, &snap);
        snap.state = *state;
        rc = store_event_void(*r->store, gm->row.id, *seq, &snap, version, r->err);
    }
    /* The replayed board (without an undone correction) and state, once committed. */
    if (rc == 0 && !gm->results)
        game_cache_note(r, gm->row.id, gm->gb, *version, &gm->st);
    return rc;
}

int game_undo(struct game_req *r, int64_t gid, const char *if_match, char **answer,
              int64_t *version)
{
    struct game *gm = NULL;
    char *state = NULL;
    int64_t seq = 0;
    size_t len;
    int rc = store_begin_write(*r->store, r->err);
    if (rc != 0)
        return rc;
    rc = game_load(r, gid, true, &gm);
    if (rc == 0 && gid != r->campaign->latest_game)
        rc = sb_fail(r->err, SB_ECONFLICT, NULL,
                     "only the campaign's latest game (%lld) can be undone",
                     (long long)r->campaign->latest_game);
    if (rc == 0)
        rc = game_check_version(r->err, if_match, gm->row.version);
    if (rc == 0)
        rc = game_void_last(r, gm, &seq, &state, version);
    rc = rc == 0 ? store_commit(*r->store, r->err) : (store_rollback(*r->store), rc);
    len = rc == 0 ? strlen(state) + 64 : 0;
    if (rc == 0 && !(*answer = malloc(len)))
        rc = sb_oom(r->err);
    if (rc == 0)
        snprintf(*answer, len, "{\"undone\":%lld,\"state\":%s}", (long long)seq, state);
    free(state);
    game_free(gm);
    return rc;
}

int game_state_at(struct game_req *r, int64_t gid, int64_t at, char **state, int64_t *version)
{
    struct game *gm = NULL;
    int rc = store_begin_read(*r->store, r->err);
    if (rc != 0)
        return rc;
    rc = game_load(r, gid, true, &gm);
    if (rc == 0)
        rc = at == 0 ? game_set_initial(r, gm) : game_replay(r, gm, at, 0);
    store_rollback(*r->store);
    /* the game's version, as for every game answer, whatever ?at= shows */
    if (rc == 0 && !(*state = game_state_text(gm, gm->row.version)))
        rc = sb_oom(r->err);
    if (rc == 0)
        *version = gm->row.version;
    game_free(gm);
    return rc;
}

int game_state_made(struct game_req *r, int64_t gid, bool replay, char **state, int64_t *version,
                    bool *corrected)
{
    struct game *gm = NULL;
    int rc = game_load(r, gid, replay, &gm);
    if (rc == 0 && replay)
        rc = game_replay(r, gm, 0, 0);
    if (rc == 0 && !(*state = game_state_text(gm, gm->row.version)))
        rc = sb_oom(r->err);
    if (rc == 0)
        *version = gm->row.version;
    if (rc == 0 && corrected)
        *corrected = !gm->results && gm->st.corrections > 0;
    game_free(gm);
    return rc;
}
