/* store.c -- the SQLite store: the only file that speaks to SQLite. */
#include "store.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "file.h"
#include "store_internal.h"
#include "text.h"

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
};

/* ---- errors and statements ---- */

/* Is the SQLite code rc a failure to keep what was written (no space, an I/O error)? */
static bool store_is_fault(int rc)
{
    int primary = rc & 0xff;
    return primary == SQLITE_FULL || primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN;
}

/* Note the outcome rc of a write on the writer connection s for the health report: a
 * fault is remembered, a COMMIT that worked (commit) forgets it. */
static void store_note_write(struct store *s, int rc, bool commit)
{
    if (!s->pool)
        return;
    if (store_is_fault(rc))
        atomic_store(&s->pool->write_fault, rc);
    else if (commit && rc == SQLITE_OK)
        atomic_store(&s->pool->write_fault, 0);
}

/* Map the connection's last SQLite error to a project code. */
int store_fail(struct store *s, struct sb_error *err, const char *what)
{
    int rc = sqlite3_extended_errcode(s->db);
    int primary = rc & 0xff;
    store_note_write(s, rc, false);
    if (primary == SQLITE_BUSY || primary == SQLITE_LOCKED)
        return sb_fail(err, SB_EBUSY, NULL, "the database is busy, try again");
    if (primary == SQLITE_CONSTRAINT)
        return sb_fail(err, SB_ECONFLICT, NULL, "%s: %s", what, sqlite3_errmsg(s->db));
    if (primary == SQLITE_NOMEM)
        return sb_fail(err, SB_ENOMEM, NULL, "out of memory");
    return sb_fail(err, SB_EIO, NULL, "%s: %s", what, sqlite3_errmsg(s->db));
}

/* The prepared statement for sql (a static string: cached by its address), reset and
 * with bindings cleared; NULL with err set on failure. */
static sqlite3_stmt *store_stmt(struct store *s, const char *sql, struct sb_error *err)
{
    sqlite3_stmt *stmt = NULL;
    for (int i = 0; i < s->nstmts; i++) {
        if (s->stmts[i].sql == sql) {
            sqlite3_reset(s->stmts[i].stmt);
            sqlite3_clear_bindings(s->stmts[i].stmt);
            return s->stmts[i].stmt;
        }
    }
    if (sqlite3_prepare_v3(s->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, NULL) != SQLITE_OK) {
        store_fail(s, err, "prepare");
        return NULL;
    }
    if (s->nstmts < STORE_STMT_CACHE) {
        s->stmts[s->nstmts].sql = sql;
        s->stmts[s->nstmts].stmt = stmt;
        s->nstmts++;
    }
    return stmt;
}

/* Give back a statement taken with store_stmt(): reset it, finalize it if uncached. */
void store_done(struct store *s, sqlite3_stmt *stmt)
{
    if (!stmt)
        return;
    sqlite3_reset(stmt);
    for (int i = 0; i < s->nstmts; i++)
        if (s->stmts[i].stmt == stmt)
            return;
    sqlite3_finalize(stmt);
}

/* Bind values by a format: 'i' int64, 't' text, 'b' 32-byte blob, 'B' a blob and its
 * size_t length, bound without a copy (NULL binds NULL). */
static int store_bindv(struct store *s, sqlite3_stmt *stmt, const char *fmt, va_list ap,
                       struct sb_error *err)
{
    int rc = SQLITE_OK;
    for (int i = 0; fmt[i] && rc == SQLITE_OK; i++) {
        int col = i + 1;
        if (fmt[i] == 'i') {
            rc = sqlite3_bind_int64(stmt, col, va_arg(ap, int64_t));
        } else if (fmt[i] == 't') {
            const char *t = va_arg(ap, const char *);
            rc = t ? sqlite3_bind_text(stmt, col, t, -1, SQLITE_TRANSIENT)
                   : sqlite3_bind_null(stmt, col);
        } else if (fmt[i] == 'B') {
            const void *blob = va_arg(ap, const void *);
            size_t len = va_arg(ap, size_t);
            rc = blob ? sqlite3_bind_blob64(stmt, col, blob, len, SQLITE_STATIC)
                      : sqlite3_bind_null(stmt, col);
        } else {
            const unsigned char *blob = va_arg(ap, const unsigned char *);
            rc = sqlite3_bind_blob(stmt, col, blob, STORE_HASH_BYTES, SQLITE_TRANSIENT);
        }
    }
    return rc == SQLITE_OK ? 0 : store_fail(s, err, "bind");
}

/* Prepare sql, bind the values of fmt/ap and take one step. On success *stmt is the
 * statement to read (give it back with store_done()) and *step SQLITE_ROW or
 * SQLITE_DONE; on failure the statement is already given back. */
static int store_stepv(struct store *s, const char *sql, struct sb_error *err, sqlite3_stmt **stmt,
                       int *step, const char *fmt, va_list ap)
{
    int rc;
    *stmt = store_stmt(s, sql, err);
    if (!*stmt)
        return err ? err->code : SB_EIO;
    if (s->writer && !s->in_write && !sqlite3_stmt_readonly(*stmt)) {
        /* It would join whatever transaction is open on the writer (a group's) and be
         * answered before its COMMIT: every write goes through store_begin_write(). */
        store_done(s, *stmt);
        *stmt = NULL;
        return sb_fail(err, SB_EIO, NULL, "a write outside a write transaction");
    }
    rc = store_bindv(s, *stmt, fmt, ap, err);
    if (rc == 0) {
        *step = sqlite3_step(*stmt);
        if (*step != SQLITE_ROW && *step != SQLITE_DONE)
            rc = store_fail(s, err, "step");
    }
    if (rc != 0) {
        store_done(s, *stmt);
        *stmt = NULL;
    }
    return rc;
}

/* store_stepv() with the values as arguments. */
int store_stepv_args(struct store *s, const char *sql, struct sb_error *err, sqlite3_stmt **stmt,
                     int *step, const char *fmt, ...)
{
    va_list ap;
    int rc;
    va_start(ap, fmt);
    rc = store_stepv(s, sql, err, stmt, step, fmt, ap);
    va_end(ap);
    return rc;
}

/* Run a statement that returns no rows. *changes (if given) gets the rows changed. */
int store_exec(struct store *s, const char *sql, int *changes, struct sb_error *err,
               const char *fmt, ...)
{
    sqlite3_stmt *stmt;
    va_list ap;
    int rc, step = SQLITE_DONE;
    va_start(ap, fmt);
    rc = store_stepv(s, sql, err, &stmt, &step, fmt, ap);
    va_end(ap);
    if (rc == 0 && changes)
        *changes = sqlite3_changes(s->db);
    store_done(s, stmt);
    return rc;
}

/* Run a query whose first row's first column is text (JSON, usually); *out gets a copy
 * the caller frees. No row or a NULL value: SB_ENOTFOUND. */
int store_text(struct store *s, const char *sql, char **out, struct sb_error *err, const char *fmt,
               ...)
{
    sqlite3_stmt *stmt;
    va_list ap;
    int rc, step = SQLITE_DONE;
    va_start(ap, fmt);
    rc = store_stepv(s, sql, err, &stmt, &step, fmt, ap);
    va_end(ap);
    if (rc == 0 && (step != SQLITE_ROW || sqlite3_column_type(stmt, 0) == SQLITE_NULL)) {
        rc = sb_fail(err, SB_ENOTFOUND, NULL, "not found");
    } else if (rc == 0) {
        const char *t = (const char *)sqlite3_column_text(stmt, 0);
        char *copy = t ? strdup(t) : NULL;
        if (!copy)
            rc = sb_fail(err, SB_ENOMEM, NULL, "out of memory");
        else
            *out = copy;
    }
    store_done(s, stmt);
    return rc;
}

/* Run a query whose first row's first column is an integer. No row: SB_ENOTFOUND. */
int store_int(struct store *s, const char *sql, int64_t *out, struct sb_error *err, const char *fmt,
              ...)
{
    sqlite3_stmt *stmt;
    va_list ap;
    int rc, step = SQLITE_DONE;
    va_start(ap, fmt);
    rc = store_stepv(s, sql, err, &stmt, &step, fmt, ap);
    va_end(ap);
    if (rc == 0 && step != SQLITE_ROW)
        rc = sb_fail(err, SB_ENOTFOUND, NULL, "not found");
    else if (rc == 0)
        *out = sqlite3_column_int64(stmt, 0);
    store_done(s, stmt);
    return rc;
}

/* ---- connections ---- */

