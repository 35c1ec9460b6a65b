/* http_internal.h -- what the files of the HTTP layer share: the worker pool, the table
 * of connections (addresses, deadlines) and the event-stream hub. Not for the rest of
 * the program: main.c knows only http.h. */
#ifndef STAMPBOOK_HTTP_INTERNAL_H
#define STAMPBOOK_HTTP_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <microhttpd.h>

#include "api.h"

#define HTTP_BODY_RATE 16384 /* bytes a second a body must come at, at least */

/* Milliseconds of CLOCK_MONOTONIC. This function can't fail. */
uint64_t http_now_ms(void);

/* ---- libmicrohttpd's own errors as problem+json (http_errors.c) ---- */

/* Find libmicrohttpd's MHD_queue_response() under the program's, once, before the
 * daemon starts. Returns 0, or SB_EIO when it cannot be found. */
int http_errors_init(void);

/* A problem+json answer of status for an error libmicrohttpd meets itself (431, 414,
 * 505, 400...), closing the connection; NULL when out of memory. */
struct MHD_Response *http_error_response(unsigned int status);

/* ---- caching: validators, encodings, the static files compressed once (http_cache.c) ---- */

/* Does an If-None-Match header (NULL: none) name etag, by the weak comparison, or is it
 * "*"? False for an empty etag. This function can't fail. */
bool http_if_none_match(const char *header, const char *etag);

/* Does an Accept-Encoding header (NULL: none) accept gzip (by name, or "*", with a
 * weight above 0)? This function can't fail. */
bool http_accepts_gzip(const char *header);

#define HTTP_GZ_MAX 8388608 /* the largest file compressed: 8 MiB */

struct http_gz;
struct stat;

/* Compress every visible text file under root (html, css, js, json, svg...) that gzip
 * makes smaller, once. Returns 0 and *out, or SB_ENOMEM / SB_EIO. */
int http_gz_new(const char *root, struct http_gz **out);

/* The compressed bytes of the file at real path real, when the table holds that file
 * as it is now (st: its fstat(): same inode, size and modification time); borrowed
 * from t, which outlives every response. False when not (sent as it is). */
bool http_gz_find(const struct http_gz *t, const char *real, const struct stat *st,
                  const unsigned char **gz, size_t *gz_len);

/* Free the table; NULL is a no-op. */
void http_gz_free(struct http_gz *t);

/* ---- the worker pool (http_work.c): blocking SQLite work off the polling threads ---- */

struct http_work;
typedef void (*http_job_fn)(void *arg);

/* Start threads workers taking jobs from a queue of at most queue_max. Returns 0 and
 * *out, or SB_ENOMEM / SB_EIO. */
int http_work_new(unsigned threads, unsigned queue_max, struct http_work **out);

/* Queue fn(arg) for a worker. Returns 0, or SB_EBUSY when the queue is full or the pool
 * is closing (the job is not queued: the caller still owns arg). */
int http_work_submit(struct http_work *w, http_job_fn fn, void *arg);

/* Refuse new jobs, wait until every queued and running job is done. This function
 * can't fail. */
void http_work_drain(struct http_work *w);

/* Drain, stop the threads and free the pool; http_work_free(NULL) is a no-op. */
void http_work_free(struct http_work *w);

/* ---- counters keyed by a 64-bit number (an address, a campaign) (http_conn.c) ---- */

struct http_count {
    int64_t key;
    unsigned n;
    struct http_count *next;
};

#define HTTP_COUNT_BUCKETS 1024

struct http_counts {
    struct http_count *b[HTTP_COUNT_BUCKETS];
};

/* Add delta (+1 or -1) to the counter of key, creating or dropping its entry; returns
 * the new count. An entry that cannot be created counts as UINT32_MAX (over any
 * limit). Caller holds the lock that guards c. */
unsigned http_counts_add(struct http_counts *c, int64_t key, int delta);

/* The count of key (0 when none). Caller holds the lock that guards c. */
unsigned http_counts_get(struct http_counts *c, int64_t key);

/* The entry of key, NULL when none; it lives while its count is above 0. Caller holds
 * the lock that guards c. */
