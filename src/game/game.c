/* game.c -- the game layer: creating games, loading them through the cache, applying,
 * appending, replaying, undoing and renaming (game.h). */
#include "game.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_kind.h"
#include "house.h"
#include "house_json.h"
#include "json.h"
#include "keys.h"
#include "rules.h"
#include "state_json.h"

#define GAME_PLAYED_AT_MAX 64
#define GAME_DURATION_MAX 6000 /* minutes a results-mode play may last (API.md) */
#define GAME_LOCATION_MAX 80   /* characters of where it was played */

/* game_kind.h */
void *game_shared_new(size_t size)
{
    struct game_shared *s = malloc(size);
    if (s)
        atomic_init(&s->refs, 1);
    return s;
}

/* game_kind.h */
void *game_shared_ref(struct game_shared *s)
{
    if (s)
        atomic_fetch_add(&s->refs, 1);
    return s;
}

/* game_kind.h */
void game_shared_unref(struct game_shared *s)
{
    if (s && atomic_fetch_sub(&s->refs, 1) == 1)
        free(s);
}

static void game_free(struct game *gm)
{
    if (!gm)
        return;
    store_game_clear(&gm->row);
    if (gm->kind)
        gm->kind->free(gm->ks);
    free(gm);
}

/* ---- the game cache ---- */

/* The parsed board and working state of the games written lately, so that an append
 * neither reads nor parses the board document (some 30 KB of JSON) and the snapshot
 * again. What a board and a state are is the kind's (game_kind.h, struct game_shared):
 * the cache only holds references. A game's board never changes once the game exists; its state is
 * known by its version, which every change bumps in the same transaction. So an entry is keyed by
 * the game id, its state by the version, and entries are published only once the
 * transaction that made them has committed (game_req_finish): a write rolled back
 * leaves nothing behind. A test that puts the database back underneath a running API
 * must call games_forget(). Shared by all threads under its lock; best effort (a failed
 * allocation just leaves an entry out). */
#define GAME_CACHE_SLOTS 8

struct game_cache_entry {
    int64_t gid; /* 0: empty */
    uint64_t used;
    struct game_shared *board; /* a reference */
    int64_t version;           /* of st; 0: no state */
    struct game_shared *st;    /* a reference */
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
    /* The snapshots the appends of the writer's turns (store_pool_write_turn) left to
     * the flush before their COMMIT, in order (a game's last one is its state): of the
     * appends of many turns to one game, only the last writes the state. Touched only
     * by the turns' thread. */
    struct game_deferred *deferred;
    int ndeferred, deferred_cap;
};

struct game_deferred {
    int64_t gid;
    int64_t version; /* the game's version after this append */
    char *state;     /* and its snapshot */
    char status[16];
    int64_t winner;
    bool ended;
    struct store_game row; /* its row after this append, without documents */
};

/* What a request would add to the cache once its transaction commits. */
struct game_pending {
    int64_t gid;
    struct game_shared *board; /* a reference (perhaps to the cache's own) */
    int64_t version;
    struct game_shared *st; /* a reference (perhaps shared with the open entry) */
};

static void game_cache_clear(struct game_cache_entry *e)
{
    game_shared_unref(e->board);
    game_shared_unref(e->st);
    memset(e, 0, sizeof(*e));
}

struct games *games_new(void)
{
    struct games *c = calloc(1, sizeof(*c));
    if (c)
        pthread_mutex_init(&c->lock, NULL);
    return c;
}

/* Forget the deferred snapshots from the n-th on. */
static void game_deferred_cut(struct games *c, int n)
{
    while (c->ndeferred > n)
        free(c->deferred[--c->ndeferred].state);
}

/* The last deferred snapshot of gid in the open turns, NULL when none or when s is not
 * the writer running them (the others see what is committed). */
static const struct game_deferred *game_deferred_find(const struct games *c, const struct store *s,
                                                      int64_t gid)
{
    if (!store_in_turn(s))
        return NULL;
    for (int i = c->ndeferred - 1; i >= 0; i--)
        if (c->deferred[i].gid == gid)
            return &c->deferred[i];
    return NULL;
}

/* store_game_get() seen from the open turns: the version and status their appends
 * left to the flush. */
static int game_row_get(struct game_req *r, int64_t gid, bool docs, struct store_game *g)
{
    const struct game_deferred *d = game_deferred_find(r->games, *r->store, gid);
    int rc;
    /* Only the turns change a row between their COMMITs: the last one knows it. */
    if (d && !docs && d->row.campaign == r->campaign->id) {
        *g = d->row;
        return 0;
    }
    rc = store_game_get(*r->store, r->campaign->id, gid, docs, g, r->err);
    if (rc == 0 && d) {
        g->version = d->version;
        snprintf(g->status, sizeof(g->status), "%s", d->status);
    }
    return rc;
}

