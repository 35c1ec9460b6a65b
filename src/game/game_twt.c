/* game_twt.c -- the Travel World Tour kind of game (modes "banker" and "journal"): a
 * board (shared with the cache, copied on a correction) and the rules engine's struct
 * game_state; a journal draw writes its stamp, draw and payout rows with its event
 * (game_kind.h). */
#include "game_kind.h"

#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_edit.h"
#include "board_json.h"
#include "correct.h"
#include "house_json.h"
#include "json.h"
#include "memory.h"
#include "state_json.h"

/* A parsed board the game cache shares (game_kind.h): read-only once shared. */
struct twt_board {
    struct game_shared ref;
    struct board b;
};

/* A state the game cache shares: never changed once shared. */
struct twt_state {
    struct game_shared ref;
    struct game_state st;
};

/* A Travel World Tour game's own: its board and its state. */
struct twt_game {
    struct twt_board *gb;      /* a reference ... */
    const struct board *board; /* ... and the board itself */
    struct twt_state *cs;      /* a reference ... */
    struct game_state *st;     /* ... and the state it holds */
    bool shared;               /* the cache holds cs: st never changes again */
};

/* What a journal draw's written() needs: the state it was applied to, its outcome. */
struct twt_aux {
    struct game_state before;
    struct rules_outcome out;
};

static struct twt_game *twt(const struct game *gm)
{
    return gm->ks;
}

/* Parse a board document text into b. */
static int twt_parse_board(struct game_req *r, const char *text, struct board *b)
{
    cJSON *doc = NULL;
    int rc = game_parse_stored(r, text, &doc);
    if (rc == 0)
        rc = board_from_json(doc, b, r->err);
    cJSON_Delete(doc);
    return rc;
}

/* Give gm a board of its own to change: the cached board is shared read-only, so a
 * correction changes a copy (copy on write). */
static int twt_board_own(struct game_req *r, struct game *gm)
{
    struct twt_game *t = twt(gm);
    struct twt_board *gb = game_shared_new(sizeof(*gb));
    if (!gb)
        return sb_oom(r->err);
    gb->b = t->gb->b;
    /* gm holds a reference of its own: the analyzer cannot count them. */
    game_shared_unref(&t->gb->ref); /* NOLINT(clang-analyzer-unix.Malloc) */
    t->gb = gb;
    t->board = &gb->b;
    return 0;
}

/* Give gm a board of its own parsed from the board it started with (gm->row.board), for
 * a replay that applies the corrections of its log again. */
static int twt_reset(struct game_req *r, struct game *gm)
{
    struct twt_game *t = twt(gm);
    struct twt_board *gb = game_shared_new(sizeof(*gb));
    int rc;
    if (!gb)
        return sb_oom(r->err);
    rc = twt_parse_board(r, gm->row.board, &gb->b);
    if (rc != 0) {
        free(gb);
        return rc;
    }
    /* gm holds a reference of its own: the analyzer cannot count them. */
    game_shared_unref(t->gb ? &t->gb->ref : NULL); /* NOLINT(clang-analyzer-unix.Malloc) */
    t->gb = gb;
    t->board = &gb->b;
    return 0;
}

/* What twt_load_corrections() reads the log with. */
struct twt_fixes {
    struct game_req *req;
    struct game *gm;
};

/* Apply one live correct event of the log to gm's board, as accepted then. */
static int twt_fix_event(void *arg, int64_t seq, const char *type, const char *payload)
{
    struct twt_fixes *f = arg;
    struct rules_event ev;
    cJSON *body = NULL;
    int rc;
    (void)seq;
    if (strcmp(type, "correct") != 0)
        return 0;
    rc = game_parse_stored(f->req, payload, &body);
    if (rc == 0)
        rc = event_from_json(twt(f->gm)->board, twt(f->gm)->st, body, &ev, f->req->err);
    if (rc == 0)
        correct_board(&twt(f->gm)->gb->b, &ev.fix);
    cJSON_Delete(body);
    return rc;
}

