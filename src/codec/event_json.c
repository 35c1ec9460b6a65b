/* event_json.c -- events between the rules engine and JSON: a row per event type. */
#include "event_json.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "board_json.h"
#include "json.h"

/* ---- reading an event's fields ---------------------------------------------------------- */

/* body[key] as the seat of a player id: absent -> -1 (SB_EBADREQ when required), wrong
 * type 400, not seated 422. */
static int ej_event_seat(const cJSON *body, const char *key, bool required,
                         const struct game_state *st, int *out, struct sb_error *err)
{
    int64_t id = 0;
    bool present = false;
    int seat;
    int rc = json_get_int(body, key, required, -JSON_INT_MAX, JSON_INT_MAX, &id, &present, err);
    if (rc != 0)
        return rc;
    if (!present) {
        *out = -1;
        return 0;
    }
    seat = rules_seat_of(st, id);
    if (seat < 0)
        return sb_fail(err, SB_EINVALID, NULL, "'%s': player %lld is not seated in this game", key,
                       (long long)id);
    *out = seat;
    return 0;
}

/* body[key] as a slug string (required), borrowed into *out. */
static int ej_event_slug(const cJSON *body, const char *key, const char **out, struct sb_error *err)
{
    return json_get_string(body, key, true, JSON_NAME_MAX_CHARS, false, out, err);
}

/* body[key] as a destination index (required). */
static int ej_event_dest(const struct board *b, const cJSON *body, const char *key, int *out,
                         struct sb_error *err)
{
    const char *s = NULL;
    int rc = ej_event_slug(body, key, &s, err);
    if (rc == 0 && (*out = board_find_dest(b, s)) < 0)
        rc = sb_fail(err, SB_EINVALID, NULL, "unknown destination '%s'", s);
    return rc;
}

/* body[key] as an int in [min, max]; absent -> dflt (SB_EBADREQ when required). */
static int ej_event_int(const cJSON *body, const char *key, bool required, int64_t min, int64_t max,
                        int dflt, int *out, struct sb_error *err)
{
    int64_t v = 0;
    bool present = false;
    int rc = json_get_int(body, key, required, min, max, &v, &present, err);
    if (rc == 0)
        *out = present ? (int)v : dflt;
    return rc;
}

/* One side of a trade: {cash?, destinations?: [id], jail_cards?}; absent: gives nothing. */
static int ej_trade_side(const struct board *b, const cJSON *body, const char *key,
                         struct trade_side *side, struct sb_error *err)
{
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(body, key);
    const cJSON *ds, *it;
    int rc;

    memset(side, 0, sizeof(*side));
    if (!o || cJSON_IsNull(o))
        return 0;
    if (!cJSON_IsObject(o))
        return sb_fail(err, SB_EBADREQ, NULL, "'%s' must be an object", key);
    rc = ej_event_int(o, "cash", false, 0, JSON_MONEY_MAX, 0, &side->cash, err);
    if (rc == 0)
        rc = ej_event_int(o, "jail_cards", false, 0, (int64_t)RULES_MAX_HELD, 0, &side->jail_cards,
                          err);
    if (rc != 0)
        return rc;
    ds = cJSON_GetObjectItemCaseSensitive(o, "destinations");
    if (!ds || cJSON_IsNull(ds))
        return 0;
    if (!cJSON_IsArray(ds))
        return sb_fail(err, SB_EBADREQ, NULL, "'%s.destinations' must be an array", key);
    cJSON_ArrayForEach(it, ds)
    {
        int d;
        if (!cJSON_IsString(it) || !it->valuestring)
            return sb_fail(err, SB_EBADREQ, NULL, "'%s.destinations' must hold destination ids",
                           key);
        d = board_find_dest(b, it->valuestring);
        if (d < 0)
            return sb_fail(err, SB_EINVALID, NULL, "unknown destination '%s'", it->valuestring);
        for (int i = 0; i < side->ndests; i++)
            if (side->dests[i] == d)
                return sb_fail(err, SB_EINVALID, NULL, "'%s.destinations' names '%s' twice", key,
                               it->valuestring);
        side->dests[side->ndests++] = d;
    }
    return 0;
}

/* ---- the correct event ---------------------------------------------------------------------- */

/* Which fields a correction of each kind of fact may carry, and the FIX_ bit each sets
 * (0: a name or text, which no rule reads). */
