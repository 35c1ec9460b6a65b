/* store_pool.c -- the pool of connections: its one writer, group commit, the
 * generation of COMMITs, the health of the database file and its probe. */
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
#include <sys/statvfs.h>
#include <unistd.h>

#include <sqlite3.h>

#include "file.h"
#include "locked.h"
#include "store_internal.h"
#include "text.h"

/* ---- the pool ---- */

#define STORE_FULL_BYTES ((uint64_t)64 * 1024) /* free space under which a file system is full */
#define STORE_DRAIN_MS 2000                    /* how long a writer waits for immutable readers */

int store_fs_fault(const char *path)
{
    struct statvfs vfs;
    if (!path || strncmp(path, "file:", 5) == 0 || strcmp(path, ":memory:") == 0 ||
        statvfs(path, &vfs) != 0)
        return 0;
    if ((vfs.f_flag & ST_RDONLY) != 0)
        return EROFS;
    if (access(path, W_OK) != 0 && (errno == EACCES || errno == EPERM || errno == EROFS))
        return EROFS;
    if ((uint64_t)vfs.f_bavail * vfs.f_frsize < STORE_FULL_BYTES)
        return ENOSPC;
    return 0;
}

/* path as the file name of a URI "file:" (its '%', '?' and '#' escaped) into out. */
static bool store_uri_name(const char *path, char *out, size_t size)
{
    size_t n = 0;
    for (const char *c = path; *c; c++) {
        bool esc = *c == '%' || *c == '?' || *c == '#';
        if (n + (esc ? 3 : 1) >= size)
            return false;
        if (esc)
            n += (size_t)snprintf(out + n, size - n, "%%%02X", (unsigned char)*c);
        else
            out[n++] = *c;
    }
    out[n] = '\0';
    return true;
}

/* Does the WAL beside path hold writes not yet in the file? */
static bool store_wal_pending(const char *path)
{
    char wal[PATH_MAX];
    struct stat st;
    return (size_t)snprintf(wal, sizeof(wal), "%s-wal", path) < sizeof(wal) &&
           stat(wal, &st) == 0 && st.st_size > 0;
}

int store_open_degraded(const char *path, struct store **out, struct sb_error *err)
{
    char name[PATH_MAX], uri[PATH_MAX + 64];
    struct sb_error ignored = {0};
    int rc;
    if (!store_uri_name(path, name, sizeof(name)))
        return sb_fail(err, SB_EBUSY, NULL, "the database cannot be read: its path is too long");
    snprintf(uri, sizeof(uri), "file:%s?mode=ro", name);
    if (store_open_flags(uri, false, out, &ignored) == 0) {
        (*out)->degraded = true;
        return 0;
    }
    /* Nothing can be made beside the file (its shared memory): it is read as it is,
     * which leaves out what a WAL holds. */
    if (store_wal_pending(path))
        return sb_fail(err, SB_EBUSY, NULL,
                       "the database cannot be read without a write: its WAL holds writes not "
                       "yet in its file, and nothing can be written beside it");
    snprintf(uri, sizeof(uri), "file:%s?mode=ro&immutable=1", name);
    rc = store_open_flags(uri, false, out, err);
    if (rc != 0)
        return sb_fail(err, SB_EBUSY, NULL, "the database cannot be read: %s", err->detail);
    (*out)->degraded = true;
    (*out)->immutable = true;
    return 0;
}

