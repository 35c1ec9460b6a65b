/* test_results.c -- the end-of-game rules of results mode (RULES.md section 2), and the
 * result event's JSON in and out. Test names carry the rule they check. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "json.h"
#include "results.h"
#include "results_json.h"
#include "unit_main.h"

/* ---- helpers ---------------------------------------------------------------------- */

/* A standing, as a brace initialiser (a constant: the tables below hold them): a player
 * who went bankrupt order-th, one still in, one with their worth (cash, property value,
 * mortgaged value, buildings' value), a Wonders player with their ticks and cash, a Deal
 * player with their complete sets. */
#define OUT_AT(p, order)                                                                           \
    {                                                                                              \
        .player = (p), .has_bankrupt_order = true, .bankrupt_order = (order)                       \
    }
#define STILL_IN(p)                                                                                \
    {                                                                                              \
        .player = (p)                                                                              \
    }
#define WORTH(p, cash_, property, mortgaged, buildings)                                            \
    {                                                                                              \
        .player = (p), .has_cash = true, .cash = (cash_), .has_property_value = true,              \
        .property_value = (property), .has_mortgaged_value = true, .mortgaged_value = (mortgaged), \
        .has_buildings_value = true, .buildings_value = (buildings)                                \
    }
#define TICKED(p, wonders, cash_)                                                                  \
    {                                                                                              \
        .player = (p), .has_wonders_ticked = true, .wonders_ticked = (wonders), .has_cash = true,  \
        .cash = (cash_)                                                                            \
    }
#define SETS(p, complete)                                                                          \
    {                                                                                              \
        .player = (p), .has_complete_sets = true, .complete_sets = (complete)                      \
    }

/* Decide, expect a refusal under rule. */
static void assert_refused(enum results_edition ed, enum results_variant v,
                           const struct results_standing *s, int n, const char *rule)
{
    struct results_outcome o;
    int rc;
    memset(&o, 0, sizeof(o));
    rc = results_decide(ed, v, s, n, &o);
    if (rc != -1)
        print_error("not refused under %s\n", rule);
    assert_int_equal(rc, -1);
    assert_non_null(o.refusal.rule);
    assert_string_equal(o.refusal.rule, rule);
    assert_true(strlen(o.refusal.detail) > 0);
}

/* Decide, expect success and return the outcome. */
static struct results_outcome decided(enum results_edition ed, enum results_variant v,
                                      const struct results_standing *s, int n)
{
    struct results_outcome o;
    memset(&o, 0, sizeof(o));
    int rc = results_decide(ed, v, s, n, &o);
    if (rc != 0)
        fail_msg("refused: %s %s", o.refusal.rule ? o.refusal.rule : "-", o.refusal.detail);
    assert_null(o.refusal.rule);
    assert_int_equal(o.n, n);
    return o;
}

static cJSON *parse(const char *text)
{
    cJSON *doc = NULL;
    struct sb_error err;
    memset(&err, 0, sizeof(err));
    assert_int_equal(json_parse_object(text, strlen(text), &doc, &err), 0);
    return doc;
}

/* Parse text as a result event for the given seats; return the code. */
static int from_text(const char *text, enum results_edition ed, const int64_t *seats, int nseats,
                     struct results_standing *s, int *n, enum results_variant *v,
                     struct sb_error *err)
{
    cJSON *doc = parse(text);
    memset(err, 0, sizeof(*err));
    int rc = results_from_json(doc, ed, seats, nseats, s, n, v, err);
    cJSON_Delete(doc);
    return rc;
}

/* ---- names ------------------------------------------------------------------------ */

static void test_results_names(void **state)
{
    (void)state;
    assert_int_equal(results_edition_from_id("classic"), RESULTS_CLASSIC);
    assert_int_equal(results_edition_from_id("wonders"), RESULTS_WONDERS);
    assert_int_equal(results_edition_from_id("deal"), RESULTS_DEAL);
    assert_int_equal(results_edition_from_id("travel-world-tour"), -1);
    assert_int_equal(results_edition_from_id(NULL), -1);
    assert_string_equal(results_edition_id(RESULTS_WONDERS), "wonders");
    assert_int_equal(results_variant_from_name("standard"), RESULTS_STANDARD);
    assert_int_equal(results_variant_from_name("short"), RESULTS_SHORT);
    assert_int_equal(results_variant_from_name("timed"), RESULTS_TIMED);
    assert_int_equal(results_variant_from_name("Short"), -1);
    assert_string_equal(results_variant_name(RESULTS_TIMED), "timed");
    assert_true(results_has_variant(RESULTS_CLASSIC, RESULTS_SHORT));
    assert_false(results_has_variant(RESULTS_DEAL, RESULTS_TIMED));
    assert_int_equal(results_players_max(RESULTS_CLASSIC), 8);
    assert_int_equal(results_players_max(RESULTS_WONDERS), 6);
    assert_int_equal(results_players_max(RESULTS_DEAL), 5);
    assert_string_equal(results_rule(RESULTS_CLASSIC, RESULTS_TIMED), "CLASSIC-TIMED");
}

/* ---- CLASSIC-END ------------------------------------------------------------------ */

static void test_classic_end_last_player_standing_wins(void **state)
{
    (void)state;
    struct results_standing s[4] = {OUT_AT(11, 2), STILL_IN(12), OUT_AT(13, 1), OUT_AT(14, 3)};
    struct results_outcome o = decided(RESULTS_CLASSIC, RESULTS_STANDARD, s, 4);
    assert_int_equal(o.winner, 12);
    assert_int_equal(o.winner_index, 1);
    assert_false(o.tie_broken);
    /* the later a player went bankrupt, the better the rank */
    assert_int_equal(o.players[1].rank, 1);
    assert_int_equal(o.players[3].rank, 2);
    assert_int_equal(o.players[0].rank, 3);
    assert_int_equal(o.players[2].rank, 4);
    assert_true(o.players[2].bankrupt);
    assert_int_equal(o.players[2].bankrupt_order, 1);
    assert_false(o.players[1].bankrupt);
}

static void test_classic_end_named_winner_must_match(void **state)
{
    (void)state;
    struct results_standing s[2] = {OUT_AT(1, 1), STILL_IN(2)};
    s[0].declared_winner = true;
    assert_refused(RESULTS_CLASSIC, RESULTS_STANDARD, s, 2, "CLASSIC-END");
    s[0].declared_winner = false;
    s[1].declared_winner = true;
    struct results_outcome o = decided(RESULTS_CLASSIC, RESULTS_STANDARD, s, 2);
    assert_int_equal(o.winner, 2);
    assert_false(o.tie_broken);
}

/* ---- CLASSIC-SHORT ---------------------------------------------------------------- */

