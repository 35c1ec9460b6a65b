/* classic.h -- the classic Monopoly and Wonders of the World bank: pure C, no I/O.
 *
 * classic_apply() takes a box (struct classic_board), a game state and one event, and
 * either changes the state and lists the effects, or refuses and names the rule
 * (RULES.md §3 and §3b ids such as "CLASSIC-BUILD"). Dice and card draws are told by
 * the table: a roll carries d1 and d2, a draw the card. A refused event leaves the
 * state exactly as it was. Spaces are named by their index on the board (0..39)
 * everywhere an event, an effect or an option names a deed; deed indexes (into
 * classic_board.deeds and classic_state.deeds) are the board's own order. */
#ifndef STAMPBOOK_CLASSIC_H
#define STAMPBOOK_CLASSIC_H

#include <stdbool.h>
#include <stdint.h>

#define CLASSIC_SPACES 40
#define CLASSIC_MIN_PLAYERS 2
#define CLASSIC_MAX_PLAYERS 8
#define CLASSIC_WONDERS_MAX_PLAYERS 6 /* WONDERS-BOX: 2 to 6 players */
#define CLASSIC_MAX_DEEDS 28          /* 22 streets, 4 stations, 2 utilities */
#define CLASSIC_STREETS 22            /* Wonders: the 22 wonders of the passport */
#define CLASSIC_DECK_CARDS 16         /* cards in each deck */
#define CLASSIC_MAX_GROUP 4           /* lots of one group at most (the stations) */
#define CLASSIC_RENTS 6               /* bare, 1..4 houses, hotel */
#define CLASSIC_STATION_RENTS 4       /* 1..4 stations held */
#define CLASSIC_NAME_MAX 324          /* 80 characters of UTF-8, NUL included */
#define CLASSIC_ID_MAX 64             /* bytes of an id (card id, group), NUL included */
#define CLASSIC_DETAIL_MAX 240
#define CLASSIC_MAX_EFFECTS 256
#define CLASSIC_MAX_RENTS 16 /* rents askable at once; past it the oldest lapses */
#define CLASSIC_MAX_DEBTS 16 /* debts waiting behind the current one (CLASSIC-DEBT) */
#define CLASSIC_MAX_OPTIONS 192
#define CLASSIC_HOUSES 32 /* CLASSIC-STOCK: the box's stock */
#define CLASSIC_HOTELS 12
#define CLASSIC_CASH_MAX 1000000000 /* API.md: money within 0..10^9 */
#define CLASSIC_JAIL_TRIES 3        /* failed Jail rolls before the fine is due */
#define CLASSIC_START_CASH_MIN 500  /* HOUSE-CASH: 500..5000 in tens */
#define CLASSIC_START_CASH_MAX 5000
#define CLASSIC_GO_LANDING_DOUBLE 400 /* HOUSE-GO-LANDING: the other value of go_landing */

/* Who pays or is paid besides a seat (effects, debts): the Bank and the Free Parking
 * pot (HOUSE-FREE-PARKING). */
#define CLASSIC_BANK (-1)
#define CLASSIC_POT (-2)

/* ---- the box --------------------------------------------------------------------- */

/* Wonders uses the same kinds: a wonder is a street, an airport a station. */
enum classic_space_kind {
    CLASSIC_SPACE_GO,
    CLASSIC_SPACE_STREET,
    CLASSIC_SPACE_STATION,
    CLASSIC_SPACE_UTILITY,
    CLASSIC_SPACE_CHANCE,
    CLASSIC_SPACE_COMMUNITY,
    CLASSIC_SPACE_TAX,
    CLASSIC_SPACE_JAIL,
    CLASSIC_SPACE_FREE_PARKING,
    CLASSIC_SPACE_GO_TO_JAIL,
    CLASSIC_SPACE_KIND_COUNT
};

struct classic_space {
    enum classic_space_kind kind;
    int amount; /* TAX: the tax */
    int deed;   /* STREET, STATION, UTILITY: index into classic_board.deeds, else -1 */
    char name[CLASSIC_NAME_MAX];
};