/* Leave the snapshot of gm after its event seq (version, snap with a copy of its
 * state) to the flush; 0 or SB_ENOMEM. */
static int game_defer(struct games *c, const struct store_game *before, int64_t seq,
                      int64_t version, const struct store_snapshot *snap)
{
    int64_t gid = before->id;
    struct game_deferred *d;
    if (c->ndeferred == c->deferred_cap) {
        int cap = c->deferred_cap ? c->deferred_cap * 2 : 16;
        struct game_deferred *grown = realloc(c->deferred, (size_t)cap * sizeof(*grown));
        if (!grown)
            return SB_ENOMEM;
        c->deferred = grown;
        c->deferred_cap = cap;
    }
    d = &c->deferred[c->ndeferred];
    d->gid = gid;
    d->version = version;
    snprintf(d->status, sizeof(d->status), "%s", snap->status);
    d->winner = snap->winner;
    d->ended = snap->ended;
    d->row = (struct store_game){
        .id = gid, .campaign = before->campaign, .version = version, .seq = seq, .last_seq = seq};
    memcpy(d->row.mode, before->mode, sizeof(d->row.mode));
    memcpy(d->row.edition, before->edition, sizeof(d->row.edition)); /* its kind's */
    memcpy(d->row.stamp_owner, before->stamp_owner, sizeof(d->row.stamp_owner));
    memcpy(d->row.status, d->status, sizeof(d->row.status));
    if (!(d->state = strdup(snap->state)))
        return SB_ENOMEM;
    c->ndeferred++;
    return 0;
}

/* The flush of the turns' COMMIT: each game's last deferred snapshot. */
static int game_deferred_flush(void *arg, struct store *w)
{
    struct games *c = arg;
    struct sb_error err = {0};
    int rc = c->ndeferred > 0 ? store_begin_write(w, &err) : 0;
    for (int i = c->ndeferred - 1; rc == 0 && i >= 0; i--) {
        const struct game_deferred *d = &c->deferred[i];
        bool later = false;
        int64_t live = 1;
        for (int j = i + 1; j < c->ndeferred && !later; j++)
            later = c->deferred[j].gid == d->gid;
        for (int j = 0; j < i; j++)
            live += c->deferred[j].gid == d->gid;
        const struct store_snapshot snap = {d->state, d->status, d->winner, d->ended};
        if (!later)
            rc = store_game_put_snapshot(w, d->gid, &snap, d->version, live, &err);
    }
    if (c->ndeferred > 0)
        rc = rc == 0 ? store_commit(w, &err) : (store_rollback(w), rc);
    game_deferred_cut(c, 0);
    return rc;
}

void games_free(struct games *c)
{
    if (!c)
        return;
    game_deferred_cut(c, 0);
    free(c->deferred);
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

/* game_kind.h */
void *game_cache_get(struct games *c, int64_t gid, int64_t version, uint64_t txn, void **st)
{
    struct game_shared *hit = NULL;
    *st = NULL;
    pthread_mutex_lock(&c->lock);
    if (txn && c->open_txn == txn && c->open.gid == gid && c->open.version == version) {
        hit = game_shared_ref(c->open.board); /* a correction in the transaction has its own */
        *st = game_shared_ref(c->open.st);
    }
    for (int i = 0; i < GAME_CACHE_SLOTS && !hit; i++) {
        struct game_cache_entry *e = &c->slots[i];
        if (e->gid != gid)
            continue;
        hit = game_shared_ref(e->board);
        e->used = ++c->tick;
        if (e->st && e->version == version)
            *st = game_shared_ref(e->st);
    }
    pthread_mutex_unlock(&c->lock);
    return hit;
}

static void game_pending_free(struct game_pending *p)
{
    if (!p)
        return;
    game_shared_unref(p->board);
    game_shared_unref(p->st);
    free(p);
}

/* game_kind.h */
void game_cache_share(struct game_req *r, int64_t gid, struct game_shared *board, int64_t version,
                      struct game_shared *st)
{
    struct game_pending *p = calloc(1, sizeof(*p));
    if (!p)
        return;
    p->board = game_shared_ref(board);
    p->st = game_shared_ref(st);
    p->gid = gid;
    p->version = version;
    game_pending_free(r->pending);
    r->pending = p;
}

/* Keep what the request's append left in the writer's open transaction (its pending
 * entry) for the next writer of that transaction: the open entry takes a reference to
 * the pending state, which game_req_finish() still publishes. Call with every write of
 * the append done, just before store_commit_and_leave(). This function can't fail. */
static void game_cache_keep_open(struct game_req *r)
{
    struct game_pending *p = r->pending;
    struct games *c = r->games;
    uint64_t txn = store_write_txn(*r->store);
    if (!p || !p->st || !p->board || !txn)
        return;
    pthread_mutex_lock(&c->lock);
    if (c->open.board != p->board) {
        game_shared_unref(c->open.board);
        c->open.board = game_shared_ref(p->board);
    }
    if (c->open.st != p->st) {
        game_shared_unref(c->open.st);
        c->open.st = game_shared_ref(p->st);
    }
    c->open.gid = p->gid;
    c->open.version = p->version;
    c->open_txn = txn;
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
        game_shared_unref(e->st);
        e->st = p->st;
        e->version = p->version;
        p->st = NULL;
        if (p->board && p->board != e->board) { /* a correction changed the game's board */
            game_shared_unref(e->board);
            e->board = p->board;
            p->board = NULL;
        }
    }
    if (e)
        e->used = ++c->tick;
    pthread_mutex_unlock(&c->lock);
    game_pending_free(p);
}

