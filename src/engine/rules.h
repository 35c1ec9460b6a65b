/* rules.h -- the Travel World Tour rules engine: pure C, no I/O.
 *
 * rules_apply() takes the campaign's board, the stamp-owner policy, a game state and
 * one event, and either changes the state and lists the effects, or refuses and
 * names the rule (RULES.md ids such as "TWT-FEE-GOAL"). The state holds the Travel
 * Journal as it stands (stamps from earlier games, plus those made in this game), so
 * payouts need nothing else. A refused event leaves the state exactly as it was
 * (rules_apply_in_place(), for a state thrown away on refusal, saves the copy that
 * takes). */
#ifndef STAMPBOOK_RULES_H
#define STAMPBOOK_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"

#define RULES_MAX_PLAYERS 4
#define RULES_MIN_PLAYERS 2
#define RULES_NAME_MAX 324 /* 80 characters of UTF-8, NUL included */
#define RULES_TEXT_MAX 8004
#define RULES_MAX_EFFECTS 160
#define RULES_DETAIL_MAX 240
#define RULES_WIN_STAMPS 4
#define RULES_JAIL_FINE 50
#define RULES_FLIGHT_LOCAL_COST 100
#define RULES_FLIGHT_LONG_COST 200
#define RULES_JAIL_SPACE 10
#define RULES_JAIL_TRIES 3 /* failed rolls in Jail before the fine is due (TWT-JAIL-2) */
#define RULES_MIN_BID 10
#define RULES_MONEY_UNIT 10                  /* every amount in the game is a multiple of 10 */
#define RULES_CASH_MAX 1000000000            /* API.md: money within 0..10^9 */
#define RULES_MAX_FEES 16                    /* tour fees due at once; past it the oldest lapses */
#define RULES_MAX_HELD (2 * BOARD_MAX_CARDS) /* Get Out of Jail Free cards one player holds */

enum game_mode { MODE_BANKER, MODE_JOURNAL };

/* ---- house rules (RULES.md §1b): a campaign's own readings, kept by each game ---- */

enum goal_jump_rule { GOAL_JUMP_NEXT_TURN, GOAL_JUMP_ANY_TURN };
enum free_parking_rule { FREE_PARKING_NOTHING, FREE_PARKING_JACKPOT };
enum fees_rule { FEES_ASK, FEES_AUTOMATIC };

#define RULES_GO_LANDING_DOUBLE 400 /* HOUSE-GO-LANDING: the other value of go_landing */
#define RULES_STAMPS_MIN 3          /* HOUSE-WIN: stamps_to_win 3..6 */
#define RULES_STAMPS_MAX 6
#define RULES_START_CASH_MIN 500 /* HOUSE-CASH: starting_cash 500..5000 in tens */
#define RULES_START_CASH_MAX 5000
#define RULES_POT (-2) /* the Free Parking pot as the payee of a payment (HOUSE-FREE-PARKING) */

/* The eight switches; rules_house_official() gives the rulebook's reading of each. A
 * game copies them at its start and keeps them for its whole life. Every field is an
 * int or an enum (the yes/no switches are 0 or 1), so the struct has no padding and
 * states compare byte for byte. */
struct house_rules {
    enum goal_jump_rule goal_jump;       /* HOUSE-GOAL-JUMP */
    int travel_pays_go;                  /* HOUSE-TRAVEL-GO: ticket and goal jump pay TWT-GO */
    int go_landing;                      /* HOUSE-GO-LANDING: 200 or 400 */
    enum free_parking_rule free_parking; /* HOUSE-FREE-PARKING */
    int auction;                         /* HOUSE-AUCTION: 0, a declined card stays with the Bank */
    enum fees_rule fees;                 /* HOUSE-FEES */
    int stamps_to_win;                   /* HOUSE-WIN: 3..6 */
    int starting_cash;                   /* HOUSE-CASH: 500..5000, in tens */
};

/* The switch names, in the order of struct house_rules (API.md "House rules"). */
enum house_switch {
    HOUSE_GOAL_JUMP,
    HOUSE_TRAVEL_PAYS_GO,
    HOUSE_GO_LANDING,
    HOUSE_FREE_PARKING,
    HOUSE_AUCTION,
    HOUSE_FEES,
    HOUSE_STAMPS_TO_WIN,
    HOUSE_STARTING_CASH,
    HOUSE_NSWITCHES
};

/* The rulebook's readings (RULES.md §1). This function can't fail. */
struct house_rules rules_house_official(void);