/* A title deed. Streets use rents[0..5] (bare, 1..4 houses, hotel) and house; stations
 * rents[0..3] (1..4 stations held); utilities multipliers[0..1] (one or both held). */
struct classic_deed {
    int space;                   /* its space on the board */
    int price;                   /* >= 1 */
    int mortgage;                /* the mortgage value (the box's: price / 2) */
    int house;                   /* streets: the cost of a house (a hotel costs the same) */
    int rents[CLASSIC_RENTS];    /* see above */
    int multipliers[2];          /* utilities: x4, x10 */
    char group[CLASSIC_ID_MAX];  /* streets: the colour group ("brown"); "station", "utility" */
    char name[CLASSIC_NAME_MAX]; /* "Rue de la Paix", "Merveille 1" */
};

/* What a Chance or Community Chest card does to its drawer. */
enum classic_card_kind {
    CLASSIC_CARD_NONE,
    CLASSIC_CARD_COLLECT,           /* amount from the Bank */
    CLASSIC_CARD_PAY,               /* amount to the Bank (a debt when short) */
    CLASSIC_CARD_MOVE_TO,           /* to space; the GO salary when passing or reaching GO
                                     * going forwards and salary is set (CLASSIC-GO) */
    CLASSIC_CARD_MOVE_BY,           /* steps (negative: backwards); salary as MOVE_TO */
    CLASSIC_CARD_GO_TO_JAIL,        /* CLASSIC-JAIL-IN */
    CLASSIC_CARD_JAIL_FREE,         /* kept until used or sold (CLASSIC-CARDS) */
    CLASSIC_CARD_REPAIRS,           /* house a house, hotel a hotel the drawer holds */
    CLASSIC_CARD_COLLECT_FROM_EACH, /* amount from every other player standing */
    CLASSIC_CARD_PAY_OR_CHANCE,     /* pay amount or draw a Chance card: the drawer's choice */
    CLASSIC_CARD_KIND_COUNT
};

struct classic_card {
    enum classic_card_kind kind;
    int amount; /* COLLECT, PAY, COLLECT_FROM_EACH, PAY_OR_CHANCE */
    int space;  /* MOVE_TO */
    int salary; /* MOVE_TO, MOVE_BY: 1 when the move may pay the GO salary */
    int steps;  /* MOVE_BY */
    int house;  /* REPAIRS: per house */
    int hotel;  /* REPAIRS: per hotel */
    char id[CLASSIC_ID_MAX];
};

enum classic_deck { CLASSIC_DECK_CHANCE, CLASSIC_DECK_COMMUNITY, CLASSIC_DECKS };

/* A box: the board, the deeds, both decks and the money. The game layer fills it from
 * the edition's JSON (with the group's corrections); the engine only reads it. */
struct classic_board {
    int wonders;    /* 1: Wonders of the World (WONDERS-*), 0: classic */
    int start_cash; /* CLASSIC-SETUP: 1500 */
    int go_salary;  /* CLASSIC-GO: 200 */
    int jail_fine;  /* CLASSIC-JAIL-OUT: 50 */
    int end_bonus;  /* WONDERS-END: 1500 for the first full passport (0 in classic) */
    int houses;     /* CLASSIC-STOCK: 32 */
    int hotels;     /* CLASSIC-STOCK: 12 */
    struct classic_space spaces[CLASSIC_SPACES];
    int ndeeds;
    struct classic_deed deeds[CLASSIC_MAX_DEEDS];
    int ncards[CLASSIC_DECKS];
    struct classic_card cards[CLASSIC_DECKS][CLASSIC_DECK_CARDS];
};

/* The index into b->deeds of the deed on space, or -1 (not a deed, or out of range).
 * This function can't fail. */
int classic_board_deed(const struct classic_board *b, int space);

/* The lots of the group of deed d (deed indexes, d included, in board order) into
 * out[CLASSIC_MAX_GROUP]; returns how many. This function can't fail. */
int classic_board_group(const struct classic_board *b, int d, int *out);

/* ---- house rules (RULES.md §3b) ------------------------------------------------- */

