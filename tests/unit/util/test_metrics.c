/* test_metrics.c -- request counters, the latency histogram and their Prometheus text
 * (metrics.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"
#include "unit_main.h"

/* The number after the line that starts with prefix, or -1 when no line does. */
static long long value_of(const char *text, const char *prefix)
{
    size_t plen = strlen(prefix);
    for (const char *line = text; line && *line;) {
        if (strncmp(line, prefix, plen) == 0 && line[plen] == ' ')
            return strtoll(line + plen + 1, NULL, 10);
        line = strchr(line, '\n');
        if (line)
            line++;
    }
    return -1;
}

/* Each test's own registry: set up new, freed after the test. */
static int setup_metrics(void **state)
{
    *state = metrics_new();
    return *state ? 0 : -1;
}

static int teardown_metrics(void **state)
{
    metrics_free(*state);
    return 0;
}

static void test_requests_counted_per_route_and_status(void **state)
{
    struct metrics *m = *state;
    char *text;
    assert_non_null(m);
    metrics_observe(m, "/api/v1/health", 200, 50);
    metrics_observe(m, "/api/v1/health", 200, 70);
    metrics_observe(m, "/api/v1/health", 503, 70);
    metrics_observe(m, "/api/v1/campaigns/{cid}", 401, 900);
    metrics_observe(m, NULL, 404, 10); /* no route: "other" */
    text = metrics_render(m, 0);
    assert_non_null(text);
    assert_int_equal(value_of(text, "stampbook_http_requests_total{route=\"/api/v1/health\","
                                    "status=\"200\"}"),
                     2);
    assert_int_equal(value_of(text, "stampbook_http_requests_total{route=\"/api/v1/health\","
                                    "status=\"503\"}"),
                     1);
    assert_int_equal(value_of(text, "stampbook_http_requests_total{route=\"/api/v1/campaigns/"
                                    "{cid}\",status=\"401\"}"),
                     1);
    assert_int_equal(
        value_of(text, "stampbook_http_requests_total{route=\"other\",status=\"404\"}"), 1);
    assert_int_equal(value_of(text, "stampbook_http_requests_total{route=\"/api/v1/health\","
                                    "status=\"404\"}"),
                     -1);
    free(text);
}

static void test_histogram_is_cumulative_and_ends_with_inf_equal_to_count(void **state)
{
    struct metrics *m = *state;
    char *text;
    const char *line;
    long long prev = 0, n = 0;
    metrics_observe(m, "r", 200, 50);      /* 0.00005 s: the first bucket */
    metrics_observe(m, "r", 200, 100);     /* 0.0001 s: exactly the first bound */
    metrics_observe(m, "r", 200, 3000);    /* 0.003 s */
    metrics_observe(m, "r", 200, 700000);  /* 0.7 s */
    metrics_observe(m, "r", 200, 5000000); /* 5 s: only +Inf */
    text = metrics_render(m, 0);
    assert_non_null(text);
    for (line = strstr(text, "_bucket{le=\""); line; line = strstr(line + 1, "_bucket{le=\"")) {
        long long v = strtoll(strchr(line, '}') + 2, NULL, 10);
        assert_true(v >= prev);
        prev = v;
        n++;
    }
    assert_int_equal(n, 13); /* 12 bounds and +Inf */
    assert_int_equal(
        value_of(text, "stampbook_http_request_duration_seconds_bucket{le=\"0.0001\"}"), 2);
    assert_int_equal(
        value_of(text, "stampbook_http_request_duration_seconds_bucket{le=\"0.0025\"}"), 2);
    assert_int_equal(value_of(text, "stampbook_http_request_duration_seconds_bucket{le=\"0.005\"}"),
                     3);
    assert_int_equal(value_of(text, "stampbook_http_request_duration_seconds_bucket{le=\"1\"}"), 4);
    assert_int_equal(value_of(text, "stampbook_http_request_duration_seconds_bucket{le=\"+Inf\"}"),
                     5);
    assert_int_equal(value_of(text, "stampbook_http_request_duration_seconds_count"), 5);
    assert_int_equal(prev, 5); /* the last bucket line is +Inf */
    assert_non_null(strstr(text, "stampbook_http_request_duration_seconds_sum 5.703150\n"));
    free(text);
}

static void test_events_appended_counter(void **state)
{
    struct metrics *m = *state;
    char *text;
    text = metrics_render(m, 0);
    assert_int_equal(value_of(text, "stampbook_events_appended_total"), 0);
    free(text);
    for (int i = 0; i < 3; i++)
        metrics_event_appended(m);
    text = metrics_render(m, 0);
    assert_int_equal(value_of(text, "stampbook_events_appended_total"), 3);
    free(text);
}

static void test_database_size_line(void **state)
{
    struct metrics *m = *state;
    char *text;
    text = metrics_render(m, 123456789012LL);
    assert_non_null(strstr(text, "# TYPE stampbook_database_size_bytes gauge\n"
                                 "stampbook_database_size_bytes 123456789012\n"));
    free(text);
}

static void test_render_format_every_line_is_comment_or_sample(void **state)
{
    struct metrics *m = *state;
    char *text;
    int helps = 0, types = 0, samples = 0;
    metrics_observe(m, "/api/v1/health", 200, 10);
    text = metrics_render(m, 4096);
    assert_non_null(text);
    assert_true(strlen(text) > 0 && text[strlen(text) - 1] == '\n');
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        if (strncmp(line, "# HELP stampbook_", 17) == 0) {
            helps++;
        } else if (strncmp(line, "# TYPE stampbook_", 17) == 0) {
            const char *kind = strrchr(line, ' ') + 1;
            assert_true(strcmp(kind, "counter") == 0 || strcmp(kind, "histogram") == 0 ||
                        strcmp(kind, "gauge") == 0);
            types++;
        } else {
            /* name{labels} value, or name value */
            const char *space = strrchr(line, ' ');
            char *end = NULL;
            assert_true(strncmp(line, "stampbook_", 10) == 0);
            assert_non_null(space);
            strtod(space + 1, &end);
            assert_true(end && *end == '\0' && end != space + 1);
            samples++;
        }
    }
    assert_int_equal(helps, 4);
    assert_int_equal(types, 4);
    assert_int_equal(samples, 1 + 13 + 2 + 1 + 1);
    free(text);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup_metrics, teardown_metrics)

UNIT_MAIN(NULL, NULL, T(test_requests_counted_per_route_and_status),
          T(test_histogram_is_cumulative_and_ends_with_inf_equal_to_count),
          T(test_events_appended_counter), T(test_database_size_line),
          T(test_render_format_every_line_is_comment_or_sample))