void store_now(char out[STORE_TIME_MAX])
{
    struct timespec ts;
    struct tm tm;
    char base[24];
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    strftime(base, sizeof(base), "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(out, STORE_TIME_MAX, "%.20s.%03dZ", base, (int)(ts.tv_nsec / 1000000) % 1000);
}

/* SQL function now_utc(): the current time as store_now() writes it. */
static void store_sql_now(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    char now[STORE_TIME_MAX];
    (void)argc;
    (void)argv;
    store_now(now);
    sqlite3_result_text(ctx, now, -1, SQLITE_TRANSIENT);
}

/* Open path; create: make the file when it is missing. A WAL that a large write (an
 * import) grew is cut back to 4 MiB once checkpointed. */
static int store_open_flags(const char *path, bool create, struct store **out, struct sb_error *err)
{
    static const char *const pragmas =
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;"
        "PRAGMA temp_store=MEMORY; PRAGMA journal_size_limit=4194304;";
    struct store *s = calloc(1, sizeof(*s));
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI |
                (create ? SQLITE_OPEN_CREATE : 0);
    if (!s)
        return sb_fail(err, SB_ENOMEM, NULL, "out of memory");
    if (sqlite3_open_v2(path, &s->db, flags, NULL) != SQLITE_OK) {
        int rc =
            s->db ? store_fail(s, err, "open") : sb_fail(err, SB_ENOMEM, NULL, "out of memory");
        store_close(s);
        return rc;
    }
    sqlite3_extended_result_codes(s->db, 1);
    sqlite3_busy_timeout(s->db, STORE_BUSY_MS);
    if (sqlite3_exec(s->db, pragmas, NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_create_function(s->db, "now_utc", 0, SQLITE_UTF8, NULL, store_sql_now, NULL,
                                NULL) != SQLITE_OK) {
        int rc = store_fail(s, err, "open");
        store_close(s);
        return rc;
    }
    *out = s;
    return 0;
}

int store_open(const char *path, struct store **out, struct sb_error *err)
{
    return store_open_flags(path, true, out, err);
}

void store_close(struct store *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->nstmts; i++)
        sqlite3_finalize(s->stmts[i].stmt);
    sqlite3_close(s->db);
    free(s);
}

/* Give back the pool's writer lock if this connection holds it. */
static void store_release(struct store *s)
{
    if (s->writing && s->write_lock) {
        s->writing = false;
        pthread_mutex_unlock(s->write_lock);
    }
}

/* Run one of the transaction statements below, prepared once per connection (parsing
 * them on every request cost as much as a small query). Returns an SQLite code. */
static const char store_sql_begin[] = "BEGIN";
static const char store_sql_begin_immediate[] = "BEGIN IMMEDIATE";
static const char store_sql_commit[] = "COMMIT";
static const char store_sql_rollback[] = "ROLLBACK";
static const char store_sql_savepoint[] = "SAVEPOINT member";
static const char store_sql_release[] = "RELEASE member";
static const char store_sql_rollback_to[] = "ROLLBACK TO member";

/* The error of a COMMIT that failed with SQLite code rc: 503 when its group was
 * rolled back because the database file is gone, else 500. Nothing of it was kept. */
static int store_commit_failed(int rc, struct sb_error *err)
{
    if (rc == STORE_GROUP_ABORTED)
        return sb_fail(err, SB_EBUSY, NULL,
                       "the database file is gone or was replaced: nothing of this write was kept");
    return sb_fail(err, SB_EIO, NULL, "commit: %s", sqlite3_errstr(rc));
}

static int store_control(struct store *s, const char *sql)
{
    sqlite3_stmt *stmt = store_stmt(s, sql, NULL);
    int rc;
    if (!stmt)
        return SQLITE_ERROR;
    /* A COMMIT changes what readers see: counted as it begins (a failed one too, which
     * costs a cache nothing but a miss) and marked in flight until it has returned. */
    bool counted = sql == store_sql_commit && s->commits;
    if (counted) {
        atomic_fetch_add(&s->commits->in_flight, 1);
        atomic_fetch_add(&s->commits->generation, 1);
    }
    rc = sqlite3_step(stmt);
    rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
    store_done(s, stmt);
    if (counted)
        atomic_fetch_sub(&s->commits->in_flight, 1);
    if (sql == store_sql_commit || rc != SQLITE_OK)
        store_note_write(s, rc, sql == store_sql_commit);
    return rc;
}

/* Commit (or, not commit, roll back) the writer's open transaction, the group's if
 * there is one, and tell its members the outcome. Call with the writer's turn held.
 * Returns an SQLite code. */
static int store_group_end(struct store *s, bool commit);

static int store_group_commit(struct store *s)
{
    return store_group_end(s, true);
}

static int store_group_end(struct store *s, bool commit)
{
    struct store_pool *p = s->pool;
    struct store_group *g;
    int rc = commit ? store_control(s, store_sql_commit) : STORE_GROUP_ABORTED;
    if (rc != SQLITE_OK && !sqlite3_get_autocommit(s->db))
        store_control(s, store_sql_rollback);
    pthread_mutex_lock(&p->lock);
    g = p->group;
    p->group = NULL;
    pthread_mutex_unlock(&p->lock);
    if (g) {
        struct store_member *m = g->waiting;
        while (m) {
            struct store_member *next = m->next; /* m is gone once woken */
            m->rc = rc;
            sem_post(&m->done);
            m = next;
        }
        free(g);
    }
    return rc;
}

int store_begin_write(struct store *s, struct sb_error *err)
{
    int rc;
    if (s->writer && s->pool->group) {
        rc = store_control(s, store_sql_savepoint) == SQLITE_OK ? 0 : store_fail(s, err, "begin");
        s->in_savepoint = rc == 0;
        s->in_write = rc == 0;
        return rc;
    }
    if (s->write_lock && !s->writing) {
        pthread_mutex_lock(s->write_lock);
        s->writing = true;
    }
    rc = store_control(s, store_sql_begin_immediate) == SQLITE_OK ? 0 : store_fail(s, err, "begin");
    if (rc != 0)
        store_release(s);
    else if (s->writer)
        s->pool->write_txns++; /* the writer is handed out with write_lock held */
    s->in_write = rc == 0;
    return rc;
}

uint64_t store_write_txn(const struct store *s)
{
    if (!s || !s->writer || sqlite3_get_autocommit(s->db))
        return 0;
    return s->pool->write_txns;
}

int store_begin_read(struct store *s, struct sb_error *err)
{
    return store_control(s, store_sql_begin) == SQLITE_OK ? 0 : store_fail(s, err, "begin");
}

/* End this turn's savepoint of a group: RELEASE it, or on failure undo it so that
 * nothing of a refused turn stays in the group. Returns an SQLite code. */
static int store_end_savepoint(struct store *s)
{
    int rc = SQLITE_OK;
    if (s->in_savepoint) {
        rc = store_control(s, store_sql_release);
        if (rc != SQLITE_OK) {
            store_control(s, store_sql_rollback_to);
            store_control(s, store_sql_release);
        }
    }
    s->in_savepoint = false;
    return rc;
}

int store_commit(struct store *s, struct sb_error *err)
{
    s->in_write = false;
    if (s->writer && (s->in_savepoint || s->pool->group)) {
        /* A write that is no append ends the group: its COMMIT holds this turn's
         * writes and the members', and everyone learns its outcome. */
        int rc = store_end_savepoint(s);
        if (rc == SQLITE_OK)
            rc = store_group_commit(s);
        return rc == SQLITE_OK ? 0 : store_commit_failed(rc, err);
    }
    if (store_control(s, store_sql_commit) == SQLITE_OK) {
        store_release(s);
        return 0;
    }
    int rc = store_fail(s, err, "commit");
    store_rollback(s);
    return rc;
}

void store_rollback(struct store *s)
{
    s->in_write = false;
    if (s->writer && s->in_savepoint) {
        store_control(s, store_sql_rollback_to);
        store_control(s, store_sql_release);
        s->in_savepoint = false;
        return;
    }
    if (s->writer && s->pool->group)
        return; /* the group's writes are not this turn's to undo */
    if (!sqlite3_get_autocommit(s->db))
        store_control(s, store_sql_rollback);
    store_release(s);
}

/* ---- migrations ---- */

static int store_cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Apply one migration file (version v) in its own transaction. */
static int store_apply_migration(struct store *s, const char *dir, const char *name, int v,
                                 struct sb_error *err)
{
    static const char *const record =
        "INSERT INTO schema_migrations(version, name, applied_at) VALUES (?, ?, now_utc())";
    char path[4096];
    char *sql = NULL;
    int rc;
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    if (file_read(path, STORE_MIGRATION_MAX, &sql, NULL, NULL) != 0)
        return sb_fail(err, SB_EIO, NULL, "cannot read migration %s", name);
    rc = store_begin_write(s, err);
    if (rc == 0 && sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
        rc = store_fail(s, err, name);
    if (rc == 0)
        rc = store_exec(s, record, NULL, err, "it", (int64_t)v, name);
    if (rc == 0)
        rc = store_commit(s, err);
    else
        store_rollback(s);
    free(sql);
    return rc;
}

int store_migrate(struct store *s, const char *migrations_dir, struct sb_error *err)
{
    static const char *const create =
        "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY,"
        " name TEXT NOT NULL, applied_at TEXT NOT NULL)";
    DIR *d;
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0;
    int current = 0, rc = 0;

    if (sqlite3_exec(s->db, create, NULL, NULL, NULL) != SQLITE_OK)
        return store_fail(s, err, "schema_migrations");
    rc = store_schema_version(s, &current, err);
    if (rc != 0)
        return rc;
    d = opendir(migrations_dir);
    if (!d)
        return sb_fail(err, SB_EIO, NULL, "cannot open the migrations folder %s", migrations_dir);
    while (rc == 0 && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 9 || strcmp(e->d_name + len - 4, ".sql") != 0 || e->d_name[0] < '0' ||
            e->d_name[0] > '9')
            continue;
        if (n == cap) {
            size_t ncap = cap ? cap * 2 : 16;
            char **grown = realloc(names, ncap * sizeof(*names));
            if (!grown) {
                rc = sb_fail(err, SB_ENOMEM, NULL, "out of memory");
                break;
            }
            names = grown;
            cap = ncap;
        }
        names[n] = strdup(e->d_name);
        if (!names[n])
            rc = sb_fail(err, SB_ENOMEM, NULL, "out of memory");
        else
            n++;
    }
    closedir(d);
    if (n > 0)
        qsort(names, n, sizeof(*names), store_cmp_names);
    for (size_t i = 0; rc == 0 && i < n; i++) {
        long v = strtol(names[i], NULL, 10); /* NNNN_: the name starts with a digit */
        if (v > INT_MAX)
            rc = sb_fail(err, SB_EIO, NULL, "migration %s: the number is too large", names[i]);
        else if (v > current)
            rc = store_apply_migration(s, migrations_dir, names[i], (int)v, err);
    }
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    return rc;
}

int store_schema_version(struct store *s, int *version, struct sb_error *err)
{
    static const char *const exists =
        "SELECT count(*) FROM sqlite_schema WHERE name = 'schema_migrations'";
    static const char *const sql = "SELECT coalesce(max(version), 0) FROM schema_migrations";
    int64_t v = 0;
    int rc = store_int(s, exists, &v, err, "");
    if (rc == 0 && v > 0)
        rc = store_int(s, sql, &v, err, "");
    if (rc == 0)
        *version = (int)v;
    return rc;
}

/* Is c punctuation next to which spaces mean nothing in SQL? */
static bool store_sql_tight(char c)
{
    return c == '(' || c == ')' || c == ',' || c == ';' || c == '\0';
}

/* Append sql to dst (which has room for strlen(sql) + 1 more bytes) in a normal form:
 * comments dropped, whitespace runs one space, none beside ( ) , ; or at either end;
 * quoted names and strings copied as they are. Returns the new end of dst. */
static char *store_sql_normalise(char *dst, const char *sql)
{
    char *start = dst;
    bool space = false;
    const char *p = sql;
    while (*p) {
        if (p[0] == '-' && p[1] == '-') {
            while (*p && *p != '\n')
                p++;
            space = true;
            continue;
        }
        if (p[0] == '/' && p[1] == '*') {
            const char *end = strstr(p + 2, "*/");
            p = end ? end + 2 : p + strlen(p);
            space = true;
            continue;
        }
        if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f' || *p == '\v') {
            p++;
            space = true;
            continue;
        }
        if (space && dst > start && !store_sql_tight(dst[-1]) && !store_sql_tight(*p))
            *dst++ = ' ';
        space = false;
        if (*p == '\'' || *p == '"' || *p == '`' || *p == '[') {
            char close = *p;
            if (close == '[')
                close = ']';
            *dst++ = *p++;
            while (*p) {
                if (*p == close && p[1] == close && close != ']') {
                    *dst++ = *p++;
                    *dst++ = *p++;
                } else if (*p == close) {
                    break;
                } else {
                    *dst++ = *p++;
                }
            }
            if (*p)
                *dst++ = *p++;
            continue;
        }
        *dst++ = *p++;
    }
    *dst = '\0';
    return dst;
}

int store_schema_sql(struct store *s, char **out, struct sb_error *err)
{
    static const char *const sql =
        "SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'"
        " AND name <> 'schema_migrations' ORDER BY type DESC, name";
    sqlite3_stmt *stmt = store_stmt(s, sql, err);
    char *text = NULL, *end = NULL;
    size_t len = 0;
    int rc = 0, step = SQLITE_DONE;
    if (!stmt)
        return err ? err->code : SB_EIO;
    while (rc == 0 && (step = sqlite3_step(stmt)) == SQLITE_ROW) {
        const char *one = (const char *)sqlite3_column_text(stmt, 0);
        size_t add = one ? strlen(one) : 0;
        char *grown = realloc(text, len + add + 3);
        if (!grown) {
            rc = sb_fail(err, SB_ENOMEM, NULL, "out of memory");
            break;
        }
        text = grown;
        end = store_sql_normalise(text + len, one ? one : "");
        *end++ = ';';
        *end++ = '\n';
        *end = '\0';
        len = (size_t)(end - text);
    }
    if (rc == 0 && step != SQLITE_DONE)
        rc = store_fail(s, err, "read");
    if (rc == 0 && !text)
        rc = sb_fail(err, SB_ENOTFOUND, NULL, "the database has no schema");
    store_done(s, stmt);
    if (rc != 0) {
        free(text);
        return rc;
    }
    *out = text;
    return 0;
}

int store_db_size(struct store *s, int64_t *bytes, struct sb_error *err)
{
    static const char *const sql =
        "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()";
    return store_int(s, sql, bytes, err, "");
}

int store_campaign_count(struct store *s, int64_t *n, struct sb_error *err)
{
    return store_int(s, "SELECT count(*) FROM campaigns", n, err, "");
}