struct ej_fix_field {
    const char *key;
    unsigned bit;
};

static const struct ej_fix_field ej_dest_fields[] = {
    {"name", 0},      {"colour", FIX_COLOUR},   {"price", FIX_PRICE},
    {"fee", FIX_FEE}, {"set_fee", FIX_SET_FEE}, {"goal", FIX_GOAL},
};
static const struct ej_fix_field ej_chance_fields[] = {{"text", 0}, {"effect", FIX_EFFECT}};
static const struct ej_fix_field ej_journal_fields[] = {
    {"title", 0}, {"text", 0}, {"slots", FIX_SLOTS}, {"effect", FIX_EFFECT}};

/* fields[key] (present) as money into *out. */
static int ej_fix_money(const cJSON *fields, const char *key, int *out, struct sb_error *err)
{
    int64_t v = 0;
    int rc = json_get_money(fields, key, true, &v, NULL, err);
    if (rc == 0)
        *out = (int)v;
    return rc;
}

/* One field of a destination correction into fix->dest. */
static int ej_fix_dest_field(const struct board *b, const cJSON *fields, const cJSON *it,
                             struct board_fix *fix, struct sb_error *err)
{
    const char *k = it->string, *s = NULL;
    struct destination *d = &fix->dest;
    int rc;
    if (strcmp(k, "name") == 0)
        return json_get_string(fields, k, true, JSON_NAME_MAX_CHARS, false, &s, err);
    if (strcmp(k, "colour") == 0) {
        rc = json_get_string(fields, k, true, BOARD_SLUG_MAX - 1, false, &s, err);
        if (rc == 0)
            snprintf(d->colour, sizeof(d->colour), "%s", s);
        return rc;
    }
    if (strcmp(k, "goal") == 0) {
        if (cJSON_IsNull(it)) {
            d->goal = -1;
            return 0;
        }
        rc = ej_event_dest(b, fields, k, &d->goal, err);
        if (rc == 0 && d->goal == fix->index)
            rc = sb_fail(err, SB_EINVALID, "TWT-GOAL-1", "a card cannot be its own travel goal");
        return rc;
    }
    return ej_fix_money(fields, k,
                        strcmp(k, "price") == 0 ? &d->price
                        : strcmp(k, "fee") == 0 ? &d->fee
                                                : &d->set_fee,
                        err);
}

/* One field of a Chance or Travel Journal correction into fix->chance / fix->journal. */
static int ej_fix_card_field(const struct board *b, const cJSON *fields, const cJSON *it,
                             struct board_fix *fix, struct sb_error *err)
{
    const char *k = it->string, *s = NULL;
    if (strcmp(k, "title") == 0)
        return json_get_string(fields, k, true, JSON_NAME_MAX_CHARS, false, &s, err);
    if (strcmp(k, "text") == 0)
        return json_get_string(fields, k, true, JSON_TEXT_MAX_CHARS, false, &s, err);
    if (strcmp(k, "slots") == 0)
        return ej_event_int(fields, k, true, 1, BOARD_MAX_SLOTS, 1, &fix->journal.slots, err);
    if (fix->what == FACT_CHANCE)
        return board_effect_from_json(b, it, &fix->chance.effect, err);
    return board_journal_effect_from_json(b, it, &fix->journal, err);
}

/* The fields object of a correction into fix, against the table of its kind of fact. */
static int ej_fix_fields(const struct board *b, const cJSON *fields, struct board_fix *fix,
                         struct sb_error *err)
{
    const struct ej_fix_field *table = fix->what == FACT_DESTINATION ? ej_dest_fields
                                       : fix->what == FACT_CHANCE    ? ej_chance_fields
                                                                     : ej_journal_fields;
    size_t n = fix->what == FACT_DESTINATION ? sizeof(ej_dest_fields) / sizeof(ej_dest_fields[0])
               : fix->what == FACT_CHANCE
                   ? sizeof(ej_chance_fields) / sizeof(ej_chance_fields[0])
                   : sizeof(ej_journal_fields) / sizeof(ej_journal_fields[0]);
    const cJSON *it;
    int rc = 0;
    if (!cJSON_IsObject(fields) || !fields->child)
        return sb_fail(err, SB_EBADREQ, NULL, "'fields' must be an object of the new values");
    cJSON_ArrayForEach(it, fields)
    {
        size_t i = 0;
        while (i < n && strcmp(table[i].key, it->string) != 0)
            i++;
        if (i == n)
            return sb_fail(err, SB_EINVALID, NULL, "fields: a correction cannot change '%s'",
                           it->string);
        rc = fix->what == FACT_DESTINATION ? ej_fix_dest_field(b, fields, it, fix, err)
                                           : ej_fix_card_field(b, fields, it, fix, err);
        if (rc != 0)
            return rc;
        fix->fields |= table[i].bit;
    }
    return 0;
}

