/* campaign_journal.c -- the campaign's memory: the Travel Journal, tonight's briefing
 * and the stats. */
#include "campaign_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_json.h"
#include "json.h"
#include "rules.h"

#define BRIEFING_MAX_SEATS 8

/* ---- tonight's briefing ---- */

struct briefing_seat {
    int64_t player;
    char token[64];
};

/* Parse ?seats=pid:token,pid:token into seats. */
static int briefing_parse(struct game_req *r, const char *v, struct briefing_seat *seats, int *n)
{
    int count = 0;
    while (*v) {
        const char *comma = strchr(v, ',');
        size_t len = comma ? (size_t)(comma - v) : strlen(v);
        const char *colon = memchr(v, ':', len);
        char *end = NULL;
        long long pid;
        size_t tlen;
        if (count == BRIEFING_MAX_SEATS || !colon)
            return sb_fail(r->err, SB_EBADREQ, NULL,
                           "seats must read player:token,player:token (at most %d)",
                           BRIEFING_MAX_SEATS);
        pid = strtoll(v, &end, 10);
        tlen = len - (size_t)(colon + 1 - v);
        if (end != colon || pid <= 0 || tlen == 0 || tlen >= sizeof(seats[0].token))
            return sb_fail(r->err, SB_EBADREQ, NULL, "bad seat '%.*s'", (int)len, v);
        seats[count].player = pid;
        memcpy(seats[count].token, colon + 1, tlen);
        seats[count].token[tlen] = '\0';
        count++;
        v += len + (comma ? 1 : 0);
    }
    *n = count;
    return 0;
}

/* Seats of the campaign's active game, for a briefing without ?seats=. */
static int briefing_active_seats(struct game_req *r, struct briefing_seat *seats, int *n)
{
    char *text = NULL;
    cJSON *game = NULL, *s;
    int count = 0;
    int rc = store_game_json(CAMPAIGN_DB(r), r->campaign->active_game, &text, r->err);
    rc = campaign_take_json(r, rc, text, &game);
    if (rc != 0)
        return rc;
    cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(game, "seats"))
    {
        const cJSON *p = cJSON_GetObjectItemCaseSensitive(s, "player");
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(s, "token");
        if (count < BRIEFING_MAX_SEATS && cJSON_IsNumber(p) && cJSON_IsString(t)) {
            seats[count].player = (int64_t)p->valuedouble;
            snprintf(seats[count].token, sizeof(seats[count].token), "%s", t->valuestring);
            count++;
        }
    }
    cJSON_Delete(game);
    *n = count;
    return 0;
}

/* The journal state of a card from its stamps as the journal lists them
 * ([{"slot","token","player":{"id"}}], slot order); tokens not on the board are -1. */
static void briefing_stamps(const struct board *b, const cJSON *stamps, struct journal_state *js)
{
    const cJSON *s;
    memset(js, 0, sizeof(*js));
    cJSON_ArrayForEach(s, stamps)
    {
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(s, "token");
        const cJSON *pid =
            cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(s, "player"), "id");
        if (js->nstamps >= BOARD_MAX_SLOTS)
            break;
        js->stamps[js->nstamps].token =
            cJSON_IsString(t) ? board_find_token(b, t->valuestring) : -1;
        js->stamps[js->nstamps].player = cJSON_IsNumber(pid) ? (int64_t)pid->valuedouble : 0;
        js->nstamps++;
    }
}

/* Add "briefing":[{"player","token","stamps","amount"}] to card: who tonight holds the
 * stamps already on it under policy and what a draw pays each, as the engine reckons
 * payouts (rules_journal_payouts(): TWT-JOURNAL-4, TWT-JOURNAL-5). */
static bool briefing_card(const struct board *b, enum stamp_owner policy, cJSON *card,
                          const cJSON *stamps, const struct briefing_seat *seats, int nseats)
{
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(card, "id");
    struct rules_holder holders[BRIEFING_MAX_SEATS];
    struct rules_payout pay[BRIEFING_MAX_SEATS];
    struct journal_state js;
    cJSON *list = cJSON_CreateArray();
    int ci = cJSON_IsString(id) ? board_find_journal(b, id->valuestring) : -1, n = 0;
    if (!list || !cJSON_AddItemToObject(card, "briefing", list))
        return false;
    for (int i = 0; i < nseats; i++) {
        holders[i].player = seats[i].player;
        holders[i].token = board_find_token(b, seats[i].token);
    }
    briefing_stamps(b, stamps, &js);
    if (ci >= 0)
        n = rules_journal_payouts(&b->journal[ci], &js, policy, holders, nseats, pay);
    for (int i = 0; i < n; i++) {
        const struct briefing_seat *seat = &seats[pay[i].holder];
        cJSON *o = cJSON_CreateObject();
        if (!o || !cJSON_AddItemToArray(list, o) ||
            !cJSON_AddNumberToObject(o, "player", (double)seat->player) ||
            !cJSON_AddStringToObject(o, "token", seat->token) ||
            !cJSON_AddNumberToObject(o, "stamps", pay[i].stamps) ||
            !cJSON_AddNumberToObject(o, "amount", (double)pay[i].amount))
            return false;
    }
    return true;
}