int store_backup(struct store *s, const char *file, struct sb_error *err)
{
    sqlite3 *dst = NULL;
    sqlite3_backup *b;
    int rc = 0, step = SQLITE_BUSY;
    char *check = NULL;

    if (sqlite3_open_v2(file, &dst, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        rc = sb_fail(err, SB_EIO, NULL, "cannot open %s: %s", file,
                     dst ? sqlite3_errmsg(dst) : "out of memory");
        goto out;
    }
    b = sqlite3_backup_init(dst, "main", s->db, "main");
    if (!b) {
        rc = sb_fail(err, SB_EIO, NULL, "backup: %s", sqlite3_errmsg(dst));
        goto out;
    }
    /* All pages in one step, under one read transaction: a consistent snapshot that
     * writers (WAL) do not block. Copying in slices would restart after every write of
     * the server in between, and might never finish while it is busy. */
    for (int tries = 0; tries < STORE_BUSY_MS / 20; tries++) {
        step = sqlite3_backup_step(b, -1);
        if (step != SQLITE_OK && step != SQLITE_BUSY && step != SQLITE_LOCKED)
            break;
        sqlite3_sleep(20);
    }
    sqlite3_backup_finish(b);
    if (step != SQLITE_DONE) {
        rc = sb_fail(err, SB_EIO, NULL, "backup: %s", sqlite3_errstr(step));
        goto out;
    }
    {
        sqlite3_stmt *stmt = NULL;
        if (sqlite3_prepare_v2(dst, "PRAGMA integrity_check", -1, &stmt, NULL) == SQLITE_OK &&
            sqlite3_step(stmt) == SQLITE_ROW) {
            const char *t = (const char *)sqlite3_column_text(stmt, 0);
            check = strdup(t ? t : "");
        }
        sqlite3_finalize(stmt);
    }
    if (!check || strcmp(check, "ok") != 0)
        rc = sb_fail(err, SB_EIO, NULL, "the backup failed its integrity check: %s",
                     check ? check : "no answer");
out:
    free(check);
    sqlite3_close(dst);
    return rc;
}

/* ---- the pool ---- */

int store_pool_new(const char *path, int max, struct store_pool **out, struct sb_error *err)
{
    struct store_pool *p = calloc(1, sizeof(*p));
    if (!p)
        return sb_fail(err, SB_ENOMEM, NULL, "out of memory");
    p->path = strdup(path);
    p->free = calloc((size_t)max, sizeof(*p->free)); /* NOLINT(bugprone-sizeof-expression) */
    if (!p->path || !p->free) {
        free(p->path);
        free(p->free);
        free(p);
        return sb_fail(err, SB_ENOMEM, NULL, "out of memory");
    }
    p->max = max;
    {
        struct stat st;
        if (strncmp(path, "file:", 5) != 0 && strcmp(path, ":memory:") != 0 &&
            stat(path, &st) == 0) {
            p->file_known = true;
            p->dev = st.st_dev;
            p->ino = st.st_ino;
        }
    }
    atomic_init(&p->commits.generation, 0);
    atomic_init(&p->commits.in_flight, 0);
    pthread_mutex_init(&p->lock, NULL);
    pthread_mutex_init(&p->write_lock, NULL);
    {
        pthread_condattr_t attr;
        pthread_condattr_init(&attr);
        pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
        pthread_cond_init(&p->returned, &attr);
        pthread_cond_init(&p->watch_wake, &attr);
        pthread_condattr_destroy(&attr);
    }
    *out = p;
    return 0;
}

int store_pool_get(struct store_pool *p, struct store **out, struct sb_error *err)
{
    struct store *s = NULL;
    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    deadline.tv_nsec += STORE_POOL_WAIT_MS * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec++;
        deadline.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&p->lock);
    /* Opening a connection costs far more than waiting a moment for one. */
    while (p->nfree == 0 && p->nopen >= p->max)
        if (pthread_cond_timedwait(&p->returned, &p->lock, &deadline) != 0)
            break;
    if (p->nfree > 0)
        s = p->free[--p->nfree];
    else
        p->nopen++;
    pthread_mutex_unlock(&p->lock);
    if (!s) {
        int rc = store_open_flags(p->path, false, &s, err);
        if (rc != 0) {
            pthread_mutex_lock(&p->lock);
            p->nopen--;
            pthread_cond_signal(&p->returned);
            pthread_mutex_unlock(&p->lock);
            /* A file that vanished says so (503), not as a failed open. */
            {
                int gone = store_pool_check(p, false, err);
                return gone != 0 ? gone : rc;
            }
        }
    }
    s->write_lock = &p->write_lock;
    s->commits = &p->commits;
    *out = s;
    return 0;
}

int store_commit_and_leave(struct store **sp, struct sb_error *err)
{
    struct store *s = *sp;
    struct store_pool *p = s->pool;
    struct store_group *g;
    int rc = SQLITE_OK;
    if (!s->writer)
        return store_commit(s, err);
    s->in_write = false;
    rc = store_end_savepoint(s);
    if (rc != SQLITE_OK)
        return sb_fail(err, SB_EIO, NULL, "commit: %s", sqlite3_errstr(rc));
    pthread_mutex_lock(&p->lock);
    g = p->group;
    if (atomic_load(&p->writers_waiting) > 0 && (!g || g->members < STORE_GROUP_MAX)) {
        if (!g && (g = calloc(1, sizeof(*g))) != NULL)
            p->group = g;
    } else {
        g = NULL;
    }
    if (g) {
        /* Leave the transaction open for the next writer and wait for its COMMIT. */
        struct store_member me = {.next = g->waiting};
        sem_init(&me.done, 0, 0);
        g->waiting = &me;
        g->members++;
        *sp = NULL;
        pthread_mutex_unlock(&p->lock);
        pthread_mutex_unlock(&p->write_lock);
        while (sem_wait(&me.done) != 0)
            ; /* interrupted by a signal */
        sem_destroy(&me.done);
        rc = me.rc;
    } else {
        pthread_mutex_unlock(&p->lock);
        rc = store_group_commit(s);
        *sp = NULL;
        pthread_mutex_unlock(&p->write_lock);
    }
    return rc == SQLITE_OK ? 0 : store_commit_failed(rc, err);
}

uint64_t store_pool_generation(struct store_pool *p)
{
    uint64_t g = atomic_load(&p->commits.generation);
    return atomic_load(&p->commits.in_flight) ? STORE_GENERATION_BUSY : g;
}

int store_pool_check(struct store_pool *p, bool probe_write, struct sb_error *err)
{
    struct stat st;
    if (!p->file_known)
        return 0;
    if (stat(p->path, &st) != 0)
        return sb_fail(err, SB_EBUSY, NULL, "the database file %s is gone: %s", p->path,
                       strerror(errno));
    if (st.st_dev != p->dev || st.st_ino != p->ino)
        return sb_fail(err, SB_EBUSY, NULL,
                       "the database file %s was replaced under the server: restart it", p->path);
    if (!probe_write)
        return 0;
    /* access() opens nothing: closing any descriptor of the database file would drop
     * every POSIX lock this process holds on it, and another process could then take
     * the WAL for its own and delete it. It is refused on a read-only file system (for
     * root too) or file. */
    if (access(p->path, W_OK) != 0)
        return sb_fail(err, SB_EBUSY, NULL, "the database file %s cannot be written: %s", p->path,
                       strerror(errno));
    return 0;
}

int store_pool_fault(struct store_pool *p, char *why, size_t size)
{
    int w = atomic_load(&p->write_fault), e = atomic_load(&p->probe_fault);
    if (w)
        snprintf(why, size, "the last write failed (%s) and none has succeeded since",
                 sqlite3_errstr(w));
    else if (e)
        snprintf(why, size, "a test write beside the database failed (%s)", strerror(e));
    return w || e;
}

#define STORE_PROBE_BYTES 16384

/* Write, sync and remove a small file beside the database: 0, or the errno. */
static int store_probe_file(const char *db)
{
    static const char zeros[STORE_PROBE_BYTES];
    char path[PATH_MAX];
    int fd, e = 0;
    if ((size_t)snprintf(path, sizeof(path), "%s-probe", db) >= sizeof(path))
        return ENAMETOOLONG;
    fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return errno;
    if (write(fd, zeros, sizeof(zeros)) != (ssize_t)sizeof(zeros))
        e = errno ? errno : ENOSPC;
    if (e == 0 && fsync(fd) != 0)
        e = errno;
    close(fd);
    unlink(path);
    return e;
}

static const char store_sql_probe[] = "INSERT INTO health_probe (id, at) VALUES (1, ?) ON CONFLICT "
                                      "(id) DO UPDATE SET at = excluded.at";

void store_pool_probe(struct store_pool *p)
{
    struct store *s = NULL;
    struct sb_error err = {0};
    char now[STORE_TIME_MAX];
    int e;
    if (!p->file_known)
        return;
    e = store_probe_file(p->path);
    atomic_store(&p->probe_fault, e == ENOSPC || e == EIO || e == EDQUOT || e == EROFS ? e : 0);
    if (e != 0 || atomic_load(&p->write_fault) == 0)
        return;
    /* Space is back: a write of our own that commits says the database takes writes. */
    store_now(now);
    if (store_pool_get_writer(p, &s, &err) == 0 && store_begin_write(s, &err) == 0 &&
        store_exec(s, store_sql_probe, NULL, &err, "t", now) == 0)
        store_commit_and_leave(&s, &err);
    store_pool_put(p, s);
}

int store_pool_get_writer(struct store_pool *p, struct store **out, struct sb_error *err)
{
    int rc;
    atomic_fetch_add(&p->writers_waiting, 1);
    pthread_mutex_lock(&p->write_lock);
    atomic_fetch_sub(&p->writers_waiting, 1);
    /* A write into a deleted or replaced file would be lost at the next start: refused,
     * and so is an open group's (its members learn it), which nobody else would end. */
    if ((rc = store_pool_check(p, false, err)) != 0) {
        if (p->group && p->writer)
            store_group_end(p->writer, false);
        pthread_mutex_unlock(&p->write_lock);
        return rc;
    }
    if (!p->writer) {
        rc = store_open_flags(p->path, false, &p->writer, err);
        if (rc != 0) {
            p->writer = NULL;
            pthread_mutex_unlock(&p->write_lock);
            return rc;
        }
        p->writer->writer = true; /* write_lock stays NULL: it is held from get to put */
        p->writer->pool = p;
        p->writer->commits = &p->commits;
    }
    *out = p->writer;
    return 0;
}

void store_pool_put(struct store_pool *p, struct store *s)
{
    if (!s)
        return;
    store_rollback(s);
    if (s->writer) {
        /* A group left open with nobody to carry it on is committed now. */
        if (p->group && atomic_load(&p->writers_waiting) == 0)
            store_group_commit(s);
        pthread_mutex_unlock(&p->write_lock);
        return;
    }
    pthread_mutex_lock(&p->lock);
    if (p->nopen <= p->max && p->nfree < p->max) {
        p->free[p->nfree++] = s;
        s = NULL;
    } else {
        p->nopen--;
    }
    pthread_cond_signal(&p->returned);
    pthread_mutex_unlock(&p->lock);
    store_close(s);
}

