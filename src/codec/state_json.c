/* state_json.c -- game states and effects between the rules engine and JSON. */
#include "state_json.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_json.h"
#include "house_json.h"
#include "json.h"
#include "options_json.h"

#define SJ_PATH_MAX 64
#define SJ_JAIL_CARDS_MAX (2 * BOARD_MAX_CARDS)

static const char *const sj_status_names[] = {
    [STATUS_ACTIVE] = "active",
    [STATUS_FINISHED] = "finished",
    [STATUS_ABANDONED] = "abandoned",
};

static const char *const sj_mode_names[] = {
    [MODE_BANKER] = "banker",
    [MODE_JOURNAL] = "journal",
};

/* The pending kinds; "fee" only read back (a snapshot from before fees were listed in
 * turn.fees_due) and turned into a fee due. */
#define SJ_PENDING_FEE (PENDING_CHOOSE + 1)
static const char *const sj_pending_names[] = {
    [PENDING_NONE] = "none",  [PENDING_BUY_OR_AUCTION] = "buy_or_auction",
    [PENDING_DRAW] = "draw",  [PENDING_CHOOSE] = "choose",
    [SJ_PENDING_FEE] = "fee",
};

static const char *const sj_deck_names[] = {
    [DECK_CHANCE] = "chance",
    [DECK_JOURNAL] = "journal",
};

/* ---- writing --------------------------------------------------------------------------- */

/* The player id of seat as a JSON number, or null for a seat outside the game. */
static cJSON *sj_seat_json(const struct game_state *st, int seat)
{
    if (seat < 0 || seat >= st->nplayers)
        return cJSON_CreateNull();
    return json_num(st->players[seat].id);
}

/* The player id of seat, or "bank" for -1 (effects' payers and payees), "pot" for the
 * Free Parking pot. */
static cJSON *sj_seat_or_bank(const struct game_state *st, int seat)
{
    if (seat == RULES_POT)
        return cJSON_CreateString("pot");
    if (seat < 0 || seat >= st->nplayers)
        return cJSON_CreateString("bank");
    return json_num(st->players[seat].id);
}

/* A slug of the board (destination, card, token), or null for an index out of range. */
static cJSON *sj_slug(const char *slug)
{
    return slug ? cJSON_CreateString(slug) : cJSON_CreateNull();
}

/* The slug of destination d, token t or journal card c; NULL when out of range. */
static const char *sj_dest_id(const struct board *b, int d)
{
    return d >= 0 && d < b->ndests ? b->dests[d].id : NULL;
}

static const char *sj_token_id(const struct board *b, int t)
{
    return t >= 0 && t < b->ntokens ? b->tokens[t].id : NULL;
}

static const char *sj_journal_id(const struct board *b, int c)
{
    return c >= 0 && c < b->njournal ? b->journal[c].id : NULL;
}

/* The id of card of deck, or NULL when out of range (not known). */
static const char *sj_card_id(const struct board *b, enum deck deck, int card)
{
    if (deck == DECK_JOURNAL)
        return sj_journal_id(b, card);
    return card >= 0 && card < b->nchance ? b->chance[card].id : NULL;
}

/* The state is written straight into a buffer (jbuf.h), members in the order below. */

/* At a cursor: the player id of seat, or null for a seat outside the game (JB_INT_MAX
 * bytes at most). */
static inline char *sj_put_seat(char *o, const struct game_state *st, int seat)
{
    if (seat < 0 || seat >= st->nplayers)
        return JB_PUT(o, "null");
    return jb_put_int(o, st->players[seat].id);
}

/* A member whose value is v, or null when shown does not hold (qkey and n as JB_QKEY()
 * gives them). */
static inline void sj_key_int_or_null(struct jbuf *j, const char *qkey, size_t n, bool shown,
                                      int64_t v)
{
    char *o = jb_begin(j, 1 + n + JB_INT_MAX);
    if (!o)
        return;
    o = jb_key_at(j, o, qkey, n);
    jb_commit(j, shown ? jb_put_int(o, v) : JB_PUT(o, "null"));
}

/* A member whose value is the player id of seat, or null (event_seat_write()). */
static inline void sj_key_seat(struct jbuf *j, const char *qkey, size_t n,
                               const struct game_state *st, int seat)
{
    char *o = jb_begin(j, 1 + n + JB_INT_MAX);
    if (o)
        jb_commit(j, sj_put_seat(jb_key_at(j, o, qkey, n), st, seat));
}

#define SJ_KEY_SEAT(j, lit, st, seat) sj_key_seat((j), JB_QKEY(lit), (st), (seat))

/* The pending decision: null, or {"kind", "player", ...its details}. */
static void sj_pending_write(struct jbuf *j, const struct board *b, const struct game_state *st)
{
    const struct pending *p = &st->pending;
    if (p->kind == PENDING_NONE || (int)p->kind < 0 || p->kind > PENDING_CHOOSE) {
        jb_null(j);
        return;
    }
    jb_open(j, '{');
    JB_KEY_STR(j, "kind", sj_pending_names[p->kind]);
    SJ_KEY_SEAT(j, "player", st, p->seat);
    switch (p->kind) {
    case PENDING_BUY_OR_AUCTION: JB_KEY_STR(j, "destination", sj_dest_id(b, p->dest)); break;
    case PENDING_DRAW: JB_KEY_STR(j, "deck", sj_deck_names[p->deck == DECK_JOURNAL]); break;
    case PENDING_CHOOSE:
        JB_KEY(j, "options");
        jb_open(j, '[');
        for (int i = 0; i < p->noptions && i < BOARD_MAX_DESTS; i++)
            jb_str(j, sj_dest_id(b, p->options[i]));
        jb_close(j, ']');
        break;
    case PENDING_NONE: break;
    }
    jb_close(j, '}');
}

/* Fees as [{"destination","owner","payer","amount","earlier_turn"}] (earlier_turn: owed
 * from a turn before the current one, it lapses at the next roll). */