enum classic_free_parking { CLASSIC_FREE_PARKING_NOTHING, CLASSIC_FREE_PARKING_JACKPOT };
enum classic_jail_double { CLASSIC_JAIL_DOUBLE_MOVE, CLASSIC_JAIL_DOUBLE_ROLL_AGAIN };
enum classic_rent_rule { CLASSIC_RENT_ASK, CLASSIC_RENT_AUTOMATIC };
enum classic_variant { CLASSIC_VARIANT_STANDARD, CLASSIC_VARIANT_SHORT, CLASSIC_VARIANT_TIMED };

/* The seven switches; a game copies them at its start and keeps them. Every field is
 * an int or an enum, so the struct has no padding. */
struct classic_house_rules {
    enum classic_free_parking free_parking; /* HOUSE-FREE-PARKING */
    int auction;                            /* HOUSE-AUCTION: 1 official, 0 no auction */
    int go_landing;                         /* HOUSE-GO-LANDING: 200 (official) or 400, as
                                             * API.md names them: 400 doubles the box's
                                             * salary for landing on GO by dice */
    int starting_cash;                      /* HOUSE-CASH: 0 = the box's start_cash, else
                                             * 500..5000 in tens */
    enum classic_jail_double jail_double;   /* HOUSE-JAIL-DOUBLE */
    enum classic_rent_rule rent;            /* HOUSE-RENT-ASK */
    enum classic_variant variant;           /* HOUSE-VARIANT */
};

/* The switch names, in the order of struct classic_house_rules. */
enum classic_house_switch {
    CLASSIC_HOUSE_FREE_PARKING,
    CLASSIC_HOUSE_AUCTION,
    CLASSIC_HOUSE_GO_LANDING,
    CLASSIC_HOUSE_STARTING_CASH,
    CLASSIC_HOUSE_JAIL_DOUBLE,
    CLASSIC_HOUSE_RENT,
    CLASSIC_HOUSE_VARIANT,
    CLASSIC_HOUSE_NSWITCHES
};

/* The official readings (RULES.md §3b "official"), starting_cash 0 (the box's). This
 * function can't fail. */
struct classic_house_rules classic_house_official(void);

/* The first switch of hr whose value is outside its range, or -1 when all are valid.
 * This function can't fail. */
int classic_house_invalid(const struct classic_house_rules *hr);

/* True when switch sw of hr differs from the official reading (starting_cash: when set
 * and not 1500). This function can't fail. */
bool classic_house_differs(const struct classic_house_rules *hr, enum classic_house_switch sw);

/* The RULES.md id of switch sw ("HOUSE-RENT-ASK"...), "" out of range. This function
 * can't fail. */
const char *classic_house_rule(enum classic_house_switch sw);

/* ---- the state -------------------------------------------------------------------- */

enum classic_status { CLASSIC_ACTIVE, CLASSIC_FINISHED, CLASSIC_ABANDONED };

/* A decision the table must take before the game goes on (API.md turn.pending). */
enum classic_pending_kind {
    CLASSIC_PENDING_NONE,
    CLASSIC_PENDING_BUY_OR_AUCTION,     /* space: the lander buys it or it is auctioned */
    CLASSIC_PENDING_DRAW,               /* deck: the drawer draws a card of it */
    CLASSIC_PENDING_PAY_OR_CHANCE,      /* the Community Chest choice; amount */
    CLASSIC_PENDING_BANKRUPTCY_AUCTION, /* space: a bankrupt's deed auctioned (queue: next) */
    CLASSIC_PENDING_FLIGHT,             /* Wonders: tick a wonder (WONDERS-FLIGHT) */
    CLASSIC_PENDING_KIND_COUNT
};

struct classic_pending {
    enum classic_pending_kind kind;
    int seat;  /* who decides (the lander, drawer, flyer); BANKRUPTCY_AUCTION: the bankrupt */
    int space; /* BUY_OR_AUCTION, BANKRUPTCY_AUCTION */
    enum classic_deck deck; /* DRAW */
    int amount;             /* PAY_OR_CHANCE: the fine */
    int flight;             /* BUY_OR_AUCTION on an airport: a FLIGHT follows (Wonders) */
    int nqueue;             /* BANKRUPTCY_AUCTION: the spaces still to auction after this */
    int queue[CLASSIC_MAX_DEEDS];
};

