/* test_rules.c -- unit tests of the rules engine, one or more per RULES.md rule id. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "board_fixture.h"
#include "rules.h"

/* A game on the default board, with the outcome of the last event. */
struct fx {
    struct board b;
    enum stamp_owner policy;
    struct game_state st;
    struct rules_outcome out;
    int64_t seq;
};

static const char *const seat_names[] = {"Ann", "Bob", "Cleo", "Dan"};

/* The bit of destination d in a player's goal jumps (jump_next, jump_now). */
#define BIT(d) ((uint64_t)1 << (d))

/* A new game: seats 101.. with tokens given (NULL: scottie, t-rex, hazel, ducky). */
static struct fx *fx_seats(enum game_mode mode, enum stamp_owner policy, int n, const int *tokens,
                           const int64_t *ids, const struct journal_state *journal)
{
    struct fx *f = calloc(1, sizeof *f);
    struct rules_seat seats[RULES_MAX_PLAYERS];
    assert_non_null(f);
    board_fixture_default(&f->b);
    f->policy = policy;
    for (int i = 0; i < n; i++) {
        seats[i].player = ids != NULL ? ids[i] : 101 + i;
        seats[i].name = seat_names[i];
        seats[i].token = tokens != NULL ? tokens[i] : i;
    }
    assert_int_equal(rules_init(&f->b, mode, 7, seats, n, journal, &f->st, &f->out), 0);
    return f;
}

static struct fx *fx_new(int n)
{
    return fx_seats(MODE_BANKER, STAMP_OWNER_TOKEN, n, NULL, NULL, NULL);
}

static int D(const struct fx *f, const char *id)
{
    int d = board_find_dest(&f->b, id);
    assert_true(d >= 0);
    return d;
}

/* Give seat three board stamps on destinations away from the south-west corner (the
 * win tests land near it). */
static void stamp_three(struct fx *f, int seat)
{
    static const char *const far[] = {"angkor-wat", "chichen-itza", "rapa-nui"};
    for (int i = 0; i < 3; i++) {
        f->st.dests[D(f, far[i])].owner = seat;
        f->st.dests[D(f, far[i])].stamped_by = seat;
    }
}

/* Apply ev with the next seq; a refusal must leave the state byte for byte as it was. */
static int fx_apply(struct fx *f, struct rules_event ev)
{
    struct game_state before;
    ev.seq = ++f->seq;
    memcpy(&before, &f->st, sizeof before);
    int rc = rules_apply(&f->b, f->policy, &f->st, &ev, &f->out);
    if (rc != 0) {
        assert_memory_equal(&before, &f->st, sizeof before);
        assert_int_equal(f->out.neffects, 0);
        assert_non_null(f->out.refusal.rule);
        assert_true(strlen(f->out.refusal.detail) > 0);
    } else {
        assert_true(f->st.seq == ev.seq);
    }
    return rc;
}

static void ok(struct fx *f, struct rules_event ev)
{
    if (fx_apply(f, ev) != 0)
        fail_msg("refused: %s: %s", f->out.refusal.rule, f->out.refusal.detail);
}

static void refused(struct fx *f, struct rules_event ev, enum rules_refusal_kind kind,
                    const char *rule)
{
    if (fx_apply(f, ev) == 0)
        fail_msg("accepted, expected refusal %d %s", (int)kind, rule);
    assert_int_equal(f->out.refusal.kind, kind);
    assert_string_equal(f->out.refusal.rule, rule);
}

static struct rules_event ev_new(enum event_type t)
{
    return rules_event_new(t);
}

static struct rules_event roll(int d1, int d2)
{
    struct rules_event ev = ev_new(EVENT_ROLL);
    ev.d1 = d1;
    ev.d2 = d2;
    return ev;
}

static struct rules_event roll_by(int player, int d1, int d2)
{
    struct rules_event ev = roll(d1, d2);
    ev.player = player;
    return ev;
}

static struct rules_event ev_dest(enum event_type t, int d)
{
    struct rules_event ev = ev_new(t);
    ev.dest = d;
    return ev;
}

static struct rules_event ev_card(enum event_type t, int card)
{
    struct rules_event ev = ev_new(t);
    ev.card = card;
    return ev;
}

static struct rules_event ev_auction(int winner, int price)
{
    struct rules_event ev = ev_new(EVENT_AUCTION);
    ev.winner = winner;
    ev.price = price;
    return ev;
}

static struct rules_event ev_adjust(int player, int amount)
{
    struct rules_event ev = ev_new(EVENT_ADJUST);
    ev.player = player;
    ev.amount = amount;
    return ev;
}

/* Make it the very start of seat's turn, standing on space. */
static void start_turn_at(struct fx *f, int seat, int space)
{
    memset(&f->st.turn, 0, sizeof f->st.turn);
    f->st.turn.seat = seat;
    f->st.players[seat].position = space;
}

static const struct rules_effect *find_effect(const struct fx *f, enum effect_out_kind k,
                                              int player)
{
    for (int i = 0; i < f->out.neffects; i++)
        if (f->out.effects[i].kind == k && (player < 0 || f->out.effects[i].player == player))
            return &f->out.effects[i];
    return NULL;
}

static int count_effects(const struct fx *f, enum effect_out_kind k)
{
    int n = 0;
    for (int i = 0; i < f->out.neffects; i++)
        n += f->out.effects[i].kind == k;
    return n;
}

static int cash(const struct fx *f, int seat)
{
    return f->st.players[seat].cash;
}

/* ---- setup ---------------------------------------------------------------------------- */

static void test_twt_setup_1_each_player_starts_with_1500_on_go(void **state)
{
    (void)state;
    struct fx *f = fx_new(4);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(cash(f, i), 1500);
        assert_int_equal(f->st.players[i].position, 0);
        assert_int_equal(f->st.players[i].id, 101 + i);
        assert_string_equal(f->st.players[i].name, seat_names[i]);
    }
    assert_int_equal(f->st.turn.seat, 0);
    assert_int_equal(rules_next_seat(&f->st), 0);
    assert_int_equal(f->st.status, STATUS_ACTIVE);
    assert_int_equal(f->st.winner, -1);
    for (int d = 0; d < f->b.ndests; d++) {
        assert_int_equal(f->st.dests[d].owner, -1);
        assert_int_equal(f->st.dests[d].stamped_by, -1);
    }
    free(f);
}

static void test_twt_setup_1_seats_two_to_four_distinct(void **state)
{
    (void)state;
    struct board b;
    struct game_state st;
    struct rules_outcome out;
    struct rules_seat s[5] = {{1, "A", 0}, {2, "B", 1}, {3, "C", 2}, {4, "D", 3}, {5, "E", 0}};
    board_fixture_default(&b);
    assert_int_equal(rules_init(&b, MODE_BANKER, 1, s, 1, NULL, &st, &out), -1);
    assert_int_equal(out.refusal.kind, RULES_REFUSED);
    assert_int_equal(rules_init(&b, MODE_BANKER, 1, s, 5, NULL, &st, &out), -1);
    assert_int_equal(rules_init(&b, MODE_BANKER, 1, s, 2, NULL, &st, &out), 0);
    s[1].token = 0;
    assert_int_equal(rules_init(&b, MODE_BANKER, 1, s, 2, NULL, &st, &out), -1);
    s[1].token = 1;
    s[1].player = 1;
    assert_int_equal(rules_init(&b, MODE_BANKER, 1, s, 2, NULL, &st, &out), -1);
    s[1].player = 2;
    s[1].token = 9;
    assert_int_equal(rules_init(&b, MODE_BANKER, 1, s, 2, NULL, &st, &out), -1);
    assert_string_equal(out.refusal.rule, "TWT-SETUP-1");
}

static void test_twt_setup_2_ticket_lies_on_free_parking(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    assert_int_equal(f->st.ticket_holder, -1);
    assert_false(f->st.ticket_used);
    free(f);
}

static void test_twt_setup_journal_mode_tracks_only_stamps(void **state)
{
    (void)state;
    struct journal_state j[BOARD_MAX_CARDS];
    memset(j, 0, sizeof j);
    j[1].nstamps = 1;
    j[1].stamps[0].token = FX_HAZEL;
    j[1].stamps[0].player = 900;
    struct fx *f = fx_seats(MODE_JOURNAL, STAMP_OWNER_TOKEN, 3, NULL, NULL, j);
    assert_int_equal(f->st.mode, MODE_JOURNAL);
    assert_int_equal(cash(f, 0), 0);
    assert_int_equal(f->st.journal[1].nstamps, 1);
    assert_true(f->st.journal[1].stamps[0].player == 900);
    free(f);
}

/* ---- the turn --------------------------------------------------------------------------- */

static void test_twt_turn_1_roll_moves_and_ends_the_turn(void **state)
{
    (void)state;
    struct fx *f = fx_new(3);
    ok(f, roll(4, 6));
    assert_int_equal(f->st.players[0].position, 10);
    const struct rules_effect *e = find_effect(f, OUT_MOVE, 0);
    assert_non_null(e);
    assert_int_equal(e->from, 0);
    assert_int_equal(e->to, 10);
    assert_true(f->st.turn.rolled);
    assert_int_equal(rules_next_seat(&f->st), 1);
    ok(f, roll_by(1, 4, 6));
    assert_int_equal(f->st.turn.seat, 1);
    assert_int_equal(f->st.players[1].position, 10);
    ok(f, roll(4, 6));
    ok(f, roll(4, 6));
    assert_int_equal(f->st.turn.seat, 0); /* play goes round the table */
    free(f);
}

static void test_twt_turn_1_roll_for_someone_else_is_refused(void **state)
{
    (void)state;
    struct fx *f = fx_new(3);
    refused(f, roll_by(1, 3, 4), RULES_REFUSED, "TWT-TURN-1");
    refused(f, roll(0, 4), RULES_REFUSED, "TWT-TURN-1");
    refused(f, roll(3, 7), RULES_REFUSED, "TWT-TURN-1");
    ok(f, roll_by(0, 4, 6));
    refused(f, roll_by(0, 4, 6), RULES_REFUSED, "TWT-TURN-1");
    refused(f, roll_by(2, 4, 6), RULES_REFUSED, "TWT-TURN-1");
    free(f);
}

static void test_twt_turn_2_double_rolls_again(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    ok(f, roll(5, 5));
    assert_int_equal(f->st.players[0].position, 10);
    assert_false(f->st.turn.rolled);
    assert_int_equal(f->st.turn.doubles, 1);
    assert_int_equal(rules_next_seat(&f->st), 0);
    refused(f, roll_by(1, 1, 2), RULES_REFUSED, "TWT-TURN-1");
    ok(f, roll(4, 6)); /* 20: Free Parking */
    assert_true(f->st.turn.rolled);
    assert_int_equal(f->st.turn.rolls, 2);
    free(f);
}

static void test_twt_turn_3_third_double_goes_to_jail(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    ok(f, roll(5, 5)); /* 10 */
    ok(f, roll(5, 5)); /* 20: takes the ticket */
    assert_int_equal(f->st.turn.doubles, 2);
    ok(f, roll(2, 2)); /* would be 24: straight to Jail instead */
    assert_int_equal(f->st.players[0].position, RULES_JAIL_SPACE);
    assert_true(f->st.players[0].in_jail);
    assert_true(f->st.turn.rolled);
    assert_int_equal(f->st.turn.doubles, 0);
    assert_non_null(find_effect(f, OUT_JAIL, 0));
    assert_null(find_effect(f, OUT_SALARY, -1));
    assert_int_equal(f->st.dests[D(f, "red-3")].owner, -1);
    assert_int_equal(f->st.pending.kind, PENDING_NONE);
    assert_int_equal(rules_next_seat(&f->st), 1);
    free(f);
}

static void test_twt_turn_blocking_decision_must_be_resolved_first(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    ok(f, roll(3, 3)); /* Rapa Nui, a double */
    assert_int_equal(f->st.pending.kind, PENDING_BUY_OR_AUCTION);
    refused(f, roll(1, 2), RULES_REFUSED, "TWT-BUY");
    ok(f, ev_auction(-1, 0));
    ok(f, roll(1, 2)); /* 9: Chichen Itza */
    refused(f, roll_by(1, 1, 2), RULES_REFUSED, "TWT-BUY");
    refused(f, ev_new(EVENT_JAIL_PAY), RULES_REFUSED, "TWT-BUY");
    refused(f, ev_dest(EVENT_GOAL_JUMP, 0), RULES_REFUSED, "TWT-BUY");
    ok(f, ev_new(EVENT_BUY));
    start_turn_at(f, 1, 0);
    ok(f, roll(3, 4)); /* 7: Chance */
    refused(f, roll_by(0, 1, 2), RULES_REFUSED, "TWT-CHANCE");
    ok(f, ev_card(EVENT_DRAW_CHANCE, 2));
    start_turn_at(f, 0, 0);
    ok(f, roll(1, 1)); /* 2: Travel Journal */
    refused(f, roll(1, 2), RULES_REFUSED, "TWT-JOURNAL-1");
    free(f);
}

/* ---- GO ------------------------------------------------------------------------------- */

static void test_twt_go_salary_when_a_dice_move_passes_go(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    start_turn_at(f, 0, 35);
    ok(f, roll(3, 4)); /* 42 -> 2 */
    assert_int_equal(f->st.players[0].position, 2);
    const struct rules_effect *e = find_effect(f, OUT_SALARY, 0);
    assert_non_null(e);
    assert_int_equal(e->amount, 200);
    assert_int_equal(cash(f, 0), 1700);
    free(f);
}

static void test_twt_go_landing_exactly_on_go_pays(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    start_turn_at(f, 0, 33);
    ok(f, roll(3, 4));
    assert_int_equal(f->st.players[0].position, 0);
    assert_int_equal(cash(f, 0), 1700);
    free(f);
}

static void test_twt_go_chance_move_pays_only_when_the_card_says(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    start_turn_at(f, 0, 29);
    ok(f, roll(3, 4)); /* 36: Chance */
    assert_int_equal(f->st.pending.kind, PENDING_DRAW);
    ok(f, ev_card(EVENT_DRAW_CHANCE, board_find_chance(&f->b, "chance-10"))); /* to 5, salary */
    assert_int_equal(f->st.players[0].position, 5);
    assert_int_equal(cash(f, 0), 1700);
    assert_true(f->st.turn.can_fly); /* landed on a flight space by card */

    start_turn_at(f, 1, 29);
    ok(f, roll(3, 4));
    ok(f, ev_card(EVENT_DRAW_CHANCE, board_find_chance(&f->b, "chance-8"))); /* to 21, none */
    assert_int_equal(f->st.players[1].position, 21);
    assert_int_equal(cash(f, 1), 1500);
    assert_null(find_effect(f, OUT_SALARY, -1));
    assert_int_equal(f->st.pending.kind, PENDING_BUY_OR_AUCTION);
    assert_int_equal(f->st.pending.dest, D(f, "rhine-castle-trail"));
    free(f);
}

static void test_twt_go_chance_advance_to_go(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    ok(f, roll(3, 4)); /* 7: Chance */
    ok(f, ev_card(EVENT_DRAW_CHANCE, board_find_chance(&f->b, "chance-2")));
    assert_int_equal(f->st.players[0].position, 0);
    assert_int_equal(cash(f, 0), 1700);
    free(f);
}