/* The seats of the briefing: ?seats=, else the active game's, else none. */
static int journal_briefing_seats(struct game_req *r, const char *v, struct briefing_seat *seats,
                                  int *n)
{
    *n = 0;
    if (v)
        return briefing_parse(r, v, seats, n);
    if (r->campaign->active_game)
        return briefing_active_seats(r, seats, n);
    return 0;
}

/* The stamp policy tonight's draws pay by (TWT-JOURNAL-5): the one the active game was
 * started with (API.md "Further additions (2026-12-c)": a game keeps it for its whole
 * life), else, for the next game or a game stored before games kept one, the
 * campaign's. */
static int journal_briefing_policy(struct game_req *r, enum stamp_owner *policy)
{
    struct store_game g;
    int rc = 0;
    *policy = r->campaign->policy_player ? STAMP_OWNER_PLAYER : STAMP_OWNER_TOKEN;
    if (!r->campaign->active_game)
        return 0;
    memset(&g, 0, sizeof(g));
    rc = store_game_get(CAMPAIGN_DB(r), r->campaign->id, r->campaign->active_game, false, &g,
                        r->err);
    if (rc == 0 && g.stamp_owner[0])
        *policy = strcmp(g.stamp_owner, "player") == 0 ? STAMP_OWNER_PLAYER : STAMP_OWNER_TOKEN;
    store_game_clear(&g);
    return rc;
}

/* ---- the journal ---- */

/* The journal is the box's whose edition the rules engine plays (Travel World Tour's):
 * work on the campaign's box of such an edition, when it is not its own and it has one.
 * (API.md: the journal stays the Travel World Tour box's.) */
static int journal_box_use(struct game_req *r, const struct editions *eds)
{
    const cJSON *e;
    if (editions_is_full(editions_find(eds, r->campaign->box)))
        return 0;
    cJSON_ArrayForEach(e, editions_list(eds))
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(e, "id");
        int rc;
        if (!cJSON_IsString(id) || !editions_is_full(editions_find(eds, id->valuestring)))
            continue;
        rc = store_campaign_box(CAMPAIGN_DB(r), id->valuestring, r->campaign, r->err);
        if (rc != SB_ENOTFOUND)
            return rc;
    }
    return 0;
}

/* The board the briefing reckons with: *out a new struct board read from doc (the caller
 * frees it), or NULL when there are no seats to brief. */
static int journal_board(struct game_req *r, const struct editions *eds, const cJSON *doc,
                         int nseats, struct board **out)
{
    struct board *b;
    int rc;
    *out = NULL;
    /* The briefing reckons with the rules engine's board: an edition of results only
     * (classic...) has no such board, and its journal is read without a briefing. */
    if (nseats == 0 || !editions_is_full(editions_find(eds, r->campaign->box)))
        return 0;
    b = calloc(1, sizeof(*b));
    if (!b)
        return sb_oom(r->err);
    rc = board_from_json(doc, b, r->err);
    if (rc != 0) {
        free(b);
        return rc;
    }
    *out = b;
    return 0;
}

/* Add to card (a copy of the board's card id) its "stamps" (those of stamps on it, without
 * "card"), "open" circles, and "draws" and "paid_out" from totals. Returns the stamps
 * array (card owns it), or NULL when out of memory. */
static cJSON *journal_card_figures(cJSON *card, const char *id, const cJSON *stamps,
                                   const cJSON *totals)
{
    const cJSON *slots = cJSON_GetObjectItemCaseSensitive(card, "slots"), *s, *t;
    cJSON *mine = cJSON_CreateArray();
    int draws = 0, paid = 0, n = 0;
    if (!mine || !cJSON_AddItemToObject(card, "stamps", mine)) {
        cJSON_Delete(mine);
        return NULL;
    }
    cJSON_ArrayForEach(s, stamps)
    {
        const cJSON *sc = cJSON_GetObjectItemCaseSensitive(s, "card");
        if (cJSON_IsString(sc) && strcmp(sc->valuestring, id) == 0) {
            cJSON *copy = cJSON_Duplicate(s, true);
            if (copy) {
                cJSON_DeleteItemFromObjectCaseSensitive(copy, "card");
                cJSON_AddItemToArray(mine, copy);
            }
            n++;
        }
    }
    cJSON_ArrayForEach(t, totals)
    {
        const cJSON *tc = cJSON_GetObjectItemCaseSensitive(t, "card");
        if (cJSON_IsString(tc) && strcmp(tc->valuestring, id) == 0) {
            draws = (int)cJSON_GetObjectItemCaseSensitive(t, "draws")->valuedouble;
            paid = (int)cJSON_GetObjectItemCaseSensitive(t, "paid_out")->valuedouble;
        }
    }
    cJSON_AddNumberToObject(
        card, "open", cJSON_IsNumber(slots) && slots->valuedouble > n ? slots->valuedouble - n : 0);
    cJSON_AddNumberToObject(card, "draws", draws);
    cJSON_AddNumberToObject(card, "paid_out", paid);
    return mine;
}

