/* game_classic.c -- the classic bank's kind of game (mode "banker" of the classic and
 * Wonders boxes, RULES.md §3): a struct classic_board parsed from the game's box and the
 * engine's struct classic_state (engine classic.h, JSON classic_json.h). A game keeps
 * the house rules of §3b it was created with, in its state and its row (game_kind.h). */
#include "game_kind.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classic.h"
#include "classic_edit.h"
#include "classic_json.h"
#include "game_state.h"
#include "json.h"

/* A box and a state the game cache shares (game_kind.h): never changed once shared. */
struct cl_box {
    struct game_shared ref;
    struct classic_board b;
};

struct cl_state {
    struct game_shared ref;
    struct classic_state st;
};

/* A classic game's own: its box and its state. */
struct classic_game {
    struct classic_board board;
    struct classic_state st;
    struct cl_box *box; /* a reference to a shared copy of board; NULL once board changes */
    char edition[64];
};

static struct classic_game *cg(const struct game *gm)
{
    return gm->ks;
}

/* The editions this row plays in mode banker: the classic box and Wonders'. */
static bool cl_plays(const char *edition)
{
    return strcmp(edition, "classic") == 0 || strcmp(edition, "wonders") == 0;
}

static bool cl_has_mode(const char *mode)
{
    return strcmp(mode, "banker") == 0;
}

static int cl_check_mode(struct game_req *r, const char *mode)
{
    if (!cl_has_mode(mode))
        return sb_fail(r->err, SB_EINVALID, NULL,
                       "games of %s are banked with mode \"banker\" or logged with \"results\"",
                       r->campaign->box);
    return 0;
}

/* CLASSIC-SETUP: 2 to 8 players; WONDERS-BOX: 2 to 6. */
static int cl_seats_max(const struct game_req *r)
{
    return strcmp(r->campaign->box, "wonders") == 0 ? CLASSIC_WONDERS_MAX_PLAYERS
                                                    : CLASSIC_MAX_PLAYERS;
}

/* The engine checks the count (classic_init()) when it sets the game up. */
static int cl_seats_check(struct game_req *r, int n)
{
    (void)r;
    (void)n;
    return 0;
}

/* Parse a box document text into b. */
static int cl_parse_board(struct game_req *r, const char *text, struct classic_board *b)
{
    cJSON *doc = NULL;
    int rc = game_parse_stored(r, text, &doc);
    if (rc == 0)
        rc = classic_board_from_json(doc, b, r->err);
    cJSON_Delete(doc);
    return rc;
}

/* game_kind.initial: the box read, the body's house rules (§3b), the engine's setup. */
static int cl_initial(struct game_req *r, struct game_new *g, cJSON **state)
{
    struct classic_game *c = malloc(sizeof(*c));
    struct classic_outcome *out = malloc(sizeof(*out));
    struct classic_house_rules hr;
    struct classic_seat seats[GAME_SEATS_MAX];
    int rc = c && out ? 0 : sb_oom(r->err);
    if (rc == 0)
        rc = cl_parse_board(r, g->board, &c->board);
    if (rc == 0)
        rc = classic_house_from_json(g->house_body, &hr, r->err);
    for (int i = 0; rc == 0 && i < g->n; i++)
        seats[i] = (struct classic_seat){g->seats[i].player, g->names[i], g->tokens[i]};
    if (rc == 0 && classic_init(&c->board, &hr, seats, g->n, &c->st, out) != 0)
        rc = classic_refusal_fail(&out->refusal, r->err);
    if (rc == 0 && !(*state = classic_state_to_json(&c->board, &c->st, r->campaign->box, 1)))
        rc = sb_oom(r->err);
    free(out);
    free(c);
    return rc;
}

/* The house rules a game plays by are kept with its row too (the exports read them). */
static int cl_keep_details(struct game_req *r, const struct game_new *g)
{
    struct classic_house_rules hr;
    cJSON *doc = NULL;
    char *text = NULL;
    int rc = classic_house_from_json(g->house_body, &hr, r->err);
    if (rc == 0 && (!(doc = classic_house_to_json(&hr)) || !(text = cJSON_PrintUnformatted(doc))))
        rc = sb_oom(r->err);
    if (rc == 0)
        rc = store_game_set_rules(*r->store, g->gid, text, NULL, r->err);
    free(text);
    cJSON_Delete(doc);
    return rc;
}

/* c's box is about to change: the shared copy no longer is its box. */
static void cl_box_changed(struct classic_game *c)
{
    game_shared_unref(c->box ? &c->box->ref : NULL);
    c->box = NULL;
}

