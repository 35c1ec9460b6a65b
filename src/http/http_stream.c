/* http_stream.c -- the event-stream hub. A stream is a suspended connection: its
 * content reader sends what is new and, when nothing is, suspends the connection. Each
 * game watched has a wait list; a change to that game reads its state once (on a worker)
 * and resumes the streams of that list only. A thread of the hub notices a client that
 * closed its stream at once (its socket in an epoll set of the hub's own), sends a
 * keep-alive to streams idle for 15 s, reads again every 15 s a game nobody changed (so
 * that a stream whose key was rotated away ends), and closes connections past their
 * deadline. */
#include "list.h"
#include "http_internal.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "error.h"

#define HTTP_SSE_BLOCK 2048
#define HTTP_SSE_PING_MS 15000
#define HTTP_SSE_RETRY_MS 2000 /* the reconnection delay each state event asks for */
#define HTTP_HUB_TICK_MS 250
#define HTTP_HUB_BUCKETS 1024
#define HTTP_HUB_RETRY_AFTER 10
#define HTTP_HUB_MAX_FDS 1048576

/* A text sent to many streams, shared: freed when its last reader is done. */
struct http_text {
    unsigned refs; /* under the hub's lock */
    size_t len;
    char data[];
};

/* The wait list of one game. */
struct http_watch {
    struct http_hub *hub;
    int64_t gid, cid;
    struct http_stream *streams;
    unsigned n;
    struct http_text *latest; /* the newest state event, NULL before the first read */
    int64_t version;          /* its version; -1 before */
    bool fetching;            /* a worker is reading the state */
    bool dirty;               /* changed since that read began: read again */
    uint64_t read_ms;         /* when the last read ended (its keys checked) */
    struct http_watch *next;
};

struct http_stream {
    struct http_hub *hub;
    struct http_watch *w;
    struct MHD_Connection *conn; /* NULL until the response is queued */
    int fd;
    int64_t addr;
    struct http_text *out; /* being sent */
    size_t pos;
    int64_t sent; /* the version sent last; -1 before */
    uint64_t last_ms;
    unsigned char key[KEYS_HASH_BYTES]; /* the hash of the key it was opened with */
    bool suspended, peer_closed;
    bool revoked;   /* its key no longer opens the campaign: end it */
    bool anonymous; /* of an anonymous campaign: counted in nanonymous */
    struct http_stream *prev, *next;
};

struct http_hub {
    pthread_mutex_t lock;
    struct api *api;
    struct http_work *pool;
    struct http_conns *conns;
    struct http_hub_limits lim;
    struct http_watch *watches[HTTP_HUB_BUCKETS];
    struct http_counts per_campaign, per_addr;
    unsigned nstreams;
    unsigned nanonymous; /* of them, streams of anonymous campaigns */
    struct http_stream **by_fd;
    size_t nfd;
    int epfd, stopfd;
    bool closing;
    pthread_t thread;
    bool has_thread;
    struct http_text *ping;
};

/* ---- texts and wait lists (the caller holds the hub's lock unless said) ---- */

/* A new text "retry: MS / id: V / event: state / data: STATE" with one reference; NULL
 * when out of memory. Needs no lock. */
static struct http_text *hub_text_state(int64_t version, const char *state)
{
    size_t cap = strlen(state) + 96;
    struct http_text *t = malloc(sizeof(*t) + cap);
    if (!t)
        return NULL;
    t->refs = 1;
    t->len = (size_t)snprintf(t->data, cap, "retry: %u\nid: %lld\nevent: state\ndata: %s\n\n",
                              (unsigned)HTTP_SSE_RETRY_MS, (long long)version, state);
    return t;
}

static struct http_text *hub_text_ref(struct http_text *t)
{
    t->refs++;
    return t;
}

static void hub_text_unref(struct http_text *t)
{
    if (t && --t->refs == 0)
        free(t);
}

static struct http_watch **hub_bucket(struct http_hub *h, int64_t gid)
{
    return &h->watches[(uint64_t)gid % HTTP_HUB_BUCKETS];
}

/* The wait list of gid, made when missing; NULL when out of memory. */
static struct http_watch *hub_watch_get(struct http_hub *h, int64_t cid, int64_t gid)
{
    struct http_watch **pp = hub_bucket(h, gid);
    struct http_watch *w;
    for (w = *pp; w; w = w->next)
        if (w->gid == gid)
            return w;
    w = calloc(1, sizeof(*w));
    if (!w)
        return NULL;
    w->hub = h;
    w->gid = gid;
    w->cid = cid;
    w->version = -1;
    w->next = *pp;
    *pp = w;
    return w;
}

