/* test_correct.c -- the correct event: a game follows a correction of its box from then on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "board_fixture.h"
#include "correct.h"
#include "rules.h"

#define LOG_MAX 16

/* A game on its own copy of the default board, and the log of the events it accepted. */
struct game {
    struct board b;
    struct game_state st;
    struct rules_outcome out;
    int nlog;
    struct rules_event log[LOG_MAX];
};

static struct game *game_new(enum game_mode mode, int nseats)
{
    static const char *const names[] = {"Ann", "Bob", "Cleo"};
    struct rules_seat seats[3];
    struct game *g = calloc(1, sizeof *g);
    assert_non_null(g);
    board_fixture_default(&g->b);
    for (int i = 0; i < nseats; i++)
        seats[i] = (struct rules_seat){.player = 101 + i, .name = names[i], .token = i};
    assert_int_equal(rules_init(&g->b, mode, 7, seats, nseats, NULL, &g->st, &g->out), 0);
    return g;
}

static struct rules_event event(enum event_type t)
{
    struct rules_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = t;
    ev.player = ev.card = ev.dest = ev.winner = ev.a = ev.b = -1;
    return ev;
}

/* Apply ev as the next event; a refusal must leave board and state as they were. On
 * copies of both, correct_apply_in_place() must answer the same: the same outcome, the
 * same board, and when accepted the same state (refused, its state is thrown away). */
static int play(struct game *g, struct rules_event ev)
{
    struct board *b0 = malloc(sizeof *b0), *b1 = malloc(sizeof *b1);
    struct game_state *s0 = malloc(sizeof *s0), *s1 = malloc(sizeof *s1);
    struct rules_outcome *out1 = malloc(sizeof *out1);
    int rc;
    assert_true(b0 && b1 && s0 && s1 && out1);
    *b0 = *b1 = g->b;
    *s0 = *s1 = g->st;
    ev.seq = g->nlog + 1;
    rc = correct_apply(&g->b, STAMP_OWNER_TOKEN, &g->st, &ev, &g->out);
    assert_int_equal(correct_apply_in_place(b1, STAMP_OWNER_TOKEN, s1, &ev, out1), rc);
    assert_int_equal(out1->neffects, g->out.neffects);
    assert_memory_equal(out1->effects, g->out.effects,
                        sizeof out1->effects[0] * (size_t)out1->neffects);
    assert_ptr_equal(out1->refusal.rule, g->out.refusal.rule);
    assert_string_equal(out1->refusal.detail, g->out.refusal.detail);
    assert_memory_equal(b1, &g->b, sizeof *b1);
    if (rc == 0) {
        assert_memory_equal(s1, &g->st, sizeof *s1);
        assert_true(g->nlog < LOG_MAX);
        g->log[g->nlog++] = ev;
    } else {
        assert_memory_equal(b0, &g->b, sizeof *b0);
        assert_memory_equal(s0, &g->st, sizeof *s0);
    }
    free(b0);
    free(b1);
    free(s0);
    free(s1);
    free(out1);
    return rc;
}

static void ok(struct game *g, struct rules_event ev)
{
    if (play(g, ev) != 0)
        fail_msg("refused: %s: %s", g->out.refusal.rule, g->out.refusal.detail);
}

static struct rules_event roll(int d1, int d2)
{
    struct rules_event ev = event(EVENT_ROLL);
    ev.d1 = d1;
    ev.d2 = d2;
    return ev;
}

static struct rules_event card(enum event_type t, int index, int player)
{
    struct rules_event ev = event(t);
    ev.card = index;
    ev.player = player;
    return ev;
}

/* A correct event of what/index with the given FIX_ fields; values set by the caller. */
static struct rules_event fix(enum board_fact what, int index, unsigned fields)
{
    struct rules_event ev = event(EVENT_CORRECT);
    ev.fix.what = what;
    ev.fix.index = index;
    ev.fix.fields = fields;
    return ev;
}