/* After gm's board was parsed from the board it started with: apply the corrections of
 * its log, so that it is the board the game plays on now (only for a game whose state
 * counts corrections: the others need not read their log). */
static int twt_load_corrections(struct game_req *r, struct game *gm)
{
    struct twt_fixes f = {r, gm};
    return store_events_each(*r->store, gm->row.id, 0, twt_fix_event, &f, r->err);
}

/* Are gm's journal stamps held by players (else by tokens)? The policy the game started
 * with (API.md "Further additions (2026-12-c)": kept for its whole life, as its house
 * rules), or for a game stored before games kept one, the campaign's. */
static bool twt_game_player_owned(const struct game_req *r, const struct game *gm)
{
    if (gm->row.stamp_owner[0])
        return strcmp(gm->row.stamp_owner, "player") == 0;
    return r->campaign->policy_player;
}

/* Are a journal draw's stamps held by players (else by tokens)? As the payload says (a
 * replay pays as it was paid), else as the game does. */
static bool twt_player_owned(const struct game_req *r, const struct game *gm, const cJSON *body)
{
    const cJSON *owner = cJSON_GetObjectItemCaseSensitive(body, "stamp_owner");
    if (cJSON_IsString(owner))
        return strcmp(owner->valuestring, "player") == 0;
    return twt_game_player_owned(r, gm);
}

/* The stamp-owner policy an event was (or is) applied under (twt_player_owned()). */
static enum stamp_owner twt_policy(const struct game_req *r, const struct game *gm,
                                   const cJSON *payload)
{
    return twt_player_owned(r, gm, payload) ? STAMP_OWNER_PLAYER : STAMP_OWNER_TOKEN;
}

/* Apply body to gm's board and state as event seq; *out gets the engine's outcome. The
 * state is changed in place (correct_apply_in_place()): after a refusal it is
 * unspecified, and every caller throws gm away then (game_prepare() clears its prep, a
 * replay fails as damaged). */
static int twt_run(struct game_req *r, struct game *gm, const cJSON *body, int64_t seq,
                   struct rules_outcome *out, cJSON **effects)
{
    struct twt_game *t = twt(gm);
    struct rules_event ev;
    int rc;
    memset(&ev, 0, sizeof(ev));
    assert(!t->shared);
    rc = event_from_json(t->board, t->st, body, &ev, r->err);
    if (rc == 0 && ev.type == EVENT_CORRECT)
        rc = twt_board_own(r, gm);
    if (rc == 0) {
        ev.seq = seq;
        if (correct_apply_in_place(&t->gb->b, twt_policy(r, gm, body), t->st, &ev, out) != 0)
            rc = sb_fail(r->err, refusal_code(&out->refusal), out->refusal.rule, "%s",
                         out->refusal.detail);
    }
    if (rc == 0 && !(*effects = effects_to_json(t->board, t->st, out)))
        rc = sb_oom(r->err);
    return rc;
}

/* True when body is a journal draw. This function can't fail. */
static bool twt_is_draw(const cJSON *body)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(body, "type");
    return cJSON_IsString(type) && strcmp(type->valuestring, "draw_journal") == 0;
}

/* game_kind.payload: the body, plus the stamp-owner policy a journal draw was paid
 * under (so a replay pays the same). */
static cJSON *twt_payload(const struct game_req *r, const struct game *gm, const cJSON *body)
{
    cJSON *payload = cJSON_Duplicate(body, true);
    if (payload && twt_is_draw(body) && !cJSON_HasObjectItem(payload, "stamp_owner") &&
        !cJSON_AddStringToObject(payload, "stamp_owner",
                                 twt_game_player_owned(r, gm) ? "player" : "token")) {
        cJSON_Delete(payload);
        payload = NULL;
    }
    return payload;
}

/* game_kind.apply: a journal draw (outside a replay) keeps the state it was applied to
 * and its outcome for its rows (twt_written()), and the table relives the stamps that
 * paid (API.md "Memories"). */
