/* test_state_json.c -- game states round-trip through JSON; events and effects decode and encode.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "board_json.h"
#include "json.h"
#include "json_check.h"
#include "state_json.h"

#define BOARD_FILE "schema/editions/travel-world-tour.json"

/* The shipped board, read once for every test. */
static struct board *shipped;

static int setup_board(void **state)
{
    FILE *f = fopen(BOARD_FILE, "rb");
    static char text[256 * 1024];
    size_t len;
    cJSON *doc = NULL;
    struct sb_error err;
    (void)state;

    if (!f)
        return -1;
    len = fread(text, 1, sizeof(text), f);
    fclose(f);
    shipped = calloc(1, sizeof(*shipped));
    if (!shipped || json_parse_object(text, len, &doc, &err) != 0)
        return -1;
    if (board_from_json(doc, shipped, &err) != 0) {
        print_error("board: %s\n", err.detail);
        cJSON_Delete(doc);
        return -1;
    }
    cJSON_Delete(doc);
    return 0;
}

static int teardown_board(void **state)
{
    (void)state;
    free(shipped);
    return 0;
}

/* Add a stamp to a card's journal state. */
static void set_stamp(struct journal_state *js, int token, int64_t player, int64_t game,
                      int64_t seq)
{
    struct journal_stamp *s = &js->stamps[js->nstamps++];
    s->token = token;
    s->player = player;
    s->game = game;
    s->seq = seq;
}

/* A new game of three (ids 11, 22, 33 with scottie, hazel, rubber-ducky), the journal
 * given some stamps from earlier games. Caller frees. */
static struct game_state *new_game(enum game_mode mode)
{
    struct game_state *st = malloc(sizeof(*st));
    struct journal_state journal[BOARD_MAX_CARDS];
    struct rules_outcome *out = malloc(sizeof(*out));
    const struct rules_seat seats[] = {
        {11, "Ada", 0},
        {22, "Bartholomew \xc3\xa9t\xc3\xa9", 2},
        {33, "Cleo", 3},
    };

    assert_non_null(st);
    assert_non_null(out);
    memset(journal, 0, sizeof(journal));
    /* Hazel stamped journal-2 in an earlier game; T-Rex (a player not seated tonight) and
     * Scottie stamped journal-1. Fields one by one: padding stays zero for memcmp. */
    set_stamp(&journal[1], 2, 22, 3, 40);
    set_stamp(&journal[0], 1, 44, 2, 7);
    set_stamp(&journal[0], 0, 11, 2, 9);
    if (rules_init(shipped, mode, 5, seats, 3, journal, st, out) != 0)
        fail_msg("rules_init: %s", out->refusal.detail);
    free(out);
    return st;
}

/* st through state_to_json, printed, parsed and read back into a zeroed struct: it must
 * be identical byte for byte. */
static void assert_round_trip(const struct game_state *st)
{
    struct game_state *back = malloc(sizeof(*back));
    struct sb_error err;
    cJSON *doc = state_to_json(shipped, st, 77), *doc2 = NULL;
    char *text, *text2;

    assert_non_null(back);
    assert_non_null(doc);
    text = cJSON_PrintUnformatted(doc);
    assert_non_null(text);
    assert_int_equal(json_parse_object(text, strlen(text), &doc2, &err), 0);
    memset(back, 0, sizeof(*back));
    if (state_from_json(shipped, doc2, back, &err) != 0)
        fail_msg("state_from_json: %s\n%s", err.detail, text);
    if (memcmp(back, st, sizeof(*st)) != 0) {
        size_t at = 0;
        while (((const unsigned char *)back)[at] == ((const unsigned char *)st)[at])
            at++;
        text2 = cJSON_PrintUnformatted(state_to_json(shipped, back, 77));
        fail_msg("round trip differs at byte %zu:\n%s\n%s", at, text, text2);
    }
    free(text);
    cJSON_Delete(doc);
    cJSON_Delete(doc2);
    free(back);
}

static void test_new_banker_game_has_the_api_shape(void **state)
{
    struct game_state *st = new_game(MODE_BANKER);
    cJSON *doc = state_to_json(shipped, st, 3);
    const cJSON *turn, *p0, *d0, *j0;
    (void)state;

    assert_int_equal(jt_int(doc, "version"), 3);
    assert_int_equal(jt_int(doc, "game"), 5);
    assert_int_equal(jt_int(doc, "seq"), 0);
    assert_string_equal(jt_str(doc, "status"), "active");
    assert_string_equal(jt_str(doc, "mode"), "banker");
    assert_true(cJSON_IsNull(jt_get(doc, "winner")));
    turn = jt_get(doc, "turn");
    assert_int_equal(jt_int(turn, "player"), 11);
    assert_int_equal(jt_int(turn, "next"), 11);
    assert_int_equal(jt_int(turn, "doubles"), 0);
    assert_true(cJSON_IsFalse(jt_get(turn, "rolled")));
    assert_true(cJSON_IsNull(jt_get(turn, "pending")));
    assert_int_equal(cJSON_GetArraySize(jt_get(doc, "players")), 3);
    p0 = cJSON_GetArrayItem(jt_get(doc, "players"), 1);
    assert_int_equal(jt_int(p0, "id"), 22);
    assert_string_equal(jt_str(p0, "name"), "Bartholomew \xc3\xa9t\xc3\xa9");
    assert_string_equal(jt_str(p0, "token"), "hazel");
    assert_int_equal(jt_int(p0, "cash"), 1500);
    assert_int_equal(jt_int(p0, "position"), 0);
    assert_true(cJSON_IsFalse(jt_get(p0, "in_jail")));
    assert_int_equal(jt_int(p0, "jail_attempts"), 0);
    assert_int_equal(jt_int(p0, "jail_cards"), 0);
    assert_int_equal(cJSON_GetArraySize(jt_get(p0, "owns")), 0);
    assert_int_equal(cJSON_GetArraySize(jt_get(p0, "goals")), 0);
    assert_int_equal(cJSON_GetArraySize(jt_get(p0, "stamped")), 0);
    assert_int_equal(cJSON_GetArraySize(jt_get(doc, "destinations")), 22);
    d0 = cJSON_GetArrayItem(jt_get(doc, "destinations"), 0);
    assert_string_equal(jt_str(d0, "id"), "brown-1");
    assert_true(cJSON_IsNull(jt_get(d0, "owner")));
    assert_true(cJSON_IsNull(jt_get(d0, "stamped_by")));
    assert_true(cJSON_IsNull(jt_get(jt_get(doc, "ticket"), "holder")));
    assert_true(cJSON_IsFalse(jt_get(jt_get(doc, "ticket"), "used")));
    assert_int_equal(cJSON_GetArraySize(jt_get(doc, "journal")), 10);
    j0 = cJSON_GetArrayItem(jt_get(doc, "journal"), 0);
    assert_string_equal(jt_str(j0, "card"), "journal-1");
    assert_int_equal(cJSON_GetArraySize(jt_get(j0, "stamps")), 2);
    j0 = cJSON_GetArrayItem(jt_get(j0, "stamps"), 1);
    assert_int_equal(jt_int(j0, "slot"), 1);
    assert_string_equal(jt_str(j0, "token"), "scottie");
    assert_int_equal(jt_int(j0, "player"), 11);
    assert_int_equal(jt_int(j0, "game"), 2);
    assert_int_equal(jt_int(j0, "seq"), 9);
    assert_round_trip(st);
    cJSON_Delete(doc);
    free(st);
}

/* owns, goals (TWT-GOAL-1) and stamped come from the destinations; next is the next seat
 * once the player has rolled. */