int game_parse_stored(struct game_req *r, const char *text, cJSON **out)
{
    cJSON *doc = cJSON_Parse(text);
    if (!doc)
        return sb_fail(r->err, SB_EIO, NULL, "stored JSON is damaged");
    *out = doc;
    return 0;
}

cJSON *game_payload_as_sent(const struct game_req *r, const struct game *gm, const cJSON *body)
{
    (void)r;
    (void)gm;
    return cJSON_Duplicate(body, true);
}

/* Keep the payload of event *(int64_t *)arg[1] (parsed into *(cJSON **)arg[2]) when it
 * is a correct event. */
static int game_find_fix(void *arg, int64_t seq, const char *type, const char *payload)
{
    void **a = arg;
    if (seq != *(int64_t *)a[1] || strcmp(type, "correct") != 0)
        return 0;
    return game_parse_stored(a[0], payload, (cJSON **)a[2]);
}

/* game_kind.h */
int game_undo_correction(struct game_req *r, struct game *gm, int64_t seq)
{
    cJSON *found = NULL, *doc = NULL, *item = NULL;
    void *arg[3] = {r, &seq, &found};
    char *text = NULL;
    const cJSON *what, *id;
    int rc = store_events_each(*r->store, gm->row.id, seq, game_find_fix, arg, r->err);
    if (rc != 0 || !found)
        return rc;
    what = cJSON_GetObjectItemCaseSensitive(found, "what");
    id = cJSON_GetObjectItemCaseSensitive(found, "id");
    rc = store_campaign_board(*r->store, r->campaign->id, gm->row.edition, &text, r->err);
    if (rc == 0)
        rc = game_parse_stored(r, text, &doc);
    free(text);
    text = NULL;
    if (rc == 0 && (!cJSON_IsString(what) || !cJSON_IsString(id)))
        rc = sb_fail(r->err, SB_EIO, NULL, "event %lld is a damaged correction", (long long)seq);
    if (rc == 0)
        rc = gm->kind->box_put(doc, what->valuestring, id->valuestring,
                               cJSON_GetObjectItemCaseSensitive(found, "before"), &item, r->err);
    if (rc == 0 && !(text = cJSON_PrintUnformatted(doc)))
        rc = sb_oom(r->err);
    if (rc == 0)
        rc = store_campaign_set_board(*r->store, r->campaign->id, gm->row.edition, text, r->err);
    free(text);
    cJSON_Delete(doc);
    cJSON_Delete(found);
    return rc;
}

int game_get_docs(struct game_req *r, struct game *gm)
{
    int64_t gid = gm->row.id;
    store_game_clear(&gm->row);
    return game_row_get(r, gid, true, &gm->row);
}

const char *game_stored_state(const struct game_req *r, const struct game *gm)
{
    /* The turns' open transaction may hold a newer state than the snapshot row. */
    const struct game_deferred *d = game_deferred_find(r->games, *r->store, gm->row.id);
    return d ? d->state : gm->row.state;
}

int game_set_state(struct game_req *r, struct game *gm, const char *text)
{
    cJSON *doc = NULL;
    int rc = game_parse_stored(r, text, &doc);
    if (rc != 0)
        return rc;
    rc = gm->kind->set_state(r, gm, doc);
    cJSON_Delete(doc);
    if (rc != 0 && rc != SB_ENOMEM) {
        char why[SB_DETAIL_MAX]; /* r->err->detail cannot be both source and target */
        snprintf(why, sizeof(why), "%s", r->err->detail);
        rc = sb_fail(r->err, SB_EIO, NULL, "the stored state is damaged: %s", why);
    }
    return rc;
}

