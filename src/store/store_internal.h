/* store_internal.h -- what the store's files share: the connection and the pool, and
 * the statement helpers of store.c. Only src/store/ includes it (it names SQLite's
 * types). */
#ifndef STAMPBOOK_STORE_INTERNAL_H
#define STAMPBOOK_STORE_INTERNAL_H

#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include <sqlite3.h>

#include "error.h"
#include "store.h"

#define STORE_STMT_CACHE 128 /* more than the store has statements: none is prepared twice */
#define STORE_BUSY_MS 5000
#define STORE_POOL_WAIT_MS 500 /* how long a request waits for a pooled connection */
#define STORE_GROUP_MAX 64     /* writes committed together at most */
/* The outcome a group's members get when it is rolled back unfinished, its database
 * file gone (an SQLite code no COMMIT returns here). */
#define STORE_GROUP_ABORTED SQLITE_CANTOPEN
#define STORE_MIGRATION_MAX ((size_t)1 << 20)

struct store_stmt {
    const char *sql; /* identity: the address of a static SQL string */
    sqlite3_stmt *stmt;
};

struct store {
    sqlite3 *db;
    char *path; /* as opened (a file's path, or a URI) */
    /* It cannot write: opened read-only (the file or its file system is), or immutable
     * (nothing beside the file could be made). Never pooled: closed when given back. */
    bool degraded;
    bool immutable; /* opened with immutable=1: it sees no later change of the file */
    int nstmts;
    struct store_stmt stmts[STORE_STMT_CACHE];
    bool pooled;
    pthread_mutex_t *write_lock;   /* the pool's writer lock; NULL outside a pool */
    bool writing;                  /* this connection holds write_lock */
    bool writer;                   /* the pool's writer connection (store_pool_get_writer) */
    struct store_pool *pool;       /* the writer's pool */
    bool in_savepoint;             /* the writer: this turn's writes are a savepoint of a group */
    bool in_write;                 /* between store_begin_write() and its commit or rollback */
    struct store_aside_ids aside;  /* an aside database: the ids reserved for it */
    struct store_commits *commits; /* its pool's: told of each COMMIT here */
    bool turning;                  /* the writer runs turns of store_pool_write_turn() */
};

/* Group commit. A writer done with its writes (store_commit_and_leave) while other
 * writers wait does not commit: it leaves the transaction open for the next one, which
 * writes inside a savepoint, and waits. Whoever finds no writer waiting commits all of
 * it at once, with the same sync as one write, and tells the group. Nobody's answer
 * goes out before the COMMIT that holds its writes; a writer refused in its turn rolls
 * back only its savepoint. */
struct store_group {
    int members;
    struct store_member *waiting; /* the members waiting for its COMMIT */
};

/* A member of a group waiting for its outcome, on its own thread's stack: woken alone
 * (a broadcast to all made them queue again for the pool's lock, one after another). */
struct store_member {
    sem_t done;
    int rc; /* the outcome of the group's COMMIT (an SQLite code) */
    struct store_member *next;
};

/* A turn of the writer queued by store_pool_write_turn(), on its caller's stack: run
 * by the pool's turner thread with the other turns queued meanwhile, in one
 * transaction, each in a savepoint of its own. */
struct store_turn {
    int (*fn)(void *arg);
    void *arg;
    int (*flush)(void *arg, struct store *w); /* before the COMMIT; may be NULL */
    void *flush_arg;
    struct store **slot; /* the caller's connection slot: the writer while fn runs */
    struct sb_error *err;
    int rc;        /* fn's outcome */
    int commit_rc; /* the SQLite code of the COMMIT that held its writes */
    sem_t done;    /* posted then, when later is NULL */
    /* store_pool_write_turn_later(): called then instead, and the turn freed */
    void (*later)(void *later_arg, int rc);
    void *later_arg;
    struct store_turn *next;
};

/* The COMMITs of a pool's connections, for store_pool_generation(): in_flight goes up
 * before the generation and down once the COMMIT has returned. */
struct store_commits {
    atomic_uint_fast64_t generation;
    atomic_int in_flight;
};