/* game_kind.reset (before a replay): the box the game started with, whose corrections
 * the replay applies again. */
static int cl_reset(struct game_req *r, struct game *gm)
{
    cl_box_changed(cg(gm));
    return cl_parse_board(r, gm->row.board, &cg(gm)->board);
}

/* Apply one live correct event of the log to the game's box, as accepted then. */
static int cl_fix_event(void *arg, int64_t seq, const char *type, const char *payload)
{
    struct game_req *r = ((void **)arg)[0];
    struct classic_game *c = ((void **)arg)[1];
    struct classic_event ev = classic_event_new(CLASSIC_EV_NOTE);
    struct classic_state *scratch;
    struct classic_outcome *out;
    cJSON *body = NULL;
    int rc;
    (void)seq;
    if (strcmp(type, "correct") != 0)
        return 0;
    scratch = malloc(sizeof(*scratch));
    out = malloc(sizeof(*out));
    rc = scratch && out ? game_parse_stored(r, payload, &body) : sb_oom(r->err);
    if (rc == 0)
        rc = classic_event_from_json(body, &c->board, &c->st, &ev, r->err);
    if (rc == 0) {
        *scratch = c->st;
        if (classic_correct_apply(&c->board, scratch, &ev, out) != 0)
            rc = sb_fail(r->err, SB_EIO, NULL, "a correction of the log no longer applies: %s",
                         out->refusal.detail);
    }
    cJSON_Delete(body);
    free(scratch);
    free(out);
    return rc;
}

/* After the state is loaded: the corrections of the log applied to the box it started
 * with, so that it is the box the game plays on now. */
static int cl_load_corrections(struct game_req *r, struct game *gm)
{
    void *arg[2] = {r, cg(gm)};
    if (cg(gm)->st.corrections == 0)
        return 0;
    return store_events_each(*r->store, gm->row.id, 0, cl_fix_event, arg, r->err);
}

/* game_kind.cache: the next load of this game finds a copy of its box (shared while the
 * box does not change) and of its state at version in the cache, once committed. This
 * function can't fail (best effort). */
static void cl_cache(struct game_req *r, struct game *gm, int64_t version)
{
    struct classic_game *c = cg(gm);
    struct cl_state *cs = game_shared_new(sizeof(*cs));
    if (cs && !c->box && (c->box = game_shared_new(sizeof(*c->box))))
        c->box->b = c->board;
    if (cs && c->box) {
        cs->st = c->st;
        game_cache_share(r, gm->row.id, &c->box->ref, version, &cs->ref);
    }
    game_shared_unref(cs ? &cs->ref : NULL);
}

/* game_kind.load: the box and the state from the game cache when it has them, else the
 * box parsed from the row (the corrections of the log applied again) and the state
 * from its snapshot. */
static int cl_load(struct game_req *r, struct game *gm, bool docs)
{
    struct classic_game *c = calloc(1, sizeof(*c));
    void *st = NULL;
    bool box_hit, st_hit;
    int rc = 0;
    if (!c)
        return sb_oom(r->err);
    gm->ks = c;
    snprintf(c->edition, sizeof(c->edition), "%s", gm->row.edition);
    c->box = game_cache_get(r->games, gm->row.id, gm->row.version, store_write_txn(*r->store), &st);
    box_hit = c->box != NULL;
    st_hit = st != NULL;
    if (box_hit)
        c->board = c->box->b;
    if (st_hit)
        c->st = ((const struct cl_state *)st)->st;
    game_shared_unref(st);
    if (docs || !st_hit)
        rc = game_get_docs(r, gm);
    if (rc == 0 && !box_hit)
        rc = cl_parse_board(r, gm->row.board, &c->board);
    if (rc == 0 && !st_hit)
        rc = game_load_state(r, gm);
    if (rc == 0 && !box_hit)
        rc = cl_load_corrections(r, gm);
    if (rc == 0 && !st_hit)
        cl_cache(r, gm, gm->row.version);
    return rc;
}

static void cl_free(void *ks)
{
    if (ks)
        cl_box_changed(ks);
    free(ks);
}

static int cl_set_state(struct game_req *r, struct game *gm, const cJSON *doc)
{
    return classic_state_from_json(doc, &cg(gm)->board, &cg(gm)->st, r->err);
}

