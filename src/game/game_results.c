/* game_results.c -- the results kind of game (mode "results"): classic, Wonders and
 * Deal plays logged by one `result` event, their state the engine's struct
 * results_state (results.h) read and written by results_json.c (game_kind.h). */
#include "game_kind.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

#include "results.h"
#include "results_json.h"

/* A results-mode game's own: its campaign's edition and its state. */
struct results_game {
    enum results_edition edition;
    struct results_state st;
};

static struct results_game *res(const struct game *gm)
{
    return gm->ks;
}

/* The edition of the box a new game is of, as a results edition; -1 when it is not one. */
static int res_edition(const struct game_req *r)
{
    return results_edition_from_id(r->campaign->box);
}

static bool res_plays(const char *edition)
{
    return results_edition_from_id(edition) >= 0;
}

static bool res_has_mode(const char *mode)
{
    return strcmp(mode, "results") == 0;
}

static int res_check_mode(struct game_req *r, const char *mode)
{
    if (!res_has_mode(mode))
        return sb_fail(r->err, SB_EINVALID, NULL, "games of %s are logged with mode \"results\"",
                       r->campaign->box);
    return 0;
}

static int res_seats_max(const struct game_req *r)
{
    return results_players_max((enum results_edition)res_edition(r));
}

/* RESULTS-PLAYERS: the edition's player count. */
static int res_seats_check(struct game_req *r, int n)
{
    enum results_edition ed = (enum results_edition)res_edition(r);
    if (n < results_players_min(ed))
        return sb_fail(r->err, SB_EINVALID, "RESULTS-PLAYERS", "%s needs %d to %d players",
                       r->campaign->box, results_players_min(ed), results_players_max(ed));
    return 0;
}

static int res_initial(struct game_req *r, struct game_new *g, cJSON **state)
{
    struct results_state *st = malloc(sizeof(*st));
    int64_t ids[GAME_SEATS_MAX];
    const char *names[GAME_SEATS_MAX];
    int rc = st ? 0 : sb_oom(r->err);
    for (int i = 0; i < g->n; i++) {
        ids[i] = g->seats[i].player;
        names[i] = g->names[i];
    }
    if (rc == 0 && results_state_init(st, ids, names, g->tokens, g->n) != 0)
        rc = sb_fail(r->err, SB_EINVALID, "RESULTS-PLAYERS", "a results game seats 1 to %d",
                     RESULTS_MAX_PLAYERS);
    if (rc == 0 && !(*state = results_state_to_json(st, 1)))
        rc = sb_oom(r->err);
    free(st);
    return rc;
}

/* A play's duration_min and location, when it has them, are kept with its row. */
static int res_keep_details(struct game_req *r, const struct game_new *g)
{
    if (g->duration_min < 0 && !g->location)
        return 0;
    return store_game_set_details(*r->store, g->gid, g->duration_min, g->location, r->err);
}

/* game_kind.load: results-mode games are not cached: the snapshot is read each time. */
static int res_load(struct game_req *r, struct game *gm, bool docs)
{
    struct results_game *g = malloc(sizeof(*g));
    int ed = results_edition_from_id(gm->row.edition);
    int rc;
    (void)docs; /* the snapshot is a document too */
    if (!g)
        return sb_oom(r->err);
    gm->ks = g;
    g->edition = (enum results_edition)(ed < 0 ? 0 : ed);
    rc = game_get_docs(r, gm);
    if (rc == 0 && ed < 0)
        rc = sb_fail(r->err, SB_EIO, NULL, "game edition has no results rule");
    if (rc == 0)
        rc = game_load_state(r, gm);
    return rc;
}

static void res_free(void *ks)
{
    free(ks);
}

static int res_set_state(struct game_req *r, struct game *gm, const cJSON *doc)
{
    return results_state_from_json(doc, &res(gm)->st, r->err);
}

/* Nothing of a results game lives outside its state: nothing to reset, keep or undo. */
static int res_reset(struct game_req *r, struct game *gm)
{
    (void)r;
    (void)gm;
    return 0;
}

static int res_written(struct game_req *r, struct game *gm, const cJSON *payload, int64_t seq,
                       const void *aux)
{
    (void)payload;
    (void)seq;
    (void)aux;
    return res_reset(r, gm);
}

static int res_undo(struct game_req *r, struct game *gm, int64_t seq)
{
    (void)seq;
    return res_reset(r, gm);
}

static void res_cache(struct game_req *r, struct game *gm, int64_t version)
{
    (void)r;
    (void)gm;
    (void)version;
}

static bool res_banker(const struct game *gm)
{
    (void)gm;
    return false;
}

static bool res_over(const struct game *gm)
{
    return res(gm)->st.status != RESULTS_ACTIVE;
}

/* An engine refusal as an error: RESULTS-END (the game is over) is a conflict. */
static int res_refused(struct game_req *r, int k, const struct results_refusal *ref)
{
    return sb_fail(r->err, k == RESULTS_OVER ? SB_ECONFLICT : SB_EINVALID, ref->rule, "%s",
                   ref->detail);
}

/* game_kind.apply: read the event (its type first: a game that is over takes only
 * notes), apply it on a copy of the state, keep the copy once the effects are printed. */
