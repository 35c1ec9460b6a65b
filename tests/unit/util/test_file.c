/* test_file.c -- reading a whole file (file.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "file.h"

/* A temporary file holding text; its path is written to path. */
static void temp_file(char *path, size_t size, const char *text)
{
    int fd;
    snprintf(path, size, "/tmp/test_file_XXXXXX");
    fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
}

static void test_reads_the_whole_file_nul_terminated(void **state)
{
    char path[64], *text = NULL;
    size_t len = 0;
    (void)state;
    temp_file(path, sizeof(path), "{\"a\":1}");
    assert_int_equal(file_read(path, 64, &text, &len, NULL), 0);
    assert_int_equal(len, 7);
    assert_string_equal(text, "{\"a\":1}");
    free(text);
    unlink(path);
}

static void test_a_file_over_the_cap_is_too_big_and_nothing_is_returned(void **state)
{
    char path[64], *text = NULL;
    struct sb_error err;
    (void)state;
    temp_file(path, sizeof(path), "0123456789");
    assert_int_equal(file_read(path, 9, &text, NULL, &err), SB_ETOOBIG);
    assert_null(text);
    assert_int_equal(file_read(path, 10, &text, NULL, &err), 0);
    free(text);
    unlink(path);
}

static void test_a_missing_file_is_an_io_error(void **state)
{
    char *text = NULL;
    struct sb_error err;
    (void)state;
    assert_int_equal(file_read("/nonexistent/stampbook", 10, &text, NULL, &err), SB_EIO);
    assert_null(text);
    assert_non_null(strstr(err.detail, "cannot open"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reads_the_whole_file_nul_terminated),
        cmocka_unit_test(test_a_file_over_the_cap_is_too_big_and_nothing_is_returned),
        cmocka_unit_test(test_a_missing_file_is_an_io_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
