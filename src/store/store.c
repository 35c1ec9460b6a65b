/* store.c -- the SQLite store: its statements and errors, connections and migrations.
 * The other store_*.c files hold its jobs; store_internal.h what they share. */
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

/* ---- errors and statements ---- */

/* Is the SQLite code rc a failure to keep what was written (no space, an I/O error, a
 * database that cannot be written)? */
static bool store_is_fault(int rc)
{
    int primary = rc & 0xff;
    return primary == SQLITE_FULL || primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN ||
           primary == SQLITE_READONLY;
}

int store_refine(struct store *s, int rc)
{
    int primary = rc & 0xff, e, fs;
    if (primary != SQLITE_IOERR && primary != SQLITE_CANTOPEN && primary != SQLITE_FULL &&
        primary != SQLITE_READONLY)
        return rc;
    if (primary == SQLITE_FULL || primary == SQLITE_READONLY)
        return primary;
    e = s && s->db ? sqlite3_system_errno(s->db) : 0;
    if (e == ENOSPC || e == EDQUOT)
        return SQLITE_FULL;
    if (e == EROFS)
        return SQLITE_READONLY;
    fs = store_fs_fault(s && s->pool ? s->pool->path : s ? s->path : NULL);
    return fs == ENOSPC ? SQLITE_FULL : fs == EROFS ? SQLITE_READONLY : rc;
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
    int rc = store_refine(s, sqlite3_extended_errcode(s->db));
    int primary = rc & 0xff;
    store_note_write(s, rc, false);
    if (primary == SQLITE_FULL || primary == SQLITE_READONLY)
        return store_fault_error(rc, err);
    if (primary == SQLITE_BUSY || primary == SQLITE_LOCKED)
        return sb_fail(err, SB_EBUSY, NULL, "the database is busy, try again");
    if (primary == SQLITE_CONSTRAINT)
        return sb_fail(err, SB_ECONFLICT, NULL, "%s: %s", what, sqlite3_errmsg(s->db));
    if (primary == SQLITE_NOMEM)
        return sb_oom(err);
    return sb_fail(err, SB_EIO, NULL, "%s: %s", what, sqlite3_errmsg(s->db));
}

/* The prepared statement for sql (a static string: cached by its address), reset and
 * with bindings cleared; NULL with err set on failure. */
sqlite3_stmt *store_stmt(struct store *s, const char *sql, struct sb_error *err)
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

/* Bind values by a format: 'i' int64, 't' text and 'B' a blob and its size_t length,
 * both bound without a copy (they outlive the statement's steps: the caller's), 'b' a
 * 32-byte blob (NULL binds NULL). */
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
            rc = t ? sqlite3_bind_text(stmt, col, t, -1, SQLITE_STATIC)
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

/* In a variadic function whose last named parameter is fmt: rc = vfn(the arguments
 * after fmt here, fmt, a va_list of the values after fmt), the order of the store's
 * v-functions (C cannot hand its "..." on otherwise). */
#define STORE_VCALL(rc, vfn, fmt, ...)                                                             \
    do {                                                                                           \
        va_list store_ap_;                                                                         \
        va_start(store_ap_, fmt);                                                                  \
        (rc) = vfn(__VA_ARGS__, fmt, store_ap_);                                                   \
        va_end(store_ap_);                                                                         \
    } while (0)

/* store_stepv() with the values as arguments. */
int store_stepv_args(struct store *s, const char *sql, struct sb_error *err, sqlite3_stmt **stmt,
                     int *step, const char *fmt, ...)
{
    int rc;
    STORE_VCALL(rc, store_stepv, fmt, s, sql, err, stmt, step);
    return rc;
}

/* store_stepv(), then fn(ctx, stmt, err) on the first row (SB_ENOTFOUND for none); fn
 * NULL: a statement whose rows are not read. The statement is given back. */