static void sj_fees_write(struct jbuf *j, const struct board *b, const struct game_state *st,
                          const struct fee_due *fees, int n)
{
    jb_open(j, '[');
    for (int i = 0; i < n && i < RULES_MAX_FEES; i++) {
        jb_open(j, '{');
        JB_KEY_STR(j, "destination", sj_dest_id(b, fees[i].dest));
        SJ_KEY_SEAT(j, "owner", st, fees[i].owner);
        SJ_KEY_SEAT(j, "payer", st, fees[i].payer);
        JB_KEY_INT(j, "amount", fees[i].amount);
        JB_KEY_BOOL(j, "earlier_turn", fees[i].earlier != 0);
        jb_close(j, '}');
    }
    jb_close(j, ']');
}

/* The turn object (banker mode). */
static void sj_turn_write(struct jbuf *j, const struct board *b, const struct game_state *st)
{
    const struct turn_state *t = &st->turn;
    jb_open(j, '{');
    SJ_KEY_SEAT(j, "player", st, t->seat);
    SJ_KEY_SEAT(j, "next", st, rules_next_seat(st));
    JB_KEY_INT(j, "doubles", t->doubles);
    JB_KEY_BOOL(j, "rolled", t->rolled);
    JB_KEY_INT(j, "rolls", t->rolls);
    JB_KEY_BOOL(j, "jumped", t->jumped);
    JB_KEY_BOOL(j, "can_fly", t->can_fly);
    JB_KEY(j, "pending");
    sj_pending_write(j, b, st);
    JB_KEY(j, "fees_due");
    sj_fees_write(j, b, st, st->fees, st->nfees);
    JB_KEY(j, "fees_lapsed");
    sj_fees_write(j, b, st, st->lapsed, st->nlapsed);
    jb_close(j, '}');
}

/* The Get Out of Jail Free cards p holds: [{"deck","card"}], card null when not known. */
static void sj_held_write(struct jbuf *j, const struct board *b, const struct player_state *p)
{
    jb_open(j, '[');
    for (int k = 0; k < p->jail_cards && k < RULES_MAX_HELD; k++) {
        const struct held_card *h = &p->held[k];
        jb_open(j, '{');
        JB_KEY_STR(j, "deck", sj_deck_names[h->deck == DECK_JOURNAL]);
        JB_KEY_STR(j, "card", sj_card_id(b, h->deck, h->card));
        jb_close(j, '}');
    }
    jb_close(j, ']');
}

/* Write key: v when banker holds, else key: null (a journal-mode game keeps no money
 * or places). */
static void sj_banker_int(struct jbuf *j, const char *qkey, size_t n, bool banker, int64_t v)
{
    sj_key_int_or_null(j, qkey, n, banker, v);
}

/* Write key: v only when shown holds (fields a state carries only when they say
 * something). */
static void sj_int_if(struct jbuf *j, const char *qkey, size_t n, bool shown, int64_t v)
{
    if (shown)
        jb_key_int_n(j, qkey, n, v);
}

/* Write key: true only when on holds. */
static void sj_true_if(struct jbuf *j, const char *qkey, size_t n, bool on)
{
    if (on)
        jb_key_bool_n(j, qkey, n, true);
}

/* The destinations each seat owns and has stamped, as bits by destination index: one
 * pass over the board for every player's lists. */
struct sj_marks {
    uint64_t owns[RULES_MAX_PLAYERS], stamped[RULES_MAX_PLAYERS];
};

_Static_assert(BOARD_MAX_DESTS <= 64, "a destination is a bit of a uint64_t");

static void sj_marks_of(const struct board *b, const struct game_state *st, struct sj_marks *m)
{
    memset(m, 0, sizeof(*m));
    for (int d = 0; d < b->ndests && d < BOARD_MAX_DESTS; d++) {
        int owner = st->dests[d].owner, stamper = st->dests[d].stamped_by;
        if (owner >= 0 && owner < RULES_MAX_PLAYERS)
            m->owns[owner] |= (uint64_t)1 << d;
        if (stamper >= 0 && stamper < RULES_MAX_PLAYERS)
            m->stamped[stamper] |= (uint64_t)1 << d;
    }
}

/* The ids of the destinations whose bits are set, in board order; with goals, the
 * goal of each instead (a destination without a goal writes nothing). */
static void sj_dest_ids_write(struct jbuf *j, const struct board *b, uint64_t bits, bool goals)
{
    jb_open(j, '[');
    for (; bits; bits &= bits - 1) {
        int d = __builtin_ctzll(bits), g = b->dests[d].goal;
        if (!goals)
            jb_str(j, b->dests[d].id);
        else if (g >= 0 && g < b->ndests)
            jb_str(j, b->dests[g].id);
    }
    jb_close(j, ']');
}

/* Write key: the ids of the destinations of bits, only when there are some (the goal
 * jumps of a window, TWT-GOAL-JUMP). */
static void sj_jump_to_write(struct jbuf *j, const struct board *b, const char *qkey, size_t n,
                             uint64_t bits)
{
    if (!bits)
        return;
    jb_key_n(j, qkey, n);
    sj_dest_ids_write(j, b, bits, false);
}