/* Free w when nobody waits on it and no read of it runs. */
static void hub_watch_drop(struct http_hub *h, struct http_watch *w)
{
    struct http_watch **pp = hub_bucket(h, w->gid);
    if (w->n > 0 || w->fetching)
        return;
    while (*pp != w)
        pp = &(*pp)->next;
    *pp = w->next;
    hub_text_unref(w->latest);
    free(w);
}

/* Resume st when it is a suspended stream, so its reader runs again. */
static void hub_wake(struct http_stream *st)
{
    if (st->conn && st->suspended) {
        st->suspended = false;
        MHD_resume_connection(st->conn);
    }
}

/* Make t (taken over) the newest state of w when it is newer, and wake the streams
 * that have not sent it. */
static void hub_publish(struct http_watch *w, int64_t version, struct http_text *t)
{
    if (version <= w->version) {
        hub_text_unref(t);
        return;
    }
    hub_text_unref(w->latest);
    w->latest = t;
    w->version = version;
    for (struct http_stream *st = w->streams; st; st = st->next)
        if (st->sent < version)
            hub_wake(st);
}

/* End the streams of w whose key keys no longer has. */
static void hub_revoke(struct http_watch *w, const struct api_campaign_keys *keys)
{
    for (struct http_stream *st = w->streams; st; st = st->next) {
        if (!st->revoked && !api_keys_open(keys, st->key)) {
            st->revoked = true;
            hub_wake(st);
        }
    }
}

/* A worker's job (or a worker calling it directly): read w's state until no change
 * came meanwhile, publishing each and checking its streams' keys. Takes the lock
 * itself; w->fetching is set. */
static void hub_fetch(void *arg)
{
    struct http_watch *w = arg;
    struct http_hub *h = w->hub;
    bool again = true;
    while (again) {
        char *state = NULL;
        int64_t version = 0;
        struct sb_error err;
        struct api_campaign_keys keys;
        struct http_text *t = NULL;
        bool read = api_stream_state(h->api, w->cid, w->gid, &state, &version, &keys, &err) == 0;
        if (read)
            t = hub_text_state(version, state);
        free(state);
        pthread_mutex_lock(&h->lock);
        if (t)
            hub_publish(w, version, t);
        if (read)
            hub_revoke(w, &keys);
        w->read_ms = http_now_ms();
        again = w->dirty && !h->closing;
        w->dirty = false;
        if (!again) {
            w->fetching = false;
            hub_watch_drop(h, w);
        }
        pthread_mutex_unlock(&h->lock);
    }
}

/* Have w's state read again: now on a worker, or by the hub's next tick when the
 * workers' queue is full. */
static void hub_kick(struct http_hub *h, struct http_watch *w)
{
    if (w->fetching || h->closing) {
        w->dirty = true;
        return;
    }
    w->fetching = true;
    w->dirty = false;
    if (http_work_submit(h->pool, hub_fetch, w) != 0) {
        w->fetching = false;
        w->dirty = true;
    }
}

void http_hub_changed(struct http_hub *h, int64_t cid, int64_t gid)
{
    pthread_mutex_lock(&h->lock);
    if (gid > 0) {
        for (struct http_watch *w = *hub_bucket(h, gid); w; w = w->next)
            if (w->gid == gid)
                hub_kick(h, w);
    } else {
        for (unsigned i = 0; i < HTTP_HUB_BUCKETS; i++)
            for (struct http_watch *w = h->watches[i]; w; w = w->next)
                if (cid <= 0 || w->cid == cid)
                    hub_kick(h, w);
    }
    pthread_mutex_unlock(&h->lock);
}

/* ---- one stream ---- */

/* Take a slot for a new stream; SB_EBUSY when a limit is reached. */
static int hub_take_slot(struct http_hub *h, int64_t cid, int64_t addr, bool anonymous)
{
    if (h->closing || http_counts_get(&h->per_campaign, cid) >= h->lim.per_campaign ||
        http_counts_get(&h->per_addr, addr) >= h->lim.per_addr ||
        (h->lim.total && h->nstreams >= h->lim.total) ||
        (anonymous && h->lim.anonymous && h->nanonymous >= h->lim.anonymous))
        return SB_EBUSY;
    if (http_counts_add(&h->per_campaign, cid, 1) == UINT32_MAX)
        return SB_ENOMEM;
    if (http_counts_add(&h->per_addr, addr, 1) == UINT32_MAX) {
        http_counts_add(&h->per_campaign, cid, -1);
        return SB_ENOMEM;
    }
    h->nstreams++;
    h->nanonymous += anonymous;
    return 0;
}