/* A correct event's {"what","id","fields","before"} into fix. */
static int ej_correct_from_json(const struct board *b, const cJSON *body, struct board_fix *fix,
                                struct sb_error *err)
{
    const char *what = NULL, *id = NULL;
    const cJSON *before = cJSON_GetObjectItemCaseSensitive(body, "before");
    int rc = json_get_string(body, "what", true, 16, false, &what, err);
    if (rc == 0)
        rc = ej_event_slug(body, "id", &id, err);
    if (rc != 0)
        return rc;
    memset(fix, 0, sizeof(*fix));
    if (strcmp(what, "destination") == 0) {
        fix->what = FACT_DESTINATION;
        fix->index = board_find_dest(b, id);
        fix->dest = fix->index >= 0 ? b->dests[fix->index] : fix->dest;
    } else if (strcmp(what, "chance") == 0) {
        fix->what = FACT_CHANCE;
        fix->index = board_find_chance(b, id);
    } else if (strcmp(what, "journal") == 0) {
        fix->what = FACT_JOURNAL;
        fix->index = board_find_journal(b, id);
    } else {
        return sb_fail(err, SB_EINVALID, NULL,
                       "'what' must be \"destination\", \"chance\" or \"journal\"");
    }
    if (fix->index < 0)
        return sb_fail(err, SB_EINVALID, NULL, "unknown %s '%s'", what, id);
    if (!cJSON_IsObject(before))
        return sb_fail(err, SB_EBADREQ, NULL, "'before' must be an object of the old values");
    return ej_fix_fields(b, cJSON_GetObjectItemCaseSensitive(body, "fields"), fix, err);
}

/* A trade's seats a and b and what each gives. */
static int ej_trade(const struct board *b, const struct game_state *st, const cJSON *body,
                    struct rules_event *ev, struct sb_error *err)
{
    int rc = ej_event_seat(body, "a", true, st, &ev->a, err);
    if (rc == 0)
        rc = ej_event_seat(body, "b", true, st, &ev->b, err);
    if (rc == 0)
        rc = ej_trade_side(b, body, "a_gives", &ev->a_gives, err);
    if (rc == 0)
        rc = ej_trade_side(b, body, "b_gives", &ev->b_gives, err);
    return rc;
}

/* The card of a draw_chance or draw_journal event (journal), and in journal mode the
 * player who drew it. */
static int ej_event_draw(const struct board *b, const struct game_state *st, const cJSON *body,
                         bool journal, struct rules_event *ev, struct sb_error *err)
{
    const char *s = NULL;
    int rc = ej_event_slug(body, "card", &s, err);
    if (rc == 0 && (ev->card = journal ? board_find_journal(b, s) : board_find_chance(b, s)) < 0)
        rc = sb_fail(err, SB_EINVALID, NULL, "unknown %s card '%s'",
                     journal ? "Travel Journal" : "Chance", s);
    if (rc == 0 && journal)
        rc = ej_event_seat(body, "player", st->mode == MODE_JOURNAL, st, &ev->player, err);
    return rc;
}

/* buy, jail_pay, jail_card: no field. */
static int ej_none(const struct board *b, const struct game_state *st, const cJSON *body,
                   struct rules_event *ev, struct sb_error *err)
{
    (void)b;
    (void)st;
    (void)body;
    (void)ev;
    (void)err;
    return 0;
}

/* roll {d1, d2, player?}. */
static int ej_roll(const struct board *b, const struct game_state *st, const cJSON *body,
                   struct rules_event *ev, struct sb_error *err)
{
    int rc = ej_event_int(body, "d1", true, 1, 6, -1, &ev->d1, err);
    (void)b;
    if (rc == 0)
        rc = ej_event_int(body, "d2", true, 1, 6, -1, &ev->d2, err);
    if (rc == 0)
        rc = ej_event_seat(body, "player", false, st, &ev->player, err);
    return rc;
}