static void test_twt_go_flight_passing_go_pays_no_salary(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    start_turn_at(f, 0, 28);
    ok(f, roll(3, 4)); /* 35: local flight */
    assert_true(f->st.turn.can_fly);
    ok(f, ev_dest(EVENT_FLY, D(f, "okavango-delta"))); /* 1, past GO */
    assert_int_equal(f->st.players[0].position, 1);
    assert_int_equal(cash(f, 0), 1400);
    assert_null(find_effect(f, OUT_SALARY, -1));
    assert_int_equal(f->st.pending.kind, PENDING_BUY_OR_AUCTION);
    free(f);
}

static void test_twt_go_ticket_pays_salary_move_by_does_not(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    start_turn_at(f, 0, 39);
    f->st.ticket_holder = 0;
    ok(f, ev_dest(EVENT_USE_TICKET, D(f, "boulders-beach")));
    assert_int_equal(f->st.players[0].position, 3);
    assert_int_equal(cash(f, 0), 1700); /* the ticket is no exception (reading of 2026-12) */
    assert_int_equal(find_effect(f, OUT_SALARY, 0)->amount, 200);
    ok(f, ev_auction(-1, 0));

    start_turn_at(f, 1, 0);
    ok(f, roll(3, 4));                                                       /* 7: Chance */
    ok(f, ev_card(EVENT_DRAW_CHANCE, board_find_chance(&f->b, "chance-7"))); /* back 3 */
    assert_int_equal(f->st.players[1].position, 4);
    assert_int_equal(cash(f, 1), 1300); /* Travel Insurance, no salary */
    free(f);
}

/* ---- spaces ----------------------------------------------------------------------------- */

static void test_twt_just_visiting_nothing_happens(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    ok(f, roll(4, 6));
    assert_int_equal(f->out.neffects, 1);
    assert_false(f->st.players[0].in_jail);
    assert_int_equal(f->st.pending.kind, PENDING_NONE);
    free(f);
}

static void test_twt_tax_travel_insurance_and_guide_fee(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    ok(f, roll(1, 3));
    assert_int_equal(cash(f, 0), 1300);
    const struct rules_effect *e = find_effect(f, OUT_PAY, 0);
    assert_non_null(e);
    assert_int_equal(e->to, -1);
    assert_string_equal(e->reason, "tax");
    start_turn_at(f, 1, 34);
    ok(f, roll(1, 3));
    assert_int_equal(cash(f, 1), 1400);
    free(f);
}

static void test_twt_cash_player_with_30_pays_30_of_a_200_tax(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.players[0].cash = 30;
    ok(f, roll(1, 3));
    assert_int_equal(cash(f, 0), 0);
    assert_int_equal(find_effect(f, OUT_PAY, 0)->amount, 30);
    free(f);
}

static void test_twt_free_parking_first_lander_takes_the_ticket(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    start_turn_at(f, 0, 13);
    ok(f, roll(3, 4));
    assert_int_equal(f->st.ticket_holder, 0);
    const struct rules_effect *e = find_effect(f, OUT_TICKET, 0);
    assert_non_null(e);
    assert_int_equal(e->action, TICKET_TAKE);
    f->st.players[1].position = 13;
    ok(f, roll(3, 4));
    assert_int_equal(f->st.ticket_holder, 0);
    assert_int_equal(f->out.neffects, 1);
    free(f);
}

static void test_twt_go_to_jail_space_ends_the_turn(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    start_turn_at(f, 0, 20);
    ok(f, roll(5, 5)); /* a double onto Go To Jail */
    assert_int_equal(f->st.players[0].position, RULES_JAIL_SPACE);
    assert_true(f->st.players[0].in_jail);
    assert_true(f->st.turn.rolled);
    assert_int_equal(cash(f, 0), 1500); /* passing GO on the way to Jail pays nothing */
    assert_int_equal(rules_next_seat(&f->st), 1);
    free(f);
}

/* ---- the golden ticket ------------------------------------------------------------------ */

static void test_twt_ticket_at_the_start_of_own_turn(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.ticket_holder = 0;
    ok(f, ev_dest(EVENT_USE_TICKET, D(f, "chichen-itza")));
    assert_int_equal(f->st.players[0].position, 9);
    assert_true(f->st.ticket_used);
    assert_int_equal(find_effect(f, OUT_TICKET, 0)->action, TICKET_USE);
    assert_int_equal(f->st.pending.kind, PENDING_BUY_OR_AUCTION);
    ok(f, ev_new(EVENT_BUY));
    refused(f, ev_dest(EVENT_USE_TICKET, D(f, "rapa-nui")), RULES_REFUSED, "TWT-TICKET");
    ok(f, roll(1, 2)); /* the turn goes on */
    assert_int_equal(f->st.players[0].position, 12);
    free(f);
}

static void test_twt_ticket_by_the_next_player_begins_their_turn(void **state)
{
    (void)state;
    struct fx *f = fx_new(3);
    f->st.ticket_holder = 1;
    refused(f, ev_dest(EVENT_USE_TICKET, D(f, "rapa-nui")), RULES_REFUSED, "TWT-TICKET");
    ok(f, roll(4, 6));
    ok(f, ev_dest(EVENT_USE_TICKET, D(f, "rapa-nui")));
    assert_int_equal(f->st.turn.seat, 1);
    assert_int_equal(f->st.turn.rolls, 0);
    assert_false(f->st.turn.rolled);
    assert_int_equal(f->st.players[1].position, 6);
    free(f);
}

static void test_twt_ticket_still_usable_after_own_roll(void **state)
{
    (void)state;
    struct fx *f = fx_new(3);
    f->st.ticket_holder = 0;
    ok(f, roll(4, 6));
    ok(f, ev_dest(EVENT_USE_TICKET, D(f, "rapa-nui")));
    assert_int_equal(f->st.turn.seat, 0);
    assert_int_equal(f->st.players[0].position, 6);
    f->st.ticket_used = false;
    f->st.ticket_holder = 2;
    ok(f, ev_auction(-1, 0));
    refused(f, ev_dest(EVENT_USE_TICKET, D(f, "rapa-nui")), RULES_REFUSED, "TWT-TICKET");
    free(f);
}

static void test_twt_ticket_refused_in_jail_and_with_a_decision_pending(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.ticket_holder = 0;
    ok(f, roll(3, 3)); /* Rapa Nui: buy or auction */
    refused(f, ev_dest(EVENT_USE_TICKET, D(f, "red-2")), RULES_REFUSED, "TWT-BUY");
    ok(f, ev_new(EVENT_BUY));
    start_turn_at(f, 0, RULES_JAIL_SPACE);
    f->st.players[0].in_jail = true;
    refused(f, ev_dest(EVENT_USE_TICKET, D(f, "red-2")), RULES_REFUSED, "TWT-TICKET");
    free(f);
}

/* ---- Chance ----------------------------------------------------------------------------- */

static void test_twt_chance_draw_needs_a_chance_draw_pending(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    refused(f, ev_card(EVENT_DRAW_CHANCE, 0), RULES_REFUSED, "TWT-CHANCE");
    ok(f, roll(1, 1)); /* 2: Travel Journal */
    refused(f, ev_card(EVENT_DRAW_CHANCE, 0), RULES_REFUSED, "TWT-CHANCE");
    refused(f, ev_card(EVENT_DRAW_JOURNAL, 99), RULES_REFUSED, "TWT-JOURNAL-1");
    start_turn_at(f, 1, 0);
    f->st.pending.kind = PENDING_NONE;
    ok(f, roll(3, 4));
    refused(f, ev_card(EVENT_DRAW_JOURNAL, 0), RULES_REFUSED, "TWT-JOURNAL-1");
    refused(f, ev_card(EVENT_DRAW_CHANCE, 10), RULES_REFUSED, "TWT-CHANCE");
    free(f);
}

static void test_twt_chance_collect_and_pay_what_one_can(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    ok(f, roll(3, 4));
    ok(f, ev_card(EVENT_DRAW_CHANCE, board_find_chance(&f->b, "chance-3")));
    assert_int_equal(cash(f, 0), 1600);
    start_turn_at(f, 1, 0);
    f->st.players[1].cash = 40;
    ok(f, roll(3, 4));
    ok(f, ev_card(EVENT_DRAW_CHANCE, board_find_chance(&f->b, "chance-4"))); /* pay 150 */
    assert_int_equal(cash(f, 1), 0);
    assert_int_equal(find_effect(f, OUT_PAY, 1)->amount, 40);
    free(f);
}

static void test_twt_chance_move_to_colour_then_choose(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    start_turn_at(f, 0, 29);
    ok(f, roll(3, 4)); /* 36 */
    ok(f, ev_card(EVENT_DRAW_CHANCE, board_find_chance(&f->b, "chance-1")));
    assert_int_equal(f->st.pending.kind, PENDING_CHOOSE);
    assert_int_equal(f->st.pending.noptions, 6);
    for (int i = 0; i < 6; i++)
        assert_int_equal(f->st.pending.options[i], D(f, "grand-canyon") + i);
    refused(f, roll(1, 2), RULES_REFUSED, "TWT-CHANCE");
    refused(f, ev_dest(EVENT_CHOOSE, D(f, "rapa-nui")), RULES_REFUSED, "TWT-CHANCE");
    ok(f, ev_dest(EVENT_CHOOSE, D(f, "waitomo-caves")));
    assert_int_equal(f->st.players[0].position, 13);
    assert_int_equal(cash(f, 0), 1500); /* passed GO, no salary */
    assert_int_equal(f->st.pending.kind, PENDING_BUY_OR_AUCTION);
    refused(f, ev_dest(EVENT_CHOOSE, D(f, "waitomo-caves")), RULES_REFUSED, "TWT-CHANCE");
    free(f);
}

static void test_twt_chance_go_to_jail_and_jail_free(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    ok(f, roll(3, 4));
    ok(f, ev_card(EVENT_DRAW_CHANCE, board_find_chance(&f->b, "chance-6")));
    assert_int_equal(f->st.players[0].jail_cards, 1);
    start_turn_at(f, 0, 0);
    ok(f, roll(2, 5));
    ok(f, ev_card(EVENT_DRAW_CHANCE, board_find_chance(&f->b, "chance-5")));
    assert_true(f->st.players[0].in_jail);
    assert_int_equal(f->st.players[0].position, RULES_JAIL_SPACE);
    assert_true(f->st.turn.rolled);
    free(f);
}

static void test_twt_chance_jail_card_drawn_after_a_double_ends_the_turn(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    start_turn_at(f, 0, 30);
    ok(f, roll(3, 3)); /* 36: Chance, after a double */
    assert_false(f->st.turn.rolled);
    ok(f, ev_card(EVENT_DRAW_CHANCE, board_find_chance(&f->b, "chance-5")));
    assert_true(f->st.turn.rolled);
    assert_int_equal(rules_next_seat(&f->st), 1);
    free(f);
}

/* ---- flights ---------------------------------------------------------------------------- */

static void test_twt_flight_local_reaches_only_up_to_the_next_flight_space(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    ok(f, roll(2, 3)); /* 5: local flight */
    assert_true(f->st.turn.can_fly);
    refused(f, ev_dest(EVENT_FLY, D(f, "waitomo-caves")), RULES_REFUSED, "TWT-FLIGHT-LOCAL");
    refused(f, ev_dest(EVENT_FLY, D(f, "okavango-delta")), RULES_REFUSED, "TWT-FLIGHT-LOCAL");
    refused(f, ev_dest(EVENT_FLY, 99), RULES_REFUSED, "TWT-FLIGHT-LOCAL");
    ok(f, ev_dest(EVENT_FLY, D(f, "grand-canyon")));
    assert_int_equal(cash(f, 0), 1400);
    assert_int_equal(f->st.players[0].position, 11);
    const struct rules_effect *e = find_effect(f, OUT_PAY, 0);
    assert_string_equal(e->reason, "flight");
    assert_int_equal(e->amount, 100);
    assert_int_equal(f->st.pending.kind, PENDING_BUY_OR_AUCTION);
    free(f);
}

static void test_twt_flight_local_walkthrough_destinations(void **state)
{
    (void)state;
    const char *ids[] = {"rapa-nui", "carnaval-de-barranquilla", "chichen-itza", "grand-canyon"};
    for (int i = 0; i < 4; i++) {
        struct fx *f = fx_new(2);
        ok(f, roll(2, 3));
        ok(f, ev_dest(EVENT_FLY, D(f, ids[i])));
        free(f);
    }
}

static void test_twt_flight_long_reaches_anywhere_for_200(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    start_turn_at(f, 0, 5);
    ok(f, roll(3, 4)); /* 12: long-distance flight */
    refused(f, ev_dest(EVENT_FLY, 99), RULES_REFUSED, "TWT-FLIGHT-LONG");
    ok(f, ev_dest(EVENT_FLY, D(f, "okavango-delta")));
    assert_int_equal(cash(f, 0), 1300);
    assert_int_equal(f->st.players[0].position, 1);
    assert_null(find_effect(f, OUT_SALARY, -1));
    free(f);
}

static void test_twt_flight_needs_the_cash_and_a_fresh_landing(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    refused(f, ev_dest(EVENT_FLY, D(f, "rapa-nui")), RULES_REFUSED, "TWT-FLIGHT-LOCAL");
    f->st.players[0].cash = 90;
    ok(f, roll(2, 3));
    refused(f, ev_dest(EVENT_FLY, D(f, "rapa-nui")), RULES_REFUSED, "TWT-FLIGHT-LOCAL");
    f->st.players[0].cash = 100;
    ok(f, ev_dest(EVENT_FLY, D(f, "rapa-nui")));
    assert_int_equal(cash(f, 0), 0);
    ok(f, ev_auction(-1, 0));
    refused(f, ev_dest(EVENT_FLY, D(f, "chichen-itza")), RULES_REFUSED, "TWT-FLIGHT-LOCAL");
    free(f);
}

static void test_twt_flight_offered_until_the_next_roll(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    start_turn_at(f, 0, 5);
    ok(f, roll(5, 5)); /* 15: local flight, and a double */
    assert_true(f->st.turn.can_fly);
    ok(f, roll(1, 3)); /* 19 */
    ok(f, ev_auction(-1, 0));
    assert_false(f->st.turn.can_fly);
    refused(f, ev_dest(EVENT_FLY, D(f, "angkor-wat")), RULES_REFUSED, "TWT-FLIGHT-LOCAL");

    start_turn_at(f, 1, 0);
    ok(f, roll(2, 3)); /* 5: the turn is over, but the flight is still offered */
    assert_true(f->st.turn.rolled);
    ok(f, ev_dest(EVENT_FLY, D(f, "rapa-nui")));
    ok(f, ev_auction(-1, 0));
    start_turn_at(f, 1, 0);
    ok(f, roll(2, 3));
    f->st.players[0].position = 0;
    ok(f, roll_by(0, 4, 6)); /* the next player begins: the offer is gone */
    f->st.turn.seat = 1;
    refused(f, ev_dest(EVENT_FLY, D(f, "rapa-nui")), RULES_REFUSED, "TWT-FLIGHT-LOCAL");
    free(f);
}

