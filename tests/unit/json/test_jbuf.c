/* test_jbuf.c -- the JSON writer (jbuf.c): what it writes is byte for byte what
 * cJSON_PrintUnformatted() prints of the same document, since stored snapshots and
 * answers written before it must read the same (the integration suite compares answers
 * byte for byte). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "unit_main.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "jbuf.h"

/* The strings a player may be named: quotes, backslashes, the short escapes, other
 * control bytes, DEL and UTF-8. */
static const char *const texts[] = {
    "",     "plain",        "say \"hi\"", "back\\slash", "tab\there\nnew\rret",
    "\b\f", "\x01\x1f\x7f", "Zoë 東京 🎲", "/slash/",     "a\\\"b",
};

/* The integers of a state: ids, cash, seqs, negative amounts, the int and 10^15 edges. */
static const int64_t numbers[] = {
    0, 1, -1, 10, 1500, -250, 2147483647, -2147483648LL, 2147483648LL, 999999999999999LL,
};

/* Every string, number, true, false and null in an object and an array, written with jbuf
 * and built with cJSON, prints the same bytes. */
static void test_writes_what_cjson_prints(void **state)
{
    struct jbuf j = {0};
    cJSON *o = cJSON_CreateObject(), *arr = cJSON_CreateArray();
    char *printed;
    (void)state;
    jb_open(&j, '{');
    for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
        char key[8] = {'s', (char)('a' + i), '\0'};
        jb_key(&j, key);
        jb_str(&j, texts[i]);
        cJSON_AddStringToObject(o, key, texts[i]);
    }
    for (size_t i = 0; i < sizeof(numbers) / sizeof(numbers[0]); i++) {
        char key[8] = {'n', (char)('a' + i), '\0'};
        jb_key(&j, key);
        jb_int(&j, numbers[i]);
        cJSON_AddNumberToObject(o, key, (double)numbers[i]);
    }
    jb_key(&j, "t");
    jb_bool(&j, true);
    jb_key(&j, "f");
    jb_bool(&j, false);
    jb_key(&j, "z");
    jb_null(&j);
    jb_key(&j, "empty");
    jb_open(&j, '{');
    jb_close(&j, '}');
    jb_key(&j, "list");
    jb_open(&j, '[');
    jb_open(&j, '[');
    jb_close(&j, ']');
    jb_str(&j, NULL); /* NULL: null, as the state writes a slug out of range */
    jb_int(&j, 7);
    jb_open(&j, '{');
    jb_key(&j, "k");
    jb_str(&j, "v");
    jb_close(&j, '}');
    jb_close(&j, ']');
    jb_close(&j, '}');
    cJSON_AddTrueToObject(o, "t");
    cJSON_AddFalseToObject(o, "f");
    cJSON_AddNullToObject(o, "z");
    cJSON_AddObjectToObject(o, "empty");
    cJSON_AddItemToArray(arr, cJSON_CreateArray());
    cJSON_AddItemToArray(arr, cJSON_CreateNull());
    cJSON_AddItemToArray(arr, cJSON_CreateNumber(7));
    cJSON *k = cJSON_CreateObject();
    cJSON_AddStringToObject(k, "k", "v");
    cJSON_AddItemToArray(arr, k);
    cJSON_AddItemToObject(o, "list", arr);
    printed = cJSON_PrintUnformatted(o);
    assert_false(j.failed);
    assert_string_equal(j.p, printed);
    assert_int_equal(j.len, strlen(printed));
    free(printed);
    cJSON_Delete(o);
    jb_free(&j);
}

/* A buffer reset keeps its memory and starts a new document; one taken is the
 * caller's, and leaves the buffer empty. */
