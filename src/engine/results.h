/* results.h -- the end-of-game rules of the results-mode editions: pure C, no I/O.
 *
 * For `classic`, `wonders` and `deal` (RULES.md section 2) the service does not run
 * the turns: the table reports how each player stood at the end (a struct
 * results_standing per seat) and results_decide() checks that the standings describe
 * a finished game of that edition and variant, then names the winner and works out
 * each player's figures and rank, or refuses and names the rule:
 *
 *   CLASSIC-END     standard game: the one player never bankrupt wins; the others'
 *                   bankrupt orders are 1..n-1, no gap, no duplicate.
 *   CLASSIC-SHORT   short game: it ends at the second bankruptcy (with two players,
 *                   at the first), so exactly min(2, n-1) players are bankrupt with
 *                   orders 1..k; the richest remaining player by net worth wins.
 *   CLASSIC-TIMED   timed game: bankruptcies so far (orders 1..k, none required, at
 *                   least one player left); the richest remaining player wins.
 *                   Net worth = cash + property value + half the mortgaged value
 *                   (compared exactly, reported rounded down) + buildings at cost.
 *   WONDERS-END     the game ends when one player has ticked all 22 wonders; that
 *                   player gets the 1,500 bonus, then the richest remaining player by
 *                   cash (+ bonus) wins. Base-rule reading: if all players but one went
 *                   bankrupt before anyone ticked 22, the last one standing wins.
 *   DEAL-END        the one player with three (or more) complete sets wins; everyone
 *                   else has at most two.
 *   RESULTS-TIE     the figures leave two or more players level at the top. The rules
 *                   say nothing, so the table decides: the standing the table names
 *                   (`declared_winner`, "winner" in the JSON body) among the tied wins;
 *                   without it the result is refused. A named winner that the figures
 *                   contradict is refused under the edition's rule.
 *   RESULTS-PLAYERS the edition's player count (classic 2..8, wonders 2..6, deal 2..5).
 *   RESULTS-VARIANT the edition has no such variant (only classic has short/timed).
 *
 * Figures a rule needs and a standing lacks, negative money, more than 22 ticks or
 * more than RESULTS_MAX_SETS sets are refused under the edition's rule. Figures an
 * edition does not use are ignored. Every refusal is a rule saying no (the HTTP side
 * answers 422). */
#ifndef STAMPBOOK_RESULTS_H
#define STAMPBOOK_RESULTS_H

#include <stdbool.h>
#include <stdint.h>

#define RESULTS_MAX_PLAYERS 8
#define RESULTS_WONDERS_TOTAL 22   /* wonders in a passport */
#define RESULTS_WONDERS_BONUS 1500 /* paid to the player who ticks all 22 */
#define RESULTS_DEAL_SETS 3        /* complete sets that win Monopoly Deal */
#define RESULTS_MAX_SETS 10        /* colour sets in a Monopoly Deal deck */
#define RESULTS_MONEY_MAX 1000000000LL
#define RESULTS_DETAIL_MAX 240

enum results_edition { RESULTS_CLASSIC, RESULTS_WONDERS, RESULTS_DEAL };

enum results_variant { RESULTS_STANDARD, RESULTS_SHORT, RESULTS_TIMED };

/* How one seated player stood when the game ended. A figure counts only when its
 * has_ flag is set; absent money figures other than cash count as 0. */
struct results_standing {
    int64_t player;
    bool has_bankrupt_order; /* absent: never went bankrupt */
    int bankrupt_order;      /* 1 = the first to go bankrupt */
    bool has_cash;
    int64_t cash;
    bool has_property_value; /* printed prices of unmortgaged properties */
    int64_t property_value;
    bool has_mortgaged_value; /* printed prices of mortgaged properties (counted half) */
    int64_t mortgaged_value;
    bool has_buildings_value; /* houses and hotels at cost */
    int64_t buildings_value;
    bool has_wonders_ticked;
    int wonders_ticked;
    bool has_complete_sets;
    int complete_sets;
    bool declared_winner; /* the table named this player the winner (breaks a tie) */
};

/* One player's figures as decided, in the order of the standings. */
struct results_player {
    int64_t player;
    int rank;      /* 1 = the winner; players level share a rank (1, 2, 2, 4) */
    bool bankrupt; /* went bankrupt; bankrupt_order says when */
    int bankrupt_order;
    bool has_cash; /* the standing's money figures, echoed */
    int64_t cash;
    bool has_property_value;
    int64_t property_value;
    bool has_mortgaged_value;
    int64_t mortgaged_value;
    bool has_buildings_value;
    int64_t buildings_value;
    bool has_net_worth; /* classic: cash + property + mortgaged / 2 + buildings */
    int64_t net_worth;  /* rounded down */
    bool has_bonus;     /* wonders */
    int64_t bonus;      /* RESULTS_WONDERS_BONUS for the player who ticked 22, else 0 */
    bool has_wealth;    /* wonders: net worth + bonus, what decides the winner */
    int64_t wealth;
    bool has_wonders_ticked;
    int wonders_ticked;
    bool has_complete_sets;
    int complete_sets;
};