static void test_classic_short_richest_by_net_worth_wins(void **state)
{
    (void)state;
    /* net worth: 13 = 100 + 1000 + 400/2 + 300 = 1600; 14 = 1500 + 0 + 0 + 0 = 1500 */
    struct results_standing s[4] = {OUT_AT(11, 1), OUT_AT(12, 2), WORTH(13, 100, 1000, 400, 300),
                                    WORTH(14, 1500, 0, 0, 0)};
    struct results_outcome o = decided(RESULTS_CLASSIC, RESULTS_SHORT, s, 4);
    assert_int_equal(o.winner, 13);
    assert_int_equal(o.variant, RESULTS_SHORT);
    assert_true(o.players[2].has_net_worth);
    assert_int_equal(o.players[2].net_worth, 1600);
    assert_int_equal(o.players[3].net_worth, 1500);
    assert_false(o.players[0].has_net_worth);
    assert_int_equal(o.players[2].rank, 1);
    assert_int_equal(o.players[3].rank, 2);
    assert_int_equal(o.players[1].rank, 3);
    assert_int_equal(o.players[0].rank, 4);
}

static void test_classic_short_mortgaged_counts_half(void **state)
{
    (void)state;
    /* 1: 1000 cash + 400 mortgaged -> 1200; 2: 1150 cash -> 1150 */
    struct results_standing s[4] = {WORTH(1, 1000, 0, 400, 0), WORTH(2, 1150, 0, 0, 0),
                                    OUT_AT(3, 1), OUT_AT(4, 2)};
    struct results_outcome o = decided(RESULTS_CLASSIC, RESULTS_SHORT, s, 4);
    assert_int_equal(o.winner, 1);
    assert_int_equal(o.players[0].net_worth, 1200);
}

static void test_classic_short_half_unit_decides_exactly(void **state)
{
    (void)state;
    /* 1: 100 + 101/2 = 150.5, reported 150; 2: 150 -> player 1 is ahead by half */
    struct results_standing s[4] = {WORTH(1, 100, 0, 101, 0), WORTH(2, 150, 0, 0, 0), OUT_AT(3, 1),
                                    OUT_AT(4, 2)};
    struct results_outcome o = decided(RESULTS_CLASSIC, RESULTS_SHORT, s, 4);
    assert_int_equal(o.winner, 1);
    assert_int_equal(o.players[0].net_worth, 150);
    assert_int_equal(o.players[1].rank, 2);
}

static void test_classic_short_ends_at_second_bankruptcy(void **state)
{
    (void)state;
    /* only one bankrupt among four: not yet over */
    struct results_standing one[4] = {OUT_AT(1, 1), WORTH(2, 10, 0, 0, 0), WORTH(3, 20, 0, 0, 0),
                                      WORTH(4, 30, 0, 0, 0)};
    assert_refused(RESULTS_CLASSIC, RESULTS_SHORT, one, 4, "CLASSIC-SHORT");
    /* three bankrupt among five: it should have ended at the second */
    struct results_standing three[5] = {OUT_AT(1, 1), OUT_AT(2, 2), OUT_AT(3, 3),
                                        WORTH(4, 30, 0, 0, 0), WORTH(5, 40, 0, 0, 0)};
    assert_refused(RESULTS_CLASSIC, RESULTS_SHORT, three, 5, "CLASSIC-SHORT");
}

static void test_classic_short_two_players_end_at_first_bankruptcy(void **state)
{
    (void)state;
    struct results_standing s[2] = {OUT_AT(1, 1), WORTH(2, 900, 200, 0, 0)};
    struct results_outcome o = decided(RESULTS_CLASSIC, RESULTS_SHORT, s, 2);
    assert_int_equal(o.winner, 2);
    assert_int_equal(o.players[1].net_worth, 1100);
}

static void test_classic_short_missing_cash_refused(void **state)
{
    (void)state;
    struct results_standing s[3] = {OUT_AT(1, 1), OUT_AT(2, 2), STILL_IN(3)};
    s[2].has_property_value = true;
    s[2].property_value = 500;
    assert_refused(RESULTS_CLASSIC, RESULTS_SHORT, s, 3, "CLASSIC-SHORT");
}

static void test_classic_short_absent_values_count_zero(void **state)
{
    (void)state;
    struct results_standing s[4] = {OUT_AT(1, 1), OUT_AT(2, 2), STILL_IN(3), STILL_IN(4)};
    s[2].has_cash = true;
    s[2].cash = 700;
    s[3].has_cash = true;
    s[3].cash = 600;
    s[3].has_buildings_value = true;
    s[3].buildings_value = 200;
    struct results_outcome o = decided(RESULTS_CLASSIC, RESULTS_SHORT, s, 4);
    assert_int_equal(o.winner, 4);
    assert_int_equal(o.players[3].net_worth, 800);
}

/* ---- CLASSIC-TIMED ---------------------------------------------------------------- */

static void test_classic_timed_richest_wins_without_bankruptcy(void **state)
{
    (void)state;
    struct results_standing s[3] = {WORTH(1, 500, 1200, 0, 400), WORTH(2, 2000, 0, 0, 0),
                                    WORTH(3, 300, 600, 200, 0)};
    struct results_outcome o = decided(RESULTS_CLASSIC, RESULTS_TIMED, s, 3);
    assert_int_equal(o.winner, 1);
    assert_int_equal(o.players[0].net_worth, 2100);
    assert_int_equal(o.players[1].rank, 2);
    assert_int_equal(o.players[2].rank, 3);
}

static void test_classic_timed_bankrupt_player_cannot_win(void **state)
{
    (void)state;
    /* the bankrupt player's figures (whatever they say) do not count */
    struct results_standing s[3] = {OUT_AT(1, 1), WORTH(2, 100, 0, 0, 0), WORTH(3, 50, 0, 0, 0)};
    s[0].has_cash = true;
    s[0].cash = 99999;
    struct results_outcome o = decided(RESULTS_CLASSIC, RESULTS_TIMED, s, 3);
    assert_int_equal(o.winner, 2);
    assert_int_equal(o.players[0].rank, 3);
    assert_false(o.players[0].has_net_worth);
}

/* ---- RESULTS-TIE ------------------------------------------------------------------ */

static void test_results_tie_refused_without_named_winner(void **state)
{
    (void)state;
    struct results_standing s[3] = {WORTH(1, 1000, 500, 0, 0), WORTH(2, 1500, 0, 0, 0),
                                    WORTH(3, 200, 0, 0, 0)};
    struct results_outcome o;
    assert_int_equal(results_decide(RESULTS_CLASSIC, RESULTS_TIMED, s, 3, &o), -1);
    assert_string_equal(o.refusal.rule, "RESULTS-TIE");
    assert_non_null(strstr(o.refusal.detail, "1, 2"));
    assert_non_null(strstr(o.refusal.detail, "1500"));
}

static void test_results_tie_broken_by_named_winner(void **state)
{
    (void)state;
    struct results_standing s[3] = {WORTH(1, 1000, 500, 0, 0), WORTH(2, 1500, 0, 0, 0),
                                    WORTH(3, 200, 0, 0, 0)};
    s[1].declared_winner = true;
    struct results_outcome o = decided(RESULTS_CLASSIC, RESULTS_TIMED, s, 3);
    assert_int_equal(o.winner, 2);
    assert_true(o.tie_broken);
    assert_int_equal(o.players[1].rank, 1);
    assert_int_equal(o.players[0].rank, 2);
    assert_int_equal(o.players[2].rank, 3);
}