/* One player: "owns" and "goals" from the destinations' owners, "stamped" from theirs. */
static void sj_player_write(struct jbuf *j, const struct board *b, const struct game_state *st,
                            int seat, const struct sj_marks *m)
{
    const struct player_state *p = &st->players[seat];
    bool banker = st->mode == MODE_BANKER;
    jb_open(j, '{');
    JB_KEY_INT(j, "id", p->id);
    JB_KEY_STR(j, "name", p->name);
    JB_KEY_STR(j, "token", sj_token_id(b, p->token));
    sj_banker_int(j, JB_QKEY("cash"), banker, p->cash);
    sj_banker_int(j, JB_QKEY("position"), banker, p->position);
    JB_KEY_BOOL(j, "in_jail", p->in_jail);
    JB_KEY_INT(j, "jail_attempts", p->jail_attempts);
    JB_KEY_INT(j, "jail_cards", p->jail_cards);
    JB_KEY(j, "jail_free_cards");
    sj_held_write(j, b, p);
    /* TWT-GOAL-JUMP: at their next turn's start; offered in this turn, until the roll */
    sj_true_if(j, JB_QKEY("jump_next"), p->jump_next != 0);
    sj_true_if(j, JB_QKEY("jump_now"), p->jump_now != 0);
    sj_jump_to_write(j, b, JB_QKEY("jump_next_to"), p->jump_next);
    sj_jump_to_write(j, b, JB_QKEY("jump_now_to"), p->jump_now);
    JB_KEY(j, "owns");
    if (banker)
        sj_dest_ids_write(j, b, m->owns[seat], false);
    else
        jb_null(j);
    JB_KEY(j, "goals");
    sj_dest_ids_write(j, b, m->owns[seat], true);
    JB_KEY(j, "stamped");
    sj_dest_ids_write(j, b, m->stamped[seat], false);
    jb_close(j, '}');
}

/* The destinations: [{"id","owner","stamped_by"}], each written at a cursor. */
static void sj_dests_write(struct jbuf *j, const struct board *b, const struct game_state *st)
{
    static const char first[] = "{\"id\":", owner[] = ",\"owner\":", stamped[] = ",\"stamped_by\":";
    jb_open(j, '[');
    for (int d = 0; d < b->ndests; d++) {
        size_t n = strlen(b->dests[d].id);
        char *o = jb_begin(j, 1 + sizeof(first) + JB_STR_MAX(n) + sizeof(owner) + sizeof(stamped) +
                                  2 * JB_INT_MAX + 1);
        if (!o)
            return;
        if (d > 0)
            *o++ = ',';
        o = jb_put(o, first, sizeof(first) - 1);
        o = jb_put_str(o, b->dests[d].id, n);
        o = jb_put(o, owner, sizeof(owner) - 1);
        o = sj_put_seat(o, st, st->dests[d].owner);
        o = jb_put(o, stamped, sizeof(stamped) - 1);
        o = sj_put_seat(o, st, st->dests[d].stamped_by);
        *o++ = '}';
        jb_commit(j, o);
    }
    jb_close(j, ']');
}

/* One stamp of the journal at a cursor: {"slot","token","player","game","seq"}. */
static void sj_stamp_write(struct jbuf *j, const struct board *b, const struct journal_stamp *s,
                           int slot)
{
    static const char head[] = "{\"slot\":", token[] = ",\"token\":", player[] = ",\"player\":",
                      game[] = ",\"game\":", seq[] = ",\"seq\":";
    const char *id = sj_token_id(b, s->token);
    size_t n = id ? strlen(id) : 1; /* null takes no more room than a 1-byte id */
    char *o = jb_begin(j, 1 + sizeof(head) + sizeof(token) + JB_STR_MAX(n) + sizeof(player) +
                              sizeof(game) + sizeof(seq) + 4 * JB_INT_MAX + 1);
    if (!o)
        return;
    if (slot > 0)
        *o++ = ',';
    o = jb_put(o, head, sizeof(head) - 1);
    o = jb_put_int(o, slot);
    o = jb_put(o, token, sizeof(token) - 1);
    o = id ? jb_put_str(o, id, n) : JB_PUT(o, "null");
    o = jb_put(o, player, sizeof(player) - 1);
    o = jb_put_int(o, s->player);
    o = jb_put(o, game, sizeof(game) - 1);
    o = jb_put_int(o, s->game);
    o = jb_put(o, seq, sizeof(seq) - 1);
    o = jb_put_int(o, s->seq);
    *o++ = '}';
    jb_commit(j, o);
}

/* The Travel Journal as it stands: every card of the board, its stamps in slot order
 * (slots counted from 0, as the engine does). */
static void sj_journal_write(struct jbuf *j, const struct board *b, const struct game_state *st)
{
    static const char head[] = "{\"card\":", stamps[] = ",\"stamps\":[";
    jb_open(j, '[');
    for (int c = 0; c < b->njournal; c++) {
        const struct journal_state *js = &st->journal[c];
        size_t n = strlen(b->journal[c].id);
        char *o = jb_begin(j, 1 + sizeof(head) + JB_STR_MAX(n) + sizeof(stamps));
        if (!o)
            return;
        if (c > 0)
            *o++ = ',';
        o = jb_put(o, head, sizeof(head) - 1);
        o = jb_put_str(o, b->journal[c].id, n);
        jb_commit(j, jb_put(o, stamps, sizeof(stamps) - 1));
        for (int i = 0; i < js->nstamps && i < BOARD_MAX_SLOTS; i++)
            sj_stamp_write(j, b, &js->stamps[i], i);
        jb_close(j, ']');
        jb_close(j, '}');
    }
    jb_close(j, ']');
}

