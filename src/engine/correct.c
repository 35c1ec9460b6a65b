/* correct.c -- the correct event: a fix of one fact applied to a game's own board copy. */
#include "correct.h"

#include <string.h>

/* True when e is an effect whose indexes fit b. This function can't fail. */
static bool correct_effect_fits(const struct board *b, const struct effect *e)
{
    (void)b;
    if (e->kind == EFFECT_MOVE_TO)
        return e->space >= 0 && e->space < BOARD_SPACES;
    if (e->kind == EFFECT_MOVE_TO_COLOUR)
        return e->ncolours >= 1 && e->ncolours <= BOARD_MAX_COLOURS;
    return true;
}

/* Check a destination fix against b: a goal that is another destination, money a
 * multiple of 10. Returns 0 or -1 with out->refusal set. */
static int correct_check_dest(const struct board *b, const struct board_fix *fix,
                              struct rules_outcome *out)
{
    const struct destination *d = &fix->dest;
    int money[3] = {d->price, d->fee, d->set_fee};
    unsigned bits[3] = {FIX_PRICE, FIX_FEE, FIX_SET_FEE};
    if (fix->index < 0 || fix->index >= b->ndests)
        return rules_refuse(out, RULES_REFUSED, "TWT-SETUP-1",
                            "The board has no such destination.");
    for (int i = 0; i < 3; i++)
        if ((fix->fields & bits[i]) && (money[i] < 0 || money[i] % 10 != 0))
            return rules_refuse(out, RULES_REFUSED, "TWT-SETUP-1",
                                "Every amount in the game is a multiple of 10.");
    if ((fix->fields & FIX_GOAL) && (d->goal < -1 || d->goal >= b->ndests || d->goal == fix->index))
        return rules_refuse(out, RULES_REFUSED, "TWT-GOAL-1",
                            "A travel goal is another destination of the board.");
    if ((fix->fields & FIX_COLOUR) && d->colour[0] == '\0')
        return rules_refuse(out, RULES_REFUSED, "TWT-SETUP-1", "A destination has a colour.");
    return 0;
}

/* Check a card fix against b and st: the card exists, its effect fits the board, and a
 * journal card keeps a circle for every stamp it carries (TWT-JOURNAL-2). */
static int correct_check_card(const struct board *b, const struct game_state *st,
                              const struct board_fix *fix, struct rules_outcome *out)
{
    if (fix->what == FACT_CHANCE) {
        if (fix->index < 0 || fix->index >= b->nchance)
            return rules_refuse(out, RULES_REFUSED, "TWT-CHANCE",
                                "The board has no such Chance card.");
        if ((fix->fields & FIX_EFFECT) && !correct_effect_fits(b, &fix->chance.effect))
            return rules_refuse(out, RULES_REFUSED, "TWT-CHANCE",
                                "The effect does not fit the board.");
        return 0;
    }
    if (fix->index < 0 || fix->index >= b->njournal)
        return rules_refuse(out, RULES_REFUSED, "TWT-JOURNAL-1",
                            "The board has no such Travel Journal card.");
    if ((fix->fields & FIX_SLOTS) &&
        (fix->journal.slots < 1 || fix->journal.slots > BOARD_MAX_SLOTS ||
         fix->journal.slots < st->journal[fix->index].nstamps))
        return rules_refuse(out, RULES_REFUSED, "TWT-JOURNAL-2",
                            "The card carries %d stamps: it needs that many circles or more, "
                            "up to %d.",
                            st->journal[fix->index].nstamps, BOARD_MAX_SLOTS);
    if ((fix->fields & FIX_EFFECT) && !correct_effect_fits(b, &fix->journal.drawer))
        return rules_refuse(out, RULES_REFUSED, "TWT-JOURNAL-4",
                            "The effect does not fit the board.");
    return 0;
}

void correct_board(struct board *b, const struct board_fix *fix)
{
    if (fix->what == FACT_DESTINATION && fix->index >= 0 && fix->index < b->ndests) {
        struct destination *d = &b->dests[fix->index];
        if (fix->fields & FIX_COLOUR)
            memcpy(d->colour, fix->dest.colour, sizeof d->colour);
        if (fix->fields & FIX_PRICE)
            d->price = fix->dest.price;
        if (fix->fields & FIX_FEE)
            d->fee = fix->dest.fee;
        if (fix->fields & FIX_SET_FEE)
            d->set_fee = fix->dest.set_fee;
        if (fix->fields & FIX_GOAL)
            d->goal = fix->dest.goal;
    } else if (fix->what == FACT_CHANCE && fix->index >= 0 && fix->index < b->nchance) {
        if (fix->fields & FIX_EFFECT)
            b->chance[fix->index].effect = fix->chance.effect;
    } else if (fix->what == FACT_JOURNAL && fix->index >= 0 && fix->index < b->njournal) {
        struct journal_card *c = &b->journal[fix->index];
        if (fix->fields & FIX_SLOTS)
            c->slots = fix->journal.slots;
        if (fix->fields & FIX_EFFECT) {
            c->per_stamp = fix->journal.per_stamp;
            c->per_stamp_amount = fix->journal.per_stamp_amount;
            c->drawer = fix->journal.drawer;
        }
    }
}

/* Apply correct event ev: check its fix, then change b and count it in st. b and st are
 * unchanged on refusal (-1, out->refusal says why). */
static int correct_fix(struct board *b, struct game_state *st, const struct rules_event *ev,
                       struct rules_outcome *out)
{
    const struct board_fix *fix = &ev->fix;
    int rc;
    out->neffects = 0;
    memset(&out->refusal, 0, sizeof out->refusal);
    if (st->status != STATUS_ACTIVE)
        return rules_refuse(out, RULES_CONFLICT, "TWT-WIN",
                            "The game is over: its board no longer changes.");
    if (fix->what == FACT_DESTINATION)
        rc = correct_check_dest(b, fix, out);
    else if (fix->what == FACT_CHANCE || fix->what == FACT_JOURNAL)
        rc = correct_check_card(b, st, fix, out);
    else
        rc = rules_refuse(out, RULES_REFUSED, "TWT-SETUP-1",
                          "A correction names a destination, a Chance or a Journal card.");
    if (rc != 0)
        return -1;
    uint64_t jumpable[RULES_MAX_PLAYERS] = {0};
    rules_jumpable(b, st, jumpable);
    correct_board(b, fix);
    rules_jump_earn(b, st, jumpable); /* TWT-GOAL-JUMP: a goal the correction made jumpable */
    st->corrections++;
    st->seq = ev->seq;
    return 0;
}

int correct_apply(struct board *b, enum stamp_owner policy, struct game_state *st,
                  const struct rules_event *ev, struct rules_outcome *out)
{
    if (ev->type != EVENT_CORRECT)
        return rules_apply(b, policy, st, ev, out);
    return correct_fix(b, st, ev, out);
}

int correct_apply_in_place(struct board *b, enum stamp_owner policy, struct game_state *st,
                           const struct rules_event *ev, struct rules_outcome *out)
{
    if (ev->type != EVENT_CORRECT)
        return rules_apply_in_place(b, policy, st, ev, out);
    return correct_fix(b, st, ev, out);
}