/* auction {winner?, price?}. */
static int ej_auction(const struct board *b, const struct game_state *st, const cJSON *body,
                      struct rules_event *ev, struct sb_error *err)
{
    int rc = ej_event_seat(body, "winner", false, st, &ev->winner, err);
    (void)b;
    if (rc == 0)
        rc = ej_event_int(body, "price", false, 0, JSON_MONEY_MAX, -1, &ev->price, err);
    return rc;
}

/* draw_chance, draw_journal {card, player?}. */
static int ej_draw(const struct board *b, const struct game_state *st, const cJSON *body,
                   struct rules_event *ev, struct sb_error *err)
{
    return ej_event_draw(b, st, body, ev->type == EVENT_DRAW_JOURNAL, ev, err);
}

/* choose, goal_jump {destination}. */
static int ej_destination(const struct board *b, const struct game_state *st, const cJSON *body,
                          struct rules_event *ev, struct sb_error *err)
{
    (void)st;
    return ej_event_dest(b, body, "destination", &ev->dest, err);
}

/* fly, use_ticket {to}. */
static int ej_to(const struct board *b, const struct game_state *st, const cJSON *body,
                 struct rules_event *ev, struct sb_error *err)
{
    (void)st;
    return ej_event_dest(b, body, "to", &ev->dest, err);
}

/* collect_fee {destination?} (absent: the latest fee due). */
static int ej_collect_fee(const struct board *b, const struct game_state *st, const cJSON *body,
                          struct rules_event *ev, struct sb_error *err)
{
    if (!cJSON_GetObjectItemCaseSensitive(body, "destination"))
        return 0;
    return ej_destination(b, st, body, ev, err);
}

/* stamp_goal {player, destination}. */
static int ej_stamp_goal(const struct board *b, const struct game_state *st, const cJSON *body,
                         struct rules_event *ev, struct sb_error *err)
{
    int rc = ej_event_seat(body, "player", true, st, &ev->player, err);
    if (rc == 0)
        rc = ej_event_dest(b, body, "destination", &ev->dest, err);
    return rc;
}

/* body's "reason" (optional): a text the log keeps, that no rule reads. */
static int ej_reason(const cJSON *body, struct sb_error *err)
{
    const char *s = NULL;
    return json_get_string(body, "reason", false, JSON_TEXT_MAX_CHARS, true, &s, err);
}

/* adjust {player, amount, reason?}. */
static int ej_adjust(const struct board *b, const struct game_state *st, const cJSON *body,
                     struct rules_event *ev, struct sb_error *err)
{
    int rc = ej_event_seat(body, "player", true, st, &ev->player, err);
    if (rc == 0)
        rc = ej_event_int(body, "amount", true, -JSON_MONEY_MAX, JSON_MONEY_MAX, 0, &ev->amount,
                          err);
    (void)b;
    return rc != 0 ? rc : ej_reason(body, err);
}

/* note {text}. */
static int ej_note(const struct board *b, const struct game_state *st, const cJSON *body,
                   struct rules_event *ev, struct sb_error *err)
{
    const char *s = NULL;
    (void)b;
    (void)st;
    (void)ev;
    return json_get_string(body, "text", true, JSON_TEXT_MAX_CHARS, false, &s, err);
}

/* end {winner?, reason?}. */
static int ej_end(const struct board *b, const struct game_state *st, const cJSON *body,
                  struct rules_event *ev, struct sb_error *err)
{
    int rc = ej_event_seat(body, "winner", false, st, &ev->winner, err);
    (void)b;
    return rc != 0 ? rc : ej_reason(body, err);
}

/* correct {what, id, fields, before}. */
static int ej_correct(const struct board *b, const struct game_state *st, const cJSON *body,
                      struct rules_event *ev, struct sb_error *err)
{
    (void)st;
    return ej_correct_from_json(b, body, &ev->fix, err);
}

/* The fields of the event types the rules engine does not play (rules_event_fields()
 * gives those of the others): a result of a results-mode game. */
static const struct ej_other {
    const char *type;
    const char *const fields[RULES_EVENT_FIELDS];
} ej_other_types[] = {
    {"result", {"variant", "winner", "standings"}},
};