bool state_write(struct jbuf *j, const struct board *b, const struct game_state *st,
                 int64_t version)
{
    bool banker = st->mode == MODE_BANKER;
    struct sj_marks marks;
    jb_open(j, '{');
    JB_KEY_INT(j, "version", version);
    JB_KEY_INT(j, "game", st->game);
    JB_KEY_INT(j, "seq", st->seq);
    JB_KEY_STR(j, "status",
               st->status == STATUS_FINISHED    ? "finished"
               : st->status == STATUS_ABANDONED ? "abandoned"
                                                : "active");
    JB_KEY_STR(j, "mode", banker ? "banker" : "journal");
    SJ_KEY_SEAT(j, "winner", st, st->winner);
    JB_KEY(j, "turn");
    if (banker)
        sj_turn_write(j, b, st);
    else
        jb_null(j);
    JB_KEY(j, "players");
    jb_open(j, '[');
    sj_marks_of(b, st, &marks);
    for (int i = 0; i < st->nplayers && i < RULES_MAX_PLAYERS; i++)
        sj_player_write(j, b, st, i, &marks);
    jb_close(j, ']');
    JB_KEY(j, "destinations");
    sj_dests_write(j, b, st);
    JB_KEY(j, "ticket");
    jb_open(j, '{');
    SJ_KEY_SEAT(j, "holder", st, st->ticket_holder);
    JB_KEY_BOOL(j, "used", st->ticket_used);
    jb_close(j, '}');
    JB_KEY(j, "journal");
    sj_journal_write(j, b, st);
    JB_KEY_INT(j, "win_stamps", st->house.stamps_to_win);
    JB_KEY(j, "house_rules");
    house_rules_write(j, &st->house);
    sj_int_if(j, JB_QKEY("pot"), st->house.free_parking == FREE_PARKING_JACKPOT || st->pot > 0,
              st->pot);
    options_write(j, b, st);
    /* a game whose box was corrected while it ran */
    sj_int_if(j, JB_QKEY("corrections"), st->corrections > 0, st->corrections);
    jb_close(j, '}');
    return !j->failed;
}

/* The size of the last state printed, by any thread: the next one's buffer is made that
 * big and an eighth at once, so that it does not grow while it is written. */
static _Atomic size_t sj_last_size;

char *state_print(const struct board *b, const struct game_state *st, int64_t version)
{
    struct jbuf j = {0};
    size_t guess = atomic_load_explicit(&sj_last_size, memory_order_relaxed);
    if (guess > 0)
        jb_grow(&j, guess + guess / 8);
    if (state_write(&j, b, st, version))
        atomic_store_explicit(&sj_last_size, j.len, memory_order_relaxed);
    return jb_take(&j);
}

cJSON *state_to_json(const struct board *b, const struct game_state *st, int64_t version)
{
    char *text = state_print(b, st, version);
    cJSON *doc = text ? cJSON_Parse(text) : NULL;
    free(text);
    return doc;
}

/* ---- reading a state back --------------------------------------------------------------- */

/* A stored state's fields are reported under "state": every path below starts with it. */

/* obj[key] as the seat of a player id of st (players read already), or -1 for null. */
static int sj_get_seat(const cJSON *obj, const char *path, const char *key,
                       const struct game_state *st, bool nullable, int *out, struct sb_error *err)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, key);
    int64_t id;
    int seat;
    if (nullable && cJSON_IsNull(it)) {
        *out = -1;
        return 0;
    }
    if (!json_is_int(it))
        return json_fail_at(err, path, key, "must be a player id%s", nullable ? " or null" : "");
    id = (int64_t)it->valuedouble;
    seat = rules_seat_of(st, id);
    if (seat < 0)
        return json_fail_at(err, path, key, "player %lld is not seated", (long long)id);
    *out = seat;
    return 0;
}

/* obj[key] as the index of a destination of b. */
static int sj_get_dest(const cJSON *obj, const char *path, const char *key, const struct board *b,
                       int *out, struct sb_error *err)
{
    const char *s = NULL;
    int rc = json_at_string(obj, path, key, 0, &s, err);
    int d;
    if (rc != 0)
        return rc;
    d = board_find_dest(b, s);
    if (d < 0)
        return json_fail_at(err, path, key, "unknown destination '%s'", s);
    *out = d;
    return 0;
}

/* One fee {"destination","owner","payer","amount","earlier_turn"?} at path into *f. */
static int sj_fee_from_json(const struct board *b, const cJSON *o, const char *path,
                            const struct game_state *st, struct fee_due *f, struct sb_error *err)
{
    const cJSON *earlier = cJSON_GetObjectItemCaseSensitive(o, "earlier_turn");
    int rc = sj_get_dest(o, path, "destination", b, &f->dest, err);
    if (rc == 0)
        rc = sj_get_seat(o, path, "owner", st, false, &f->owner, err);
    if (rc == 0)
        rc = sj_get_seat(o, path, "payer", st, false, &f->payer, err);
    if (rc == 0)
        rc = json_at_int(o, path, "amount", 0, (int)JSON_MONEY_MAX, &f->amount, err);
    bool was_earlier = false;
    if (rc == 0 && earlier)
        rc = json_at_bool(o, path, "earlier_turn", &was_earlier, err);
    f->earlier = was_earlier;
    return rc;
}

/* A fee pending in a snapshot written before fees were listed in turn.fees_due: the
 * one fee due, owed in the current turn. */
static int sj_old_fee_from_json(const struct board *b, const cJSON *o, struct game_state *st,
                                struct sb_error *err)
{
    struct fee_due *f = &st->fees[0];
    int rc = sj_get_seat(o, "state.turn.pending", "player", st, false, &f->payer, err);
    if (rc == 0)
        rc = sj_get_dest(o, "state.turn.pending", "destination", b, &f->dest, err);
    if (rc == 0)
        rc = sj_get_seat(o, "state.turn.pending", "owner", st, false, &f->owner, err);
    if (rc == 0)
        rc =
            json_at_int(o, "state.turn.pending", "amount", 0, (int)JSON_MONEY_MAX, &f->amount, err);
    f->earlier = 0;
    if (rc == 0)
        st->nfees = 1;
    return rc;
}

/* turn[key]: an array of fees (absent: none) into fees and *n. */
static int sj_fees_from_json(const struct board *b, const cJSON *turn, const char *key,
                             const struct game_state *st, struct fee_due *fees, int *n,
                             struct sb_error *err)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(turn, key), *it;
    if (!arr)
        return 0;
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) > RULES_MAX_FEES)
        return json_fail_at(err, "state.turn", key, "must be an array of at most %d fees",
                            RULES_MAX_FEES);
    *n = 0;
    cJSON_ArrayForEach(it, arr)
    {
        char path[SJ_PATH_MAX];
        snprintf(path, sizeof(path), "state.turn.%s[%d]", key, *n);
        int rc = sj_fee_from_json(b, it, path, st, &fees[*n], err);
        if (rc != 0)
            return rc;
        (*n)++;
    }
    return 0;
}

