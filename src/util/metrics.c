/* metrics.c -- request counters and latency histogram, rendered for Prometheus. */
#include "metrics.h"

#include <stddef.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "locked.h"

#define METRICS_SERIES 256
#define METRICS_BUCKETS 12

/* Upper bounds of the latency buckets, in seconds. */
static const double metrics_bounds[METRICS_BUCKETS] = {
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1.0};

struct metrics_series {
    const char *route;
    int status;
    uint64_t count;
};

struct metrics {
    pthread_mutex_t lock;
    int nseries;
    struct metrics_series series[METRICS_SERIES];
    uint64_t buckets[METRICS_BUCKETS]; /* not cumulative; summed when rendered */
    uint64_t count;
    double sum_seconds;
    uint64_t events;
};
_Static_assert(offsetof(struct metrics, lock) == 0, "locked_new() makes the lock first");

struct metrics *metrics_new(void)
{
    return locked_new(sizeof(struct metrics));
}

void metrics_free(struct metrics *m)
{
    locked_free(m);
}

void metrics_observe(struct metrics *m, const char *route, int status, uint64_t usec)
{
    double seconds = (double)usec / 1e6;
    if (!route)
        route = "other";
    pthread_mutex_lock(&m->lock);
    for (int i = 0; i < m->nseries; i++) {
        if (m->series[i].status == status && strcmp(m->series[i].route, route) == 0) {
            m->series[i].count++;
            goto latency;
        }
    }
    if (m->nseries < METRICS_SERIES) {
        m->series[m->nseries].route = route;
        m->series[m->nseries].status = status;
        m->series[m->nseries].count = 1;
        m->nseries++;
    }
latency:
    for (int b = 0; b < METRICS_BUCKETS; b++) {
        if (seconds <= metrics_bounds[b]) {
            m->buckets[b]++;
            break;
        }
    }
    m->count++;
    m->sum_seconds += seconds;
    pthread_mutex_unlock(&m->lock);
}

void metrics_event_appended(struct metrics *m)
{
    pthread_mutex_lock(&m->lock);
    m->events++;
    pthread_mutex_unlock(&m->lock);
}

struct metrics_buf {
    char *data;
    size_t len, cap;
    int failed;
};

/* Append printf-style text to b; on failure remember it and do nothing more. */
__attribute__((format(printf, 2, 3))) static void metrics_put(struct metrics_buf *b,
                                                              const char *fmt, ...)
{
    va_list ap;
    int n;
    if (b->failed)
        return;
    for (;;) {
        va_start(ap, fmt);
        n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->failed = 1;
            return;
        }
        if ((size_t)n < b->cap - b->len) {
            b->len += (size_t)n;
            return;
        }
        size_t ncap = (b->cap + (size_t)n + 1) * 2;
        char *grown = realloc(b->data, ncap);
        if (!grown) {
            b->failed = 1;
            return;
        }
        b->data = grown;
        b->cap = ncap;
    }
}

char *metrics_render(struct metrics *m, int64_t db_bytes)
{
    struct metrics_buf b = {malloc(4096), 0, 4096, 0};
    uint64_t cumulative = 0;
    if (!b.data)
        return NULL;
    b.data[0] = '\0';
    pthread_mutex_lock(&m->lock);
    metrics_put(&b, "# HELP stampbook_http_requests_total HTTP requests answered.\n"
                    "# TYPE stampbook_http_requests_total counter\n");
    for (int i = 0; i < m->nseries; i++)
        metrics_put(&b, "stampbook_http_requests_total{route=\"%s\",status=\"%d\"} %llu\n",
                    m->series[i].route, m->series[i].status,
                    (unsigned long long)m->series[i].count);
    metrics_put(&b, "# HELP stampbook_http_request_duration_seconds Time to answer.\n"
                    "# TYPE stampbook_http_request_duration_seconds histogram\n");
    for (int i = 0; i < METRICS_BUCKETS; i++) {
        cumulative += m->buckets[i];
        metrics_put(&b, "stampbook_http_request_duration_seconds_bucket{le=\"%g\"} %llu\n",
                    metrics_bounds[i], (unsigned long long)cumulative);
    }
    metrics_put(&b,
                "stampbook_http_request_duration_seconds_bucket{le=\"+Inf\"} %llu\n"
                "stampbook_http_request_duration_seconds_sum %.6f\n"
                "stampbook_http_request_duration_seconds_count %llu\n",
                (unsigned long long)m->count, m->sum_seconds, (unsigned long long)m->count);
    metrics_put(&b,
                "# HELP stampbook_events_appended_total Game events appended.\n"
                "# TYPE stampbook_events_appended_total counter\n"
                "stampbook_events_appended_total %llu\n",
                (unsigned long long)m->events);
    pthread_mutex_unlock(&m->lock);
    metrics_put(&b,
                "# HELP stampbook_database_size_bytes Size of the SQLite database.\n"
                "# TYPE stampbook_database_size_bytes gauge\n"
                "stampbook_database_size_bytes %lld\n",
                (long long)db_bytes);
    if (b.failed) {
        free(b.data);
        return NULL;
    }
    return b.data;
}