/* The readings a game started before house rules existed was played by: the goal jump
 * at any turn and no salary for the ticket or the jump; every other switch official. A
 * state without house rules is read as such, so an old game replays as it was played.
 * This function can't fail. */
struct house_rules rules_house_legacy(void);

/* The first switch of hr whose value is outside its range, or -1 when all are valid.
 * This function can't fail. */
int rules_house_invalid(const struct house_rules *hr);

/* True when switch sw of hr differs from the official reading. This function can't fail. */
bool rules_house_differs(const struct house_rules *hr, enum house_switch sw);

/* The RULES.md id of switch sw ("HOUSE-FEES"...). This function can't fail. */
const char *rules_house_rule(enum house_switch sw);

enum game_status { STATUS_ACTIVE, STATUS_FINISHED, STATUS_ABANDONED };
enum stamp_owner { STAMP_OWNER_TOKEN, STAMP_OWNER_PLAYER };

enum pending_kind {
    PENDING_NONE,
    PENDING_BUY_OR_AUCTION, /* blocks; dest */
    PENDING_DRAW,           /* blocks; deck */
    PENDING_CHOOSE,         /* blocks; options */
};

enum deck { DECK_CHANCE, DECK_JOURNAL };

struct pending {
    enum pending_kind kind;
    int seat; /* the player who must decide (the lander, drawer or chooser) */
    int dest; /* BUY_OR_AUCTION: the destination index */
    enum deck deck;
    int noptions; /* CHOOSE: destination indexes */
    int options[BOARD_MAX_DESTS];
};

/* One stamp on a Travel Journal card: permanent across games. */
struct journal_stamp {
    int token;      /* index into board.tokens */
    int64_t player; /* the person who stamped */
    int64_t game;   /* the game it was made in */
    int64_t seq;    /* the event that made it */
};

struct journal_state {
    int nstamps; /* stamps fill slots in order: slot i holds stamps[i] */
    struct journal_stamp stamps[BOARD_MAX_SLOTS];
};

/* A Get Out of Jail Free card a player holds: out of its deck until used (TWT-JAIL-2). */
struct held_card {
    enum deck deck;
    int card; /* index into that deck, or -1 when not known (a state from before cards
               * were tracked) */
};

struct player_state {
    int64_t id;
    char name[RULES_NAME_MAX];
    int token; /* index into board.tokens */
    int cash;
    int position;
    bool in_jail;
    int jail_attempts;                     /* failed rolls for a double in this stay */
    int jail_cards;                        /* cards held: held[0..jail_cards) */
    struct held_card held[RULES_MAX_HELD]; /* oldest first */
    /* TWT-GOAL-JUMP, as bits by destination index: each jump has its own window. */
    uint64_t jump_next; /* came to hold these jumpable cards: offered next turn */
    uint64_t jump_now;  /* the jumps offered in this turn, until the roll */
};

struct dest_state {
    int owner;      /* seat, or -1 for the Bank */
    int stamped_by; /* seat, or -1 */
};

/* A tour fee the owner may still ask (TWT-FEE): until the next player rolls. */
struct fee_due {
    int dest;
    int owner;   /* seat */
    int payer;   /* seat: the lander */
    int amount;  /* the fee or set fee at landing (TWT-FEE-SET) */
    int earlier; /* 1: owed from a turn before the current one, lapses at the next roll
                  * (an int, so the struct has no padding) */
};

struct turn_state {
    int seat;     /* whose turn it is */
    int doubles;  /* doubles rolled in a row this turn, 0..2 */
    int rolls;    /* rolls made this turn; 0 at its start */
    bool rolled;  /* no roll left this turn */
    bool jumped;  /* a goal jump was made this turn */
    bool can_fly; /* the current player stands on a flight space just landed on */
};

struct game_state {
    int64_t game;
    enum game_mode mode;
    enum game_status status;
    int winner;  /* seat, or -1 */
    int64_t seq; /* the last live event applied */
    int nplayers;
    struct player_state players[RULES_MAX_PLAYERS];
    struct dest_state dests[BOARD_MAX_DESTS];
    struct turn_state turn;
    struct pending pending;
    int nfees; /* fees still askable, oldest first */
    struct fee_due fees[RULES_MAX_FEES];
    int nlapsed; /* fees that lapsed at the last roll (asked too late), for the table */
    struct fee_due lapsed[RULES_MAX_FEES];
    int ticket_holder; /* seat, or -1 */
    bool ticket_used;
    struct journal_state journal[BOARD_MAX_CARDS]; /* by board.journal index */
    int corrections; /* correct events applied (correct.h): the board is no longer the first */
    struct house_rules house; /* the readings this game plays by, from its start */
    int pot;                  /* money on Free Parking (HOUSE-FREE-PARKING jackpot) */
};