static void *store_pool_watcher(void *arg)
{
    struct store_pool *p = arg;
    pthread_mutex_lock(&p->lock);
    while (!p->watch_stop) {
        struct timespec until;
        pthread_mutex_unlock(&p->lock);
        store_pool_probe(p);
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_sec += p->watch_ms / 1000;
        until.tv_nsec += (long)(p->watch_ms % 1000) * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_mutex_lock(&p->lock);
        while (!p->watch_stop && pthread_cond_timedwait(&p->watch_wake, &p->lock, &until) == 0)
            ;
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

int store_pool_watch(struct store_pool *p, unsigned every_ms, struct sb_error *err)
{
    if (!p->file_known || every_ms == 0 || p->watching)
        return 0;
    p->watch_ms = every_ms;
    if (pthread_create(&p->watcher, NULL, store_pool_watcher, p) != 0)
        return sb_fail(err, SB_EIO, NULL, "cannot start the health probe's thread");
    p->watching = true;
    return 0;
}

void store_pool_free(struct store_pool *p)
{
    if (!p)
        return;
    if (p->watching) {
        pthread_mutex_lock(&p->lock);
        p->watch_stop = true;
        pthread_cond_signal(&p->watch_wake);
        pthread_mutex_unlock(&p->lock);
        pthread_join(p->watcher, NULL);
    }
    pthread_cond_destroy(&p->watch_wake);
    for (int i = 0; i < p->nfree; i++)
        store_close(p->free[i]);
    store_close(p->writer);
    pthread_mutex_destroy(&p->lock);
    pthread_mutex_destroy(&p->write_lock);
    pthread_cond_destroy(&p->returned);
    free(p->free);
    free(p->path);
    free(p);
}

/* ---- campaigns ---- */

int store_campaign_create(struct store *s, const char *name, const char *edition,
                          const char *stamp_owner, const unsigned char *key_hash,
                          const unsigned char *view_key_hash, const char *board, int64_t *id,
                          struct sb_error *err)
{
    static const char *const sql =
        "INSERT INTO campaigns(name, edition, stamp_owner, key_hash, view_key_hash, board,"
        " created_at) VALUES (?, ?, ?, ?, ?, ?, now_utc())";
    int rc = store_exec(s, sql, NULL, err, "tttbbt", name, edition, stamp_owner, key_hash,
                        view_key_hash, board);
    if (rc == 0)
        *id = sqlite3_last_insert_rowid(s->db);
    return rc;
}

int store_campaign_get(struct store *s, int64_t cid, struct store_campaign *out,
                       struct sb_error *err)
{
    static const char *const sql =
        "SELECT edition, stamp_owner, key_hash, view_key_hash,"
        " (SELECT id FROM games WHERE campaign_id = c.id AND status = 'active'),"
        " (SELECT max(id) FROM games WHERE campaign_id = c.id)"
        " FROM campaigns c WHERE id = ?";
    sqlite3_stmt *stmt = store_stmt(s, sql, err);
    int rc = 0, step;
    if (!stmt)
        return err ? err->code : SB_EIO;
    if (sqlite3_bind_int64(stmt, 1, cid) != SQLITE_OK) {
        rc = store_fail(s, err, "bind");
        goto out;
    }
    step = sqlite3_step(stmt);
    if (step == SQLITE_DONE) {
        rc = sb_fail(err, SB_ENOTFOUND, NULL, "no campaign %lld", (long long)cid);
    } else if (step != SQLITE_ROW) {
        rc = store_fail(s, err, "read");
    } else if (sqlite3_column_bytes(stmt, 2) != STORE_HASH_BYTES ||
               sqlite3_column_bytes(stmt, 3) != STORE_HASH_BYTES) {
        rc = sb_fail(err, SB_EIO, NULL, "campaign %lld has damaged keys", (long long)cid);
    } else {
        const char *ed = (const char *)sqlite3_column_text(stmt, 0);
        const char *owner = (const char *)sqlite3_column_text(stmt, 1);
        memset(out, 0, sizeof(*out));
        out->id = cid;
        snprintf(out->edition, sizeof(out->edition), "%s", ed ? ed : "");
        out->policy_player = owner && strcmp(owner, "player") == 0;
        memcpy(out->key_hash, sqlite3_column_blob(stmt, 2), STORE_HASH_BYTES);
        memcpy(out->view_key_hash, sqlite3_column_blob(stmt, 3), STORE_HASH_BYTES);
        out->active_game = sqlite3_column_int64(stmt, 4);
        out->latest_game = sqlite3_column_int64(stmt, 5);
    }
out:
    store_done(s, stmt);
    return rc;
}

int store_campaign_json(struct store *s, int64_t cid, char **out, struct sb_error *err)
{
    static const char *const sql =
        "SELECT json_object('id', id, 'name', name, 'edition', edition, 'stamp_owner',"
        " stamp_owner, 'created_at', created_at, 'active_game',"
        " (SELECT id FROM games WHERE campaign_id = c.id AND status = 'active'),"
        " 'house_rules', json(house_rules), 'timezone', timezone)"
        " FROM campaigns c WHERE id = ?";
    return store_text(s, sql, out, err, "i", cid);
}

int store_campaign_house_rules(struct store *s, int64_t cid, char **out, struct sb_error *err)
{
    static const char *const sql = "SELECT coalesce(house_rules, '') FROM campaigns WHERE id = ?";
    return store_text(s, sql, out, err, "i", cid);
}

int store_campaign_set_house_rules(struct store *s, int64_t cid, const char *house_rules,
                                   struct sb_error *err)
{
    static const char *const sql = "UPDATE campaigns SET house_rules = ? WHERE id = ?";
    return store_exec(s, sql, NULL, err, "ti", house_rules, cid);
}

int store_campaign_set_timezone(struct store *s, int64_t cid, const char *zone,
                                struct sb_error *err)
{
    static const char *const sql = "UPDATE campaigns SET timezone = ? WHERE id = ?";
    return store_exec(s, sql, NULL, err, "ti", zone, cid);
}

int store_campaign_update(struct store *s, int64_t cid, const char *name, const char *stamp_owner,
                          struct sb_error *err)
{
    static const char *const sql =
        "UPDATE campaigns SET name = coalesce(?, name), stamp_owner = coalesce(?, stamp_owner)"
        " WHERE id = ?";
    return store_exec(s, sql, NULL, err, "tti", name, stamp_owner, cid);
}

int store_campaign_set_keys(struct store *s, int64_t cid, const unsigned char *key_hash,
                            const unsigned char *view_key_hash, struct sb_error *err)
{
    static const char *const sql =
        "UPDATE campaigns SET key_hash = ?, view_key_hash = ? WHERE id = ?";
    int changes = 0;
    int rc = store_exec(s, sql, &changes, err, "bbi", key_hash, view_key_hash, cid);
    if (rc == 0 && changes == 0)
        rc = sb_fail(err, SB_ENOTFOUND, NULL, "no campaign %lld", (long long)cid);
    return rc;
}

int store_campaigns_json(struct store *s, char **out, struct sb_error *err)
{
    static const char *const sql =
        "SELECT coalesce(json_group_array(json_object('id', c.id, 'name', c.name,"
        " 'edition', c.edition, 'games', (SELECT count(*) FROM games g WHERE g.campaign_id = c.id),"
        " 'last_activity', max(c.created_at,"
        "   coalesce((SELECT max(created_at) FROM players WHERE campaign_id = c.id), ''),"
        "   coalesce((SELECT max(max(g.started_at, coalesce(g.ended_at, ''),"
        "     coalesce((SELECT max(at) FROM events e WHERE e.game_id = g.id), '')))"
        "     FROM games g WHERE g.campaign_id = c.id), '')))), '[]')"
        " FROM (SELECT * FROM campaigns ORDER BY id) c";
    return store_text(s, sql, out, err, "");
}

int store_campaign_board(struct store *s, int64_t cid, char **out, struct sb_error *err)
{
    static const char *const sql = "SELECT board FROM campaigns WHERE id = ?";
    return store_text(s, sql, out, err, "i", cid);
}

int store_campaign_set_board(struct store *s, int64_t cid, const char *board, struct sb_error *err)
{
    static const char *const sql = "UPDATE campaigns SET board = ? WHERE id = ?";
    return store_exec(s, sql, NULL, err, "ti", board, cid);
}

/* ---- players ---- */

/* SB_ECONFLICT when a player of campaign cid other than pid (0: any) is already
 * called name, ignoring case (text_same_name()). */
static int store_player_name_free(struct store *s, int64_t cid, int64_t pid, const char *name,
                                  struct sb_error *err)
{
    static const char *const sql = "SELECT id, name FROM players WHERE campaign_id = ?";
    sqlite3_stmt *stmt;
    int step = SQLITE_DONE;
    int rc = store_stepv_args(s, sql, err, &stmt, &step, "i", cid);
    while (rc == 0 && step == SQLITE_ROW) {
        const char *other = (const char *)sqlite3_column_text(stmt, 1);
        if (sqlite3_column_int64(stmt, 0) != pid && other && text_same_name(other, name)) {
            rc = sb_fail(err, SB_ECONFLICT, NULL,
                         "name: a player called '%s' is already in this campaign", other);
            break;
        }
        step = sqlite3_step(stmt);
        if (step != SQLITE_ROW && step != SQLITE_DONE)
            rc = store_fail(s, err, "step");
    }
    store_done(s, stmt);
    return rc;
}

int store_player_create(struct store *s, int64_t cid, const char *name, int64_t *id,
                        struct sb_error *err)
{
    static const char *const sql =
        "INSERT INTO players(campaign_id, name, created_at) VALUES (?, ?, now_utc())";
    int rc = store_player_name_free(s, cid, 0, name, err);
    if (rc == 0)
        rc = store_exec(s, sql, NULL, err, "it", cid, name);
    if (rc == 0)
        *id = sqlite3_last_insert_rowid(s->db);
    return rc;
}

int store_player_rename(struct store *s, int64_t cid, int64_t pid, const char *name,
                        struct sb_error *err)
{
    static const char *const sql = "UPDATE players SET name = ? WHERE id = ? AND campaign_id = ?";
    int changes = 0;
    int rc = store_player_name_free(s, cid, pid, name, err);
    if (rc == 0)
        rc = store_exec(s, sql, &changes, err, "tii", name, pid, cid);
    if (rc == 0 && changes == 0)
        rc = sb_fail(err, SB_ENOTFOUND, NULL, "no player %lld in this campaign", (long long)pid);
    return rc;
}

int store_player_name(struct store *s, int64_t cid, int64_t pid, char *buf, size_t size,
                      struct sb_error *err)
{
    static const char *const sql = "SELECT name FROM players WHERE id = ? AND campaign_id = ?";
    char *name = NULL;
    int rc = store_text(s, sql, &name, err, "ii", pid, cid);
    if (rc == SB_ENOTFOUND)
        rc = sb_fail(err, SB_EINVALID, NULL, "no player %lld in this campaign", (long long)pid);
    if (rc == 0)
        snprintf(buf, size, "%s", name);
    free(name);
    return rc;
}

int store_players_json(struct store *s, int64_t cid, char **out, struct sb_error *err)
{
    static const char *const sql =
        "SELECT coalesce(json_group_array(json_object('id', p.id, 'name', p.name,"
        " 'games', (SELECT count(*) FROM games g, json_each(g.seats) st"
        "   WHERE g.campaign_id = p.campaign_id AND st.value ->> 'player' = p.id),"
        " 'wins', (SELECT count(*) FROM games g WHERE g.campaign_id = p.campaign_id"
        "   AND g.winner = p.id))), '[]')"
        " FROM (SELECT * FROM players WHERE campaign_id = ? ORDER BY id) p";
    return store_text(s, sql, out, err, "i", cid);
}

/* ---- games ---- */

void store_game_clear(struct store_game *g)
{
    free(g->board);
    free(g->state);
    free(g->initial);
    g->board = g->state = g->initial = NULL;
}

int store_game_next_id(struct store *s, int64_t *id, struct sb_error *err)
{
    static const char *const sql = "SELECT coalesce(max(id), 0) + 1 FROM games";
    return store_int(s, sql, id, err, "");
}

/* The id of board in boards, added when no game played on it yet: a board is stored
 * once whatever the number of games on it. */
static int store_board_id(struct store *s, const char *board, int64_t *id, struct sb_error *err)
{
    static const char *const find =
        "SELECT id FROM boards WHERE length(board) = length(?1) AND board = ?1";
    static const char *const add = "INSERT INTO boards(board) VALUES (?) RETURNING id";
    int rc = store_int(s, find, id, err, "t", board);
    if (rc == SB_ENOTFOUND)
        rc = store_int(s, add, id, err, "t", board);
    return rc;
}

int store_game_create(struct store *s, int64_t id, int64_t cid, const char *mode, const char *seats,
                      const char *board, const char *state, const char *played_at,
                      struct sb_error *err)
{
    static const char *const sql =
        "INSERT INTO games(id, campaign_id, mode, status, seats, state, started_at, played_at)"
        " VALUES (?, ?, ?, 'active', ?, ?, now_utc(), ?)";
    static const char *const docs =
        "INSERT INTO game_boards(game_id, board_id, initial) VALUES (?, ?, ?)";
    int64_t board_id = 0;
    int rc = store_exec(s, sql, NULL, err, "iitttt", id, cid, mode, seats, state, played_at);
    if (rc == 0)
        rc = store_board_id(s, board, &board_id, err);
    if (rc == 0)
        rc = store_exec(s, docs, NULL, err, "iit", id, board_id, state);
    if (rc == SB_ECONFLICT)
        return sb_fail(err, SB_ECONFLICT, NULL, "this campaign already has an active game");
    return rc;
}

int store_game_set_house_rules(struct store *s, int64_t gid, const char *house_rules,
                               struct sb_error *err)
{
    static const char *const sql = "UPDATE games SET house_rules = ? WHERE id = ?";
    return store_exec(s, sql, NULL, err, "ti", house_rules, gid);
}

int store_game_set_details(struct store *s, int64_t gid, int64_t duration_min, const char *location,
                           struct sb_error *err)
{
    static const char *const sql = "UPDATE games SET duration_min = nullif(?, -1), location = ?"
                                   " WHERE id = ?";
    return store_exec(s, sql, NULL, err, "iti", duration_min, location, gid);
}

int store_games_of_player(struct store *s, int64_t cid, int64_t pid,
                          int (*fn)(void *ctx, int64_t gid), void *ctx, struct sb_error *err)
{
    static const char *const sql =
        "SELECT DISTINCT g.id FROM games g, json_each(g.seats) st WHERE g.campaign_id = ?"
        " AND st.value ->> 'player' = ? ORDER BY g.id";
    sqlite3_stmt *stmt;
    int rc = 0, step = SQLITE_DONE;
    if (sqlite3_prepare_v2(s->db, sql, -1, &stmt, NULL) != SQLITE_OK)
        return store_fail(s, err, "prepare");
    if (sqlite3_bind_int64(stmt, 1, cid) != SQLITE_OK ||
        sqlite3_bind_int64(stmt, 2, pid) != SQLITE_OK)
        rc = store_fail(s, err, "bind");
    while (rc == 0 && (step = sqlite3_step(stmt)) == SQLITE_ROW)
        rc = fn(ctx, sqlite3_column_int64(stmt, 0));
    if (rc == 0 && step != SQLITE_DONE)
        rc = store_fail(s, err, "read");
    sqlite3_finalize(stmt);
    return rc;
}

int store_game_set_docs(struct store *s, int64_t gid, const char *state, const char *initial,
                        struct sb_error *err)
{
    static const char *const sql = "UPDATE games SET state = ?, version = version + 1 WHERE id = ?";
    static const char *const docs = "UPDATE game_boards SET initial = ? WHERE game_id = ?";
    int rc = store_exec(s, sql, NULL, err, "ti", state, gid);
    if (rc == 0)
        rc = store_exec(s, docs, NULL, err, "ti", initial, gid);
    return rc;
}

/* Copy column col of stmt as a new string into *dst; SB_ENOMEM on failure. */
static int store_col_dup(sqlite3_stmt *stmt, int col, char **dst, struct sb_error *err)
{
    const char *t = (const char *)sqlite3_column_text(stmt, col);
    *dst = strdup(t ? t : "");
    return *dst ? 0 : sb_fail(err, SB_ENOMEM, NULL, "out of memory");
}

int store_game_get(struct store *s, int64_t cid, int64_t gid, bool with_docs,
                   struct store_game *out, struct sb_error *err)
{
    static const char *const sql =
        "SELECT mode, status, version,"
        " (SELECT coalesce(max(seq), 0) FROM events WHERE game_id = g.id AND NOT voided),"
        " (SELECT coalesce(max(seq), 0) FROM events WHERE game_id = g.id),"
        " CASE WHEN ? THEN (SELECT b.board FROM game_boards gb JOIN boards b"
        "   ON b.id = gb.board_id WHERE gb.game_id = g.id) END,"
        " CASE WHEN ? THEN state END,"
        " CASE WHEN ? THEN (SELECT initial FROM game_boards WHERE game_id = g.id) END"
        " FROM games g WHERE id = ? AND campaign_id = ?";
    sqlite3_stmt *stmt = store_stmt(s, sql, err);
    struct store_game g;
    int rc = 0, step;
    memset(&g, 0, sizeof(g));
    if (!stmt)
        return err ? err->code : SB_EIO;
    if (sqlite3_bind_int(stmt, 1, with_docs) != SQLITE_OK ||
        sqlite3_bind_int(stmt, 2, with_docs) != SQLITE_OK ||
        sqlite3_bind_int(stmt, 3, with_docs) != SQLITE_OK ||
        sqlite3_bind_int64(stmt, 4, gid) != SQLITE_OK ||
        sqlite3_bind_int64(stmt, 5, cid) != SQLITE_OK) {
        rc = store_fail(s, err, "bind");
        goto out;
    }
    step = sqlite3_step(stmt);
    if (step == SQLITE_DONE) {
        rc = sb_fail(err, SB_ENOTFOUND, NULL, "no game %lld in this campaign", (long long)gid);
        goto out;
    }
    if (step != SQLITE_ROW) {
        rc = store_fail(s, err, "read");
        goto out;
    }
    g.id = gid;
    g.campaign = cid;
    snprintf(g.mode, sizeof(g.mode), "%s", (const char *)sqlite3_column_text(stmt, 0));
    snprintf(g.status, sizeof(g.status), "%s", (const char *)sqlite3_column_text(stmt, 1));
    g.version = sqlite3_column_int64(stmt, 2);
    g.seq = sqlite3_column_int64(stmt, 3);
    g.last_seq = sqlite3_column_int64(stmt, 4);
    if (with_docs) {
        rc = store_col_dup(stmt, 5, &g.board, err);
        if (rc == 0)
            rc = store_col_dup(stmt, 6, &g.state, err);
        if (rc == 0)
            rc = store_col_dup(stmt, 7, &g.initial, err);
    }
out:
    store_done(s, stmt);
    if (rc == 0)
        *out = g;
    else
        store_game_clear(&g);
    return rc;
}

#define STORE_GAME_OBJECT                                                                          \
    "json_object('id', g.id, 'mode', g.mode, 'status', g.status, 'started_at',"                    \
    " g.started_at, 'ended_at', g.ended_at, 'played_at', g.played_at, 'winner', g.winner,"         \
    " 'number', (SELECT count(*) FROM games n WHERE n.campaign_id = g.campaign_id"                 \
    " AND n.id <= g.id), 'duration_min', g.duration_min, 'location', g.location,"                  \
    " 'house_rules', json(g.house_rules),"                                                         \
    " 'version', g.version, 'seats', (SELECT json_group_array(json_object('player',"               \
    " st.value ->> 'player', 'name', p.name, 'token', st.value ->> 'token'))"                      \
    " FROM json_each(g.seats) st LEFT JOIN players p ON p.id = st.value ->> 'player'),"            \
    " 'events', g.live_events)"

int store_game_json(struct store *s, int64_t gid, char **out, struct sb_error *err)
{
    static const char *const sql = "SELECT " STORE_GAME_OBJECT " FROM games g WHERE g.id = ?";
    return store_text(s, sql, out, err, "i", gid);
}

int store_games_json(struct store *s, int64_t cid, char **out, struct sb_error *err)
{
    static const char *const sql =
        "SELECT coalesce(json_group_array(json(o)), '[]') FROM (SELECT " STORE_GAME_OBJECT
        " AS o FROM games g WHERE g.campaign_id = ? ORDER BY g.id DESC)";
    return store_text(s, sql, out, err, "i", cid);
}

int store_game_with_state(struct store *s, int64_t cid, int64_t gid, char **game, char **state,
                          int64_t *version, struct sb_error *err)
{
    static const char *const sql = "SELECT " STORE_GAME_OBJECT ", g.state, g.version"
                                   " FROM games g WHERE g.id = ? AND g.campaign_id = ?";
    sqlite3_stmt *stmt = store_stmt(s, sql, err);
    char *g = NULL, *st = NULL;
    int rc = 0, step;
    if (!stmt)
        return err ? err->code : SB_EIO;
    if (sqlite3_bind_int64(stmt, 1, gid) != SQLITE_OK ||
        sqlite3_bind_int64(stmt, 2, cid) != SQLITE_OK) {
        rc = store_fail(s, err, "bind");
        goto out;
    }
    step = sqlite3_step(stmt);
    if (step == SQLITE_DONE) {
        rc = sb_fail(err, SB_ENOTFOUND, NULL, "no game %lld in this campaign", (long long)gid);
    } else if (step != SQLITE_ROW) {
        rc = store_fail(s, err, "read");
    } else {
        rc = store_col_dup(stmt, 0, &g, err);
        if (rc == 0)
            rc = store_col_dup(stmt, 1, &st, err);
    }
    if (rc == 0) {
        *version = sqlite3_column_int64(stmt, 2);
        *game = g;
        *state = st;
        g = st = NULL;
    }
out:
    free(g);
    free(st);
    store_done(s, stmt);
    return rc;
}

int store_game_state(struct store *s, int64_t cid, int64_t gid, char **state, int64_t *version,
                     struct sb_error *err)
{
    static const char *const sql =
        "SELECT state, version FROM games WHERE id = ? AND campaign_id = ?";
    sqlite3_stmt *stmt = store_stmt(s, sql, err);
    int rc = 0, step;
    if (!stmt)
        return err ? err->code : SB_EIO;
    if (sqlite3_bind_int64(stmt, 1, gid) != SQLITE_OK ||
        sqlite3_bind_int64(stmt, 2, cid) != SQLITE_OK) {
        rc = store_fail(s, err, "bind");
        goto out;
    }
    step = sqlite3_step(stmt);
    if (step == SQLITE_ROW) {
        rc = store_col_dup(stmt, 0, state, err);
        if (rc == 0)
            *version = sqlite3_column_int64(stmt, 1);
    } else if (step == SQLITE_DONE) {
        rc = sb_fail(err, SB_ENOTFOUND, NULL, "no game %lld in this campaign", (long long)gid);
    } else {
        rc = store_fail(s, err, "read");
    }
out:
    store_done(s, stmt);
    return rc;
}

/* Write the snapshot of gid and bump its version. */
static int store_write_snapshot(struct store *s, int64_t gid, const struct store_snapshot *snap,
                                int64_t live, int64_t *version, struct sb_error *err)
{
    /* Status, winner and end only when one changes: setting status rewrites a page of
     * its index even to the same value, one page more to sync per event. */
    static const char *const end =
        "UPDATE games SET status = ?1, winner = nullif(?2, 0),"
        " ended_at = CASE WHEN ?3 THEN coalesce(ended_at, now_utc()) END WHERE id = ?4"
        " AND (status IS NOT ?1 OR winner IS NOT nullif(?2, 0) OR (ended_at IS NULL) = ?3)";
    static const char *const sql =
        "UPDATE games SET state = ?, live_events = live_events + ?, version = version + 1"
        " WHERE id = ? RETURNING version";
    int rc = store_exec(s, end, NULL, err, "tiii", snap->status, snap->winner, (int64_t)snap->ended,
                        gid);
    if (rc == 0)
        rc = store_int(s, sql, version, err, "tii", snap->state, live, gid);
    return rc;
}

int store_event_append(struct store *s, int64_t gid, int64_t seq, const char *type,
                       const char *payload, const char *effects, const char *at,
                       const char *idem_key, const struct store_snapshot *snap, int64_t *version,
                       struct sb_error *err)
{
    static const char *const sql =
        "INSERT INTO events(game_id, seq, type, payload, effects, at, idempotency_key)"
        " VALUES (?, ?, ?, ?, ?, coalesce(?, now_utc()), ?)";
    int rc =
        store_exec(s, sql, NULL, err, "iittttt", gid, seq, type, payload, effects, at, idem_key);
    if (rc == 0)
        rc = store_write_snapshot(s, gid, snap, 1, version, err);
    return rc;
}

int store_event_set_retry(struct store *s, int64_t gid, int64_t seq, const char *answer,
                          const unsigned char *hash, struct sb_error *err)
{
    static const char *const sql =
        "UPDATE events SET answer = ?, body_hash = ? WHERE game_id = ? AND seq = ?";
    return store_exec(s, sql, NULL, err, "tbii", answer, hash, gid, seq);
}

int store_event_by_key_hash(struct store *s, int64_t gid, const char *key, char **answer,
                            unsigned char hash[STORE_HASH_BYTES], bool *has_hash,
                            struct sb_error *err)
{
    static const char *const sql =
        "SELECT answer, body_hash FROM events WHERE game_id = ? AND idempotency_key = ?";
    sqlite3_stmt *stmt;
    int rc, step = SQLITE_DONE;
    rc = store_stepv_args(s, sql, err, &stmt, &step, "it", gid, key);
    if (rc != 0)
        return rc;
    if (step != SQLITE_ROW || sqlite3_column_type(stmt, 0) == SQLITE_NULL) {
        rc = sb_fail(err, SB_ENOTFOUND, NULL, "not found");
    } else {
        *has_hash = sqlite3_column_bytes(stmt, 1) == STORE_HASH_BYTES;
        if (*has_hash)
            memcpy(hash, sqlite3_column_blob(stmt, 1), STORE_HASH_BYTES);
        rc = store_col_dup(stmt, 0, answer, err);
    }
    store_done(s, stmt);
    return rc;
}

int store_event_void(struct store *s, int64_t gid, int64_t seq, const struct store_snapshot *snap,
                     int64_t *version, struct sb_error *err)
{
    static const char *const sql =
        "UPDATE events SET voided = 1 WHERE game_id = ? AND seq = ? AND NOT voided";
    int changes = 0;
    int rc = store_exec(s, sql, &changes, err, "ii", gid, seq);
    if (rc == 0 && changes != 1)
        rc = sb_fail(err, SB_ECONFLICT, NULL, "event %lld is not live", (long long)seq);
    if (rc == 0)
        rc = store_write_snapshot(s, gid, snap, -1, version, err);
    return rc;
}

int store_events_json(struct store *s, int64_t gid, int64_t after, char **out, struct sb_error *err)
{
    static const char *const sql =
        "SELECT json_object('events', coalesce(json_group_array(json(o)), json('[]')))"
        " FROM (SELECT json_patch(payload, json_object('seq', seq, 'type', type, 'at', at,"
        " 'voided', json(CASE WHEN voided THEN 'true' ELSE 'false' END),"
        " 'effects', json(effects))) AS o"
        " FROM events WHERE game_id = ? AND seq > ? ORDER BY seq)";
    return store_text(s, sql, out, err, "ii", gid, after);
}

int store_events_each(struct store *s, int64_t gid, int64_t upto, store_event_fn fn, void *ctx,
                      struct sb_error *err)
{
    static const char *const sql =
        "SELECT seq, type, payload FROM events WHERE game_id = ? AND NOT voided"
        " AND (? = 0 OR seq <= ?) ORDER BY seq";
    sqlite3_stmt *stmt;
    int rc = 0, step = SQLITE_DONE;
    /* Not cached: fn may run queries of its own on this connection. */
    if (sqlite3_prepare_v2(s->db, sql, -1, &stmt, NULL) != SQLITE_OK)
        return store_fail(s, err, "prepare");
    if (sqlite3_bind_int64(stmt, 1, gid) != SQLITE_OK ||
        sqlite3_bind_int64(stmt, 2, upto) != SQLITE_OK ||
        sqlite3_bind_int64(stmt, 3, upto) != SQLITE_OK)
        rc = store_fail(s, err, "bind");
    while (rc == 0 && (step = sqlite3_step(stmt)) == SQLITE_ROW)
        rc = fn(ctx, sqlite3_column_int64(stmt, 0), (const char *)sqlite3_column_text(stmt, 1),
                (const char *)sqlite3_column_text(stmt, 2));
    if (rc == 0 && step != SQLITE_DONE)
        rc = store_fail(s, err, "read");
    sqlite3_finalize(stmt);
    return rc;
}

/* ---- the Travel Journal ---- */

int store_journal_stamp_add(struct store *s, int64_t cid, const char *card, int slot,
                            const char *token, int64_t player, int64_t gid, int64_t seq,
                            struct sb_error *err)
{
    static const char *const sql =
        "INSERT INTO journal_stamps(campaign_id, card, slot, token, player_id, game_id, seq, at)"
        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, coalesce((SELECT at FROM events"
        " WHERE game_id = ?6 AND seq = ?7), now_utc()))";
    return store_exec(s, sql, NULL, err, "ititiii", cid, card, (int64_t)slot, token, player, gid,
                      seq);
}

int store_journal_draw_add(struct store *s, int64_t cid, int64_t gid, int64_t seq, const char *card,
                           int64_t drawer, int stamped_slot, struct sb_error *err)
{
    static const char *const sql =
        "INSERT INTO journal_draws(game_id, seq, campaign_id, card, drawer, stamped_slot, at)"
        " VALUES (?1, ?2, ?3, ?4, ?5, nullif(?6, -1), coalesce((SELECT at FROM events"
        " WHERE game_id = ?1 AND seq = ?2), now_utc()))";
    return store_exec(s, sql, NULL, err, "iiitii", gid, seq, cid, card, drawer,
                      (int64_t)stamped_slot);
}

int store_journal_payout_add(struct store *s, int64_t gid, int64_t seq, int64_t player,
                             const char *token, int stamps, int amount, struct sb_error *err)
{
    static const char *const sql =
        "INSERT INTO journal_payouts(game_id, seq, player_id, token, stamps, amount)"
        " VALUES (?, ?, ?, ?, ?, ?)";
    return store_exec(s, sql, NULL, err, "iiitii", gid, seq, player, token, (int64_t)stamps,
                      (int64_t)amount);
}

int store_journal_undo(struct store *s, int64_t gid, int64_t seq, struct sb_error *err)
{
    static const char *const payouts = "DELETE FROM journal_payouts WHERE game_id = ? AND seq = ?";
    static const char *const draws = "DELETE FROM journal_draws WHERE game_id = ? AND seq = ?";
    static const char *const stamps = "DELETE FROM journal_stamps WHERE game_id = ? AND seq = ?";
    int rc = store_exec(s, payouts, NULL, err, "ii", gid, seq);
    if (rc == 0)
        rc = store_exec(s, draws, NULL, err, "ii", gid, seq);
    if (rc == 0)
        rc = store_exec(s, stamps, NULL, err, "ii", gid, seq);
    return rc;
}

int store_journal_stamp_used_later(struct store *s, int64_t gid, int64_t seq, bool *used,
                                   struct sb_error *err)
{
    static const char *const sql =
        "SELECT count(*) FROM journal_stamps st JOIN journal_draws d"
        " ON d.campaign_id = st.campaign_id AND d.card = st.card AND d.game_id > st.game_id"
        " WHERE st.game_id = ? AND st.seq = ?";
    int64_t n = 0;
    int rc = store_int(s, sql, &n, err, "ii", gid, seq);
    if (rc == 0)
        *used = n > 0;
    return rc;
}

int store_journal_stamps_json(struct store *s, int64_t cid, int64_t before_game, char **out,
                              struct sb_error *err)
{
    static const char *const sql =
        "SELECT coalesce(json_group_array(json_object('card', st.card, 'slot', st.slot,"
        " 'token', st.token, 'player', json_object('id', p.id, 'name', p.name),"
        " 'game', st.game_id, 'seq', st.seq, 'at', st.at, 'memories', (SELECT"
        " coalesce(json_group_array(json(o)), json('[]')) FROM (SELECT " MEMORY_OBJECT " AS o"
        " FROM memories m WHERE m.campaign_id = st.campaign_id AND m.card = st.card"
        " AND m.slot = st.slot ORDER BY m.at DESC, m.id DESC)))), '[]')"
        " FROM (SELECT * FROM journal_stamps WHERE campaign_id = ? AND (? = 0 OR game_id < ?)"
        " ORDER BY card, slot) st JOIN players p ON p.id = st.player_id";
    return store_text(s, sql, out, err, "iii", cid, before_game, before_game);
}

int store_journal_totals_json(struct store *s, int64_t cid, char **out, struct sb_error *err)
{
    static const char *const sql =
        "SELECT coalesce(json_group_array(json_object('card', card, 'draws', draws,"
        " 'paid_out', paid)), '[]') FROM (SELECT d.card, count(*) AS draws,"
        " coalesce(sum((SELECT sum(amount) FROM journal_payouts pp"
        "   WHERE pp.game_id = d.game_id AND pp.seq = d.seq)), 0) AS paid"
        " FROM journal_draws d WHERE d.campaign_id = ? GROUP BY d.card)";
    return store_text(s, sql, out, err, "i", cid);
}

int store_journal_history_json(struct store *s, int64_t cid, const char *card, char **out,
                               struct sb_error *err)
{
    static const char *const sql =
        "SELECT coalesce(json_group_array(json(o)), '[]') FROM (SELECT json_object("
        " 'game', d.game_id, 'seq', d.seq, 'at', d.at, 'drawer', json_object('id', d.drawer,"
        " 'name', (SELECT name FROM players WHERE id = d.drawer)),"
        " 'stamped_slot', d.stamped_slot, 'payouts', (SELECT coalesce(json_group_array("
        "   json_object('player', json_object('id', pp.player_id, 'name', pl.name),"
        "   'token', pp.token, 'amount', pp.amount, 'stamps', pp.stamps)), json('[]'))"
        "   FROM journal_payouts pp JOIN players pl ON pl.id = pp.player_id"
        "   WHERE pp.game_id = d.game_id AND pp.seq = d.seq)) AS o"
        " FROM journal_draws d WHERE d.campaign_id = ? AND d.card = ?"
        " ORDER BY d.game_id, d.seq)";
    return store_text(s, sql, out, err, "it", cid, card);
}

int store_journal_card_stamps(struct store *s, int64_t cid, const char *card, int *n,
                              struct sb_error *err)
{
    static const char *const sql =
        "SELECT count(*) FROM journal_stamps WHERE campaign_id = ? AND card = ?";
    int64_t v = 0;
    int rc = store_int(s, sql, &v, err, "it", cid, card);
    if (rc == 0)
        *n = (int)v;
    return rc;
}

/* ---- stats and export ---- */

int store_stats_json(struct store *s, int64_t cid, char **out, struct sb_error *err)
{
    static const char *const sql =
        "WITH seats AS (SELECT g.id AS game, g.winner, st.value ->> 'player' AS player,"
        "   st.value ->> 'token' AS token FROM games g, json_each(g.seats) st"
        "   WHERE g.campaign_id = ?1),"
        " fx AS (SELECT e.game_id AS game, f.value AS v FROM events e"
        "   JOIN games g ON g.id = e.game_id AND g.campaign_id = ?1, json_each(e.effects) f"
        "   WHERE NOT e.voided),"
        " stamps AS (SELECT fx.game, fx.v ->> 'player' AS player,"
        "   fx.v ->> 'destination' AS dest FROM fx WHERE fx.v ->> 'kind' = 'board_stamp'),"
        " pays AS (SELECT p.game_id AS game, p.player_id AS player, p.token, p.amount"
        "   FROM journal_payouts p JOIN games g ON g.id = p.game_id AND g.campaign_id = ?1),"
        " js AS (SELECT * FROM journal_stamps WHERE campaign_id = ?1)"
        " SELECT json_object("
        " 'players', (SELECT coalesce(json_group_array(json_object('id', p.id, 'name', p.name,"
        "   'games', (SELECT count(*) FROM seats WHERE player = p.id),"
        "   'wins', (SELECT count(*) FROM seats WHERE player = p.id AND winner = p.id),"
        "   'board_stamps', (SELECT count(*) FROM stamps WHERE player = p.id),"
        "   'journal_stamps', (SELECT count(*) FROM js WHERE player_id = p.id),"
        "   'payouts_received', (SELECT coalesce(sum(amount), 0) FROM pays"
        "     WHERE player = p.id))), json('[]'))"
        "   FROM (SELECT * FROM players WHERE campaign_id = ?1 ORDER BY id) p),"
        " 'tokens', (SELECT coalesce(json_group_array(json_object('token', t.token,"
        "   'games', (SELECT count(*) FROM seats WHERE token = t.token),"
        "   'wins', (SELECT count(*) FROM seats WHERE token = t.token AND winner = player),"
        "   'board_stamps', (SELECT count(*) FROM stamps sp JOIN seats se ON se.game = sp.game"
        "     AND se.player = sp.player WHERE se.token = t.token),"
        "   'journal_stamps', (SELECT count(*) FROM js WHERE token = t.token),"
        "   'payouts_received', (SELECT coalesce(sum(amount), 0) FROM pays"
        "     WHERE token = t.token))), json('[]'))"
        "   FROM (SELECT DISTINCT token FROM seats WHERE token <> '' UNION SELECT token FROM js"
        "     ORDER BY 1) t),"
        " 'cards', (SELECT coalesce(json_group_array(json_object('card', d.card,"
        "   'draws', d.draws, 'paid_out', d.paid, 'stamps', (SELECT count(*) FROM js"
        "   WHERE js.card = d.card))), json('[]')) FROM (SELECT card, count(*) AS draws,"
        "   (SELECT coalesce(sum(pp.amount), 0) FROM journal_payouts pp JOIN journal_draws dd"
        "    ON dd.game_id = pp.game_id AND dd.seq = pp.seq WHERE dd.campaign_id = ?1"
        "    AND dd.card = jd.card) AS paid"
        "   FROM journal_draws jd WHERE campaign_id = ?1 GROUP BY card ORDER BY card) d),"
        " 'destinations', (SELECT coalesce(json_group_array(json_object('destination', x.dest,"
        "   'bought', x.bought, 'fees_collected', x.fees, 'stamped', x.stamped)), json('[]'))"
        "   FROM (SELECT dest, sum(bought) AS bought, sum(fees) AS fees,"
        "     sum(stamped) AS stamped FROM ("
        "     SELECT v ->> 'destination' AS dest, 1 AS bought, 0 AS fees, 0 AS stamped FROM fx"
        "       WHERE v ->> 'kind' = 'owner' AND v ->> 'from' = 'bank'"
        "     UNION ALL SELECT v ->> 'destination', 0, v ->> 'amount', 0 FROM fx"
        "       WHERE v ->> 'kind' = 'pay' AND v ->> 'reason' = 'fee'"
        "       AND v ->> 'destination' IS NOT NULL"
        "     UNION ALL SELECT dest, 0, 0, 1 FROM stamps)"
        "     GROUP BY dest ORDER BY dest) x))";
    return store_text(s, sql, out, err, "i", cid);
}

int store_export_games_json(struct store *s, int64_t cid, char **out, struct sb_error *err)
{
    /* Every distinct board once (the games' in the order they began, then the
     * campaign's own copy when it is none of theirs); games and the campaign name
     * theirs by index. */
    static const char *const sql =
        "WITH all_b AS (SELECT bd.board, g.id AS k FROM game_boards gb JOIN games g"
        "   ON g.id = gb.game_id JOIN boards bd ON bd.id = gb.board_id WHERE g.campaign_id = ?1"
        "   UNION ALL SELECT board, 9e18 FROM campaigns WHERE id = ?1),"
        " b AS (SELECT board, row_number() OVER (ORDER BY min(k)) - 1 AS idx FROM all_b"
        "   GROUP BY board)"
        " SELECT json_object("
        " 'board', (SELECT idx FROM b WHERE board = (SELECT board FROM campaigns WHERE id = ?1)),"
        " 'boards', (SELECT coalesce(json_group_array(json(board)), json('[]'))"
        "   FROM (SELECT board FROM b ORDER BY idx)),"
        " 'games', (SELECT coalesce(json_group_array(json(o)), json('[]')) FROM (SELECT"
        " json_object('id', g.id, 'mode', g.mode, 'status', g.status, 'started_at', g.started_at,"
        " 'ended_at', g.ended_at, 'played_at', g.played_at, 'duration_min', g.duration_min,"
        " 'location', g.location, 'winner', g.winner, 'house_rules', json(g.house_rules),"
        " 'seats', json(g.seats), 'board', (SELECT b.idx FROM b JOIN boards bd"
        "   ON bd.board = b.board JOIN game_boards gb ON gb.board_id = bd.id"
        "   WHERE gb.game_id = g.id),"
        " 'events', (SELECT coalesce(json_group_array(json_object('seq', e.seq, 'type', e.type,"
        "   'at', e.at, 'voided', json(CASE WHEN e.voided THEN 'true' ELSE 'false' END),"
        "   'payload', json(e.payload))), json('[]'))"
        "   FROM (SELECT * FROM events WHERE game_id = g.id ORDER BY seq) e)) AS o"
        " FROM games g WHERE g.campaign_id = ?1 ORDER BY g.id)))";
    return store_text(s, sql, out, err, "i", cid);
}

int store_import_times(struct store *s, const struct store_import_times *t, struct sb_error *err)
{
    static const char *const campaign =
        "UPDATE campaigns SET created_at = coalesce(?, created_at) WHERE id = ?";
    static const char *const player =
        "UPDATE players SET created_at = coalesce(?, created_at) WHERE id = ?";
    static const char *const game =
        "UPDATE games SET started_at = coalesce(?, started_at), ended_at = ? WHERE id = ?";
    if (t->campaign)
        return store_exec(s, campaign, NULL, err, "ti", t->at, t->campaign);
    if (t->player)
        return store_exec(s, player, NULL, err, "ti", t->at, t->player);
    return store_exec(s, game, NULL, err, "tti", t->at, t->ended_at, t->game);
}

int store_export_players_json(struct store *s, int64_t cid, char **out, struct sb_error *err)
{
    static const char *const sql =
        "SELECT coalesce(json_group_array(json_object('id', id, 'name', name, 'created_at',"
        " created_at)), '[]') FROM (SELECT * FROM players WHERE campaign_id = ? ORDER BY id)";
    return store_text(s, sql, out, err, "i", cid);
}

int store_event_insert_voided(struct store *s, int64_t gid, int64_t seq, const char *type,
                              const char *payload, const char *at, struct sb_error *err)
{
    static const char *const sql =
        "INSERT INTO events(game_id, seq, type, payload, effects, at, voided)"
        " VALUES (?, ?, ?, ?, '[]', coalesce(?, now_utc()), 1)";
    return store_exec(s, sql, NULL, err, "iittt", gid, seq, type, payload, at);
}

int store_plays_json(struct store *s, int64_t cid, char **out, struct sb_error *err)
{
    static const char *const sql =
        "SELECT coalesce(json_group_array(json(o)), '[]') FROM (SELECT json_object("
        " 'game', g.id, 'date', substr(coalesce(g.played_at, g.started_at), 1, 10),"
        " 'mode', g.mode, 'status', g.status, 'winner', (SELECT name FROM players"
        "   WHERE id = g.winner), 'winner_id', g.winner, 'started_at', g.started_at,"
        " 'ended_at', g.ended_at, 'played_at', g.played_at, 'result', g.state -> '$.result',"
        " 'duration_min', g.duration_min, 'location', g.location,"
        " 'house_rules', json(g.house_rules),"
        " 'seats', (SELECT json_group_array(json_object('player', p.id, 'name', p.name,"
        "   'token', st.value ->> 'token', 'stamps', (SELECT count(*) FROM events e,"
        "   json_each(e.effects) f WHERE e.game_id = g.id AND NOT e.voided"
        "   AND f.value ->> 'kind' = 'board_stamp' AND f.value ->> 'player' = p.id)))"
        "   FROM json_each(g.seats) st JOIN players p ON p.id = st.value ->> 'player'),"
        " 'journal', (SELECT coalesce(json_group_array(json_object('card', js.card, 'slot',"
        "   js.slot, 'token', js.token, 'name', p.name)), json('[]')) FROM journal_stamps js"
        "   JOIN players p ON p.id = js.player_id WHERE js.game_id = g.id)) AS o"
        " FROM games g WHERE g.campaign_id = ? ORDER BY g.id)";
    return store_text(s, sql, out, err, "i", cid);
}

/* ---- building aside ---- */

#define STORE_ASIDE_TURN_MS 50    /* the longest the copy of an import holds the writer */
#define STORE_ASIDE_YIELD_US 2000 /* and how long it lets others have it in between */

/* The placeholders of a reservation: the campaign row is the import's own, never
 * opened until the copy ends (no key hashes to it, an edition no campaign has); the
 * player and game rows hold the largest ids reserved, so that nobody takes those
 * below them. */
static const char store_sql_reserve_campaign[] =
    "INSERT INTO campaigns(id, name, edition, stamp_owner, key_hash, view_key_hash, board,"
    " created_at) VALUES (?, '', '', 'token', zeroblob(32), zeroblob(32), '{}', '')";
static const char store_sql_reserve_player[] =
    "INSERT INTO players(id, campaign_id, name, created_at) VALUES (?, ?, '', '')";
static const char store_sql_reserve_game[] =
    "INSERT INTO games(id, campaign_id, mode, status, seats, state, started_at)"
    " VALUES (?, ?, 'banker', 'finished', '[]', '{}', '')";

/* The largest campaign, player and game ids of s (0 when none). */
static int store_max_ids(struct store *s, int64_t ids[3], struct sb_error *err)
{
    static const char *const sql[3] = {"SELECT coalesce(max(id), 0) FROM campaigns",
                                       "SELECT coalesce(max(id), 0) FROM players",
                                       "SELECT coalesce(max(id), 0) FROM games"};
    int rc = 0;
    for (int i = 0; rc == 0 && i < 3; i++)
        rc = store_int(s, sql[i], &ids[i], err, "");
    return rc;
}

int store_aside_reserve(struct store *s, int64_t nplayers, int64_t ngames,
                        struct store_aside_ids *ids, struct sb_error *err)
{
    int rc = store_begin_write(s, err);
    if (rc != 0)
        return rc;
    rc = store_max_ids(s, ids->base, err);
    ids->top[0] = ids->base[0] + 1;
    ids->top[1] = ids->base[1] + nplayers;
    ids->top[2] = ids->base[2] + ngames;
    if (rc == 0)
        rc = store_exec(s, store_sql_reserve_campaign, NULL, err, "i", ids->top[0]);
    if (rc == 0 && nplayers > 0)
        rc = store_exec(s, store_sql_reserve_player, NULL, err, "ii", ids->top[1], ids->top[0]);
    if (rc == 0 && ngames > 0)
        rc = store_exec(s, store_sql_reserve_game, NULL, err, "ii", ids->top[2], ids->top[0]);
    if (rc != 0) {
        store_rollback(s);
        return rc;
    }
    return store_commit(s, err);
}

int store_aside_new(const struct store_aside_ids *ids, const char *migrations_dir,
                    struct store **out, struct sb_error *err)
{
    static const char *const placeholders[3] = {store_sql_reserve_campaign,
                                                store_sql_reserve_player, store_sql_reserve_game};
    const int64_t *base = ids->base;
    struct store *a = NULL;
    /* A private temporary file (""): what the build holds in memory is SQLite's page
     * cache, not the whole expanded import. Nothing of it needs to survive a crash. */
    int rc = store_open("", &a, err);
    if (rc == 0)
        rc = store_exec(a, "PRAGMA journal_mode=OFF", NULL, err, "");
    if (rc == 0)
        rc = store_exec(a, "PRAGMA synchronous=OFF", NULL, err, "");
    /* Its boards are renumbered as those of the database before the copy. */
    if (rc == 0)
        rc = store_exec(a, "PRAGMA foreign_keys=OFF", NULL, err, "");
    if (rc == 0)
        rc = store_migrate(a, migrations_dir, err);
    /* Placeholders hold the ids up to those of the database, so that what is built
     * here takes the very ids reserved for it there; they are left out of the copy. */
    for (int i = 0; rc == 0 && base[0] > 0 && i < 3; i++)
        if (i == 0 || base[i] > 0)
            rc = store_exec(a, placeholders[i], NULL, err, i == 0 ? "i" : "ii", base[i], base[0]);
    if (rc != 0) {
        store_close(a);
        return rc;
    }
    a->aside = *ids;
    *out = a;
    return 0;
}

/* The writer s gives its lock to the writers waiting for a moment and takes it back
 * (as store_pool_put() and store_pool_get_writer() would). On failure it still holds
 * it, for its caller to give back. */
static int store_writer_yield(struct store *s, struct sb_error *err)
{
    struct store_pool *p = s->pool;
    struct timespec pause = {0, STORE_ASIDE_YIELD_US * 1000L};
    int rc;
    pthread_mutex_unlock(&p->write_lock);
    nanosleep(&pause, NULL);
    atomic_fetch_add(&p->writers_waiting, 1);
    pthread_mutex_lock(&p->write_lock);
    atomic_fetch_sub(&p->writers_waiting, 1);
    rc = store_pool_check(p, false, err);
    if (rc != 0 && p->group)
        store_group_end(s, false);
    return rc;
}

/* The copy's turn is over: commit what it wrote, let the writers waiting have the
 * writer for a moment, and begin again. */
static int store_aside_turn(struct store *s, struct timespec *start, struct sb_error *err)
{
    int rc = store_commit(s, err);
    if (rc == 0 && s->writer)
        rc = store_writer_yield(s, err);
    if (rc == 0)
        rc = store_begin_write(s, err);
    clock_gettime(CLOCK_MONOTONIC, start);
    return rc;
}

static bool store_aside_turn_over(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - start->tv_sec) * 1000 + (now.tv_nsec - start->tv_nsec) / 1000000 >=
           STORE_ASIDE_TURN_MS;
}

/* The statement that writes a row of table selected by sel into s: an INSERT of every
 * column, or with update, an UPDATE of every column of the row whose id is the first. */
static int store_copy_prepare(struct store *s, sqlite3_stmt *sel, const char *table, bool update,
                              sqlite3_stmt **ins, struct sb_error *err)
{
    char sql[2048];
    int n = sqlite3_column_count(sel);
    size_t len = (size_t)snprintf(sql, sizeof(sql),
                                  update ? "UPDATE %s SET " : "INSERT INTO %s VALUES (", table);
    for (int i = update ? 1 : 0; i < n && len < sizeof(sql); i++) {
        if (update)
            len += (size_t)snprintf(sql + len, sizeof(sql) - len, "%s\"%s\" = ?%d",
                                    i > 1 ? ", " : "", sqlite3_column_name(sel, i), i + 1);
        else
            len += (size_t)snprintf(sql + len, sizeof(sql) - len, "%s?", i > 0 ? ", " : "");
    }
    if (len < sizeof(sql))
        len += (size_t)snprintf(sql + len, sizeof(sql) - len, update ? " WHERE id = ?1" : ")");
    if (len >= sizeof(sql))
        return sb_fail(err, SB_EIO, NULL, "copy: table %s has too many columns", table);
    if (sqlite3_prepare_v2(s->db, sql, -1, ins, NULL) != SQLITE_OK)
        return store_fail(s, err, "copy");
    return 0;
}

/* Copy the rows that sql selects from aside into table of s, column for column, in
 * turns of the writer (update: the rows are there already, as placeholders). */
static int store_copy_rows(struct store *s, struct store *aside, const char *table, const char *sql,
                           bool update, struct timespec *start, struct sb_error *err)
{
    sqlite3_stmt *sel = NULL, *ins = NULL;
    int rc = 0, step = SQLITE_DONE, n, rows = 0;
    if (sqlite3_prepare_v2(aside->db, sql, -1, &sel, NULL) != SQLITE_OK)
        return store_fail(aside, err, "copy");
    n = sqlite3_column_count(sel);
    if (sqlite3_bind_int64(sel, 1, aside->aside.base[0]) != SQLITE_OK ||
        sqlite3_bind_int64(sel, 2, aside->aside.base[1]) != SQLITE_OK ||
        sqlite3_bind_int64(sel, 3, aside->aside.base[2]) != SQLITE_OK)
        rc = store_fail(aside, err, "copy");
    if (rc == 0)
        rc = store_copy_prepare(s, sel, table, update, &ins, err);
    while (rc == 0 && (step = sqlite3_step(sel)) == SQLITE_ROW) {
        for (int i = 0; rc == 0 && i < n; i++)
            if (sqlite3_bind_value(ins, i + 1, sqlite3_column_value(sel, i)) != SQLITE_OK)
                rc = store_fail(s, err, "copy");
        if (rc == 0 && sqlite3_step(ins) != SQLITE_DONE)
            rc = store_fail(s, err, "copy");
        sqlite3_reset(ins);
        /* Rows go in the order of the foreign keys, so any prefix of them may commit:
         * none is seen before the campaign opens, last. */
        if (rc == 0 && ++rows % 64 == 0 && store_aside_turn_over(start))
            rc = store_aside_turn(s, start, err);
    }
    if (rc == 0 && step != SQLITE_DONE)
        rc = store_fail(aside, err, "copy");
    sqlite3_finalize(ins);
    sqlite3_finalize(sel);
    return rc;
}

/* SB_ECONFLICT unless aside holds one campaign, and players and games, within the
 * ids reserved for it. */
static int store_aside_check(struct store *aside, struct sb_error *err)
{
    int64_t got[3] = {0, 0, 0};
    int rc = store_max_ids(aside, got, err);
    for (int i = 0; rc == 0 && i < 3; i++)
        if (got[i] > aside->aside.top[i] || (i == 0 && got[i] != aside->aside.top[0]))
            rc = sb_fail(err, SB_ECONFLICT, NULL, "the import took more ids than it reserved");
    return rc;
}

/* Give the boards of aside the ids they have in s, adding there those it lacks: the
 * games of an import on a board s holds already share it. */
static int store_aside_boards(struct store *s, struct store *aside, struct sb_error *err)
{
    static const char *const renumber = "UPDATE game_boards SET board_id = -?1 WHERE board_id = ?2";
    sqlite3_stmt *sel = NULL;
    int rc = 0, step = SQLITE_DONE;
    if (sqlite3_prepare_v2(aside->db, "SELECT id, board FROM boards", -1, &sel, NULL) != SQLITE_OK)
        return store_fail(aside, err, "copy");
    while (rc == 0 && (step = sqlite3_step(sel)) == SQLITE_ROW) {
        int64_t id = 0;
        rc = store_board_id(s, (const char *)sqlite3_column_text(sel, 1), &id, err);
        if (rc == 0)
            rc = store_exec(aside, renumber, NULL, err, "ii", id, sqlite3_column_int64(sel, 0));
    }
    if (rc == 0 && step != SQLITE_DONE)
        rc = store_fail(aside, err, "copy");
    sqlite3_finalize(sel);
    if (rc == 0)
        rc = store_exec(aside, "UPDATE game_boards SET board_id = -board_id WHERE board_id < 0",
                        NULL, err, "");
    return rc;
}

int store_aside_copy(struct store *s, struct store *aside, struct sb_error *err)
{
    /* In the order of their foreign keys; ?1 ?2 ?3 are the bases of campaign, player
     * and game ids (what is at or below them is a placeholder). The campaign's row
     * goes over its placeholder last. */
    static const char *const tables[][2] = {
        {"players", "SELECT * FROM players WHERE id > ?2 AND ?1 >= 0 AND ?3 >= 0"},
        {"games", "SELECT * FROM games WHERE id > ?3 AND ?1 >= 0 AND ?2 >= 0"},
        {"game_boards", "SELECT * FROM game_boards WHERE game_id > ?3 AND ?1 >= 0 AND ?2 >= 0"},
        {"events", "SELECT * FROM events WHERE game_id > ?3 AND ?1 >= 0 AND ?2 >= 0"},
        {"journal_draws", "SELECT * FROM journal_draws WHERE game_id > ?3 AND ?1 >= 0 AND ?2 >= 0"},
        {"journal_stamps",
         "SELECT * FROM journal_stamps WHERE game_id > ?3 AND ?1 >= 0 AND ?2 >= 0"},
        {"journal_payouts",
         "SELECT * FROM journal_payouts WHERE game_id > ?3 AND ?1 >= 0 AND ?2 >= 0"},
        /* Memories take new ids there (NULL): the aside's own would collide. */
        {"memories", "SELECT NULL, campaign_id, game_id, card, slot, destination, seq, text, at,"
                     " photo_type, photo_size, photo_rev, photo FROM memories"
                     " WHERE campaign_id > ?1 AND ?2 >= 0 AND ?3 >= 0 ORDER BY id"},
        {"campaigns", "SELECT * FROM campaigns WHERE id > ?1 AND ?2 >= 0 AND ?3 >= 0"},
    };
    const struct store_aside_ids *ids = &aside->aside;
    struct timespec start;
    int rc = store_aside_check(aside, err);
    clock_gettime(CLOCK_MONOTONIC, &start);
    if (rc == 0)
        rc = store_begin_write(s, err);
    if (rc != 0)
        return rc;
    /* The placeholders of the largest ids make way for the rows that take them. */
    rc = store_exec(s, "DELETE FROM games WHERE id = ? AND campaign_id = ?", NULL, err, "ii",
                    ids->top[2], ids->top[0]);
    if (rc == 0)
        rc = store_exec(s, "DELETE FROM players WHERE id = ? AND campaign_id = ?", NULL, err, "ii",
                        ids->top[1], ids->top[0]);
    if (rc == 0)
        rc = store_aside_boards(s, aside, err);
    for (size_t i = 0; rc == 0 && i < sizeof(tables) / sizeof(tables[0]); i++)
        rc = store_copy_rows(s, aside, tables[i][0], tables[i][1],
                             strcmp(tables[i][0], "campaigns") == 0, &start, err);
    if (rc != 0) {
        store_rollback(s);
        return rc;
    }
    return store_commit(s, err);
}

int store_aside_drop(struct store *s, struct sb_error *err)
{
    /* Every row of a campaign still a placeholder (edition ''), children first. */
    static const char *const sql[] = {
        "DELETE FROM memories WHERE campaign_id IN (SELECT id FROM campaigns WHERE edition = '')",
        "DELETE FROM journal_payouts WHERE game_id IN (SELECT g.id FROM games g JOIN campaigns c"
        " ON c.id = g.campaign_id WHERE c.edition = '')",
        "DELETE FROM journal_stamps WHERE campaign_id IN (SELECT id FROM campaigns WHERE edition = "
        "'')",
        "DELETE FROM journal_draws WHERE campaign_id IN (SELECT id FROM campaigns WHERE edition = "
        "'')",
        "DELETE FROM events WHERE game_id IN (SELECT g.id FROM games g JOIN campaigns c"
        " ON c.id = g.campaign_id WHERE c.edition = '')",
        "DELETE FROM game_boards WHERE game_id IN (SELECT g.id FROM games g JOIN campaigns c"
        " ON c.id = g.campaign_id WHERE c.edition = '')",
        "DELETE FROM games WHERE campaign_id IN (SELECT id FROM campaigns WHERE edition = '')",
        "DELETE FROM players WHERE campaign_id IN (SELECT id FROM campaigns WHERE edition = '')",
        "DELETE FROM campaigns WHERE edition = ''",
        /* and the boards copied for it that no game plays on */
        "DELETE FROM boards WHERE NOT EXISTS (SELECT 1 FROM game_boards gb"
        " WHERE gb.board_id = boards.id)",
    };
    int rc = store_begin_write(s, err);
    if (rc != 0)
        return rc;
    for (size_t i = 0; rc == 0 && i < sizeof(sql) / sizeof(sql[0]); i++)
        rc = store_exec(s, sql[i], NULL, err, "");
    if (rc != 0) {
        store_rollback(s);
        return rc;
    }
    return store_commit(s, err);
}