/* True when body is a correct event. This function can't fail. */
static bool game_is_correction(const cJSON *body)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(body, "type");
    return cJSON_IsString(type) && strcmp(type->valuestring, "correct") == 0;
}

/* Load game gid of the campaign with its board and its snapshot state, in the form its
 * kind works on; docs: also its board and initial state texts (gm->row), for a replay. */
static int game_load(struct game_req *r, int64_t gid, bool docs, struct game **out)
{
    struct game *gm = calloc(1, sizeof(*gm));
    int rc = 0;
    if (!gm)
        return sb_oom(r->err);
    if (r->row && r->row->id == gid)
        gm->row = *r->row; /* no documents: nothing owned is copied */
    else
        rc = game_row_get(r, gid, false, &gm->row);
    if (rc == 0 && !(gm->kind = game_kind_for(gm->row.edition, gm->row.mode)))
        rc = sb_fail(r->err, SB_EIO, NULL, "game %lld has an unknown mode", (long long)gid);
    if (rc == 0)
        rc = gm->kind->load(r, gm, docs);
    if (rc != 0) {
        game_free(gm);
        return rc;
    }
    *out = gm;
    return 0;
}

/* ---- applying events ---- */

/* The snapshot columns of gm's state: status and winner. */
static void game_snapshot_meta(const struct game *gm, struct store_snapshot *snap)
{
    gm->kind->snapshot_meta(gm, snap);
    snap->ended = strcmp(snap->status, "active") != 0;
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
    if (!(t->payload = gm->kind->payload(r, gm, body)) ||
        !(t->state = gm->kind->state_text(gm, gm->row.version + 1)) ||
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
    int rc = 0;
    game_snapshot_meta(gm, &snap);
    snap.state = t->state;
    /* In a turn of the writer the game's row is written once for the turns' COMMIT: its
     * appends write their events only. */
    if (store_in_turn(*r->store)) {
        *version = gm->row.version + 1;
        if (game_defer(r->games, &gm->row, seq, *version, &snap) != 0)
            return sb_oom(r->err);
        rc = store_event_append(*r->store, gm->row.id, seq, type, t->payload_text, t->effects, at,
                                idem_key, NULL, NULL, r->err);
    } else {
        rc = store_event_append(*r->store, gm->row.id, seq, type, t->payload_text, t->effects, at,
                                idem_key, &snap, version, r->err);
    }
    /* The next append to this game finds its state in the cache, once committed. */
    if (rc == 0)
        gm->kind->cache(r, gm, *version);
    return rc;
}

/* An event applied to a loaded game and printed, not yet written: what game_write()
 * stores. */
struct game_prep {
    struct game *gm;
    void *aux; /* what the kind's written() needs (game_kind.apply) */
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
    free(p->aux);
    free(p->answer);
    game_free(p->gm);
    memset(p, 0, sizeof(*p));
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
    if (rc == 0 && p->gm->kind->over(p->gm) && strcmp(p->type, "note") != 0)
        rc = sb_fail(r->err, SB_ECONFLICT, p->gm->kind->over_rule,
                     "the game is over; only notes can be added");
    if (rc == 0 && request)
        rc = event_check_request(body, p->gm->kind->banker(p->gm), r->err);
    if (rc != 0) {
        game_prep_clear(p);
        return rc;
    }
    p->seq = seq <= p->gm->row.last_seq ? p->gm->row.last_seq + 1 : seq;
    if (at)
        snprintf(p->at, sizeof(p->at), "%s", at);
    else
        store_now(p->at);
    rc = p->gm->kind->apply(r, p->gm, body, p->seq, &p->effects, &p->aux);
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
    if (rc == 0)
        rc = p->gm->kind->written(r, p->gm, p->t.payload, p->seq, p->aux);
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

int game_check_event(struct game_req *r, int64_t gid, const cJSON *body)
{
    struct game *gm = NULL;
    int rc = game_load(r, gid, false, &gm);
    if (rc == 0)
        rc = gm->kind->check(r, gm, body);
    game_free(gm);
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
        rc = rp->gm->kind->apply(rp->req, rp->gm, body, seq, &effects, NULL);
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

/* Read the seats column of row: its players (with their names of the day, as a rename
 * leaves them in the stored documents) and tokens, n of them. */
static int game_state_seats(struct game_req *r, const struct store_game *row, cJSON **doc,
                            struct rules_seat *seats, char names[][RULES_NAME_MAX],
                            const char **tokens, int *n)
{
    const cJSON *s;
    int count = 0, rc = 0;
    if (!(*doc = cJSON_Parse(row->seats)) || !cJSON_IsArray(*doc))
        return sb_fail(r->err, SB_EIO, NULL, "the seats of game %lld are damaged",
                       (long long)row->id);
    cJSON_ArrayForEach(s, *doc)
    {
        int64_t pid = 0;
        const char *token = NULL;
        if (count == RULES_MAX_PLAYERS)
            return sb_fail(r->err, SB_EIO, NULL, "game %lld has too many seats",
                           (long long)row->id);
        rc = json_get_int(s, "player", true, 1, JSON_INT_MAX, &pid, NULL, r->err);
        if (rc == 0)
            rc = json_get_string(s, "token", true, JSON_NAME_MAX_CHARS, false, &token, r->err);
        if (rc == 0)
            rc = store_player_name(*r->store, row->campaign, pid, names[count], RULES_NAME_MAX,
                                   r->err);
        if (rc != 0)
            return rc;
        seats[count].player = pid;
        seats[count].name = names[count];
        seats[count].token = -1;
        tokens[count++] = token;
    }
    *n = count;
    return 0;
}

int game_initial_text(struct game_req *r, const struct store_game *row, char **out)
{
    struct game_new g = {.gid = row->id, .mode = row->mode, .board = row->board};
    /* a game from before house rules plays by the readings of then (state_json.c) */
    struct house_rules legacy = rules_house_legacy();
    const struct game_kind *k = game_kind_for(row->edition, row->mode);
    cJSON *seats_doc = NULL, *state = NULL;
    int rc = 0;
    if (!k || !k->remakes_initial || !row->board || !row->seats)
        return sb_fail(r->err, SB_EIO, NULL, "the initial state of game %lld is missing",
                       (long long)row->id);
    rc = house_rules_from_text(row->house_rules, &legacy, &g.hr, r->err);
    if (rc == 0)
        rc = game_state_seats(r, row, &seats_doc, g.seats, g.names, g.tokens, &g.n);
    if (rc == 0)
        rc = k->initial(r, &g, &state);
    if (rc == 0 && !(*out = cJSON_PrintUnformatted(state)))
        rc = sb_oom(r->err);
    cJSON_Delete(state);
    cJSON_Delete(seats_doc);
    return rc;
}

/* Set gm's working state to its initial state, made again when the store left it NULL
 * (game_initial_text()). */
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
    int rc = gm->kind->reset(r, gm);
    if (rc == 0)
        rc = game_set_initial(r, gm);
    if (rc == 0)
        rc = store_events_each(*r->store, gm->row.id, upto, replay_event, &rp, r->err);
    return rc;
}

int game_load_state(struct game_req *r, struct game *gm)
{
    const char *text = game_stored_state(r, gm);
    return text ? game_set_state(r, gm, text) : game_replay(r, gm, 0, 0);
}

/* ---- creating games ---- */

/* Read the seats of a game body: [{"player": pid, "token": "..."}], each player of this
 * campaign, into g (names filled in from the store), as kind k seats them: at most
 * k->seats_max() (k->seat_rule), a token each when k->token_required (else free text,
 * "" when left out), a player twice refused under k->twice_rule. */
static int game_read_seats(struct game_req *r, const cJSON *body, const struct game_kind *k,
                           struct game_new *g)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(body, "seats"), *s;
    int count = 0, rc = 0, max = k->seats_max(r);
    if (!cJSON_IsArray(arr))
        return sb_fail(r->err, SB_EBADREQ, NULL, "'seats' must be an array");
    cJSON_ArrayForEach(s, arr)
    {
        int64_t pid = 0;
        const char *token = NULL;
        if (count >= max || count >= GAME_SEATS_MAX)
            return sb_fail(r->err, SB_EINVALID, k->seat_rule,
                           "this edition seats at most %d players", max);
        if (!cJSON_IsObject(s))
            return sb_fail(r->err, SB_EBADREQ, NULL, "each seat must be an object");
        rc = json_get_int(s, "player", true, 1, JSON_INT_MAX, &pid, NULL, r->err);
        if (rc == 0)
            rc = json_get_string(s, "token", k->token_required, JSON_NAME_MAX_CHARS, false, &token,
                                 r->err);
        if (rc == 0)
            rc = store_player_name(*r->store, r->campaign->id, pid, g->names[count], RULES_NAME_MAX,
                                   r->err);
        if (rc != 0)
            return rc;
        for (int i = 0; i < count; i++)
            if (g->seats[i].player == pid)
                return sb_fail(r->err, SB_EINVALID, k->twice_rule, "player %lld is seated twice",
                               (long long)pid);
        g->seats[count].player = pid;
        g->seats[count].name = g->names[count];
        g->seats[count].token = -1;
        g->tokens[count] = token ? token : "";
        count++;
    }
    g->n = count;
    return 0;
}

/* The seats column: [{"player","token"}]. */
static cJSON *game_seats_json(const struct game_new *g)
{
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; arr && i < g->n; i++) {
        cJSON *s = cJSON_CreateObject();
        if (!s || !cJSON_AddItemToArray(arr, s) ||
            !cJSON_AddNumberToObject(s, "player", (double)g->seats[i].player) ||
            !cJSON_AddStringToObject(s, "token", g->tokens[i])) {
            cJSON_Delete(arr);
            return NULL;
        }
    }
    return arr;
}