enum event_type {
    EVENT_ROLL,
    EVENT_BUY,
    EVENT_AUCTION,
    EVENT_COLLECT_FEE,
    EVENT_DRAW_CHANCE,
    EVENT_DRAW_JOURNAL,
    EVENT_CHOOSE,
    EVENT_FLY,
    EVENT_USE_TICKET,
    EVENT_GOAL_JUMP,
    EVENT_JAIL_PAY,
    EVENT_JAIL_CARD,
    EVENT_TRADE,
    EVENT_ADJUST,
    EVENT_NOTE,
    EVENT_END,
    EVENT_STAMP_GOAL,
    EVENT_CORRECT, /* a correction of the box: correct_apply() (correct.h), not rules_apply() */
    EVENT_COUNT    /* the number of event types, not a type: each table has a row per type */
};

struct trade_side {
    int cash;
    int ndests;
    int dests[BOARD_MAX_DESTS];
    int jail_cards;
};

/* An event with its ids resolved to indexes by the caller; -1 where a field is absent
 * ("player" = seat, "card" = index into the deck, "dest"/"to" = destination index). */
struct rules_event {
    enum event_type type;
    int64_t seq; /* the seq this event gets in the log */
    int player;  /* ROLL (optional), ADJUST, DRAW_JOURNAL and STAMP_GOAL in journal mode */
    int d1, d2;  /* ROLL */
    int card;    /* DRAW_CHANCE, DRAW_JOURNAL */
    int dest;    /* CHOOSE, FLY, USE_TICKET, GOAL_JUMP, STAMP_GOAL, COLLECT_FEE (-1: the latest) */
    int winner;  /* AUCTION, END: seat or -1 */
    int price;   /* AUCTION */
    int a, b;    /* TRADE: seats */
    struct trade_side a_gives, b_gives;
    int amount;           /* ADJUST: may be negative */
    struct board_fix fix; /* CORRECT */
};

enum effect_out_kind {
    OUT_MOVE,           /* player, from, to */
    OUT_SALARY,         /* player, amount */
    OUT_PAY,            /* from, to (seat or -1 for the Bank), amount, reason */
    OUT_BOARD_STAMP,    /* player, dest */
    OUT_JOURNAL_STAMP,  /* card, slot, token, player */
    OUT_JOURNAL_PAYOUT, /* card, player, token, stamps, amount */
    OUT_JAIL,           /* player */
    OUT_JAIL_FREE,      /* player leaves Jail */
    OUT_TICKET,         /* player, action (ticket_take / ticket_use) */
    OUT_OWNER,          /* dest, from, to: a destination changes hands */
    OUT_WIN,            /* player */
    OUT_POT,            /* player, amount: the lander takes the Free Parking pot */
};

enum ticket_action { TICKET_TAKE, TICKET_USE };

struct rules_effect {
    enum effect_out_kind kind;
    int player;   /* seat */
    int from, to; /* MOVE: spaces; PAY/OWNER: seats, -1 = the Bank, RULES_POT = the pot */
    int amount;
    const char *reason; /* PAY: a static string such as "fee", "tax", "journal" */
    int dest;
    int card; /* journal card index */
    int slot;
    int token;
    int stamps;
    enum ticket_action action;
};

/* Why the engine refused: a conflict with the game's state (the game is over) or a
 * rule or validation saying no. The HTTP side maps them to 409 and 422. */
enum rules_refusal_kind {
    RULES_REFUSED = 1,
    RULES_CONFLICT = 2,
};

struct rules_refusal {
    enum rules_refusal_kind kind;
    const char *rule; /* a RULES.md id, static */
    char detail[RULES_DETAIL_MAX];
};

struct rules_outcome {
    int neffects;
    struct rules_effect effects[RULES_MAX_EFFECTS];
    struct rules_refusal refusal;
};