static int store_rowv(struct store *s, const char *sql, store_row_fn fn, void *ctx,
                      struct sb_error *err, const char *fmt, va_list ap)
{
    sqlite3_stmt *stmt;
    int step = SQLITE_DONE;
    int rc = store_stepv(s, sql, err, &stmt, &step, fmt, ap);
    if (rc != 0)
        return rc;
    if (fn)
        rc =
            step == SQLITE_ROW ? fn(ctx, stmt, err) : sb_fail(err, SB_ENOTFOUND, NULL, "not found");
    store_done(s, stmt);
    return rc;
}

/* The first column as a copy of its text into *(char **)ctx; NULL: SB_ENOTFOUND. */
static int store_read_text(void *ctx, sqlite3_stmt *stmt, struct sb_error *err)
{
    const char *t = (const char *)sqlite3_column_text(stmt, 0);
    char *copy;
    if (sqlite3_column_type(stmt, 0) == SQLITE_NULL)
        return sb_fail(err, SB_ENOTFOUND, NULL, "not found");
    if (!(copy = t ? strdup(t) : NULL))
        return sb_oom(err);
    *(char **)ctx = copy;
    return 0;
}

/* The first column as an integer into *(int64_t *)ctx. This function can't fail. */
static int store_read_int(void *ctx, sqlite3_stmt *stmt, struct sb_error *err)
{
    (void)err;
    *(int64_t *)ctx = sqlite3_column_int64(stmt, 0);
    return 0;
}

int store_row(struct store *s, const char *sql, store_row_fn fn, void *ctx, struct sb_error *err,
              const char *fmt, ...)
{
    int rc;
    STORE_VCALL(rc, store_rowv, fmt, s, sql, fn, ctx, err);
    return rc;
}

/* Run a statement that returns no rows. *changes (if given) gets the rows changed. */
int store_exec(struct store *s, const char *sql, int *changes, struct sb_error *err,
               const char *fmt, ...)
{
    int rc;
    STORE_VCALL(rc, store_rowv, fmt, s, sql, NULL, NULL, err);
    if (rc == 0 && changes)
        *changes = sqlite3_changes(s->db);
    return rc;
}

/* Run a query whose first row's first column is text (JSON, usually); *out gets a copy
 * the caller frees. No row or a NULL value: SB_ENOTFOUND. */
int store_text(struct store *s, const char *sql, char **out, struct sb_error *err, const char *fmt,
               ...)
{
    int rc;
    STORE_VCALL(rc, store_rowv, fmt, s, sql, store_read_text, out, err);
    return rc;
}

/* Run a query whose first row's first column is an integer. No row: SB_ENOTFOUND. */
int store_int(struct store *s, const char *sql, int64_t *out, struct sb_error *err, const char *fmt,
              ...)
{
    int rc;
    STORE_VCALL(rc, store_rowv, fmt, s, sql, store_read_int, out, err);
    return rc;
}

/* ---- connections ---- */