static void test_results_tie_named_winner_outside_tie_refused(void **state)
{
    (void)state;
    struct results_standing s[3] = {WORTH(1, 1000, 500, 0, 0), WORTH(2, 1500, 0, 0, 0),
                                    WORTH(3, 200, 0, 0, 0)};
    s[2].declared_winner = true;
    assert_refused(RESULTS_CLASSIC, RESULTS_TIMED, s, 3, "CLASSIC-TIMED");
}

static void test_results_tie_two_named_winners_refused(void **state)
{
    (void)state;
    struct results_standing s[2] = {WORTH(1, 1500, 0, 0, 0), WORTH(2, 1500, 0, 0, 0)};
    s[0].declared_winner = true;
    s[1].declared_winner = true;
    assert_refused(RESULTS_CLASSIC, RESULTS_TIMED, s, 2, "RESULTS-TIE");
}

static void test_results_tie_shares_rank_below_winner(void **state)
{
    (void)state;
    struct results_standing s[4] = {WORTH(1, 3000, 0, 0, 0), WORTH(2, 1000, 0, 0, 0),
                                    WORTH(3, 1000, 0, 0, 0), WORTH(4, 10, 0, 0, 0)};
    struct results_outcome o = decided(RESULTS_CLASSIC, RESULTS_TIMED, s, 4);
    assert_int_equal(o.players[0].rank, 1);
    assert_int_equal(o.players[1].rank, 2);
    assert_int_equal(o.players[2].rank, 2);
    assert_int_equal(o.players[3].rank, 4);
}

/* ---- RESULTS-PLAYERS, RESULTS-VARIANT --------------------------------------------- */

static void test_results_players_count_per_edition(void **state)
{
    (void)state;
    struct results_standing one[1] = {STILL_IN(1)};
    assert_refused(RESULTS_CLASSIC, RESULTS_STANDARD, one, 1, "RESULTS-PLAYERS");
    struct results_standing six[6] = {SETS(1, 3), SETS(2, 0), SETS(3, 0),
                                      SETS(4, 0), SETS(5, 0), SETS(6, 0)};
    assert_refused(RESULTS_DEAL, RESULTS_STANDARD, six, 6, "RESULTS-PLAYERS");
    struct results_standing seven[7];
    for (int i = 0; i < 7; i++)
        seven[i] = (struct results_standing)TICKED(i + 1, 3, 100);
    seven[0].wonders_ticked = 22;
    assert_refused(RESULTS_WONDERS, RESULTS_STANDARD, seven, 7, "RESULTS-PLAYERS");
    assert_refused(RESULTS_WONDERS, RESULTS_STANDARD, NULL, 2, "RESULTS-PLAYERS");
}

static void test_results_variant_only_classic_has_short_and_timed(void **state)
{
    (void)state;
    struct results_standing s[2] = {SETS(1, 3), SETS(2, 1)};
    assert_refused(RESULTS_DEAL, RESULTS_SHORT, s, 2, "RESULTS-VARIANT");
    struct results_standing w[2] = {TICKED(1, 22, 10), TICKED(2, 5, 10)};
    assert_refused(RESULTS_WONDERS, RESULTS_TIMED, w, 2, "RESULTS-VARIANT");
}

/* ---- WONDERS-END ------------------------------------------------------------------ */

static void test_wonders_end_bonus_goes_to_the_player_with_22(void **state)
{
    (void)state;
    /* 1 ticks 22 with 800 cash -> 2300; 2 has 2000 -> 1 wins thanks to the bonus */
    struct results_standing s[3] = {TICKED(1, 22, 800), TICKED(2, 18, 2000), TICKED(3, 9, 100)};
    struct results_outcome o = decided(RESULTS_WONDERS, RESULTS_STANDARD, s, 3);
    assert_int_equal(o.winner, 1);
    assert_int_equal(o.players[0].bonus, RESULTS_WONDERS_BONUS);
    assert_int_equal(o.players[0].wealth, 2300);
    assert_int_equal(o.players[1].bonus, 0);
    assert_int_equal(o.players[1].wealth, 2000);
    assert_int_equal(o.players[1].rank, 2);
    assert_true(o.players[0].has_wonders_ticked);
    assert_false(o.players[0].has_net_worth);
}

static void test_wonders_end_richest_by_net_worth(void **state)
{
    (void)state;
    /* 1: 22 ticks, 300 cash + 1500 bonus = 1800; 2: 1000 cash + 600 property + 300 of
     * buildings + half of 101 mortgaged = 1950.5 -> 2 wins; 3: 1900 cash alone. */
    struct results_standing s[3] = {TICKED(1, 22, 300), TICKED(2, 12, 1000), TICKED(3, 9, 1900)};
    s[1].has_property_value = s[1].has_buildings_value = s[1].has_mortgaged_value = true;
    s[1].property_value = 600;
    s[1].buildings_value = 300;
    s[1].mortgaged_value = 101;
    struct results_outcome o = decided(RESULTS_WONDERS, RESULTS_STANDARD, s, 3);
    assert_int_equal(o.winner, 2);
    assert_int_equal(o.players[0].wealth, 1800);
    assert_int_equal(o.players[1].wealth, 1950);
    assert_int_equal(o.players[1].rank, 1);
    assert_int_equal(o.players[2].rank, 2);
    assert_true(o.players[1].has_property_value);
    assert_int_equal(o.players[1].property_value, 600);
}

static void test_wonders_end_richest_wins_even_without_22(void **state)
{
    (void)state;
    struct results_standing s[3] = {TICKED(1, 22, 300), TICKED(2, 12, 2500), TICKED(3, 9, 100)};
    struct results_outcome o = decided(RESULTS_WONDERS, RESULTS_STANDARD, s, 3);
    assert_int_equal(o.winner, 2);
    assert_int_equal(o.players[0].wealth, 1800);
    assert_int_equal(o.players[0].rank, 2);
}

static void test_wonders_end_last_player_standing_wins(void **state)
{
    (void)state;
    struct results_standing s[3] = {OUT_AT(1, 1), TICKED(2, 14, 4000), OUT_AT(3, 2)};
    struct results_outcome o = decided(RESULTS_WONDERS, RESULTS_STANDARD, s, 3);
    assert_int_equal(o.winner, 2);
    assert_int_equal(o.players[1].bonus, 0);
    assert_int_equal(o.players[2].rank, 2);
    assert_int_equal(o.players[0].rank, 3);
}

static void test_wonders_end_bankrupt_player_with_22_refused(void **state)
{
    (void)state;
    struct results_standing s[3] = {OUT_AT(1, 1), TICKED(2, 14, 4000), TICKED(3, 10, 10)};
    s[0].has_wonders_ticked = true;
    s[0].wonders_ticked = 22;
    assert_refused(RESULTS_WONDERS, RESULTS_STANDARD, s, 3, "WONDERS-END");
}