/* What a game records besides its seats: a play its duration_min (0..6000; -1 when
 * absent) and location (at most 80 characters; NULL when absent, borrowed from body),
 * which only a kind with play_details takes (422); and the house rules it plays by, the
 * campaign's with body's "house_rules" over them (g->hr). */
static int game_read_details(struct game_req *r, const cJSON *body, const struct game_kind *k,
                             struct game_new *g)
{
    bool present = false;
    int rc;
    g->duration_min = -1;
    g->location = NULL;
    if (!k->play_details && (cJSON_GetObjectItemCaseSensitive(body, "duration_min") ||
                             cJSON_GetObjectItemCaseSensitive(body, "location")))
        return sb_fail(r->err, SB_EINVALID, NULL,
                       "duration_min and location are for results-mode games");
    rc = json_get_int(body, "duration_min", false, 0, GAME_DURATION_MAX, &g->duration_min, &present,
                      r->err);
    if (rc == 0 && !present)
        g->duration_min = -1;
    if (rc == 0)
        rc = json_get_string(body, "location", false, GAME_LOCATION_MAX, false, &g->location,
                             r->err);
    g->house_body = cJSON_GetObjectItemCaseSensitive(body, "house_rules");
    if (rc == 0 && k->own_house_rules)
        g->hr = rules_house_official(); /* unused: the kind reads g->house_body */
    else if (rc == 0)
        rc = house_for_game(*r->store, r->campaign->id, g->house_body, &g->hr, r->err);
    return rc;
}