/* The pending decision (null or one of the three kinds) into st->pending. */
static int sj_pending_from_json(const struct board *b, const cJSON *o, struct game_state *st,
                                struct sb_error *err)
{
    static const char path[] = "state.turn.pending";
    struct pending *p = &st->pending;
    const cJSON *opts, *it;
    int kind = 0, deck = 0, rc;

    rules_pending_clear(p);
    if (cJSON_IsNull(o))
        return 0;
    if (!cJSON_IsObject(o))
        return json_fail_at(err, "state.turn", "pending", "must be an object or null");
    rc = json_at_enum(o, path, "kind", sj_pending_names, SJ_PENDING_FEE + 1, &kind, err);
    if (rc == 0 && kind == PENDING_NONE)
        rc = json_fail_at(err, path, "kind", "unknown value 'none'");
    if (rc == 0)
        rc = sj_get_seat(o, path, "player", st, false, &p->seat, err);
    if (rc == 0 && kind == SJ_PENDING_FEE)
        return sj_old_fee_from_json(b, o, st, err);
    if (rc != 0)
        return rc;
    p->kind = (enum pending_kind)kind;
    switch (p->kind) {
    case PENDING_BUY_OR_AUCTION: return sj_get_dest(o, path, "destination", b, &p->dest, err);
    case PENDING_DRAW:
        rc = json_at_enum(o, path, "deck", sj_deck_names, 2, &deck, err);
        p->deck = (enum deck)deck;
        return rc;
    case PENDING_CHOOSE:
        opts = cJSON_GetObjectItemCaseSensitive(o, "options");
        if (!cJSON_IsArray(opts) || cJSON_GetArraySize(opts) > BOARD_MAX_DESTS)
            return json_fail_at(err, path, "options", "must be an array of destinations");
        cJSON_ArrayForEach(it, opts)
        {
            int d = cJSON_IsString(it) ? board_find_dest(b, it->valuestring) : -1;
            if (d < 0)
                return json_fail_at(err, path, "options", "holds an unknown destination");
            p->options[p->noptions++] = d;
        }
        return 0;
    case PENDING_NONE: break;
    }
    return 0;
}

/* The turn of a banker game into st->turn and st->pending. */
static int sj_turn_from_json(const struct board *b, const cJSON *o, struct game_state *st,
                             struct sb_error *err)
{
    struct turn_state *t = &st->turn;
    int rc;

    if (!cJSON_IsObject(o))
        return json_fail_at(err, "state", "turn", "must be an object in banker mode");
    rc = sj_get_seat(o, "state.turn", "player", st, false, &t->seat, err);
    if (rc == 0)
        rc = json_at_int(o, "state.turn", "doubles", 0, 2, &t->doubles, err);
    if (rc == 0)
        rc = json_at_int(o, "state.turn", "rolls", 0, 1000000, &t->rolls, err);
    if (rc == 0)
        rc = json_at_bool(o, "state.turn", "rolled", &t->rolled, err);
    if (rc == 0)
        rc = json_at_bool(o, "state.turn", "jumped", &t->jumped, err);
    if (rc == 0)
        rc = json_at_bool(o, "state.turn", "can_fly", &t->can_fly, err);
    if (rc == 0)
        rc = sj_pending_from_json(b, cJSON_GetObjectItemCaseSensitive(o, "pending"), st, err);
    if (rc == 0 && cJSON_GetObjectItemCaseSensitive(o, "fees_due"))
        rc = sj_fees_from_json(b, o, "fees_due", st, st->fees, &st->nfees, err);
    if (rc == 0)
        rc = sj_fees_from_json(b, o, "fees_lapsed", st, st->lapsed, &st->nlapsed, err);
    return rc;
}

/* The Get Out of Jail Free cards a player holds, "jail_free_cards" (absent: jail_cards
 * cards not known, from a snapshot written before cards were tracked). */
static int sj_held_from_json(const struct board *b, const cJSON *it, const char *path,
                             struct player_state *p, struct sb_error *err)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(it, "jail_free_cards"), *h;
    int k = 0;
    for (int i = 0; i < RULES_MAX_HELD; i++) {
        p->held[i].deck = DECK_CHANCE;
        p->held[i].card = -1;
    }
    if (!arr)
        return 0;
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != p->jail_cards)
        return json_fail_at(err, path, "jail_free_cards", "must list the %d cards held",
                            p->jail_cards);
    cJSON_ArrayForEach(h, arr)
    {
        const cJSON *card = cJSON_GetObjectItemCaseSensitive(h, "card");
        int deck = 0;
        int rc = json_at_enum(h, path, "deck", sj_deck_names, 2, &deck, err);
        if (rc != 0)
            return rc;
        p->held[k].deck = (enum deck)deck;
        if (cJSON_IsString(card))
            p->held[k].card = deck == DECK_JOURNAL ? board_find_journal(b, card->valuestring)
                                                   : board_find_chance(b, card->valuestring);
        if (!cJSON_IsNull(card) && p->held[k].card < 0)
            return json_fail_at(err, path, "jail_free_cards", "holds an unknown card");
        k++;
    }
    return 0;
}

/* A player's goal jumps of one window (key "jump_next" or "jump_now", TWT-GOAL-JUMP) into
 * *bits: the destinations of key_to ("jump_next_to"), or for a state written before each
 * jump had its own window, every destination when key is true (as such a state was
 * played). */