static void test_wonders_end_missing_figures_refused(void **state)
{
    (void)state;
    struct results_standing s[2] = {TICKED(1, 22, 300), TICKED(2, 20, 2500)};
    s[1].has_wonders_ticked = false;
    assert_refused(RESULTS_WONDERS, RESULTS_STANDARD, s, 2, "WONDERS-END");
    s[1].has_wonders_ticked = true;
    s[0].has_cash = false;
    assert_refused(RESULTS_WONDERS, RESULTS_STANDARD, s, 2, "WONDERS-END");
}

static void test_wonders_end_tie_on_wealth(void **state)
{
    (void)state;
    /* 1: 500 + 1500 = 2000 ties with 2's 2000 cash */
    struct results_standing s[2] = {TICKED(1, 22, 500), TICKED(2, 20, 2000)};
    assert_refused(RESULTS_WONDERS, RESULTS_STANDARD, s, 2, "RESULTS-TIE");
    s[0].declared_winner = true;
    struct results_outcome o = decided(RESULTS_WONDERS, RESULTS_STANDARD, s, 2);
    assert_int_equal(o.winner, 1);
    assert_true(o.tie_broken);
}

/* ---- DEAL-END --------------------------------------------------------------------- */

static void test_deal_end_three_complete_sets_win(void **state)
{
    (void)state;
    struct results_standing s[4] = {SETS(1, 2), SETS(2, 3), SETS(3, 0), SETS(4, 2)};
    struct results_outcome o = decided(RESULTS_DEAL, RESULTS_STANDARD, s, 4);
    assert_int_equal(o.winner, 2);
    assert_int_equal(o.players[1].rank, 1);
    assert_int_equal(o.players[0].rank, 2);
    assert_int_equal(o.players[3].rank, 2);
    assert_int_equal(o.players[2].rank, 4);
    assert_true(o.players[1].has_complete_sets);
    assert_int_equal(o.players[1].complete_sets, 3);
    assert_false(o.players[1].has_cash);
}

static void test_deal_end_ignores_bankruptcy_figures(void **state)
{
    (void)state;
    struct results_standing s[2] = {SETS(1, 3), SETS(2, 1)};
    s[1].has_bankrupt_order = true;
    s[1].bankrupt_order = 5;
    struct results_outcome o = decided(RESULTS_DEAL, RESULTS_STANDARD, s, 2);
    assert_int_equal(o.winner, 1);
    assert_false(o.players[1].bankrupt);
}

/* ---- results_from_json ------------------------------------------------------------ */

static const int64_t seats4[4] = {11, 12, 13, 14};

static void test_results_json_reads_standings_in_seat_order(void **state)
{
    (void)state;
    struct results_standing s[RESULTS_MAX_PLAYERS];
    struct sb_error err;
    enum results_variant v = RESULTS_STANDARD;
    int n = 0;
    const char *body =
        "{\"type\":\"result\",\"variant\":\"short\",\"standings\":["
        "{\"player\":14,\"cash\":1500,\"property_value\":0,\"mortgaged_value\":0,"
        "\"buildings_value\":0},"
        "{\"player\":12,\"bankrupt_order\":2},"
        "{\"player\":11,\"bankrupt_order\":1,\"cash\":null},"
        "{\"player\":13,\"cash\":100,\"property_value\":1000,\"mortgaged_value\":400,"
        "\"buildings_value\":300,\"note\":\"ignored\"}]}";
    assert_int_equal(from_text(body, RESULTS_CLASSIC, seats4, 4, s, &n, &v, &err), 0);
    assert_int_equal(n, 4);
    assert_int_equal(v, RESULTS_SHORT);
    assert_int_equal(s[0].player, 11);
    assert_true(s[0].has_bankrupt_order);
    assert_false(s[0].has_cash);
    assert_int_equal(s[2].player, 13);
    assert_int_equal(s[2].mortgaged_value, 400);
    assert_int_equal(s[3].cash, 1500);
    assert_false(s[3].declared_winner);

    struct results_outcome o = decided(RESULTS_CLASSIC, v, s, n);
    assert_int_equal(o.winner, 13);
}

static void test_results_json_variant_defaults_to_standard(void **state)
{
    (void)state;
    struct results_standing s[RESULTS_MAX_PLAYERS];
    struct sb_error err;
    enum results_variant v = RESULTS_TIMED;
    int n = 0;
    const int64_t seats[2] = {1, 2};
    assert_int_equal(from_text("{\"standings\":[{\"player\":1,\"complete_sets\":3},"
                               "{\"player\":2,\"complete_sets\":0}]}",
                               RESULTS_DEAL, seats, 2, s, &n, &v, &err),
                     0);
    assert_int_equal(v, RESULTS_STANDARD);
    assert_int_equal(n, 2);
}

static void test_results_json_winner_names_the_tie_breaker(void **state)
{
    (void)state;
    struct results_standing s[RESULTS_MAX_PLAYERS];
    struct sb_error err;
    enum results_variant v;
    int n = 0;
    const int64_t seats[2] = {1, 2};
    const char *body = "{\"type\":\"result\",\"variant\":\"timed\",\"winner\":2,\"standings\":["
                       "{\"player\":1,\"cash\":700},{\"player\":2,\"cash\":700}]}";
    assert_int_equal(from_text(body, RESULTS_CLASSIC, seats, 2, s, &n, &v, &err), 0);
    assert_true(s[1].declared_winner);
    assert_false(s[0].declared_winner);
    struct results_outcome o = decided(RESULTS_CLASSIC, v, s, n);
    assert_int_equal(o.winner, 2);
    assert_true(o.tie_broken);

    assert_int_equal(from_text("{\"winner\":3,\"standings\":[{\"player\":1},{\"player\":2}]}",
                               RESULTS_CLASSIC, seats, 2, s, &n, &v, &err),
                     SB_EINVALID);
}

static void test_results_json_wrong_types_are_bad_requests(void **state)
{
    (void)state;
    struct results_standing s[RESULTS_MAX_PLAYERS];
    struct sb_error err;
    enum results_variant v;
    int n = 0;
    const int64_t seats[2] = {1, 2};
    static const char *const bad[] = {
        "{}",
        "{\"standings\":{}}",
        "{\"standings\":[1,2]}",
        "{\"standings\":[{\"player\":\"1\"},{\"player\":2}]}",
        "{\"standings\":[{\"player\":1,\"cash\":\"10\"},{\"player\":2}]}",
        "{\"standings\":[{\"player\":1,\"cash\":10.5},{\"player\":2}]}",
        "{\"standings\":[{\"cash\":10},{\"player\":2}]}",
        "{\"variant\":3,\"standings\":[{\"player\":1},{\"player\":2}]}",
        "{\"type\":7,\"standings\":[{\"player\":1},{\"player\":2}]}",
        "{\"winner\":\"1\",\"standings\":[{\"player\":1},{\"player\":2}]}",
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        n = -7;
        int rc = from_text(bad[i], RESULTS_CLASSIC, seats, 2, s, &n, &v, &err);
        if (rc != SB_EBADREQ)
            fail_msg("%s: got %d (%s)", bad[i], rc, err.detail);
        assert_int_equal(sb_status(err.code), 400);
        assert_int_equal(n, -7); /* outputs untouched */
    }
    struct sb_error e2;
    memset(&e2, 0, sizeof(e2));
    cJSON *arr = cJSON_CreateArray();
    assert_int_equal(results_from_json(arr, RESULTS_CLASSIC, seats, 2, s, &n, &v, &e2), SB_EBADREQ);
    cJSON_Delete(arr);
}

