/* baseline.c -- the benchmark's yardstick: libmicrohttpd answering a constant JSON on
 * GET and doing one SQLite INSERT per POST (WAL, synchronous=FULL) with its COMMITs
 * shared (group commit, as stampbook does), nothing more.
 *
 * Usage: baseline PORT DB STATEFILE GAMEFILE   (PORT 0: any free port; it prints
 * "baseline: listening on PORT"; it binds 127.0.0.1 only). It runs libmicrohttpd the way
 * the stack runs fastest, as stampbook does: event-driven (epoll), a pool of polling
 * threads sized to the cores, the same connection limits, timeout and buffer. It answers
 * a GET of a path ending in /game with the bytes of GAMEFILE and every other GET with
 * those of STATEFILE, as application/json: constants of the same size as the answers
 * they are compared with. A POST suspends its connection and is queued for the writer
 * thread, which takes every POST queued so far, inserts each body into a table in one
 * transaction (BEGIN, one INSERT each, COMMIT: one WAL sync for all of them), then
 * resumes their connections, answered 201 {"id":N} on the polling thread. SIGINT or
 * SIGTERM stops it. What stampbook adds on top of this is what the benchmark's ratios
 * measure. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <microhttpd.h>
#include <sqlite3.h>

#define BASELINE_BODY_MAX (64 * 1024)

struct constant {
    char *body;
    size_t len;
};
static struct constant state_answer, game_answer; /* the bodies of the GET answers */
static sqlite3 *db;               /* the writer thread's connection ... */
static sqlite3_stmt *insert_stmt; /* ... and its prepared INSERT */

struct upload {
    char *data;
    size_t len;
    bool too_large;
    bool queued;           /* handed to the writer, its connection suspended */
    long long id;          /* the writer's answer: the row id, or -1 */
    struct MHD_Connection *conn;
    struct upload *next;   /* in the writer's queue */
};

/* The POSTs waiting for the writer, in a list it takes whole. */
static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queue_more = PTHREAD_COND_INITIALIZER;
static struct upload *queue_head;
static bool stopping;

/* The writer: take every queued POST, insert them all in one transaction, resume them. */
static void *writer_main(void *cls)
{
    (void)cls;
    for (;;) {
        struct upload *batch;
        pthread_mutex_lock(&queue_lock);
        while (!queue_head && !stopping)
            pthread_cond_wait(&queue_more, &queue_lock);
        batch = queue_head;
        queue_head = NULL;
        pthread_mutex_unlock(&queue_lock);
        if (!batch)
            return NULL;
        bool ok = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK;
        for (struct upload *u = batch; u; u = u->next) {
            u->id = -1;
            if (ok && sqlite3_bind_text(insert_stmt, 1, u->data ? u->data : "", (int)u->len,
                                        SQLITE_STATIC) == SQLITE_OK &&
                sqlite3_step(insert_stmt) == SQLITE_DONE)
                u->id = (long long)sqlite3_last_insert_rowid(db);
            sqlite3_reset(insert_stmt);
        }
        if (!ok || sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
            sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
            for (struct upload *u = batch; u; u = u->next)
                u->id = -1;
        }
        while (batch) { /* no answer before the COMMIT that holds its row */
            struct upload *u = batch;
            batch = u->next;
            MHD_resume_connection(u->conn);
        }
    }
}