/* A rent the owner may still ask (CLASSIC-RENT-ASK): until the next player rolls. The
 * amount is computed when it is asked, from the lot as it is then
 * (classic_rent_amount()). */
struct classic_rent {
    int space;
    int owner; /* seat at the landing */
    int payer; /* seat: the lander */
    int dice;  /* the dice total of the landing (utilities: CLASSIC-RENT-UTILITY) */
};

struct classic_turn {
    int seat;    /* whose turn it is */
    int doubles; /* doubles rolled in a row this turn, 0..2 */
    int rolls;   /* rolls made this turn; 0 at its start */
    int rolled;  /* 1: no roll left this turn (the next roll is the next player's) */
    struct classic_pending pending; /* the decision shown (API.md turn.pending) */
    struct classic_pending resume;  /* a turn decision put aside by a bankruptcy auction */
    int nrents;                     /* rents still askable, oldest first */
    struct classic_rent rents[CLASSIC_MAX_RENTS];
};

/* Why a debt is owed (API.md debt.reason). */
enum classic_debt_reason {
    CLASSIC_DEBT_RENT,
    CLASSIC_DEBT_TAX,
    CLASSIC_DEBT_CARD,         /* a card's payment, repairs, a birthday */
    CLASSIC_DEBT_JAIL_FINE,    /* after the third failed Jail roll */
    CLASSIC_DEBT_MORTGAGE_FEE, /* the 10 % on a bankrupt's mortgaged deeds (CLASSIC-BANKRUPT) */
    CLASSIC_DEBT_REASON_COUNT
};

/* What happens once a debt is paid. */
enum classic_debt_after {
    CLASSIC_AFTER_NOTHING,
    CLASSIC_AFTER_JAIL_MOVE, /* the Jail fine: the player leaves Jail and moves by the dice */
};

/* A payment the debtor cannot make yet (CLASSIC-DEBT). */
struct classic_debt {
    int player;   /* the debtor (seat) */
    int creditor; /* seat, CLASSIC_BANK or CLASSIC_POT (a jackpot fine) */
    int amount;
    enum classic_debt_reason reason;
    enum classic_debt_after after;
    int space; /* RENT: the lot; TAX: the tax space; else -1 */
};

struct classic_player {
    int64_t id;
    char name[CLASSIC_NAME_MAX];
    char token[CLASSIC_NAME_MAX]; /* a free name */
    int cash;
    int position;
    int in_jail;
    int jail_attempts;             /* failed rolls for a double in this stay */
    int jail_cards[CLASSIC_DECKS]; /* Get Out of Jail Free cards held, 0 or 1 per deck */
    int bankrupt;                  /* out of the game */
    int dealt;                     /* short/timed: the two deeds dealt (CLASSIC-SHORT) */
    uint32_t passport;             /* Wonders: bit d set when deed d (a wonder) is ticked */
};

struct classic_deed_state {
    int owner;     /* seat, or CLASSIC_BANK */
    int houses;    /* 0..4 (0 with a hotel) */
    int hotel;     /* 0 or 1 */
    int mortgaged; /* 0 or 1 */
};

struct classic_state {
    int64_t seq; /* the last live event applied */
    enum classic_status status;
    int winner;                       /* seat, or -1 */
    struct classic_house_rules house; /* the readings this game plays by, from its start */
    int nplayers;
    struct classic_player players[CLASSIC_MAX_PLAYERS]; /* seat order = play order */
    struct classic_deed_state deeds[CLASSIC_MAX_DEEDS]; /* by deed index */
    int bank_houses;                                    /* in the Bank's stock */
    int bank_hotels;
    int pot;    /* money on Free Parking (HOUSE-FREE-PARKING jackpot) */
    int d1, d2; /* the last roll, 0 0 before the first */
    struct classic_turn turn;
    int has_debt;             /* 1: debt holds the debt that blocks the table */
    struct classic_debt debt; /* the current debt */
    int ndebts;               /* further debts, in the order they fall due */
    struct classic_debt debts[CLASSIC_MAX_DEBTS];
    int corrections; /* correct events applied: the board is no longer the first */
};