static void test_results_json_bad_values_are_invalid(void **state)
{
    (void)state;
    struct results_standing s[RESULTS_MAX_PLAYERS];
    struct sb_error err;
    enum results_variant v;
    int n = 0;
    const int64_t seats[2] = {1, 2};
    static const char *const bad[] = {
        /* a player missing, an unseated player, a player twice */
        "{\"standings\":[{\"player\":1}]}",
        "{\"standings\":[{\"player\":1},{\"player\":3}]}",
        "{\"standings\":[{\"player\":1},{\"player\":1},{\"player\":2}]}",
        /* money out of 0..10^9 */
        "{\"standings\":[{\"player\":1,\"cash\":-1},{\"player\":2}]}",
        "{\"standings\":[{\"player\":1,\"buildings_value\":1000000001},{\"player\":2}]}",
        /* counts out of range */
        "{\"standings\":[{\"player\":1,\"wonders_ticked\":23},{\"player\":2}]}",
        "{\"standings\":[{\"player\":1,\"complete_sets\":-1},{\"player\":2}]}",
        "{\"standings\":[{\"player\":1,\"bankrupt_order\":3},{\"player\":2}]}",
        "{\"standings\":[{\"player\":1,\"bankrupt_order\":0},{\"player\":2}]}",
        /* type and variant */
        "{\"type\":\"roll\",\"standings\":[{\"player\":1},{\"player\":2}]}",
        "{\"variant\":\"marathon\",\"standings\":[{\"player\":1},{\"player\":2}]}",
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        int rc = from_text(bad[i], RESULTS_CLASSIC, seats, 2, s, &n, &v, &err);
        if (rc != SB_EINVALID)
            fail_msg("%s: got %d (%s)", bad[i], rc, err.detail);
        assert_int_equal(sb_status(err.code), 422);
    }
    /* a variant another edition has */
    assert_int_equal(from_text("{\"variant\":\"short\",\"standings\":[{\"player\":1},"
                               "{\"player\":2}]}",
                               RESULTS_DEAL, seats, 2, s, &n, &v, &err),
                     SB_EINVALID);
    assert_string_equal(err.rule, "RESULTS-VARIANT");
    /* the detail says which standing */
    assert_int_equal(from_text("{\"standings\":[{\"player\":1},{\"player\":2,\"cash\":-4}]}",
                               RESULTS_CLASSIC, seats, 2, s, &n, &v, &err),
                     SB_EINVALID);
    assert_non_null(strstr(err.detail, "standings[1]"));
    assert_non_null(strstr(err.detail, "cash"));
}

/* ---- results_to_json, results_decide_json ----------------------------------------- */

static void test_results_json_outcome_document(void **state)
{
    (void)state;
    struct results_standing s[3] = {TICKED(1, 22, 800), TICKED(2, 18, 2000), OUT_AT(3, 1)};
    struct results_outcome o = decided(RESULTS_WONDERS, RESULTS_STANDARD, s, 3);
    cJSON *doc = results_to_json(&o);
    assert_non_null(doc);
    char *text = cJSON_PrintUnformatted(doc);
    assert_non_null(text);
    assert_string_equal(
        text, "{\"edition\":\"wonders\",\"variant\":\"standard\",\"winner\":1,"
              "\"tie_broken\":false,\"players\":["
              "{\"player\":1,\"rank\":1,\"bankrupt\":false,\"cash\":800,\"wonders_ticked\":22,"
              "\"bonus\":1500,\"wealth\":2300},"
              "{\"player\":2,\"rank\":2,\"bankrupt\":false,\"cash\":2000,\"wonders_ticked\":18,"
              "\"bonus\":0,\"wealth\":2000},"
              "{\"player\":3,\"rank\":3,\"bankrupt\":true,\"bankrupt_order\":1}]}");
    free(text);
    cJSON_Delete(doc);
}

static void test_results_json_classic_outcome_has_net_worth(void **state)
{
    (void)state;
    struct results_standing s[3] = {OUT_AT(5, 1), OUT_AT(6, 2), WORTH(7, 10, 20, 30, 40)};
    struct results_outcome o = decided(RESULTS_CLASSIC, RESULTS_SHORT, s, 3);
    cJSON *doc = results_to_json(&o);
    assert_non_null(doc);
    const cJSON *players = cJSON_GetObjectItemCaseSensitive(doc, "players");
    const cJSON *p = cJSON_GetArrayItem(players, 2);
    assert_int_equal(cJSON_GetObjectItemCaseSensitive(p, "net_worth")->valueint, 85);
    assert_int_equal(cJSON_GetObjectItemCaseSensitive(doc, "winner")->valueint, 7);
    assert_string_equal(cJSON_GetObjectItemCaseSensitive(doc, "variant")->valuestring, "short");
    cJSON_Delete(doc);
}

static void test_results_decide_json_maps_refusal_to_error(void **state)
{
    (void)state;
    const int64_t seats[3] = {1, 2, 3};
    struct results_outcome o;
    struct sb_error err;
    memset(&err, 0, sizeof(err));
    cJSON *doc = parse("{\"type\":\"result\",\"standings\":[{\"player\":1,\"complete_sets\":2},"
                       "{\"player\":2,\"complete_sets\":2},{\"player\":3,\"complete_sets\":1}]}");
    assert_int_equal(results_decide_json(doc, RESULTS_DEAL, seats, 3, &o, &err), SB_EINVALID);
    assert_int_equal(sb_status(err.code), 422);
    assert_string_equal(err.rule, "DEAL-END");
    assert_true(strlen(err.detail) > 0);
    cJSON_Delete(doc);

    doc = parse("{\"type\":\"result\",\"standings\":[{\"player\":1,\"complete_sets\":3},"
                "{\"player\":2,\"complete_sets\":2},{\"player\":3,\"complete_sets\":1}]}");
    memset(&err, 0, sizeof(err));
    assert_int_equal(results_decide_json(doc, RESULTS_DEAL, seats, 3, &o, &err), 0);
    assert_int_equal(o.winner, 1);
    cJSON_Delete(doc);

    doc = parse("{\"standings\":[{\"player\":1}]}");
    assert_int_equal(results_decide_json(doc, RESULTS_DEAL, seats, 3, &o, &err), SB_EINVALID);
    assert_null(err.rule);
    cJSON_Delete(doc);
}

/* ---- the state of a results-mode game: results_state_init, results_apply ---------- */