static void test_state_derives_owns_goals_stamped_and_next(void **state)
{
    struct game_state *st = new_game(MODE_BANKER);
    int rapa = board_find_dest(shipped, "rapa-nui");
    int chichen = board_find_dest(shipped, "chichen-itza");
    int angkor = board_find_dest(shipped, "angkor-wat");
    cJSON *doc;
    const cJSON *p1;
    (void)state;

    st->dests[chichen].owner = 1;
    st->dests[rapa].owner = 1;
    st->dests[angkor].stamped_by = 1;
    st->turn.seat = 2;
    st->turn.rolled = true;
    st->ticket_holder = 0;
    doc = state_to_json(shipped, st, 1);
    p1 = cJSON_GetArrayItem(jt_get(doc, "players"), 1);
    assert_int_equal(cJSON_GetArraySize(jt_get(p1, "owns")), 2);
    assert_string_equal(cJSON_GetArrayItem(jt_get(p1, "owns"), 0)->valuestring, "rapa-nui");
    assert_string_equal(cJSON_GetArrayItem(jt_get(p1, "owns"), 1)->valuestring, "chichen-itza");
    assert_string_equal(cJSON_GetArrayItem(jt_get(p1, "goals"), 0)->valuestring, "okavango-delta");
    assert_string_equal(cJSON_GetArrayItem(jt_get(p1, "goals"), 1)->valuestring, "angkor-wat");
    assert_string_equal(cJSON_GetArrayItem(jt_get(p1, "stamped"), 0)->valuestring, "angkor-wat");
    assert_int_equal(jt_int(cJSON_GetArrayItem(jt_get(doc, "destinations"), chichen), "owner"), 22);
    assert_int_equal(jt_int(jt_get(doc, "turn"), "player"), 33);
    assert_int_equal(jt_int(jt_get(doc, "turn"), "next"), 11);
    assert_int_equal(jt_int(jt_get(doc, "ticket"), "holder"), 11);
    assert_round_trip(st);
    cJSON_Delete(doc);
    free(st);
}

/* Each pending kind names ids and player ids, and reads back exactly. */
static void test_pending_kinds_shape_and_round_trip(void **state)
{
    struct game_state *st = new_game(MODE_BANKER);
    cJSON *doc;
    const cJSON *p;
    (void)state;

    st->pending.kind = PENDING_BUY_OR_AUCTION;
    st->pending.seat = 0;
    st->pending.dest = board_find_dest(shipped, "grand-canyon");
    doc = state_to_json(shipped, st, 1);
    p = jt_get(jt_get(doc, "turn"), "pending");
    assert_string_equal(jt_str(p, "kind"), "buy_or_auction");
    assert_int_equal(jt_int(p, "player"), 11);
    assert_string_equal(jt_str(p, "destination"), "grand-canyon");
    assert_round_trip(st);
    cJSON_Delete(doc);

    st->pending.dest = -1;
    st->pending.kind = PENDING_DRAW;
    st->pending.deck = DECK_JOURNAL;
    doc = state_to_json(shipped, st, 1);
    p = jt_get(jt_get(doc, "turn"), "pending");
    assert_string_equal(jt_str(p, "kind"), "draw");
    assert_string_equal(jt_str(p, "deck"), "journal");
    assert_round_trip(st);
    cJSON_Delete(doc);

    st->pending.deck = DECK_CHANCE;
    st->pending.kind = PENDING_CHOOSE;
    st->pending.noptions = 2;
    st->pending.options[0] = board_find_dest(shipped, "boulders-beach");
    st->pending.options[1] = board_find_dest(shipped, "waitomo-caves");
    doc = state_to_json(shipped, st, 1);
    p = jt_get(jt_get(doc, "turn"), "pending");
    assert_string_equal(jt_str(p, "kind"), "choose");
    assert_string_equal(cJSON_GetArrayItem(jt_get(p, "options"), 1)->valuestring, "waitomo-caves");
    assert_round_trip(st);
    cJSON_Delete(doc);

    memset(st->pending.options, 0, sizeof(st->pending.options));
    st->pending.noptions = 0;
    memset(&st->pending, 0, sizeof(st->pending));
    st->pending.kind = PENDING_NONE;
    st->pending.seat = -1;
    st->pending.dest = -1;
    st->nfees = 2;
    st->fees[0] = (struct fee_due){board_find_dest(shipped, "rapa-nui"), 1, 2, 50, true};
    st->fees[1] = (struct fee_due){board_find_dest(shipped, "chichen-itza"), 0, 2, 120, false};
    st->nlapsed = 1;
    st->lapsed[0] = (struct fee_due){board_find_dest(shipped, "boulders-beach"), 0, 1, 90, true};
    doc = state_to_json(shipped, st, 1);
    assert_true(cJSON_IsNull(jt_get(jt_get(doc, "turn"), "pending")));
    p = cJSON_GetArrayItem(jt_get(jt_get(doc, "turn"), "fees_due"), 0);
    assert_string_equal(jt_str(p, "destination"), "rapa-nui");
    assert_int_equal(jt_int(p, "owner"), 22);
    assert_int_equal(jt_int(p, "payer"), 33);
    assert_int_equal(jt_int(p, "amount"), 50);
    assert_true(cJSON_IsTrue(jt_get(p, "earlier_turn")));
    p = cJSON_GetArrayItem(jt_get(jt_get(doc, "turn"), "fees_due"), 1);
    assert_string_equal(jt_str(p, "destination"), "chichen-itza");
    p = cJSON_GetArrayItem(jt_get(jt_get(doc, "turn"), "fees_lapsed"), 0);
    assert_string_equal(jt_str(p, "destination"), "boulders-beach");
    assert_round_trip(st);
    cJSON_Delete(doc);
    free(st);
}

/* A snapshot written before fees were listed in turn.fees_due held the fee as a pending
 * kind: it reads back as the one fee due. */
static void test_old_pending_fee_reads_as_a_fee_due(void **state)
{
    struct game_state *st = new_game(MODE_BANKER);
    struct game_state *back = calloc(1, sizeof(*back));
    struct sb_error err;
    cJSON *doc, *fee;
    (void)state;

    doc = state_to_json(shipped, st, 1);
    fee = cJSON_Parse("{\"kind\":\"fee\",\"player\":33,\"destination\":\"rapa-nui\","
                      "\"owner\":22,\"payer\":33,\"amount\":50}");
    cJSON_ReplaceItemInObject(cJSON_GetObjectItem(doc, "turn"), "pending", fee);
    cJSON_DeleteItemFromObject(cJSON_GetObjectItem(doc, "turn"), "fees_due");
    if (state_from_json(shipped, doc, back, &err) != 0)
        fail_msg("%s", err.detail);
    assert_int_equal(back->pending.kind, PENDING_NONE);
    assert_int_equal(back->nfees, 1);
    assert_int_equal(back->fees[0].dest, board_find_dest(shipped, "rapa-nui"));
    assert_int_equal(back->fees[0].owner, 1);
    assert_int_equal(back->fees[0].payer, 2);
    assert_int_equal(back->fees[0].amount, 50);
    cJSON_Delete(doc);
    free(back);
    free(st);
}

/* Each Get Out of Jail Free card held is named by deck and id (null: not known). */
static void test_held_jail_cards_round_trip_by_card(void **state)
{
    struct game_state *st = new_game(MODE_BANKER);
    cJSON *doc;
    const cJSON *cards;
    (void)state;

    st->players[1].jail_cards = 3;
    st->players[1].held[0] = (struct held_card){DECK_CHANCE, 4};
    st->players[1].held[1] = (struct held_card){DECK_JOURNAL, 2};
    st->players[1].held[2] = (struct held_card){DECK_CHANCE, -1};
    doc = state_to_json(shipped, st, 1);
    cards = jt_get(cJSON_GetArrayItem(jt_get(doc, "players"), 1), "jail_free_cards");
    assert_int_equal(cJSON_GetArraySize(cards), 3);
    assert_string_equal(jt_str(cJSON_GetArrayItem(cards, 0), "deck"), "chance");
    assert_string_equal(jt_str(cJSON_GetArrayItem(cards, 0), "card"), shipped->chance[4].id);
    assert_string_equal(jt_str(cJSON_GetArrayItem(cards, 1), "deck"), "journal");
    assert_string_equal(jt_str(cJSON_GetArrayItem(cards, 1), "card"), shipped->journal[2].id);
    assert_true(cJSON_IsNull(jt_get(cJSON_GetArrayItem(cards, 2), "card")));
    assert_round_trip(st);
    cJSON_Delete(doc);
    free(st);
}

/* Decode body_text into ev, failing the test on refusal. */
static void decode(const struct game_state *st, const char *body_text, struct rules_event *ev)
{
    cJSON *body = cJSON_Parse(body_text);
    struct sb_error err;
    assert_non_null(body);
    if (event_from_json(shipped, st, body, ev, &err) != 0)
        fail_msg("%s: %s", body_text, err.detail);
    cJSON_Delete(body);
}