/* The fields of the objects inside an event: a field that holds an object (or an
 * array of objects) and the fields those take. */
static const struct ej_event_part {
    const char *type;
    const char *field;
    const char *const fields[RULES_EVENT_FIELDS];
} ej_event_parts[] = {
    {"trade", "a_gives", {"cash", "destinations", "jail_cards"}},
    {"trade", "b_gives", {"cash", "destinations", "jail_cards"}},
    {"result",
     "standings",
     {"player", "bankrupt_order", "cash", "property_value", "mortgaged_value", "buildings_value",
      "wonders_ticked", "complete_sets"}},
};

/* Is key one of fields (NULL-ended, at most RULES_EVENT_FIELDS)? This function can't fail. */
static bool ej_takes(const char *const *fields, const char *key)
{
    for (int i = 0; i < RULES_EVENT_FIELDS && fields[i]; i++)
        if (strcmp(fields[i], key) == 0)
            return true;
    return false;
}

/* Refuse (422) a key of obj that fields does not hold; where names obj in the detail. */
static int ej_check_keys(const cJSON *obj, const char *const *fields, bool type_too,
                         const char *type, const char *where, struct sb_error *err)
{
    const cJSON *c;
    cJSON_ArrayForEach(c, obj)
    {
        if (!(type_too && strcmp(c->string, "type") == 0) && !ej_takes(fields, c->string))
            return sb_fail(err, SB_EINVALID, NULL, "a %s event takes no field '%.64s'%s", type,
                           c->string, where);
    }
    return 0;
}

/* The objects of one part of body: obj itself, or each object of an array. */
static int ej_check_part(const cJSON *body, const struct ej_event_part *part, struct sb_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(body, part->field);
    const cJSON *it;
    char where[96];
    int rc = 0;
    snprintf(where, sizeof(where), " in '%s'", part->field);
    if (cJSON_IsObject(v))
        return ej_check_keys(v, part->fields, false, part->type, where, err);
    if (!cJSON_IsArray(v))
        return 0;
    cJSON_ArrayForEach(it, v)
    {
        if (rc == 0 && cJSON_IsObject(it))
            rc = ej_check_keys(it, part->fields, false, part->type, where, err);
    }
    return rc;
}

/* The fields type takes (NULL-ended), or NULL for a type API.md does not list. This
 * function can't fail. */
static const char *const *ej_fields_of(const char *type)
{
    int t = rules_event_from_name(type);
    if (t >= 0)
        return rules_event_fields((enum event_type)t);
    for (size_t i = 0; type && i < sizeof(ej_other_types) / sizeof(ej_other_types[0]); i++)
        if (strcmp(ej_other_types[i].type, type) == 0)
            return ej_other_types[i].fields;
    return NULL;
}

int event_check_fields(const cJSON *body, struct sb_error *err)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(body, "type");
    const char *const *fields;
    int rc;
    if (!cJSON_IsObject(body) || !cJSON_IsString(type))
        return 0; /* the type's own reader refuses these */
    fields = ej_fields_of(type->valuestring);
    if (!fields)
        return 0; /* an unknown type is refused as such */
    rc = ej_check_keys(body, fields, true, type->valuestring, "", err);
    for (size_t i = 0; rc == 0 && i < sizeof(ej_event_parts) / sizeof(ej_event_parts[0]); i++)
        if (strcmp(ej_event_parts[i].type, type->valuestring) == 0)
            rc = ej_check_part(body, &ej_event_parts[i], err);
    return rc;
}

bool event_type_known(const char *type)
{
    return type && ej_fields_of(type) != NULL;
}

int event_check_request(const cJSON *body, bool banker, struct sb_error *err)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(body, "type");
    if (!cJSON_IsString(type) || strcmp(type->valuestring, "draw_journal") != 0)
        return 0;
    if (cJSON_GetObjectItemCaseSensitive(body, "stamp_owner"))
        return sb_fail(err, SB_EINVALID, "TWT-JOURNAL-5",
                       "a draw_journal event takes no field 'stamp_owner': the campaign's "
                       "stamp_owner alone decides who is paid");
    if (banker && cJSON_GetObjectItemCaseSensitive(body, "player"))
        return sb_fail(err, SB_EINVALID, "TWT-JOURNAL-1",
                       "a draw_journal event in banker mode takes no field 'player': the "
                       "player who landed draws");
    return 0;
}

