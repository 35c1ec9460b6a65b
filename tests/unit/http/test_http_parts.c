/* test_http_parts.c -- the HTTP layer's parts that need no socket: the worker pool
 * (http_work.c) and the counters and deadlines of the connection table (http_conn.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <pthread.h>
#include <stdatomic.h>
#include <sys/socket.h>
#include <unistd.h>

#include "error.h"
#include "http_internal.h"

/* A job that waits until the test opens its gate, then counts itself. */
struct gate {
    pthread_mutex_t lock;
    pthread_cond_t open_cond;
    bool open;
    atomic_int ran;
};

static void gate_job(void *arg)
{
    struct gate *g = arg;
    pthread_mutex_lock(&g->lock);
    while (!g->open)
        pthread_cond_wait(&g->open_cond, &g->lock);
    pthread_mutex_unlock(&g->lock);
    atomic_fetch_add(&g->ran, 1);
}

static void gate_open(struct gate *g)
{
    pthread_mutex_lock(&g->lock);
    g->open = true;
    pthread_cond_broadcast(&g->open_cond);
    pthread_mutex_unlock(&g->lock);
}

static void test_work_queue_is_bounded_and_a_full_queue_is_busy(void **state)
{
    struct gate g = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, false, 0};
    struct http_work *w = NULL;
    int queued = 0;
    (void)state;
    assert_int_equal(http_work_new(1, 3, &w), 0);
    /* One job runs (held at the gate), three wait: the fifth finds the queue full. */
    while (queued < 10 && http_work_submit(w, gate_job, &g) == 0)
        queued++;
    assert_true(queued >= 3 && queued <= 4);
    assert_int_equal(http_work_submit(w, gate_job, &g), SB_EBUSY);
    gate_open(&g);
    http_work_drain(w);
    assert_int_equal(atomic_load(&g.ran), queued);
    http_work_free(w);
}

static void test_work_drain_runs_everything_queued_then_refuses_more(void **state)
{
    struct gate g = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, true, 0};
    struct http_work *w = NULL;
    (void)state;
    assert_int_equal(http_work_new(4, 100, &w), 0);
    for (int i = 0; i < 50; i++)
        assert_int_equal(http_work_submit(w, gate_job, &g), 0);
    http_work_drain(w);
    assert_int_equal(atomic_load(&g.ran), 50);
    assert_int_equal(http_work_submit(w, gate_job, &g), SB_EBUSY);
    http_work_free(w);
    http_work_free(NULL);
}

static void test_counts_rise_and_fall_and_an_emptied_key_is_gone(void **state)
{
    struct http_counts c = {0};
    (void)state;
    assert_int_equal(http_counts_add(&c, 7, 1), 1);
    assert_int_equal(http_counts_add(&c, 7, 1), 2);
    assert_int_equal(http_counts_add(&c, 7 + HTTP_COUNT_BUCKETS, 1), 1); /* same bucket */
    assert_int_equal(http_counts_get(&c, 7), 2);
    assert_int_equal(http_counts_add(&c, 7, -1), 1);
    assert_int_equal(http_counts_add(&c, 7, -1), 0);
    assert_null(http_counts_find(&c, 7));
    assert_int_equal(http_counts_get(&c, 7 + HTTP_COUNT_BUCKETS), 1);
    assert_int_equal(http_counts_add(&c, 99, -1), 0); /* never below zero, nothing made */
    assert_null(http_counts_find(&c, 99));
    http_counts_clear(&c);
    assert_int_equal(http_counts_get(&c, 7 + HTTP_COUNT_BUCKETS), 0);
}