struct results_refusal {
    const char *rule; /* "CLASSIC-END", "RESULTS-TIE"...; static */
    char detail[RESULTS_DETAIL_MAX];
};

struct results_outcome {
    enum results_edition edition;
    enum results_variant variant;
    int64_t winner;   /* the winner's player id */
    int winner_index; /* the winner's index in the standings */
    bool tie_broken;  /* the figures tied and the table's declared winner decided */
    int n;
    struct results_player players[RESULTS_MAX_PLAYERS];
    struct results_refusal refusal;
};

/* Decide the game from the n standings s[0..n) (one per seated player, any order).
 * Returns 0 with out filled (out->refusal.rule NULL), or -1 with only out->refusal set
 * (the rule, a sentence). Allocates nothing; this function does no I/O. */
int results_decide(enum results_edition ed, enum results_variant v,
                   const struct results_standing *s, int n, struct results_outcome *out);

/* The edition for an id ("classic", "wonders", "deal"), or -1 when it is not a
 * results-mode edition. This function can't fail. */
int results_edition_from_id(const char *id);

/* The id of an edition ("classic"...). This function can't fail. */
const char *results_edition_id(enum results_edition ed);

/* The variant for a name ("standard", "short", "timed"), or -1. This function can't
 * fail. */
int results_variant_from_name(const char *name);

/* The name of a variant ("standard"...). This function can't fail. */
const char *results_variant_name(enum results_variant v);

/* True when the edition plays that variant (classic: all three; the others: standard).
 * This function can't fail. */
bool results_has_variant(enum results_edition ed, enum results_variant v);

/* The edition's player count bounds (classic 2..8, wonders 2..6, deal 2..5). These
 * functions can't fail. */
int results_players_min(enum results_edition ed);
int results_players_max(enum results_edition ed);

/* The rule that governs a variant of an edition ("CLASSIC-SHORT", "WONDERS-END"...).
 * This function can't fail. */
const char *results_rule(enum results_edition ed, enum results_variant v);

/* ---- the state of a results-mode game (RULES.md section 2) ----
 * A play is logged by one `result` event (or ended by `end`); `note` is taken at any
 * time. The state is what its document holds (results_json.h): the seats, the status,
 * the winner and the decided outcome. */

#define RESULTS_NAME_MAX 324 /* 80 characters of UTF-8, NUL included */
#define RESULTS_OVER (-2)    /* results_accepts(): the game is over (RESULTS-END) */

enum results_status { RESULTS_ACTIVE, RESULTS_FINISHED, RESULTS_ABANDONED };

struct results_seat {
    int64_t id;
    char name[RESULTS_NAME_MAX];
    char token[RESULTS_NAME_MAX]; /* free text; "" for none */
};

struct results_state {
    int64_t version;
    int64_t seq; /* the last event applied; 0 for none */
    enum results_status status;
    bool has_winner;
    int64_t winner;
    bool has_result; /* a `result` event decided the game */
    struct results_outcome result;
    int n;
    struct results_seat players[RESULTS_MAX_PLAYERS];
};

enum results_event_type { RESULTS_EV_RESULT, RESULTS_EV_NOTE, RESULTS_EV_END, RESULTS_EV_OTHER };

/* One event as the engine applies it. */
struct results_event {
    enum results_event_type type;
    enum results_variant variant; /* result */
    int nstandings;               /* result: one standing per seat */
    struct results_standing standings[RESULTS_MAX_PLAYERS];
    bool has_winner; /* end: the winner the table names (else the play is abandoned) */
    int64_t winner;
};

/* Set *st to the state of a new game seating ids[0..n) with their names and tokens
 * (NULL tokens: none), version 1. Returns 0, or -1 when n is not 1..RESULTS_MAX_PLAYERS
 * or a name or token does not fit (st is then unchanged). This function does no I/O. */
int results_state_init(struct results_state *st, const int64_t *ids, const char *const *names,
                       const char *const *tokens, int n);

/* Does the state take an event of type t? 0 when it does; RESULTS_OVER (RESULTS-END)
 * once the game is over for any type but a note; -1 for a type a results-mode game does
 * not take. ref gets the refusal. This function does no I/O. */
int results_accepts(const struct results_state *st, enum results_event_type t,
                    struct results_refusal *ref);

/* Apply ev to *st, a game of edition ed, as event seq: a result decides the outcome
 * (results_decide()) and finishes the game; an end finishes it with the winner the table
 * names (who must be seated), else abandons it; a note changes only seq. Returns 0, or
 * -1 / RESULTS_OVER with ref filled and *st unchanged. This function does no I/O. */
int results_apply(struct results_state *st, enum results_edition ed, const struct results_event *ev,
                  int64_t seq, struct results_refusal *ref);

/* The status's name ("active", "finished", "abandoned"), or -1 from a name. These
 * functions can't fail. */
const char *results_status_name(enum results_status s);
int results_status_from_name(const char *name);

#endif