/* Read a new game's body into g for kind k (its details and seats; g->mode is read
 * already); *played_at is borrowed from body. */
static int game_read_new(struct game_req *r, const cJSON *body, const struct game_kind *k,
                         struct game_new *g, const char **played_at)
{
    int rc = k->check_mode(r, g->mode);
    if (rc == 0)
        rc =
            json_get_string(body, "played_at", false, GAME_PLAYED_AT_MAX, false, played_at, r->err);
    if (rc == 0)
        rc = game_read_details(r, body, k, g);
    if (rc == 0)
        rc = game_read_seats(r, body, k, g);
    if (rc == 0)
        rc = k->seats_check(r, g->n);
    if (rc == 0 && r->campaign->active_game)
        rc = sb_fail(r->err, SB_ECONFLICT, NULL, "game %lld is still active",
                     (long long)r->campaign->active_game);
    return rc;
}

int game_create(struct game_req *r, const cJSON *body, const char *board_doc, int64_t *gid)
{
    const struct game_kind *k = NULL;
    struct game_new *g = calloc(1, sizeof(*g));
    const char *played_at = NULL;
    char *board = NULL, *state_text = NULL, *seats_text = NULL;
    cJSON *state = NULL, *seats_json = NULL;
    int rc = g ? json_get_string(body, "mode", true, 16, false, &g->mode, r->err) : sb_oom(r->err);

    if (rc == 0) {
        k = game_kind_for_new(r->campaign->box, g->mode);
        rc = game_read_new(r, body, k, g, &played_at);
    }

    if (rc == 0)
        rc = store_game_next_id(*r->store, gid, r->err);
    if (rc == 0 && board_doc && !(board = strdup(board_doc)))
        rc = sb_oom(r->err);
    if (rc == 0 && !board_doc)
        rc = store_campaign_board(*r->store, r->campaign->id, r->campaign->box, &board, r->err);
    if (rc == 0) {
        g->gid = *gid;
        g->board = board;
        rc = k->initial(r, g, &state);
    }
    if (rc == 0 &&
        (!(seats_json = game_seats_json(g)) || !(seats_text = cJSON_PrintUnformatted(seats_json)) ||
         !(state_text = cJSON_PrintUnformatted(state))))
        rc = sb_oom(r->err);
    if (rc == 0)
        rc = store_game_create(*r->store, *gid, r->campaign->id, r->campaign->box, g->mode,
                               seats_text, board, state_text, played_at, r->err);
    if (rc == 0)
        rc = k->keep_details(r, g);
    free(board);
    free(state_text);
    free(seats_text);
    cJSON_Delete(state);
    cJSON_Delete(seats_json);
    free(g);
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
    if (!text) /* made again when read, with the names of the day (game_state_fill()) */
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
    return game_check_etag(err, if_match, version, "game");
}