static void test_twt_flight_to_own_goal_stamps_it(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.dests[D(f, "chichen-itza")].owner = 0; /* goal: Angkor Wat */
    start_turn_at(f, 0, 10);
    ok(f, roll(2, 3)); /* 15 */
    ok(f, ev_dest(EVENT_FLY, D(f, "angkor-wat")));
    assert_int_equal(f->st.dests[D(f, "angkor-wat")].stamped_by, 0);
    assert_non_null(find_effect(f, OUT_BOARD_STAMP, 0));
    free(f);
}

/* ---- buying and auctions ---------------------------------------------------------------- */

static void test_twt_buy_pays_the_price(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    refused(f, ev_new(EVENT_BUY), RULES_REFUSED, "TWT-BUY");
    ok(f, roll(2, 4)); /* Rapa Nui, 100 */
    assert_int_equal(f->st.pending.kind, PENDING_BUY_OR_AUCTION);
    assert_int_equal(f->st.pending.seat, 0);
    ok(f, ev_new(EVENT_BUY));
    assert_int_equal(f->st.dests[D(f, "rapa-nui")].owner, 0);
    assert_int_equal(cash(f, 0), 1400);
    const struct rules_effect *e = find_effect(f, OUT_PAY, 0);
    assert_string_equal(e->reason, "buy");
    assert_int_equal(e->amount, 100);
    e = find_effect(f, OUT_OWNER, -1);
    assert_non_null(e);
    assert_int_equal(e->dest, D(f, "rapa-nui"));
    assert_int_equal(e->from, -1);
    assert_int_equal(e->to, 0);
    assert_int_equal(f->st.pending.kind, PENDING_NONE);
    free(f);
}

static void test_twt_buy_needs_the_cash(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.players[0].cash = 90;
    ok(f, roll(2, 4));
    refused(f, ev_new(EVENT_BUY), RULES_REFUSED, "TWT-BUY");
    ok(f, ev_auction(1, 10));
    assert_int_equal(f->st.dests[D(f, "rapa-nui")].owner, 1);
    assert_int_equal(cash(f, 1), 1490);
    free(f);
}

static void test_twt_auction_bids_in_tens_within_cash(void **state)
{
    (void)state;
    struct fx *f = fx_new(3);
    refused(f, ev_auction(1, 50), RULES_REFUSED, "TWT-AUCTION");
    ok(f, roll(2, 4));
    refused(f, ev_auction(1, 0), RULES_REFUSED, "TWT-AUCTION");
    refused(f, ev_auction(1, 5), RULES_REFUSED, "TWT-AUCTION");
    refused(f, ev_auction(1, 15), RULES_REFUSED, "TWT-AUCTION");
    refused(f, ev_auction(1, 1510), RULES_REFUSED, "TWT-AUCTION");
    refused(f, ev_auction(3, 50), RULES_REFUSED, "TWT-AUCTION");
    f->st.players[2].in_jail = true; /* players in Jail bid too */
    f->st.players[2].position = RULES_JAIL_SPACE;
    ok(f, ev_auction(2, 1500));
    assert_int_equal(cash(f, 2), 0);
    assert_int_equal(f->st.dests[D(f, "rapa-nui")].owner, 2);
    assert_string_equal(find_effect(f, OUT_PAY, 2)->reason, "auction");
    free(f);
}

static void test_twt_auction_declining_player_may_win(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    ok(f, roll(2, 4));
    ok(f, ev_auction(0, 60));
    assert_int_equal(f->st.dests[D(f, "rapa-nui")].owner, 0);
    assert_int_equal(cash(f, 0), 1440);
    free(f);
}

static void test_twt_auction_without_a_bid_the_card_stays_with_the_bank(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    ok(f, roll(2, 4));
    /* A price without a winner is a bid nobody won: refused, not taken as no bid. */
    refused(f, ev_auction(-1, 150), RULES_REFUSED, "TWT-AUCTION");
    ok(f, ev_auction(-1, 0));
    assert_int_equal(f->st.dests[D(f, "rapa-nui")].owner, -1);
    assert_int_equal(f->out.neffects, 0);
    assert_int_equal(f->st.pending.kind, PENDING_NONE);
    free(f);
}

/* ---- tour fees -------------------------------------------------------------------------- */

static void test_twt_fee_owner_asks_and_lander_pays(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.dests[D(f, "rapa-nui")].owner = 1;
    ok(f, roll(2, 4));
    assert_int_equal(f->st.pending.kind, PENDING_NONE); /* a fee is not a pending decision */
    assert_int_equal(f->st.nfees, 1);
    assert_int_equal(f->st.fees[0].dest, D(f, "rapa-nui"));
    assert_int_equal(f->st.fees[0].payer, 0);
    assert_int_equal(f->st.fees[0].owner, 1);
    assert_int_equal(f->st.fees[0].amount, 50);
    ok(f, ev_new(EVENT_COLLECT_FEE));
    assert_int_equal(f->st.nfees, 0);
    assert_int_equal(cash(f, 0), 1450);
    assert_int_equal(cash(f, 1), 1550);
    assert_string_equal(find_effect(f, OUT_PAY, 0)->reason, "fee");
    refused(f, ev_new(EVENT_COLLECT_FEE), RULES_REFUSED, "TWT-FEE");
    free(f);
}

static void test_twt_fee_set_doubles_the_fee(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.dests[D(f, "rapa-nui")].owner = 1;
    f->st.dests[D(f, "carnaval-de-barranquilla")].owner = 1;
    f->st.dests[D(f, "chichen-itza")].owner = 1;
    ok(f, roll(3, 5)); /* Barranquilla: set fee 100 */
    assert_int_equal(f->st.fees[0].amount, 100);
    ok(f, ev_new(EVENT_COLLECT_FEE));
    assert_int_equal(cash(f, 1), 1600);
    free(f);
}

static void test_twt_fee_asked_too_late_lapses_at_the_next_roll(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.dests[D(f, "rapa-nui")].owner = 1;
    ok(f, roll(2, 4));
    ok(f, ev_new(EVENT_NOTE)); /* still in time after a note or a trade */
    assert_int_equal(f->st.nfees, 1);
    ok(f, roll_by(1, 4, 6)); /* the next player rolls */
    assert_int_equal(f->st.nfees, 0);
    assert_int_equal(f->st.nlapsed, 1); /* said to the table until the next roll */
    assert_int_equal(f->st.lapsed[0].dest, D(f, "rapa-nui"));
    refused(f, ev_new(EVENT_COLLECT_FEE), RULES_REFUSED, "TWT-FEE");
    assert_int_equal(cash(f, 0), 1500);
    free(f);
}

static void test_twt_fee_pays_what_one_can(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.dests[D(f, "rapa-nui")].owner = 1;
    f->st.players[0].cash = 20;
    ok(f, roll(2, 4));
    ok(f, ev_new(EVENT_COLLECT_FEE));
    assert_int_equal(cash(f, 0), 0);
    assert_int_equal(cash(f, 1), 1520);
    free(f);
}

static void test_twt_fee_goal_no_fee_on_own_travel_goal(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.dests[D(f, "rapa-nui")].owner = 1;
    f->st.dests[D(f, "okavango-delta")].owner = 0; /* goal: Barranquilla */
    f->st.dests[D(f, "carnaval-de-barranquilla")].owner = 1;
    f->st.dests[D(f, "carnaval-de-barranquilla")].stamped_by = 1; /* nothing to stamp */
    ok(f, roll(3, 5));
    assert_int_equal(f->st.pending.kind, PENDING_NONE);
    assert_null(find_effect(f, OUT_BOARD_STAMP, -1));
    assert_int_equal(cash(f, 0), 1500);
    free(f);
}

static void test_twt_fee_goal_lander_stamps_and_pays_nothing(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.dests[D(f, "okavango-delta")].owner = 0; /* goal: Barranquilla */
    f->st.dests[D(f, "carnaval-de-barranquilla")].owner = 1;
    ok(f, roll(3, 5));
    assert_int_equal(f->st.dests[D(f, "carnaval-de-barranquilla")].stamped_by, 0);
    assert_int_equal(rules_board_stamps(&f->b, &f->st, 0), 1);
    assert_int_equal(f->st.pending.kind, PENDING_NONE);
    free(f);
}

static void test_twt_fee_nothing_on_own_destination(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.dests[D(f, "rapa-nui")].owner = 0;
    ok(f, roll(2, 4));
    assert_int_equal(f->st.pending.kind, PENDING_NONE);
    free(f);
}

/* ---- travel goals ------------------------------------------------------------------------ */

static void test_twt_goal_1_goals_are_printed_on_owned_cards(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    assert_false(rules_is_goal(&f->b, &f->st, 0, D(f, "angkor-wat")));
    f->st.dests[D(f, "chichen-itza")].owner = 0;
    assert_true(rules_is_goal(&f->b, &f->st, 0, D(f, "angkor-wat")));
    assert_false(rules_is_goal(&f->b, &f->st, 1, D(f, "angkor-wat")));
    assert_true(f->b.dests[D(f, "carnaval-de-barranquilla")].goal == D(f, "waitomo-caves"));
    free(f);
}

static void test_twt_goal_2_landing_on_an_unowned_goal_stamps_then_buy(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.dests[D(f, "rapa-nui")].owner = 0; /* goal: Grand Canyon */
    start_turn_at(f, 0, 5);
    ok(f, roll(2, 4));
    const struct rules_effect *e = find_effect(f, OUT_BOARD_STAMP, 0);
    assert_non_null(e);
    assert_int_equal(e->dest, D(f, "grand-canyon"));
    assert_int_equal(f->st.pending.kind, PENDING_BUY_OR_AUCTION);
    free(f);
}

static void test_twt_goal_2_chance_move_stamps(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.dests[D(f, "angkor-wat")].owner = 0; /* goal: Rhine Castle Trail */
    ok(f, roll(3, 4));
    ok(f, ev_card(EVENT_DRAW_CHANCE, board_find_chance(&f->b, "chance-8")));
    assert_int_equal(f->st.dests[D(f, "rhine-castle-trail")].stamped_by, 0);
    free(f);
}

static void test_twt_goal_3_traded_card_goal_already_stamped(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    int chichen = D(f, "chichen-itza"), angkor = D(f, "angkor-wat");
    f->st.dests[chichen].owner = 0;
    start_turn_at(f, 0, 10);
    ok(f, roll(2, 4)); /* 16: Angkor Wat */
    assert_int_equal(f->st.dests[angkor].stamped_by, 0);
    ok(f, ev_auction(-1, 0));
    struct rules_event t = ev_new(EVENT_TRADE);
    t.a = 0;
    t.b = 1;
    t.a_gives.ndests = 1;
    t.a_gives.dests[0] = chichen;
    t.b_gives.cash = 200;
    ok(f, t);
    assert_int_equal(f->st.dests[chichen].owner, 1);
    assert_true(rules_is_goal(&f->b, &f->st, 1, angkor));
    start_turn_at(f, 1, 10);
    ok(f, roll(2, 4));
    assert_int_equal(f->st.dests[angkor].stamped_by, 0); /* the stamp stays with Ann */
    assert_int_equal(rules_board_stamps(&f->b, &f->st, 0), 1);
    assert_int_equal(rules_board_stamps(&f->b, &f->st, 1), 0);
    assert_null(find_effect(f, OUT_BOARD_STAMP, -1));
    assert_int_equal(f->st.pending.kind, PENDING_BUY_OR_AUCTION); /* no fee: still a goal */
    free(f);
}

static void test_twt_goal_3_a_space_is_stamped_once(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.dests[D(f, "rapa-nui")].owner = 0; /* goal: Grand Canyon */
    start_turn_at(f, 0, 5);
    ok(f, roll(2, 4));
    ok(f, ev_auction(-1, 0));
    start_turn_at(f, 0, 5);
    ok(f, roll(2, 4));
    assert_int_equal(rules_board_stamps(&f->b, &f->st, 0), 1);
    assert_null(find_effect(f, OUT_BOARD_STAMP, -1));
    free(f);
}

static void test_twt_goal_jump_rulebook_example(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    int angkor = D(f, "angkor-wat");
    f->st.dests[angkor].owner = 0; /* owns Angkor Wat, then buys Chichen Itza */
    start_turn_at(f, 0, 5);
    ok(f, roll(1, 3));
    ok(f, ev_new(EVENT_BUY));
    ok(f, roll_by(1, 4, 6));
    assert_int_equal(f->st.players[1].position, 10);
    ok(f, ev_dest(EVENT_GOAL_JUMP, angkor)); /* begins Ann's turn */
    assert_int_equal(f->st.turn.seat, 0);
    assert_int_equal(f->st.players[0].position, 16);
    assert_int_equal(f->st.dests[angkor].stamped_by, 0);
    assert_int_equal(cash(f, 0), 1500 - 120);
    assert_true(f->st.turn.jumped);
    assert_false(f->st.turn.rolled);
    refused(f, ev_dest(EVENT_GOAL_JUMP, angkor), RULES_REFUSED, "TWT-GOAL-JUMP");
    ok(f, roll(1, 2)); /* the turn goes on as usual */
    assert_int_equal(f->st.players[0].position, 19);
    free(f);
}

static void test_twt_goal_jump_refusals(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    int angkor = D(f, "angkor-wat");
    refused(f, ev_dest(EVENT_GOAL_JUMP, angkor), RULES_REFUSED, "TWT-GOAL-JUMP"); /* not owned */
    f->st.dests[angkor].owner = 0;
    refused(f, ev_dest(EVENT_GOAL_JUMP, angkor), RULES_REFUSED, "TWT-GOAL-JUMP"); /* not a goal */
    f->st.dests[D(f, "chichen-itza")].owner = 0;
    f->st.dests[angkor].stamped_by = 1;
    refused(f, ev_dest(EVENT_GOAL_JUMP, angkor), RULES_REFUSED, "TWT-GOAL-JUMP"); /* stamped */
    f->st.dests[angkor].stamped_by = -1;
    refused(f, ev_dest(EVENT_GOAL_JUMP, 99), RULES_REFUSED, "TWT-GOAL-JUMP");
    f->st.players[0].in_jail = true;
    refused(f, ev_dest(EVENT_GOAL_JUMP, angkor), RULES_REFUSED, "TWT-GOAL-JUMP");
    f->st.players[0].in_jail = false;
    ok(f, roll(1, 2));
    ok(f, ev_auction(-1, 0));
    f->st.turn.rolled = false; /* after a roll, even with a roll left */
    refused(f, ev_dest(EVENT_GOAL_JUMP, angkor), RULES_REFUSED, "TWT-GOAL-JUMP");
    free(f);
}

/* ---- the end ------------------------------------------------------------------------------ */

static void test_twt_win_fourth_stamp_ends_the_game_at_once(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    stamp_three(f, 0);
    f->st.dests[D(f, "okavango-delta")].owner = 0; /* goal: Barranquilla */
    f->st.dests[D(f, "carnaval-de-barranquilla")].owner = 1;
    ok(f, roll(3, 5));
    assert_int_equal(f->st.status, STATUS_FINISHED);
    assert_int_equal(f->st.winner, 0);
    assert_non_null(find_effect(f, OUT_WIN, 0));
    assert_int_equal(f->st.pending.kind, PENDING_NONE);
    refused(f, roll_by(1, 1, 2), RULES_CONFLICT, "TWT-WIN");
    refused(f, ev_adjust(0, 10), RULES_CONFLICT, "TWT-WIN");
    refused(f, ev_new(EVENT_END), RULES_CONFLICT, "TWT-WIN");
    ok(f, ev_new(EVENT_NOTE));
    free(f);
}