/* ---- events ------------------------------------------------------------------------ */

/* Every event type of API.md's classic table; CLASSIC_EV_COUNT counts them. */
enum classic_event_type {
    CLASSIC_EV_ROLL,
    CLASSIC_EV_BUY,
    CLASSIC_EV_AUCTION,
    CLASSIC_EV_COLLECT_RENT,
    CLASSIC_EV_DRAW_CHANCE,
    CLASSIC_EV_DRAW_COMMUNITY,
    CLASSIC_EV_PAY_OR_CHANCE,
    CLASSIC_EV_BUILD,
    CLASSIC_EV_SELL_BUILDING,
    CLASSIC_EV_MORTGAGE,
    CLASSIC_EV_UNMORTGAGE,
    CLASSIC_EV_TRADE,
    CLASSIC_EV_PAY_DEBT,
    CLASSIC_EV_BANKRUPT,
    CLASSIC_EV_JAIL_PAY,
    CLASSIC_EV_JAIL_CARD,
    CLASSIC_EV_TICK,
    CLASSIC_EV_DEAL,
    CLASSIC_EV_ADJUST,
    CLASSIC_EV_NOTE,
    CLASSIC_EV_CORRECT,
    CLASSIC_EV_END,
    CLASSIC_EV_COUNT
};

enum classic_choice { CLASSIC_CHOICE_PAY, CLASSIC_CHOICE_CHANCE };

/* What one side of a trade gives. */
struct classic_trade_side {
    int cash;
    int ndeeds;
    int deeds[CLASSIC_MAX_DEEDS];  /* spaces */
    int jail_cards[CLASSIC_DECKS]; /* 0 or 1 per deck */
};

/* A correction of the box (API.md "…/board/deeds/{space}", chance, community, spaces):
 * the new value of one whole fact, the part of the struct that what names. */
enum classic_fact {
    CLASSIC_FACT_DEED,
    CLASSIC_FACT_CHANCE,
    CLASSIC_FACT_COMMUNITY,
    CLASSIC_FACT_SPACE
};

struct classic_fix {
    enum classic_fact what;
    int index; /* DEED, SPACE: the space; CHANCE, COMMUNITY: the card's index in its deck */
    struct classic_deed deed;
    struct classic_card card;
    struct classic_space space;
};

/* An event with its ids resolved to indexes by the caller; -1 where a field is absent
 * (classic_event_new()). Seats are indexes into classic_state.players. */
struct classic_event {
    enum classic_event_type type;
    int64_t seq; /* the seq this event gets in the log */
    int player;  /* ROLL (optional: the player due), DEAL, ADJUST */
    int d1, d2;  /* ROLL */
    int card;    /* DRAW_*: index into that deck */
    int winner;  /* AUCTION, END: seat or -1 */
    int price;   /* AUCTION; BUILD: the shortage auction's price (-1: printed cost) */
    int space;   /* COLLECT_RENT (-1: the latest), BUILD, SELL_BUILDING, MORTGAGE,
                  * UNMORTGAGE, TICK */
    int houses;  /* SELL_BUILDING: the houses that stay on the lot (-1: one step down) */
    int choice;  /* PAY_OR_CHANCE: enum classic_choice */
    int deck;    /* JAIL_CARD: enum classic_deck, -1: the Chance card first */
    int a, b;    /* TRADE: seats */
    struct classic_trade_side a_gives, b_gives;
    int nlift; /* TRADE, BANKRUPT: the mortgaged deeds the receiver lifts at once */
    int lift[CLASSIC_MAX_DEEDS]; /* spaces */
    int nspaces;                 /* DEAL: 2 */
    int spaces[2];               /* DEAL: the deeds dealt (spaces) */
    int amount;                  /* ADJUST: may be negative */
    struct classic_fix fix;      /* CORRECT */
};

