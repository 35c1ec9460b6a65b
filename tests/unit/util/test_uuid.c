/* test_uuid.c -- name-based UUIDs (uuid.c): stable, distinct, RFC 9562 version 8. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "keys.h"
#include "uuid.h"

static int setup_sodium(void **state)
{
    (void)state;
    return keys_init();
}

static void test_same_name_same_uuid_other_name_other_uuid(void **state)
{
    char a[UUID_TEXT_MAX], b[UUID_TEXT_MAX], c[UUID_TEXT_MAX];
    (void)state;
    uuid_from_name("stampbook/x/1/game/7", a);
    uuid_from_name("stampbook/x/1/game/7", b);
    uuid_from_name("stampbook/x/1/game/8", c);
    assert_string_equal(a, b);
    assert_string_not_equal(a, c);
}

static void test_uuid_is_lowercase_8_4_4_4_12_with_version_8_and_variant_10(void **state)
{
    char u[UUID_TEXT_MAX];
    (void)state;
    uuid_from_name("", u);
    assert_int_equal(strlen(u), 36);
    for (int i = 0; i < 36; i++) {
        if (i == 8 || i == 13 || i == 18 || i == 23)
            assert_int_equal(u[i], '-');
        else
            assert_non_null(strchr("0123456789abcdef", u[i]));
    }
    assert_int_equal(u[14], '8');
    assert_non_null(strchr("89ab", u[19]));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_name_same_uuid_other_name_other_uuid),
        cmocka_unit_test(test_uuid_is_lowercase_8_4_4_4_12_with_version_8_and_variant_10),
    };
    return cmocka_run_group_tests(tests, setup_sodium, NULL);
}
