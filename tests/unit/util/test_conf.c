/* test_conf.c -- the configuration file's `key = value` lines (conf.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "conf.h"

/* What the callback saw: "key=value@line;" for each setting. */
struct seen {
    char text[512];
    int stop_at; /* line whose setting stops the reading with 7; 0: none */
};

static int record(void *ctx, int line, const char *key, const char *value)
{
    struct seen *s = ctx;
    size_t n = strlen(s->text);
    snprintf(s->text + n, sizeof(s->text) - n, "%s=%s@%d;", key, value, line);
    return line == s->stop_at ? 7 : 0;
}

/* conf_parse() of (a copy of) text, the callback stopping at line stop_at (0: never),
 * returns rc, the callback having seen exactly want. */
static void parses_to(const char *text, int stop_at, int rc, const char *want)
{
    char copy[256];
    struct seen s = {"", stop_at};
    assert_true(strlen(text) < sizeof(copy));
    strcpy(copy, text);
    assert_int_equal(conf_parse(copy, record, &s, NULL, NULL), rc);
    assert_string_equal(s.text, want);
}

static void test_settings_are_read_in_order_with_their_line_numbers(void **state)
{
    (void)state;
    parses_to("# Stampbook\n\nport = 8080\n  base-path=/stampbook  \n\thost-name = a.example\r\n",
              0, 0, "port=8080@3;base-path=/stampbook@4;host-name=a.example@5;");
}

static void test_a_quoted_value_keeps_its_blanks_and_hash(void **state)
{
    (void)state;
    parses_to("admin-key = \" #not a comment \"\nquiet =\n", 0, 0,
              "admin-key= #not a comment @1;quiet=@2;");
}

static void test_a_line_without_equals_is_refused_with_its_number(void **state)
{
    char text[] = "port = 8080\n\nbase-path /stampbook\nhost = ::1\n";
    struct seen s = {"", 0};
    struct sb_error err = {0};
    int line = 0;
    (void)state;
    assert_int_equal(conf_parse(text, record, &s, &line, &err), SB_EINVALID);
    assert_int_equal(line, 3);
    assert_non_null(strstr(err.detail, "line 3"));
    assert_string_equal(s.text, "port=8080@1;");
}

static void test_a_bad_key_or_an_unclosed_quote_is_refused(void **state)
{
    char upper[] = "Port = 1\n", empty[] = " = 1\n", quote[] = "db = \"a\n",
         two[] = "db = \"a\"b\"\n";
    char *bad[] = {upper, empty, quote, two};
    (void)state;
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        struct seen s = {"", 0};
        int line = 0;
        assert_int_equal(conf_parse(bad[i], record, &s, &line, NULL), SB_EINVALID);
        assert_int_equal(line, 1);
        assert_string_equal(s.text, "");
    }
}

static void test_the_callback_stops_the_reading(void **state)
{
    (void)state;
    parses_to("a = 1\nb = 2\nc = 3\n", 2, 7, "a=1@1;b=2@2;");
}

static void test_a_missing_file_is_an_io_error(void **state)
{
    struct seen s = {"", 0};
    (void)state;
    assert_int_equal(conf_read("/nonexistent/stampbook.conf", record, &s, NULL, NULL), SB_EIO);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_settings_are_read_in_order_with_their_line_numbers),
        cmocka_unit_test(test_a_quoted_value_keeps_its_blanks_and_hash),
        cmocka_unit_test(test_a_line_without_equals_is_refused_with_its_number),
        cmocka_unit_test(test_a_bad_key_or_an_unclosed_quote_is_refused),
        cmocka_unit_test(test_the_callback_stops_the_reading),
        cmocka_unit_test(test_a_missing_file_is_an_io_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