/* An event of type t with every field absent: seats, dice, card, spaces, price,
 * houses, deck -1; amounts 0; empty trade sides and lists; seq 0. This function can't
 * fail. */
struct classic_event classic_event_new(enum classic_event_type t);

#define CLASSIC_EVENT_FIELDS 8 /* fields one event type takes at most */

/* One row of the event table (one per type, in enum order; classic.c asserts it). */
struct classic_event_info {
    enum classic_event_type type;
    const char *name;                         /* API.md: "roll", "collect_rent"... */
    const char *fields[CLASSIC_EVENT_FIELDS]; /* API.md field names, NULL-ended */
    const char *rule;                         /* the RULES.md id that refuses it whole */
    int offered;        /* 1: classic_options() may list it; 0: never listed (trade,
                         * adjust, note, correct, end: always possible) */
    int carries_player; /* 1: its option names the seat that acts (option.player) */
    int once_over;      /* 1: accepted once the game is over (note) */
};

/* The row of type t, or NULL out of range. Static; this function can't fail. */
const struct classic_event_info *classic_event_info(enum classic_event_type t);

/* The type named name ("draw_chance"...), or -1. This function can't fail. */
int classic_event_from_name(const char *name);

/* ---- effects and refusals ---------------------------------------------------------- */

/* API.md's effect kinds. Every effect that moves money sets payer, payee (seat,
 * CLASSIC_BANK or CLASSIC_POT) and amount > 0 (classic_effect_moves_money()). */
enum classic_effect_kind {
    CLASSIC_FX_MOVE,          /* player, from, to (spaces) */
    CLASSIC_FX_SALARY,        /* player, amount (Bank -> player) */
    CLASSIC_FX_PAY,           /* payer -> payee, amount, reason ("price", "tax", "card",
                               * "auction", "fine", "fee", "trade", "bankrupt", "adjust"...) */
    CLASSIC_FX_RENT,          /* payer -> payee, space, amount */
    CLASSIC_FX_BUILD,         /* player, space, houses, hotel (after), amount (the cost) */
    CLASSIC_FX_SELL_BUILDING, /* player, space, houses, hotel (after), amount (paid) */
    CLASSIC_FX_MORTGAGE,      /* player, space, amount (Bank -> player) */
    CLASSIC_FX_UNMORTGAGE,    /* player, space, amount (player -> Bank) */
    CLASSIC_FX_DEBT,          /* player, creditor, amount: a debt falls due (moves nothing) */
    CLASSIC_FX_BANKRUPT,      /* player, creditor */
    CLASSIC_FX_TICK,          /* player, space (WONDERS-PASSPORT) */
    CLASSIC_FX_POT,           /* player, amount: the lander takes the pot (pot -> player) */
    CLASSIC_FX_JAIL,          /* player goes to Jail */
    CLASSIC_FX_JAIL_FREE,     /* player leaves Jail */
    CLASSIC_FX_WIN,           /* player */
    CLASSIC_FX_DEAL,          /* player, space: a deed dealt (its price is a PAY) */
    CLASSIC_FX_CARD,          /* player, deck, card: a card drawn, kept or put back */
    CLASSIC_FX_OWNER,         /* space, from, to (seats or CLASSIC_BANK): a deed changes hands */
    CLASSIC_FX_LAPSE,         /* space, player (payer): a rent asked too late lapses */
    CLASSIC_FX_KIND_COUNT
};

struct classic_effect {
    enum classic_effect_kind kind;
    int player;
    int from, to; /* MOVE: spaces; OWNER: seats or CLASSIC_BANK */
    int payer;    /* money effects: who pays (seat, CLASSIC_BANK, CLASSIC_POT) */
    int payee;    /* money effects: who is paid */
    int amount;
    int space;
    int houses;         /* BUILD, SELL_BUILDING: houses on the lot after */
    int hotel;          /* BUILD, SELL_BUILDING: hotel on the lot after */
    int creditor;       /* DEBT, BANKRUPT: seat or CLASSIC_BANK */
    int deck;           /* CARD */
    int card;           /* CARD */
    const char *reason; /* PAY, DEBT: static */
};