/* Apply the event given as JSON text, failing the test on refusal. */
static void play(struct game_state *st, struct rules_outcome *out, const char *body_text)
{
    struct rules_event ev;
    ev.seq = st->seq + 1;
    decode(st, body_text, &ev);
    assert_int_equal(ev.seq, st->seq + 1);
    if (rules_apply(shipped, STAMP_OWNER_TOKEN, st, &ev, out) != 0)
        fail_msg("%s refused: %s %s", body_text, out->refusal.rule, out->refusal.detail);
}

/* state.options lists the events legal now with what the table needs; unavailable says
 * why the rules refuse the others the table would look for; journal mode has neither. */
static void test_options_and_unavailable_shape(void **state)
{
    struct game_state *st = new_game(MODE_BANKER);
    struct rules_outcome *out = malloc(sizeof(*out));
    cJSON *doc;
    const cJSON *o;
    (void)state;

    doc = state_to_json(shipped, st, 1);
    assert_int_equal(cJSON_GetArraySize(jt_get(doc, "options")), 1);
    o = cJSON_GetArrayItem(jt_get(doc, "options"), 0);
    assert_string_equal(jt_str(o, "type"), "roll");
    assert_int_equal(jt_int(o, "player"), 11);
    assert_int_equal(cJSON_GetArraySize(jt_get(doc, "unavailable")), 0);
    assert_int_equal(jt_int(doc, "win_stamps"), RULES_WIN_STAMPS);
    cJSON_Delete(doc);

    play(st, out, "{\"type\":\"roll\",\"d1\":2,\"d2\":4}"); /* Rapa Nui, for sale */
    st->players[0].cash = 90;
    doc = state_to_json(shipped, st, 2);
    o = cJSON_GetArrayItem(jt_get(doc, "options"), 0);
    assert_string_equal(jt_str(o, "type"), "auction");
    assert_string_equal(jt_str(o, "destination"), "rapa-nui");
    assert_int_equal(jt_int(o, "min_bid"), 10);
    assert_int_equal(jt_int(o, "step"), 10);
    o = cJSON_GetArrayItem(jt_get(doc, "unavailable"), 0);
    assert_string_equal(jt_str(o, "type"), "buy");
    assert_int_equal(jt_int(o, "price"), 100);
    assert_string_equal(jt_str(o, "rule"), "TWT-BUY");
    assert_non_null(strstr(jt_str(o, "detail"), "90"));
    cJSON_Delete(doc);
    free(out);
    free(st);

    st = new_game(MODE_JOURNAL);
    doc = state_to_json(shipped, st, 1);
    assert_true(cJSON_IsNull(jt_get(doc, "options")));
    assert_true(cJSON_IsNull(jt_get(doc, "unavailable")));
    cJSON_Delete(doc);
    free(st);
}

/* collect_fee takes an optional destination: absent, the latest fee due (-1). */
static void test_collect_fee_destination_is_optional(void **state)
{
    struct game_state *st = new_game(MODE_BANKER);
    struct rules_event ev;
    (void)state;
    decode(st, "{\"type\":\"collect_fee\"}", &ev);
    assert_int_equal(ev.dest, -1);
    decode(st, "{\"type\":\"collect_fee\",\"destination\":\"rapa-nui\"}", &ev);
    assert_int_equal(ev.dest, board_find_dest(shipped, "rapa-nui"));
    free(st);
}

static bool fees_seen;

/* True when a player holds card k of deck (it is out of the deck). */
static bool card_held(const struct game_state *st, enum deck deck, int k)
{
    for (int i = 0; i < st->nplayers; i++)
        for (int j = 0; j < st->players[i].jail_cards; j++)
            if (st->players[i].held[j].deck == deck && st->players[i].held[j].card == k)
                return true;
    return false;
}

/* A banker game driven through event JSON from seed: after every event the state reads
 * back exactly, and the effects list encodes. Returns which pending kinds were seen. */
static void play_game(unsigned int seed, bool *seen)
{
    struct game_state *st = new_game(MODE_BANKER);
    struct rules_outcome *out = malloc(sizeof(*out));
    int chance = (int)(seed % 10), journal = (int)(seed % 7);

    assert_non_null(out);
    for (int step = 0; step < 600 && st->status == STATUS_ACTIVE; step++) {
        const struct pending *p = &st->pending;
        char body[256];
        cJSON *effects;
        seen[p->kind] = true;
        if (p->kind == PENDING_BUY_OR_AUCTION) {
            if (st->players[p->seat].cash >= shipped->dests[p->dest].price && step % 5)
                snprintf(body, sizeof(body), "{\"type\":\"buy\"}");
            else if (step % 2)
                snprintf(body, sizeof(body), "{\"type\":\"auction\"}");
            else
                snprintf(body, sizeof(body), "{\"type\":\"auction\",\"winner\":%lld,\"price\":10}",
                         (long long)st->players[(p->seat + 1) % st->nplayers].id);
        } else if (p->kind == PENDING_DRAW && p->deck == DECK_CHANCE) {
            while (card_held(st, DECK_CHANCE, chance % shipped->nchance))
                chance++;
            snprintf(body, sizeof(body), "{\"type\":\"draw_chance\",\"card\":\"%s\"}",
                     shipped->chance[chance++ % shipped->nchance].id);
        } else if (p->kind == PENDING_DRAW) {
            while (card_held(st, DECK_JOURNAL, journal % shipped->njournal))
                journal++;
            snprintf(body, sizeof(body), "{\"type\":\"draw_journal\",\"card\":\"%s\"}",
                     shipped->journal[journal++ % shipped->njournal].id);
        } else if (p->kind == PENDING_CHOOSE) {
            snprintf(body, sizeof(body), "{\"type\":\"choose\",\"destination\":\"%s\"}",
                     shipped->dests[p->options[step % p->noptions]].id);
        } else if (st->nfees > 0 && step % 3) {
            fees_seen = true;
            snprintf(body, sizeof(body), "{\"type\":\"collect_fee\"}");
        } else if (step % 97 == 5) {
            snprintf(body, sizeof(body),
                     "{\"type\":\"adjust\",\"player\":%lld,\"amount\":30,"
                     "\"reason\":\"a note fell off the table\"}",
                     (long long)st->players[step % st->nplayers].id);
        } else if (step % 89 == 7) {
            snprintf(body, sizeof(body), "{\"type\":\"note\",\"text\":\"tea break\"}");
        } else {
            int d1, d2;
            seed = seed * 1103515245u + 12345u;
            d1 = (int)((seed >> 16) % 6) + 1;
            seed = seed * 1103515245u + 12345u;
            d2 = (int)((seed >> 16) % 6) + 1;
            snprintf(body, sizeof(body), "{\"type\":\"roll\",\"d1\":%d,\"d2\":%d,\"player\":%lld}",
                     d1, d2, (long long)st->players[rules_next_seat(st)].id);
        }
        play(st, out, body);
        effects = effects_to_json(shipped, st, out);
        assert_non_null(effects);
        assert_int_equal(cJSON_GetArraySize(effects), out->neffects);
        cJSON_Delete(effects);
        assert_round_trip(st);
    }
    free(out);
    free(st);
}

static void test_played_banker_games_round_trip_after_every_event(void **state)
{
    bool seen[PENDING_CHOOSE + 1] = {false};
    (void)state;

    for (unsigned int seed = 1; seed <= 6; seed++)
        play_game(seed * 7919u, seen);
    assert_true(seen[PENDING_BUY_OR_AUCTION] && seen[PENDING_DRAW] && fees_seen &&
                seen[PENDING_CHOOSE]);
}