struct store_pool {
    pthread_mutex_t lock;
    /* Writers of this process queue here before BEGIN IMMEDIATE: a thread waiting for
     * SQLite's own lock sleeps in growing steps and leaves it idle, which under many
     * writers gave seconds of latency and 503s. Other processes still meet SQLite's
     * busy timeout. */
    pthread_mutex_t write_lock;
    pthread_cond_t returned; /* a connection came back (or one past max was closed) */
    char *path;
    int max;
    int nfree;
    int nopen; /* connections of this pool open now, free or handed out */
    struct store **free;
    /* The one connection write requests use, handed out with write_lock held. Any
     * connection that sees another's commit drops its whole page cache (WAL), so with
     * writes spread over the pool every append re-read its pages from the file. */
    struct store *writer;
    atomic_int writers_waiting; /* threads waiting for the writer connection */
    struct store_group *group;  /* the group whose transaction is open on it, or NULL */
    /* The database file the pool was opened on (not for a URI or in-memory database):
     * a file deleted or replaced under the server is noticed, not silently written. */
    bool file_known;
    dev_t dev;
    ino_t ino;
    struct store_commits commits; /* see store_pool_generation() */
    /* What /api/v1/health reports (store_pool_fault()): the SQLite code of the last
     * write that failed for lack of space or an I/O error, 0 once one has committed
     * since; and the errno of the last failed probe (store_pool_probe()), 0 once one
     * has passed. */
    atomic_int write_fault;
    atomic_int probe_fault;
    /* The thread of store_pool_watch(): it probes every watch_ms until told to stop. */
    pthread_t watcher;
    bool watching, watch_stop;
    unsigned watch_ms;
    pthread_cond_t watch_wake; /* with lock */
    uint64_t write_txns;       /* BEGIN IMMEDIATEs on the writer (store_write_txn()) */
    /* The last transaction of turns committed: the next one of turns goes on with its
     * number (what it wrote is still true). Any other writer's BEGIN clears it. */
    bool txn_carry;
    /* store_pool_write_turn(): the turns waiting (first to last) for the turner thread,
     * which sleeps on turns_more (with lock) when there are none. */
    struct store_turn *turns, **turns_tail;
    pthread_cond_t turns_more;
    pthread_t turner;
    bool turner_started, turner_stop;
    /* store_pool_write_turn_later(): the turns the turner has committed, whose callers
     * the ender thread tells (so that the turner goes on to the next COMMIT); it sleeps
     * on ended_more (with lock) when there are none. */
    struct store_turn *ended;
    pthread_cond_t ended_more;
    pthread_t ender;
    bool ender_started, ender_stop;
    /* Connections that cannot write handed out now (store.degraded), and of them those
     * opened immutable: a writer that could open waits for these to come back before it
     * writes, for they read the file without locks. */
    int degraded_out, immutable_out;
    /* The schema is behind the migrations (they could not be written at start): every
     * request but health is refused (store_pool_behind()) until the probe applies them.
     * migrations: their folder. */
    atomic_bool behind;
    int schema_have, schema_want;
    char *migrations;
};

/* Map the connection's last SQLite error to a project code. */
int store_fail(struct store *s, struct sb_error *err, const char *what);
/* Give back a statement taken by store_stepv_args(). */
void store_done(struct store *s, sqlite3_stmt *stmt);
/* Prepare sql (cached by its address), bind the values of fmt ('i' int64, 't' text, 'b' a
 * 32-byte blob, 'B' a blob and its size_t length) and take one step. On success *stmt
 * is the statement to read (give it back with store_done()) and *step SQLITE_ROW or
 * SQLITE_DONE. */
int store_stepv_args(struct store *s, const char *sql, struct sb_error *err, sqlite3_stmt **stmt,
                     int *step, const char *fmt, ...);
/* Read the first row of a query: prepare sql (cached by its address), bind the values
 * of fmt (as store_stepv_args()), take one step and call fn(ctx, stmt, err) on the row,
 * returning what it returns; SB_ENOTFOUND (err "not found") when there is none. */
typedef int (*store_row_fn)(void *ctx, sqlite3_stmt *stmt, struct sb_error *err);
int store_row(struct store *s, const char *sql, store_row_fn fn, void *ctx, struct sb_error *err,
              const char *fmt, ...);
/* Run a statement that returns no rows; *changes (if given) gets the rows changed. */
int store_exec(struct store *s, const char *sql, int *changes, struct sb_error *err,
               const char *fmt, ...);