static void test_reset_and_take(void **state)
{
    struct jbuf j = {0};
    char *text;
    (void)state;
    for (int i = 0; i < 1000; i++) /* past the first 4 KiB */
        jb_str(&j, "0123456789");
    assert_true(j.len > 4096);
    jb_reset(&j);
    assert_int_equal(j.len, 0);
    jb_open(&j, '[');
    jb_int(&j, 1);
    jb_int(&j, 2);
    jb_close(&j, ']');
    text = jb_take(&j);
    assert_string_equal(text, "[1,2]");
    assert_null(j.p);
    assert_int_equal(j.len, 0);
    free(text);
}

/* jb_format_int(v) writes what printf's %lld does, with no NUL and nothing past it. */
static void assert_formats(int64_t v)
{
    char out[JB_INT_MAX + 1], want[32];
    size_t n;
    memset(out, 'x', sizeof(out));
    n = jb_format_int(out, v);
    snprintf(want, sizeof(want), "%lld", (long long)v);
    assert_int_equal(n, strlen(want));
    assert_memory_equal(out, want, n);
    assert_int_equal(out[n], 'x');
}

/* jb_format_int() writes the decimal digits of any int64, a '-' before a negative one:
 * 0, counts and money (negative amounts too), every power of ten and its neighbours,
 * the int32 and int64 edges (INT64_MIN takes all of JB_INT_MAX). */
static void test_format_int_writes_every_int64_in_decimal(void **state)
{
    static const int64_t small[] = {
        0, 1, -1, 9, -9, 10, -10, 99, 100, -100, 1500, -250, 1380, 200, 999999,
    };
    static const int64_t wide[] = {
        INT32_MAX,          INT32_MIN,          2147483648LL, 999999999999999LL,
        1000000000000000LL, -999999999999999LL, INT64_MAX,    INT64_MIN,
    };
    char out[JB_INT_MAX];
    (void)state;
    for (size_t i = 0; i < sizeof(small) / sizeof(small[0]); i++)
        assert_formats(small[i]);
    for (size_t i = 0; i < sizeof(wide) / sizeof(wide[0]); i++)
        assert_formats(wide[i]);
    for (int64_t p = 1;; p *= 10) { /* 10^0 .. 10^18 */
        assert_formats(p - 1);
        assert_formats(p);
        assert_formats(p + 1);
        assert_formats(-p + 1);
        assert_formats(-p);
        assert_formats(-p - 1);
        if (p > INT64_MAX / 10)
            break;
    }
    assert_int_equal(jb_format_int(out, INT64_MIN), JB_INT_MAX);
}

/* Strings long and short, clean and not, in every length from 0 to 40 and with the byte
 * to escape at every place: jb_str() writes what cJSON prints (the word-at-a-time copy
 * of a clean string and its fall back to escaping agree with it). */
static void test_strings_of_every_length_print_as_cjson_does(void **state)
{
    static const char bad[] = {'"', '\\', '\n', '\x01', '\x1f'};
    char s[41];
    (void)state;
    for (size_t len = 0; len <= 40; len++) {
        for (size_t at = 0; at <= len; at++) {
            for (size_t k = 0; k < sizeof(bad); k++) {
                struct jbuf j = {0};
                cJSON *o = cJSON_CreateString("");
                char *printed;
                for (size_t i = 0; i < len; i++)
                    s[i] = (char)(i % 2 ? 'a' + (char)(i % 26) : '\xc3');
                if (at < len)
                    s[at] = bad[k]; /* at == len: the clean string */
                s[len] = '\0';
                cJSON_SetValuestring(o, s);
                printed = cJSON_PrintUnformatted(o);
                jb_str(&j, s);
                assert_false(j.failed);
                assert_string_equal(j.p, printed);
                free(printed);
                cJSON_Delete(o);
                jb_free(&j);
            }
        }
    }
}

UNIT_MAIN(NULL, NULL, cmocka_unit_test(test_writes_what_cjson_prints),
          cmocka_unit_test(test_reset_and_take),
          cmocka_unit_test(test_format_int_writes_every_int64_in_decimal),
          cmocka_unit_test(test_strings_of_every_length_print_as_cjson_does))
