/* test_proxy.c -- behind a reverse proxy (proxy.c): the base path, the client address
 * from X-Forwarded-For, the Host check and the per-address limits. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "proxy.h"

static void test_base_path_is_normalised_or_refused(void **state)
{
    char out[PROXY_BASE_MAX] = "unchanged";
    (void)state;
    assert_int_equal(proxy_base_parse("/stampbook", out), 0);
    assert_string_equal(out, "/stampbook");
    assert_int_equal(proxy_base_parse("/stampbook/", out), 0);
    assert_string_equal(out, "/stampbook");
    assert_int_equal(proxy_base_parse("/games/stamp-book_2", out), 0);
    assert_string_equal(out, "/games/stamp-book_2");
    assert_int_equal(proxy_base_parse("/", out), 0);
    assert_string_equal(out, "");
    assert_int_equal(proxy_base_parse(NULL, out), 0);
    assert_string_equal(out, "");
    strcpy(out, "unchanged");
    const char *bad[] = {"stampbook", "/a//b", "/a/../b", "/..", "/./a",
                         "/a b",      "/a?b",  "/a%2e",   "//"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        assert_int_equal(proxy_base_parse(bad[i], out), -1);
        assert_string_equal(out, "unchanged");
    }
    char longer[PROXY_BASE_MAX + 2];
    memset(longer, 'a', sizeof(longer));
    longer[0] = '/';
    longer[sizeof(longer) - 1] = '\0';
    assert_int_equal(proxy_base_parse(longer, out), -1);
}

static void test_strip_base_gives_the_path_under_the_prefix_only(void **state)
{
    (void)state;
    assert_string_equal(proxy_strip_base("/stampbook", "/stampbook/api/v1/health"),
                        "/api/v1/health");
    assert_string_equal(proxy_strip_base("/stampbook", "/stampbook/"), "/");
    assert_string_equal(proxy_strip_base("/stampbook", "/stampbook"), "");
    assert_null(proxy_strip_base("/stampbook", "/stampbookx/api"));
    assert_null(proxy_strip_base("/stampbook", "/api/v1/health"));
    assert_null(proxy_strip_base("/stampbook", "/"));
    assert_string_equal(proxy_strip_base("", "/api/v1/health"), "/api/v1/health");
    assert_string_equal(proxy_strip_base(NULL, "/"), "/");
}

/* proxy_client_addr() of peer, trusted and forwarded (X-Forwarded-For) gives want. */
static void client_addr_is(const char *peer, const char *trusted, const char *forwarded,
                           const char *want)
{
    char out[PROXY_ADDR_MAX];
    proxy_client_addr(peer, trusted, forwarded, out);
    if (strcmp(out, want) != 0)
        print_error("peer %s, trusted %s, X-Forwarded-For \"%s\"\n", peer,
                    trusted ? trusted : "(none)", forwarded ? forwarded : "(none)");
    assert_string_equal(out, want);
}

static void test_client_address_is_the_peer_unless_the_peer_is_the_trusted_proxy(void **state)
{
    (void)state;
    client_addr_is("192.0.2.7", NULL, "203.0.113.9", "192.0.2.7");
    /* not from the proxy: the header is ignored */
    client_addr_is("192.0.2.7", "127.0.0.1", "203.0.113.9", "192.0.2.7");
    client_addr_is("127.0.0.1", "127.0.0.1", NULL, "127.0.0.1");
    client_addr_is("127.0.0.1", "127.0.0.1", "203.0.113.9", "203.0.113.9");
}

static void test_forwarded_for_takes_the_rightmost_address_so_a_client_cannot_forge_it(void **state)
{
    (void)state;
    /* The client sent "X-Forwarded-For: 10.9.9.9"; the proxy appended what it saw. */
    client_addr_is("127.0.0.1", "127.0.0.1", "10.9.9.9, 203.0.113.9", "203.0.113.9");
    /* The proxy's own address at the end (a second hop through it) is skipped. */
    client_addr_is("127.0.0.1", "127.0.0.1", "203.0.113.9,127.0.0.1", "203.0.113.9");
    /* IPv6, normalised. */
    client_addr_is("::1", "::1", " 2001:DB8::0:1 ", "2001:db8::1");
    /* Garbage: keep the peer. */
    client_addr_is("127.0.0.1", "127.0.0.1", "10.0.0.1, not-an-address", "127.0.0.1");
    client_addr_is("127.0.0.1", "127.0.0.1", "", "127.0.0.1");
    client_addr_is("127.0.0.1", "127.0.0.1", ",", "127.0.0.1");
}

static void test_trusted_proxy_address_is_parsed_and_normalised(void **state)
{
    char out[PROXY_ADDR_MAX];
    (void)state;
    assert_int_equal(proxy_addr_parse("127.0.0.1", out), 0);
    assert_string_equal(out, "127.0.0.1");
    assert_int_equal(proxy_addr_parse("0:0:0:0:0:0:0:1", out), 0);
    assert_string_equal(out, "::1");
    assert_int_equal(proxy_addr_parse("localhost", out), -1);
    assert_int_equal(proxy_addr_parse("127.0.0.1:80", out), -1);
    assert_int_equal(proxy_addr_parse(NULL, out), -1);
}