static void test_conns_count_by_address_and_in_all(void **state)
{
    struct http_conns t;
    struct http_conn *a, *b, *c;
    unsigned total = 0, from = 0;
    (void)state;
    http_conns_init(&t, 0);
    a = http_conns_open(&t, -1, 0x7f000002, 0);
    b = http_conns_open(&t, -1, 0x7f000002, 0);
    c = http_conns_open(&t, -1, 0x7f000003, 0);
    http_conns_load(&t, a, &total, &from);
    assert_int_equal(total, 3);
    assert_int_equal(from, 2);
    http_conns_close(&t, b);
    http_conns_load(&t, a, &total, &from);
    assert_int_equal(total, 2);
    assert_int_equal(from, 1);
    http_conns_load(&t, c, &total, &from);
    assert_int_equal(from, 1);
    http_conns_close(&t, a);
    http_conns_close(&t, c);
    http_conns_close(&t, NULL);
    http_conns_destroy(&t);
}

static void test_a_connection_past_its_deadline_has_its_socket_shut_down(void **state)
{
    struct http_conns t;
    int late[2], fine[2];
    char byte;
    (void)state;
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, late), 0);
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, fine), 0);
    http_conns_init(&t, 0);
    struct http_conn *l = http_conns_open(&t, late[0], 1, 1000);
    struct http_conn *f = http_conns_open(&t, fine[0], 1, 5000);
    struct http_conn *n = http_conns_open(&t, -1, 1, 0); /* no deadline: answering */
    assert_int_equal(http_conns_expire(&t, 2000), 1);
    assert_int_equal(read(late[1], &byte, 1), 0); /* the peer sees the end */
    http_conns_deadline(f, 0);                    /* its request is being answered now */
    assert_int_equal(http_conns_expire(&t, 9000), 0);
    assert_int_equal(http_conns_expire(&t, 9000), 0); /* each is shut down once */
    http_conns_close(&t, l);
    http_conns_close(&t, f);
    http_conns_close(&t, n);
    http_conns_destroy(&t);
    for (int i = 0; i < 2; i++) {
        close(late[i]);
        close(fine[i]);
    }
}

/* A full table makes room by closing the oldest idle connection that presented no
 * valid key: never a keyed one, nor one whose request is being read or answered. */
static void test_a_full_table_closes_an_idle_connection_without_a_key(void **state)
{
    struct http_conns t;
    int keyed[2], busy[2], idle[2], young[2], fresh[2];
    int *pairs[] = {keyed, busy, idle, young, fresh};
    struct http_conn *c[5];
    unsigned total = 0, from = 0;
    char byte;
    (void)state;
    for (int i = 0; i < 5; i++)
        assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, pairs[i]), 0);
    http_conns_init(&t, 4);
    for (int i = 0; i < 4; i++)
        c[i] = http_conns_open(&t, pairs[i][0], 1, 0);
    http_conns_keyed(&t, c[0]);
    http_conns_busy(&t, c[1], true);
    c[4] = http_conns_open(&t, fresh[0], 1, 0); /* one past the limit */
    assert_int_equal(t.evicted, 1);
    assert_int_equal(read(idle[1], &byte, 1), 0); /* the oldest idle one without a key */
    http_conns_load(&t, c[4], &total, &from);
    assert_int_equal(total, 4);
    http_conns_close(&t, c[2]); /* its polling thread forgets it: counted once */
    http_conns_load(&t, c[4], &total, &from);
    assert_int_equal(total, 4);
    http_conns_busy(&t, c[3], true);
    http_conns_busy(&t, c[4], true);
    c[2] = http_conns_open(&t, -1, 1, 0); /* nobody to close: the 503 is left to do */
    assert_int_equal(t.evicted, 1);
    for (int i = 0; i < 5; i++) {
        http_conns_close(&t, c[i]);
        close(pairs[i][0]);
        close(pairs[i][1]);
    }
    http_conns_destroy(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_work_queue_is_bounded_and_a_full_queue_is_busy),
        cmocka_unit_test(test_work_drain_runs_everything_queued_then_refuses_more),
        cmocka_unit_test(test_counts_rise_and_fall_and_an_emptied_key_is_gone),
        cmocka_unit_test(test_conns_count_by_address_and_in_all),
        cmocka_unit_test(test_a_connection_past_its_deadline_has_its_socket_shut_down),
        cmocka_unit_test(test_a_full_table_closes_an_idle_connection_without_a_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
