/* test_text.c -- names (text.c, API.md "Further additions (2026-12-b)"): trimmed and
 * NFC-normalised, refused when empty or hiding characters, compared ignoring case. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "unit_main.h"

#include <string.h>

#include "text.h"

/* text_name() of in: its answer, the clean name in out. */
static int clean(const char *in, char out[TEXT_NAME_BYTES], const char **why)
{
    *why = NULL;
    return text_name(in, out, TEXT_NAME_BYTES, why);
}

static void test_names_are_trimmed_of_spaces_of_any_width_and_made_nfc(void **state)
{
    char out[TEXT_NAME_BYTES];
    const char *why;
    (void)state;
    assert_int_equal(clean("  Ann  ", out, &why), 0);
    assert_string_equal(out, "Ann");
    assert_int_equal(clean("\xe3\x80\x80"
                           "Bo\xc2\xa0",
                           out, &why),
                     0); /* U+3000, U+00A0 */
    assert_string_equal(out, "Bo");
    assert_int_equal(clean("Jose\xcc\x81", out, &why), 0); /* e + combining acute */
    assert_string_equal(out, "Jos\xc3\xa9");               /* U+00E9 */
    assert_int_equal(clean("Ann Marie", out, &why), 0);
    assert_string_equal(out, "Ann Marie");
}

static void test_empty_control_bidi_and_invisible_names_are_refused(void **state)
{
    static const char *const bad[] = {
        "   ",
        "\xe3\x80\x80",    /* U+3000 only */
        "Ann\x07",         /* BEL */
        "Ann\nBo",         /* a line feed */
        "Ann\t",           /* a tab is no space */
        "Ann\xe2\x80\xa8", /* U+2028 line separator */
        "\xe2\x80\xae"
        "nnA", /* U+202E right-to-left override */
        "\xe2\x81\xa6"
        "Ann\xe2\x81\xa9", /* U+2066 .. U+2069 isolate */
        "Ann\xe2\x80\x8f", /* U+200F right-to-left mark */
        "A\xe2\x80\x8bnn", /* U+200B zero-width space */
        "Ann\xe2\x81\xa0", /* U+2060 word joiner */
        "\xef\xbb\xbf"
        "Ann", /* U+FEFF */
        "\xe2\x80\x8d"
        "Ann",          /* a joiner that joins nothing */
        "\xe3\x85\xa4", /* U+3164 Hangul filler */
        "Ann\xc2\xad",  /* U+00AD soft hyphen */
    };
    char out[TEXT_NAME_BYTES];
    const char *why;
    (void)state;
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        assert_int_equal(clean(bad[i], out, &why), -1);
        assert_non_null(why);
    }
}

static void test_emoji_with_joiners_and_variation_selectors_are_names(void **state)
{
    char out[TEXT_NAME_BYTES];
    const char *why;
    (void)state;
    /* man ZWJ woman ZWJ girl, and a heart with VS16 */
    const char *fam = "\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7 "
                      "\xe2\x9d\xa4\xef\xb8\x8f";
    assert_int_equal(clean(fam, out, &why), 0);
    assert_string_equal(out, fam);
}

static void test_same_name_ignores_case_and_normal_form(void **state)
{
    (void)state;
    assert_true(text_same_name("Ann", "ANN"));
    assert_true(text_same_name("Jos\xc3\xa9", "JOSE\xcc\x81"));
    assert_true(text_same_name("Stra\xc3\x9f"
                               "e",
                               "STRASSE"));
    /* fullwidth P and 0 (U+FF30 U+FF10) are "P0" (NFKC_Casefold) */
    assert_true(text_same_name("\xef\xbc\xb0\xef\xbc\x90", "P0"));
    assert_true(text_same_name("\xef\xbd\x90\xef\xbc\x90", "P0"));
    assert_false(text_same_name("\xef\xbc\xb0\xef\xbc\x91", "P0"));
    assert_false(text_same_name("Ann", "Anna"));
    assert_false(text_same_name("Jose", "Jos\xc3\xa9"));
}

UNIT_MAIN(NULL, NULL, cmocka_unit_test(test_names_are_trimmed_of_spaces_of_any_width_and_made_nfc),
          cmocka_unit_test(test_empty_control_bidi_and_invisible_names_are_refused),
          cmocka_unit_test(test_emoji_with_joiners_and_variation_selectors_are_names),
          cmocka_unit_test(test_same_name_ignores_case_and_normal_form))