static int sj_jump_from_json(const struct board *b, const cJSON *player, const char *path,
                             const char *key, uint64_t *bits, struct sb_error *err)
{
    char key_to[16];
    const cJSON *to, *id;
    bool on = false;
    int rc = 0;
    snprintf(key_to, sizeof(key_to), "%s_to", key);
    to = cJSON_GetObjectItemCaseSensitive(player, key_to);
    *bits = 0;
    if (cJSON_GetObjectItemCaseSensitive(player, key))
        rc = json_at_bool(player, path, key, &on, err);
    if (rc != 0 || !on)
        return rc;
    if (!to) {
        *bits = b->ndests >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << b->ndests) - 1;
        return 0;
    }
    if (!cJSON_IsArray(to))
        return json_fail_at(err, path, key_to, "must be an array of destination ids");
    cJSON_ArrayForEach(id, to)
    {
        int d = cJSON_IsString(id) ? board_find_dest(b, id->valuestring) : -1;
        if (d < 0 || d >= BOARD_MAX_DESTS)
            return json_fail_at(err, path, key_to, "names an unknown destination");
        *bits |= (uint64_t)1 << d;
    }
    return 0;
}

/* The players' own fields (seats and ids first, so later fields can name players). */
static int sj_players_from_json(const struct board *b, const cJSON *arr, struct game_state *st,
                                struct sb_error *err)
{
    const cJSON *it;
    int n = cJSON_IsArray(arr) ? cJSON_GetArraySize(arr) : -1;
    int i = 0, rc = 0;

    if (n < RULES_MIN_PLAYERS || n > RULES_MAX_PLAYERS)
        return json_fail_at(err, "state", "players", "must be an array of %d to %d players",
                            RULES_MIN_PLAYERS, RULES_MAX_PLAYERS);
    cJSON_ArrayForEach(it, arr)
    {
        char path[SJ_PATH_MAX];
        struct player_state *p = &st->players[i];
        const char *s = NULL;
        snprintf(path, sizeof(path), "state.players[%d]", i);
        rc = json_at_i64(it, path, "id", -JSON_INT_MAX, JSON_INT_MAX, &p->id, err);
        if (rc == 0 && rules_seat_of(st, p->id) >= 0)
            rc = json_fail_at(err, path, "id", "player %lld is seated twice", (long long)p->id);
        if (rc == 0)
            rc = json_at_string(it, path, "name", 0, &s, err);
        if (rc == 0 && strlen(s) >= sizeof(p->name))
            rc = json_fail_at(err, path, "name", "is too long");
        if (rc == 0)
            snprintf(p->name, sizeof(p->name), "%s", s);
        if (rc == 0)
            rc = json_at_string(it, path, "token", 0, &s, err);
        if (rc == 0 && (p->token = board_find_token(b, s)) < 0)
            rc = json_fail_at(err, path, "token", "unknown token '%s'", s);
        if (rc == 0 && st->mode == MODE_BANKER)
            rc = json_at_int(it, path, "cash", 0, RULES_CASH_MAX, &p->cash, err);
        if (rc == 0 && st->mode == MODE_BANKER)
            rc = json_at_int(it, path, "position", 0, BOARD_SPACES - 1, &p->position, err);
        if (rc == 0)
            rc = json_at_bool(it, path, "in_jail", &p->in_jail, err);
        if (rc == 0)
            rc = json_at_int(it, path, "jail_attempts", 0, 3, &p->jail_attempts, err);
        if (rc == 0)
            rc = json_at_int(it, path, "jail_cards", 0, SJ_JAIL_CARDS_MAX, &p->jail_cards, err);
        if (rc == 0)
            rc = sj_held_from_json(b, it, path, p, err);
        if (rc == 0)
            rc = sj_jump_from_json(b, it, path, "jump_next", &p->jump_next, err);
        if (rc == 0)
            rc = sj_jump_from_json(b, it, path, "jump_now", &p->jump_now, err);
        if (rc != 0)
            return rc;
        st->nplayers = ++i;
    }
    return 0;
}

/* Owners and board stamps by destination id; every destination of b once. */
static int sj_dests_from_json(const struct board *b, const cJSON *arr, struct game_state *st,
                              struct sb_error *err)
{
    bool seen[BOARD_MAX_DESTS] = {false};
    const cJSON *it;
    int i = 0, rc;

    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != b->ndests)
        return json_fail_at(err, "state", "destinations", "must list the board's %d destinations",
                            b->ndests);
    cJSON_ArrayForEach(it, arr)
    {
        char path[SJ_PATH_MAX];
        int d = -1;
        snprintf(path, sizeof(path), "state.destinations[%d]", i++);
        rc = sj_get_dest(it, path, "id", b, &d, err);
        if (rc == 0 && seen[d])
            rc = json_fail_at(err, path, "id", "'%s' is listed twice", b->dests[d].id);
        if (rc == 0)
            rc = sj_get_seat(it, path, "owner", st, true, &st->dests[d].owner, err);
        if (rc == 0)
            rc = sj_get_seat(it, path, "stamped_by", st, true, &st->dests[d].stamped_by, err);
        if (rc != 0)
            return rc;
        seen[d] = true;
    }
    return 0;
}