int game_check_etag(struct sb_error *err, const char *if_match, int64_t version, const char *what)
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
                   "the %s changed (now version %lld): reload and try again", what,
                   (long long)version);
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
    rc = game_row_get(r, gid, false, &g);
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
    r->row = &g;
    if (rc == 0)
        rc = game_append_body(r, gid, body, 0, NULL, idem_key, true, &text, version);
    r->row = NULL;
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
        rc = game_row_get(r, gid, false, &g);
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
 * connection, outside the writer's lock, into *p. GAME_AGAIN when the work must be
 * done again under the lock: the snapshot refused the event (a refusal is only trusted
 * from the current state). *p holds something only on 0. */
static int game_post_snapshot(struct game_req *r, int64_t gid, const cJSON *body,
                              const char *if_match, struct game_prep *p)
{
    int rc = store_begin_read(*r->store, r->err);
    if (rc != 0)
        return rc;
    rc = game_prepare(r, gid, body, 0, NULL, true, true, p);
    store_rollback(*r->store); /* the snapshot's read transaction ends */
    if (rc == 0 && (rc = game_check_version(r->err, if_match, p->gm->row.version)) != 0)
        game_prep_clear(p);
    if (rc != 0 && rc != SB_ENOMEM && rc != SB_EBADREQ && rc != SB_ENOTFOUND)
        rc = GAME_AGAIN;
    return rc;
}

/* An append handed to the writer's thread (store_pool_write_turn). */
struct game_turn {
    struct game_req *r;
    int64_t gid;
    const cJSON *body;
    const char *idem_key, *if_match;
    const unsigned char *hash;
    struct game_prep *prep; /* worked out on a snapshot; NULL: do it all in the turn */
    char **answer;
    int *status;
    int64_t *version;
};

/* The turn of an append: write what the snapshot worked out if the game is still at
 * its version, else work it out again on the writer. */
static int game_post_turn(void *arg)
{
    struct game_turn *t = arg;
    int mark = t->r->games->ndeferred;
    int rc = t->prep ? game_post_prepared(t->r, t->gid, t->prep, t->idem_key, t->hash, t->answer,
                                          t->status, t->version)
                     : GAME_AGAIN;
    if (rc == GAME_AGAIN)
        rc = game_post_locked(t->r, t->gid, t->body, t->idem_key, t->hash, t->if_match, t->answer,
                              t->status, t->version);
    if (rc != 0) /* its savepoint is undone: so is what it deferred */
        game_deferred_cut(t->r->games, mark);
    return rc;
}

/* An append from its start to its end (game_post_event, game_post_event_later). */
struct game_post {
    unsigned char hash[KEYS_HASH_BYTES];
    struct game_prep prep;
    struct game_turn turn;
    char *answer;
    int status;
    int64_t version;
    atomic_int *busy; /* the stripe it counts in, once it does */
    game_posted_fn *posted;
    void *posted_arg;
};

/* The start of an append: the checks that need no game, then, with r->pool, the work on
 * a snapshot when it is alone on its stripe (with another append of its stripe in
 * flight both would want the same version and one would do its work twice, so it works
 * in its turn), and the reader given back. 0: op->turn is ready. */