static int twt_apply(struct game_req *r, struct game *gm, const cJSON *body, int64_t seq,
                     cJSON **effects, void **aux)
{
    struct twt_aux *x = aux && twt_is_draw(body) ? malloc(sizeof(*x)) : NULL;
    /* Not cleared: the engine sets what it fills (the count, the refusal) and the
     * effects are read up to the count, so its 9 KB need no memset first. */
    struct rules_outcome *out = x ? &x->out : malloc(sizeof(*out));
    int rc = out ? 0 : sb_oom(r->err);
    if (rc == 0 && x)
        rules_state_copy(twt(gm)->board, &x->before, twt(gm)->st);
    if (rc == 0)
        rc = twt_run(r, gm, body, seq, out, effects);
    if (rc == 0 && x)
        rc = memory_payout_effects(r, *effects, twt_player_owned(r, gm, body));
    if (rc == 0 && x)
        *aux = x;
    else
        free(x);
    if (!x)
        free(out);
    return rc;
}

/* Write the Travel Journal rows of an accepted draw_journal event (stamps, the draw,
 * its payouts). before is the state the event was applied to. */
static int twt_journal_rows(struct game_req *r, const struct game *gm,
                            const struct game_state *before, const cJSON *body, int64_t seq,
                            const struct rules_outcome *out)
{
    const struct twt_game *t = twt(gm);
    const struct board *b = t->board;
    const char *card = NULL;
    int drawer = before->pending.kind == PENDING_DRAW ? before->pending.seat : -1;
    int stamped = -1, rc = 0;
    const cJSON *player = cJSON_GetObjectItemCaseSensitive(body, "player");

    if (t->st->mode == MODE_JOURNAL && cJSON_IsNumber(player))
        drawer = rules_seat_of(t->st, (int64_t)player->valuedouble);
    for (int i = 0; rc == 0 && i < out->neffects; i++) {
        const struct rules_effect *e = &out->effects[i];
        if (e->kind != OUT_JOURNAL_STAMP)
            continue;
        card = b->journal[e->card].id;
        stamped = e->slot;
        rc = store_journal_stamp_add(*r->store, r->campaign->id, card, stamped,
                                     b->tokens[e->token].id, t->st->players[e->player].id,
                                     gm->row.id, seq, r->err);
    }
    if (!card) {
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(body, "card");
        card = cJSON_IsString(c) ? c->valuestring : "";
    }
    if (rc == 0 && drawer >= 0)
        rc = store_journal_draw_add(*r->store, r->campaign->id, gm->row.id, seq, card,
                                    t->st->players[drawer].id, stamped, r->err);
    for (int i = 0; rc == 0 && i < out->neffects; i++) {
        const struct rules_effect *e = &out->effects[i];
        if (e->kind == OUT_JOURNAL_PAYOUT)
            rc = store_journal_payout_add(*r->store, gm->row.id, seq, t->st->players[e->player].id,
                                          b->tokens[e->token].id, e->stamps, e->amount, r->err);
    }
    return rc;
}

/* The journal of the campaign as the games before game gid left it, for the state of
 * game gid (at its creation: the journal as it stands). */