int store_pool_new(const char *path, int max, struct store_pool **out, struct sb_error *err)
{
    struct store_pool *p = calloc(1, sizeof(*p));
    if (!p)
        return sb_oom(err);
    p->path = strdup(path);
    p->free = calloc((size_t)max, sizeof(*p->free)); /* NOLINT(bugprone-sizeof-expression) */
    if (!p->path || !p->free) {
        free(p->path);
        free(p->free);
        free(p);
        return sb_oom(err);
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
    p->turns_tail = &p->turns;
    {
        pthread_condattr_t attr;
        pthread_condattr_init(&attr);
        pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
        pthread_cond_init(&p->returned, &attr);
        pthread_cond_init(&p->watch_wake, &attr);
        pthread_cond_init(&p->turns_more, &attr);
        pthread_cond_init(&p->ended_more, &attr);
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
        /* A full disk or a read-only database still serves reads. */
        if ((rc == SB_EFULL || rc == SB_EBUSY) && p->file_known)
            rc = store_open_degraded(p->path, &s, err);
        if (rc == 0 && sqlite3_db_readonly(s->db, "main") == 1)
            s->degraded = true;
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
        if (s->degraded) {
            pthread_mutex_lock(&p->lock);
            p->degraded_out++;
            p->immutable_out += s->immutable;
            pthread_mutex_unlock(&p->lock);
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
    if (s->turning) {
        /* The turner commits this turn with the others (store_pool_write_turn). */
        *sp = NULL;
        return store_commit(s, err);
    }
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

/* ---- turns of the writer (store_pool_write_turn) ---- */

/* Run the flush of each turn of batch (each flush once) before their COMMIT: 0, or
 * the first failure. */
static int store_turns_flush(struct store *w, struct store_turn *batch)
{
    for (struct store_turn *t = batch; t; t = t->next) {
        bool seen = false;
        for (struct store_turn *u = batch; u != t && !seen; u = u->next)
            seen = u->flush == t->flush && u->flush_arg == t->flush_arg;
        if (t->flush && !seen && t->flush(t->flush_arg, w) != 0)
            return SB_EIO;
    }
    return 0;
}

/* What the caller of turn t learns: fn's error, else its COMMIT's. */
static int store_turn_outcome(const struct store_turn *t)
{
    if (t->rc != 0)
        return t->rc;
    return t->commit_rc == SQLITE_OK ? 0 : store_commit_failed(t->commit_rc, t->err);
}

/* The end of a turn of store_pool_write_turn_later(): free it, then tell its caller. */
static void store_turn_end_later(struct store_turn *t)
{
    void (*later)(void *, int) = t->later;
    void *arg = t->later_arg;
    int rc = store_turn_outcome(t);
    free(t);
    later(arg, rc);
}

/* Tell the callers of batch, whose COMMIT came to crc: wake those who wait, hand the
 * others to the ender thread (one wake for all). */
static void store_turns_wake(struct store_pool *p, struct store_turn *batch, int crc)
{
    struct store_turn *ended = NULL, **tail = &ended;
    bool wake;
    while (batch) {
        struct store_turn *t = batch;
        batch = t->next; /* t is gone once woken */
        t->commit_rc = crc;
        if (t->later) {
            t->next = NULL;
            *tail = t;
            tail = &t->next;
        } else {
            sem_post(&t->done);
        }
    }
    if (!ended)
        return;
    pthread_mutex_lock(&p->lock);
    wake = !p->ended;
    *tail = p->ended; /* their order among themselves does not matter */
    p->ended = ended;
    pthread_mutex_unlock(&p->lock);
    if (wake)
        pthread_cond_signal(&p->ended_more);
}

/* With the pool's lock held: wait until *list holds turns or *stop is set, and take
 * them all (NULL: stop). */
static struct store_turn *store_take(struct store_pool *p, struct store_turn **list,
                                     const bool *stop, pthread_cond_t *more)
{
    struct store_turn *taken;
    while (!*list && !*stop)
        pthread_cond_wait(more, &p->lock);
    taken = *list;
    *list = NULL;
    return taken;
}

/* The ender thread: tell the callers of the turns ended so far, again. */
static void *store_ender(void *arg)
{
    struct store_pool *p = arg;
    struct store_turn *ended;
    pthread_mutex_lock(&p->lock);
    while ((ended = store_take(p, &p->ended, &p->ender_stop, &p->ended_more)) != NULL) {
        pthread_mutex_unlock(&p->lock);
        while (ended) {
            struct store_turn *t = ended;
            ended = t->next;
            store_turn_end_later(t);
        }
        pthread_mutex_lock(&p->lock);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* Run the turns of batch on the writer, in one transaction, each in a savepoint of its
 * own; commit them together (one sync) and wake their callers with the outcome. */
static void store_turns_run(struct store_pool *p, struct store_turn *batch)
{
    struct store *w = NULL;
    struct sb_error err = {0};
    int crc = SQLITE_OK;
    if (store_pool_get_writer(p, &w, &err) != 0) {
        for (struct store_turn *t = batch; t; t = t->next) {
            *t->err = err;
            t->rc = err.code ? err.code : SB_EIO;
        }
    } else {
        w->turning = true;
        for (struct store_turn *t = batch; t; t = t->next) {
            *t->slot = w;
            t->rc = t->fn(t->arg);
            if (*t->slot)
                store_rollback(w); /* what fn left unfinished: its savepoint only */
            *t->slot = NULL;
        }
        if (store_turns_flush(w, batch) != 0) {
            store_group_end(w, false); /* nothing of the batch is kept */
            crc = SQLITE_IOERR;
        }
        w->turning = false;
        /* store_group_end() also ends a group another writer left open before. */
        if (crc == SQLITE_OK && (!sqlite3_get_autocommit(w->db) || p->group))
            crc = store_group_commit(w);
        p->txn_carry = crc == SQLITE_OK;
        pthread_mutex_unlock(&p->write_lock);
    }
    store_turns_wake(p, batch, crc);
}

/* The turner thread: take every turn queued so far, run them, again. */
static void *store_turner(void *arg)
{
    struct store_pool *p = arg;
    struct store_turn *batch;
    pthread_mutex_lock(&p->lock);
    while ((batch = store_take(p, &p->turns, &p->turner_stop, &p->turns_more)) != NULL) {
        p->turns_tail = &p->turns;
        pthread_mutex_unlock(&p->lock);
        store_turns_run(p, batch);
        pthread_mutex_lock(&p->lock);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* Queue t for the turner (started the first time): 0, or SB_EIO when it cannot start. */
static int store_turn_queue(struct store_pool *p, struct store_turn *t, struct sb_error *err)
{
    bool wake;
    pthread_mutex_lock(&p->lock);
    if (!p->turner_started && !p->turner_stop)
        p->turner_started = pthread_create(&p->turner, NULL, store_turner, p) == 0;
    if (!p->ender_started && !p->ender_stop)
        p->ender_started = pthread_create(&p->ender, NULL, store_ender, p) == 0;
    if (!p->turner_started || !p->ender_started) {
        pthread_mutex_unlock(&p->lock);
        return sb_fail(err, SB_EIO, NULL, "cannot start the writer's threads");
    }
    wake = !p->turns;
    *p->turns_tail = t;
    p->turns_tail = &t->next;
    pthread_mutex_unlock(&p->lock);
    if (wake)
        pthread_cond_signal(&p->turns_more);
    return 0;
}

int store_pool_write_turn(struct store_pool *p, struct store **slot,
                          const struct store_turn_fns *fns, void *arg, struct sb_error *err)
{
    struct store_turn t = {.fn = fns->run,
                           .arg = arg,
                           .flush = fns->flush,
                           .flush_arg = fns->flush_arg,
                           .slot = slot,
                           .err = err};
    int rc;
    sem_init(&t.done, 0, 0);
    /* t outlives its place in the list: the turner takes it off before it wakes it. */
    rc = store_turn_queue(p, &t, err);
    while (rc == 0 && sem_wait(&t.done) != 0)
        ; /* interrupted by a signal */
    sem_destroy(&t.done);
    return rc != 0 ? rc : store_turn_outcome(&t);
}

int store_pool_write_turn_later(struct store_pool *p, struct store **slot,
                                const struct store_turn_fns *fns, void *arg,
                                void (*later)(void *later_arg, int rc), void *later_arg,
                                struct sb_error *err)
{
    struct store_turn *t = calloc(1, sizeof(*t));
    int rc;
    if (!t)
        return sb_oom(err);
    *t = (struct store_turn){.fn = fns->run,
                             .arg = arg,
                             .flush = fns->flush,
                             .flush_arg = fns->flush_arg,
                             .slot = slot,
                             .err = err,
                             .later = later,
                             .later_arg = later_arg};
    if ((rc = store_turn_queue(p, t, err)) != 0)
        free(t);
    return rc;
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
    if (w == SQLITE_FULL)
        snprintf(why, size,
                 "the disk holding the database is full: the last write failed and "
                 "none has succeeded since");
    else if (w == SQLITE_READONLY)
        snprintf(why, size,
                 "the database cannot be written (a read-only file or file system): "
                 "the last write failed and none has succeeded since");
    else if (w)
        snprintf(why, size, "the last write failed (%s) and none has succeeded since",
                 sqlite3_errstr(w));
    else if (e == ENOSPC || e == EDQUOT)
        snprintf(why, size,
                 "the disk holding the database is full (a test write beside it "
                 "failed: %s)",
                 strerror(e));
    else if (e)
        snprintf(why, size, "a test write beside the database failed (%s)", strerror(e));
    return w || e;
}

int store_pool_schema(struct store_pool *p, const char *migrations_dir, struct sb_error *err)
{
    struct store *s = NULL;
    int rc;
    free(p->migrations);
    if (!(p->migrations = strdup(migrations_dir)))
        return sb_oom(err);
    rc = store_migrations_latest(migrations_dir, &p->schema_want, err);
    if (rc != 0)
        return rc;
    p->schema_have = -1; /* unknown until read */
    rc = store_pool_get(p, &s, err);
    if (rc == 0)
        rc = store_schema_version(s, &p->schema_have, err);
    store_pool_put(p, s);
    /* A database that cannot be read at all is behind too: only health answers. */
    if (rc == SB_EBUSY || rc == SB_EFULL)
        rc = 0;
    atomic_store(&p->behind, p->schema_have < p->schema_want);
    return rc;
}

int store_pool_behind(struct store_pool *p, char *why, size_t size)
{
    char fault[256];
    if (!atomic_load(&p->behind))
        return 0;
    if (!store_pool_fault(p, fault, sizeof(fault)))
        snprintf(fault, sizeof(fault), "it cannot be written yet");
    if (p->schema_have < 0)
        snprintf(why, size,
                 "the database cannot be read or migrated (%s): every request but "
                 "health is refused until it can",
                 fault);
    else
        snprintf(why, size,
                 "the database's schema is at version %d and this server needs %d, "
                 "but the migration cannot be written (%s): every request but health "
                 "is refused until it can",
                 p->schema_have, p->schema_want, fault);
    return 1;
}

/* Apply the migrations the schema is behind, once the database takes writes: with the
 * writer's turn held, on a connection of their own. This function can't fail (the
 * schema stays behind). */
static void store_pool_catch_up(struct store_pool *p)
{
    struct store *w = NULL, *s = NULL;
    struct sb_error err = {0};
    if (store_pool_get_writer(p, &w, &err) != 0)
        return;
    if (store_open_flags(p->path, false, &s, &err) == 0 &&
        store_migrate(s, p->migrations, &err) == 0 && store_aside_drop(s, &err) == 0 &&
        store_schema_version(s, &p->schema_have, &err) == 0) {
        atomic_store(&p->write_fault, 0);
        atomic_store(&p->behind, false);
    }
    store_close(s);
    store_pool_put(p, w);
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
    if (e == 0 && atomic_load(&p->behind)) {
        store_pool_catch_up(p);
        return;
    }
    if (e != 0 || atomic_load(&p->write_fault) == 0)
        return;
    /* Space is back: a write of our own that commits says the database takes writes. */
    store_now(now);
    if (store_pool_get_writer(p, &s, &err) == 0 && store_begin_write(s, &err) == 0 &&
        store_exec(s, store_sql_probe, NULL, &err, "t", now) == 0)
        store_commit_and_leave(&s, &err);
    store_pool_put(p, s);
}

/* Connections opened immutable while the database could not be written read its file
 * without locks: wait a moment (STORE_DRAIN_MS) for those handed out to come back
 * before it changes. Not for ever: a request may hold one while it waits for the
 * writer (a late writer reads first), and it reads nothing meanwhile. */
static void store_pool_drain_immutable(struct store_pool *p)
{
    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    deadline.tv_sec += STORE_DRAIN_MS / 1000;
    pthread_mutex_lock(&p->lock);
    while (p->immutable_out > 0)
        if (pthread_cond_timedwait(&p->returned, &p->lock, &deadline) != 0)
            break;
    pthread_mutex_unlock(&p->lock);
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
        if (rc == 0 && sqlite3_db_readonly(p->writer->db, "main") == 1) {
            store_close(p->writer);
            rc = store_fault_error(SQLITE_READONLY, err);
        }
        if (rc != 0) {
            /* What health reports until a write commits (store_pool_fault()). */
            int fs = store_fs_fault(p->path);
            atomic_store(&p->write_fault, fs == ENOSPC  ? SQLITE_FULL
                                          : fs == EROFS ? SQLITE_READONLY
                                                        : SQLITE_CANTOPEN);
            p->writer = NULL;
            pthread_mutex_unlock(&p->write_lock);
            return rc;
        }
        store_pool_drain_immutable(p);
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
    if (s->degraded) {
        /* never pooled: once the database takes writes, it is opened anew */
        pthread_mutex_lock(&p->lock);
        p->nopen--;
        p->degraded_out--;
        p->immutable_out -= s->immutable;
        pthread_cond_broadcast(&p->returned); /* a writer may wait for it too */
        pthread_mutex_unlock(&p->lock);
        store_close(s);
        return;
    }
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

/* Tell a thread of the pool to stop (*stop, then wake) and wait for it. */
static void store_pool_join(struct store_pool *p, bool *stop, pthread_cond_t *wake, pthread_t t)
{
    locked_raise(&p->lock, wake, stop);
    pthread_join(t, NULL);
}

void store_pool_free(struct store_pool *p)
{
    if (!p)
        return;
    if (p->watching)
        store_pool_join(p, &p->watch_stop, &p->watch_wake, p->watcher);
    if (p->turner_started) /* it runs every turn queued first ... */
        store_pool_join(p, &p->turner_stop, &p->turns_more, p->turner);
    if (p->ender_started) /* ... and this one tells every caller */
        store_pool_join(p, &p->ender_stop, &p->ended_more, p->ender);
    pthread_cond_destroy(&p->turns_more);
    pthread_cond_destroy(&p->ended_more);
    pthread_cond_destroy(&p->watch_wake);
    for (int i = 0; i < p->nfree; i++)
        store_close(p->free[i]);
    store_close(p->writer);
    pthread_mutex_destroy(&p->lock);
    pthread_mutex_destroy(&p->write_lock);
    pthread_cond_destroy(&p->returned);
    free(p->free);
    free(p->path);
    free(p->migrations);
    free(p);
}
