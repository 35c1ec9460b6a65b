/* api.h -- the request core: method, path, headers and body in; status and body out.
 *
 * api_handle() knows every route of API.md and nothing of sockets: the HTTP layer
 * (http.c) fills a struct api_request from libmicrohttpd, and the fuzzers and tests
 * call it directly. One struct api serves every thread at once. */
#ifndef STAMPBOOK_API_H
#define STAMPBOOK_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "keys.h"

#define API_BODY_MAX 65536              /* 64 KiB: every route but the import */
#define API_IMPORT_BODY_MAX (32u << 20) /* 32 MiB: POST /api/v1/campaigns/import */
#define API_PHOTO_BODY_MAX (512u << 10) /* 512 KiB: PUT …/memories/{mid}/photo */
#define API_MAX_PARAMS 16
#define API_ETAG_MAX 32

struct api;

struct api_config {
    const char *db_path;     /* the SQLite file (or a "file:...?mode=memory" URI) */
    const char *share_dir;   /* holds schema/editions/ and migrations/ */
    const char *admin_key;   /* NULL: anyone may create or import a campaign */
    const char *metrics_key; /* NULL: /metrics is public */
    int pool_size;           /* connections kept open */
    /* Limits (0: none). Without an admin key, one address may create or import
     * create_burst campaigns in a row, then create_per_minute a minute (429). */
    unsigned create_burst;
    unsigned create_per_minute;
    /* Without an admin key, creations and imports from all addresses together a
     * minute (0: no cap). */
    unsigned create_per_minute_all;
    int64_t max_campaigns; /* creating or importing past it: 507 */
    int64_t max_db_bytes;  /* any write once the database is this big: 507 */
    /* How long an answer of a game's state (or a game with its state) may be given
     * from memory at most, in milliseconds; 0: it is always read. Writes of this
     * process end it at once; this bounds how long one by another process (a key
     * rotated with `stampbook keys`) goes unseen. */
    unsigned read_cache_ms;
    /* How often the health probe writes beside the database, in milliseconds (see
     * GET /api/v1/health); 0: never (the health still reports failed writes). */
    unsigned health_probe_ms;
};

struct api_param {
    const char *key;
    const char *value;
};

struct api_request {
    const char *method;
    const char *path; /* without the query string */
    int nparams;      /* query parameters */
    struct api_param params[API_MAX_PARAMS];
    const char *authorization;
    const char *if_match;
    const char *idempotency_key;
    const char *content_type;
    const char *body; /* NULL when the request had none */
    size_t body_len;
    bool body_too_large; /* the HTTP layer stopped reading past api_body_limit() */
    const char *client;  /* the client's address as text ("" or NULL: unknown) */
    /* The connection's last key and its hash (NULL: none): a key presented again on
     * the same connection is not hashed again. */
    struct keys_memo *key_memo;
    /* api_answer_cached(): does the caller still hold the answer kept as serial (then
     * it is not copied)? NULL: always copied. */
    bool (*cache_known)(void *cls, uint64_t serial);
    void *cache_known_cls;
    /* Set by a caller that can wait for its answer (NULL: answered before api_handle()
     * returns): a route may then answer later, from another thread, and calls
     * answered(answered_cls) once res is filled; req must live until then. */
    void (*answered)(void *cls);
    void *answered_cls;
};

struct api_response {
    int status;
    const char *content_type; /* static */
    char *body;               /* owned; free with api_response_clear() */
    size_t body_len;
    char etag[API_ETAG_MAX]; /* empty when none */
    const char *allow;       /* 405: the methods the path allows; static */
    const char *route;       /* the route template matched, for metrics; static */
    bool stream;             /* the HTTP layer must stream this game's states (SSE) */
    int64_t stream_campaign;
    int64_t stream_game;
    bool stream_anonymous; /* its campaign is anonymous: its streams share a budget */
    unsigned char stream_key[KEYS_HASH_BYTES]; /* the hash of the key that opened it */
    unsigned retry_after;      /* seconds for Retry-After (429, 503, 507); 0: none */
    const char *cache_control; /* static; NULL: no-store */
    const char *csp;           /* Content-Security-Policy, static; NULL: the default */
    /* The request presented a valid key (a campaign's or the admin key): the HTTP
     * layer keeps its connection over strangers' when it must make room. */
    bool key_valid;
    /* api_answer_cached(): the answer kept, by a number no other answer kept had; with
     * cache_shared, body is NULL: it is the one req->cache_known() said it holds. */
    uint64_t cache_serial;
    bool cache_shared;
};

/* Open the store, migrate it, load the editions. Returns 0 and *out, or an error. */
int api_new(const struct api_config *cfg, struct api **out, struct sb_error *err);

/* Free everything; api_free(NULL) is a no-op. No request may be running. */
void api_free(struct api *api);

/* Drop what the API caches of the database, for a test that has put the database back
 * underneath it. No request may be running. This function can't fail. */
void api_forget(struct api *api);

/* The largest body the route of method and path takes, in bytes: 32 MiB for an
 * import (any campaign the server exported, it imports), 512 KiB for a memory's photo,
 * 64 KiB for every other. The HTTP layer reads no more than this. This function can't
 * fail. */