static void test_trusted_list_is_normalised_and_every_proxy_in_it_is_skipped(void **state)
{
    char list[PROXY_TRUSTED_MAX] = "unchanged";
    (void)state;
    assert_int_equal(proxy_trusted_parse("127.0.0.1, 0:0:0:0:0:0:0:1", list), 0);
    assert_string_equal(list, "127.0.0.1,::1");
    assert_true(proxy_is_trusted(list, "::1"));
    assert_true(proxy_is_trusted(list, "127.0.0.1"));
    assert_false(proxy_is_trusted(list, "127.0.0.2"));
    assert_false(proxy_is_trusted(list, "127.0.0"));
    assert_false(proxy_is_trusted(list, ""));
    /* Two proxies in a row (a CDN at 10.0.0.2 trusted too): both are skipped. */
    assert_int_equal(proxy_trusted_parse("127.0.0.1,10.0.0.2", list), 0);
    client_addr_is("127.0.0.1", list, "10.9.9.9, 203.0.113.9, 10.0.0.2", "203.0.113.9");
    client_addr_is("10.0.0.2", list, "203.0.113.9", "203.0.113.9");
    strcpy(list, "unchanged");
    assert_int_equal(proxy_trusted_parse("127.0.0.1,", list), -1);
    assert_int_equal(proxy_trusted_parse("localhost", list), -1);
    assert_int_equal(proxy_trusted_parse("", list), -1);
    assert_int_equal(proxy_trusted_parse(NULL, list), -1);
    assert_string_equal(list, "unchanged");
}

static void test_host_check_matches_names_without_port_case_insensitively(void **state)
{
    (void)state;
    assert_true(proxy_host_allowed(NULL, "evil.example"));
    assert_true(proxy_host_allowed("", NULL));
    assert_true(proxy_host_allowed("games.example.org", "games.example.org"));
    assert_true(proxy_host_allowed("games.example.org", "Games.Example.ORG:8443"));
    assert_true(proxy_host_allowed("games.example.org, localhost", "localhost:8080"));
    assert_true(proxy_host_allowed("::1", "[::1]:8080"));
    assert_false(proxy_host_allowed("games.example.org", "evil.example"));
    assert_false(proxy_host_allowed("games.example.org", "games.example.org.evil.example"));
    assert_false(proxy_host_allowed("games.example.org", "games.example"));
    assert_false(proxy_host_allowed("games.example.org", NULL));
    assert_false(proxy_host_allowed("games.example.org", ""));
    assert_false(proxy_host_allowed("::1", "[::1"));
}

static void test_limits_count_requests_in_flight_per_address(void **state)
{
    struct proxy_limits *l = proxy_limits_new(2);
    (void)state;
    assert_non_null(l);
    assert_true(proxy_limits_enter(l, "203.0.113.9"));
    assert_true(proxy_limits_enter(l, "203.0.113.9"));
    assert_false(proxy_limits_enter(l, "203.0.113.9"));
    assert_true(proxy_limits_enter(l, "203.0.113.10")); /* another client is not held up */
    proxy_limits_leave(l, "203.0.113.9");
    assert_true(proxy_limits_enter(l, "203.0.113.9"));
    proxy_limits_leave(l, "203.0.113.9");
    proxy_limits_leave(l, "203.0.113.9");
    proxy_limits_leave(l, "203.0.113.10");
    proxy_limits_leave(l, "198.51.100.1"); /* never entered: nothing happens */
    proxy_limits_free(l);
    proxy_limits_free(NULL);
}

static void test_limits_table_stays_correct_across_many_addresses(void **state)
{
    struct proxy_limits *l = proxy_limits_new(1);
    char addr[PROXY_ADDR_MAX];
    (void)state;
    assert_non_null(l);
    /* Fill and empty the table several times over: deletions must not lose entries
     * that share a probe run. */
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < 3000; i++) {
            snprintf(addr, sizeof(addr), "10.%d.%d.%d", round, i / 256, i % 256);
            assert_true(proxy_limits_enter(l, addr));
        }
        for (int i = 0; i < 3000; i += 2) {
            snprintf(addr, sizeof(addr), "10.%d.%d.%d", round, i / 256, i % 256);
            proxy_limits_leave(l, addr);
        }
        for (int i = 1; i < 3000; i += 2) {
            snprintf(addr, sizeof(addr), "10.%d.%d.%d", round, i / 256, i % 256);
            assert_false(proxy_limits_enter(l, addr)); /* still held */
            proxy_limits_leave(l, addr);
            assert_true(proxy_limits_enter(l, addr));
            proxy_limits_leave(l, addr);
        }
    }
    proxy_limits_free(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_base_path_is_normalised_or_refused),
        cmocka_unit_test(test_strip_base_gives_the_path_under_the_prefix_only),
        cmocka_unit_test(test_client_address_is_the_peer_unless_the_peer_is_the_trusted_proxy),
        cmocka_unit_test(
            test_forwarded_for_takes_the_rightmost_address_so_a_client_cannot_forge_it),
        cmocka_unit_test(test_trusted_proxy_address_is_parsed_and_normalised),
        cmocka_unit_test(test_trusted_list_is_normalised_and_every_proxy_in_it_is_skipped),
        cmocka_unit_test(test_host_check_matches_names_without_port_case_insensitively),
        cmocka_unit_test(test_limits_count_requests_in_flight_per_address),
        cmocka_unit_test(test_limits_table_stays_correct_across_many_addresses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