/* In journal mode cash, position, owns and turn are null; stamps still round-trip. */
static void test_journal_mode_state(void **state)
{
    struct game_state *st = new_game(MODE_JOURNAL);
    struct rules_outcome *out = malloc(sizeof(*out));
    cJSON *doc, *effects;
    const cJSON *p0, *e;
    (void)state;

    play(st, out, "{\"type\":\"draw_journal\",\"card\":\"journal-2\",\"player\":33}");
    effects = effects_to_json(shipped, st, out);
    e = cJSON_GetArrayItem(effects, 0);
    assert_string_equal(jt_str(e, "kind"), "journal_stamp");
    assert_string_equal(jt_str(e, "card"), "journal-2");
    assert_int_equal(jt_int(e, "slot"), 1);
    assert_string_equal(jt_str(e, "token"), "rubber-ducky");
    assert_int_equal(jt_int(e, "player"), 33);
    cJSON_Delete(effects);
    assert_round_trip(st);
    play(st, out, "{\"type\":\"stamp_goal\",\"player\":22,\"destination\":\"angkor-wat\"}");
    play(st, out, "{\"type\":\"note\",\"text\":\"Cleo's first stamp!\"}");
    assert_round_trip(st);
    doc = state_to_json(shipped, st, 9);
    assert_string_equal(jt_str(doc, "mode"), "journal");
    assert_true(cJSON_IsNull(jt_get(doc, "turn")));
    p0 = cJSON_GetArrayItem(jt_get(doc, "players"), 1);
    assert_true(cJSON_IsNull(jt_get(p0, "cash")));
    assert_true(cJSON_IsNull(jt_get(p0, "position")));
    assert_true(cJSON_IsNull(jt_get(p0, "owns")));
    assert_string_equal(cJSON_GetArrayItem(jt_get(p0, "stamped"), 0)->valuestring, "angkor-wat");
    assert_int_equal(
        cJSON_GetArraySize(jt_get(cJSON_GetArrayItem(jt_get(doc, "journal"), 1), "stamps")), 2);
    cJSON_Delete(doc);
    play(st, out, "{\"type\":\"end\",\"winner\":22,\"reason\":\"bedtime\"}");
    doc = state_to_json(shipped, st, 10);
    assert_string_equal(jt_str(doc, "status"), "finished");
    assert_int_equal(jt_int(doc, "winner"), 22);
    assert_round_trip(st);
    cJSON_Delete(doc);
    free(out);
    free(st);
}

struct bad_state {
    const char *key; /* top-level key replaced */
    const char *value;
    const char *detail;
};

/* A state document that does not fit the board or its own players is refused, and the
 * target is left untouched. */
static void test_state_from_json_refuses_what_does_not_fit(void **state)
{
    static const struct bad_state cases[] = {
        {"status", "\"paused\"", "state.status: unknown value 'paused'"},
        {"mode", "\"results\"", "state.mode: unknown value 'results'"},
        {"game", "\"5\"", "state.game: must be a whole number"},
        {"winner", "99", "state.winner: player 99 is not seated"},
        {"players", "[]", "state.players: must be an array of 2 to 4 players"},
        {"players",
         "[{\"id\":1,\"name\":\"A\",\"token\":\"hazel\",\"cash\":0,\"position\":0,\"in_jail\":"
         "false,"
         "\"jail_attempts\":0,\"jail_cards\":0},{\"id\":2,\"name\":\"B\",\"token\":\"cat\","
         "\"cash\":0,\"position\":0,\"in_jail\":false,\"jail_attempts\":0,\"jail_cards\":0}]",
         "state.players[1].token: unknown token 'cat'"},
        {"players",
         "[{\"id\":1,\"name\":\"A\",\"token\":\"hazel\",\"cash\":0,\"position\":40,\"in_jail\":"
         "false,"
         "\"jail_attempts\":0,\"jail_cards\":0}]",
         "state.players"},
        {"turn", "null", "state.turn: must be an object in banker mode"},
        {"turn",
         "{\"player\":11,\"doubles\":0,\"rolls\":0,\"rolled\":false,\"jumped\":false,"
         "\"can_fly\":false,\"pending\":{\"kind\":\"nap\",\"player\":11}}",
         "state.turn.pending.kind: unknown value 'nap'"},
        {"turn",
         "{\"player\":11,\"doubles\":0,\"rolls\":0,\"rolled\":false,\"jumped\":false,"
         "\"can_fly\":false,\"pending\":{\"kind\":\"buy_or_auction\",\"player\":11,"
         "\"destination\":\"atlantis\"}}",
         "state.turn.pending.destination: unknown destination 'atlantis'"},
        {"turn",
         "{\"player\":12,\"doubles\":0,\"rolls\":0,\"rolled\":false,\"jumped\":false,"
         "\"can_fly\":false,\"pending\":null}",
         "state.turn.player: player 12 is not seated"},
        {"destinations", "[]", "state.destinations: must list the board's 22 destinations"},
        {"ticket", "{\"holder\":null}", "state.ticket.used: is required"},
        {"journal", "[{\"card\":\"journal-99\",\"stamps\":[]}]",
         "state.journal[0].card: unknown Travel Journal card 'journal-99'"},
        {"journal",
         "[{\"card\":\"journal-1\",\"stamps\":[{\"slot\":1,\"token\":\"hazel\",\"player\":1,"
         "\"game\":1,\"seq\":1}]}]",
         "state.journal[0].stamps[0].slot: must be 0"},
    };
    struct game_state *st = new_game(MODE_BANKER);
    struct game_state *target = malloc(sizeof(*target));
    struct game_state *before = malloc(sizeof(*before));
    (void)state;

    memset(before, 0x33, sizeof(*before));
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        cJSON *doc = state_to_json(shipped, st, 1);
        struct sb_error err;
        int rc;
        cJSON_ReplaceItemInObjectCaseSensitive(doc, cases[i].key, cJSON_Parse(cases[i].value));
        memcpy(target, before, sizeof(*target));
        rc = state_from_json(shipped, doc, target, &err);
        if (rc != SB_EINVALID || !strstr(err.detail, cases[i].detail))
            fail_msg("%s = %s: got %d '%s', want '%s'", cases[i].key, cases[i].value, rc,
                     err.detail, cases[i].detail);
        assert_memory_equal(target, before, sizeof(*target));
        cJSON_Delete(doc);
    }
    free(target);
    free(before);
    free(st);
}

struct event_case {
    const char *body;
    int code;
    const char *detail;
};