/* The cards of the campaign's board with circles, open count, stamps, draws and paid
 * out; with tonight's briefing when there are seats (journal_briefing_seats()). */
static int journal_cards(struct game_req *r, const struct editions *eds, const char *v, cJSON **out)
{
    struct briefing_seat seats[BRIEFING_MAX_SEATS];
    char *board_text = NULL, *stamps_text = NULL, *totals_text = NULL;
    cJSON *board = NULL, *stamps = NULL, *totals = NULL, *cards = NULL, *c;
    struct board *b = NULL;
    enum stamp_owner policy = STAMP_OWNER_TOKEN;
    int nseats = 0;
    int rc = journal_box_use(r, eds);
    if (rc == 0)
        rc = journal_briefing_seats(r, v, seats, &nseats);
    if (rc == 0)
        rc = journal_briefing_policy(r, &policy);
    if (rc == 0)
        rc = store_campaign_board(CAMPAIGN_DB(r), r->campaign->id, r->campaign->box, &board_text,
                                  r->err);
    if (rc == 0)
        rc = store_journal_stamps_json(CAMPAIGN_DB(r), r->campaign->id, 0, &stamps_text, r->err);
    if (rc == 0)
        rc = store_journal_totals_json(CAMPAIGN_DB(r), r->campaign->id, &totals_text, r->err);
    rc = campaign_take_json(r, rc, board_text, &board);
    rc = campaign_take_json(r, rc, stamps_text, &stamps);
    rc = campaign_take_json(r, rc, totals_text, &totals);
    if (rc == 0)
        rc = journal_board(r, eds, board, nseats, &b);
    if (rc == 0 && !(cards = cJSON_CreateArray()))
        rc = sb_oom(r->err);
    cJSON_ArrayForEach(c, (rc == 0 ? cJSON_GetObjectItemCaseSensitive(board, "journal") : NULL))
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(c, "id");
        cJSON *card = cJSON_Duplicate(c, true), *mine;
        if (!card || !cJSON_IsString(id) || !cJSON_AddItemToArray(cards, card)) {
            cJSON_Delete(card);
            rc = sb_oom(r->err);
            break;
        }
        mine = journal_card_figures(card, id->valuestring, stamps, totals);
        if (!mine || (b && !briefing_card(b, policy, card, mine, seats, nseats)))
            rc = sb_oom(r->err);
    }
    cJSON_Delete(board);
    cJSON_Delete(stamps);
    cJSON_Delete(totals);
    free(b);
    if (rc != 0) {
        cJSON_Delete(cards);
        return rc;
    }
    *out = cards;
    return 0;
}

int campaign_journal(struct game_req *r, const struct editions *eds, const char *seats, cJSON **doc)
{
    cJSON *cards = NULL;
    int rc = store_begin_read(CAMPAIGN_DB(r), r->err);
    if (rc == 0)
        rc = journal_cards(r, eds, seats, &cards);
    store_rollback(CAMPAIGN_DB(r));
    if (rc == 0 &&
        (!(*doc = cJSON_CreateObject()) || !cJSON_AddItemToObject(*doc, "cards", cards))) {
        cJSON_Delete(cards);
        cJSON_Delete(*doc);
        *doc = NULL;
        rc = sb_oom(r->err);
    }
    return rc;
}

int campaign_journal_card(struct game_req *r, const struct editions *eds, const char *seats,
                          const char *card, cJSON **doc)
{
    cJSON *cards = NULL, *found = NULL, *history = NULL, *c;
    char *text = NULL;
    int rc = store_begin_read(CAMPAIGN_DB(r), r->err);
    if (rc == 0)
        rc = journal_cards(r, eds, seats, &cards);
    if (rc == 0)
        rc = store_journal_history_json(CAMPAIGN_DB(r), r->campaign->id, card, &text, r->err);
    store_rollback(CAMPAIGN_DB(r));
    rc = campaign_take_json(r, rc, text, &history);
    cJSON_ArrayForEach(c, (rc == 0 ? cards : NULL))
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(c, "id");
        if (cJSON_IsString(id) && strcmp(id->valuestring, card) == 0)
            found = c;
    }
    if (rc == 0 && !found)
        rc = sb_fail(r->err, SB_ENOTFOUND, NULL, "no Travel Journal card '%s'", card);
    if (rc == 0) {
        cJSON_AddItemToObject(found, "history", history);
        history = NULL;
        *doc = cJSON_DetachItemViaPointer(cards, found);
    }
    cJSON_Delete(history);
    cJSON_Delete(cards);
    return rc;
}

int campaign_stats(struct game_req *r, char **stats)
{
    int rc = store_begin_read(CAMPAIGN_DB(r), r->err);
    if (rc == 0)
        rc = store_stats_json(CAMPAIGN_DB(r), r->campaign->id, stats, r->err);
    store_rollback(CAMPAIGN_DB(r));
    return rc;
}