struct http_count *http_counts_find(struct http_counts *c, int64_t key);

/* Free every entry. */
void http_counts_clear(struct http_counts *c);

/* ---- the table of connections (http_conn.c) ---- */

struct http_conn {
    int fd;
    int64_t addr;              /* the client's IPv4 address (host order), -1 when not IPv4 */
    uint64_t deadline_ms;      /* atomic; 0: none */
    struct http_count *count;  /* of its address in the table's per_addr */
    bool keyed;                /* atomic; a request on it presented a valid key */
    bool busy;                 /* a request on it is being read or answered */
    bool doomed;               /* shut down to make room; not counted any more */
    uint64_t body_start_ms;    /* atomic; when the body of its request began, 0: none */
    uint64_t body_bytes;       /* atomic; what of that body came so far */
    struct keys_memo key_memo; /* the last key its requests presented (api_request) */
    struct http_conn *prev, *next;
};

struct http_conns {
    pthread_mutex_t lock; /* the list and per_addr; total and the counts are read without */
    struct http_conn *head;
    unsigned total; /* atomic; the connections open and not doomed */
    unsigned limit; /* past it a new connection closes an idle one without a key */
    struct http_counts per_addr;
    unsigned expired; /* connections closed for a missed deadline */
    unsigned evicted; /* idle connections without a key closed to make room */
};

/* A table that makes room past limit connections (0: never). */
void http_conns_init(struct http_conns *t, unsigned limit);
void http_conns_destroy(struct http_conns *t);

/* Record a new connection on fd from addr, waiting for headers until deadline_ms.
 * When the table then holds more than its limit, the oldest idle connection that has
 * presented no valid key is shut down to make room (a table with its key is served
 * while strangers flood). Returns it, or NULL when out of memory. */
struct http_conn *http_conns_open(struct http_conns *t, int fd, int64_t addr, uint64_t deadline_ms);

/* Forget a connection (before its socket is closed); NULL is a no-op. */
void http_conns_close(struct http_conns *t, struct http_conn *c);

/* Set the deadline of c (0: none): for its headers, or for its body in proportion to
 * its size; none while it is answered or streams. No lock; NULL is a no-op. */
void http_conns_deadline(struct http_conn *c, uint64_t deadline_ms);

/* A request on c begins (busy) or ends; c presented a valid key (keyed, for good).
 * NULL is a no-op. */
void http_conns_busy(struct http_conns *t, struct http_conn *c, bool busy);
void http_conns_keyed(struct http_conns *t, struct http_conn *c);
/* c's request is receiving a body begun at start_ms (0: none any more), of which bytes
 * came: one that comes below HTTP_BODY_RATE is closed to make room before any idle
 * connection with a key. NULL c: no-op. This function can't fail. */
void http_conns_body(struct http_conn *c, uint64_t start_ms, uint64_t bytes);
/* Close one connection to make room (one whose body comes below the rate, else an idle
 * one without a key); false when there is none. This function can't fail. */
bool http_conns_evict(struct http_conns *t);
/* Has a request on c presented a valid key? False for NULL. This function can't fail. */
bool http_conns_is_keyed(const struct http_conn *c);

/* The number of connections in all and from c's address. No lock. */
void http_conns_load(struct http_conns *t, const struct http_conn *c, unsigned *total,
                     unsigned *from_addr);

/* Shut down the socket of every connection whose deadline has passed at now_ms, so the
 * polling thread that owns it sees it close. Returns how many. */
unsigned http_conns_expire(struct http_conns *t, uint64_t now_ms);

/* ---- the event-stream hub (http_stream.c) ---- */

struct http_hub;
struct http_stream;

struct http_hub_limits {
    unsigned per_campaign; /* open streams of one campaign */
    unsigned per_addr;     /* open streams from one address */
    unsigned total;        /* open streams in all (0: no limit): the rest of the
                            * connection slots is kept for other requests */
    unsigned anonymous;    /* open streams of anonymous campaigns in all (0: no limit):
                            * the rest of total is kept for the others' */
};

/* A hub for api's streams, fetching states on pool; 0 and *out, or an error code. */
int http_hub_new(struct api *api, struct http_work *pool, const struct http_hub_limits *lim,
                 struct http_hub **out);