/* Record a refusal in out: its kind, the rule, a printf-style sentence. Returns -1. */
int rules_refuse(struct rules_outcome *out, enum rules_refusal_kind kind, const char *rule,
                 const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Clear a pending decision: none is due. This function can't fail. */
void rules_pending_clear(struct pending *p);

/* The seats of a new game, in play order. */
struct rules_seat {
    int64_t player;
    const char *name;
    int token; /* index into board.tokens */
};

/* Fill st with the state of a new game: every seat with start_cash on GO (banker
 * mode), the first seat to roll, the golden ticket on Free Parking, and the journal
 * as given (NULL: no stamps). Returns 0, or -1 with out->refusal set when the seats are
 * not 2..4 players with distinct players and tokens. The game plays by the official
 * readings, with the box's start_cash. */
int rules_init(const struct board *b, enum game_mode mode, int64_t game,
               const struct rules_seat *seats, int nseats, const struct journal_state *journal,
               struct game_state *st, struct rules_outcome *out);

/* rules_init() for a game that plays by house rules hr (NULL: as rules_init()): each seat
 * starts with hr->starting_cash. -1 with out->refusal naming the switch when hr is not
 * valid (rules_house_invalid()). */
int rules_init_house(const struct board *b, enum game_mode mode, int64_t game,
                     const struct house_rules *hr, const struct rules_seat *seats, int nseats,
                     const struct journal_state *journal, struct game_state *st,
                     struct rules_outcome *out);

/* An event of type t with every field absent: seats, dice, card, destinations and
 * price -1, amounts 0, no trade side, seq 0. This function can't fail. */
struct rules_event rules_event_new(enum event_type t);

/* Apply one event. On success returns 0: st is the new state (st->seq = ev->seq) and
 * out lists the effects in order. On refusal returns -1: st is unchanged and
 * out->refusal says why. This function does no I/O and allocates nothing. */
int rules_apply(const struct board *b, enum stamp_owner policy, struct game_state *st,
                const struct rules_event *ev, struct rules_outcome *out);

/* rules_apply() without its two copies of the state (17 KB each), for a caller that
 * throws st away when the event is refused: on success the same st and out as
 * rules_apply(); on refusal returns -1 with the same out->refusal, but st is
 * unspecified after a refusal (it may be half changed: throw it away). Does no I/O and
 * allocates nothing. */
int rules_apply_in_place(const struct board *b, enum stamp_owner policy, struct game_state *st,
                         const struct rules_event *ev, struct rules_outcome *out);

/* Copy src into dst as far as the engine reads a state of board b: everything but the
 * journal rows of the cards b does not have (b->njournal and on), which no event reads
 * or writes (the one write to the journal stamps a card checked against b->njournal). On
 * a board of ten cards that is some 8.7 KB of the 17 KB; dst's rows past the board keep
 * what they held, perhaps nothing initialised. This function can't fail. */
void rules_state_copy(const struct board *b, struct game_state *dst, const struct game_state *src);

/* ---- the legal events now (API.md "Additions of 2026-12": state.options) ---- */

#define RULES_MAX_OPTIONS (RULES_MAX_FEES + 16)

/* One event the table may send now, with what it needs to offer it. Fields that do not
 * apply to the type are -1 (ndests 0). */
struct rules_option {
    enum event_type type;
    int player;     /* seat who acts (the roller, lander, drawer, holder), -1 for anyone */
    int dest;       /* BUY, AUCTION: the destination; COLLECT_FEE: the fee's destination */
    int amount;     /* BUY: the price; FLY, JAIL_PAY: the cost; COLLECT_FEE: the fee;
                     * AUCTION: the lowest bid; JAIL_CARD: the cards held */
    int owner;      /* COLLECT_FEE: seat of the owner (the payer is player) */
    int space;      /* FLY: the flight space (local or long-distance) */
    enum deck deck; /* DRAW_*: the deck */
    int jail_try;   /* ROLL of a player in Jail: this try, 1..jail_tries; else 0 */
    int jail_tries; /* ROLL in Jail: the tries before the fine (amount) is owed */
    int ndests;     /* CHOOSE, FLY, USE_TICKET, GOAL_JUMP: the destinations; DRAW_*: */
    int dests[BOARD_MAX_DESTS]; /* the cards that may be drawn (held ones are out) */
    const char *rule;           /* refused[] only: the rule that says no now */
    char detail[RULES_DETAIL_MAX];
};

/* The events legal now and those the table would look for but the rules refuse now
 * (buying or flying without the cash, paying to leave Jail with less than 50). trade,
 * adjust, note and end are always possible and never listed. */
struct rules_options {
    int n;
    struct rules_option list[RULES_MAX_OPTIONS];
    int nrefused;
    struct rules_option refused[RULES_MAX_OPTIONS];
    struct game_state scratch; /* working space of rules_options() */
    struct rules_outcome out;
};

/* Fill opts with the legal events of st (banker mode; none in journal mode or once the
 * game is over). Each listed event is one rules_apply() accepts: the engine tries it
 * (with the first destination or card it names; the others come from the same rule, and
 * the random-game test tries them all). Reads only; this function can't fail. */
void rules_options(const struct board *b, const struct game_state *st, struct rules_options *opts);

/* ---- Travel Journal payouts (TWT-JOURNAL-4, TWT-JOURNAL-5) ---- */

#define RULES_MAX_HOLDERS 8 /* seats rules_journal_payouts() reckons at most */

/* Someone seated tonight: the person and the token they play. */
struct rules_holder {
    int64_t player;
    int token; /* index into board.tokens, -1 for a token not on the board */
};

/* What drawing a card would pay one holder: stamps held and the amount (negative: pays),
 * before TWT-CASH limits what a payer has. */
struct rules_payout {
    int holder; /* index into the holders given */
    int stamps;
    long long amount;
};

/* Each seat's jumpable destinations (owned, one of its goals, unstamped) as bits by
 * destination index into bits[0..st->nplayers), in one pass over the board
 * (TWT-GOAL-JUMP). This function can't fail. */
void rules_jumpable(const struct board *b, const struct game_state *st, uint64_t *bits);

/* After an event or a correction of the box (correct.c): each seat that came to hold a
 * jumpable card it did not hold before (before: rules_jumpable() then) is offered the jump
 * to it at the start of its next turn. This function can't fail. */
void rules_jump_earn(const struct board *b, struct game_state *st, const uint64_t *before);

/* Who of holders[0..n) holds the stamps on a card tonight under policy, and what a draw
 * of card would pay each with n seated (one entry per holder with stamps, in holder
 * order, amount 0 for a card without a per-stamp effect; holders past
 * RULES_MAX_HOLDERS are not reckoned). Returns the number of entries
 * written to out (room for n). This function can't fail. */
int rules_journal_payouts(const struct journal_card *card, const struct journal_state *js,
                          enum stamp_owner policy, const struct rules_holder *holders, int n,
                          struct rules_payout *out);

/* The seat of the player with this id, or -1. This function can't fail. */
int rules_seat_of(const struct game_state *st, int64_t player);

/* The board stamps seat has made this game (its destinations' stamped_by). This
 * function can't fail. */
int rules_board_stamps(const struct board *b, const struct game_state *st, int seat);

/* The seat whose action is next at the dice: the current seat while it may still roll,
 * else the following seat. This function can't fail. */
int rules_next_seat(const struct game_state *st);

/* True when seat owns a card whose goal is dest (TWT-GOAL-1). This function can't fail. */
bool rules_is_goal(const struct board *b, const struct game_state *st, int seat, int dest);

/* ---- the event types: one row each in rules.c's table (README "How it is built") ---- */

#define RULES_EVENT_FIELDS 10 /* fields one event type takes at most */

/* Event type names as in API.md ("roll", "draw_journal"...), and back (-1: unknown).
 * These functions can't fail. */
const char *rules_event_name(enum event_type t);
int rules_event_from_name(const char *name);

/* The fields an event of type t takes besides "type", as API.md names them: up to
 * RULES_EVENT_FIELDS, NULL-ended when fewer; NULL for an unknown type. Static; this
 * function can't fail. */
const char *const *rules_event_fields(enum event_type t);

/* How an offered event type is taken: a column of rules.c's table, so no reader of an
 * option (the engine's tries, the codec, the tests) asks which type it holds. */
enum rules_offer {
    OFFER_ANYONE = 1, /* its option names no player: anyone may take it (an auction's bid) */
    OFFER_CARDS = 2,  /* its option lists cards (of o->deck): the event takes one as card */
    OFFER_DICE = 4,   /* the event names the option's player and the dice thrown (a roll) */
    OFFER_LAST = 8,   /* listed after every other type (rules_options() tries it last) */
};

/* The rules_offer bits of type t (0 for a type never offered or outside the table).
 * This function can't fail. */
unsigned rules_event_offer(enum event_type t);

/* The event the table sends to take option o: with the k-th of its destinations or cards
 * (o->dest when it lists none), and for a roll (OFFER_DICE) its player and the dice d1,
 * d2. rules_options() tries each option with k 0 and the dice 1 and 2. This function
 * can't fail. */
struct rules_event rules_option_event(const struct rules_option *o, int k, int d1, int d2);

#endif
