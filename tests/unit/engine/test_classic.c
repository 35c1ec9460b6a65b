/* test_classic.c -- unit tests of the classic Monopoly and Wonders engine, one or more per
 * RULES.md §3 and §3b rule id. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "classic.h"
#include "classic_fixture.h"

/* HOUSE-*: the official readings are valid, and each switch out of range is named. */
static void test_classic_house_official_is_valid(void **state)
{
    (void)state;
    struct classic_house_rules hr = classic_house_official();
    assert_int_equal(classic_house_invalid(&hr), -1);
    hr.go_landing = 300;
    assert_int_equal(classic_house_invalid(&hr), CLASSIC_HOUSE_GO_LANDING);
    assert_string_equal(classic_house_rule(CLASSIC_HOUSE_GO_LANDING), "HOUSE-GO-LANDING");
}

/* The event table has a row per type, each named and found back by its name. */
static void test_classic_event_table_complete(void **state)
{
    (void)state;
    for (int t = 0; t < CLASSIC_EV_COUNT; t++) {
        const struct classic_event_info *info = classic_event_info((enum classic_event_type)t);
        assert_non_null(info);
        assert_int_equal(info->type, t);
        assert_int_equal(classic_event_from_name(info->name), t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classic_house_official_is_valid),
        cmocka_unit_test(test_classic_event_table_complete),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