void store_now(char out[STORE_TIME_MAX])
{
    /* The seconds' text, made once a second by each thread: an append asks the time
     * once, and gmtime and strftime were about a hundredth of its CPU. */
    static _Thread_local time_t second = -1;
    static _Thread_local char base[24]; /* "2026-11-29T19:40:01": 19 characters */
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    if (ts.tv_sec != second) {
        struct tm tm;
        gmtime_r(&ts.tv_sec, &tm);
        second = strftime(base, sizeof(base), "%Y-%m-%dT%H:%M:%S", &tm) == 19 ? ts.tv_sec : -1;
    }
    int ms = (int)(ts.tv_nsec / 1000000) % 1000;
    if (second < 0) { /* a year of more than four digits: as long as it takes */
        snprintf(out, STORE_TIME_MAX, "%.23s.%03dZ", base, ms);
        return;
    }
    memcpy(out, base, 19);
    out[19] = '.';
    out[20] = (char)('0' + ms / 100);
    out[21] = (char)('0' + ms / 10 % 10);
    out[22] = (char)('0' + ms % 10);
    out[23] = 'Z';
    out[24] = '\0';
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

/* SQLite's settings for the process, before its first connection: no memory
 * statistics, which nothing reads and which take a global mutex at every allocation. */
static void store_configure(void)
{
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/* Open path; create: make the file when it is missing. A WAL that a large write (an
 * import) grew is cut back to 4 MiB once checkpointed. */
int store_open_flags(const char *path, bool create, struct store **out, struct sb_error *err)
{
    static pthread_once_t configured = PTHREAD_ONCE_INIT;
    static const char *const pragmas =
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;"
        "PRAGMA temp_store=MEMORY; PRAGMA journal_size_limit=4194304;";
    struct store *s = calloc(1, sizeof(*s));
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI |
                (create ? SQLITE_OPEN_CREATE : 0);
    pthread_once(&configured, store_configure);
    if (!s)
        return sb_oom(err);
    if (!(s->path = strdup(path))) {
        free(s);
        return sb_oom(err);
    }
    if (sqlite3_open_v2(path, &s->db, flags, NULL) != SQLITE_OK) {
        int rc = s->db ? store_fail(s, err, "open") : sb_oom(err);
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
    free(s->path);
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
int store_commit_failed(int rc, struct sb_error *err)
{
    if (rc == STORE_GROUP_ABORTED)
        return sb_fail(err, SB_EBUSY, NULL,
                       "the database file is gone or was replaced: nothing of this write was kept");
    if (rc == SQLITE_FULL || rc == SQLITE_READONLY)
        return store_fault_error(rc, err);
    return sb_fail(err, SB_EIO, NULL, "commit: %s", sqlite3_errstr(rc));
}

int store_fault_error(int rc, struct sb_error *err)
{
    if (rc == SQLITE_FULL)
        return sb_fail(err, SB_EFULL, NULL,
                       "the disk holding the database is full: nothing of this write was kept");
    return sb_fail(err, SB_EBUSY, NULL,
                   "the database cannot be written (a read-only file or file system): nothing "
                   "of this write was kept");
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
    rc = rc == SQLITE_DONE ? SQLITE_OK : store_refine(s, rc);
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
int store_group_commit(struct store *s)
{
    return store_group_end(s, true);
}

int store_group_end(struct store *s, bool commit)
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

/* store_begin_write() for a turn (store_pool_write_turn()): the turns' transaction,
 * begun by the first, then a savepoint of this turn's own. */
static int store_begin_turn(struct store *s, struct sb_error *err)
{
    struct store_pool *p = s->pool;
    if (sqlite3_get_autocommit(s->db)) {
        if (store_control(s, store_sql_begin_immediate) != SQLITE_OK)
            return store_fail(s, err, "begin");
        if (!p->txn_carry)
            p->write_txns++;
        p->txn_carry = false;
    }
    if (store_control(s, store_sql_savepoint) != SQLITE_OK)
        return store_fail(s, err, "begin");
    s->in_savepoint = true;
    s->in_write = true;
    return 0;
}

int store_begin_write(struct store *s, struct sb_error *err)
{
    int rc;
    if (s->writer && s->turning)
        return store_begin_turn(s, err);
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
    if (rc != 0) {
        store_release(s);
    } else if (s->writer) {
        s->pool->write_txns++; /* the writer is handed out with write_lock held */
        s->pool->txn_carry = false;
    }
    s->in_write = rc == 0;
    return rc;
}

bool store_in_turn(const struct store *s)
{
    return s && s->writer && s->turning;
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
int store_end_savepoint(struct store *s)
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
    if (s->writer && s->turning) {
        /* A turn's writes are committed with the other turns' (store_pool_write_turn) */
        int rc = store_end_savepoint(s);
        return rc == SQLITE_OK ? 0 : sb_fail(err, SB_EIO, NULL, "commit: %s", sqlite3_errstr(rc));
    }
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
    if (s->writer && (s->pool->group || s->turning))
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
    int64_t fk = 0, bad = 0;
    int rc;
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    if (file_read(path, STORE_MIGRATION_MAX, &sql, NULL, NULL) != 0)
        return sb_fail(err, SB_EIO, NULL, "cannot read migration %s", name);
    /* Foreign keys are off while a migration runs (they cannot change inside a
     * transaction), so that a table others name can be rebuilt under its name, and
     * checked before it commits (SQLite's "other kinds of table schema changes"). */
    rc = store_int(s, "PRAGMA foreign_keys", &fk, err, "");
    if (rc == 0 && fk)
        rc = store_exec(s, "PRAGMA foreign_keys=OFF", NULL, err, "");
    if (rc == 0)
        rc = store_begin_write(s, err);
    else
        fk = 0;
    if (rc == 0 && sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
        rc = store_fail(s, err, name);
    if (rc == 0 && fk)
        rc = store_int(s, "SELECT count(*) FROM pragma_foreign_key_check", &bad, err, "");
    if (rc == 0 && bad > 0)
        rc = sb_fail(err, SB_EIO, NULL, "migration %s breaks %lld foreign keys", name,
                     (long long)bad);
    if (rc == 0)
        rc = store_exec(s, record, NULL, err, "it", (int64_t)v, name);
    if (rc == 0)
        rc = store_commit(s, err);
    else
        store_rollback(s);
    if (fk && sqlite3_exec(s->db, "PRAGMA foreign_keys=ON", NULL, NULL, NULL) != SQLITE_OK &&
        rc == 0)
        rc = store_fail(s, err, "foreign_keys");
    free(sql);
    return rc;
}

/* Free a list of names of store_migrations_list(). */
static void store_names_free(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

/* The names of the migrations (NNNN_name.sql) in dir, sorted: *names (free with
 * store_names_free()) and *n. */
static int store_migrations_list(const char *dir, char ***names, size_t *n, struct sb_error *err)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    size_t cap = 0;
    int rc = 0;
    *names = NULL;
    *n = 0;
    if (!d)
        return sb_fail(err, SB_EIO, NULL, "cannot open the migrations folder %s", dir);
    while (rc == 0 && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 9 || strcmp(e->d_name + len - 4, ".sql") != 0 || e->d_name[0] < '0' ||
            e->d_name[0] > '9')
            continue;
        if (*n == cap) {
            size_t ncap = cap ? cap * 2 : 16;
            char **grown = realloc(*names, ncap * sizeof(**names));
            if (!grown) {
                rc = sb_oom(err);
                break;
            }
            *names = grown;
            cap = ncap;
        }
        (*names)[*n] = strdup(e->d_name);
        if (!(*names)[*n])
            rc = sb_oom(err);
        else
            (*n)++;
    }
    closedir(d);
    if (rc != 0) {
        store_names_free(*names, *n);
        *names = NULL;
        *n = 0;
    } else if (*n > 0) {
        qsort(*names, *n, sizeof(**names), store_cmp_names);
    }
    return rc;
}

/* The number of migration name (NNNN_...: it starts with a digit): 0, or an error past
 * INT_MAX. */
static int store_migration_number(const char *name, int *v, struct sb_error *err)
{
    long n = strtol(name, NULL, 10);
    if (n > INT_MAX)
        return sb_fail(err, SB_EIO, NULL, "migration %s: the number is too large", name);
    *v = (int)n;
    return 0;
}

int store_migrate(struct store *s, const char *migrations_dir, struct sb_error *err)
{
    static const char *const create =
        "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY,"
        " name TEXT NOT NULL, applied_at TEXT NOT NULL)";
    char **names = NULL;
    size_t n = 0;
    int current = 0, rc = 0;

    if (sqlite3_exec(s->db, create, NULL, NULL, NULL) != SQLITE_OK)
        return store_fail(s, err, "schema_migrations");
    rc = store_schema_version(s, &current, err);
    if (rc == 0)
        rc = store_migrations_list(migrations_dir, &names, &n, err);
    for (size_t i = 0; rc == 0 && i < n; i++) {
        int v = 0;
        rc = store_migration_number(names[i], &v, err);
        if (rc == 0 && v > current)
            rc = store_apply_migration(s, migrations_dir, names[i], v, err);
    }
    store_names_free(names, n);
    return rc;
}

int store_migrations_latest(const char *migrations_dir, int *latest, struct sb_error *err)
{
    char **names = NULL;
    size_t n = 0;
    int rc = store_migrations_list(migrations_dir, &names, &n, err);
    *latest = 0;
    if (rc == 0 && n > 0)
        rc = store_migration_number(names[n - 1], latest, err);
    store_names_free(names, n);
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
