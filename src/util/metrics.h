/* metrics.h -- request counters and latency histogram, rendered for Prometheus. */
#ifndef STAMPBOOK_METRICS_H
#define STAMPBOOK_METRICS_H

#include <stdint.h>

struct metrics;

/* A new, empty set of metrics; NULL when out of memory. */
struct metrics *metrics_new(void);

/* Free them; metrics_free(NULL) is a no-op. */
void metrics_free(struct metrics *m);

/* Count one request to route (a static template string) answered with status, taking
 * usec microseconds. Thread-safe. This function can't fail. */
void metrics_observe(struct metrics *m, const char *route, int status, uint64_t usec);

/* Count one event appended to a game log. Thread-safe. */
void metrics_event_appended(struct metrics *m);

/* The Prometheus text exposition (version 0.0.4) of everything counted, with the
 * database size; NULL when out of memory. The caller frees it. */
char *metrics_render(struct metrics *m, int64_t db_bytes);

#endif