/* Wrong JSON types are 400, values out of range or unknown ids are 422. */
static void test_event_from_json_refusals(void **state)
{
    static const struct event_case cases[] = {
        {"[]", SB_EBADREQ, "object"},
        {"{}", SB_EBADREQ, "'type' is required"},
        {"{\"type\":5}", SB_EBADREQ, "'type' must be a string"},
        {"{\"type\":\"teleport\"}", SB_EINVALID, "unknown event type 'teleport'"},
        {"{\"type\":\"roll\",\"d1\":3}", SB_EBADREQ, "'d2' is required"},
        {"{\"type\":\"roll\",\"d1\":\"3\",\"d2\":4}", SB_EBADREQ, "'d1'"},
        {"{\"type\":\"roll\",\"d1\":3.5,\"d2\":4}", SB_EBADREQ, "'d1'"},
        {"{\"type\":\"roll\",\"d1\":0,\"d2\":4}", SB_EINVALID, "'d1' must be between 1 and 6"},
        {"{\"type\":\"roll\",\"d1\":3,\"d2\":7}", SB_EINVALID, "'d2' must be between 1 and 6"},
        {"{\"type\":\"roll\",\"d1\":3,\"d2\":4,\"player\":\"11\"}", SB_EBADREQ, "'player'"},
        {"{\"type\":\"roll\",\"d1\":3,\"d2\":4,\"player\":12}", SB_EINVALID,
         "player 12 is not seated"},
        {"{\"type\":\"auction\",\"winner\":99}", SB_EINVALID, "player 99 is not seated"},
        {"{\"type\":\"auction\",\"winner\":11,\"price\":-10}", SB_EINVALID, "'price'"},
        {"{\"type\":\"auction\",\"winner\":11,\"price\":1000000010}", SB_EINVALID, "'price'"},
        {"{\"type\":\"auction\",\"winner\":11,\"price\":true}", SB_EBADREQ, "'price'"},
        {"{\"type\":\"draw_chance\"}", SB_EBADREQ, "'card' is required"},
        {"{\"type\":\"draw_chance\",\"card\":7}", SB_EBADREQ, "'card' must be a string"},
        {"{\"type\":\"draw_chance\",\"card\":\"journal-1\"}", SB_EINVALID,
         "unknown Chance card 'journal-1'"},
        {"{\"type\":\"draw_journal\",\"card\":\"chance-1\"}", SB_EINVALID,
         "unknown Travel Journal card 'chance-1'"},
        {"{\"type\":\"choose\",\"destination\":\"atlantis\"}", SB_EINVALID,
         "unknown destination 'atlantis'"},
        {"{\"type\":\"choose\"}", SB_EBADREQ, "'destination' is required"},
        {"{\"type\":\"fly\",\"to\":null}", SB_EBADREQ, "'to' is required"},
        {"{\"type\":\"use_ticket\",\"to\":[\"rapa-nui\"]}", SB_EBADREQ, "'to'"},
        {"{\"type\":\"goal_jump\",\"destination\":\"Rapa Nui\"}", SB_EINVALID,
         "unknown destination 'Rapa Nui'"},
        {"{\"type\":\"trade\",\"a\":11}", SB_EBADREQ, "'b' is required"},
        {"{\"type\":\"trade\",\"a\":11,\"b\":44}", SB_EINVALID, "player 44 is not seated"},
        {"{\"type\":\"trade\",\"a\":11,\"b\":22,\"a_gives\":\"rapa-nui\"}", SB_EBADREQ,
         "'a_gives' must be an object"},
        {"{\"type\":\"trade\",\"a\":11,\"b\":22,\"a_gives\":{\"cash\":-10}}", SB_EINVALID,
         "'cash'"},
        {"{\"type\":\"trade\",\"a\":11,\"b\":22,\"b_gives\":{\"cash\":\"10\"}}", SB_EBADREQ,
         "'cash'"},
        {"{\"type\":\"trade\",\"a\":11,\"b\":22,\"b_gives\":{\"destinations\":\"rapa-nui\"}}",
         SB_EBADREQ, "'b_gives.destinations' must be an array"},
        {"{\"type\":\"trade\",\"a\":11,\"b\":22,\"b_gives\":{\"destinations\":[6]}}", SB_EBADREQ,
         "'b_gives.destinations' must hold destination ids"},
        {"{\"type\":\"trade\",\"a\":11,\"b\":22,\"b_gives\":{\"destinations\":[\"mars\"]}}",
         SB_EINVALID, "unknown destination 'mars'"},
        {"{\"type\":\"trade\",\"a\":11,\"b\":22,\"b_gives\":{\"destinations\":[\"rapa-nui\","
         "\"rapa-nui\"]}}",
         SB_EINVALID, "names 'rapa-nui' twice"},
        {"{\"type\":\"trade\",\"a\":11,\"b\":22,\"a_gives\":{\"jail_cards\":-1}}", SB_EINVALID,
         "'jail_cards'"},
        {"{\"type\":\"adjust\",\"player\":11}", SB_EBADREQ, "'amount' is required"},
        {"{\"type\":\"adjust\",\"player\":11,\"amount\":\"50\"}", SB_EBADREQ, "'amount'"},
        {"{\"type\":\"adjust\",\"player\":11,\"amount\":1000000001}", SB_EINVALID, "'amount'"},
        {"{\"type\":\"adjust\",\"player\":11,\"amount\":-1000000001}", SB_EINVALID, "'amount'"},
        {"{\"type\":\"adjust\",\"player\":11,\"amount\":50,\"reason\":5}", SB_EBADREQ, "'reason'"},
        {"{\"type\":\"adjust\",\"amount\":50}", SB_EBADREQ, "'player' is required"},
        {"{\"type\":\"note\"}", SB_EBADREQ, "'text' is required"},
        {"{\"type\":\"note\",\"text\":5}", SB_EBADREQ, "'text' must be a string"},
        {"{\"type\":\"note\",\"text\":\"\"}", SB_EINVALID, "'text' must not be empty"},
        {"{\"type\":\"end\",\"winner\":\"11\"}", SB_EBADREQ, "'winner'"},
        {"{\"type\":\"end\",\"winner\":12}", SB_EINVALID, "player 12 is not seated"},
        {"{\"type\":\"end\",\"reason\":false}", SB_EBADREQ, "'reason'"},
        {"{\"type\":\"stamp_goal\",\"player\":11}", SB_EBADREQ, "'destination' is required"},
        {"{\"type\":\"stamp_goal\",\"destination\":\"rapa-nui\"}", SB_EBADREQ,
         "'player' is required"},
    };
    struct game_state *st = new_game(MODE_BANKER);
    (void)state;

    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        cJSON *body = cJSON_Parse(cases[i].body);
        struct rules_event ev, before;
        struct sb_error err;
        int rc;
        assert_non_null(body);
        memset(&ev, 0x44, sizeof(ev));
        memcpy(&before, &ev, sizeof(ev));
        memset(&err, 0, sizeof(err));
        rc = event_from_json(shipped, st, body, &ev, &err);
        if (rc != cases[i].code || !strstr(err.detail, cases[i].detail))
            fail_msg("%s: got %d '%s', want %d '%s'", cases[i].body, rc, err.detail, cases[i].code,
                     cases[i].detail);
        assert_int_equal(sb_status(err.code), cases[i].code == SB_EBADREQ ? 400 : 422);
        assert_memory_equal(&ev, &before, sizeof(ev));
        cJSON_Delete(body);
    }
    free(st);
}

/* Long texts: 2000 characters pass, 2001 do not. */
static void test_event_text_limits(void **state)
{
    struct game_state *st = new_game(MODE_BANKER);
    char *body = malloc(2100);
    struct rules_event ev;
    cJSON *obj;
    struct sb_error err;
    (void)state;

    memcpy(body, "{\"type\":\"note\",\"text\":\"", 23);
    memset(body + 23, 'n', 2000);
    memcpy(body + 23 + 2000, "\"}", 3);
    obj = cJSON_Parse(body);
    assert_int_equal(event_from_json(shipped, st, obj, &ev, &err), 0);
    assert_int_equal(ev.type, EVENT_NOTE);
    cJSON_Delete(obj);
    memcpy(body + 23 + 2000, "n\"}", 4);
    obj = cJSON_Parse(body);
    assert_int_equal(event_from_json(shipped, st, obj, &ev, &err), SB_EINVALID);
    cJSON_Delete(obj);
    free(body);
    free(st);
}

/* The code event_from_json gives body_text (refusal detail in err). */
static int decode_rc(const struct game_state *st, const char *body_text, struct sb_error *err)
{
    struct rules_event ev;
    cJSON *body = cJSON_Parse(body_text);
    int rc;
    assert_non_null(body);
    memset(&ev, 0, sizeof(ev));
    rc = event_from_json(shipped, st, body, &ev, err);
    cJSON_Delete(body);
    return rc;
}

/* API.md "Additions": an event naming a field its type does not take is 422, at its
 * top or inside its objects; what the type takes still decodes. */
static void test_event_with_a_field_its_type_does_not_take_is_422(void **state)
{
    struct game_state *st = new_game(MODE_BANKER);
    struct sb_error err;
    cJSON *body;
    (void)state;
    assert_int_equal(decode_rc(st, "{\"type\":\"note\",\"text\":\"x\",\"player\":999999}", &err),
                     SB_EINVALID);
    assert_non_null(strstr(err.detail, "'player'"));
    assert_int_equal(decode_rc(st, "{\"type\":\"roll\",\"d1\":6,\"d2\":1,\"ignored\":1}", &err),
                     SB_EINVALID);
    assert_int_equal(decode_rc(st, "{\"type\":\"buy\",\"destination\":\"rapa-nui\"}", &err),
                     SB_EINVALID);
    assert_int_equal(decode_rc(st,
                               "{\"type\":\"trade\",\"a\":11,\"b\":22,"
                               "\"a_gives\":{\"cash\":10,\"houses\":1}}",
                               &err),
                     SB_EINVALID);
    assert_non_null(strstr(err.detail, "in 'a_gives'"));
    assert_int_equal(decode_rc(st, "{\"type\":\"note\",\"text\":\"x\"}", &err), 0);
    assert_int_equal(decode_rc(st,
                               "{\"type\":\"trade\",\"a\":11,\"b\":22,"
                               "\"a_gives\":{\"cash\":10},\"b_gives\":{\"jail_cards\":0}}",
                               &err),
                     0);
    /* a result's standings are checked the same way */
    body = cJSON_Parse("{\"type\":\"result\",\"standings\":[{\"player\":1,\"hotels\":2}]}");
    assert_int_equal(event_check_fields(body, &err), SB_EINVALID);
    cJSON_Delete(body);
    body = cJSON_Parse("{\"type\":\"result\",\"winner\":1,\"standings\":[{\"player\":1}]}");
    assert_int_equal(event_check_fields(body, &err), 0);
    cJSON_Delete(body);
    free(st);
}

/* Every event type has its row in the codec's table, with a reader; those the engine
 * lists in state.options have an option writer (README "How it is built"). */