static int cl_written(struct game_req *r, struct game *gm, const cJSON *payload, int64_t seq,
                      const void *aux)
{
    (void)r;
    (void)gm;
    (void)payload;
    (void)seq;
    (void)aux;
    return 0;
}

/* game_kind.undo: a correction taken back puts its "before" back into the campaign's
 * box (the replay that follows makes the game's own box again, cl_reset()). */
static int cl_undo(struct game_req *r, struct game *gm, int64_t seq)
{
    return game_undo_correction(r, gm, seq);
}

/* The table tells the dice (a roll carries them). */
static bool cl_banker(const struct game *gm)
{
    (void)gm;
    return false;
}

static bool cl_over(const struct game *gm)
{
    return classic_game_over(&cg(gm)->st);
}

/* game_kind.apply: the body read against the state, applied by the engine on a copy
 * kept once the effects are printed. */
static int cl_apply(struct game_req *r, struct game *gm, const cJSON *body, int64_t seq,
                    cJSON **effects, void **aux)
{
    struct classic_game *c = cg(gm);
    struct classic_state *next = malloc(sizeof(*next));
    struct classic_outcome *out = malloc(sizeof(*out));
    struct classic_event ev = classic_event_new(CLASSIC_EV_NOTE);
    int rc = next && out ? 0 : sb_oom(r->err);
    (void)aux;
    ev.seq = seq;
    if (rc == 0)
        rc = classic_event_from_json(body, &c->board, &c->st, &ev, r->err);
    if (rc == 0) {
        *next = c->st;
        /* a correction changes the game's own box (classic_correct_apply()) */
        if (ev.type == CLASSIC_EV_CORRECT)
            cl_box_changed(c);
        if (classic_correct_apply(&c->board, next, &ev, out) != 0)
            rc = classic_refusal_fail(&out->refusal, r->err);
    }
    if (rc == 0 && !(*effects = classic_effects_to_json(&c->board, next, out)))
        rc = sb_oom(r->err);
    if (rc == 0)
        c->st = *next;
    free(next);
    free(out);
    return rc;
}

/* game_kind.payload: the body as it came. */
static cJSON *cl_payload(const struct game_req *r, const struct game *gm, const cJSON *body)
{
    return game_payload_as_sent(r, gm, body);
}

static char *cl_state_text(const struct game *gm, int64_t version)
{
    const struct classic_game *c = cg(gm);
    cJSON *doc = classic_state_to_json(&c->board, &c->st, c->edition, version);
    char *text = doc ? cJSON_PrintUnformatted(doc) : NULL;
    cJSON_Delete(doc);
    return text;
}

static void cl_snapshot_meta(const struct game *gm, struct store_snapshot *snap)
{
    const struct classic_state *st = &cg(gm)->st;
    snap->status = st->status == CLASSIC_ACTIVE     ? "active"
                   : st->status == CLASSIC_FINISHED ? "finished"
                                                    : "abandoned";
    snap->winner = st->winner >= 0 ? st->players[st->winner].id : 0;
}

static bool cl_corrected(const struct game *gm)
{
    return cg(gm)->st.corrections > 0;
}

/* The house rules of doc (a game's row) that are not the official readings, as
 * "free_parking: jackpot, variant: short" into buf (n bytes; "" for none). */
static void cl_describe_house(const cJSON *doc, char *buf, size_t n)
{
    struct classic_house_rules hr;
    cJSON *mine = NULL;
    size_t len = 0;
    buf[0] = '\0';
    if (classic_house_from_json(doc, &hr, NULL) != 0 || !(mine = classic_house_to_json(&hr)))
        return;
    for (int sw = 0; sw < CLASSIC_HOUSE_NSWITCHES && len < n; sw++) {
        const cJSON *v = cJSON_GetArrayItem(mine, sw); /* in the order of the switches */
        if (!v || !classic_house_differs(&hr, (enum classic_house_switch)sw))
            continue;
        if (cJSON_IsString(v))
            len += (size_t)snprintf(buf + len, n - len, "%s%s: %s", len ? ", " : "", v->string,
                                    v->valuestring);
        else
            len += (size_t)snprintf(buf + len, n - len, "%s%s: %lld", len ? ", " : "", v->string,
                                    cJSON_IsBool(v) ? (long long)cJSON_IsTrue(v)
                                                    : (long long)v->valuedouble);
    }
    cJSON_Delete(mine);
}