static void test_twt_win_fourth_stamp_on_unowned_space_no_purchase(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    stamp_three(f, 0);
    f->st.dests[D(f, "okavango-delta")].owner = 0;
    ok(f, roll(3, 5));
    assert_int_equal(f->st.status, STATUS_FINISHED);
    assert_int_equal(f->st.pending.kind, PENDING_NONE);
    refused(f, ev_new(EVENT_BUY), RULES_CONFLICT, "TWT-WIN");
    free(f);
}

static void test_twt_win_end_event_finishes_or_abandons(void **state)
{
    (void)state;
    struct fx *f = fx_new(3);
    struct rules_event e = ev_new(EVENT_END);
    e.winner = 5;
    refused(f, e, RULES_REFUSED, "TWT-WIN");
    e.winner = 2;
    ok(f, e);
    assert_int_equal(f->st.status, STATUS_FINISHED);
    assert_int_equal(f->st.winner, 2);
    free(f);
    f = fx_new(3);
    ok(f, ev_new(EVENT_END));
    assert_int_equal(f->st.status, STATUS_ABANDONED);
    assert_int_equal(f->st.winner, -1);
    refused(f, roll(1, 2), RULES_CONFLICT, "TWT-WIN");
    ok(f, ev_new(EVENT_NOTE));
    free(f);
}

/* ---- Travel Journal ------------------------------------------------------------------------ */

static void add_stamp(struct game_state *st, int card, int token, int64_t player, int64_t game)
{
    struct journal_state *js = &st->journal[card];
    js->stamps[js->nstamps].token = token;
    js->stamps[js->nstamps].player = player;
    js->stamps[js->nstamps].game = game;
    js->stamps[js->nstamps].seq = 1;
    js->nstamps++;
}

static const struct rules_effect *payout_of(const struct fx *f, int seat)
{
    return find_effect(f, OUT_JOURNAL_PAYOUT, seat);
}

/* Seat lands on the Travel Journal at 2 and draws card id. */
static void draw_journal_card(struct fx *f, int seat, const char *id)
{
    start_turn_at(f, seat, 0);
    ok(f, roll(1, 1));
    assert_int_equal(f->st.pending.kind, PENDING_DRAW);
    assert_int_equal(f->st.pending.deck, DECK_JOURNAL);
    ok(f, ev_card(EVENT_DRAW_JOURNAL, board_find_journal(&f->b, id)));
}

static void test_twt_journal_2_drawer_stamps_an_open_circle(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    int card = board_find_journal(&f->b, "journal-1");
    draw_journal_card(f, 1, "journal-1");
    assert_int_equal(f->st.journal[card].nstamps, 1);
    const struct journal_stamp *s = &f->st.journal[card].stamps[0];
    assert_int_equal(s->token, FX_T_REX);
    assert_true(s->player == 102);
    assert_true(s->game == 7);
    assert_true(s->seq == f->seq);
    const struct rules_effect *e = find_effect(f, OUT_JOURNAL_STAMP, 1);
    assert_non_null(e);
    assert_int_equal(e->card, card);
    assert_int_equal(e->slot, 0);
    assert_int_equal(e->token, FX_T_REX);
    assert_int_equal(payout_of(f, 1)->amount, 50); /* the new stamp is paid at once */
    assert_int_equal(cash(f, 1), 1550);
    assert_int_equal(f->st.pending.kind, PENDING_NONE);
    free(f);
}

static void test_twt_journal_2_full_card_still_pays(void **state)
{
    (void)state;
    struct fx *f = fx_new(3);
    int card = board_find_journal(&f->b, "journal-1"); /* 3 circles, 50 each */
    add_stamp(&f->st, card, FX_SCOTTIE, 101, 1);
    add_stamp(&f->st, card, FX_T_REX, 102, 1);
    add_stamp(&f->st, card, FX_HAZEL, 103, 2);
    draw_journal_card(f, 0, "journal-1");
    assert_int_equal(f->st.journal[card].nstamps, 3);
    assert_null(find_effect(f, OUT_JOURNAL_STAMP, -1));
    assert_int_equal(cash(f, 0), 1550);
    assert_int_equal(cash(f, 1), 1550);
    assert_int_equal(cash(f, 2), 1550);
    assert_int_equal(count_effects(f, OUT_JOURNAL_PAYOUT), 3);
    free(f);
}

/* The rulebook's example: Hazel stamped journal-2 in an earlier game; Ducky draws it. */
static struct fx *hazel_ducky(enum stamp_owner policy, const int64_t *ids)
{
    const int tokens[] = {FX_SCOTTIE, FX_HAZEL, FX_DUCKY};
    struct journal_state j[BOARD_MAX_CARDS];
    memset(j, 0, sizeof j);
    j[1].nstamps = 1;
    j[1].stamps[0].token = FX_HAZEL;
    j[1].stamps[0].player = 101; /* Ann played Hazel in game 3 */
    j[1].stamps[0].game = 3;
    j[1].stamps[0].seq = 40;
    struct fx *f = fx_seats(MODE_BANKER, policy, 3, tokens, ids, j);
    draw_journal_card(f, 2, "journal-2");
    assert_int_equal(f->st.journal[1].nstamps, 2); /* the card is full */
    assert_int_equal(f->st.journal[1].stamps[1].token, FX_DUCKY);
    return f;
}

static void test_twt_journal_4_hazel_ducky_token_policy(void **state)
{
    (void)state;
    struct fx *f = hazel_ducky(STAMP_OWNER_TOKEN, NULL);
    /* Tonight Bob plays Hazel: he collects Hazel's stamp; Ann (Scottie) does not. */
    assert_int_equal(cash(f, 0), 1500);
    assert_int_equal(cash(f, 1), 1600);
    assert_int_equal(cash(f, 2), 1600);
    const struct rules_effect *e = payout_of(f, 1);
    assert_int_equal(e->stamps, 1);
    assert_int_equal(e->amount, 100);
    assert_int_equal(e->token, FX_HAZEL);
    assert_null(payout_of(f, 0));
    int ducky_stamp = -1, ducky_payout = -1;
    for (int i = 0; i < f->out.neffects; i++) {
        if (f->out.effects[i].kind == OUT_JOURNAL_STAMP)
            ducky_stamp = i;
        if (f->out.effects[i].kind == OUT_JOURNAL_PAYOUT && f->out.effects[i].player == 2)
            ducky_payout = i;
    }
    assert_true(ducky_stamp >= 0 && ducky_stamp < ducky_payout); /* stamp, then collect */
    free(f);
}

static void test_twt_journal_4_hazel_ducky_player_policy(void **state)
{
    (void)state;
    struct fx *f = hazel_ducky(STAMP_OWNER_PLAYER, NULL);
    /* The person who stamped (Ann, Scottie tonight) collects, not whoever plays Hazel. */
    assert_int_equal(cash(f, 0), 1600);
    assert_int_equal(cash(f, 1), 1500);
    assert_int_equal(cash(f, 2), 1600);
    assert_int_equal(payout_of(f, 0)->token, FX_SCOTTIE);
    free(f);

    const int64_t others[] = {201, 202, 203}; /* Ann is not at the table tonight */
    f = hazel_ducky(STAMP_OWNER_PLAYER, others);
    assert_int_equal(cash(f, 0), 1500);
    assert_int_equal(cash(f, 1), 1500);
    assert_int_equal(cash(f, 2), 1600);
    assert_int_equal(count_effects(f, OUT_JOURNAL_PAYOUT), 1);
    free(f);
}

static void test_twt_journal_4_two_stamps_paid_twice(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    int card = board_find_journal(&f->b, "journal-1");
    add_stamp(&f->st, card, FX_T_REX, 102, 1);
    add_stamp(&f->st, card, FX_T_REX, 102, 2);
    draw_journal_card(f, 0, "journal-1");
    assert_int_equal(cash(f, 1), 1600);
    assert_int_equal(payout_of(f, 1)->stamps, 2);
    assert_int_equal(payout_of(f, 1)->amount, 100);
    assert_int_equal(cash(f, 0), 1550);
    free(f);
}

static void test_twt_journal_4_unseated_holders_are_not_paid(void **state)
{
    (void)state;
    struct fx *f = fx_new(2); /* scottie and t-rex tonight */
    int card = board_find_journal(&f->b, "journal-1");
    add_stamp(&f->st, card, FX_DUCKY, 300, 1);
    add_stamp(&f->st, card, FX_HAZEL, 301, 1);
    draw_journal_card(f, 0, "journal-1");
    assert_int_equal(count_effects(f, OUT_JOURNAL_PAYOUT), 1);
    assert_int_equal(cash(f, 0), 1550);
    assert_int_equal(cash(f, 1), 1500);
    free(f);
}

static void test_twt_journal_4_collect_from_each_other_player(void **state)
{
    (void)state;
    struct fx *f = fx_new(3);
    int card = board_find_journal(&f->b, "journal-3"); /* 10 from each, per stamp */
    add_stamp(&f->st, card, FX_HAZEL, 103, 1);
    f->st.players[0].cash = 5; /* pays what she can */
    draw_journal_card(f, 1, "journal-3");
    /* In seat order: Bob (the drawer's new stamp) collects 5 from Ann and 10 from Cleo;
     * then Cleo (Hazel's stamp) collects 0 from Ann and 10 from Bob. */
    assert_int_equal(cash(f, 0), 0);
    assert_int_equal(cash(f, 1), 1500 + 15 - 10);
    assert_int_equal(cash(f, 2), 1500 - 10 + 10);
    assert_int_equal(payout_of(f, 1)->amount, 15);
    assert_int_equal(payout_of(f, 2)->amount, 10);
    free(f);
}

static void test_twt_journal_4_pay_card_each_holder_pays_what_they_can(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    int card = board_find_journal(&f->b, "journal-4"); /* each stamp pays 50 */
    add_stamp(&f->st, card, FX_T_REX, 102, 1);
    add_stamp(&f->st, card, FX_T_REX, 102, 1);
    f->st.players[1].cash = 70;
    draw_journal_card(f, 0, "journal-4");
    assert_int_equal(cash(f, 1), 0);
    assert_int_equal(payout_of(f, 1)->amount, -70);
    assert_int_equal(cash(f, 0), 1450);
    free(f);
}

static void test_twt_journal_4_drawer_effect_after_payouts(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    draw_journal_card(f, 0, "journal-5"); /* 20 per stamp; then advance to GO */
    assert_int_equal(f->st.players[0].position, 0);
    assert_int_equal(cash(f, 0), 1500 + 20 + 200);
    assert_int_equal(f->out.effects[f->out.neffects - 1].kind, OUT_SALARY);
    draw_journal_card(f, 1, "journal-10"); /* 200 per stamp; then go to Jail */
    assert_true(f->st.players[1].in_jail);
    assert_int_equal(cash(f, 1), 1700);
    free(f);
}

static void test_twt_journal_6_players_in_jail_are_paid(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    int card = board_find_journal(&f->b, "journal-2");
    add_stamp(&f->st, card, FX_T_REX, 102, 1);
    f->st.players[1].in_jail = true;
    f->st.players[1].position = RULES_JAIL_SPACE;
    draw_journal_card(f, 0, "journal-2");
    assert_int_equal(cash(f, 1), 1600);
    free(f);
}

static void test_twt_journal_mode_draw_stamps_and_reports_payouts(void **state)
{
    (void)state;
    struct journal_state j[BOARD_MAX_CARDS];
    memset(j, 0, sizeof j);
    j[2].nstamps = 1;
    j[2].stamps[0].token = FX_SCOTTIE;
    j[2].stamps[0].player = 101;
    struct fx *f = fx_seats(MODE_JOURNAL, STAMP_OWNER_TOKEN, 3, NULL, NULL, j);
    refused(f, ev_card(EVENT_DRAW_JOURNAL, 2), RULES_REFUSED, "TWT-JOURNAL-1"); /* who drew it? */
    struct rules_event e = ev_card(EVENT_DRAW_JOURNAL, 2); /* 10 from each, per stamp */
    e.player = 1;
    ok(f, e);
    assert_int_equal(f->st.journal[2].nstamps, 2);
    assert_int_equal(count_effects(f, OUT_PAY), 0);
    assert_int_equal(payout_of(f, 0)->amount, 20);
    assert_int_equal(payout_of(f, 1)->amount, 20);
    for (int i = 0; i < 3; i++)
        assert_int_equal(cash(f, i), 0);
    e.card = board_find_journal(&f->b, "journal-5"); /* a drawer effect: not tracked */
    ok(f, e);
    assert_int_equal(f->st.players[1].position, 0);
    assert_int_equal(count_effects(f, OUT_SALARY), 0);
    free(f);
}

static void test_twt_journal_mode_stamp_goal_and_win(void **state)
{
    (void)state;
    struct fx *f = fx_seats(MODE_JOURNAL, STAMP_OWNER_TOKEN, 2, NULL, NULL, NULL);
    struct rules_event e = ev_dest(EVENT_STAMP_GOAL, 0);
    e.player = 1;
    ok(f, e);
    assert_int_equal(f->st.dests[0].stamped_by, 1);
    refused(f, e, RULES_REFUSED, "TWT-GOAL-3");
    e.player = 5;
    e.dest = 1;
    refused(f, e, RULES_REFUSED, "TWT-GOAL-2");
    e.player = 1;
    for (int d = 1; d <= 3; d++) {
        e.dest = d;
        ok(f, e);
    }
    assert_int_equal(f->st.status, STATUS_FINISHED);
    assert_int_equal(f->st.winner, 1);
    e.dest = 4;
    refused(f, e, RULES_CONFLICT, "TWT-WIN");
    free(f);
}

static void test_twt_modes_refuse_the_other_modes_events(void **state)
{
    (void)state;
    struct fx *f = fx_seats(MODE_JOURNAL, STAMP_OWNER_TOKEN, 2, NULL, NULL, NULL);
    refused(f, roll(1, 2), RULES_REFUSED, "TWT-TURN-1");
    refused(f, ev_new(EVENT_BUY), RULES_REFUSED, "TWT-BUY");
    refused(f, ev_adjust(0, 10), RULES_REFUSED, "TWT-CASH");
    ok(f, ev_new(EVENT_NOTE));
    free(f);
    f = fx_new(2);
    struct rules_event e = ev_dest(EVENT_STAMP_GOAL, 0);
    e.player = 0;
    refused(f, e, RULES_REFUSED, "TWT-GOAL-2");
    free(f);
}

static void test_twt_journal_3_card_stamps_carry_over_to_the_next_game(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    int card = board_find_journal(&f->b, "journal-2");
    draw_journal_card(f, 1, "journal-2"); /* Bob (t-rex) stamps in game 7 */
    struct journal_state kept[BOARD_MAX_CARDS];
    memcpy(kept, f->st.journal, sizeof kept);
    free(f);
    const int tokens[] = {FX_T_REX, FX_SCOTTIE};
    const int64_t ids[] = {301, 302}; /* other people, another night */
    f = fx_seats(MODE_BANKER, STAMP_OWNER_TOKEN, 2, tokens, ids, kept);
    assert_int_equal(f->st.journal[card].nstamps, 1);
    assert_true(f->st.journal[card].stamps[0].game == 7);
    draw_journal_card(f, 1, "journal-2");
    assert_int_equal(cash(f, 0), 1600); /* whoever plays T-Rex tonight */
    assert_int_equal(cash(f, 1), 1600);
    free(f);
}

