/* unit_main.h -- the main() of a unit test binary: UNIT_MAIN(setup, teardown, tests...)
 * runs the listed cmocka tests as one group named "tests", with the group's set-up and
 * tear-down (NULL for none), and exits with cmocka's count of failures. Include it after
 * <cmocka.h>. */
#ifndef STAMPBOOK_UNIT_MAIN_H
#define STAMPBOOK_UNIT_MAIN_H

#define UNIT_MAIN(setup, teardown, ...)                                                            \
    int main(void)                                                                                 \
    {                                                                                              \
        const struct CMUnitTest tests[] = {__VA_ARGS__};                                           \
        return cmocka_run_group_tests(tests, setup, teardown);                                     \
    }

#endif