static int dest(const struct game *g, const char *id)
{
    int d = board_find_dest(&g->b, id);
    assert_true(d >= 0);
    return d;
}

static void test_box_truth_fee_correction_applies_to_the_next_landing(void **state)
{
    struct game *g = game_new(MODE_BANKER, 2);
    struct rules_event c = fix(FACT_DESTINATION, dest(g, "rapa-nui"), FIX_FEE);
    (void)state;
    g->st.dests[dest(g, "rapa-nui")].owner = 1;
    c.fix.dest.fee = 70;
    ok(g, c); /* the printed card says 70, not 50 */
    assert_int_equal(g->b.dests[dest(g, "rapa-nui")].fee, 70);
    assert_int_equal(g->st.seq, 1);
    assert_int_equal(g->out.neffects, 0);
    ok(g, roll(2, 4)); /* Rapa Nui */
    ok(g, event(EVENT_COLLECT_FEE));
    assert_int_equal(g->st.players[0].cash, 1430);
    assert_int_equal(g->st.players[1].cash, 1570);
    free(g);
}

static void test_box_truth_price_correction_changes_what_a_buy_costs(void **state)
{
    struct game *g = game_new(MODE_BANKER, 2);
    struct rules_event c = fix(FACT_DESTINATION, dest(g, "rapa-nui"), FIX_PRICE | FIX_SET_FEE);
    (void)state;
    ok(g, roll(2, 4)); /* Rapa Nui, on offer at 100 */
    c.fix.dest.price = 120;
    c.fix.dest.set_fee = 120;
    ok(g, c); /* corrected while the offer stands: the buy pays the new price */
    ok(g, event(EVENT_BUY));
    assert_int_equal(g->st.players[0].cash, 1380);
    assert_int_equal(g->b.dests[dest(g, "rapa-nui")].fee, 50); /* untouched */
    free(g);
}

static void test_box_truth_already_paid_stays_paid(void **state)
{
    struct game *g = game_new(MODE_BANKER, 2);
    struct rules_event c = fix(FACT_DESTINATION, dest(g, "rapa-nui"), FIX_PRICE);
    (void)state;
    ok(g, roll(2, 4));
    ok(g, event(EVENT_BUY)); /* paid 100 */
    c.fix.dest.price = 300;
    ok(g, c);
    assert_int_equal(g->st.players[0].cash, 1400);
    assert_int_equal(g->st.dests[dest(g, "rapa-nui")].owner, 0);
    free(g);
}

static void test_twt_journal_2_one_circle_corrected_to_three_stamps_the_next_draw(void **state)
{
    struct game *g = game_new(MODE_JOURNAL, 2);
    int j = board_find_journal(&g->b, "journal-10"); /* one circle in the default */
    struct rules_event c = fix(FACT_JOURNAL, j, FIX_SLOTS);
    (void)state;
    ok(g, card(EVENT_DRAW_JOURNAL, j, 0));
    assert_int_equal(g->st.journal[j].nstamps, 1);
    ok(g, card(EVENT_DRAW_JOURNAL, j, 1)); /* full: no stamp */
    assert_int_equal(g->st.journal[j].nstamps, 1);
    c.fix.journal.slots = 3;
    ok(g, c);
    ok(g, card(EVENT_DRAW_JOURNAL, j, 1));
    assert_int_equal(g->st.journal[j].nstamps, 2);
    assert_int_equal(g->st.journal[j].stamps[1].token, 1);
    free(g);
}