static int game_post_begin(struct game_req *r, int64_t gid, const cJSON *body, const char *idem_key,
                           const char *if_match, struct game_post *op)
{
    int rc = 0;
    op->turn = (struct game_turn){r,        gid,  body,        idem_key,    if_match,
                                  op->hash, NULL, &op->answer, &op->status, &op->version};
    if (game_is_correction(body))
        return sb_fail(r->err, SB_EINVALID, NULL,
                       "a correction of the box is made with PUT .../board/..., which changes "
                       "the campaign's copy and appends it to the active game");
    if (idem_key && (rc = game_body_hash(r, body, op->hash)) != 0)
        return rc;
    if (!r->pool)
        return 0;
    op->busy = &r->games->in_flight[(uint64_t)gid % GAME_STRIPES];
    if (atomic_fetch_add(op->busy, 1) != 0)
        rc = GAME_AGAIN;
    else if (*r->store)
        rc = game_post_snapshot(r, gid, body, if_match, &op->prep);
    else
        return GAME_NEEDS_READER; /* alone, it is worked out on a reader */
    if (rc == 0)
        op->turn.prep = &op->prep;
    if (rc != 0 && rc != GAME_AGAIN)
        return rc;
    store_pool_put(r->pool, *r->store);
    *r->store = NULL;
    return 0;
}

/* The end of an append that came to rc: an answer only with 0 (a turn that answered
 * may still have lost its COMMIT). Returns rc. */
static int game_post_end(struct game_post *op, int rc)
{
    if (rc != 0) {
        free(op->answer);
        op->answer = NULL;
    }
    if (op->turn.prep) /* else there is none: game_post_snapshot() cleared it */
        game_prep_clear(op->turn.prep);
    if (op->busy)
        atomic_fetch_sub(op->busy, 1);
    op->busy = NULL;
    return rc;
}

int game_post_event(struct game_req *r, int64_t gid, const cJSON *body, const char *idem_key,
                    const char *if_match, char **answer, int *status, int64_t *version)
{
    struct game_post op = {0};
    const struct store_turn_fns fns = {game_post_turn, game_deferred_flush, r->games};
    int rc = game_post_begin(r, gid, body, idem_key, if_match, &op);
    if (rc == 0 && !r->pool)
        rc = game_post_locked(r, gid, body, idem_key, op.hash, if_match, &op.answer, &op.status,
                              &op.version);
    else if (rc == 0)
        rc = store_pool_write_turn(r->pool, r->store, &fns, &op.turn, r->err);
    rc = game_post_end(&op, rc);
    *answer = op.answer;
    *status = op.status;
    *version = op.version;
    return rc;
}

/* The end of the turn of game_post_event_later(), on the writer's thread. */
static void game_post_over(void *arg, int rc)
{
    struct game_post *op = arg;
    rc = game_post_end(op, rc);
    op->posted(op->posted_arg, rc, op->answer, op->status, op->version);
    free(op);
}

int game_post_event_later(struct game_req *r, int64_t gid, const cJSON *body, const char *idem_key,
                          const char *if_match, game_posted_fn *posted, void *arg)
{
    struct game_post *op = calloc(1, sizeof(*op));
    const struct store_turn_fns fns = {game_post_turn, game_deferred_flush, r->games};
    int rc;
    if (!op)
        return sb_oom(r->err);
    op->posted = posted;
    op->posted_arg = arg;
    rc = r->pool ? game_post_begin(r, gid, body, idem_key, if_match, op)
                 : sb_fail(r->err, SB_EIO, NULL, "an append answered later needs the pool");
    if (rc == 0)
        rc = store_pool_write_turn_later(r->pool, r->store, &fns, &op->turn, game_post_over, op,
                                         r->err);
    if (rc != 0) {
        game_post_end(op, rc);
        free(op);
    }
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
    rc = gm->kind->undo(r, gm, *seq);
    if (rc == 0)
        rc = game_replay(r, gm, 0, *seq);
    if (rc == 0 && !(*state = gm->kind->state_text(gm, gm->row.version + 1)))
        rc = sb_oom(r->err);
    if (rc == 0) {
        game_snapshot_meta(gm, &snap);
        snap.state = *state;
        rc = store_event_void(*r->store, gm->row.id, *seq, &snap, version, r->err);
    }
    /* The replayed board (without an undone correction) and state, once committed. */
    if (rc == 0)
        gm->kind->cache(r, gm, *version);
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
    /* Undo is the latest game's of each box. */
    if (rc == 0)
        rc = store_campaign_box(*r->store, gm->row.edition, r->campaign, r->err);
    if (rc == 0 && gid != r->campaign->latest_game)
        rc = sb_fail(r->err, SB_ECONFLICT, NULL,
                     "only the latest game of the %s box (%lld) can be undone", gm->row.edition,
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
    if (rc == 0 && !(*state = gm->kind->state_text(gm, gm->row.version)))
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
    if (rc == 0 && !(*state = gm->kind->state_text(gm, gm->row.version)))
        rc = sb_oom(r->err);
    if (rc == 0)
        *version = gm->row.version;
    if (rc == 0 && corrected)
        *corrected = gm->kind->corrected(gm);
    game_free(gm);
    return rc;
}