static void test_every_event_type_has_a_codec_row(void **state)
{
    (void)state;
    for (int t = 0; t < EVENT_COUNT; t++) {
        const struct event_codec *c = event_codec_of((enum event_type)t);
        assert_non_null(c);
        assert_int_equal(c->type, t);
        assert_non_null(c->read);
        assert_true(event_type_known(rules_event_name((enum event_type)t)));
    }
    assert_non_null(event_codec_of(EVENT_FLY)->write_option);
    assert_null(event_codec_of(EVENT_TRADE)->write_option);
    assert_true(event_type_known("result"));
    assert_false(event_type_known("jump"));
}

/* Ids resolve to indexes and seats; absent optional fields are -1. */
static void test_event_from_json_resolves_ids(void **state)
{
    struct game_state *st = new_game(MODE_BANKER);
    struct rules_event ev;
    cJSON *body;
    struct sb_error err;
    (void)state;

    ev.seq = 42;
    decode(st, "{\"type\":\"roll\",\"d1\":6,\"d2\":1}", &ev);
    assert_int_equal(ev.type, EVENT_ROLL);
    assert_int_equal(ev.seq, 42);
    assert_int_equal(ev.d1, 6);
    assert_int_equal(ev.d2, 1);
    assert_int_equal(ev.player, -1);
    assert_int_equal(ev.card, -1);
    assert_int_equal(ev.dest, -1);
    decode(st, "{\"type\":\"roll\",\"d1\":2,\"d2\":2,\"player\":33}", &ev);
    assert_int_equal(ev.player, 2);
    decode(st, "{\"type\":\"auction\"}", &ev);
    assert_int_equal(ev.winner, -1);
    assert_int_equal(ev.price, -1);
    decode(st, "{\"type\":\"auction\",\"winner\":22,\"price\":90}", &ev);
    assert_int_equal(ev.winner, 1);
    assert_int_equal(ev.price, 90);
    decode(st, "{\"type\":\"draw_chance\",\"card\":\"chance-10\"}", &ev);
    assert_int_equal(ev.card, 9);
    decode(st, "{\"type\":\"draw_journal\",\"card\":\"journal-3\"}", &ev);
    assert_int_equal(ev.card, 2);
    assert_int_equal(ev.player, -1);
    decode(st, "{\"type\":\"fly\",\"to\":\"chichen-itza\"}", &ev);
    assert_int_equal(ev.dest, board_find_dest(shipped, "chichen-itza"));
    decode(st, "{\"type\":\"use_ticket\",\"to\":\"grand-canyon\"}", &ev);
    assert_int_equal(ev.dest, board_find_dest(shipped, "grand-canyon"));
    decode(st, "{\"type\":\"goal_jump\",\"destination\":\"angkor-wat\"}", &ev);
    assert_int_equal(ev.type, EVENT_GOAL_JUMP);
    assert_int_equal(ev.dest, board_find_dest(shipped, "angkor-wat"));
    decode(st, "{\"type\":\"choose\",\"destination\":\"pink-3\"}", &ev);
    assert_int_equal(ev.dest, board_find_dest(shipped, "pink-3"));
    decode(st,
           "{\"type\":\"trade\",\"a\":33,\"b\":11,\"a_gives\":{\"cash\":150,\"destinations\":"
           "[\"rapa-nui\",\"pink-3\"]},\"b_gives\":{\"jail_cards\":1}}",
           &ev);
    assert_int_equal(ev.a, 2);
    assert_int_equal(ev.b, 0);
    assert_int_equal(ev.a_gives.cash, 150);
    assert_int_equal(ev.a_gives.ndests, 2);
    assert_int_equal(ev.a_gives.dests[1], board_find_dest(shipped, "pink-3"));
    assert_int_equal(ev.a_gives.jail_cards, 0);
    assert_int_equal(ev.b_gives.cash, 0);
    assert_int_equal(ev.b_gives.ndests, 0);
    assert_int_equal(ev.b_gives.jail_cards, 1);
    decode(st, "{\"type\":\"adjust\",\"player\":22,\"amount\":-1000000000,\"reason\":\"\"}", &ev);
    assert_int_equal(ev.player, 1);
    assert_int_equal(ev.amount, -1000000000);
    decode(st, "{\"type\":\"end\"}", &ev);
    assert_int_equal(ev.winner, -1);
    decode(st, "{\"type\":\"jail_card\"}", &ev);
    assert_int_equal(ev.type, EVENT_JAIL_CARD);
    free(st);

    /* journal mode: the drawer must be named */
    st = new_game(MODE_JOURNAL);
    body = cJSON_Parse("{\"type\":\"draw_journal\",\"card\":\"journal-3\"}");
    assert_int_equal(event_from_json(shipped, st, body, &ev, &err), SB_EBADREQ);
    assert_non_null(strstr(err.detail, "'player' is required"));
    cJSON_Delete(body);
    decode(st, "{\"type\":\"draw_journal\",\"card\":\"journal-3\",\"player\":11}", &ev);
    assert_int_equal(ev.player, 0);
    decode(st, "{\"type\":\"stamp_goal\",\"player\":33,\"destination\":\"okavango-delta\"}", &ev);
    assert_int_equal(ev.player, 2);
    assert_int_equal(ev.dest, board_find_dest(shipped, "okavango-delta"));
    free(st);
}

/* Every effect kind in API.md's shape: player ids, slugs, "bank", space indexes. */
static void test_effects_shape(void **state)
{
    struct game_state *st = new_game(MODE_BANKER);
    struct rules_outcome *out = calloc(1, sizeof(*out));
    int rapa = board_find_dest(shipped, "rapa-nui");
    cJSON *arr;
    const cJSON *e;
    (void)state;

    out->neffects = 12;
    out->effects[0] = (struct rules_effect){.kind = OUT_MOVE, .player = 0, .from = 38, .to = 2};
    out->effects[1] = (struct rules_effect){.kind = OUT_SALARY, .player = 0, .amount = 200};
    out->effects[2] = (struct rules_effect){
        .kind = OUT_PAY, .player = 1, .from = 1, .to = -1, .amount = 200, .reason = "tax"};
    out->effects[3] = (struct rules_effect){
        .kind = OUT_PAY, .player = 2, .from = 1, .to = 2, .amount = 50, .reason = "fee"};
    out->effects[4] = (struct rules_effect){.kind = OUT_BOARD_STAMP, .player = 2, .dest = rapa};
    out->effects[5] = (struct rules_effect){
        .kind = OUT_JOURNAL_STAMP, .player = 1, .card = 1, .slot = 1, .token = 2};
    out->effects[6] = (struct rules_effect){
        .kind = OUT_JOURNAL_PAYOUT, .player = 1, .card = 1, .token = 2, .stamps = 2, .amount = 200};
    out->effects[7] = (struct rules_effect){.kind = OUT_JAIL, .player = 2};
    out->effects[8] = (struct rules_effect){.kind = OUT_TICKET, .player = 0, .action = TICKET_TAKE};
    out->effects[9] = (struct rules_effect){.kind = OUT_OWNER, .dest = rapa, .from = -1, .to = 1};
    out->effects[10] = (struct rules_effect){.kind = OUT_JAIL_FREE, .player = 2};
    out->effects[11] = (struct rules_effect){.kind = OUT_WIN, .player = 2};
    arr = effects_to_json(shipped, st, out);
    assert_int_equal(cJSON_GetArraySize(arr), 12);

    e = cJSON_GetArrayItem(arr, 0);
    assert_string_equal(jt_str(e, "kind"), "move");
    assert_int_equal(jt_int(e, "player"), 11);
    assert_int_equal(jt_int(e, "from"), 38);
    assert_int_equal(jt_int(e, "to"), 2);
    e = cJSON_GetArrayItem(arr, 1);
    assert_string_equal(jt_str(e, "kind"), "salary");
    assert_int_equal(jt_int(e, "amount"), 200);
    e = cJSON_GetArrayItem(arr, 2);
    assert_string_equal(jt_str(e, "kind"), "pay");
    assert_int_equal(jt_int(e, "from"), 22);
    assert_string_equal(jt_str(e, "to"), "bank");
    assert_string_equal(jt_str(e, "reason"), "tax");
    e = cJSON_GetArrayItem(arr, 3);
    assert_int_equal(jt_int(e, "to"), 33);
    assert_int_equal(jt_int(e, "amount"), 50);
    e = cJSON_GetArrayItem(arr, 4);
    assert_string_equal(jt_str(e, "kind"), "board_stamp");
    assert_int_equal(jt_int(e, "player"), 33);
    assert_string_equal(jt_str(e, "destination"), "rapa-nui");
    e = cJSON_GetArrayItem(arr, 5);
    assert_string_equal(jt_str(e, "kind"), "journal_stamp");
    assert_string_equal(jt_str(e, "card"), "journal-2");
    assert_int_equal(jt_int(e, "slot"), 1);
    assert_string_equal(jt_str(e, "token"), "hazel");
    assert_int_equal(jt_int(e, "player"), 22);
    e = cJSON_GetArrayItem(arr, 6);
    assert_string_equal(jt_str(e, "kind"), "journal_payout");
    assert_string_equal(jt_str(e, "card"), "journal-2");
    assert_int_equal(jt_int(e, "player"), 22);
    assert_string_equal(jt_str(e, "token"), "hazel");
    assert_int_equal(jt_int(e, "stamps"), 2);
    assert_int_equal(jt_int(e, "amount"), 200);
    e = cJSON_GetArrayItem(arr, 7);
    assert_string_equal(jt_str(e, "kind"), "jail");
    assert_int_equal(jt_int(e, "player"), 33);
    e = cJSON_GetArrayItem(arr, 8);
    assert_string_equal(jt_str(e, "kind"), "ticket");
    assert_string_equal(jt_str(e, "action"), "take");
    e = cJSON_GetArrayItem(arr, 9);
    assert_string_equal(jt_str(e, "kind"), "owner");
    assert_string_equal(jt_str(e, "destination"), "rapa-nui");
    assert_string_equal(jt_str(e, "from"), "bank");
    assert_int_equal(jt_int(e, "to"), 22);
    e = cJSON_GetArrayItem(arr, 10);
    assert_string_equal(jt_str(e, "kind"), "jail_free");
    assert_int_equal(jt_int(e, "player"), 33);
    e = cJSON_GetArrayItem(arr, 11);
    assert_string_equal(jt_str(e, "kind"), "win");
    assert_int_equal(jt_int(e, "player"), 33);
    cJSON_Delete(arr);

    out->neffects = 1;
    out->effects[0] = (struct rules_effect){.kind = OUT_TICKET, .player = 1, .action = TICKET_USE};
    arr = effects_to_json(shipped, st, out);
    assert_string_equal(jt_str(cJSON_GetArrayItem(arr, 0), "action"), "use");
    cJSON_Delete(arr);
    out->neffects = 0;
    arr = effects_to_json(shipped, st, out);
    assert_int_equal(cJSON_GetArraySize(arr), 0);
    cJSON_Delete(arr);
    free(out);
    free(st);
}