/* The Travel Journal stamps by card id; cards not listed hold none. */
static int sj_journal_from_json(const struct board *b, const cJSON *arr, struct game_state *st,
                                struct sb_error *err)
{
    const cJSON *card;
    int i = 0;

    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) > b->njournal)
        return json_fail_at(err, "state", "journal",
                            "must be an array of the board's journal cards");
    cJSON_ArrayForEach(card, arr)
    {
        char path[SJ_PATH_MAX];
        const cJSON *stamps = cJSON_GetObjectItemCaseSensitive(card, "stamps"), *s;
        const char *id = NULL;
        struct journal_state *js;
        int c, rc;
        snprintf(path, sizeof(path), "state.journal[%d]", i++);
        rc = json_at_string(card, path, "card", 0, &id, err);
        if (rc != 0)
            return rc;
        c = board_find_journal(b, id);
        if (c < 0)
            return json_fail_at(err, path, "card", "unknown Travel Journal card '%s'", id);
        js = &st->journal[c];
        if (js->nstamps > 0)
            return json_fail_at(err, path, "card", "'%s' is listed twice", id);
        if (!cJSON_IsArray(stamps) || cJSON_GetArraySize(stamps) > BOARD_MAX_SLOTS)
            return json_fail_at(err, path, "stamps", "must be an array of at most %d stamps",
                                BOARD_MAX_SLOTS);
        cJSON_ArrayForEach(s, stamps)
        {
            struct journal_stamp *js_s = &js->stamps[js->nstamps];
            const char *tok = NULL;
            int slot = -1;
            char spath[SJ_PATH_MAX];
            snprintf(spath, sizeof(spath), "state.journal[%d].stamps[%d]", i - 1, js->nstamps);
            rc = json_at_int(s, spath, "slot", 0, BOARD_MAX_SLOTS - 1, &slot, err);
            if (rc == 0 && slot != js->nstamps)
                rc = json_fail_at(err, spath, "slot", "must be %d: stamps fill slots in order",
                                  js->nstamps);
            if (rc == 0)
                rc = json_at_string(s, spath, "token", 0, &tok, err);
            if (rc == 0 && (js_s->token = board_find_token(b, tok)) < 0)
                rc = json_fail_at(err, spath, "token", "unknown token '%s'", tok);
            if (rc == 0)
                rc = json_at_i64(s, spath, "player", -JSON_INT_MAX, JSON_INT_MAX, &js_s->player,
                                 err);
            if (rc == 0)
                rc = json_at_i64(s, spath, "game", -JSON_INT_MAX, JSON_INT_MAX, &js_s->game, err);
            if (rc == 0)
                rc = json_at_i64(s, spath, "seq", -JSON_INT_MAX, JSON_INT_MAX, &js_s->seq, err);
            if (rc != 0)
                return rc;
            js->nstamps++;
        }
    }
    return 0;
}

/* The house rules and the pot. A state without house rules is of a game started before
 * they existed: it plays by the readings of then (rules_house_legacy()). */
static int sj_house_from_json(const cJSON *doc, struct game_state *st, struct sb_error *err)
{
    const cJSON *hr = cJSON_GetObjectItemCaseSensitive(doc, "house_rules");
    int rc = 0;
    st->house = hr ? rules_house_official() : rules_house_legacy();
    if (hr && (rc = house_rules_from_json(hr, &st->house, err)) != 0) {
        char why[SB_DETAIL_MAX]; /* err->detail cannot be both source and target */
        snprintf(why, sizeof(why), "%s", err->detail);
        return json_fail_at(err, "state", "house_rules", "%s", why);
    }
    st->pot = 0;
    if (cJSON_GetObjectItemCaseSensitive(doc, "pot"))
        rc = json_at_int(doc, "state", "pot", 0, RULES_CASH_MAX, &st->pot, err);
    return rc;
}

/* Everything of the state but the journal, into st (zeroed by the caller). */
static int sj_state_fields(const struct board *b, const cJSON *doc, struct game_state *st,
                           struct sb_error *err)
{
    const cJSON *ticket = cJSON_GetObjectItemCaseSensitive(doc, "ticket");
    int mode = 0, status = 0;
    int rc;

    rc = json_at_i64(doc, "state", "game", -JSON_INT_MAX, JSON_INT_MAX, &st->game, err);
    if (rc == 0)
        rc = json_at_i64(doc, "state", "seq", -JSON_INT_MAX, JSON_INT_MAX, &st->seq, err);
    if (rc == 0)
        rc = json_at_enum(doc, "state", "status", sj_status_names, 3, &status, err);
    if (rc == 0)
        rc = json_at_enum(doc, "state", "mode", sj_mode_names, 2, &mode, err);
    if (rc != 0)
        return rc;
    st->status = (enum game_status)status;
    st->mode = (enum game_mode)mode;
    for (int d = 0; d < BOARD_MAX_DESTS; d++) {
        st->dests[d].owner = -1;
        st->dests[d].stamped_by = -1;
    }
    rules_pending_clear(&st->pending);
    rc = sj_players_from_json(b, cJSON_GetObjectItemCaseSensitive(doc, "players"), st, err);
    if (rc == 0)
        rc = sj_get_seat(doc, "state", "winner", st, true, &st->winner, err);
    if (rc == 0 && st->mode == MODE_BANKER)
        rc = sj_turn_from_json(b, cJSON_GetObjectItemCaseSensitive(doc, "turn"), st, err);
    if (rc == 0)
        rc = sj_dests_from_json(b, cJSON_GetObjectItemCaseSensitive(doc, "destinations"), st, err);
    if (rc == 0 && !cJSON_IsObject(ticket))
        rc = json_fail_at(err, "state", "ticket", "must be an object");
    if (rc == 0)
        rc = sj_get_seat(ticket, "state.ticket", "holder", st, true, &st->ticket_holder, err);
    if (rc == 0)
        rc = json_at_bool(ticket, "state.ticket", "used", &st->ticket_used, err);
    st->corrections = 0;
    if (rc == 0 && cJSON_GetObjectItemCaseSensitive(doc, "corrections"))
        rc = json_at_int(doc, "state", "corrections", 1, INT32_MAX, &st->corrections, err);
    if (rc == 0)
        rc = sj_house_from_json(doc, st, err);
    return rc;
}

int state_from_json(const struct board *b, const cJSON *doc, struct game_state *st,
                    struct sb_error *err)
{
    struct game_state *ns = NULL; /* read into a copy: *st changes only on success */
    int rc = cJSON_IsObject(doc) ? 0 : sb_fail(err, SB_EINVALID, NULL, "state: must be an object");

    if (rc == 0 && !(ns = calloc(1, sizeof(*ns))))
        rc = sb_oom(err);
    if (rc == 0)
        rc = sj_state_fields(b, doc, ns, err);
    if (rc == 0)
        rc = sj_journal_from_json(b, cJSON_GetObjectItemCaseSensitive(doc, "journal"), ns, err);
    if (rc == 0)
        memcpy(st, ns, sizeof(*st));
    free(ns);
    return rc;
}