/* The first column of the first row as text the caller frees; SB_ENOTFOUND for none. */
int store_text(struct store *s, const char *sql, char **out, struct sb_error *err, const char *fmt,
               ...);
/* The first column of the first row as an integer; SB_ENOTFOUND for no row. */
int store_int(struct store *s, const char *sql, int64_t *out, struct sb_error *err, const char *fmt,
              ...);

/* ---- shared by the store's files ---- */

/* The id of board in boards, added when no game played on it yet: a board is stored
 * once whatever the number of games on it. */
int store_board_id(struct store *s, const char *board, int64_t *id, struct sb_error *err);
int store_group_end(struct store *s, bool commit);
/* The prepared statement for sql (a static string: cached by its address), reset and
 * with bindings cleared; NULL with err set on failure. */
sqlite3_stmt *store_stmt(struct store *s, const char *sql, struct sb_error *err);
/* The error of a COMMIT that failed with SQLite code rc: 503 when its group was
 * rolled back because the database file is gone, else 500. Nothing of it was kept. */
int store_commit_failed(int rc, struct sb_error *err);
/* End this turn's savepoint of a group: RELEASE it, or on failure undo it so that
 * nothing of a refused turn stays in the group. Returns an SQLite code. */
int store_end_savepoint(struct store *s);
/* Commit (or, not commit, roll back) the writer's open transaction, the group's if
 * there is one, and tell its members the outcome. Call with the writer's turn held.
 * Returns an SQLite code. */
int store_group_commit(struct store *s);
/* SQLITE_FULL when the failure rc of a write on s came from a full disk, SQLITE_READONLY
 * when from a database that cannot be written (its errno, else what its file system
 * says now), else rc. This function can't fail. */
int store_refine(struct store *s, int rc);
/* The error a write that failed with SQLITE_FULL (507) or SQLITE_READONLY (503) answers. */
int store_fault_error(int rc, struct sb_error *err);
/* What the file system holding path says of writes now: ENOSPC when it has (nearly) no
 * space left, EROFS when the file or the file system cannot be written, else 0 (also
 * for NULL, a URI or an in-memory database). This function can't fail. */
int store_fs_fault(const char *path);
/* Open a connection that only reads path, for a database that cannot be opened to be
 * written (a full disk, a read-only file or file system): read-only, or, when nothing
 * can be made beside the file, immutable (only while its WAL holds no write not yet in
 * the file, which such a connection would not see; else SB_EBUSY). s->degraded is set,
 * and s->immutable for the second. */
int store_open_degraded(const char *path, struct store **out, struct sb_error *err);
/* Open path; create: make the file when it is missing. A WAL that a large write (an
 * import) grew is cut back to 4 MiB once checkpointed. */
int store_open_flags(const char *path, bool create, struct store **out, struct sb_error *err);

/* A memory as JSON, from a row m of memories (see store_memory_json()). */
#define MEMORY_OBJECT                                                                              \
    "json_object('id', m.id, 'game', m.game_id, 'number', (SELECT count(*) FROM games n"           \
    " WHERE n.campaign_id = m.campaign_id AND n.id <= m.game_id), 'card', m.card, 'slot',"         \
    " m.slot, 'destination', m.destination, 'seq', m.seq, 'text', m.text, 'version',"              \
    " m.photo_rev + 1, 'photo',"                                                                   \
    " json(CASE WHEN m.photo_type IS NULL THEN 'false' ELSE 'true' END), 'at', m.at, 'stamp',"     \
    " (SELECT json_object('player', json_object('id', p.id, 'name', p.name), 'token', js.token,"   \
    " 'game', js.game_id, 'number', (SELECT count(*) FROM games n WHERE n.campaign_id ="           \
    " js.campaign_id AND n.id <= js.game_id)) FROM journal_stamps js JOIN players p"               \
    " ON p.id = js.player_id WHERE js.campaign_id = m.campaign_id AND js.card = m.card"            \
    " AND js.slot = m.slot), 'undone', CASE WHEN m.undone_card IS NULL THEN NULL ELSE"             \
    " json_object('card', m.undone_card, 'slot', m.undone_slot) END)"

#endif