int event_from_json(const struct board *b, const struct game_state *st, const cJSON *body,
                    struct rules_event *ev, struct sb_error *err)
{
    const struct event_codec *codec;
    struct rules_event e;
    const char *type = NULL;
    int t, rc;

    rc = json_get_event_type(body, rules_event_from_name, &t, &type, err);
    if (rc == 0)
        rc = event_check_fields(body, err);
    if (rc != 0)
        return rc;
    e = rules_event_new((enum event_type)t);
    e.seq = ev->seq;
    codec = event_codec_of(e.type);
    if (!codec)
        return sb_fail(err, SB_EINVALID, NULL, "event type '%s' has no reader", type);
    rc = codec->read(b, st, body, &e, err);
    if (rc == 0)
        *ev = e;
    return rc;
}

/* ---- writing an option's fields (state.options) ----------------------------------------- */

/* The slug of destination d (null when out of range). */
static void ej_dest(struct jbuf *j, const struct board *b, int d)
{
    jb_str(j, d >= 0 && d < b->ndests ? b->dests[d].id : NULL);
}

/* The member "destination": the slug of destination d. */
static void ej_destination_key(struct jbuf *j, const struct board *b, int d)
{
    jb_key(j, "destination");
    ej_dest(j, b, d);
}

void event_seat_write(struct jbuf *j, const struct game_state *st, int seat)
{
    if (seat < 0 || seat >= st->nplayers)
        jb_null(j);
    else
        jb_int(j, st->players[seat].id);
}

/* key: the ids of o's destinations (or cards of o's deck) as an array. */
static void ej_ids(struct jbuf *j, const char *key, const struct board *b,
                   const struct rules_option *o, bool cards)
{
    jb_key(j, key);
    jb_open(j, '[');
    for (int i = 0; i < o->ndests && i < BOARD_MAX_DESTS; i++) {
        int k = o->dests[i];
        if (!cards)
            ej_dest(j, b, k);
        else if (o->deck == DECK_JOURNAL)
            jb_str(j, b->journal[k].id);
        else
            jb_str(j, b->chance[k].id);
    }
    jb_close(j, ']');
}

/* roll: in Jail, this try, the tries before the fine, and the fine. */
static void ej_roll_option(struct jbuf *j, const struct board *b, const struct game_state *st,
                           const struct rules_option *o)
{
    (void)b;
    (void)st;
    if (o->jail_try > 0) {
        jb_key_int(j, "jail_try", o->jail_try);
        jb_key_int(j, "jail_tries", o->jail_tries);
        jb_key_int(j, "fine", o->amount);
    }
}

/* buy: the destination and its price. */
static void ej_buy_option(struct jbuf *j, const struct board *b, const struct game_state *st,
                          const struct rules_option *o)
{
    (void)st;
    ej_destination_key(j, b, o->dest);
    jb_key_int(j, "price", o->amount);
}

/* auction: the destination, the lowest bid and its step, or "bids": false. */
static void ej_auction_option(struct jbuf *j, const struct board *b, const struct game_state *st,
                              const struct rules_option *o)
{
    (void)st;
    ej_destination_key(j, b, o->dest);
    if (o->amount <= 0) { /* HOUSE-AUCTION off: declining leaves it with the Bank */
        jb_key(j, "bids");
        jb_bool(j, false);
        return;
    }
    jb_key_int(j, "min_bid", o->amount);
    jb_key_int(j, "step", RULES_MONEY_UNIT);
}

/* collect_fee: the destination, the fee, its owner and its payer. */
static void ej_fee_option(struct jbuf *j, const struct board *b, const struct game_state *st,
                          const struct rules_option *o)
{
    ej_destination_key(j, b, o->dest);
    jb_key_int(j, "amount", o->amount);
    jb_key(j, "owner");
    event_seat_write(j, st, o->owner);
    jb_key(j, "payer");
    event_seat_write(j, st, o->player);
}

/* draw_chance, draw_journal: the cards that may be drawn. */
static void ej_draw_option(struct jbuf *j, const struct board *b, const struct game_state *st,
                           const struct rules_option *o)
{
    (void)st;
    ej_ids(j, "cards", b, o, true);
}