static void test_twt_journal_2_circles_cannot_drop_below_the_stamps(void **state)
{
    struct game *g = game_new(MODE_JOURNAL, 2);
    int j = board_find_journal(&g->b, "journal-1"); /* three circles */
    struct rules_event c = fix(FACT_JOURNAL, j, FIX_SLOTS);
    (void)state;
    ok(g, card(EVENT_DRAW_JOURNAL, j, 0));
    ok(g, card(EVENT_DRAW_JOURNAL, j, 1));
    c.fix.journal.slots = 1;
    assert_int_equal(play(g, c), -1);
    assert_string_equal(g->out.refusal.rule, "TWT-JOURNAL-2");
    assert_int_equal(g->out.refusal.kind, RULES_REFUSED);
    c.fix.journal.slots = 2;
    ok(g, c);
    free(g);
}

static void test_twt_chance_effect_correction_changes_the_next_draw(void **state)
{
    struct game *g = game_new(MODE_BANKER, 2);
    int k = board_find_chance(&g->b, "chance-3"); /* collect 100 in the default */
    struct rules_event c = fix(FACT_CHANCE, k, FIX_EFFECT);
    (void)state;
    c.fix.chance.effect = (struct effect){.kind = EFFECT_PAY, .amount = 50};
    ok(g, c);
    ok(g, roll(3, 4)); /* Chance */
    ok(g, card(EVENT_DRAW_CHANCE, k, -1));
    assert_int_equal(g->st.players[0].cash, 1450);
    free(g);
}

static void test_box_truth_bad_corrections_are_refused(void **state)
{
    struct game *g = game_new(MODE_BANKER, 2);
    struct rules_event c = fix(FACT_DESTINATION, 99, FIX_PRICE);
    (void)state;
    assert_int_equal(play(g, c), -1);
    c = fix(FACT_DESTINATION, dest(g, "rapa-nui"), FIX_GOAL);
    c.fix.dest.goal = dest(g, "rapa-nui");
    assert_int_equal(play(g, c), -1);
    assert_string_equal(g->out.refusal.rule, "TWT-GOAL-1");
    c = fix(FACT_DESTINATION, dest(g, "rapa-nui"), FIX_FEE);
    c.fix.dest.fee = 55;
    assert_int_equal(play(g, c), -1);
    c = fix(FACT_CHANCE, 10, FIX_EFFECT);
    assert_int_equal(play(g, c), -1);
    /* rules_apply() alone cannot change a const board */
    c = fix(FACT_DESTINATION, dest(g, "rapa-nui"), FIX_FEE);
    c.fix.dest.fee = 60;
    assert_int_equal(rules_apply(&g->b, STAMP_OWNER_TOKEN, &g->st, &c, &g->out), -1);
    /* over: a conflict (409) */
    g->st.status = STATUS_FINISHED;
    assert_int_equal(play(g, c), -1);
    assert_int_equal(g->out.refusal.kind, RULES_CONFLICT);
    free(g);
}

/* Replay g's log on a fresh copy of the default board, leaving out the event at skip
 * (0: none), into r. */
static void replay(const struct game *g, int64_t skip, struct game *r)
{
    static const char *const names[] = {"Ann", "Bob", "Cleo"};
    struct rules_seat seats[2] = {{101, names[0], 0}, {102, names[1], 1}};
    board_fixture_default(&r->b);
    assert_int_equal(rules_init(&r->b, g->st.mode, 7, seats, 2, NULL, &r->st, &r->out), 0);
    for (int i = 0; i < g->nlog; i++)
        if (g->log[i].seq != skip)
            assert_int_equal(correct_apply(&r->b, STAMP_OWNER_TOKEN, &r->st, &g->log[i], &r->out),
                             0);
}

