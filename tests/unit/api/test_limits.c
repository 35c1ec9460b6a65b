/* test_limits.c -- the limits that hold without an admin key (api_limits.c): the token
 * buckets per client address and of all addresses on creating campaigns, and the caps on campaigns
 * and on the database's size. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_limits.h"
#include "error.h"
#include "store.h"

static void test_create_bucket_gives_its_burst_then_429_with_retry_after(void **state)
{
    struct api_limits_config cfg = {3, 1, 0, 0, 0};
    struct api_limits *l = api_limits_new(&cfg);
    struct sb_error err = {0};
    unsigned retry = 0;
    (void)state;
    assert_non_null(l);
    for (int i = 0; i < 3; i++)
        assert_int_equal(api_limits_take_create(l, "192.0.2.1", &retry, &err), 0);
    assert_int_equal(api_limits_take_create(l, "192.0.2.1", &retry, &err), SB_ERATE);
    assert_int_equal(sb_status(err.code), 429);
    /* One token a minute: the next comes within 60 s. */
    assert_true(retry >= 1 && retry <= 60);
    api_limits_free(l);
}

static void test_create_bucket_is_per_address(void **state)
{
    struct api_limits_config cfg = {1, 1, 0, 0, 0};
    struct api_limits *l = api_limits_new(&cfg);
    struct sb_error err = {0};
    unsigned retry = 0;
    (void)state;
    assert_int_equal(api_limits_take_create(l, "192.0.2.1", &retry, &err), 0);
    assert_int_equal(api_limits_take_create(l, "192.0.2.1", &retry, &err), SB_ERATE);
    assert_int_equal(api_limits_take_create(l, "192.0.2.2", &retry, &err), 0);
    assert_int_equal(api_limits_take_create(l, NULL, &retry, &err), 0); /* unknown: its own */
    api_limits_free(l);
}

static void test_no_burst_means_no_bucket(void **state)
{
    struct api_limits_config cfg = {0, 0, 0, 0, 0};
    struct api_limits *l = api_limits_new(&cfg);
    struct sb_error err = {0};
    unsigned retry = 0;
    (void)state;
    for (int i = 0; i < 100; i++)
        assert_int_equal(api_limits_take_create(l, "192.0.2.1", &retry, &err), 0);
    api_limits_free(l);
    api_limits_free(NULL);
}

/* An IPv6 host holds a whole /64: its addresses share one bucket; another /64 has its
 * own. */
static void test_create_bucket_counts_ipv6_per_64(void **state)
{
    struct api_limits_config cfg = {1, 1, 0, 0, 0};
    struct api_limits *l = api_limits_new(&cfg);
    struct sb_error err = {0};
    unsigned retry = 0;
    (void)state;
    assert_int_equal(api_limits_take_create(l, "2001:db8:1:2::1", &retry, &err), 0);
    assert_int_equal(api_limits_take_create(l, "2001:db8:1:2:ffff:1:2:3", &retry, &err), SB_ERATE);
    assert_int_equal(api_limits_take_create(l, "2001:db8:1:3::1", &retry, &err), 0);
    api_limits_free(l);
}

/* All addresses together take at most create_per_minute_all a minute. */
static void test_create_cap_of_all_addresses_together(void **state)
{
    struct api_limits_config cfg = {5, 1, 0, 0, 4};
    struct api_limits *l = api_limits_new(&cfg);
    struct sb_error err = {0};
    unsigned retry = 0;
    char addr[32];
    int made = 0;
    (void)state;
    for (int i = 0; i < 40; i++) {
        snprintf(addr, sizeof(addr), "192.0.2.%d", i + 1);
        made += api_limits_take_create(l, addr, &retry, &err) == 0;
    }
    assert_int_equal(made, 4);
    assert_int_equal(sb_status(err.code), 429);
    assert_true(retry >= 1 && retry <= 15);
    /* The refused addresses kept their own tokens: 192.0.2.40 is refused by the cap
     * of all, not by its own bucket. */
    assert_non_null(strstr(err.detail, "all addresses"));
    api_limits_free(l);
}

/* A migrated in-memory store for the caps. */
static struct store *caps_store(void)
{
    struct store *s = NULL;
    struct sb_error err = {0};
    assert_int_equal(store_open(":memory:", &s, &err), 0);
    assert_int_equal(store_migrate(s, "migrations", &err), 0);
    return s;
}

static void test_campaign_cap_is_507_once_reached(void **state)
{
    struct api_limits_config cfg = {0, 0, 1, 0, 0};
    struct api_limits *l = api_limits_new(&cfg);
    struct store *s = caps_store();
    struct sb_error err = {0};
    int64_t cid = 0;
    (void)state;
    assert_int_equal(api_limits_check_campaigns(l, s, &err), 0);
    assert_int_equal(store_begin_write(s, &err), 0);
    assert_int_equal(
        store_campaign_create(s, "One", "travel-world-tour", "token",
                              (const unsigned char *)"0123456789abcdef0123456789abcdef",
                              (const unsigned char *)"fedcba9876543210fedcba9876543210", "{}", &cid,
                              &err),
        0);
    assert_int_equal(store_commit(s, &err), 0);
    assert_int_equal(api_limits_check_campaigns(l, s, &err), SB_EFULL);
    assert_int_equal(sb_status(err.code), 507);
    store_close(s);
    api_limits_free(l);
}

static void test_database_size_cap_is_507_once_reached(void **state)
{
    struct api_limits_config small = {0, 0, 0, 1, 0}, big = {0, 0, 0, (int64_t)1 << 40, 0};
    struct api_limits *l = api_limits_new(&small), *m = api_limits_new(&big);
    struct store *s = caps_store();
    struct sb_error err = {0};
    (void)state;
    assert_int_equal(api_limits_check_size(l, s, &err), SB_EFULL);
    assert_int_equal(sb_status(err.code), 507);
    assert_int_equal(api_limits_check_size(m, s, &err), 0);
    store_close(s);
    api_limits_free(l);
    api_limits_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_create_bucket_gives_its_burst_then_429_with_retry_after),
        cmocka_unit_test(test_create_bucket_is_per_address),
        cmocka_unit_test(test_no_burst_means_no_bucket),
        cmocka_unit_test(test_create_bucket_counts_ipv6_per_64),
        cmocka_unit_test(test_create_cap_of_all_addresses_together),
        cmocka_unit_test(test_campaign_cap_is_507_once_reached),
        cmocka_unit_test(test_database_size_cap_is_507_once_reached),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
