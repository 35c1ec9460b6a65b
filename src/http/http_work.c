/* http_work.c -- the worker pool: a fixed set of threads taking jobs from a bounded
 * queue, so blocking SQLite work never runs on libmicrohttpd's polling threads. */
#include "http_internal.h"

#include <stdlib.h>
#include <time.h>

#include "error.h"

struct http_job {
    http_job_fn fn;
    void *arg;
};

struct http_work {
    pthread_mutex_t lock;
    pthread_cond_t more; /* a job was queued, or the pool is stopping */
    pthread_cond_t idle; /* the queue is empty and nobody runs a job */
    struct http_job *ring;
    unsigned cap, head, len;
    unsigned running;
    unsigned waiting; /* workers asleep on more: a job wakes one only when there is one */
    bool draining, stopping;
    unsigned nthreads;
    pthread_t *threads;
};

uint64_t http_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

/* A worker: run jobs until the pool stops and its queue is empty. */
static void *http_work_main(void *cls)
{
    struct http_work *w = cls;
    pthread_mutex_lock(&w->lock);
    for (;;) {
        struct http_job job;
        while (w->len == 0 && !w->stopping) {
            w->waiting++;
            pthread_cond_wait(&w->more, &w->lock);
            w->waiting--;
        }
        if (w->len == 0)
            break;
        job = w->ring[w->head];
        w->head = (w->head + 1) % w->cap;
        w->len--;
        w->running++;
        pthread_mutex_unlock(&w->lock);
        job.fn(job.arg);
        pthread_mutex_lock(&w->lock);
        w->running--;
        if (w->draining && w->len == 0 && w->running == 0)
            pthread_cond_broadcast(&w->idle);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

int http_work_new(unsigned threads, unsigned queue_max, struct http_work **out)
{
    struct http_work *w = calloc(1, sizeof(*w));
    if (!w)
        return SB_ENOMEM;
    pthread_mutex_init(&w->lock, NULL);
    pthread_cond_init(&w->more, NULL);
    pthread_cond_init(&w->idle, NULL);
    w->cap = queue_max ? queue_max : 1;
    w->ring = calloc(w->cap, sizeof(*w->ring));
    w->threads = calloc(threads ? threads : 1, sizeof(*w->threads));
    if (!w->ring || !w->threads) {
        http_work_free(w);
        return SB_ENOMEM;
    }
    for (unsigned i = 0; i < (threads ? threads : 1); i++) {
        if (pthread_create(&w->threads[i], NULL, http_work_main, w) != 0) {
            http_work_free(w);
            return SB_EIO;
        }
        w->nthreads++;
    }
    *out = w;
    return 0;
}

/* A job wakes a worker only when one is asleep and not already woken for an earlier job
 * (a busy worker takes the next job itself when it is done), and after the lock is let
 * go, so the worker woken does not sleep again at once on the lock its waker holds. */
int http_work_submit(struct http_work *w, http_job_fn fn, void *arg)
{
    bool wake = false;
    int rc = 0;
    pthread_mutex_lock(&w->lock);
    if (w->draining || w->len == w->cap) {
        rc = SB_EBUSY;
    } else {
        w->ring[(w->head + w->len) % w->cap] = (struct http_job){fn, arg};
        w->len++;
        wake = w->waiting >= w->len;
    }
    pthread_mutex_unlock(&w->lock);
    if (wake)
        pthread_cond_signal(&w->more);
    return rc;
}

void http_work_drain(struct http_work *w)
{
    pthread_mutex_lock(&w->lock);
    w->draining = true;
    while (w->len > 0 || w->running > 0)
        pthread_cond_wait(&w->idle, &w->lock);
    pthread_mutex_unlock(&w->lock);
}

void http_work_free(struct http_work *w)
{
    if (!w)
        return;
    http_work_drain(w);
    pthread_mutex_lock(&w->lock);
    w->stopping = true;
    pthread_cond_broadcast(&w->more);
    pthread_mutex_unlock(&w->lock);
    for (unsigned i = 0; i < w->nthreads; i++)
        pthread_join(w->threads[i], NULL);
    pthread_cond_destroy(&w->idle);
    pthread_cond_destroy(&w->more);
    pthread_mutex_destroy(&w->lock);
    free(w->threads);
    free(w->ring);
    free(w);
}