/* ---- Jail --------------------------------------------------------------------------------- */

/* Put seat in Jail and make it the start of their turn. */
static void jail(struct fx *f, int seat, int attempts)
{
    start_turn_at(f, seat, RULES_JAIL_SPACE);
    f->st.players[seat].in_jail = true;
    f->st.players[seat].jail_attempts = attempts;
}

static void test_twt_jail_2_pay_50_then_roll_as_usual(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    jail(f, 0, 0);
    ok(f, ev_new(EVENT_JAIL_PAY));
    assert_false(f->st.players[0].in_jail);
    assert_int_equal(cash(f, 0), 1450);
    assert_string_equal(find_effect(f, OUT_PAY, 0)->reason, "jail");
    assert_non_null(find_effect(f, OUT_JAIL_FREE, 0));
    refused(f, ev_new(EVENT_JAIL_PAY), RULES_REFUSED, "TWT-JAIL-2");
    ok(f, roll(2, 2)); /* a double out of Jail after paying rolls again */
    assert_int_equal(f->st.players[0].position, 14);
    assert_false(f->st.turn.rolled);
    free(f);
}

static void test_twt_jail_2_pay_50_is_a_choice_the_third_fine_a_debt(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    jail(f, 0, 0);
    f->st.players[0].cash = 30;
    refused(f, ev_new(EVENT_JAIL_PAY), RULES_REFUSED, "TWT-JAIL-2"); /* a choice needs 50 */
    assert_true(f->st.players[0].in_jail);
    f->st.players[0].jail_attempts = 2;
    ok(f, roll(1, 2)); /* the third failed roll: the fine is a debt, paid as far as cash goes */
    assert_int_equal(cash(f, 0), 0);
    assert_false(f->st.players[0].in_jail);
    assert_int_equal(f->st.players[0].position, 13);
    assert_string_equal(find_effect(f, OUT_PAY, 0)->reason, "jail");
    assert_int_equal(find_effect(f, OUT_PAY, 0)->amount, 30);
    free(f);
}

static void test_twt_jail_2_get_out_of_jail_free_card(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    jail(f, 0, 0);
    refused(f, ev_new(EVENT_JAIL_CARD), RULES_REFUSED, "TWT-JAIL-2");
    f->st.players[0].jail_cards = 1;
    ok(f, ev_new(EVENT_JAIL_CARD));
    assert_int_equal(f->st.players[0].jail_cards, 0);
    assert_false(f->st.players[0].in_jail);
    assert_int_equal(cash(f, 0), 1500);
    free(f);
}

static void test_twt_jail_2_a_double_frees_and_ends_the_turn(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    jail(f, 0, 1);
    ok(f, roll(3, 3));
    assert_false(f->st.players[0].in_jail);
    assert_int_equal(f->st.players[0].position, 16);
    assert_true(f->st.turn.rolled);
    assert_int_equal(rules_next_seat(&f->st), 1);
    assert_int_equal(cash(f, 0), 1500);
    free(f);
}

static void test_twt_jail_2_failed_rolls_then_the_fine(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    jail(f, 0, 0);
    ok(f, roll(1, 2));
    assert_true(f->st.players[0].in_jail);
    assert_int_equal(f->st.players[0].jail_attempts, 1);
    assert_int_equal(f->st.players[0].position, RULES_JAIL_SPACE);
    assert_true(f->st.turn.rolled);
    refused(f, ev_new(EVENT_JAIL_PAY), RULES_REFUSED, "TWT-JAIL-2"); /* Bob is not in Jail */
    ok(f, roll(4, 6));
    ok(f, roll(1, 2)); /* Ann's second try */
    assert_int_equal(f->st.players[0].jail_attempts, 2);
    ok(f, roll(4, 6));
    ok(f, roll(1, 2)); /* third failure: pay 50 and move by it */
    assert_false(f->st.players[0].in_jail);
    assert_int_equal(f->st.players[0].jail_attempts, 0);
    assert_int_equal(f->st.players[0].position, 13);
    assert_int_equal(cash(f, 0), 1450);
    assert_true(f->st.turn.rolled);
    free(f);
}

static void test_twt_jail_1_jailed_players_collect_fees_and_trade(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.dests[D(f, "rapa-nui")].owner = 1;
    f->st.players[1].in_jail = true;
    f->st.players[1].position = RULES_JAIL_SPACE;
    ok(f, roll(2, 4));
    ok(f, ev_new(EVENT_COLLECT_FEE));
    assert_int_equal(cash(f, 1), 1550);
    struct rules_event t = ev_new(EVENT_TRADE);
    t.a = 1;
    t.b = 0;
    t.a_gives.ndests = 1;
    t.a_gives.dests[0] = D(f, "rapa-nui");
    ok(f, t);
    assert_int_equal(f->st.dests[D(f, "rapa-nui")].owner, 0);
    free(f);
}

/* ---- trades, adjustments, notes ------------------------------------------------------------- */

static void test_twt_trade_swaps_cash_destinations_and_jail_cards(void **state)
{
    (void)state;
    struct fx *f = fx_new(3);
    f->st.dests[D(f, "rapa-nui")].owner = 0;
    f->st.dests[D(f, "red-2")].owner = 2;
    f->st.players[2].jail_cards = 1;
    ok(f, roll(1, 1)); /* a Journal draw pends: trades happen any time */
    struct rules_event t = ev_new(EVENT_TRADE);
    t.a = 0;
    t.b = 2;
    t.a_gives.ndests = 1;
    t.a_gives.dests[0] = D(f, "rapa-nui");
    t.a_gives.cash = 300;
    t.b_gives.ndests = 1;
    t.b_gives.dests[0] = D(f, "red-2");
    t.b_gives.jail_cards = 1;
    ok(f, t);
    assert_int_equal(f->st.dests[D(f, "rapa-nui")].owner, 2);
    assert_int_equal(f->st.dests[D(f, "red-2")].owner, 0);
    assert_int_equal(cash(f, 0), 1200);
    assert_int_equal(cash(f, 2), 1800);
    assert_int_equal(f->st.players[0].jail_cards, 1);
    assert_int_equal(f->st.players[2].jail_cards, 0);
    assert_int_equal(count_effects(f, OUT_OWNER), 2);
    assert_string_equal(find_effect(f, OUT_PAY, 0)->reason, "trade");
    assert_int_equal(f->st.pending.kind, PENDING_DRAW);
    free(f);
}

static void test_twt_trade_each_side_gives_what_it_has(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.dests[D(f, "rapa-nui")].owner = 0;
    struct rules_event t = ev_new(EVENT_TRADE);
    t.a = 0;
    t.b = 0;
    refused(f, t, RULES_REFUSED, "TWT-TRADE");
    t.b = 2;
    refused(f, t, RULES_REFUSED, "TWT-TRADE");
    t.b = 1;
    t.a_gives.cash = 1510;
    refused(f, t, RULES_REFUSED, "TWT-TRADE");
    t.a_gives.cash = -10;
    refused(f, t, RULES_REFUSED, "TWT-TRADE");
    t.a_gives.cash = 0;
    t.b_gives.ndests = 1;
    t.b_gives.dests[0] = D(f, "rapa-nui");
    refused(f, t, RULES_REFUSED, "TWT-TRADE");
    t.b_gives.ndests = 0;
    t.a_gives.ndests = 2;
    t.a_gives.dests[0] = D(f, "rapa-nui");
    t.a_gives.dests[1] = D(f, "rapa-nui");
    refused(f, t, RULES_REFUSED, "TWT-TRADE");
    t.a_gives.ndests = 1;
    t.a_gives.jail_cards = 1;
    refused(f, t, RULES_REFUSED, "TWT-TRADE");
    t.a_gives.jail_cards = 0;
    ok(f, t);
    free(f);
}

static void test_twt_cash_adjust_keeps_cash_non_negative(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    refused(f, ev_adjust(0, -1510), RULES_REFUSED, "TWT-CASH");
    refused(f, ev_adjust(4, 10), RULES_REFUSED, "TWT-CASH");
    ok(f, ev_adjust(0, -1500));
    assert_int_equal(cash(f, 0), 0);
    const struct rules_effect *e = find_effect(f, OUT_PAY, 0);
    assert_int_equal(e->to, -1);
    assert_string_equal(e->reason, "adjust");
    ok(f, ev_adjust(1, 250));
    assert_int_equal(cash(f, 1), 1750);
    assert_int_equal(find_effect(f, OUT_PAY, 1)->from, -1);
    ok(f, roll(2, 4)); /* adjust works while a decision pends */
    ok(f, ev_adjust(0, 100));
    ok(f, ev_new(EVENT_BUY));
    assert_int_equal(cash(f, 0), 0);
    free(f);
}

static void test_note_is_always_accepted(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    ok(f, roll(2, 4));
    ok(f, ev_new(EVENT_NOTE));
    assert_int_equal(f->out.neffects, 0);
    assert_int_equal(f->st.pending.kind, PENDING_BUY_OR_AUCTION);
    free(f);
}

static void test_refusal_after_a_turn_began_leaves_the_state_unchanged(void **state)
{
    (void)state;
    struct fx *f = fx_new(3);
    struct game_state before;
    struct rules_event ev = ev_dest(EVENT_USE_TICKET, 99);
    f->st.ticket_holder = 1;
    f->st.dests[D(f, "rapa-nui")].owner = 2;
    ok(f, roll(2, 4)); /* Ann owes Cleo a fee; Bob is next */
    memcpy(&before, &f->st, sizeof before);
    ev.seq = 99;
    /* The ticket would begin Bob's turn (and end Ann's), but the destination is
     * unknown: nothing of that may stay. */
    assert_int_equal(rules_apply(&f->b, f->policy, &f->st, &ev, &f->out), -1);
    assert_memory_equal(&before, &f->st, sizeof before);
    ev = ev_dest(EVENT_GOAL_JUMP, D(f, "rapa-nui"));
    assert_int_equal(rules_apply(&f->b, f->policy, &f->st, &ev, &f->out), -1);
    assert_memory_equal(&before, &f->st, sizeof before);
    assert_int_equal(f->st.nfees, 1);
    assert_false(f->st.fees[0].earlier);
    assert_int_equal(f->st.turn.seat, 0);
    free(f);
}

/* ---- the readings of 2026-12 (RULES.md "Readings") --------------------------------------- */

/* The legal events now, as the engine lists them (a fresh buffer each call). */
static struct rules_options *options_of(const struct fx *f)
{
    static struct rules_options opts;
    rules_options(&f->b, &f->st, &opts);
    return &opts;
}

/* The listed option of type t (and destination d, unless -1), or NULL. */
static const struct rules_option *option(const struct fx *f, enum event_type t, int d)
{
    const struct rules_options *o = options_of(f);
    for (int i = 0; i < o->n; i++)
        if (o->list[i].type == t && (d < 0 || o->list[i].dest == d))
            return &o->list[i];
    return NULL;
}

/* True when an option of type t lists destination d among its destinations. */
static bool offers(const struct fx *f, enum event_type t, int d)
{
    const struct rules_options *o = options_of(f);
    for (int i = 0; i < o->n; i++)
        for (int k = 0; o->list[i].type == t && k < o->list[i].ndests; k++)
            if (o->list[i].dests[k] == d)
                return true;
    return false;
}

/* The option of type t the engine refuses now, with its reason, or NULL. */
static const struct rules_option *unavailable(const struct fx *f, enum event_type t)
{
    const struct rules_options *o = options_of(f);
    for (int i = 0; i < o->nrefused; i++)
        if (o->refused[i].type == t)
            return &o->refused[i];
    return NULL;
}

static struct rules_event ev_fee(int d)
{
    struct rules_event ev = ev_new(EVENT_COLLECT_FEE);
    ev.dest = d;
    return ev;
}

static void test_twt_fee_not_lapsing_at_the_landers_extra_roll_after_a_double(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.dests[D(f, "rapa-nui")].owner = 1;
    ok(f, roll(3, 3)); /* Rapa Nui, Bob's: a fee; a double, Ann rolls again */
    assert_int_equal(f->st.nfees, 1);
    ok(f, roll(1, 2)); /* her extra roll: the fee is still askable */
    assert_int_equal(f->st.nfees, 1);
    assert_int_equal(f->st.nlapsed, 0);
    assert_non_null(option(f, EVENT_COLLECT_FEE, D(f, "rapa-nui")));
    ok(f, ev_new(EVENT_AUCTION)); /* Grand Canyon, nobody bids */
    ok(f, ev_new(EVENT_COLLECT_FEE));
    assert_int_equal(cash(f, 0), 1450);
    assert_int_equal(cash(f, 1), 1550);
    free(f);
}

static void test_twt_fee_two_landings_owe_two_fees_each_askable(void **state)
{
    (void)state;
    struct fx *f = fx_new(3);
    int rapa = D(f, "rapa-nui"), canyon = D(f, "grand-canyon");
    f->st.dests[rapa].owner = 1;
    f->st.dests[canyon].owner = 2;
    ok(f, roll(3, 3)); /* Rapa Nui (Bob's), a double */
    ok(f, roll(2, 3)); /* Grand Canyon (Cleo's) */
    assert_int_equal(f->st.nfees, 2);
    assert_non_null(option(f, EVENT_COLLECT_FEE, rapa));
    assert_non_null(option(f, EVENT_COLLECT_FEE, canyon));
    ok(f, ev_fee(rapa)); /* the older one, by name */
    assert_int_equal(cash(f, 1), 1550);
    assert_int_equal(find_effect(f, OUT_PAY, 0)->dest, rapa);
    refused(f, ev_fee(rapa), RULES_REFUSED, "TWT-FEE"); /* asked once */
    int fee = f->b.dests[canyon].fee;
    ok(f, ev_new(EVENT_COLLECT_FEE)); /* default: the latest fee due */
    assert_int_equal(cash(f, 2), 1500 + fee);
    assert_int_equal(cash(f, 0), 1500 - 50 - fee);
    assert_int_equal(f->st.nfees, 0);
    free(f);
}

static void test_twt_fee_the_next_players_roll_ends_every_fee(void **state)
{
    (void)state;
    struct fx *f = fx_new(3);
    int rapa = D(f, "rapa-nui"), canyon = D(f, "grand-canyon");
    f->st.dests[rapa].owner = 1;
    f->st.dests[canyon].owner = 2;
    ok(f, roll(3, 3));
    ok(f, roll(2, 3));
    ok(f, roll_by(1, 1, 2)); /* Bob rolls */
    assert_int_equal(f->st.turn.seat, 1);
    assert_int_equal(f->st.nfees, 0);
    assert_int_equal(f->st.nlapsed, 2);
    refused(f, ev_fee(rapa), RULES_REFUSED, "TWT-FEE");
    refused(f, ev_fee(canyon), RULES_REFUSED, "TWT-FEE");
    assert_null(option(f, EVENT_COLLECT_FEE, -1));
    assert_int_equal(cash(f, 0), 1500);
    free(f);
}

