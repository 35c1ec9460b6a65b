/* test_keys.c -- campaign secrets (keys.c): random base64url keys, hashes, comparison. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdbool.h>
#include <string.h>

#include "keys.h"

static int setup_sodium(void **state)
{
    (void)state;
    return keys_init();
}

/* True when every character of s is in the base64url alphabet (no padding). */
static bool is_base64url(const char *s)
{
    for (; *s; s++)
        if (!((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
              *s == '-' || *s == '_'))
            return false;
    return true;
}

static void test_key_is_43_base64url_characters(void **state)
{
    char key[KEYS_TEXT_MAX];
    (void)state;
    for (int i = 0; i < 64; i++) {
        memset(key, '!', sizeof(key));
        keys_generate(key);
        assert_int_equal(strlen(key), 43); /* 32 bytes, no padding */
        assert_true(is_base64url(key));
    }
}

static void test_two_keys_differ(void **state)
{
    char a[KEYS_TEXT_MAX], b[KEYS_TEXT_MAX];
    (void)state;
    keys_generate(a);
    keys_generate(b);
    assert_string_not_equal(a, b);
}

static void test_hash_is_deterministic(void **state)
{
    unsigned char h1[KEYS_HASH_BYTES], h2[KEYS_HASH_BYTES];
    char key[KEYS_TEXT_MAX];
    (void)state;
    keys_generate(key);
    keys_hash(key, strlen(key), h1);
    keys_hash(key, strlen(key), h2);
    assert_memory_equal(h1, h2, KEYS_HASH_BYTES);
    assert_true(keys_equal(h1, h2));
}

static void test_hash_differs_between_keys(void **state)
{
    unsigned char h1[KEYS_HASH_BYTES], h2[KEYS_HASH_BYTES], h3[KEYS_HASH_BYTES];
    char a[KEYS_TEXT_MAX], b[KEYS_TEXT_MAX];
    (void)state;
    keys_generate(a);
    keys_generate(b);
    keys_hash(a, strlen(a), h1);
    keys_hash(b, strlen(b), h2);
    assert_memory_not_equal(h1, h2, KEYS_HASH_BYTES);
    assert_false(keys_equal(h1, h2));
    /* The length counts: a key's prefix is another key. */
    keys_hash(a, strlen(a) - 1, h3);
    assert_false(keys_equal(h1, h3));
}

static void test_keys_equal_sees_a_single_bit(void **state)
{
    unsigned char a[KEYS_HASH_BYTES], b[KEYS_HASH_BYTES];
    (void)state;
    keys_hash("stampbook", 9, a);
    for (int i = 0; i < KEYS_HASH_BYTES; i++) {
        memcpy(b, a, sizeof(b));
        assert_true(keys_equal(a, b));
        b[i] ^= 0x01;
        assert_false(keys_equal(a, b));
    }
}

/* A connection's memo gives each key its own hash: the same key again, another key,
 * the first one's prefix, and a key too long to keep all hash as keys_hash() does. */
static void test_hash_memo_gives_each_key_its_own_hash(void **state)
{
    struct keys_memo memo = {0};
    unsigned char want[KEYS_HASH_BYTES], got[KEYS_HASH_BYTES];
    char a[KEYS_TEXT_MAX], b[KEYS_TEXT_MAX], longer[2 * KEYS_TEXT_MAX];
    (void)state;
    keys_generate(a);
    keys_generate(b);
    memset(longer, 'k', sizeof(longer));
    const struct {
        const char *key;
        size_t len;
    } seq[] = {{a, strlen(a)},           {a, strlen(a)}, {b, strlen(b)},
               {a, strlen(a) - 1},       {a, strlen(a)}, {longer, sizeof(longer)},
               {longer, sizeof(longer)}, {a, strlen(a)}};
    for (size_t i = 0; i < sizeof(seq) / sizeof(seq[0]); i++) {
        keys_hash(seq[i].key, seq[i].len, want);
        keys_hash_memo(&memo, seq[i].key, seq[i].len, got);
        assert_memory_equal(want, got, KEYS_HASH_BYTES);
    }
    /* The last key fitted: it is kept, and wiped on demand. */
    assert_int_equal(memo.len, strlen(a));
    keys_memo_clear(&memo);
    assert_int_equal(memo.len, 0);
    assert_int_equal(memo.key[0], 0);
    keys_hash_memo(NULL, a, strlen(a), got); /* no memo: the plain hash */
    keys_hash(a, strlen(a), want);
    assert_memory_equal(want, got, KEYS_HASH_BYTES);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_key_is_43_base64url_characters),
        cmocka_unit_test(test_two_keys_differ),
        cmocka_unit_test(test_hash_is_deterministic),
        cmocka_unit_test(test_hash_differs_between_keys),
        cmocka_unit_test(test_keys_equal_sees_a_single_bit),
        cmocka_unit_test(test_hash_memo_gives_each_key_its_own_hash),
    };
    return cmocka_run_group_tests(tests, setup_sodium, NULL);
}
