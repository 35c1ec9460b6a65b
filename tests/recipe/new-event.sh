#!/bin/sh
# new-event.sh -- README's recipe for a new event type the table is offered, followed in
# a scratch copy of the tree by the places it names alone: (1) a value in enum
# event_type, (2) its row in event_defs with (3) its function ev_ping() and (6) its
# lister, (4) its row in event_codecs with (5) its reader. The scratch build then runs
# a check that the engine lists it (before the roll, which stays last), that the codec
# writes it in state.options with its player, reads {"type": "ping"} and that the engine
# applies it. Exits 0 when it does, 1 otherwise. Usage: sh tests/recipe/new-event.sh
set -eu
cd "$(dirname "$0")/../.."
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT INT TERM
cp -R Makefile VERSION src "$scratch"/
mkdir -p "$scratch/tests/unit/engine"
cp tests/unit/*.[ch] "$scratch/tests/unit/"
cd "$scratch"

# insert_after FILE LINE TEXT: TEXT as lines after the first line that starts with LINE.
insert_after() {
    awk -v line="$2" -v text="$3" '{ print } !done && index($0, line) == 1 { print text; done = 1 }' \
        "$1" >"$1.new" && mv "$1.new" "$1"
    grep -qF "$(printf '%s\n' "$3" | sed -n '/./{p;q;}')" "$1" || {
        echo "new-event: $1 has no line '$2'" >&2
        exit 1
    }
}
# (1) the value, before EVENT_COUNT
awk '/^[[:space:]]*EVENT_COUNT/ && !done { print "    EVENT_PING,"; done = 1 } { print }' \
    src/engine/rules.h >src/engine/rules.h.new && mv src/engine/rules.h.new src/engine/rules.h
grep -q EVENT_PING src/engine/rules.h || { echo "new-event: no EVENT_COUNT in rules.h" >&2; exit 1; }
# (2) its row, (3) its function and (6) its lister, offered to the seat whose turn it is
insert_after src/engine/rules.c '#define BOTH_MODES' '
static int ev_ping(struct ctx *c)
{
    (void)c;
    return 0;
}

static void options_ping(const struct board *b, const struct game_state *st,
                         struct rules_options *opts, enum event_type t)
{
    option_offer(b, st, opts, option_new(t, st->turn.seat));
}'
insert_after src/engine/rules.c 'static const struct event_def event_defs[] = {' \
    '    {EVENT_PING, "ping", {NULL}, "TWT-TURN-1", IN_BANKER, ev_ping, options_ping, 0, PENDING_NONE},'
# (4) its codec row and (5) its reader (a ping has no field to read, nor to write)
insert_after src/codec/event_json.c 'static const struct event_codec event_codecs[] = {' \
    '    [EVENT_PING] = {EVENT_PING, ej_none, NULL},'

cat >tests/unit/engine/test_new_event.c <<'CHECK'
/* test_new_event.c -- the event the recipe added is listed, written, read and applied. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "board_fixture.h"
#include "event_json.h"
#include "jbuf.h"
#include "options_json.h"
#include "rules.h"

static void test_an_event_added_by_the_recipe_is_offered_and_played(void **state)
{
    (void)state;
    struct board *b = calloc(1, sizeof *b);
    struct game_state *st = calloc(1, sizeof *st);
    struct rules_options *opts = calloc(1, sizeof *opts);
    struct rules_outcome *out = calloc(1, sizeof *out);
    struct rules_seat seats[2] = {{101, "Ana", 0}, {102, "Bo", 1}};
    struct jbuf j = {NULL, 0, 0, false};
    struct sb_error err;
    struct rules_event ev;
    assert_true(b && st && opts && out);
    board_fixture_default(b);
    assert_int_equal(rules_init(b, MODE_BANKER, 7, seats, 2, NULL, st, out), 0);
    rules_options(b, st, opts);
    assert_true(opts->n >= 2);
    assert_int_equal(opts->list[0].type, EVENT_PING);
    assert_int_equal(opts->list[0].player, st->turn.seat);
    assert_int_equal(opts->list[opts->n - 1].type, EVENT_ROLL);
    jb_open(&j, '{');
    assert_true(options_write(&j, b, st));
    jb_close(&j, '}');
    char *text = jb_take(&j);
    assert_non_null(text);
    assert_non_null(strstr(text, "{\"type\":\"ping\",\"player\":101}"));
    free(text);
    cJSON *body = cJSON_Parse("{\"type\":\"ping\"}");
    ev = rules_event_new(EVENT_NOTE);
    ev.seq = st->seq + 1;
    assert_int_equal(event_from_json(b, st, body, &ev, &err), 0);
    assert_int_equal(ev.type, EVENT_PING);
    assert_int_equal(rules_apply(b, STAMP_OWNER_TOKEN, st, &ev, out), 0);
    cJSON_Delete(body);
    free(out);
    free(opts);
    free(st);
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_an_event_added_by_the_recipe_is_offered_and_played),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
CHECK

make -j2 build/release/tests/engine/test_new_event >build.log 2>&1 || {
    cat build.log >&2
    echo "new-event: the scratch build with the recipe's places failed" >&2
    exit 1
}
./build/release/tests/engine/test_new_event
echo "new-event: an offered event added by README's recipe is listed, written, read and applied"
