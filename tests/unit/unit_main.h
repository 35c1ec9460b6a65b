/* unit_main.h -- the main() of a unit test binary: UNIT_MAIN(setup, teardown, tests...)
 * runs the listed cmocka tests as one group named "tests", with the group's set-up and
 * tear-down (NULL for none), and exits with cmocka's count of failures; UNIT_ROWS() runs
 * a table of cases, a test a row. Include it after <cmocka.h>. */
#ifndef STAMPBOOK_UNIT_MAIN_H
#define STAMPBOOK_UNIT_MAIN_H

#include <stdint.h>
#include <stdlib.h>

#define UNIT_MAIN(setup, teardown, ...)                                                            \
    int main(void)                                                                                 \
    {                                                                                              \
        const struct CMUnitTest tests[] = {__VA_ARGS__};                                           \
        return cmocka_run_group_tests(tests, setup, teardown);                                     \
    }

/* Run each of the n rows of a table (size bytes apart from rows on) as a cmocka test of
 * its own in a group named group: the test is named by the row's first member (a const
 * char *: the test's name, with the RULES.md rule it checks) and runs fn with *state the
 * row, so a failing row fails under its own name and every other row still runs. The
 * count of failing rows (1 when the list cannot be made). */
static inline int unit_run_rows(const char *group, CMUnitTestFunction fn, const void *rows,
                                size_t size, size_t n)
{
    struct CMUnitTest *tests = calloc(n, sizeof(*tests));
    int failed;
    if (!tests)
        return 1;
    for (size_t i = 0; i < n; i++) {
        const char *row = (const char *)rows + i * size;
        tests[i].name = *(const char *const *)(const void *)row;
        tests[i].test_func = fn;
        tests[i].initial_state = (void *)(uintptr_t)row;
    }
    failed = _cmocka_run_group_tests(group, tests, n, NULL, NULL);
    free(tests);
    return failed;
}

/* unit_run_rows() of the array rows (its element a struct whose first member is the
 * row's name), each row run by fn. */
#define UNIT_ROWS(rows, fn)                                                                        \
    unit_run_rows(#rows, fn, rows, sizeof((rows)[0]), sizeof(rows) / sizeof((rows)[0]))

#endif