static struct results_state three_seats(void)
{
    static const int64_t ids[] = {11, 12, 13};
    static const char *const names[] = {"Ann", "Bob", "Cy"};
    static const char *const tokens[] = {"boot", "", "hat"};
    struct results_state st;
    assert_int_equal(results_state_init(&st, ids, names, tokens, 3), 0);
    return st;
}

static struct results_event deal_result(int64_t winner)
{
    struct results_event ev;
    memset(&ev, 0, sizeof(ev));
    ev.type = RESULTS_EV_RESULT;
    ev.variant = RESULTS_STANDARD;
    ev.nstandings = 3;
    for (int i = 0; i < 3; i++)
        ev.standings[i] = (struct results_standing)SETS(11 + i, 11 + i == winner ? 3 : 1);
    return ev;
}

static void test_results_state_init_seats_an_active_game(void **state)
{
    (void)state;
    struct results_state st = three_seats();
    assert_int_equal(st.version, 1);
    assert_int_equal(st.seq, 0);
    assert_int_equal(st.status, RESULTS_ACTIVE);
    assert_false(st.has_winner);
    assert_false(st.has_result);
    assert_int_equal(st.n, 3);
    assert_int_equal(st.players[1].id, 12);
    assert_string_equal(st.players[2].name, "Cy");
    assert_string_equal(st.players[1].token, "");
    assert_int_equal(results_state_init(&st, NULL, NULL, NULL, 0), -1);
}

static void test_deal_end_result_finishes_the_game_with_its_winner(void **state)
{
    (void)state;
    struct results_state st = three_seats();
    struct results_event ev = deal_result(12);
    struct results_refusal ref;
    memset(&ref, 0, sizeof(ref));
    assert_int_equal(results_apply(&st, RESULTS_DEAL, &ev, 4, &ref), 0);
    assert_int_equal(st.status, RESULTS_FINISHED);
    assert_true(st.has_winner);
    assert_int_equal(st.winner, 12);
    assert_true(st.has_result);
    assert_int_equal(st.result.winner, 12);
    assert_int_equal(st.result.edition, RESULTS_DEAL);
    assert_int_equal(st.seq, 4);
}

static void test_deal_end_refused_result_leaves_the_state(void **state)
{
    (void)state;
    struct results_state st = three_seats(), before;
    struct results_event ev = deal_result(0); /* nobody has three sets */
    struct results_refusal ref;
    memset(&ref, 0, sizeof(ref));
    before = st;
    assert_int_equal(results_apply(&st, RESULTS_DEAL, &ev, 1, &ref), -1);
    assert_string_equal(ref.rule, "DEAL-END");
    assert_memory_equal(&st, &before, sizeof(st));
}

static void test_results_end_game_over_takes_only_notes(void **state)
{
    (void)state;
    struct results_state st = three_seats();
    struct results_event ev = deal_result(13), note;
    struct results_refusal ref;
    memset(&ref, 0, sizeof(ref));
    memset(&note, 0, sizeof(note));
    note.type = RESULTS_EV_NOTE;
    assert_int_equal(results_apply(&st, RESULTS_DEAL, &ev, 1, &ref), 0);
    assert_int_equal(results_apply(&st, RESULTS_DEAL, &ev, 2, &ref), RESULTS_OVER);
    assert_string_equal(ref.rule, "RESULTS-END");
    assert_int_equal(st.seq, 1);
    assert_int_equal(results_apply(&st, RESULTS_DEAL, &note, 2, &ref), 0);
    assert_int_equal(st.seq, 2);
    assert_int_equal(st.winner, 13);
}

static void test_results_event_types_other_than_result_note_end_refused(void **state)
{
    (void)state;
    struct results_state st = three_seats();
    struct results_refusal ref;
    memset(&ref, 0, sizeof(ref));
    assert_int_equal(results_accepts(&st, RESULTS_EV_OTHER, &ref), -1);
    assert_null(ref.rule);
    assert_true(strlen(ref.detail) > 0);
    assert_int_equal(results_accepts(&st, RESULTS_EV_RESULT, &ref), 0);
    assert_int_equal(results_accepts(&st, RESULTS_EV_END, &ref), 0);
}

static void test_results_end_with_a_named_winner_finishes_else_abandons(void **state)
{
    (void)state;
    struct results_state st = three_seats();
    struct results_event ev;
    struct results_refusal ref;
    memset(&ref, 0, sizeof(ref));
    memset(&ev, 0, sizeof(ev));
    ev.type = RESULTS_EV_END;
    ev.has_winner = true;
    ev.winner = 99; /* not seated */
    assert_int_equal(results_apply(&st, RESULTS_CLASSIC, &ev, 1, &ref), -1);
    assert_int_equal(st.status, RESULTS_ACTIVE);
    ev.winner = 11;
    assert_int_equal(results_apply(&st, RESULTS_CLASSIC, &ev, 1, &ref), 0);
    assert_int_equal(st.status, RESULTS_FINISHED);
    assert_int_equal(st.winner, 11);
    assert_false(st.has_result);
    st = three_seats();
    ev.has_winner = false;
    assert_int_equal(results_apply(&st, RESULTS_CLASSIC, &ev, 1, &ref), 0);
    assert_int_equal(st.status, RESULTS_ABANDONED);
    assert_false(st.has_winner);
}

/* ---- the state document: results_state_from_json, results_state_to_json ---------- */

/* Documents as the results games of earlier versions stored them (results_state_new()
 * and results_state_apply() on cJSON): they read and print back byte for byte. */