static enum MHD_Result reply(struct MHD_Connection *conn, unsigned int status, const char *text)
{
    size_t len = strlen(text);
    char *copy = malloc(len + 1);
    struct MHD_Response *res;
    enum MHD_Result ret;
    if (!copy)
        return MHD_NO;
    memcpy(copy, text, len + 1);
    res = MHD_create_response_from_buffer(len, copy, MHD_RESPMEM_MUST_FREE);
    if (!res) {
        free(copy);
        return MHD_NO;
    }
    MHD_add_response_header(res, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json");
    ret = MHD_queue_response(conn, status, res);
    MHD_destroy_response(res);
    return ret;
}

static enum MHD_Result access_cb(void *cls, struct MHD_Connection *conn, const char *url,
                                 const char *method, const char *version, const char *upload_data,
                                 size_t *upload_data_size, void **con_cls)
{
    struct upload *u = *con_cls;
    char text[64];
    long long id;
    (void)cls;
    (void)url;
    (void)version;
    if (!u) {
        u = calloc(1, sizeof(*u));
        *con_cls = u;
        return u ? MHD_YES : MHD_NO;
    }
    if (*upload_data_size > 0) {
        if (u->len + *upload_data_size > BASELINE_BODY_MAX) {
            u->too_large = true;
        } else if (!u->too_large) {
            char *grown = realloc(u->data, u->len + *upload_data_size);
            if (!grown)
                return MHD_NO;
            memcpy(grown + u->len, upload_data, *upload_data_size);
            u->data = grown;
            u->len += *upload_data_size;
        }
        *upload_data_size = 0;
        return MHD_YES;
    }
    /* Answered on the second call, once the request is complete: answering the first
     * makes libmicrohttpd close the connection after the answer. */
    if (strcmp(method, "GET") == 0) {
        size_t n = strlen(url);
        const struct constant *c =
            n >= 5 && strcmp(url + n - 5, "/game") == 0 ? &game_answer : &state_answer;
        struct MHD_Response *res =
            MHD_create_response_from_buffer(c->len, c->body, MHD_RESPMEM_PERSISTENT);
        enum MHD_Result ret;
        if (!res)
            return MHD_NO;
        MHD_add_response_header(res, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json");
        ret = MHD_queue_response(conn, MHD_HTTP_OK, res);
        MHD_destroy_response(res);
        return ret;
    }
    if (strcmp(method, "POST") != 0)
        return reply(conn, MHD_HTTP_METHOD_NOT_ALLOWED, "{\"status\":405}");
    if (u->too_large)
        return reply(conn, 413, "{\"status\":413}");
    if (!u->queued) {
        u->queued = true;
        u->conn = conn;
        MHD_suspend_connection(conn);
        pthread_mutex_lock(&queue_lock);
        u->next = queue_head;
        queue_head = u;
        pthread_cond_signal(&queue_more);
        pthread_mutex_unlock(&queue_lock);
        return MHD_YES;
    }
    id = u->id;
    if (id < 0)
        return reply(conn, MHD_HTTP_INTERNAL_SERVER_ERROR, "{\"status\":500}");
    snprintf(text, sizeof(text), "{\"id\":%lld}", id);
    return reply(conn, MHD_HTTP_CREATED, text);
}

static void completed_cb(void *cls, struct MHD_Connection *conn, void **con_cls,
                         enum MHD_RequestTerminationCode toe)
{
    struct upload *u = *con_cls;
    (void)cls;
    (void)conn;
    (void)toe;
    if (u) {
        free(u->data);
        free(u);
        *con_cls = NULL;
    }
}

/* Read a whole file into a new buffer; NULL on failure. */
static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (buf = malloc((size_t)n + 1)) != NULL) {
        if (fread(buf, 1, (size_t)n, f) == (size_t)n) {
            *len = (size_t)n;
        } else {
            free(buf);
            buf = NULL;
        }
    }
    fclose(f);
    return buf;
}

int main(int argc, char **argv)
{
    struct MHD_Daemon *d;
    const union MHD_DaemonInfo *info;
    struct sockaddr_in addr;
    sigset_t stop;
    pthread_t writer;
    int sig = 0;
    long port, cores;

    if (argc != 5) {
        fprintf(stderr, "usage: baseline PORT DB STATEFILE GAMEFILE\n");
        return 2;
    }
    port = strtol(argv[1], NULL, 10);
    state_answer.body = read_file(argv[3], &state_answer.len);
    game_answer.body = read_file(argv[4], &game_answer.len);
    if (port < 0 || port > 65535 || !state_answer.body || !game_answer.body) {
        fprintf(stderr, "baseline: bad port or unreadable %s or %s\n", argv[3], argv[4]);
        return 2;
    }
    /* The same durability as stampbook: WAL, synchronous=FULL. */
    if (sqlite3_open_v2(argv[2], &db,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                        NULL) != SQLITE_OK ||
        sqlite3_exec(db,
                     "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"
                     " PRAGMA foreign_keys=ON; CREATE TABLE IF NOT EXISTS events("
                     "id INTEGER PRIMARY KEY, body TEXT NOT NULL, at TEXT NOT NULL)",
                     NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_prepare_v3(db,
                           "INSERT INTO events(body, at) VALUES (?, "
                           "strftime('%Y-%m-%dT%H:%M:%fZ','now'))",
                           -1, SQLITE_PREPARE_PERSISTENT, &insert_stmt, NULL) != SQLITE_OK) {
        fprintf(stderr, "baseline: %s: %s\n", argv[2], sqlite3_errmsg(db));
        return 1;
    }
    sqlite3_busy_timeout(db, 5000);
    if (pthread_create(&writer, NULL, writer_main, NULL) != 0) {
        fprintf(stderr, "baseline: no writer thread\n");
        return 1;
    }

    memset(&addr, 0, sizeof(addr));
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);
    cores = sysconf(_SC_NPROCESSORS_ONLN);
    d = MHD_start_daemon(
        MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG, (uint16_t)port, NULL, NULL, access_cb,
        NULL, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr, MHD_OPTION_THREAD_POOL_SIZE,
        (unsigned int)(cores > 0 ? cores : 1), MHD_OPTION_CONNECTION_LIMIT, (unsigned int)4624,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)60, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
        (size_t)(16 * 1024), MHD_OPTION_NOTIFY_COMPLETED, completed_cb, (void *)NULL,
        MHD_OPTION_END);
    if (!d) {
        fprintf(stderr, "baseline: cannot listen on port %ld\n", port);
        return 1;
    }
    info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    fprintf(stderr, "baseline: listening on %u\n", info ? (unsigned)info->port : (unsigned)port);
    sigwait(&stop, &sig);
    pthread_mutex_lock(&queue_lock);
    stopping = true;
    pthread_cond_signal(&queue_more);
    pthread_mutex_unlock(&queue_lock);
    pthread_join(writer, NULL);
    MHD_stop_daemon(d);
    sqlite3_finalize(insert_stmt);
    sqlite3_close(db);
    free(state_answer.body);
    free(game_answer.body);
    return 0;
}