/* Stop the hub's thread and free it; every stream must have ended. NULL: no-op. */
void http_hub_free(struct http_hub *h);

/* Tell the hub that game gid of campaign cid changed (gid 0: any game of cid may have;
 * both 0: any game at all). Safe from any thread. */
void http_hub_changed(struct http_hub *h, int64_t cid, int64_t gid);

/* Who opens a stream: of game gid of campaign cid (anonymous: created by a request
 * without an admin key, its streams counted in lim.anonymous) from address addr. */
struct http_hub_who {
    int64_t cid, gid, addr;
    bool anonymous;
};

/* From a worker, for a request the API answered with a stream: take a slot for a
 * stream of game gid of campaign cid from address addr, opened with the key of hash
 * key, and read the game's state. The stream ends once the campaign's keys no longer
 * include key: seen when the game is read again, after a change, a rotation through
 * the API, or 15 s. Returns 0 and *out, SB_EBUSY when a limit is reached
 * (*retry_after seconds), or the error of reading the state. */
int http_hub_open(struct http_hub *h, const struct http_hub_who *who,
                  const unsigned char key[KEYS_HASH_BYTES], struct http_stream **out,
                  unsigned *retry_after, struct sb_error *err);

/* Before its response is queued: the client of st has the state of version
 * last_event_id (its Last-Event-ID header; NULL or not a version: none), so st sends
 * the state only once the game's version differs from it, at once when it already
 * does. */
void http_hub_resume(struct http_stream *st, const char *last_event_id);

/* Give back a stream that http_hub_open() gave and that never became a response. */
void http_hub_abandon(struct http_stream *st);

/* On the connection's polling thread: the response that sends st's events on conn
 * (taking st over), or NULL when out of memory (st is freed). */
struct MHD_Response *http_hub_response(struct http_stream *st, struct MHD_Connection *conn);

/* Streams and connections past their deadline are looked after by the hub's thread
 * (every 250 ms): it also shuts down the sockets of t's expired connections. */
void http_hub_watch_conns(struct http_hub *h, struct http_conns *t);

/* End every stream (the server is stopping): resume them so they close. */
void http_hub_close(struct http_hub *h);

/* The number of open streams. */
unsigned http_hub_count(struct http_hub *h);

/* ---- request bodies: in memory up to a small size, spooled past it (http_body.c) ---- */

#define HTTP_BODY_IN_MEMORY 65536               /* a body the route takes at most this: memory */
#define HTTP_BODY_DRAIN_MAX ((uint64_t)8 << 20) /* an announced oversized body read and dropped */
#define HTTP_BODIES_MAX ((size_t)96 << 20)      /* held by the unfinished bodies together */

/* A request's body as it comes: in memory (mem) for a route that takes at most
 * HTTP_BODY_IN_MEMORY, else in a temporary file (fd) that is mapped once complete.
 * Zeroed: empty, in memory. Exactly one http_body_free() for each body that took a
 * byte. */
struct http_body {
    char *mem;
    size_t len;
    size_t held; /* counted in the server's total, until complete or freed */
    int fd;      /* the spool once a byte came, else -1 (set with spool) */
    void *map;   /* the spool mapped, once complete */
    bool spool;  /* goes to a file */
};

/* Keep n more bytes of data in b, counted in *total (the bytes held by every
 * unfinished body, capped at HTTP_BODIES_MAX). SB_EBUSY when the cap would be passed
 * (nothing kept: the body is dropped and no longer counted), SB_ENOMEM or SB_EIO when
 * it cannot be kept. */
int http_body_take(struct http_body *b, _Atomic size_t *total, const char *data, size_t n);

/* The complete body: *data (NUL-terminated, b's until it is freed), *len; it is no
 * longer counted in *total. 0, SB_EIO when a spool cannot be mapped. */
int http_body_complete(struct http_body *b, _Atomic size_t *total, const char **data, size_t *len);

/* Drop what b holds, and its count in *total. This function can't fail. */
void http_body_free(struct http_body *b, _Atomic size_t *total);

#endif