static const char *const stored_states[] = {
    "{\"players\":[{\"id\":11,\"name\":\"Ann\",\"token\":\"boot\"},{\"id\":12,\"name\":"
    "\"Bob\",\"token\":\"\"}],\"version\":1,\"seq\":0,\"status\":\"active\",\"mode\":"
    "\"results\",\"winner\":null,\"result\":null}",
    "{\"players\":[{\"id\":11,\"name\":\"Ann\",\"token\":\"\"},{\"id\":12,\"name\":\"Bob\","
    "\"token\":\"\"}],\"version\":3,\"seq\":2,\"status\":\"abandoned\",\"mode\":\"results\","
    "\"winner\":null,\"result\":null}",
    "{\"players\":[{\"id\":11,\"name\":\"Ann\",\"token\":\"car\"},{\"id\":12,\"name\":"
    "\"Bob\",\"token\":\"\"},{\"id\":13,\"name\":\"Cy\",\"token\":\"\"}],\"version\":2,"
    "\"seq\":1,\"status\":\"finished\",\"mode\":\"results\",\"winner\":12,\"result\":{"
    "\"edition\":\"classic\",\"variant\":\"short\",\"winner\":12,\"tie_broken\":false,"
    "\"players\":[{\"player\":11,\"rank\":3,\"bankrupt\":true,\"bankrupt_order\":1,\"cash\":0},"
    "{\"player\":12,\"rank\":1,\"bankrupt\":false,\"cash\":900,\"property_value\":400,"
    "\"mortgaged_value\":100,\"buildings_value\":50,\"net_worth\":1400},{\"player\":13,"
    "\"rank\":2,\"bankrupt\":true,\"bankrupt_order\":2}]}}",
    "{\"players\":[{\"id\":11,\"name\":\"Ann\",\"token\":\"\"},{\"id\":12,\"name\":\"Bob\","
    "\"token\":\"\"}],\"version\":2,\"seq\":1,\"status\":\"finished\",\"mode\":\"results\","
    "\"winner\":11,\"result\":{\"edition\":\"wonders\",\"variant\":\"standard\",\"winner\":11,"
    "\"tie_broken\":true,\"players\":[{\"player\":11,\"rank\":1,\"bankrupt\":false,\"cash\":"
    "500,\"wonders_ticked\":22,\"bonus\":1500,\"wealth\":2000},{\"player\":12,\"rank\":2,"
    "\"bankrupt\":false,\"cash\":2000,\"wonders_ticked\":3,\"bonus\":0,\"wealth\":2000}]}}",
    "{\"players\":[{\"id\":11,\"name\":\"Ann\",\"token\":\"\"},{\"id\":12,\"name\":\"Bob\","
    "\"token\":\"\"}],\"version\":2,\"seq\":1,\"status\":\"finished\",\"mode\":\"results\","
    "\"winner\":12,\"result\":{\"edition\":\"deal\",\"variant\":\"standard\",\"winner\":12,"
    "\"tie_broken\":false,\"players\":[{\"player\":11,\"rank\":2,\"bankrupt\":false,"
    "\"complete_sets\":1},{\"player\":12,\"rank\":1,\"bankrupt\":false,\"complete_sets\":3}]}}",
};

static void test_results_state_document_reads_and_prints_byte_for_byte(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(stored_states) / sizeof(stored_states[0]); i++) {
        struct results_state st;
        struct sb_error err;
        cJSON *doc = parse(stored_states[i]), *back;
        char *text;
        memset(&err, 0, sizeof(err));
        assert_int_equal(results_state_from_json(doc, &st, &err), 0);
        back = results_state_to_json(&st, st.version);
        assert_non_null(back);
        text = cJSON_PrintUnformatted(back);
        assert_string_equal(text, stored_states[i]);
        free(text);
        cJSON_Delete(back);
        cJSON_Delete(doc);
    }
}

static void test_results_state_new_document_is_the_stored_shape(void **state)
{
    (void)state;
    static const int64_t ids[] = {11, 12};
    static const char *const names[] = {"Ann", "Bob"};
    static const char *const tokens[] = {"boot", ""};
    struct results_state st;
    cJSON *doc;
    char *text;
    assert_int_equal(results_state_init(&st, ids, names, tokens, 2), 0);
    doc = results_state_to_json(&st, 1);
    text = cJSON_PrintUnformatted(doc);
    assert_string_equal(text, stored_states[0]);
    free(text);
    cJSON_Delete(doc);
}

static void test_results_state_damaged_document_refused(void **state)
{
    (void)state;
    static const char *const damaged[] = {
        "{\"players\":[],\"version\":1,\"seq\":0,\"status\":\"active\",\"winner\":null,"
        "\"result\":null}",
        "{\"players\":[{\"id\":1,\"name\":\"A\",\"token\":\"\"}],\"version\":1,\"seq\":0,"
        "\"status\":\"paused\",\"winner\":null,\"result\":null}",
        "{\"players\":[{\"id\":1,\"name\":\"A\",\"token\":\"\"}],\"version\":1,\"seq\":0,"
        "\"status\":\"finished\",\"winner\":\"1\",\"result\":null}",
        "{\"players\":[{\"id\":1,\"name\":\"A\",\"token\":\"\"}],\"version\":1,\"seq\":0,"
        "\"status\":\"finished\",\"winner\":1,\"result\":{\"edition\":\"monopoly\"}}",
    };
    for (size_t i = 0; i < sizeof(damaged) / sizeof(damaged[0]); i++) {
        struct results_state st;
        struct sb_error err;
        cJSON *doc = parse(damaged[i]);
        memset(&err, 0, sizeof(err));
        assert_int_equal(results_state_from_json(doc, &st, &err), SB_EINVALID);
        cJSON_Delete(doc);
    }
}

static void test_results_effects_a_result_names_the_winner(void **state)
{
    (void)state;
    struct results_state st = three_seats();
    struct results_event ev = deal_result(13);
    struct results_refusal ref;
    cJSON *fx;
    char *text;
    assert_int_equal(results_apply(&st, RESULTS_DEAL, &ev, 1, &ref), 0);
    fx = results_effects_to_json(&st, RESULTS_EV_RESULT);
    text = cJSON_PrintUnformatted(fx);
    assert_string_equal(text, "[{\"kind\":\"win\",\"player\":13}]");
    free(text);
    cJSON_Delete(fx);
    fx = results_effects_to_json(&st, RESULTS_EV_NOTE);
    text = cJSON_PrintUnformatted(fx);
    assert_string_equal(text, "[]");
    free(text);
    cJSON_Delete(fx);
}

/* ---- the refusals: a row each ----------------------------------------------------- */

/* A set of standings results_decide() refuses, under rule. */
struct refusal {
    const char *name; /* the test's name */
    const char *rule;
    enum results_edition ed;
    enum results_variant v;
    int n;
    struct results_standing s[4];
};

/* A row: its name, the rule that refuses it, the edition and variant, then the standings. */
#define REFUSAL(name, rule, ed, v, ...)                                                            \
    {                                                                                              \
        name, rule, ed, v,                                                                         \
            (int)(sizeof((struct results_standing[]){__VA_ARGS__}) /                               \
                  sizeof(struct results_standing)),                                                \
        {                                                                                          \
            __VA_ARGS__                                                                            \
        }                                                                                          \
    }