static int twt_initial_journal(struct game_req *r, const struct board *b, int64_t gid,
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

/* game_kind.initial: the state of a new game for g's seats on g's board. */
static int twt_initial(struct game_req *r, struct game_new *g, cJSON **state)
{
    struct board *b = malloc(sizeof(*b));
    struct game_state *st = malloc(sizeof(*st));
    struct rules_outcome *out = malloc(sizeof(*out));
    struct journal_state *journal = calloc(BOARD_MAX_CARDS, sizeof(*journal));
    int rc = 0;

    if (!b || !st || !out || !journal)
        rc = sb_oom(r->err);
    if (rc == 0)
        rc = twt_parse_board(r, g->board, b);
    for (int i = 0; rc == 0 && i < g->n; i++) {
        g->seats[i].token = board_find_token(b, g->tokens[i]);
        if (g->seats[i].token < 0)
            rc = sb_fail(r->err, SB_EINVALID, "TWT-SETUP-1", "no token '%s' in this box",
                         g->tokens[i]);
    }
    if (rc == 0)
        rc = twt_initial_journal(r, b, g->gid, journal);
    if (rc == 0) {
        memset(st, 0, sizeof(*st));
        if (rules_init_house(b, strcmp(g->mode, "journal") == 0 ? MODE_JOURNAL : MODE_BANKER,
                             g->gid, &g->hr, g->seats, g->n, journal, st, out) != 0)
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

/* TWT-JOURNAL-3: a journal stamp is permanent once a later game has been paid by it,
 * so undoing the draw that made it is refused (SB_ECONFLICT); otherwise the draw's
 * stamp, draw and payout rows go with it. */
static int twt_undo_journal(struct game_req *r, const struct game *gm, int64_t seq)
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

/* ---- the row of the table ---- */

/* The last row of the table: Travel World Tour plays every edition no row before it
 * plays (game_kind_for_new()). */
static bool twt_plays(const char *edition)
{
    (void)edition;
    return true;
}

static bool twt_has_mode(const char *mode)
{
    return strcmp(mode, "banker") == 0 || strcmp(mode, "journal") == 0;
}

static int twt_check_mode(struct game_req *r, const char *mode)
{
    if (!twt_has_mode(mode))
        return sb_fail(r->err, SB_EINVALID, NULL, "mode must be \"banker\" or \"journal\"");
    return 0;
}

static int twt_seats_max(const struct game_req *r)
{
    (void)r;
    return RULES_MAX_PLAYERS;
}

/* The rules engine checks the count (TWT-SETUP-1) when it sets the game up. */
static int twt_seats_check(struct game_req *r, int n)
{
    (void)r;
    (void)n;
    return 0;
}

/* The house rules a game plays by are kept with its row (its states hold them too), and
 * so is the campaign's stamp policy of the day (a PATCH applies to later games). */
static int twt_keep_details(struct game_req *r, const struct game_new *g)
{
    char *text = house_text(&g->hr);
    int rc;
    if (!text)
        return sb_oom(r->err);
    rc = store_game_set_rules(*r->store, g->gid, text,
                              r->campaign->policy_player ? "player" : "token", r->err);
    free(text);
    return rc;
}

/* A new board for gm parsed from its row's board document (*gb NULL on failure). */
static int twt_new_board(struct game_req *r, const struct game *gm, struct twt_board **gb)
{
    *gb = game_shared_new(sizeof(**gb));
    if (!*gb)
        return sb_oom(r->err);
    return twt_parse_board(r, gm->row.board, &(*gb)->b);
}

/* Note gm's board and a copy of its state (as far as the engine reads it) for the cache
 * at version, once committed. This function can't fail (best effort). */
static void twt_cache_note(struct game_req *r, struct game *gm, int64_t version)
{
    struct twt_game *t = twt(gm);
    struct twt_state *cs = game_shared_new(sizeof(*cs));
    if (!cs)
        return;
    rules_state_copy(t->board, &cs->st, t->st);
    game_cache_share(r, gm->row.id, &t->gb->ref, version, &cs->ref);
    game_shared_unref(&cs->ref);
}

/* The board and the state of version the game cache holds for gm (*st_hit: the state
 * was there, copied as far as the engine reads it into t->st). */
static void twt_cache_get(struct game_req *r, struct game *gm, bool *st_hit)
{
    struct twt_game *t = twt(gm);
    void *st = NULL;
    t->gb = game_cache_get(r->games, gm->row.id, gm->row.version, store_write_txn(*r->store), &st);
    *st_hit = st != NULL;
    if (st)
        rules_state_copy(&t->gb->b, t->st, &((struct twt_state *)st)->st);
    game_shared_unref(st);
}

/* game_kind.load: the board and state from the cache when it has them, else parsed
 * (the board with the corrections of the log applied again). */
static int twt_load(struct game_req *r, struct game *gm, bool docs)
{
    struct twt_game *t = calloc(1, sizeof(*t));
    bool board_hit = false, st_hit = false;
    int rc = 0;
    if (!t)
        return sb_oom(r->err);
    gm->ks = t;
    /* Not cleared: the state is some 17 KB, and is filled below. */
    if (!(t->cs = game_shared_new(sizeof(*t->cs))))
        return sb_oom(r->err);
    t->st = &t->cs->st;
    twt_cache_get(r, gm, &st_hit);
    board_hit = t->gb != NULL;
    if (docs || !st_hit)
        rc = game_get_docs(r, gm);
    if (rc == 0 && !board_hit)
        rc = twt_new_board(r, gm, &t->gb);
    if (t->gb)
        t->board = &t->gb->b;
    if (rc == 0 && !st_hit)
        rc = game_load_state(r, gm);
    if (rc == 0 && !board_hit && t->st->corrections > 0)
        rc = twt_load_corrections(r, gm);
    if (rc == 0 && !st_hit)
        twt_cache_note(r, gm, gm->row.version);
    return rc;
}

static void twt_free(void *ks)
{
    struct twt_game *t = ks;
    if (!t)
        return;
    game_shared_unref(t->gb ? &t->gb->ref : NULL);
    game_shared_unref(t->cs ? &t->cs->ref : NULL);
    free(t);
}

static int twt_set_state(struct game_req *r, struct game *gm, const cJSON *doc)
{
    struct twt_game *t = twt(gm);
    assert(!t->shared);
    memset(t->st, 0, sizeof(*t->st));
    return state_from_json(t->board, doc, t->st, r->err);
}

static bool twt_banker(const struct game *gm)
{
    return twt(gm)->st->mode == MODE_BANKER;
}

static bool twt_over(const struct game *gm)
{
    return twt(gm)->st->status != STATUS_ACTIVE;
}

/* game_kind.written: a journal draw's stamp, draw and payout rows. */
static int twt_written(struct game_req *r, struct game *gm, const cJSON *payload, int64_t seq,
                       const void *aux)
{
    const struct twt_aux *x = aux;
    return x ? twt_journal_rows(r, gm, &x->before, payload, seq, &x->out) : 0;
}

/* The state written straight from the engine's struct (state_print), with no JSON tree
 * in between. */
static char *twt_state_text(const struct game *gm, int64_t version)
{
    return state_print(twt(gm)->board, twt(gm)->st, version);
}

static void twt_snapshot_meta(const struct game *gm, struct store_snapshot *snap)
{
    const struct game_state *st = twt(gm)->st;
    snap->status = st->status == STATUS_ACTIVE     ? "active"
                   : st->status == STATUS_FINISHED ? "finished"
                                                   : "abandoned";
    snap->winner = st->winner >= 0 ? st->players[st->winner].id : 0;
}

/* game_kind.undo: a journal draw's rows (TWT-JOURNAL-3), a correction's board edit. */
static int twt_undo(struct game_req *r, struct game *gm, int64_t seq)
{
    int rc = twt_undo_journal(r, gm, seq);
    if (rc == 0)
        rc = game_undo_correction(r, gm, seq);
    return rc;
}

/* game_kind.cache: the next append to this game finds its board and state in the
 * cache, once committed. The cache shares the state (no 17 KB copy): gm's state is
 * final here, as every caller throws gm away after it. */
static void twt_cache(struct game_req *r, struct game *gm, int64_t version)
{
    struct twt_game *t = twt(gm);
    game_cache_share(r, gm->row.id, &t->gb->ref, version, &t->cs->ref);
    t->shared = true;
}

/* game_kind.corrected: a correct event of its log changed the box it plays on. */
static bool twt_corrected(const struct game *gm)
{
    return twt(gm)->st->corrections > 0;
}

/* game_kind.play: a seat's score is its board stamps (TWT-WIN), the board the mode,
 * the house rules those of its row that are not the official readings. */
static int twt_play(struct game_req *r, cJSON *play)
{
    struct house_rules hr = rules_house_official();
    const cJSON *house = cJSON_GetObjectItemCaseSensitive(play, "house_rules");
    const cJSON *mode = cJSON_GetObjectItemCaseSensitive(play, "mode");
    cJSON *seat;
    char text[512] = "";
    bool ok = true;
    if (cJSON_IsObject(house) && house_rules_from_json(house, &hr, NULL) == 0)
        house_rules_describe(&hr, text, sizeof(text));
    cJSON_ArrayForEach(seat, cJSON_GetObjectItemCaseSensitive(play, "seats"))
    {
        const cJSON *stamps = cJSON_GetObjectItemCaseSensitive(seat, "stamps");
        char score[24];
        snprintf(score, sizeof(score), "%lld",
                 cJSON_IsNumber(stamps) ? (long long)stamps->valuedouble : 0LL);
        ok = ok && json_add(seat, "score", cJSON_CreateString(score)) &&
             json_add(seat, "rank", cJSON_CreateNumber(0));
    }
    ok = ok &&
         json_add(play, "board",
                  cJSON_CreateString(cJSON_IsString(mode) ? mode->valuestring : "")) &&
         json_add(play, "house", cJSON_CreateString(text)) &&
         json_add(play, "app_notes", cJSON_CreateTrue());
    return ok ? 0 : sb_oom(r->err);
}

/* game_kind.import_house: its own house rules, or for a game exported before house
 * rules existed the readings it was played by (as its states say,
 * rules_house_legacy()). */
static bool twt_import_house(const cJSON *game, cJSON *body)
{
    const cJSON *house = cJSON_GetObjectItemCaseSensitive(game, "house_rules");
    struct house_rules legacy = rules_house_legacy();
    if (house && !cJSON_IsNull(house))
        return cJSON_AddItemToObject(body, "house_rules", cJSON_Duplicate(house, true));
    return json_add(body, "house_rules", house_rules_to_json(&legacy));
}

/* The space index a path segment names: "0".."39", else -1. This function can't fail. */
static int twt_space_index(const char *seg)
{
    int v = 0;
    /* "01" is no space 1: one spelling a space, as the board lists it. */
    if (!seg || !seg[0] || strlen(seg) > 2 || (seg[0] == '0' && seg[1]))
        return -1;
    for (const char *p = seg; *p; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        v = v * 10 + (*p - '0');
    }
    return v;
}

/* game_kind.box_put: a destination, a Travel Journal or Chance card, a space. */
static int twt_box_put(cJSON *doc, const char *what, const char *id, const cJSON *body,
                       cJSON **item, struct sb_error *err)
{
    if (strcmp(what, "destination") == 0)
        return board_put_destination(doc, id, body, item, err);
    if (strcmp(what, "journal") == 0)
        return board_put_journal(doc, id, body, item, err);
    if (strcmp(what, "chance") == 0)
        return board_put_chance(doc, id, body, item, err);
    if (strcmp(what, "space") == 0)
        return board_put_space(doc, twt_space_index(id), body, item, err);
    return sb_fail(err, SB_ENOTFOUND, NULL, "this box has no %s '%s'", what, id);
}

/* game_kind.box_from_file: a board the rules engine plays (board_from_box()). */
static int twt_box_from_file(const cJSON *box, cJSON **doc, struct sb_error *err)
{
    return board_from_box(box, doc, err);
}

/* game_kind.check: the body read against the board and the state. */
static int twt_check(struct game_req *r, struct game *gm, const cJSON *body)
{
    struct rules_event ev;
    memset(&ev, 0, sizeof(ev));
    return event_from_json(twt(gm)->board, twt(gm)->st, body, &ev, r->err);
}

const struct game_kind game_kind_twt = {
    .name = "twt",
    .token_required = true,
    .seat_rule = "TWT-SETUP-1",
    .twice_rule = "TWT-SETUP-1",
    .over_rule = "TWT-WIN",
    .remakes_initial = true,
    GAME_KIND_OPS(twt),
};