/* A journal payout says who pays whom, in API.md's spirit: amount is what the holder
 * gains (negative for a card that costs money, as in the briefing); from/to name the
 * Bank, the holder, or "others" (collect_from_each). Journal cards 2, 4 and 5 of the
 * shipped box collect, pay and collect from each. */
static void test_journal_payout_says_who_pays_whom(void **state)
{
    struct game_state *st = new_game(MODE_JOURNAL);
    struct rules_outcome *out = calloc(1, sizeof(*out));
    cJSON *arr;
    const cJSON *e;
    (void)state;

    out->neffects = 3;
    out->effects[0] = (struct rules_effect){
        .kind = OUT_JOURNAL_PAYOUT, .player = 1, .card = 1, .token = 2, .stamps = 1, .amount = 100};
    out->effects[1] = (struct rules_effect){.kind = OUT_JOURNAL_PAYOUT,
                                            .player = 0,
                                            .card = 3,
                                            .token = 1,
                                            .stamps = 2,
                                            .amount = -100};
    out->effects[2] = (struct rules_effect){
        .kind = OUT_JOURNAL_PAYOUT, .player = 2, .card = 4, .token = 3, .stamps = 1, .amount = 40};
    arr = effects_to_json(shipped, st, out);
    e = cJSON_GetArrayItem(arr, 0);
    assert_string_equal(jt_str(e, "from"), "bank");
    assert_int_equal(jt_int(e, "to"), 22);
    assert_int_equal(jt_int(e, "amount"), 100);
    e = cJSON_GetArrayItem(arr, 1);
    assert_string_equal(jt_str(e, "card"), "journal-4");
    assert_int_equal(jt_int(e, "from"), 11);
    assert_string_equal(jt_str(e, "to"), "bank");
    assert_int_equal(jt_int(e, "amount"), -100);
    e = cJSON_GetArrayItem(arr, 2);
    assert_string_equal(jt_str(e, "card"), "journal-5");
    assert_string_equal(jt_str(e, "from"), "others");
    assert_int_equal(jt_int(e, "to"), 33);
    cJSON_Delete(arr);
    free(out);
    free(st);
}

/* A real event: buying Rapa Nui lists the payment to the Bank. */
static void test_effects_of_a_real_purchase(void **state)
{
    struct game_state *st = new_game(MODE_BANKER);
    struct rules_outcome *out = malloc(sizeof(*out));
    cJSON *arr;
    const cJSON *e;
    (void)state;

    play(st, out, "{\"type\":\"roll\",\"d1\":2,\"d2\":4}");
    arr = effects_to_json(shipped, st, out);
    e = cJSON_GetArrayItem(arr, 0);
    assert_string_equal(jt_str(e, "kind"), "move");
    assert_int_equal(jt_int(e, "from"), 0);
    assert_int_equal(jt_int(e, "to"), 6);
    cJSON_Delete(arr);
    play(st, out, "{\"type\":\"buy\"}");
    arr = effects_to_json(shipped, st, out);
    assert_true(cJSON_GetArraySize(arr) >= 1);
    e = cJSON_GetArrayItem(arr, 0);
    assert_string_equal(jt_str(e, "kind"), "pay");
    assert_int_equal(jt_int(e, "from"), 11);
    assert_string_equal(jt_str(e, "to"), "bank");
    assert_int_equal(jt_int(e, "amount"), 100);
    cJSON_Delete(arr);
    assert_round_trip(st);
    free(out);
    free(st);
}

/* Decode a correct event body; returns the result code and the event in *ev. */
static int decode_fix(const char *text, struct rules_event *ev, struct sb_error *err)
{
    struct game_state *st = new_game(MODE_BANKER);
    cJSON *body = cJSON_Parse(text);
    int rc;
    assert_non_null(body);
    memset(ev, 0, sizeof(*ev));
    rc = event_from_json(shipped, st, body, ev, err);
    cJSON_Delete(body);
    free(st);
    return rc;
}

static void test_correct_event_decodes_the_new_values(void **state)
{
    struct rules_event ev;
    struct sb_error err;
    (void)state;
    assert_int_equal(
        decode_fix("{\"type\":\"correct\",\"what\":\"destination\",\"id\":\"rapa-nui\","
                   "\"fields\":{\"price\":120,\"goal\":null,\"name\":\"Easter Island\"},"
                   "\"before\":{\"price\":100,\"goal\":\"okavango-delta\",\"name\":\"Rapa Nui\"}}",
                   &ev, &err),
        0);
    assert_int_equal(ev.type, EVENT_CORRECT);
    assert_int_equal(ev.fix.what, FACT_DESTINATION);
    assert_int_equal(ev.fix.index, board_find_dest(shipped, "rapa-nui"));
    assert_int_equal(ev.fix.fields, FIX_PRICE | FIX_GOAL);
    assert_int_equal(ev.fix.dest.price, 120);
    assert_int_equal(ev.fix.dest.goal, -1);
    assert_int_equal(decode_fix("{\"type\":\"correct\",\"what\":\"journal\",\"id\":\"journal-3\","
                                "\"fields\":{\"slots\":4,\"effect\":{\"per_stamp\":{\"pay\":20}}},"
                                "\"before\":{}}",
                                &ev, &err),
                     0);
    assert_int_equal(ev.fix.fields, FIX_SLOTS | FIX_EFFECT);
    assert_int_equal(ev.fix.journal.slots, 4);
    assert_int_equal(ev.fix.journal.per_stamp, PER_STAMP_PAY);
    assert_int_equal(ev.fix.journal.per_stamp_amount, 20);
    assert_int_equal(decode_fix("{\"type\":\"correct\",\"what\":\"chance\",\"id\":\"chance-2\","
                                "\"fields\":{\"effect\":{\"go_to_jail\":true}},\"before\":{}}",
                                &ev, &err),
                     0);
    assert_int_equal(ev.fix.chance.effect.kind, EFFECT_GO_TO_JAIL);
}