/* Ann lands on Bob's Rapa Nui; Bob then begins his turn without a roll. */
static struct fx *fee_then_next_turn(void)
{
    struct fx *f = fx_new(2);
    f->st.dests[D(f, "rapa-nui")].owner = 1;
    f->st.players[1].position = RULES_JAIL_SPACE;
    ok(f, roll(2, 4));
    assert_true(f->st.turn.rolled);
    return f;
}

/* The fee of Ann's landing is still askable after Bob's event began his turn; his roll
 * ends it. */
static void assert_fee_survives_until_the_roll(struct fx *f)
{
    assert_int_equal(f->st.turn.seat, 1);
    assert_int_equal(f->st.nfees, 1);
    struct game_state before = f->st;
    ok(f, ev_new(EVENT_COLLECT_FEE));
    assert_int_equal(cash(f, 0), 1450);
    f->st = before; /* not asked after all: Bob rolls */
    ok(f, roll(1, 2));
    assert_int_equal(f->st.nfees, 0);
    refused(f, ev_new(EVENT_COLLECT_FEE), RULES_REFUSED, "TWT-FEE");
    free(f);
}

static void test_twt_fee_not_lapsing_at_a_turn_begun_without_a_roll(void **state)
{
    (void)state;
    struct fx *f = fee_then_next_turn(); /* jail_pay */
    f->st.players[1].in_jail = true;
    ok(f, ev_new(EVENT_JAIL_PAY));
    assert_fee_survives_until_the_roll(f);

    f = fee_then_next_turn(); /* jail_card */
    f->st.players[1].in_jail = true;
    f->st.players[1].jail_cards = 1;
    ok(f, ev_new(EVENT_JAIL_CARD));
    assert_fee_survives_until_the_roll(f);

    f = fee_then_next_turn(); /* goal_jump: Bob owns Chichen Itza and its goal */
    f->st.dests[D(f, "chichen-itza")].owner = 1;
    f->st.dests[D(f, "angkor-wat")].owner = 1;
    f->st.players[1].jump_next = BIT(D(f, "angkor-wat")); /* he came to hold it in Ann's turn */
    ok(f, ev_dest(EVENT_GOAL_JUMP, D(f, "angkor-wat")));
    assert_fee_survives_until_the_roll(f);

    f = fee_then_next_turn(); /* use_ticket, to a destination of his own */
    f->st.ticket_holder = 1;
    f->st.dests[D(f, "grand-canyon")].owner = 1;
    ok(f, ev_dest(EVENT_USE_TICKET, D(f, "grand-canyon")));
    assert_fee_survives_until_the_roll(f);
}

static void test_twt_fee_asked_while_a_decision_pends(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.dests[D(f, "rapa-nui")].owner = 1;
    ok(f, roll(3, 3)); /* a fee, then */
    ok(f, roll(1, 2)); /* Grand Canyon: buy or auction pends */
    assert_int_equal(f->st.pending.kind, PENDING_BUY_OR_AUCTION);
    ok(f, ev_new(EVENT_COLLECT_FEE));
    assert_int_equal(f->st.pending.kind, PENDING_BUY_OR_AUCTION);
    free(f);
}

static void test_twt_jail_2_pay_50_with_exactly_50(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    jail(f, 0, 0);
    f->st.players[0].cash = 40;
    const struct rules_option *o = unavailable(f, EVENT_JAIL_PAY);
    assert_non_null(o);
    assert_int_equal(o->amount, RULES_JAIL_FINE);
    assert_string_equal(o->rule, "TWT-JAIL-2");
    assert_non_null(strstr(o->detail, "50"));
    assert_null(option(f, EVENT_JAIL_PAY, -1));
    f->st.players[0].cash = 50;
    assert_non_null(option(f, EVENT_JAIL_PAY, -1));
    ok(f, ev_new(EVENT_JAIL_PAY));
    assert_int_equal(cash(f, 0), 0);
    assert_false(f->st.players[0].in_jail);
    free(f);
}

static void test_twt_jail_2_held_chance_card_is_out_of_its_deck(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    int card = board_find_chance(&f->b, "chance-6");
    ok(f, roll(3, 4)); /* Ann: Chance */
    ok(f, ev_card(EVENT_DRAW_CHANCE, card));
    assert_int_equal(f->st.players[0].jail_cards, 1);
    assert_int_equal(f->st.players[0].held[0].deck, DECK_CHANCE);
    assert_int_equal(f->st.players[0].held[0].card, card);
    ok(f, roll(3, 4)); /* Bob: Chance; the card Ann holds cannot be drawn */
    refused(f, ev_card(EVENT_DRAW_CHANCE, card), RULES_REFUSED, "TWT-JAIL-2");
    const struct rules_option *o = option(f, EVENT_DRAW_CHANCE, -1);
    assert_non_null(o);
    for (int i = 0; i < o->ndests; i++)
        assert_int_not_equal(o->dests[i], card);
    assert_int_equal(o->ndests, f->b.nchance - 1);
    ok(f, ev_card(EVENT_DRAW_CHANCE, board_find_chance(&f->b, "chance-3")));
    jail(f, 0, 0);
    ok(f, ev_new(EVENT_JAIL_CARD)); /* used: back to the bottom of its deck */
    assert_int_equal(f->st.players[0].jail_cards, 0);
    start_turn_at(f, 1, 0);
    ok(f, roll(3, 4));
    ok(f, ev_card(EVENT_DRAW_CHANCE, card));
    assert_int_equal(f->st.players[1].held[0].card, card);
    free(f);
}

static void test_twt_jail_2_held_journal_card_is_out_of_its_deck(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    int card = board_find_journal(&f->b, "journal-6"); /* its drawer keeps a Jail card */
    ok(f, roll(1, 1));                                 /* Ann: Travel Journal */
    ok(f, ev_card(EVENT_DRAW_JOURNAL, card));
    assert_int_equal(f->st.players[0].jail_cards, 1);
    assert_int_equal(f->st.players[0].held[0].deck, DECK_JOURNAL);
    assert_int_equal(f->st.players[0].held[0].card, card);
    start_turn_at(f, 1, 0);
    ok(f, roll(1, 1)); /* Bob: Travel Journal */
    refused(f, ev_card(EVENT_DRAW_JOURNAL, card), RULES_REFUSED, "TWT-JAIL-2");
    assert_int_equal(f->st.journal[card].nstamps, 1); /* only Ann's stamp */
    free(f);
}

static void test_twt_trade_held_cards_keep_which_card_they_are(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    int chance = board_find_chance(&f->b, "chance-6"),
        journal = board_find_journal(&f->b, "journal-6");
    ok(f, roll(3, 4));
    ok(f, ev_card(EVENT_DRAW_CHANCE, chance));
    start_turn_at(f, 0, 0);
    ok(f, roll(1, 1));
    ok(f, ev_card(EVENT_DRAW_JOURNAL, journal));
    assert_int_equal(f->st.players[0].jail_cards, 2);
    struct rules_event t = ev_new(EVENT_TRADE);
    t.a = 0;
    t.b = 1;
    t.a_gives.jail_cards = 1; /* the oldest: the Chance card */
    ok(f, t);
    assert_int_equal(f->st.players[0].jail_cards, 1);
    assert_int_equal(f->st.players[0].held[0].card, journal);
    assert_int_equal(f->st.players[1].jail_cards, 1);
    assert_int_equal(f->st.players[1].held[0].deck, DECK_CHANCE);
    assert_int_equal(f->st.players[1].held[0].card, chance);
    jail(f, 1, 0);
    ok(f, ev_new(EVENT_JAIL_CARD)); /* Bob uses it: the Chance card is back in its deck */
    start_turn_at(f, 0, 0);
    ok(f, roll(3, 4));
    ok(f, ev_card(EVENT_DRAW_CHANCE, chance));
    free(f);
}

static void test_twt_ticket_reading_not_in_jail_and_go_salary_past_go(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    jail(f, 0, 0);
    f->st.ticket_holder = 0;
    assert_null(option(f, EVENT_USE_TICKET, -1));
    refused(f, ev_dest(EVENT_USE_TICKET, D(f, "rapa-nui")), RULES_REFUSED, "TWT-TICKET");
    start_turn_at(f, 0, 37);
    f->st.players[0].in_jail = false;
    assert_non_null(option(f, EVENT_USE_TICKET, -1));
    ok(f, ev_dest(EVENT_USE_TICKET, D(f, "rapa-nui"))); /* round past GO */
    assert_int_equal(find_effect(f, OUT_SALARY, 0)->amount, 200);
    assert_int_equal(cash(f, 0), 1700);
    free(f);
}

static void test_twt_goal_jump_reading_not_in_jail_and_go_salary_past_go(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    int angkor = D(f, "angkor-wat");
    f->st.dests[D(f, "chichen-itza")].owner = 0;
    f->st.dests[angkor].owner = 0;
    jail(f, 0, 0);
    f->st.players[0].jump_now = BIT(angkor);
    assert_null(option(f, EVENT_GOAL_JUMP, -1));
    refused(f, ev_dest(EVENT_GOAL_JUMP, angkor), RULES_REFUSED, "TWT-GOAL-JUMP");
    start_turn_at(f, 0, 37);
    f->st.players[0].in_jail = false;
    ok(f, ev_dest(EVENT_GOAL_JUMP, angkor)); /* 37 to 16: round past GO */
    assert_int_equal(find_effect(f, OUT_SALARY, 0)->amount, 200);
    assert_int_equal(cash(f, 0), 1700);
    assert_int_equal(f->st.dests[angkor].stamped_by, 0);
    free(f);
}

static void
test_house_goal_jump_any_turn_offered_at_each_turn_start_never_at_an_extra_roll(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    int angkor = D(f, "angkor-wat");
    f->st.house.goal_jump = GOAL_JUMP_ANY_TURN;
    f->st.dests[D(f, "chichen-itza")].owner = 0;
    f->st.dests[angkor].owner = 0;
    const struct rules_option *o = option(f, EVENT_GOAL_JUMP, -1);
    assert_non_null(o);
    assert_int_equal(o->player, 0);
    assert_int_equal(o->ndests, 1);
    assert_int_equal(o->dests[0], angkor);
    ok(f, roll(1, 1)); /* Ann does not jump; a double: her extra roll is no turn start */
    ok(f, ev_card(EVENT_DRAW_JOURNAL, board_find_journal(&f->b, "journal-1")));
    assert_null(option(f, EVENT_GOAL_JUMP, -1));
    refused(f, ev_dest(EVENT_GOAL_JUMP, angkor), RULES_REFUSED, "TWT-GOAL-JUMP");
    ok(f, roll(1, 2)); /* 5: a flight space; her turn ends */
    ok(f, roll(2, 4)); /* Bob: Rapa Nui */
    ok(f, ev_new(EVENT_AUCTION));
    o = option(f, EVENT_GOAL_JUMP, -1); /* the start of Ann's next turn: offered again */
    assert_non_null(o);
    assert_int_equal(o->player, 0);
    ok(f, ev_dest(EVENT_GOAL_JUMP, angkor));
    free(f);
}

static void test_twt_cash_adjust_in_tens_within_a_billion(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    refused(f, ev_adjust(0, 15), RULES_REFUSED, "TWT-CASH");
    refused(f, ev_adjust(0, -5), RULES_REFUSED, "TWT-CASH");
    refused(f, ev_adjust(0, RULES_CASH_MAX - 1500 + 10), RULES_REFUSED, "TWT-CASH");
    ok(f, ev_adjust(0, RULES_CASH_MAX - 1500));
    assert_int_equal(cash(f, 0), RULES_CASH_MAX);
    refused(f, ev_adjust(0, 10), RULES_REFUSED, "TWT-CASH");
    start_turn_at(f, 0, 38);
    ok(f, roll(1, 2)); /* past GO: no salary beyond 10^9, the Bank keeps it */
    assert_int_equal(cash(f, 0), RULES_CASH_MAX);
    assert_null(find_effect(f, OUT_SALARY, -1));
    free(f);
}

static void test_options_buy_fly_jail_and_roll_carry_what_the_table_needs(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    ok(f, roll(3, 3)); /* Rapa Nui, unowned */
    const struct rules_option *o = option(f, EVENT_BUY, -1);
    assert_non_null(o);
    assert_int_equal(o->dest, D(f, "rapa-nui"));
    assert_int_equal(o->amount, 100);
    assert_int_equal(o->player, 0);
    assert_non_null(option(f, EVENT_AUCTION, -1));
    assert_null(option(f, EVENT_ROLL, -1)); /* the decision comes first */
    f->st.players[0].cash = 90;
    assert_null(option(f, EVENT_BUY, -1));
    assert_string_equal(unavailable(f, EVENT_BUY)->rule, "TWT-BUY");
    f->st.players[0].cash = 1500;
    ok(f, ev_new(EVENT_BUY));
    ok(f, roll(3, 3)); /* 12: a long-distance flight */
    o = option(f, EVENT_FLY, -1);
    assert_non_null(o);
    assert_int_equal(o->amount, RULES_FLIGHT_LONG_COST);
    assert_int_equal(o->ndests, f->b.ndests);
    ok(f, roll(1, 2)); /* 15: a local flight, reaching 16 to 24 (before 25) */
    o = option(f, EVENT_FLY, -1);
    assert_non_null(o);
    assert_int_equal(o->amount, RULES_FLIGHT_LOCAL_COST);
    assert_int_equal(o->ndests, 6);
    jail(f, 1, 1);
    o = option(f, EVENT_ROLL, -1);
    assert_non_null(o);
    assert_int_equal(o->player, 1);
    assert_int_equal(o->jail_try, 2);
    assert_int_equal(o->jail_tries, 3);
    assert_int_equal(o->amount, RULES_JAIL_FINE);
    free(f);
}

static void test_twt_journal_4_payouts_reckoned_for_the_briefing(void **state)
{
    (void)state;
    struct board b;
    struct journal_state js = {0};
    struct rules_holder seats[3] = {{101, FX_SCOTTIE}, {102, FX_HAZEL}, {103, -1}};
    struct rules_payout out[3];
    board_fixture_default(&b);
    int card = board_find_journal(&b, "journal-3"); /* 10 from each other player */
    js.nstamps = 3;
    js.stamps[0] = (struct journal_stamp){FX_HAZEL, 101, 1, 5};
    js.stamps[1] = (struct journal_stamp){FX_HAZEL, 104, 2, 9};
    js.stamps[2] = (struct journal_stamp){FX_DUCKY, 103, 2, 12};
    int n = rules_journal_payouts(&b.journal[card], &js, STAMP_OWNER_TOKEN, seats, 3, out);
    assert_int_equal(n, 1); /* Hazel's two stamps, whoever plays Hazel tonight */
    assert_int_equal(out[0].holder, 1);
    assert_int_equal(out[0].stamps, 2);
    assert_int_equal(out[0].amount, 2 * 10 * 2);
    n = rules_journal_payouts(&b.journal[card], &js, STAMP_OWNER_PLAYER, seats, 3, out);
    assert_int_equal(n, 2); /* the people who stamped: 101 once, 103 once */
    assert_int_equal(out[0].holder, 0);
    assert_int_equal(out[0].amount, 20);
    assert_int_equal(out[1].holder, 2);
    assert_int_equal(out[1].stamps, 1);
}

