/* test_error.c -- the error record (error.c): sb_oom() is the one out-of-memory failure. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "error.h"

static void test_sb_oom_records_enomem_out_of_memory_and_no_rule(void **state)
{
    struct sb_error err = {.code = SB_EINVALID, .rule = "TWT-X"};
    (void)state;
    assert_int_equal(sb_oom(&err), SB_ENOMEM);
    assert_int_equal(err.code, SB_ENOMEM);
    assert_null(err.rule);
    assert_string_equal(err.detail, "out of memory");
    assert_int_equal(sb_status(err.code), 500);
}

static void test_sb_oom_without_a_record_still_returns_enomem(void **state)
{
    (void)state;
    assert_int_equal(sb_oom(NULL), SB_ENOMEM);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sb_oom_records_enomem_out_of_memory_and_no_rule),
        cmocka_unit_test(test_sb_oom_without_a_record_still_returns_enomem),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