static void test_correct_event_refusals(void **state)
{
    static const struct event_case cases[] = {
        {"{\"type\":\"correct\",\"id\":\"rapa-nui\",\"fields\":{},\"before\":{}}", SB_EBADREQ,
         "'what' is required"},
        {"{\"type\":\"correct\",\"what\":\"space\",\"id\":\"go\",\"fields\":{\"name\":\"x\"},"
         "\"before\":{}}",
         SB_EINVALID, "'what' must be"},
        {"{\"type\":\"correct\",\"what\":\"chance\",\"id\":\"chance-99\",\"fields\":{\"text\":"
         "\"x\"},"
         "\"before\":{}}",
         SB_EINVALID, "unknown chance 'chance-99'"},
        {"{\"type\":\"correct\",\"what\":\"destination\",\"id\":\"rapa-nui\",\"fields\":{},"
         "\"before\":{}}",
         SB_EBADREQ, "'fields'"},
        {"{\"type\":\"correct\",\"what\":\"destination\",\"id\":\"rapa-nui\",\"fields\":{\"price\":"
         "105},"
         "\"before\":{}}",
         SB_EINVALID, "multiple of 10"},
        {"{\"type\":\"correct\",\"what\":\"destination\",\"id\":\"rapa-nui\",\"fields\":{\"slots\":"
         "2},"
         "\"before\":{}}",
         SB_EINVALID, "cannot change 'slots'"},
        {"{\"type\":\"correct\",\"what\":\"destination\",\"id\":\"rapa-nui\",\"fields\":{\"goal\":"
         "\"rapa-nui\"},\"before\":{}}",
         SB_EINVALID, "its own travel goal"},
        {"{\"type\":\"correct\",\"what\":\"journal\",\"id\":\"journal-1\",\"fields\":{\"slots\":13}"
         ","
         "\"before\":{}}",
         SB_EINVALID, "'slots'"},
        {"{\"type\":\"correct\",\"what\":\"chance\",\"id\":\"chance-1\",\"fields\":{\"effect\":{"
         "\"fly\":1}},\"before\":{}}",
         SB_EINVALID, "unknown field 'fly'"},
        {"{\"type\":\"correct\",\"what\":\"chance\",\"id\":\"chance-1\",\"fields\":{\"text\":\"x\"}"
         "}",
         SB_EBADREQ, "'before'"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct rules_event ev;
        struct sb_error err;
        int rc = decode_fix(cases[i].body, &ev, &err);
        if (rc != cases[i].code || !strstr(err.detail, cases[i].detail))
            fail_msg("%s: got %d '%s', want %d '%s'", cases[i].body, rc, err.detail, cases[i].code,
                     cases[i].detail);
    }
}

static void test_corrections_count_round_trips_and_shows_only_when_any(void **state)
{
    struct game_state *st = new_game(MODE_BANKER);
    cJSON *doc;
    (void)state;
    doc = state_to_json(shipped, st, 3);
    assert_null(cJSON_GetObjectItemCaseSensitive(doc, "corrections"));
    cJSON_Delete(doc);
    st->corrections = 2;
    doc = state_to_json(shipped, st, 3);
    assert_int_equal(jt_int(doc, "corrections"), 2);
    cJSON_Delete(doc);
    assert_round_trip(st);
    free(st);
}

/* TWT-JOURNAL-5: a client's draw_journal naming a stamp_owner is 422; a recorded one
 * (the server's own field, as stored and exported) still reads. */
static void test_twt_journal_5_request_naming_stamp_owner_is_422(void **state)
{
    (void)state;
    struct sb_error err;
    cJSON *body = cJSON_Parse("{\"type\":\"draw_journal\",\"card\":\"journal-1\","
                              "\"stamp_owner\":\"player\"}");
    assert_int_equal(event_check_request(body, false, &err), SB_EINVALID);
    assert_string_equal(err.rule, "TWT-JOURNAL-5");
    assert_int_equal(event_check_request(body, true, &err), SB_EINVALID);
    assert_int_equal(event_check_fields(body, &err), 0);
    cJSON_Delete(body);
    body = cJSON_Parse("{\"type\":\"draw_journal\",\"card\":\"journal-1\"}");
    assert_int_equal(event_check_request(body, true, &err), 0);
    cJSON_Delete(body);
    /* banker mode takes card only; journal mode names who drew it */
    body = cJSON_Parse("{\"type\":\"draw_journal\",\"card\":\"journal-1\",\"player\":11}");
    assert_int_equal(event_check_request(body, true, &err), SB_EINVALID);
    assert_int_equal(event_check_request(body, false, &err), 0);
    cJSON_Delete(body);
}

/* House rules and the pot round-trip; a state without house rules is an old game's and
 * reads as the readings of then (rules_house_legacy()). */
static void test_house_rules_and_pot_round_trip_and_old_states_read_as_legacy(void **state)
{
    (void)state;
    struct game_state *st = new_game(MODE_BANKER);
    struct sb_error err;
    st->house.free_parking = FREE_PARKING_JACKPOT;
    st->house.stamps_to_win = 5;
    st->house.fees = FEES_AUTOMATIC;
    st->pot = 250;
    st->players[1].jump_next = (uint64_t)1 << 3;
    st->players[0].jump_now = (uint64_t)1 << 5 | (uint64_t)1 << 7;
    assert_round_trip(st);
    cJSON *doc = state_to_json(shipped, st, 3);
    assert_int_equal(jt_int(doc, "pot"), 250);
    assert_int_equal(jt_int(doc, "win_stamps"), 5);
    const cJSON *hr = cJSON_GetObjectItemCaseSensitive(doc, "house_rules");
    assert_string_equal(cJSON_GetObjectItemCaseSensitive(hr, "free_parking")->valuestring,
                        "jackpot");
    assert_string_equal(cJSON_GetObjectItemCaseSensitive(hr, "fees")->valuestring, "automatic");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(hr, "auction")));
    cJSON_DeleteItemFromObject(doc, "house_rules");
    cJSON_DeleteItemFromObject(doc, "pot");
    struct game_state *back = calloc(1, sizeof(*back));
    assert_int_equal(state_from_json(shipped, doc, back, &err), 0);
    struct house_rules legacy = rules_house_legacy();
    assert_memory_equal(&back->house, &legacy, sizeof legacy);
    assert_int_equal(back->pot, 0);
    cJSON_Delete(doc);
    free(back);
    free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_new_banker_game_has_the_api_shape),
        cmocka_unit_test(test_state_derives_owns_goals_stamped_and_next),
        cmocka_unit_test(test_pending_kinds_shape_and_round_trip),
        cmocka_unit_test(test_options_and_unavailable_shape),
        cmocka_unit_test(test_collect_fee_destination_is_optional),
        cmocka_unit_test(test_old_pending_fee_reads_as_a_fee_due),
        cmocka_unit_test(test_held_jail_cards_round_trip_by_card),
        cmocka_unit_test(test_played_banker_games_round_trip_after_every_event),
        cmocka_unit_test(test_journal_mode_state),
        cmocka_unit_test(test_state_from_json_refuses_what_does_not_fit),
        cmocka_unit_test(test_event_from_json_refusals),
        cmocka_unit_test(test_event_text_limits),
        cmocka_unit_test(test_event_from_json_resolves_ids),
        cmocka_unit_test(test_event_with_a_field_its_type_does_not_take_is_422),
        cmocka_unit_test(test_every_event_type_has_a_codec_row),
        cmocka_unit_test(test_effects_shape),
        cmocka_unit_test(test_journal_payout_says_who_pays_whom),
        cmocka_unit_test(test_effects_of_a_real_purchase),
        cmocka_unit_test(test_correct_event_decodes_the_new_values),
        cmocka_unit_test(test_correct_event_refusals),
        cmocka_unit_test(test_corrections_count_round_trips_and_shows_only_when_any),
        cmocka_unit_test(test_twt_journal_5_request_naming_stamp_owner_is_422),
        cmocka_unit_test(test_house_rules_and_pot_round_trip_and_old_states_read_as_legacy),
    };
    return cmocka_run_group_tests(tests, setup_board, teardown_board);
}
