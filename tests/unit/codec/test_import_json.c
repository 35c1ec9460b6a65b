/* test_import_json.c -- an export document checked before it is imported (import_json.c,
 * API.md "Further additions (2026-12-b)"): times, event types, boards. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "unit_main.h"

#include <string.h>

#include "editions.h"
#include "editions_fixture.h"
#include "error.h"
#include "import_json.h"

static void test_times_are_rfc3339_utc_with_a_real_date(void **state)
{
    (void)state;
    assert_true(import_is_time("2026-11-29T19:40:01.123Z"));
    assert_true(import_is_time("2026-11-29T19:40:01Z"));
    assert_true(import_is_time("2024-02-29T00:00:00Z"));
    assert_false(import_is_time("2026-02-29T00:00:00Z")); /* not a leap year */
    assert_false(import_is_time("2026-02-30T10:00:00Z"));
    assert_false(import_is_time("2026-13-01T10:00:00Z"));
    assert_false(import_is_time("2026-11-29T24:00:00Z"));
    assert_false(import_is_time("2026-11-29T19:60:00Z"));
    assert_false(import_is_time("2026-11-29T19:40:01+01:00"));
    assert_false(import_is_time("2026-11-29T19:40:01.Z"));
    assert_false(import_is_time("2026-11-29 19:40:01Z"));
    assert_false(import_is_time("yesterday"));
    assert_false(import_is_time(""));
    assert_false(import_is_time("2026-11-29T19:40:01Z<script>"));
}

/* import_doc_check() of text: its answer, and the detail in err. */
static int check(void **state, const char *text, struct sb_error *err)
{
    cJSON *doc = cJSON_Parse(text);
    int rc;
    assert_non_null(doc);
    memset(err, 0, sizeof(*err));
    rc = import_doc_check(doc, *state, err);
    cJSON_Delete(doc);
    return rc;
}

/* check() of text refuses it (SB_EINVALID), its detail naming where (NULL: any detail). */
static void refused_naming(void **state, const char *text, const char *where)
{
    struct sb_error err;
    assert_int_equal(check(state, text, &err), SB_EINVALID);
    if (where && !strstr(err.detail, where))
        fail_msg("the detail \"%s\" does not name %s", err.detail, where);
}

/* check() of text takes it. */
static void accepted(void **state, const char *text)
{
    struct sb_error err;
    assert_int_equal(check(state, text, &err), 0);
}

#define HEAD_TWT                                                                                   \
    "{\"format\":\"stampbook\",\"version\":1,\"campaign\":{\"name\":\"C\",\"edition\":\"travel-"   \
    "world-tour\""

/* The head of a document whose one game holds one voided event (its rest to follow). */
#define VOIDED_EVENT HEAD_TWT "},\"players\":[],\"games\":[{\"events\":[{\"seq\":1,\"voided\":true,"

static void test_a_garbage_time_anywhere_is_refused_naming_it(void **state)
{
    accepted(state,
             HEAD_TWT ",\"created_at\":\"2026-11-29T19:40:01Z\"},\"players\":[],\"games\":[]}");
    refused_naming(state, HEAD_TWT ",\"created_at\":\"soon\"},\"players\":[],\"games\":[]}",
                   "campaign.created_at");
    refused_naming(
        state, HEAD_TWT "},\"players\":[{\"id\":1,\"name\":\"A\",\"created_at\":7}],\"games\":[]}",
        "players[0].created_at");
    refused_naming(state, HEAD_TWT "},\"players\":[],\"games\":[{\"ended_at\":\"x\"}]}",
                   "games[0].ended_at");
    refused_naming(state,
                   HEAD_TWT "},\"players\":[],\"games\":[{\"events\":[{\"at\":\"2026-02-"
                            "30T00:00:00Z\",\"payload\":{\"type\":\"note\"}}]}]}",
                   "games[0].events[0].at");
    /* a memory's time, as stored unread before */
    refused_naming(state,
                   HEAD_TWT "},\"players\":[],\"games\":[],\"memories\":[{\"at\":"
                            "\"2026-11-29T19:40:01Z\"},{\"at\":\"yesterday\"}]}",
                   "memories[1].at");
}

static void test_a_voided_event_of_an_unknown_type_is_refused(void **state)
{
    accepted(state,
             VOIDED_EVENT "\"type\":\"note\",\"payload\":{\"type\":\"note\",\"text\":\"x\"}}]}]}");
    refused_naming(state,
                   VOIDED_EVENT "\"type\":\"teleport\",\"payload\":{\"type\":\"teleport\"}}]}]}",
                   "known event type");
    refused_naming(state, VOIDED_EVENT "\"type\":\"roll\",\"payload\":{\"type\":\"note\"}}]}]}",
                   "events[0].type");
}

static void test_boards_have_known_fields_and_a_results_edition_no_engine_board(void **state)
{
    refused_naming(state,
                   HEAD_TWT "},\"players\":[],\"board\":0,\"boards\":[{\"edition\":"
                            "\"travel-world-tour\",\"evil\":1}],\"games\":[]}",
                   "unknown field 'evil'");
    refused_naming(state,
                   "{\"campaign\":{\"edition\":\"classic\"},\"board\":{\"edition\":"
                   "\"classic\",\"engine\":\"full\"}}",
                   "engine");
    refused_naming(state,
                   "{\"campaign\":{\"edition\":\"classic\"},\"board\":{\"edition\":"
                   "\"travel-world-tour\"}}",
                   NULL);
    accepted(state, "{\"campaign\":{\"edition\":\"classic\"},\"board\":{\"edition\":"
                    "\"classic\",\"engine\":\"results\"}}");
}

UNIT_MAIN(editions_fixture_setup, editions_fixture_teardown,
          cmocka_unit_test(test_times_are_rfc3339_utc_with_a_real_date),
          cmocka_unit_test(test_a_garbage_time_anywhere_is_refused_naming_it),
          cmocka_unit_test(test_a_voided_event_of_an_unknown_type_is_refused),
          cmocka_unit_test(test_boards_have_known_fields_and_a_results_edition_no_engine_board))