static void test_box_truth_replay_with_corrections_is_equal(void **state)
{
    struct game *g = game_new(MODE_BANKER, 2);
    struct game *r = calloc(1, sizeof *r);
    struct rules_event c = fix(FACT_DESTINATION, dest(g, "chichen-itza"), FIX_FEE | FIX_COLOUR);
    (void)state;
    assert_non_null(r);
    c.fix.dest.fee = 90;
    strcpy(c.fix.dest.colour, "teal");
    ok(g, c);
    ok(g, roll(4, 5)); /* Chichen Itza */
    ok(g, event(EVENT_BUY));
    c = fix(FACT_CHANCE, board_find_chance(&g->b, "chance-3"), FIX_EFFECT);
    c.fix.chance.effect = (struct effect){.kind = EFFECT_COLLECT, .amount = 30};
    ok(g, c);
    ok(g, roll(1, 2));
    replay(g, 0, r);
    assert_memory_equal(&g->b, &r->b, sizeof g->b);
    assert_memory_equal(&g->st, &r->st, sizeof g->st);
    free(r);
    free(g);
}

static void test_box_truth_undo_of_a_correction_restores_the_old_values(void **state)
{
    struct game *g = game_new(MODE_BANKER, 2);
    struct game *r = calloc(1, sizeof *r);
    struct board *fresh = malloc(sizeof *fresh);
    struct game_state before;
    struct rules_event c =
        fix(FACT_JOURNAL, board_find_journal(&g->b, "journal-2"), FIX_SLOTS | FIX_EFFECT);
    (void)state;
    assert_non_null(r);
    assert_non_null(fresh);
    ok(g, roll(2, 4));
    before = g->st;
    c.fix.journal.slots = 4;
    c.fix.journal.per_stamp = PER_STAMP_PAY;
    c.fix.journal.per_stamp_amount = 20;
    ok(g, c);
    /* undo voids the last event: the game is replayed without it */
    replay(g, g->log[g->nlog - 1].seq, r);
    board_fixture_default(fresh);
    assert_memory_equal(&r->b, fresh, sizeof *fresh);
    assert_memory_equal(&r->st, &before, sizeof before);
    free(fresh);
    free(r);
    free(g);
}

/* RULES.md TWT-GOAL-JUMP reading: a correction of the box that makes an owned card's goal
 * one the player owns (unstamped) offers the jump at the start of their next turn. */
static void test_twt_goal_jump_after_a_correction_that_makes_an_owned_goal(void **state)
{
    struct game *g = game_new(MODE_BANKER, 2);
    int rapa = dest(g, "rapa-nui"), chichen = dest(g, "chichen-itza");
    struct rules_event c = fix(FACT_DESTINATION, chichen, FIX_GOAL);
    struct rules_event jump = event(EVENT_GOAL_JUMP);
    (void)state;
    g->st.dests[rapa].owner = 0;
    g->st.dests[chichen].owner = 0;
    g->st.turn.seat = 1;
    g->st.turn.rolled = true; /* Bob's turn is over: Ann is next */
    jump.dest = rapa;
    assert_int_not_equal(play(g, jump), 0); /* Rapa Nui is no goal of hers yet */
    c.fix.dest.goal = rapa;                 /* Chichen Itza's printed goal is Rapa Nui */
    ok(g, c);
    assert_true(g->st.players[0].jump_next >> rapa & 1);
    ok(g, jump);
    assert_int_equal(g->st.dests[rapa].stamped_by, 0);
    free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_box_truth_fee_correction_applies_to_the_next_landing),
        cmocka_unit_test(test_twt_goal_jump_after_a_correction_that_makes_an_owned_goal),
        cmocka_unit_test(test_box_truth_price_correction_changes_what_a_buy_costs),
        cmocka_unit_test(test_box_truth_already_paid_stays_paid),
        cmocka_unit_test(test_twt_journal_2_one_circle_corrected_to_three_stamps_the_next_draw),
        cmocka_unit_test(test_twt_journal_2_circles_cannot_drop_below_the_stamps),
        cmocka_unit_test(test_twt_chance_effect_correction_changes_the_next_draw),
        cmocka_unit_test(test_box_truth_bad_corrections_are_refused),
        cmocka_unit_test(test_box_truth_replay_with_corrections_is_equal),
        cmocka_unit_test(test_box_truth_undo_of_a_correction_restores_the_old_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