/* ---- effects ----------------------------------------------------------------------------- */

static const char *const sj_effect_names[] = {
    [OUT_MOVE] = "move",
    [OUT_SALARY] = "salary",
    [OUT_PAY] = "pay",
    [OUT_BOARD_STAMP] = "board_stamp",
    [OUT_JOURNAL_STAMP] = "journal_stamp",
    [OUT_JOURNAL_PAYOUT] = "journal_payout",
    [OUT_JAIL] = "jail",
    [OUT_JAIL_FREE] = "jail_free",
    [OUT_TICKET] = "ticket",
    [OUT_OWNER] = "owner",
    [OUT_WIN] = "win",
    [OUT_POT] = "pot",
};

/* The fields of a journal payout: card, player, token, stamps, amount, and who pays
 * whom: "from" and "to" are the holder's id, "bank", or "others" (every other seated
 * player pays the holder, collect_from_each). amount stays what the holder gains
 * (negative: what the holder pays), as in the briefing and the card's history. False
 * when out of memory. */
static bool sj_payout_fields(cJSON *o, const struct board *b, const struct game_state *st,
                             const struct rules_effect *e)
{
    bool pays = e->amount < 0;
    const char *other = "bank";
    if (!json_add(o, "card", sj_slug(sj_journal_id(b, e->card))) ||
        !json_add(o, "player", sj_seat_json(st, e->player)) ||
        !json_add(o, "token", sj_slug(sj_token_id(b, e->token))) ||
        !json_add(o, "stamps", json_num(e->stamps)) || !json_add(o, "amount", json_num(e->amount)))
        return false;
    if (e->card >= 0 && e->card < b->njournal) {
        pays = b->journal[e->card].per_stamp == PER_STAMP_PAY;
        if (b->journal[e->card].per_stamp == PER_STAMP_COLLECT_FROM_EACH)
            other = "others";
    }
    if (pays)
        return json_add(o, "from", sj_seat_json(st, e->player)) &&
               json_add(o, "to", cJSON_CreateString(other));
    return json_add(o, "from", cJSON_CreateString(other)) &&
           json_add(o, "to", sj_seat_json(st, e->player));
}

/* One effect as API.md lists it. NULL when out of memory. */
static cJSON *sj_effect_to_json(const struct board *b, const struct game_state *st,
                                const struct rules_effect *e)
{
    cJSON *o;
    bool ok;

    if ((int)e->kind < 0 || e->kind > OUT_POT)
        return cJSON_CreateNull();
    o = cJSON_CreateObject();
    ok = o && json_add(o, "kind", cJSON_CreateString(sj_effect_names[e->kind]));
    switch (e->kind) {
    case OUT_MOVE:
        ok = ok && json_add(o, "player", sj_seat_json(st, e->player));
        ok = ok && json_add(o, "from", json_num(e->from));
        ok = ok && json_add(o, "to", json_num(e->to));
        break;
    case OUT_SALARY:
    case OUT_POT: /* the lander takes the Free Parking pot */
        ok = ok && json_add(o, "player", sj_seat_json(st, e->player));
        ok = ok && json_add(o, "amount", json_num(e->amount));
        break;
    case OUT_PAY:
        ok = ok && json_add(o, "from", sj_seat_or_bank(st, e->from));
        ok = ok && json_add(o, "to", sj_seat_or_bank(st, e->to));
        ok = ok && json_add(o, "amount", json_num(e->amount));
        ok = ok &&
             json_add(o, "reason", e->reason ? cJSON_CreateString(e->reason) : cJSON_CreateNull());
        if (e->dest >= 0) /* a tour fee names its destination */
            ok = ok && json_add(o, "destination", sj_slug(sj_dest_id(b, e->dest)));
        break;
    case OUT_BOARD_STAMP:
        ok = ok && json_add(o, "player", sj_seat_json(st, e->player));
        ok = ok && json_add(o, "destination", sj_slug(sj_dest_id(b, e->dest)));
        break;
    case OUT_JOURNAL_STAMP:
        ok = ok && json_add(o, "card", sj_slug(sj_journal_id(b, e->card)));
        ok = ok && json_add(o, "slot", json_num(e->slot));
        ok = ok && json_add(o, "token", sj_slug(sj_token_id(b, e->token)));
        ok = ok && json_add(o, "player", sj_seat_json(st, e->player));
        break;
    case OUT_JOURNAL_PAYOUT: ok = ok && sj_payout_fields(o, b, st, e); break;
    case OUT_TICKET:
        ok = ok && json_add(o, "player", sj_seat_json(st, e->player));
        ok = ok &&
             json_add(o, "action", cJSON_CreateString(e->action == TICKET_USE ? "use" : "take"));
        break;
    case OUT_OWNER:
        ok = ok && json_add(o, "destination", sj_slug(sj_dest_id(b, e->dest)));
        ok = ok && json_add(o, "from", sj_seat_or_bank(st, e->from));
        ok = ok && json_add(o, "to", sj_seat_or_bank(st, e->to));
        break;
    case OUT_JAIL:
    case OUT_JAIL_FREE:
    case OUT_WIN: ok = ok && json_add(o, "player", sj_seat_json(st, e->player)); break;
    }
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

cJSON *effects_to_json(const struct board *b, const struct game_state *st,
                       const struct rules_outcome *out)
{
    cJSON *arr = cJSON_CreateArray();
    bool ok = arr != NULL;

    for (int i = 0; ok && i < out->neffects && i < RULES_MAX_EFFECTS; i++)
        ok = json_add(arr, NULL, sj_effect_to_json(b, st, &out->effects[i]));
    if (!ok) {
        cJSON_Delete(arr);
        return NULL;
    }
    return arr;
}

int refusal_code(const struct rules_refusal *r)
{
    return r->kind == RULES_CONFLICT ? SB_ECONFLICT : SB_EINVALID;
}