/* Each seat's net worth in the state text of game gid, as its "score". */
static int cl_play_scores(struct game_req *r, cJSON *play, int64_t gid)
{
    char *text = NULL;
    int64_t version = 0;
    cJSON *st = NULL, *seat;
    const cJSON *p;
    bool ok = true;
    int rc = game_state_made(r, gid, false, &text, &version, NULL);
    if (rc == 0)
        rc = game_parse_stored(r, text, &st);
    free(text);
    cJSON_ArrayForEach(seat, (rc == 0 ? cJSON_GetObjectItemCaseSensitive(play, "seats") : NULL))
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(seat, "player");
        char score[24] = "";
        cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(st, "players"))
        {
            const cJSON *pid = cJSON_GetObjectItemCaseSensitive(p, "id");
            const cJSON *worth = cJSON_GetObjectItemCaseSensitive(p, "net_worth");
            if (cJSON_IsNumber(pid) && cJSON_IsNumber(id) && pid->valuedouble == id->valuedouble &&
                cJSON_IsNumber(worth))
                snprintf(score, sizeof(score), "%lld", (long long)worth->valuedouble);
        }
        ok = ok && json_add(seat, "score", cJSON_CreateString(score)) &&
             json_add(seat, "rank", cJSON_CreateNumber(0));
    }
    cJSON_Delete(st);
    return rc == 0 && !ok ? sb_oom(r->err) : rc;
}

/* game_kind.play: each player's net worth as the score (CLASSIC-SHORT's count), the
 * variant as the board, the house rules that are not the official readings. */
static int cl_play(struct game_req *r, cJSON *play)
{
    const cJSON *gid = cJSON_GetObjectItemCaseSensitive(play, "game");
    const cJSON *house = cJSON_GetObjectItemCaseSensitive(play, "house_rules");
    const cJSON *variant = cJSON_GetObjectItemCaseSensitive(house, "variant");
    char text[320];
    int rc = cJSON_IsNumber(gid) ? cl_play_scores(r, play, (int64_t)gid->valuedouble) : 0;
    cl_describe_house(house, text, sizeof(text));
    if (rc == 0 && !(json_add(play, "board",
                              cJSON_CreateString(cJSON_IsString(variant) ? variant->valuestring
                                                                         : "standard")) &&
                     json_add(play, "house", cJSON_CreateString(text)) &&
                     json_add(play, "app_notes", cJSON_CreateFalse())))
        rc = sb_oom(r->err);
    return rc;
}

/* game_kind.import_house: the §3b switches it was created with. */
static bool cl_import_house(const cJSON *game, cJSON *body)
{
    const cJSON *house = cJSON_GetObjectItemCaseSensitive(game, "house_rules");
    if (!house || cJSON_IsNull(house))
        return true;
    return cJSON_AddItemToObject(body, "house_rules", cJSON_Duplicate(house, true));
}

/* game_kind.box_put: a deed, a Chance or Community Chest card, a space. */
static int cl_box_put(cJSON *doc, const char *what, const char *id, const cJSON *body, cJSON **item,
                      struct sb_error *err)
{
    return classic_box_put(doc, what, id, body, item, err);
}

/* game_kind.box_from_file: a classic or Wonders box, checked whole. */
static int cl_box_from_file(const cJSON *box, cJSON **doc, struct sb_error *err)
{
    struct classic_board *b = malloc(sizeof(*b));
    int rc = b ? classic_board_from_json(box, b, err) : sb_oom(err);
    free(b);
    if (rc != 0) {
        char why[SB_DETAIL_MAX]; /* err->detail cannot be both source and target */
        snprintf(why, sizeof(why), "%s", err ? err->detail : "");
        return sb_fail(err, rc, err ? err->rule : NULL, "the box file is damaged: %s", why);
    }
    if (!(*doc = cJSON_Duplicate(box, true)))
        return sb_oom(err);
    cJSON_DeleteItemFromObjectCaseSensitive(*doc, "check"); /* counted again on every GET */
    return 0;
}

/* game_kind.check: the body read against the box and the state. */
static int cl_check(struct game_req *r, struct game *gm, const cJSON *body)
{
    struct classic_event ev = classic_event_new(CLASSIC_EV_NOTE);
    return classic_event_from_json(body, &cg(gm)->board, &cg(gm)->st, &ev, r->err);
}

const struct game_kind game_kind_classic = {
    .name = "classic",
    .token_required = true,
    .seat_rule = "CLASSIC-SETUP",
    .twice_rule = "CLASSIC-SETUP",
    .own_house_rules = true,
    .over_rule = "CLASSIC-END",
    GAME_KIND_OPS(cl),
};