/* choose, goal_jump: the destinations. */
static void ej_destination_option(struct jbuf *j, const struct board *b,
                                  const struct game_state *st, const struct rules_option *o)
{
    (void)st;
    ej_ids(j, "destination", b, o, false);
}

/* fly: the cost, the kind of flight and the destinations it reaches. */
static void ej_fly_option(struct jbuf *j, const struct board *b, const struct game_state *st,
                          const struct rules_option *o)
{
    (void)st;
    jb_key_int(j, "cost", o->amount);
    jb_key(j, "kind");
    jb_str(j, b->spaces[o->space].kind == SPACE_FLIGHT_LONG ? "flight_long" : "flight_local");
    ej_ids(j, "to", b, o, false);
}

/* use_ticket: every destination. */
static void ej_to_option(struct jbuf *j, const struct board *b, const struct game_state *st,
                         const struct rules_option *o)
{
    (void)st;
    ej_ids(j, "to", b, o, false);
}

/* jail_pay: the fine. */
static void ej_jail_pay_option(struct jbuf *j, const struct board *b, const struct game_state *st,
                               const struct rules_option *o)
{
    (void)b;
    (void)st;
    jb_key_int(j, "cost", o->amount);
}

/* jail_card: the cards held. */
static void ej_jail_card_option(struct jbuf *j, const struct board *b, const struct game_state *st,
                                const struct rules_option *o)
{
    (void)b;
    (void)st;
    jb_key_int(j, "cards", o->amount);
}

/* ---- the event types ---------------------------------------------------------------------- */

/* Every event type the rules engine plays, one row each, at its type's index: how to read
 * its fields from an event body, and how to write its fields as an option (NULL: an
 * option with no field but its player). A new event type is a row here besides its row
 * in the engine (rules.c): README "How it is built". */
static const struct event_codec event_codecs[] = {
    [EVENT_ROLL] = {EVENT_ROLL, ej_roll, ej_roll_option},
    [EVENT_BUY] = {EVENT_BUY, ej_none, ej_buy_option},
    [EVENT_AUCTION] = {EVENT_AUCTION, ej_auction, ej_auction_option},
    [EVENT_COLLECT_FEE] = {EVENT_COLLECT_FEE, ej_collect_fee, ej_fee_option},
    [EVENT_DRAW_CHANCE] = {EVENT_DRAW_CHANCE, ej_draw, ej_draw_option},
    [EVENT_DRAW_JOURNAL] = {EVENT_DRAW_JOURNAL, ej_draw, ej_draw_option},
    [EVENT_CHOOSE] = {EVENT_CHOOSE, ej_destination, ej_destination_option},
    [EVENT_FLY] = {EVENT_FLY, ej_to, ej_fly_option},
    [EVENT_USE_TICKET] = {EVENT_USE_TICKET, ej_to, ej_to_option},
    [EVENT_GOAL_JUMP] = {EVENT_GOAL_JUMP, ej_destination, ej_destination_option},
    [EVENT_JAIL_PAY] = {EVENT_JAIL_PAY, ej_none, ej_jail_pay_option},
    [EVENT_JAIL_CARD] = {EVENT_JAIL_CARD, ej_none, ej_jail_card_option},
    [EVENT_TRADE] = {EVENT_TRADE, ej_trade, NULL},
    [EVENT_ADJUST] = {EVENT_ADJUST, ej_adjust, NULL},
    [EVENT_NOTE] = {EVENT_NOTE, ej_note, NULL},
    [EVENT_END] = {EVENT_END, ej_end, NULL},
    [EVENT_STAMP_GOAL] = {EVENT_STAMP_GOAL, ej_stamp_goal, NULL},
    [EVENT_CORRECT] = {EVENT_CORRECT, ej_correct, NULL},
};

_Static_assert(sizeof(event_codecs) / sizeof(event_codecs[0]) == EVENT_COUNT,
               "event_codecs has a row per event type");

const struct event_codec *event_codec_of(enum event_type t)
{
    const struct event_codec *c = (int)t >= 0 && t < EVENT_COUNT ? &event_codecs[t] : NULL;
    if (c && (c->type != t || !c->read)) /* a hole in the table: a type without its row */
        c = NULL;
    assert(c != NULL);
    return c;
}