/* ---- the interface ------------------------------------------------------------------------ */

static void test_rules_event_names_round_trip(void **state)
{
    (void)state;
    for (int t = 0; t < EVENT_COUNT; t++)
        assert_int_equal(rules_event_from_name(rules_event_name((enum event_type)t)), t);
    assert_string_equal(rules_event_name(EVENT_DRAW_JOURNAL), "draw_journal");
    assert_int_equal(rules_event_from_name("fly"), EVENT_FLY);
    assert_int_equal(rules_event_from_name("jump"), -1);
    assert_int_equal(rules_event_from_name(NULL), -1);
}

/* Every event type has its row in the engine's table: a name, and the fields it takes
 * (README "How it is built": a new type is a row). */
static void test_every_event_type_has_a_row_with_name_and_fields(void **state)
{
    (void)state;
    for (int t = 0; t < EVENT_COUNT; t++) {
        assert_string_not_equal(rules_event_name((enum event_type)t), "unknown");
        assert_non_null(rules_event_fields((enum event_type)t));
    }
    assert_string_equal(rules_event_fields(EVENT_TRADE)[1], "b");
    assert_null(rules_event_fields(EVENT_BUY)[0]);
    assert_null(rules_event_fields(EVENT_COUNT));
    assert_string_equal(rules_event_name(EVENT_COUNT), "unknown");
}

/* How an option is taken is a column of the table: the auction names no player, the
 * draws take a card, the roll names its player and dice and is listed after every other
 * type; a type never offered has no bits. */
static void test_every_offered_type_says_how_its_option_is_taken(void **state)
{
    (void)state;
    assert_int_equal(rules_event_offer(EVENT_AUCTION), OFFER_ANYONE);
    assert_int_equal(rules_event_offer(EVENT_DRAW_JOURNAL), OFFER_CARDS);
    assert_int_equal(rules_event_offer(EVENT_ROLL), OFFER_DICE | OFFER_LAST);
    assert_int_equal(rules_event_offer(EVENT_BUY), 0);
    assert_int_equal(rules_event_offer(EVENT_TRADE), 0);
    assert_int_equal(rules_event_offer(EVENT_COUNT), 0);
    struct rules_option o = {.type = EVENT_DRAW_CHANCE, .player = 1, .dest = -1, .ndests = 2};
    o.dests[0] = 4;
    o.dests[1] = 7;
    struct rules_event ev = rules_option_event(&o, 1, 1, 2);
    assert_int_equal(ev.card, 7);
    assert_int_equal(ev.dest, -1);
    assert_int_equal(ev.player, -1);
    o = (struct rules_option){.type = EVENT_ROLL, .player = 2, .dest = -1};
    ev = rules_option_event(&o, 0, 3, 4);
    assert_int_equal(ev.player, 2);
    assert_int_equal(ev.d1, 3);
    assert_int_equal(ev.d2, 4);
}

static void test_rules_seat_of_finds_players_by_id(void **state)
{
    (void)state;
    struct fx *f = fx_new(3);
    assert_int_equal(rules_seat_of(&f->st, 102), 1);
    assert_int_equal(rules_seat_of(&f->st, 999), -1);
    free(f);
}

static void test_rules_refuses_a_state_that_does_not_fit_the_board(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.players[0].position = 40;
    refused(f, roll(1, 2), RULES_REFUSED, "TWT-SETUP-1");
    f->st.players[0].position = 0;
    f->st.pending.kind = PENDING_BUY_OR_AUCTION;
    f->st.pending.seat = 0;
    f->st.pending.dest = 55;
    refused(f, ev_new(EVENT_BUY), RULES_REFUSED, "TWT-SETUP-1");
    free(f);
}

/* ---- the rulebook's readings of 2026-12 and the house rules (RULES.md §1, §1b) ------------ */

static struct rules_event ev_trade_dest(int a, int b, int d)
{
    struct rules_event ev = ev_new(EVENT_TRADE);
    ev.a = a;
    ev.b = b;
    ev.a_gives.ndests = 1;
    ev.a_gives.dests[0] = d;
    return ev;
}

static void test_twt_goal_jump_next_turn_only_lapses_at_the_roll_and_is_earned_again(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    int angkor = D(f, "angkor-wat");
    f->st.dests[angkor].owner = 0;
    start_turn_at(f, 0, 5);
    ok(f, roll(1, 3)); /* Chichen Itza, whose goal Angkor Wat Ann owns */
    ok(f, ev_new(EVENT_BUY));
    assert_true(f->st.players[0].jump_next);
    assert_null(option(f, EVENT_GOAL_JUMP, -1));     /* not in the turn she bought it */
    ok(f, roll_by(1, 4, 6));                         /* Bob: Just Visiting */
    assert_non_null(option(f, EVENT_GOAL_JUMP, -1)); /* the start of her next turn */
    ok(f, roll(1, 2));                               /* she rolls instead: the offer lapses */
    assert_false(f->st.players[0].jump_now);
    ok(f, roll_by(1, 1, 2)); /* Bob: a pink destination, left with the Bank */
    ok(f, ev_auction(-1, 0));
    assert_null(option(f, EVENT_GOAL_JUMP, -1));
    refused(f, ev_dest(EVENT_GOAL_JUMP, angkor), RULES_REFUSED, "TWT-GOAL-JUMP");
    ok(f, ev_trade_dest(0, 1, angkor)); /* coming to hold it again earns it again */
    ok(f, ev_trade_dest(1, 0, angkor));
    assert_non_null(option(f, EVENT_GOAL_JUMP, -1));
    ok(f, ev_dest(EVENT_GOAL_JUMP, angkor));
    assert_int_equal(f->st.dests[angkor].stamped_by, 0);
    free(f);
}

/* The audit's finding (issue 41): a jump earned long ago and let lapse is not offered
 * again at a turn start where only another jump, just earned, is due (TWT-GOAL-JUMP:
 * each jump has its own window); under HOUSE-GOAL-JUMP any_turn both are. */
static void test_twt_goal_jump_each_jump_only_in_its_own_window(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    int angkor = D(f, "angkor-wat"), chichen = D(f, "chichen-itza");
    int waitomo = D(f, "waitomo-caves"), barranquilla = D(f, "carnaval-de-barranquilla");
    f->st.dests[chichen].owner = 0;      /* goal: Angkor Wat */
    f->st.dests[barranquilla].owner = 0; /* goal: Waitomo Caves */
    f->st.dests[angkor].owner = 1;
    f->st.dests[waitomo].owner = 1;
    start_turn_at(f, 1, 10);
    f->st.turn.rolled = true; /* Bob's turn is over */
    f->st.players[0].position = 17;
    ok(f, ev_trade_dest(1, 0, angkor)); /* Ann comes to hold Angkor Wat */
    assert_true(offers(f, EVENT_GOAL_JUMP, angkor));
    ok(f, roll(1, 2));                   /* she rolls instead (to Free Parking): that jump lapses */
    ok(f, roll_by(1, 1, 2));             /* Bob: Waitomo Caves, his own */
    ok(f, ev_trade_dest(1, 0, waitomo)); /* Ann comes to hold Waitomo Caves */
    assert_true(offers(f, EVENT_GOAL_JUMP, waitomo));
    assert_false(offers(f, EVENT_GOAL_JUMP, angkor)); /* its window has passed */
    refused(f, ev_dest(EVENT_GOAL_JUMP, angkor), RULES_REFUSED, "TWT-GOAL-JUMP");
    f->st.house.goal_jump = GOAL_JUMP_ANY_TURN;
    assert_true(offers(f, EVENT_GOAL_JUMP, angkor));
    f->st.house.goal_jump = GOAL_JUMP_NEXT_TURN;
    ok(f, ev_dest(EVENT_GOAL_JUMP, waitomo));
    assert_int_equal(f->st.dests[waitomo].stamped_by, 0);
    assert_int_equal(f->st.dests[angkor].stamped_by, -1);
    refused(f, ev_dest(EVENT_GOAL_JUMP, angkor), RULES_REFUSED, "TWT-GOAL-JUMP");
    free(f);
}

/* RULES.md TWT-TICKET reading: the ticket to the space its holder stands on is no move. */
static void test_twt_ticket_to_the_space_one_stands_on_is_refused(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    int canyon = D(f, "grand-canyon");
    start_turn_at(f, 0, f->b.dests[canyon].space);
    f->st.ticket_holder = 0;
    assert_false(offers(f, EVENT_USE_TICKET, canyon));
    assert_true(offers(f, EVENT_USE_TICKET, D(f, "chichen-itza")));
    refused(f, ev_dest(EVENT_USE_TICKET, canyon), RULES_REFUSED, "TWT-TICKET");
    assert_false(f->st.ticket_used);
    ok(f, ev_dest(EVENT_USE_TICKET, D(f, "chichen-itza")));
    free(f);
}

static void test_twt_go_goal_jump_past_go_pays_200(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    int angkor = D(f, "angkor-wat");
    f->st.dests[D(f, "chichen-itza")].owner = 0;
    f->st.dests[angkor].owner = 0;
    start_turn_at(f, 0, 30);
    f->st.players[0].jump_now = BIT(angkor);
    ok(f, ev_dest(EVENT_GOAL_JUMP, angkor)); /* 30 to 16 */
    assert_int_equal(find_effect(f, OUT_SALARY, 0)->amount, 200);
    assert_int_equal(cash(f, 0), 1700);
    free(f);
}

static void test_twt_ticket_moves_anywhere_once_and_pays_go_when_passing_it(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    start_turn_at(f, 0, 8);
    f->st.ticket_holder = 0;
    ok(f, ev_dest(EVENT_USE_TICKET, D(f, "chichen-itza"))); /* 8 to 9: not past GO */
    assert_null(find_effect(f, OUT_SALARY, -1));
    assert_int_equal(cash(f, 0), 1500);
    assert_true(f->st.ticket_used);
    free(f);
}

static void test_house_travel_pays_go_false_ticket_and_jump_pay_no_salary(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    int angkor = D(f, "angkor-wat");
    f->st.house.travel_pays_go = 0;
    start_turn_at(f, 0, 39);
    f->st.ticket_holder = 0;
    ok(f, ev_dest(EVENT_USE_TICKET, D(f, "boulders-beach")));
    assert_null(find_effect(f, OUT_SALARY, -1));
    assert_int_equal(cash(f, 0), 1500);
    f->st.dests[D(f, "chichen-itza")].owner = 1;
    f->st.dests[angkor].owner = 1;
    start_turn_at(f, 1, 30);
    f->st.pending.kind = PENDING_NONE;
    f->st.players[1].jump_now = BIT(angkor);
    ok(f, ev_dest(EVENT_GOAL_JUMP, angkor));
    assert_null(find_effect(f, OUT_SALARY, -1));
    assert_int_equal(cash(f, 1), 1500);
    free(f);
}

static void test_house_go_landing_400_doubles_an_exact_dice_landing_only(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.house.go_landing = 400;
    start_turn_at(f, 0, 37);
    ok(f, roll(1, 2)); /* exactly on GO */
    assert_int_equal(find_effect(f, OUT_SALARY, 0)->amount, 400);
    assert_int_equal(cash(f, 0), 1900);
    start_turn_at(f, 1, 37);
    ok(f, roll(2, 2)); /* past GO to 1: the plain salary */
    assert_int_equal(find_effect(f, OUT_SALARY, 1)->amount, 200);
    free(f);
}

static void
test_house_free_parking_jackpot_pot_takes_taxes_fines_cards_and_pays_the_lander(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.house.free_parking = FREE_PARKING_JACKPOT;
    start_turn_at(f, 0, 1);
    ok(f, roll(1, 2)); /* Travel Insurance, 200: into the pot */
    const struct rules_effect *e = find_effect(f, OUT_PAY, 0);
    assert_int_equal(e->to, RULES_POT);
    assert_int_equal(e->amount, 200);
    assert_int_equal(f->st.pot, 200);
    jail(f, 1, 0);
    ok(f, ev_new(EVENT_JAIL_PAY)); /* the fine: into the pot */
    assert_int_equal(f->st.pot, 250);
    start_turn_at(f, 0, 4);
    ok(f, roll(1, 2));                                                       /* Chance */
    ok(f, ev_card(EVENT_DRAW_CHANCE, board_find_chance(&f->b, "chance-4"))); /* pay 150 */
    assert_int_equal(f->st.pot, 400);
    long long total = (long long)cash(f, 0) + cash(f, 1) + f->st.pot;
    assert_int_equal(total, 3000); /* the pot is money: nothing vanished */
    start_turn_at(f, 1, 15);
    ok(f, roll(2, 3)); /* Free Parking: the pot and the ticket */
    assert_int_equal(find_effect(f, OUT_POT, 1)->amount, 400);
    assert_int_equal(f->st.pot, 0);
    assert_int_equal(cash(f, 1), 1450 + 400);
    assert_int_equal(f->st.ticket_holder, 1);
    start_turn_at(f, 0, 15);
    ok(f, roll(2, 3)); /* an empty pot pays nothing */
    assert_null(find_effect(f, OUT_POT, -1));
    free(f);
}

static void test_house_free_parking_nothing_pays_the_bank(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    start_turn_at(f, 0, 1);
    ok(f, roll(1, 2));
    assert_int_equal(find_effect(f, OUT_PAY, 0)->to, -1);
    assert_int_equal(f->st.pot, 0);
    free(f);
}

static void test_house_auction_false_declining_leaves_it_with_the_bank(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.house.auction = 0;
    start_turn_at(f, 0, 5);
    ok(f, roll(1, 3)); /* Chichen Itza */
    const struct rules_option *o = option(f, EVENT_AUCTION, -1);
    assert_non_null(o);
    assert_int_equal(o->amount, 0); /* no bids */
    refused(f, ev_auction(1, 100), RULES_REFUSED, "HOUSE-AUCTION");
    ok(f, ev_auction(-1, 0));
    assert_int_equal(f->st.dests[D(f, "chichen-itza")].owner, -1);
    assert_int_equal(f->st.pending.kind, PENDING_NONE);
    free(f);
}

static void test_house_fees_automatic_paid_at_the_landing_never_on_a_goal(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.house.fees = FEES_AUTOMATIC;
    f->st.dests[D(f, "rapa-nui")].owner = 1;
    start_turn_at(f, 0, 0);
    ok(f, roll(2, 4)); /* Rapa Nui: 50 at once */
    const struct rules_effect *e = find_effect(f, OUT_PAY, 0);
    assert_non_null(e);
    assert_int_equal(e->to, 1);
    assert_int_equal(e->amount, 50);
    assert_int_equal(e->dest, D(f, "rapa-nui"));
    assert_int_equal(f->st.nfees, 0);
    assert_null(option(f, EVENT_COLLECT_FEE, -1));
    f->st.dests[D(f, "okavango-delta")].owner = 0; /* goal: Barranquilla (TWT-FEE-GOAL) */
    f->st.dests[D(f, "carnaval-de-barranquilla")].owner = 1;
    start_turn_at(f, 0, 0);
    ok(f, roll(3, 5));
    assert_null(find_effect(f, OUT_PAY, 0));
    free(f);
}

