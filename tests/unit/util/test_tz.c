/* test_tz.c -- IANA time zones read from the system's TZif files (tz.c), checked
 * against the C library's own reading of the same files (localtime_r under $TZ). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "unit_main.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tz.h"

/* The C library's offset of zone name at t (this test alone sets $TZ). */
static long libc_offset(const char *name, time_t t)
{
    struct tm tm;
    setenv("TZ", name, 1);
    tzset();
    localtime_r(&t, &tm);
    return tm.tm_gmtoff;
}

static void test_offsets_match_the_c_library_from_1900_to_2100(void **state)
{
    static const char *const zones[] = {
        "Europe/Paris", "Europe/Bucharest", "America/New_York",  "Australia/Sydney",
        "Asia/Kolkata", "Pacific/Chatham",  "America/Sao_Paulo", "Africa/Casablanca",
        "UTC",          "Etc/GMT+5",        "America/St_Johns",  "Europe/Dublin"};
    (void)state;
    for (size_t i = 0; i < sizeof(zones) / sizeof(zones[0]); i++) {
        struct tz *z = NULL;
        assert_int_equal(tz_load(NULL, zones[i], &z, NULL), 0);
        /* Every 5 h 17 min over two centuries: every transition's neighbourhood is hit
         * in some year, on both sides. */
        for (int64_t t = -2208988800LL; t < 4102444800LL; t += 5 * 3600 + 17 * 60) {
            long want = libc_offset(zones[i], (time_t)t), got = tz_offset(z, t);
            if (want != got)
                fail_msg("%s at %lld: %ld, the C library says %ld", zones[i], (long long)t, got,
                         want);
        }
        tz_free(z);
    }
    unsetenv("TZ");
}

static void test_a_summer_evening_in_paris_is_two_hours_east(void **state)
{
    struct tz *z = NULL;
    (void)state;
    assert_int_equal(tz_load(NULL, "Europe/Paris", &z, NULL), 0);
    assert_int_equal(tz_offset(z, 1782837000), 7200); /* 2026-06-30 16:30 UTC */
    assert_int_equal(tz_offset(z, 1798738200), 3600); /* 2026-12-31 17:30 UTC */
    assert_int_equal(tz_offset(z, 4102444800), 3600); /* 2100-01-01, past every transition */
    assert_int_equal(tz_offset(z, 4118068800), 7200); /* 2100-07-01 */
    tz_free(z);
}

static void test_names_that_are_not_zones_are_invalid(void **state)
{
    static const char *const bad[] = {
        "",
        "/etc/passwd",
        "../../etc/passwd",
        "Europe/../UTC",
        "Europe//Paris",
        "Europe/Paris ",
        "Mars/Olympus",
        "zone.tab",
        "Europe",
        "Europe/Paris\n",
        "A123456789012345678901234567890123456789012345678901234567890"};
    struct sb_error err = {0};
    (void)state;
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        struct tz *z = NULL;
        assert_int_equal(tz_load(NULL, bad[i], &z, &err), SB_EINVALID);
        assert_null(z);
    }
    assert_true(tz_name_ok("America/Argentina/Buenos_Aires"));
    assert_true(tz_name_ok("Etc/GMT-14"));
    assert_false(tz_name_ok("./UTC"));
}

static void test_the_server_zone_follows_tz_then_falls_back(void **state)
{
    char buf[TZ_NAME_MAX];
    (void)state;
    setenv("TZ", ":Asia/Tokyo", 1);
    assert_string_equal(tz_local_name(buf, sizeof(buf)), "Asia/Tokyo");
    setenv("TZ", "Nowhere/At_All", 1);
    assert_true(tz_name_ok(tz_local_name(buf, sizeof(buf))));
    assert_string_not_equal(buf, "Nowhere/At_All");
    unsetenv("TZ");
}

UNIT_MAIN(NULL, NULL, cmocka_unit_test(test_offsets_match_the_c_library_from_1900_to_2100),
          cmocka_unit_test(test_a_summer_evening_in_paris_is_two_hours_east),
          cmocka_unit_test(test_names_that_are_not_zones_are_invalid),
          cmocka_unit_test(test_the_server_zone_follows_tz_then_falls_back))