static const struct refusal refusals[] = {
    REFUSAL("test_classic_end_two_players_never_bankrupt_refused", "CLASSIC-END", RESULTS_CLASSIC,
            RESULTS_STANDARD, STILL_IN(1), STILL_IN(2), OUT_AT(3, 1)),
    REFUSAL("test_classic_end_everyone_bankrupt_refused", "CLASSIC-END", RESULTS_CLASSIC,
            RESULTS_STANDARD, OUT_AT(1, 1), OUT_AT(2, 2)),
    REFUSAL("test_classic_end_bankrupt_order_gap_refused", "CLASSIC-END", RESULTS_CLASSIC,
            RESULTS_STANDARD, OUT_AT(1, 1), STILL_IN(2), OUT_AT(3, 3), OUT_AT(4, 4)),
    REFUSAL("test_classic_end_bankrupt_order_duplicate_refused", "CLASSIC-END", RESULTS_CLASSIC,
            RESULTS_STANDARD, OUT_AT(1, 1), STILL_IN(2), OUT_AT(3, 1)),
    REFUSAL("test_classic_end_bankrupt_order_out_of_range_refused", "CLASSIC-END", RESULTS_CLASSIC,
            RESULTS_STANDARD, OUT_AT(1, 3), STILL_IN(2)),
    REFUSAL("test_classic_end_negative_money_refused", "CLASSIC-END", RESULTS_CLASSIC,
            RESULTS_STANDARD, OUT_AT(1, 1), WORTH(2, -5, 0, 0, 0)),
    REFUSAL("test_classic_end_duplicate_player_refused", "CLASSIC-END", RESULTS_CLASSIC,
            RESULTS_STANDARD, OUT_AT(1, 1), STILL_IN(1)),
    REFUSAL("test_classic_short_bankrupt_orders_must_be_first_and_second", "CLASSIC-SHORT",
            RESULTS_CLASSIC, RESULTS_SHORT, OUT_AT(1, 1), OUT_AT(2, 3), WORTH(3, 10, 0, 0, 0),
            WORTH(4, 20, 0, 0, 0)),
    REFUSAL("test_classic_timed_bankrupt_order_gap_refused", "CLASSIC-TIMED", RESULTS_CLASSIC,
            RESULTS_TIMED, OUT_AT(1, 2), WORTH(2, 100, 0, 0, 0), WORTH(3, 50, 0, 0, 0)),
    REFUSAL("test_classic_timed_everyone_bankrupt_refused", "CLASSIC-TIMED", RESULTS_CLASSIC,
            RESULTS_TIMED, OUT_AT(1, 2), OUT_AT(2, 1)),
    REFUSAL("test_classic_timed_money_over_cap_refused", "CLASSIC-TIMED", RESULTS_CLASSIC,
            RESULTS_TIMED, WORTH(1, 1000000001, 0, 0, 0), WORTH(2, 1, 0, 0, 0)),
    REFUSAL("test_wonders_end_two_players_with_22_refused", "WONDERS-END", RESULTS_WONDERS,
            RESULTS_STANDARD, TICKED(1, 22, 300), TICKED(2, 22, 2500), TICKED(3, 9, 100)),
    REFUSAL("test_wonders_end_nobody_with_22_refused", "WONDERS-END", RESULTS_WONDERS,
            RESULTS_STANDARD, TICKED(1, 21, 300), TICKED(2, 20, 2500)),
    REFUSAL("test_wonders_end_more_than_22_ticks_refused", "WONDERS-END", RESULTS_WONDERS,
            RESULTS_STANDARD, TICKED(1, 23, 300), TICKED(2, 22, 2500)),
    REFUSAL("test_deal_end_nobody_with_three_sets_refused", "DEAL-END", RESULTS_DEAL,
            RESULTS_STANDARD, SETS(1, 2), SETS(2, 2), SETS(3, 1)),
    REFUSAL("test_deal_end_two_players_with_three_sets_refused", "DEAL-END", RESULTS_DEAL,
            RESULTS_STANDARD, SETS(1, 3), SETS(2, 3), SETS(3, 1)),
    REFUSAL("test_deal_end_missing_sets_refused", "DEAL-END", RESULTS_DEAL, RESULTS_STANDARD,
            SETS(1, 3), STILL_IN(2)),
    REFUSAL("test_deal_end_sets_beyond_the_deck_refused", "DEAL-END", RESULTS_DEAL,
            RESULTS_STANDARD, SETS(1, 11), SETS(2, 0)),
};

static void test_refused(void **state)
{
    const struct refusal *r = *state;
    assert_refused(r->ed, r->v, r->s, r->n, r->rule);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_results_names),
        cmocka_unit_test(test_classic_end_last_player_standing_wins),
        cmocka_unit_test(test_classic_end_named_winner_must_match),
        cmocka_unit_test(test_classic_short_richest_by_net_worth_wins),
        cmocka_unit_test(test_classic_short_mortgaged_counts_half),
        cmocka_unit_test(test_classic_short_half_unit_decides_exactly),
        cmocka_unit_test(test_classic_short_ends_at_second_bankruptcy),
        cmocka_unit_test(test_classic_short_two_players_end_at_first_bankruptcy),
        cmocka_unit_test(test_classic_short_missing_cash_refused),
        cmocka_unit_test(test_classic_short_absent_values_count_zero),
        cmocka_unit_test(test_classic_timed_richest_wins_without_bankruptcy),
        cmocka_unit_test(test_classic_timed_bankrupt_player_cannot_win),
        cmocka_unit_test(test_results_tie_refused_without_named_winner),
        cmocka_unit_test(test_results_tie_broken_by_named_winner),
        cmocka_unit_test(test_results_tie_named_winner_outside_tie_refused),
        cmocka_unit_test(test_results_tie_two_named_winners_refused),
        cmocka_unit_test(test_results_tie_shares_rank_below_winner),
        cmocka_unit_test(test_results_players_count_per_edition),
        cmocka_unit_test(test_results_variant_only_classic_has_short_and_timed),
        cmocka_unit_test(test_wonders_end_bonus_goes_to_the_player_with_22),
        cmocka_unit_test(test_wonders_end_richest_by_net_worth),
        cmocka_unit_test(test_wonders_end_richest_wins_even_without_22),
        cmocka_unit_test(test_wonders_end_last_player_standing_wins),
        cmocka_unit_test(test_wonders_end_bankrupt_player_with_22_refused),
        cmocka_unit_test(test_wonders_end_missing_figures_refused),
        cmocka_unit_test(test_wonders_end_tie_on_wealth),
        cmocka_unit_test(test_deal_end_three_complete_sets_win),
        cmocka_unit_test(test_deal_end_ignores_bankruptcy_figures),
        cmocka_unit_test(test_results_json_reads_standings_in_seat_order),
        cmocka_unit_test(test_results_json_variant_defaults_to_standard),
        cmocka_unit_test(test_results_json_winner_names_the_tie_breaker),
        cmocka_unit_test(test_results_json_wrong_types_are_bad_requests),
        cmocka_unit_test(test_results_json_bad_values_are_invalid),
        cmocka_unit_test(test_results_json_outcome_document),
        cmocka_unit_test(test_results_json_classic_outcome_has_net_worth),
        cmocka_unit_test(test_results_decide_json_maps_refusal_to_error),
        cmocka_unit_test(test_results_state_init_seats_an_active_game),
        cmocka_unit_test(test_deal_end_result_finishes_the_game_with_its_winner),
        cmocka_unit_test(test_deal_end_refused_result_leaves_the_state),
        cmocka_unit_test(test_results_end_game_over_takes_only_notes),
        cmocka_unit_test(test_results_event_types_other_than_result_note_end_refused),
        cmocka_unit_test(test_results_end_with_a_named_winner_finishes_else_abandons),
        cmocka_unit_test(test_results_state_document_reads_and_prints_byte_for_byte),
        cmocka_unit_test(test_results_state_new_document_is_the_stored_shape),
        cmocka_unit_test(test_results_state_damaged_document_refused),
        cmocka_unit_test(test_results_effects_a_result_names_the_winner),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    return failed + UNIT_ROWS(refusals, test_refused);
}