size_t api_body_limit(const char *method, const char *path);

/* Answer one request into res (always filled: errors become problem+json). Safe to
 * call from many threads at once. Free res with api_response_clear(). True when res is
 * filled on return; false only with req->answered set, when the answer comes later
 * through it (an append waiting for the writer), and neither req nor res may be touched
 * before it comes. */
bool api_handle(struct api *api, const struct api_request *req, struct api_response *res);

/* When the server has an admin key, a request to create or import a campaign
 * (method, path) whose authorization (the Authorization header; NULL: none) does not
 * carry it: the detail of its 401, which the HTTP layer answers at the headers, before
 * any byte of the body is read. NULL for every other request. This function can't
 * fail. */
const char *api_refused_at_headers(struct api *api, const char *method, const char *path,
                                   const char *authorization);

/* Is method and path a route that answers later when the caller lets it (an append:
 * the thread that called api_handle() is free again as soon as the write is handed to
 * the writer's thread)? The HTTP layer gives those few workers of their own, which
 * then seldom sleep. This function can't fail. */
bool api_answers_later(const char *method, const char *path);

/* Hand req over on the caller's thread when that needs no I/O: an append to a game
 * with another append in flight (so its event is worked out in the writer's turn, not
 * on a snapshot) by a key of a campaign the cache holds, while the database's size was
 * read lately. True when it took req: the answer comes through req->answered (set), as
 * with api_handle() returning false, maybe before this returns. False with res zeroed
 * and nothing done: the request is for api_handle() on a worker. Takes no lock but the
 * caches' and the writer's queue's, so the HTTP layer may call it on a polling thread. */
bool api_handle_now(struct api *api, const struct api_request *req, struct api_response *res);

/* Answer req from memory when it can: a game's state, or a game with its state, read
 * since this process last committed a write and within cfg->read_cache_ms, for a key
 * that opens its campaign. True with res filled as api_handle() would; false with res
 * zeroed, and the request is for api_handle(). Takes no I/O and no lock but the
 * cache's own, so the HTTP layer may call it on a polling thread. */
bool api_answer_cached(struct api *api, const struct api_request *req, struct api_response *res);

/* Free what a response owns and zero it. */
void api_response_clear(struct api_response *res);

/* Record a finished request for /metrics. This function can't fail. */
void api_observe(struct api *api, const char *route, int status, uint64_t usec);

/* The hashes of the two keys that open a campaign now. */
struct api_campaign_keys {
    unsigned char key[KEYS_HASH_BYTES];
    unsigned char view_key[KEYS_HASH_BYTES];
};

/* For the event stream: the current state of a game as JSON text (caller frees), its
 * version, and the keys of its campaign now (a stream opened with another key is to
 * end: the campaign's keys were rotated). */
int api_stream_state(struct api *api, int64_t cid, int64_t gid, char **state, int64_t *version,
                     struct api_campaign_keys *keys, struct sb_error *err);

/* Does hash (a key's, as in stream_key) open a campaign of these keys? In constant
 * time. This function can't fail. */
bool api_keys_open(const struct api_campaign_keys *keys, const unsigned char hash[KEYS_HASH_BYTES]);

/* A function told of every change to a game of campaign cid (gid; 0: any of its games
 * may have changed), on the thread that made it, after its commit. */
typedef void (*api_change_fn)(void *cls, int64_t cid, int64_t gid);

/* Have fn(cls, cid, gid) called after each change (NULL: no more). The HTTP layer wakes
 * the event streams of that game (or campaign) with it. Call it while no request
 * runs. */
void api_on_change(struct api *api, api_change_fn fn, void *cls);

/* Fill a problem+json response. This function can't fail (it falls back to a static
 * body when out of memory). */
void api_problem(struct api_response *res, int status, const char *rule, const char *detail);

/* For whoever runs the server (the command line: no key needed). Each gives *out, the
 * answer's body as the matching route would (the caller frees it), or an error. */

/* The export document of campaign cid (GET …/export). */
int api_export_campaign(struct api *api, int64_t cid, char **out, struct sb_error *err);
/* Import an export document as a new campaign (POST /api/v1/campaigns/import):
 * {"campaign","key","view_key"}. */
int api_import_campaign(struct api *api, const char *doc, size_t len, char **out,
                        struct sb_error *err);
/* {"campaigns":[{"id","name","edition","games","last_activity"}]} (GET /api/v1/campaigns). */
int api_list_campaigns(struct api *api, char **out, struct sb_error *err);
/* A new key pair for campaign cid, retiring the old (POST …/keys): {"key","view_key"}. */
int api_rotate_keys(struct api *api, int64_t cid, char **out, struct sb_error *err);
/* Copy the database to file with the online backup API and check the copy with
 * integrity_check (store_backup()). */
int api_backup(struct api *api, const char *file, struct sb_error *err);

/* Write a new backup into dir as stampbook-YYYYmmddTHHMMSSZ.db (by api_backup(), under
 * a temporary name until it has passed integrity_check), then remove the oldest of
 * those beyond the newest keep. made (size bytes) gets the new file's path. */
int api_backup_rotate(struct api *api, const char *dir, int keep, char *made, size_t size,
                      struct sb_error *err);

#endif