/* Give back the slot hub_take_slot() took. */
static void hub_give_slot(struct http_hub *h, int64_t cid, int64_t addr, bool anonymous)
{
    h->nstreams--;
    h->nanonymous -= anonymous;
    http_counts_add(&h->per_campaign, cid, -1);
    http_counts_add(&h->per_addr, addr, -1);
}

/* Unlink st from its wait list and give back its slot; the caller frees st. */
static void hub_unlink(struct http_stream *st)
{
    struct http_hub *h = st->hub;
    struct http_watch *w = st->w;
    LIST_UNLINK(w->streams, st);
    w->n--;
    hub_give_slot(h, w->cid, st->addr, st->anonymous);
    hub_text_unref(st->out);
    st->out = NULL;
    hub_watch_drop(h, w);
}

/* Put a new stream on the wait list of gid; *read_now when the caller must read the
 * game's state (nobody has or is about to). */
static int hub_attach(struct http_hub *h, const struct http_hub_who *who,
                      const unsigned char key[KEYS_HASH_BYTES], struct http_stream **out,
                      bool *read_now)
{
    struct http_stream *st;
    struct http_watch *w;
    int rc = hub_take_slot(h, who->cid, who->addr, who->anonymous);
    if (rc != 0)
        return rc;
    st = calloc(1, sizeof(*st));
    w = st ? hub_watch_get(h, who->cid, who->gid) : NULL;
    if (!w) {
        free(st);
        hub_give_slot(h, who->cid, who->addr, who->anonymous);
        return SB_ENOMEM;
    }
    *st = (struct http_stream){
        .hub = h, .w = w, .fd = -1, .addr = who->addr, .sent = -1, .anonymous = who->anonymous};
    memcpy(st->key, key, KEYS_HASH_BYTES);
    LIST_PUSH(w->streams, st);
    w->n++;
    *read_now = !w->latest && !w->fetching;
    if (*read_now)
        w->fetching = true;
    *out = st;
    return 0;
}

int http_hub_open(struct http_hub *h, const struct http_hub_who *who,
                  const unsigned char key[KEYS_HASH_BYTES], struct http_stream **out,
                  unsigned *retry_after, struct sb_error *err)
{
    struct http_stream *st = NULL;
    bool read_now = false;
    int rc;
    pthread_mutex_lock(&h->lock);
    rc = hub_attach(h, who, key, &st, &read_now);
    pthread_mutex_unlock(&h->lock);
    if (rc == SB_EBUSY) {
        *retry_after = HTTP_HUB_RETRY_AFTER;
        return sb_fail(err, SB_EBUSY, NULL, "too many event streams are open: try again later");
    }
    if (rc != 0)
        return sb_fail(err, rc, NULL, "out of memory");
    if (read_now)
        hub_fetch(st->w);
    *out = st;
    return 0;
}

void http_hub_resume(struct http_stream *st, const char *last_event_id)
{
    char *end;
    long long v;
    if (!last_event_id || !*last_event_id)
        return;
    errno = 0;
    v = strtoll(last_event_id, &end, 10);
    if (errno != 0 || *end || v < 0 || !isdigit((unsigned char)*last_event_id))
        return;
    pthread_mutex_lock(&st->hub->lock);
    st->sent = (int64_t)v;
    pthread_mutex_unlock(&st->hub->lock);
}

void http_hub_abandon(struct http_stream *st)
{
    struct http_hub *h;
    if (!st)
        return;
    h = st->hub;
    pthread_mutex_lock(&h->lock);
    hub_unlink(st);
    pthread_mutex_unlock(&h->lock);
    free(st);
}

/* The content reader of a stream (on its polling thread): what is new, a keep-alive
 * after 15 s of nothing, or suspend until a change, a close or the next keep-alive. */