static int res_apply(struct game_req *r, struct game *gm, const cJSON *body, int64_t seq,
                     cJSON **effects, void **aux)
{
    struct results_game *g = res(gm);
    struct results_state *next = malloc(sizeof(*next));
    struct results_event ev;
    struct results_refusal ref;
    int k, rc = next ? 0 : sb_oom(r->err);
    (void)aux;
    memset(&ev, 0, sizeof(ev));
    if (rc == 0)
        rc = results_event_head(body, &ev.type, r->err);
    if (rc == 0 && (k = results_accepts(&g->st, ev.type, &ref)) != 0)
        rc = res_refused(r, k, &ref);
    if (rc == 0)
        rc = results_event_from_json(body, g->edition, &g->st, &ev, r->err);
    if (rc == 0) {
        *next = g->st;
        if ((k = results_apply(next, g->edition, &ev, seq, &ref)) != 0)
            rc = res_refused(r, k, &ref);
    }
    if (rc == 0 && !(*effects = results_effects_to_json(next, ev.type)))
        rc = sb_oom(r->err);
    if (rc == 0)
        g->st = *next;
    free(next);
    return rc;
}

/* game_kind.payload: the body as it came. */
static cJSON *res_payload(const struct game_req *r, const struct game *gm, const cJSON *body)
{
    return game_payload_as_sent(r, gm, body);
}

static char *res_state_text(const struct game *gm, int64_t version)
{
    cJSON *doc = results_state_to_json(&res(gm)->st, version);
    char *text = doc ? cJSON_PrintUnformatted(doc) : NULL;
    cJSON_Delete(doc);
    return text;
}

/* game_kind.corrected: a results game has no box to correct. */
static bool res_corrected(const struct game *gm)
{
    (void)gm;
    return false;
}

static void res_snapshot_meta(const struct game *gm, struct store_snapshot *snap)
{
    const struct results_state *st = &res(gm)->st;
    snap->status = results_status_name(st->status);
    snap->winner = st->has_winner ? st->winner : 0;
}

/* The decided figures of player in a results play, or NULL. */
static const cJSON *res_figures(const cJSON *play, const cJSON *player)
{
    const cJSON *p;
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(
                              cJSON_GetObjectItemCaseSensitive(play, "result"), "players"))
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(p, "player");
        if (cJSON_IsNumber(id) && cJSON_IsNumber(player) && id->valuedouble == player->valuedouble)
            return p;
    }
    return NULL;
}

/* game_kind.play: a seat's score is the figure that decides the edition's winner (net
 * worth for classic, wealth for Wonders, complete sets for Deal, else cash) with its
 * rank, the board the play's variant; no house rules, no comments for other apps. */
static int res_play(struct game_req *r, cJSON *play)
{
    static const char *const figures[] = {"net_worth", "wealth", "complete_sets", "cash"};
    const cJSON *variant = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(play, "result"), "variant");
    cJSON *seat;
    bool ok = true;
    cJSON_ArrayForEach(seat, cJSON_GetObjectItemCaseSensitive(play, "seats"))
    {
        const cJSON *f = res_figures(play, cJSON_GetObjectItemCaseSensitive(seat, "player"));
        const cJSON *rank = cJSON_GetObjectItemCaseSensitive(f, "rank");
        char score[24] = "";
        for (size_t i = 0; f && i < sizeof(figures) / sizeof(figures[0]); i++) {
            const cJSON *v = cJSON_GetObjectItemCaseSensitive(f, figures[i]);
            if (cJSON_IsNumber(v) && v->valuedouble >= 0) {
                snprintf(score, sizeof(score), "%lld", (long long)v->valuedouble);
                break;
            }
        }
        ok = ok && json_add(seat, "score", cJSON_CreateString(score)) &&
             json_add(seat, "rank",
                      cJSON_CreateNumber(cJSON_IsNumber(rank) ? rank->valuedouble : 0));
    }
    ok = ok &&
         json_add(play, "board",
                  cJSON_CreateString(cJSON_IsString(variant) ? variant->valuestring : "")) &&
         json_add(play, "house", cJSON_CreateString("")) &&
         json_add(play, "app_notes", cJSON_CreateFalse());
    return ok ? 0 : sb_oom(r->err);
}

/* game_kind.import_house: a results game has no house rules. */
static bool res_import_house(const cJSON *game, cJSON *body)
{
    (void)game;
    (void)body;
    return true;
}

/* game_kind.box_put: a results edition has no banker box (never asked: box_put goes to
 * the kind that banks the edition). */
static int res_box_put(cJSON *doc, const char *what, const char *id, const cJSON *body,
                       cJSON **item, struct sb_error *err)
{
    (void)doc;
    (void)body;
    (void)item;
    return sb_fail(err, SB_ENOTFOUND, NULL, "this box has no %s '%s'", what, id);
}

/* game_kind.box_from_file: never asked (box_from_file goes to the kind that banks the
 * edition). */
static int res_box_from_file(const cJSON *box, cJSON **doc, struct sb_error *err)
{
    (void)box;
    (void)doc;
    return sb_fail(err, SB_EINVALID, NULL, "a results edition has no box file");
}

/* game_kind.check: the body read against the edition and the state. */
static int res_check(struct game_req *r, struct game *gm, const cJSON *body)
{
    struct results_event ev;
    int rc;
    memset(&ev, 0, sizeof(ev));
    rc = results_event_head(body, &ev.type, r->err);
    return rc != 0 ? rc
                   : results_event_from_json(body, res(gm)->edition, &res(gm)->st, &ev, r->err);
}

const struct game_kind game_kind_results = {
    .name = "results",
    .play_details = true,
    .seat_rule = "RESULTS-PLAYERS",
    .over_rule = "TWT-WIN",
    GAME_KIND_OPS(res),
};