static void test_house_stamps_to_win_3_ends_the_game_at_the_third_stamp(void **state)
{
    (void)state;
    struct fx *f = fx_new(2);
    f->st.house.stamps_to_win = 3;
    f->st.dests[D(f, "angkor-wat")].owner = 0;
    f->st.dests[D(f, "angkor-wat")].stamped_by = 0;
    f->st.dests[D(f, "rapa-nui")].owner = 0;
    f->st.dests[D(f, "rapa-nui")].stamped_by = 0;
    f->st.dests[D(f, "okavango-delta")].owner = 0; /* goal: Barranquilla */
    f->st.dests[D(f, "carnaval-de-barranquilla")].owner = 1;
    ok(f, roll(3, 5));
    assert_int_equal(f->st.status, STATUS_FINISHED);
    assert_int_equal(f->st.winner, 0);
    free(f);
}

static void test_house_stamps_to_win_6_in_journal_mode(void **state)
{
    (void)state;
    struct fx *f = fx_seats(MODE_JOURNAL, STAMP_OWNER_TOKEN, 2, NULL, NULL, NULL);
    f->st.house.stamps_to_win = 6;
    for (int d = 0; d < 5; d++) {
        struct rules_event ev = ev_dest(EVENT_STAMP_GOAL, d);
        ev.player = 0;
        ok(f, ev);
    }
    assert_int_equal(f->st.status, STATUS_ACTIVE); /* five of six */
    struct rules_event ev = ev_dest(EVENT_STAMP_GOAL, 5);
    ev.player = 0;
    ok(f, ev);
    assert_int_equal(f->st.status, STATUS_FINISHED);
    free(f);
}

static void test_house_starting_cash_and_validation(void **state)
{
    (void)state;
    struct board b;
    struct game_state st;
    struct rules_outcome out;
    struct rules_seat s[2] = {{1, "A", 0}, {2, "B", 1}};
    struct house_rules hr = rules_house_official();
    board_fixture_default(&b);
    assert_int_equal(rules_house_invalid(&hr), -1);
    for (int sw = 0; sw < HOUSE_NSWITCHES; sw++)
        assert_false(rules_house_differs(&hr, (enum house_switch)sw));
    hr.starting_cash = 2500;
    assert_int_equal(rules_init_house(&b, MODE_BANKER, 1, &hr, s, 2, NULL, &st, &out), 0);
    assert_int_equal(st.players[0].cash, 2500);
    assert_int_equal(st.house.starting_cash, 2500);
    assert_true(rules_house_differs(&st.house, HOUSE_STARTING_CASH));
    hr.starting_cash = 2505;
    assert_int_equal(rules_house_invalid(&hr), HOUSE_STARTING_CASH);
    assert_int_equal(rules_init_house(&b, MODE_BANKER, 1, &hr, s, 2, NULL, &st, &out), -1);
    assert_string_equal(out.refusal.rule, "HOUSE-CASH");
    hr = rules_house_official();
    hr.stamps_to_win = 7;
    assert_int_equal(rules_house_invalid(&hr), HOUSE_STAMPS_TO_WIN);
    hr.stamps_to_win = 2;
    assert_int_equal(rules_house_invalid(&hr), HOUSE_STAMPS_TO_WIN);
    hr = rules_house_official();
    hr.go_landing = 300;
    assert_int_equal(rules_house_invalid(&hr), HOUSE_GO_LANDING);
    struct house_rules legacy = rules_house_legacy();
    assert_true(rules_house_differs(&legacy, HOUSE_GOAL_JUMP));
    assert_true(rules_house_differs(&legacy, HOUSE_TRAVEL_PAYS_GO));
}

static void test_twt_journal_5_the_policy_given_alone_decides_who_is_paid(void **state)
{
    (void)state;
    /* Hazel (token 2) stamped journal-2 as player 109; tonight Bob plays Hazel. */
    struct journal_state journal[BOARD_MAX_CARDS] = {0};
    int tokens[2] = {0, 2};
    journal[1].nstamps = 1;
    journal[1].stamps[0] = (struct journal_stamp){.token = 2, .player = 109, .game = 1, .seq = 3};
    struct fx *f = fx_seats(MODE_BANKER, STAMP_OWNER_TOKEN, 2, tokens, NULL, journal);
    start_turn_at(f, 0, 0);
    ok(f, roll(1, 1)); /* Travel Journal */
    ok(f, ev_card(EVENT_DRAW_JOURNAL, 1));
    assert_int_equal(cash(f, 1), 1600); /* token: whoever plays Hazel collects */
    f->policy = STAMP_OWNER_PLAYER;
    start_turn_at(f, 0, 0);
    ok(f, roll(1, 1));
    ok(f, ev_card(EVENT_DRAW_JOURNAL, 1));
    assert_int_equal(cash(f, 1), 1600); /* player: 109 is not seated, nobody collects */
    free(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_twt_setup_1_each_player_starts_with_1500_on_go),
        cmocka_unit_test(test_twt_setup_1_seats_two_to_four_distinct),
        cmocka_unit_test(test_twt_setup_2_ticket_lies_on_free_parking),
        cmocka_unit_test(test_twt_setup_journal_mode_tracks_only_stamps),
        cmocka_unit_test(test_twt_turn_1_roll_moves_and_ends_the_turn),
        cmocka_unit_test(test_twt_turn_1_roll_for_someone_else_is_refused),
        cmocka_unit_test(test_twt_turn_2_double_rolls_again),
        cmocka_unit_test(test_twt_turn_3_third_double_goes_to_jail),
        cmocka_unit_test(test_twt_turn_blocking_decision_must_be_resolved_first),
        cmocka_unit_test(test_twt_go_salary_when_a_dice_move_passes_go),
        cmocka_unit_test(test_twt_go_landing_exactly_on_go_pays),
        cmocka_unit_test(test_twt_go_chance_move_pays_only_when_the_card_says),
        cmocka_unit_test(test_twt_go_chance_advance_to_go),
        cmocka_unit_test(test_twt_go_flight_passing_go_pays_no_salary),
        cmocka_unit_test(test_twt_go_ticket_pays_salary_move_by_does_not),
        cmocka_unit_test(test_twt_just_visiting_nothing_happens),
        cmocka_unit_test(test_twt_tax_travel_insurance_and_guide_fee),
        cmocka_unit_test(test_twt_cash_player_with_30_pays_30_of_a_200_tax),
        cmocka_unit_test(test_twt_free_parking_first_lander_takes_the_ticket),
        cmocka_unit_test(test_twt_go_to_jail_space_ends_the_turn),
        cmocka_unit_test(test_twt_ticket_at_the_start_of_own_turn),
        cmocka_unit_test(test_twt_ticket_by_the_next_player_begins_their_turn),
        cmocka_unit_test(test_twt_ticket_still_usable_after_own_roll),
        cmocka_unit_test(test_twt_ticket_refused_in_jail_and_with_a_decision_pending),
        cmocka_unit_test(test_twt_chance_draw_needs_a_chance_draw_pending),
        cmocka_unit_test(test_twt_chance_collect_and_pay_what_one_can),
        cmocka_unit_test(test_twt_chance_move_to_colour_then_choose),
        cmocka_unit_test(test_twt_chance_go_to_jail_and_jail_free),
        cmocka_unit_test(test_twt_chance_jail_card_drawn_after_a_double_ends_the_turn),
        cmocka_unit_test(test_twt_flight_local_reaches_only_up_to_the_next_flight_space),
        cmocka_unit_test(test_twt_flight_local_walkthrough_destinations),
        cmocka_unit_test(test_twt_flight_long_reaches_anywhere_for_200),
        cmocka_unit_test(test_twt_flight_needs_the_cash_and_a_fresh_landing),
        cmocka_unit_test(test_twt_flight_offered_until_the_next_roll),
        cmocka_unit_test(test_twt_flight_to_own_goal_stamps_it),
        cmocka_unit_test(test_twt_buy_pays_the_price),
        cmocka_unit_test(test_twt_buy_needs_the_cash),
        cmocka_unit_test(test_twt_auction_bids_in_tens_within_cash),
        cmocka_unit_test(test_twt_auction_declining_player_may_win),
        cmocka_unit_test(test_twt_auction_without_a_bid_the_card_stays_with_the_bank),
        cmocka_unit_test(test_twt_fee_owner_asks_and_lander_pays),
        cmocka_unit_test(test_twt_fee_set_doubles_the_fee),
        cmocka_unit_test(test_twt_fee_asked_too_late_lapses_at_the_next_roll),
        cmocka_unit_test(test_twt_fee_pays_what_one_can),
        cmocka_unit_test(test_twt_fee_goal_no_fee_on_own_travel_goal),
        cmocka_unit_test(test_twt_fee_goal_lander_stamps_and_pays_nothing),
        cmocka_unit_test(test_twt_fee_nothing_on_own_destination),
        cmocka_unit_test(test_twt_goal_1_goals_are_printed_on_owned_cards),
        cmocka_unit_test(test_twt_goal_2_landing_on_an_unowned_goal_stamps_then_buy),
        cmocka_unit_test(test_twt_goal_2_chance_move_stamps),
        cmocka_unit_test(test_twt_goal_3_traded_card_goal_already_stamped),
        cmocka_unit_test(test_twt_goal_3_a_space_is_stamped_once),
        cmocka_unit_test(test_twt_goal_jump_rulebook_example),
        cmocka_unit_test(test_twt_goal_jump_refusals),
        cmocka_unit_test(test_twt_win_fourth_stamp_ends_the_game_at_once),
        cmocka_unit_test(test_twt_win_fourth_stamp_on_unowned_space_no_purchase),
        cmocka_unit_test(test_twt_win_end_event_finishes_or_abandons),
        cmocka_unit_test(test_twt_journal_2_drawer_stamps_an_open_circle),
        cmocka_unit_test(test_twt_journal_2_full_card_still_pays),
        cmocka_unit_test(test_twt_journal_4_hazel_ducky_token_policy),
        cmocka_unit_test(test_twt_journal_4_hazel_ducky_player_policy),
        cmocka_unit_test(test_twt_journal_4_two_stamps_paid_twice),
        cmocka_unit_test(test_twt_journal_4_unseated_holders_are_not_paid),
        cmocka_unit_test(test_twt_journal_4_collect_from_each_other_player),
        cmocka_unit_test(test_twt_journal_4_pay_card_each_holder_pays_what_they_can),
        cmocka_unit_test(test_twt_journal_4_drawer_effect_after_payouts),
        cmocka_unit_test(test_twt_journal_6_players_in_jail_are_paid),
        cmocka_unit_test(test_twt_journal_3_card_stamps_carry_over_to_the_next_game),
        cmocka_unit_test(test_twt_journal_mode_draw_stamps_and_reports_payouts),
        cmocka_unit_test(test_twt_journal_mode_stamp_goal_and_win),
        cmocka_unit_test(test_twt_modes_refuse_the_other_modes_events),
        cmocka_unit_test(test_twt_jail_2_pay_50_then_roll_as_usual),
        cmocka_unit_test(test_twt_jail_2_pay_50_is_a_choice_the_third_fine_a_debt),
        cmocka_unit_test(test_twt_jail_2_get_out_of_jail_free_card),
        cmocka_unit_test(test_twt_jail_2_a_double_frees_and_ends_the_turn),
        cmocka_unit_test(test_twt_jail_2_failed_rolls_then_the_fine),
        cmocka_unit_test(test_twt_jail_1_jailed_players_collect_fees_and_trade),
        cmocka_unit_test(test_twt_trade_swaps_cash_destinations_and_jail_cards),
        cmocka_unit_test(test_twt_trade_each_side_gives_what_it_has),
        cmocka_unit_test(test_twt_cash_adjust_keeps_cash_non_negative),
        cmocka_unit_test(test_note_is_always_accepted),
        cmocka_unit_test(test_refusal_after_a_turn_began_leaves_the_state_unchanged),
        cmocka_unit_test(test_twt_fee_not_lapsing_at_the_landers_extra_roll_after_a_double),
        cmocka_unit_test(test_twt_fee_two_landings_owe_two_fees_each_askable),
        cmocka_unit_test(test_twt_fee_the_next_players_roll_ends_every_fee),
        cmocka_unit_test(test_twt_fee_not_lapsing_at_a_turn_begun_without_a_roll),
        cmocka_unit_test(test_twt_fee_asked_while_a_decision_pends),
        cmocka_unit_test(test_twt_jail_2_pay_50_with_exactly_50),
        cmocka_unit_test(test_twt_jail_2_held_chance_card_is_out_of_its_deck),
        cmocka_unit_test(test_twt_jail_2_held_journal_card_is_out_of_its_deck),
        cmocka_unit_test(test_twt_trade_held_cards_keep_which_card_they_are),
        cmocka_unit_test(test_twt_ticket_reading_not_in_jail_and_go_salary_past_go),
        cmocka_unit_test(test_twt_goal_jump_reading_not_in_jail_and_go_salary_past_go),
        cmocka_unit_test(
            test_house_goal_jump_any_turn_offered_at_each_turn_start_never_at_an_extra_roll),
        cmocka_unit_test(test_twt_cash_adjust_in_tens_within_a_billion),
        cmocka_unit_test(test_options_buy_fly_jail_and_roll_carry_what_the_table_needs),
        cmocka_unit_test(test_twt_journal_4_payouts_reckoned_for_the_briefing),
        cmocka_unit_test(test_rules_event_names_round_trip),
        cmocka_unit_test(test_every_event_type_has_a_row_with_name_and_fields),
        cmocka_unit_test(test_every_offered_type_says_how_its_option_is_taken),
        cmocka_unit_test(test_rules_seat_of_finds_players_by_id),
        cmocka_unit_test(test_rules_refuses_a_state_that_does_not_fit_the_board),
        cmocka_unit_test(test_twt_goal_jump_next_turn_only_lapses_at_the_roll_and_is_earned_again),
        cmocka_unit_test(test_twt_goal_jump_each_jump_only_in_its_own_window),
        cmocka_unit_test(test_twt_ticket_to_the_space_one_stands_on_is_refused),
        cmocka_unit_test(test_twt_go_goal_jump_past_go_pays_200),
        cmocka_unit_test(test_twt_ticket_moves_anywhere_once_and_pays_go_when_passing_it),
        cmocka_unit_test(test_house_travel_pays_go_false_ticket_and_jump_pay_no_salary),
        cmocka_unit_test(test_house_go_landing_400_doubles_an_exact_dice_landing_only),
        cmocka_unit_test(
            test_house_free_parking_jackpot_pot_takes_taxes_fines_cards_and_pays_the_lander),
        cmocka_unit_test(test_house_free_parking_nothing_pays_the_bank),
        cmocka_unit_test(test_house_auction_false_declining_leaves_it_with_the_bank),
        cmocka_unit_test(test_house_fees_automatic_paid_at_the_landing_never_on_a_goal),
        cmocka_unit_test(test_house_stamps_to_win_3_ends_the_game_at_the_third_stamp),
        cmocka_unit_test(test_house_stamps_to_win_6_in_journal_mode),
        cmocka_unit_test(test_house_starting_cash_and_validation),
        cmocka_unit_test(test_twt_journal_5_the_policy_given_alone_decides_who_is_paid),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