static ssize_t hub_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    struct http_stream *st = cls;
    struct http_hub *h = st->hub;
    ssize_t ret = 0;
    (void)pos;
    pthread_mutex_lock(&h->lock);
    if (!st->out || st->pos == st->out->len) {
        uint64_t now = http_now_ms();
        hub_text_unref(st->out);
        st->out = NULL;
        st->pos = 0;
        if (st->peer_closed || h->closing || st->revoked) {
            ret = st->peer_closed ? MHD_CONTENT_READER_END_WITH_ERROR
                                  : MHD_CONTENT_READER_END_OF_STREAM;
        } else if (st->w->latest && st->w->version != st->sent) {
            /* Versions only grow: any other than the one sent is news (a Last-Event-ID
             * from the future, too, gets the state as it is). */
            st->out = hub_text_ref(st->w->latest);
            st->sent = st->w->version;
        } else if (now - st->last_ms >= HTTP_SSE_PING_MS) {
            st->out = hub_text_ref(h->ping);
        } else {
            st->suspended = true;
            MHD_suspend_connection(st->conn);
        }
        if (st->out)
            st->last_ms = now;
    }
    if (st->out) {
        size_t n = st->out->len - st->pos;
        n = n < max ? n : max;
        memcpy(buf, st->out->data + st->pos, n);
        st->pos += n;
        ret = (ssize_t)n;
    }
    pthread_mutex_unlock(&h->lock);
    return ret;
}

/* The response is gone (the connection closed): free the slot at once. */
static void hub_read_free(void *cls)
{
    struct http_stream *st = cls;
    struct http_hub *h = st->hub;
    pthread_mutex_lock(&h->lock);
    if (st->fd >= 0 && (size_t)st->fd < h->nfd && h->by_fd[st->fd] == st) {
        h->by_fd[st->fd] = NULL;
        epoll_ctl(h->epfd, EPOLL_CTL_DEL, st->fd, NULL);
    }
    hub_unlink(st);
    pthread_mutex_unlock(&h->lock);
    free(st);
}

struct MHD_Response *http_hub_response(struct http_stream *st, struct MHD_Connection *conn)
{
    struct http_hub *h = st->hub;
    const union MHD_ConnectionInfo *fd =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
    struct MHD_Response *mr = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, HTTP_SSE_BLOCK,
                                                                hub_read, st, hub_read_free);
    if (!mr) {
        http_hub_abandon(st);
        return NULL;
    }
    pthread_mutex_lock(&h->lock);
    st->conn = conn;
    st->last_ms = http_now_ms();
    if (fd && fd->connect_fd >= 0 && (size_t)fd->connect_fd < h->nfd) {
        struct epoll_event ev = {.events = EPOLLIN | EPOLLRDHUP | EPOLLET,
                                 .data.fd = fd->connect_fd};
        st->fd = fd->connect_fd;
        h->by_fd[st->fd] = st;
        epoll_ctl(h->epfd, EPOLL_CTL_ADD, st->fd, &ev);
    }
    pthread_mutex_unlock(&h->lock);
    MHD_add_response_header(mr, MHD_HTTP_HEADER_CONTENT_TYPE, "text/event-stream");
    MHD_add_response_header(mr, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    MHD_add_response_header(mr, "X-Accel-Buffering", "no");
    MHD_add_response_header(mr, "X-Content-Type-Options", "nosniff");
    return mr;
}

/* ---- the hub's thread ---- */

/* A stream's socket became readable or hung up: end the stream when its client is
 * gone (or sends on a stream, which it must not). */
static void hub_socket_event(struct http_hub *h, int fd)
{
    char c;
    ssize_t n;
    struct http_stream *st;
    pthread_mutex_lock(&h->lock);
    st = (size_t)fd < h->nfd ? h->by_fd[fd] : NULL;
    if (st) {
        n = recv(fd, &c, 1, MSG_PEEK | MSG_DONTWAIT);
        if (n >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
            st->peer_closed = true;
            hub_wake(st);
        }
    }
    pthread_mutex_unlock(&h->lock);
}

/* Once a tick: keep-alives for streams idle since ping_ms, reads of games whose change
 * found the workers' queue full, and of games unread for as long (their keys). */
static void hub_tick(struct http_hub *h, uint64_t now)
{
    pthread_mutex_lock(&h->lock);
    for (unsigned i = 0; i < HTTP_HUB_BUCKETS; i++) {
        for (struct http_watch *w = h->watches[i]; w; w = w->next) {
            if (!w->fetching && (w->dirty || now - w->read_ms >= HTTP_SSE_PING_MS))
                hub_kick(h, w);
            for (struct http_stream *st = w->streams; st; st = st->next)
                if (st->suspended && now - st->last_ms >= HTTP_SSE_PING_MS)
                    hub_wake(st);
        }
    }
    pthread_mutex_unlock(&h->lock);
}