/* True when e moves money (payer, payee and amount say how much from whom to whom).
 * This function can't fail. */
bool classic_effect_moves_money(const struct classic_effect *e);

/* The API.md name of effect kind k ("move", "sell_building"...). This function can't
 * fail. */
const char *classic_effect_name(enum classic_effect_kind k);

enum classic_refusal_kind {
    CLASSIC_REFUSED = 1,  /* a rule or validation says no (HTTP 422) */
    CLASSIC_CONFLICT = 2, /* the game is over (HTTP 409) */
};

struct classic_refusal {
    enum classic_refusal_kind kind;
    const char *rule; /* a RULES.md id, static */
    char detail[CLASSIC_DETAIL_MAX];
};

struct classic_outcome {
    int neffects;
    struct classic_effect effects[CLASSIC_MAX_EFFECTS];
    struct classic_refusal refusal;
};

/* ---- setup and play -------------------------------------------------------------- */

/* The seats of a new game, in play order (the table seats the highest roll first). */
struct classic_seat {
    int64_t player;
    const char *name;
    const char *token;
};

/* Check a box: 40 spaces whose deeds point at deed rows of the matching kind and back,
 * 22 streets, 4 stations and 2 utilities, amounts and prices in range, groups of 2 to
 * 4 lots, cards whose spaces and kinds are valid, at most one Get Out of Jail Free card
 * per deck. Returns 0, or -1 with out->refusal naming the rule (CLASSIC-SETUP,
 * WONDERS-BOX). Reads only. */
int classic_board_check(const struct classic_board *b, struct classic_outcome *out);

/* Fill st with a new game: every seat with the starting cash (hr->starting_cash, or the
 * box's when 0) on GO, the first seat to roll, the box's stock in the Bank. hr NULL
 * means classic_house_official(). Returns 0, or -1 with out->refusal set when the
 * seats are not 2..8 (Wonders 2..6) with distinct ids, hr is invalid (the switch's id),
 * or the box fails classic_board_check(). */
int classic_init(const struct classic_board *b, const struct classic_house_rules *hr,
                 const struct classic_seat *seats, int nseats, struct classic_state *st,
                 struct classic_outcome *out);

/* Apply one event (any type but CORRECT, which classic_correct_apply() takes). On
 * success returns 0: st is the new state (st->seq = ev->seq) and out lists the effects
 * in order. On refusal returns -1: st is unchanged and out->refusal names the rule.
 * Does no I/O and allocates nothing. */
int classic_apply(const struct classic_board *b, struct classic_state *st,
                  const struct classic_event *ev, struct classic_outcome *out);

/* Apply one event to a game whose own board copy is b: a CORRECT event changes the
 * fact ev->fix names in b (checked with classic_board_check(); st->corrections counts
 * it), any other goes to classic_apply(). Returns 0, or -1 with b and st unchanged and
 * out->refusal set. */
int classic_correct_apply(struct classic_board *b, struct classic_state *st,
                          const struct classic_event *ev, struct classic_outcome *out);

/* ---- reading a state ------------------------------------------------------------- */

/* One event the table may send now, with what it needs to offer it; -1 where a field
 * does not apply. */
struct classic_option {
    enum classic_event_type type;
    int player;   /* the seat who acts (roller, lander, drawer, owner, debtor) */
    int space;    /* BUY, AUCTION, BUILD, SELL_BUILDING, MORTGAGE, UNMORTGAGE, COLLECT_RENT */
    int amount;   /* BUY: the price; AUCTION: the lowest bid (1); BUILD: the cost;
                   * SELL_BUILDING: paid; MORTGAGE: paid; UNMORTGAGE: the cost; JAIL_PAY:
                   * the fine; COLLECT_RENT: the rent now; PAY_DEBT: the debt;
                   * PAY_OR_CHANCE: the fine */
    int owner;    /* COLLECT_RENT: the owner (player is the payer) */
    int houses;   /* BUILD, SELL_BUILDING: houses on the lot after (0 with a hotel) */
    int hotel;    /* BUILD, SELL_BUILDING: hotel on the lot after */
    int deck;     /* DRAW_*, JAIL_CARD: the deck */
    int jail_try; /* ROLL of a player in Jail: this try, 1..3; else 0 */
    int choice;   /* PAY_OR_CHANCE: enum classic_choice (one option per choice allowed) */
    int nspaces;  /* TICK: the wonders that may be ticked; DEAL: the deeds that may be
                   * dealt; DRAW_*: the cards that may be drawn (cards, by index) */
    int spaces[CLASSIC_MAX_DEEDS > CLASSIC_DECK_CARDS ? CLASSIC_MAX_DEEDS : CLASSIC_DECK_CARDS];
};

