/* event_json.h -- events between the rules engine and JSON: a row per event type.
 *
 * An event body is {"type", ...its fields} as API.md lists them; the engine's table
 * (rules.c) names each type and the fields it takes, and this codec's table
 * (event_json.c) reads those fields into a struct rules_event and writes an option of
 * the type (state.options) with what the table needs to offer it. */
#ifndef STAMPBOOK_EVENT_JSON_H
#define STAMPBOOK_EVENT_JSON_H

#include <stdbool.h>

#include <cjson/cJSON.h>

#include "board.h"
#include "error.h"
#include "jbuf.h"
#include "rules.h"

/* One event type in the codec: read reads its fields from body into ev (initialised by
 * the caller, ev->type set) and returns 0 or an error as event_from_json() does;
 * write_option writes the members of an option o of the type (NULL: never offered). */
struct event_codec {
    enum event_type type;
    int (*read)(const struct board *b, const struct game_state *st, const cJSON *body,
                struct rules_event *ev, struct sb_error *err);
    void (*write_option)(struct jbuf *j, const struct board *b, const struct game_state *st,
                         const struct rules_option *o);
};

/* The row of type t (static), or NULL for a type outside the table or without its row:
 * a bug, asserted in debug builds, which the callers turn into an error. */
const struct event_codec *event_codec_of(enum event_type t);

/* Write the player id of seat in st into j, or null for a seat outside the game (the
 * Bank, nobody): a seat of an option or of its fields. */
void event_seat_write(struct jbuf *j, const struct game_state *st, int seat);

/* Decode an event body against the board and the current state into *ev (ids resolved
 * to indexes; ev->seq left for the caller). Returns 0, SB_EBADREQ for a wrong type or
 * a missing field, SB_EINVALID for an unknown type, id, seat or a value out of range. */
int event_from_json(const struct board *b, const struct game_state *st, const cJSON *body,
                    struct rules_event *ev, struct sb_error *err);

/* Refuse (SB_EINVALID) an event body naming a field its type does not take, at the top
 * or inside its objects (a trade's sides, a result's standings); the fields each type
 * takes are the engine's (rules_event_fields()), a result's are in event_json.c. 0 for
 * a body without a known string "type" (the type's reader refuses those).
 * event_from_json() calls it. */
int event_check_fields(const cJSON *body, struct sb_error *err);

/* Is type one of the event types API.md lists? This function can't fail. */
bool event_type_known(const char *type);

/* Refuse (SB_EINVALID) a body sent by a client that names a field the server records
 * with an event itself: a draw_journal's "stamp_owner" (rule TWT-JOURNAL-5: the
 * campaign's policy alone decides who is paid; the server stores the policy it paid
 * under); and in a banker game (banker) a draw_journal's "player", which takes card
 * only (the drawer is who landed). 0 for every other body. Reads only body. */
int event_check_request(const cJSON *body, bool banker, struct sb_error *err);

#endif