static void *hub_main(void *cls)
{
    struct http_hub *h = cls;
    struct epoll_event ev[64];
    for (;;) {
        int n = epoll_wait(h->epfd, ev, 64, HTTP_HUB_TICK_MS);
        bool stop = false;
        for (int i = 0; i < n; i++) {
            if (ev[i].data.fd == h->stopfd)
                stop = true;
            else
                hub_socket_event(h, ev[i].data.fd);
        }
        if (stop)
            break;
        if (h->conns)
            http_conns_expire(h->conns, http_now_ms());
        hub_tick(h, http_now_ms());
    }
    return NULL;
}

/* The size of the fd table: the process's limit of open files. */
static size_t hub_fd_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
        return 65536;
    return rl.rlim_cur > HTTP_HUB_MAX_FDS ? HTTP_HUB_MAX_FDS : (size_t)rl.rlim_cur;
}

/* Open the hub's epoll set, its stop signal and its fd table. */
static int hub_open_fds(struct http_hub *h)
{
    struct epoll_event ev = {.events = EPOLLIN};
    h->epfd = epoll_create1(EPOLL_CLOEXEC);
    h->stopfd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    h->nfd = hub_fd_limit();
    h->by_fd = calloc(h->nfd, sizeof(struct http_stream *));
    if (h->epfd < 0 || h->stopfd < 0)
        return SB_EIO;
    if (!h->by_fd)
        return SB_ENOMEM;
    ev.data.fd = h->stopfd;
    return epoll_ctl(h->epfd, EPOLL_CTL_ADD, h->stopfd, &ev) == 0 ? 0 : SB_EIO;
}

int http_hub_new(struct api *api, struct http_work *pool, const struct http_hub_limits *lim,
                 struct http_hub **out)
{
    static const char ping[] = ": keep-alive\n\n";
    struct http_hub *h = calloc(1, sizeof(*h));
    int rc;
    if (!h)
        return SB_ENOMEM;
    pthread_mutex_init(&h->lock, NULL);
    h->api = api;
    h->pool = pool;
    h->lim = *lim;
    h->epfd = h->stopfd = -1;
    rc = hub_open_fds(h);
    if (rc == 0 && !(h->ping = malloc(sizeof(*h->ping) + sizeof(ping))))
        rc = SB_ENOMEM;
    if (rc == 0) {
        h->ping->refs = 1;
        h->ping->len = sizeof(ping) - 1;
        memcpy(h->ping->data, ping, sizeof(ping));
        if (pthread_create(&h->thread, NULL, hub_main, h) != 0)
            rc = SB_EIO;
        h->has_thread = rc == 0;
    }
    if (rc != 0) {
        http_hub_free(h);
        return rc;
    }
    *out = h;
    return 0;
}

void http_hub_watch_conns(struct http_hub *h, struct http_conns *t)
{
    pthread_mutex_lock(&h->lock);
    h->conns = t;
    pthread_mutex_unlock(&h->lock);
}

void http_hub_close(struct http_hub *h)
{
    pthread_mutex_lock(&h->lock);
    h->closing = true;
    for (unsigned i = 0; i < HTTP_HUB_BUCKETS; i++)
        for (struct http_watch *w = h->watches[i]; w; w = w->next)
            for (struct http_stream *st = w->streams; st; st = st->next)
                hub_wake(st);
    pthread_mutex_unlock(&h->lock);
}

unsigned http_hub_count(struct http_hub *h)
{
    unsigned n;
    pthread_mutex_lock(&h->lock);
    n = h->nstreams;
    pthread_mutex_unlock(&h->lock);
    return n;
}

void http_hub_free(struct http_hub *h)
{
    if (!h)
        return;
    if (h->has_thread) {
        uint64_t one = 1;
        if (write(h->stopfd, &one, sizeof(one)) != (ssize_t)sizeof(one))
            perror("stampbook: hub stop");
        pthread_join(h->thread, NULL);
    }
    for (unsigned i = 0; i < HTTP_HUB_BUCKETS; i++) {
        while (h->watches[i]) {
            struct http_watch *w = h->watches[i];
            h->watches[i] = w->next;
            hub_text_unref(w->latest);
            free(w);
        }
    }
    http_counts_clear(&h->per_campaign);
    http_counts_clear(&h->per_addr);
    hub_text_unref(h->ping);
    if (h->epfd >= 0)
        close(h->epfd);
    if (h->stopfd >= 0)
        close(h->stopfd);
    free(h->by_fd);
    pthread_mutex_destroy(&h->lock);
    free(h);
}
