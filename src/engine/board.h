/* board.h -- a campaign's board as plain data: spaces, destinations, cards, tokens.
 *
 * The rules engine reads a struct board and nothing else of the edition. Names and
 * card texts stay in the board's JSON document (see board_json.h); the struct keeps
 * what the rules need: ids, kinds, prices, goals and effects. Indexes are used
 * everywhere inside the engine; ids (slugs) only at the edges. */
#ifndef STAMPBOOK_BOARD_H
#define STAMPBOOK_BOARD_H

#include <stdbool.h>

#define BOARD_SPACES 40
#define BOARD_MAX_DESTS 40
#define BOARD_MAX_CARDS 32
#define BOARD_MAX_TOKENS 8
#define BOARD_MAX_SLOTS 12
#define BOARD_MAX_COLOURS 8 /* colours a move_to_colour card may name */
#define BOARD_SLUG_MAX 64   /* bytes of a slug, NUL included */

enum space_kind {
    SPACE_GO,
    SPACE_DESTINATION,
    SPACE_CHANCE,
    SPACE_JOURNAL,
    SPACE_FLIGHT_LOCAL,
    SPACE_FLIGHT_LONG,
    SPACE_TAX,
    SPACE_JAIL,
    SPACE_FREE_PARKING,
    SPACE_GO_TO_JAIL,
};

/* A Chance-style effect, applied to one player. */
enum effect_kind {
    EFFECT_NONE,
    EFFECT_COLLECT,        /* amount from the Bank */
    EFFECT_PAY,            /* amount to the Bank, what the player can */
    EFFECT_MOVE_TO,        /* to space; GO salary only when salary is set */
    EFFECT_MOVE_TO_COLOUR, /* the player chooses a destination of one of colours[] */
    EFFECT_MOVE_BY,        /* steps (negative: backwards); never a GO salary */
    EFFECT_GO_TO_JAIL,
    EFFECT_JAIL_FREE, /* a Get Out of Jail Free card */
};

struct effect {
    enum effect_kind kind;
    int amount;   /* COLLECT, PAY */
    int space;    /* MOVE_TO: the target space index */
    bool salary;  /* MOVE_TO: pays the GO salary when passing GO */
    int steps;    /* MOVE_BY */
    int ncolours; /* MOVE_TO_COLOUR */
    char colours[BOARD_MAX_COLOURS][BOARD_SLUG_MAX];
};

/* What a Travel Journal card does to each stamp on it when drawn. */
enum per_stamp_kind {
    PER_STAMP_NONE,
    PER_STAMP_COLLECT,           /* the Bank pays each stamp's holder amount */
    PER_STAMP_PAY,               /* each stamp's holder pays the Bank amount */
    PER_STAMP_COLLECT_FROM_EACH, /* every other seated player pays the holder amount */
};

struct space {
    enum space_kind kind;
    int dest;                /* SPACE_DESTINATION: index into board.dests, else -1 */
    int amount;              /* SPACE_TAX: the tax */
    char id[BOARD_SLUG_MAX]; /* the space's own id ("flight-5"), "" when it has none */
};

struct destination {
    char id[BOARD_SLUG_MAX];
    char colour[BOARD_SLUG_MAX];
    int price;
    int fee;
    int set_fee;
    int goal;  /* index into board.dests of this card's travel goal, -1 if none */
    int space; /* index of its space on the board */
};

struct chance_card {
    char id[BOARD_SLUG_MAX];
    struct effect effect;
};

struct journal_card {
    char id[BOARD_SLUG_MAX];
    int slots; /* stamp circles, 1..BOARD_MAX_SLOTS */
    enum per_stamp_kind per_stamp;
    int per_stamp_amount;
    struct effect drawer; /* applied to the drawer after the payouts; EFFECT_NONE if none */
};

struct token {
    char id[BOARD_SLUG_MAX];
};

struct board {
    int start_cash;
    int go_salary;
    int ntokens;
    struct token tokens[BOARD_MAX_TOKENS];
    struct space spaces[BOARD_SPACES];
    int ndests;
    struct destination dests[BOARD_MAX_DESTS];
    int nchance;
    struct chance_card chance[BOARD_MAX_CARDS];
    int njournal;
    struct journal_card journal[BOARD_MAX_CARDS];
};

/* The kinds of fact a game may correct while it runs (API.md "Correcting the box"). */
enum board_fact { FACT_DESTINATION, FACT_CHANCE, FACT_JOURNAL };

/* The fields of a fact a correction sets, as bits of board_fix.fields. Names, titles
 * and texts are not in a struct board: a correction of them changes no rule. */
#define FIX_COLOUR 0x01u  /* destination */
#define FIX_PRICE 0x02u   /* destination */
#define FIX_FEE 0x04u     /* destination */
#define FIX_SET_FEE 0x08u /* destination */
#define FIX_GOAL 0x10u    /* destination: dest.goal, -1 for none */
#define FIX_SLOTS 0x20u   /* journal */
#define FIX_EFFECT 0x40u  /* chance: chance.effect; journal: per_stamp, amount and drawer */

/* A correction of one fact: the new values of the fields named in fields, in the part
 * of the struct that matches what (the rest is unused). */
struct board_fix {
    enum board_fact what;
    int index; /* into board.dests, board.chance or board.journal */
    unsigned fields;
    struct destination dest;
    struct chance_card chance;
    struct journal_card journal;
};

/* Index of the destination with this id, or -1. This function can't fail. */
int board_find_dest(const struct board *b, const char *id);
/* Index of the token with this id, or -1. This function can't fail. */
int board_find_token(const struct board *b, const char *id);
/* Index of the Chance card with this id, or -1. This function can't fail. */
int board_find_chance(const struct board *b, const char *id);
/* Index of the Travel Journal card with this id, or -1. This function can't fail. */
int board_find_journal(const struct board *b, const char *id);
/* Number of destinations of the colour set of destination d. This function can't fail. */
int board_colour_size(const struct board *b, int d);

#endif
