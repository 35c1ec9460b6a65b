/* test_locked.c -- objects guarded by their first-member mutex (locked.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <pthread.h>

#include "locked.h"

struct guarded {
    pthread_mutex_t lock;
    int count;
    char name[16];
};

static void test_locked_new_is_zeroed_with_its_mutex_ready(void **state)
{
    struct guarded *g = locked_new(sizeof(*g));
    (void)state;
    assert_non_null(g);
    assert_int_equal(g->count, 0);
    assert_int_equal(g->name[0], 0);
    assert_int_equal(pthread_mutex_lock(&g->lock), 0);
    g->count++;
    assert_int_equal(pthread_mutex_unlock(&g->lock), 0);
    locked_free(g);
}

static void test_locked_new_of_less_than_a_mutex_still_holds_one(void **state)
{
    pthread_mutex_t *lock = locked_new(1);
    (void)state;
    assert_non_null(lock);
    assert_int_equal(pthread_mutex_trylock(lock), 0);
    assert_int_equal(pthread_mutex_unlock(lock), 0);
    locked_free(lock);
}

static void test_locked_free_of_null_is_a_no_op(void **state)
{
    (void)state;
    locked_free(NULL);
}

static const struct CMUnitTest locked_tests[] = {
    cmocka_unit_test(test_locked_new_is_zeroed_with_its_mutex_ready),
    cmocka_unit_test(test_locked_new_of_less_than_a_mutex_still_holds_one),
    cmocka_unit_test(test_locked_free_of_null_is_a_no_op),
};

int main(void)
{
    return cmocka_run_group_tests(locked_tests, NULL, NULL);
}