/* The legal events now. trade, adjust, note, correct and end are always possible and
 * never listed. */
struct classic_options {
    int n;
    struct classic_option list[CLASSIC_MAX_OPTIONS];
    struct classic_state scratch; /* working space of classic_options() */
    struct classic_outcome out;
};

/* Fill opts with the legal events of st (none once the game is over). Each listed
 * event, built with classic_option_event(), is one classic_apply() accepts. Reads
 * only; this function can't fail. */
void classic_options(const struct classic_board *b, const struct classic_state *st,
                     struct classic_options *opts);

/* The event an option stands for (for list options, the first space or card it
 * names; a roll with dice 1 and 2; an auction without a winner: the deed stays with the
 * Bank). This function can't fail. */
struct classic_event classic_option_event(const struct classic_option *o);

/* What rent r would be if asked now (CLASSIC-RENT-*; 0 on a mortgaged lot). This
 * function can't fail. */
int classic_rent_amount(const struct classic_board *b, const struct classic_state *st,
                        const struct classic_rent *r);

/* What the receiver of deed d (a board deed index) pays the Bank when it changes hands
 * mortgaged (CLASSIC-TRADE, CLASSIC-BANKRUPT): *fee, 10 % of its mortgage value rounded
 * up, to keep it mortgaged; *lift, its mortgage value plus that 10 %, to lift it at once
 * (CLASSIC-MORTGAGE). Both 0 for a deed out of range. Either pointer may be NULL. This
 * function can't fail. */
void classic_receiver_costs(const struct classic_board *b, int d, int *fee, int *lift);

/* A player's net worth as CLASSIC-SHORT counts it: cash, printed price of unmortgaged
 * deeds, half the price of mortgaged ones, buildings at cost (a hotel counts its
 * houses). 0 for a seat out of range. This function can't fail. */
long long classic_net_worth(const struct classic_board *b, const struct classic_state *st,
                            int seat);

/* Whether the Bank is short of houses and of hotels now (API.md bank.shortage,
 * "Readings settled": 0 < stock < what the players together could still place, and at
 * least two players could build). Either pointer may be NULL. This function can't
 * fail. */
void classic_shortage(const struct classic_board *b, const struct classic_state *st, bool *houses,
                      bool *hotels);

/* The richest player standing (net worth; ties: the first in seat order), or -1 when
 * nobody stands. This function can't fail. */
int classic_richest(const struct classic_board *b, const struct classic_state *st);

/* True once the game is over (finished or abandoned); st->winner names the winner.
 * This function can't fail. */
bool classic_game_over(const struct classic_state *st);

/* The seat that rolls next: the current seat while it may still roll, else the next
 * seat standing. This function can't fail. */
int classic_next_seat(const struct classic_state *st);

/* The seat of the player with this id, or -1. This function can't fail. */
int classic_seat_of(const struct classic_state *st, int64_t player);

/* The API.md names of a pending kind ("buy_or_auction"...), a deck ("chance",
 * "community"), a debt reason ("rent"...), a variant ("standard"...). These
 * functions can't fail. */
const char *classic_pending_name(enum classic_pending_kind k);
const char *classic_deck_name(enum classic_deck d);
const char *classic_debt_reason_name(enum classic_debt_reason r);
const char *classic_variant_name(enum classic_variant v);

#endif
