/* test_json.c -- strict JSON input (json.c): body parsing and the typed field readers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "json.h"

/* ---- helpers ---------------------------------------------------------------------- */

/* Parse text (len bytes) and return the code; the document is freed. */
static int parse_len(const char *text, size_t len)
{
    cJSON *doc = NULL;
    struct sb_error err;
    memset(&err, 0, sizeof(err));
    int rc = json_parse(text, len, &doc, &err);
    if (rc == 0)
        assert_non_null(doc);
    else
        assert_int_equal(err.code, rc);
    cJSON_Delete(doc);
    return rc;
}

static int parse(const char *text)
{
    return parse_len(text, strlen(text));
}

/* An object parsed from text, for the field readers; the caller frees it. */
static cJSON *object(const char *text)
{
    cJSON *doc = NULL;
    struct sb_error err;
    assert_int_equal(json_parse_object(text, strlen(text), &doc, &err), 0);
    return doc;
}

/* ---- json_parse: UTF-8 and NUL ---------------------------------------------------- */

static void test_parse_accepts_valid_utf8(void **state)
{
    (void)state;
    assert_int_equal(parse("{\"name\":\"Zo\xc3\xab\"}"), 0);                  /* 2 bytes */
    assert_int_equal(parse("{\"name\":\"\xe2\x82\xac 10\"}"), 0);             /* 3 bytes */
    assert_int_equal(parse("{\"name\":\"\xf0\x9f\x8e\xb2\"}"), 0);            /* 4 bytes */
    assert_int_equal(parse("{\"name\":\"\xf4\x8f\xbf\xbf\"}"), 0);            /* U+10FFFF */
    assert_int_equal(parse("{\"name\":\"\\ud83c\\udfb2 escaped pair\"}"), 0); /* \u pair */
}

static void test_parse_refuses_invalid_utf8(void **state)
{
    (void)state;
    assert_int_equal(parse("{\"name\":\"\xff\"}"), SB_EBADREQ);             /* never valid */
    assert_int_equal(parse("{\"name\":\"\x80\"}"), SB_EBADREQ);             /* lone continuation */
    assert_int_equal(parse("{\"name\":\"\xc3\"}"), SB_EBADREQ);             /* cut short */
    assert_int_equal(parse("{\"name\":\"\xe2\x82\"}"), SB_EBADREQ);         /* cut short */
    assert_int_equal(parse("{\"name\":\"\xf5\x80\x80\x80\"}"), SB_EBADREQ); /* over U+10FFFF */
    assert_int_equal(parse("{\"name\":\"\xf4\x90\x80\x80\"}"), SB_EBADREQ); /* U+110000 */
    /* A multi-byte character cut by the end of the body. */
    assert_int_equal(parse_len("\"\xe2\x82\xac\"", 3), SB_EBADREQ);
}

static void test_parse_refuses_overlong_encodings(void **state)
{
    (void)state;
    assert_int_equal(parse("{\"n\":\"\xc0\xaf\"}"), SB_EBADREQ);         /* '/' in 2 bytes */
    assert_int_equal(parse("{\"n\":\"\xc1\xbf\"}"), SB_EBADREQ);         /* U+7F in 2 bytes */
    assert_int_equal(parse("{\"n\":\"\xe0\x80\xaf\"}"), SB_EBADREQ);     /* '/' in 3 bytes */
    assert_int_equal(parse("{\"n\":\"\xe0\x9f\xbf\"}"), SB_EBADREQ);     /* U+7FF in 3 bytes */
    assert_int_equal(parse("{\"n\":\"\xf0\x8f\xbf\xbf\"}"), SB_EBADREQ); /* U+FFFF in 4 */
    assert_int_equal(parse("{\"n\":\"\xc0\x80\"}"), SB_EBADREQ);         /* modified-UTF-8 NUL */
}

static void test_parse_refuses_encoded_surrogates(void **state)
{
    (void)state;
    assert_int_equal(parse("{\"n\":\"\xed\xa0\x80\"}"), SB_EBADREQ); /* U+D800 */
    assert_int_equal(parse("{\"n\":\"\xed\xbf\xbf\"}"), SB_EBADREQ); /* U+DFFF */
    assert_int_equal(parse("{\"n\":\"\xed\x9f\xbf\"}"), 0);          /* U+D7FF is fine */
    assert_int_equal(parse("{\"n\":\"\xee\x80\x80\"}"), 0);          /* U+E000 is fine */
}

static void test_parse_refuses_raw_nul(void **state)
{
    static const char body[] = "{\"name\":\"a\0b\"}";
    (void)state;
    assert_int_equal(parse_len(body, sizeof(body) - 1), SB_EBADREQ);
    /* Even after the value, where cJSON would stop reading. */
    static const char tail[] = "{}\0";
    assert_int_equal(parse_len(tail, sizeof(tail) - 1), SB_EBADREQ);
}

static void test_parse_refuses_escaped_nul_in_a_string(void **state)
{
    (void)state;
    assert_int_equal(parse("{\"name\":\"a\\u0000b\"}"), SB_EBADREQ);
    assert_int_equal(parse("{\"na\\u0000me\":1}"), SB_EBADREQ); /* in a key too */
    assert_int_equal(parse("[\"\\u0000\"]"), SB_EBADREQ);
}

static void test_parse_accepts_escaped_backslash_before_u0000_text(void **state)
{
    cJSON *doc = NULL;
    struct sb_error err;
    static const char body[] = "{\"name\":\"a\\\\u0000b\"}"; /* the text a\u0000b */
    (void)state;
    assert_int_equal(json_parse(body, strlen(body), &doc, &err), 0);
    assert_string_equal(cJSON_GetObjectItemCaseSensitive(doc, "name")->valuestring, "a\\u0000b");
    cJSON_Delete(doc);
    /* Two escaped backslashes, then a real escape: NUL again. */
    assert_int_equal(parse("{\"n\":\"\\\\\\\\\\u0000\"}"), SB_EBADREQ);
    /* An escaped quote does not end the string early. */
    assert_int_equal(parse("{\"n\":\"\\\"\\u0000\"}"), SB_EBADREQ);
}

/* ---- json_parse: shape ------------------------------------------------------------ */

static void test_parse_depth_limit(void **state)
{
    char deep[2 * (JSON_MAX_DEPTH + 1) + 1];
    size_t i;
    (void)state;
    for (i = 0; i < JSON_MAX_DEPTH; i++) {
        deep[i] = '[';
        deep[2 * JSON_MAX_DEPTH - 1 - i] = ']';
    }
    deep[2 * JSON_MAX_DEPTH] = '\0';
    assert_int_equal(parse(deep), 0); /* exactly the limit */
    for (i = 0; i < JSON_MAX_DEPTH + 1; i++) {
        deep[i] = '[';
        deep[2 * (JSON_MAX_DEPTH + 1) - 1 - i] = ']';
    }
    deep[2 * (JSON_MAX_DEPTH + 1)] = '\0';
    assert_int_equal(parse(deep), SB_EBADREQ); /* one deeper */
    /* Brackets inside strings do not count. */
    char quoted[JSON_MAX_DEPTH + 16];
    memset(quoted, '[', sizeof(quoted));
    quoted[0] = '"';
    quoted[sizeof(quoted) - 2] = '"';
    quoted[sizeof(quoted) - 1] = '\0';
    assert_int_equal(parse(quoted), 0);
}

static void test_parse_refuses_trailing_garbage(void **state)
{
    (void)state;
    assert_int_equal(parse("{} x"), SB_EBADREQ);
    assert_int_equal(parse("{}{}"), SB_EBADREQ);
    assert_int_equal(parse("[1]]"), SB_EBADREQ);
    assert_int_equal(parse("{} \r\n\t"), 0); /* whitespace is fine */
}

static void test_parse_refuses_a_repeated_key(void **state)
{
    struct sb_error err;
    cJSON *doc = NULL;
    assert_int_equal(json_parse("{\"type\":\"note\",\"type\":\"pay\"}", 28, &doc, &err),
                     SB_EBADREQ);
    (void)state;
    assert_non_null(strstr(err.detail, "'type' appears twice"));
    /* the same key once escaped: cJSON unescapes both to "a" */
    assert_int_equal(parse("{\"a\":1,\"\\u0061\":2}"), SB_EBADREQ);
    /* deep inside arrays and objects */
    assert_int_equal(parse("[{\"x\":{\"k\":1,\"k\":1}}]"), SB_EBADREQ);
    /* the same key in two objects, or keys that differ in case, are fine */
    assert_int_equal(parse("[{\"k\":1},{\"k\":2},{\"K\":3,\"k\":4}]"), 0);
}

/* An object of 100 keys and then last; the detail of a refusal is kept in err. */
static int parse_many(const char *last, struct sb_error *err)
{
    char text[4096];
    size_t n = 0;
    cJSON *doc = NULL;
    int rc;
    n += (size_t)snprintf(text + n, sizeof(text) - n, "{");
    for (int i = 0; i < 100; i++)
        n += (size_t)snprintf(text + n, sizeof(text) - n, "\"k%d\":%d,", i, i);
    snprintf(text + n, sizeof(text) - n, "\"%s\":0}", last);
    rc = json_parse(text, strlen(text), &doc, err);
    cJSON_Delete(doc);
    return rc;
}

static void test_parse_refuses_a_repeated_key_among_many(void **state)
{
    struct sb_error err;
    (void)state;
    assert_int_equal(parse_many("last", &err), 0);
    assert_int_equal(parse_many("k42", &err), SB_EBADREQ);
    assert_non_null(strstr(err.detail, "'k42' appears twice"));
}

static void test_parse_refuses_empty_and_malformed_bodies(void **state)
{
    (void)state;
    assert_int_equal(parse_len("", 0), SB_EBADREQ);
    assert_int_equal(parse("   "), SB_EBADREQ);
    assert_int_equal(parse("{\"a\":}"), SB_EBADREQ);
    assert_int_equal(parse("{'a':1}"), SB_EBADREQ);
    assert_int_equal(parse("{\"a\":1,}"), SB_EBADREQ);
}

static void test_parse_reads_only_len_bytes(void **state)
{
    static const char text[] = "{\"a\":1}garbage";
    cJSON *doc = NULL;
    struct sb_error err;
    (void)state;
    assert_int_equal(json_parse(text, 7, &doc, &err), 0);
    assert_int_equal(cJSON_GetObjectItemCaseSensitive(doc, "a")->valueint, 1);
    cJSON_Delete(doc);
}

static void test_parse_object_refuses_other_values(void **state)
{
    cJSON *doc = NULL;
    struct sb_error err;
    (void)state;
    assert_int_equal(json_parse_object("[]", 2, &doc, &err), SB_EBADREQ);
    assert_null(doc);
    assert_int_equal(json_parse_object("\"x\"", 3, &doc, &err), SB_EBADREQ);
    assert_int_equal(json_parse_object("12", 2, &doc, &err), SB_EBADREQ);
    assert_int_equal(json_parse_object("null", 4, &doc, &err), SB_EBADREQ);
    assert_int_equal(json_parse_object("{}", 2, &doc, &err), 0);
    assert_true(cJSON_IsObject(doc));
    cJSON_Delete(doc);
}

/* ---- json_get_int ----------------------------------------------------------------- */

/* Read obj.n from text within [min, max]; *out gets the value. Returns the code. */
static int get_int(const char *text, int64_t min, int64_t max, int64_t *out)
{
    cJSON *doc = object(text);
    struct sb_error err;
    bool present = false;
    memset(&err, 0, sizeof(err));
    int rc = json_get_int(doc, "n", true, min, max, out, &present, &err);
    assert_int_equal(present, rc == 0);
    if (rc != 0) {
        assert_int_equal(err.code, rc);
        assert_true(strstr(err.detail, "'n'") != NULL);
    }
    cJSON_Delete(doc);
    return rc;
}

static void test_get_int_bounds_at_two_to_the_53(void **state)
{
    int64_t v = 0;
    (void)state;
    assert_int_equal(get_int("{\"n\":9007199254740992}", -JSON_INT_MAX, JSON_INT_MAX, &v), 0);
    assert_true(v == JSON_INT_MAX);
    assert_int_equal(get_int("{\"n\":-9007199254740992}", -JSON_INT_MAX, JSON_INT_MAX, &v), 0);
    assert_true(v == -JSON_INT_MAX);
    /* 2^53 + 2 is exactly representable as a double, and still out of bounds. */
    assert_int_equal(get_int("{\"n\":9007199254740994}", -JSON_INT_MAX, JSON_INT_MAX, &v),
                     SB_EBADREQ);
    assert_int_equal(get_int("{\"n\":-9007199254740994}", -JSON_INT_MAX, JSON_INT_MAX, &v),
                     SB_EBADREQ);
}

static void test_get_int_refuses_fractions_and_huge_numbers(void **state)
{
    int64_t v = 7;
    (void)state;
    assert_int_equal(get_int("{\"n\":1.5}", 0, 10, &v), SB_EBADREQ);
    assert_int_equal(get_int("{\"n\":1e300}", 0, JSON_INT_MAX, &v), SB_EBADREQ);
    assert_int_equal(get_int("{\"n\":-1e300}", -JSON_INT_MAX, 0, &v), SB_EBADREQ);
    assert_true(v == 7); /* untouched on failure */
    /* A whole number written with an exponent or a zero fraction is a whole number. */
    assert_int_equal(get_int("{\"n\":2e3}", 0, 10000, &v), 0);
    assert_true(v == 2000);
    assert_int_equal(get_int("{\"n\":3.0}", 0, 10, &v), 0);
    assert_true(v == 3);
}

static void test_get_int_wrong_type_is_400_out_of_range_is_422(void **state)
{
    int64_t v = 0;
    (void)state;
    assert_int_equal(get_int("{\"n\":\"5\"}", 0, 10, &v), SB_EBADREQ);
    assert_int_equal(get_int("{\"n\":true}", 0, 10, &v), SB_EBADREQ);
    assert_int_equal(get_int("{\"n\":[5]}", 0, 10, &v), SB_EBADREQ);
    assert_int_equal(get_int("{\"n\":{}}", 0, 10, &v), SB_EBADREQ);
    assert_int_equal(get_int("{\"n\":11}", 0, 10, &v), SB_EINVALID);
    assert_int_equal(get_int("{\"n\":-1}", 0, 10, &v), SB_EINVALID);
    assert_int_equal(sb_status(SB_EINVALID), 422);
    assert_int_equal(sb_status(SB_EBADREQ), 400);
    assert_int_equal(get_int("{\"n\":10}", 0, 10, &v), 0);
    assert_true(v == 10);
    assert_int_equal(get_int("{\"n\":0}", 0, 10, &v), 0);
    assert_true(v == 0);
}

static void test_get_int_absent_required_or_optional(void **state)
{
    cJSON *doc = object("{\"other\":1,\"nul\":null}");
    struct sb_error err;
    int64_t v = 42;
    bool present = true;
    (void)state;
    assert_int_equal(json_get_int(doc, "n", true, 0, 10, &v, &present, &err), SB_EBADREQ);
    assert_false(present);
    assert_non_null(strstr(err.detail, "required"));
    present = true;
    assert_int_equal(json_get_int(doc, "n", false, 0, 10, &v, &present, &err), 0);
    assert_false(present);
    assert_true(v == 42);
    /* null counts as absent */
    assert_int_equal(json_get_int(doc, "nul", false, 0, 10, &v, &present, &err), 0);
    assert_false(present);
    assert_int_equal(json_get_int(doc, "nul", true, 0, 10, &v, NULL, &err), SB_EBADREQ);
    /* keys are case-sensitive */
    assert_int_equal(json_get_int(doc, "OTHER", true, 0, 10, &v, NULL, &err), SB_EBADREQ);
    assert_int_equal(json_get_int(doc, "other", true, 0, 10, &v, NULL, NULL), 0);
    assert_true(v == 1);
    cJSON_Delete(doc);
}

/* ---- json_get_string, json_get_bool, json_utf8_chars ------------------------------ */

static void test_get_string_counts_utf8_characters_up_to_80(void **state)
{
    char text[512], name[400];
    const char *out = NULL;
    struct sb_error err;
    cJSON *doc;
    size_t len = 0;
    (void)state;
    /* 80 two-byte characters: 160 bytes, still a valid name. */
    for (int i = 0; i < JSON_NAME_MAX_CHARS; i++, len += 2)
        memcpy(name + len, "\xc3\xa9", 2);
    name[len] = '\0';
    snprintf(text, sizeof(text), "{\"name\":\"%s\"}", name);
    doc = object(text);
    assert_int_equal(json_get_string(doc, "name", true, JSON_NAME_MAX_CHARS, false, &out, &err), 0);
    assert_string_equal(out, name);
    cJSON_Delete(doc);
    /* 81 characters: 422. */
    memcpy(name + len, "x", 2);
    snprintf(text, sizeof(text), "{\"name\":\"%s\"}", name);
    doc = object(text);
    out = NULL;
    assert_int_equal(json_get_string(doc, "name", true, JSON_NAME_MAX_CHARS, false, &out, &err),
                     SB_EINVALID);
    assert_null(out);
    cJSON_Delete(doc);
    /* One character is enough. */
    doc = object("{\"name\":\"x\"}");
    assert_int_equal(json_get_string(doc, "name", true, JSON_NAME_MAX_CHARS, false, &out, &err), 0);
    assert_string_equal(out, "x");
    cJSON_Delete(doc);
}

static void test_get_string_empty_refused_unless_allowed(void **state)
{
    cJSON *doc = object("{\"s\":\"\"}");
    const char *out = NULL;
    struct sb_error err;
    (void)state;
    assert_int_equal(json_get_string(doc, "s", true, 10, false, &out, &err), SB_EINVALID);
    assert_null(out);
    assert_int_equal(json_get_string(doc, "s", true, 10, true, &out, &err), 0);
    assert_non_null(out);
    assert_string_equal(out, "");
    cJSON_Delete(doc);
}

static void test_get_string_types_and_absence(void **state)
{
    cJSON *doc = object("{\"n\":5,\"b\":false,\"a\":[\"x\"]}");
    const char *out = "untouched";
    struct sb_error err;
    (void)state;
    assert_int_equal(json_get_string(doc, "n", true, 10, false, &out, &err), SB_EBADREQ);
    assert_int_equal(json_get_string(doc, "b", true, 10, false, &out, &err), SB_EBADREQ);
    assert_int_equal(json_get_string(doc, "a", true, 10, false, &out, &err), SB_EBADREQ);
    assert_int_equal(json_get_string(doc, "s", true, 10, false, &out, &err), SB_EBADREQ);
    assert_int_equal(json_get_string(doc, "s", false, 10, false, &out, &err), 0);
    assert_string_equal(out, "untouched");
    cJSON_Delete(doc);
}

static void test_get_bool(void **state)
{
    cJSON *doc = object("{\"t\":true,\"f\":false,\"n\":1,\"s\":\"true\"}");
    struct sb_error err;
    bool v = false, present = false;
    (void)state;
    assert_int_equal(json_get_bool(doc, "t", true, &v, &present, &err), 0);
    assert_true(v);
    assert_true(present);
    assert_int_equal(json_get_bool(doc, "f", true, &v, &present, &err), 0);
    assert_false(v);
    assert_int_equal(json_get_bool(doc, "n", true, &v, &present, &err), SB_EBADREQ);
    assert_false(present);
    assert_int_equal(json_get_bool(doc, "s", true, &v, NULL, &err), SB_EBADREQ);
    assert_int_equal(json_get_bool(doc, "x", true, &v, NULL, &err), SB_EBADREQ);
    v = true;
    assert_int_equal(json_get_bool(doc, "x", false, &v, &present, &err), 0);
    assert_false(present);
    assert_true(v);
    cJSON_Delete(doc);
}

/* ---- json_at_*: fields of stored documents, named by their path ------------------------- */

static void test_at_readers_name_the_path_and_key(void **state)
{
    cJSON *doc = object("{\"n\":7,\"big\":4294967296,\"m\":15,\"b\":1,\"s\":\"go\"}");
    static const char *const names[] = {"stop", NULL, "go"};
    struct sb_error err;
    int64_t big = 0;
    int n = 0;
    bool b = false;
    (void)state;
    assert_int_equal(json_at_int(doc, "state.turn", "n", 0, 9, &n, &err), 0);
    assert_int_equal(n, 7);
    assert_int_equal(json_at_int(doc, "state.turn", "n", 0, 6, &n, &err), SB_EINVALID);
    assert_string_equal(err.detail, "state.turn.n: must be a whole number from 0 to 6");
    assert_int_equal(json_at_i64(doc, "", "big", 0, JSON_INT_MAX, &big, &err), 0);
    assert_true(big == 4294967296LL);
    assert_int_equal(json_at_int(doc, "x", "gone", 0, 1, &n, &err), SB_EINVALID);
    assert_string_equal(err.detail, "x.gone: is required");
    assert_int_equal(json_at_money(doc, "", "m", &n, &err), SB_EINVALID);
    assert_string_equal(err.detail, "m: must be a multiple of 10 from 0 to 1000000000");
    assert_int_equal(json_at_bool(doc, "p", "b", &b, &err), SB_EINVALID);
    assert_string_equal(err.detail, "p.b: must be true or false");
    assert_int_equal(json_at_enum(doc, "p", "s", names, 3, &n, &err), 0);
    assert_int_equal(n, 2);
    assert_int_equal(json_at_enum(doc, "p", "s", names, 2, &n, &err), SB_EINVALID);
    assert_string_equal(err.detail, "p.s: unknown value 'go'");
    cJSON_Delete(doc);
}

static void test_utf8_chars_counts_characters_not_bytes(void **state)
{
    (void)state;
    assert_int_equal(json_utf8_chars(""), 0);
    assert_int_equal(json_utf8_chars("abc"), 3);
    assert_int_equal(json_utf8_chars("Zo\xc3\xab"), 3);
    assert_int_equal(json_utf8_chars("\xe2\x82\xac"), 1);
    assert_int_equal(json_utf8_chars("\xf0\x9f\x8e\xb2!"), 2);
}

static void test_utf8_valid_matches_the_parser(void **state)
{
    (void)state;
    assert_true(json_utf8_valid("", 0));
    assert_true(json_utf8_valid("h\xc3\xa9", 3));
    assert_false(json_utf8_valid("h\xc3\xa9", 2));
    assert_false(json_utf8_valid("a\0b", 3));
    assert_false(json_utf8_valid("\xed\xa0\x80", 3));
    assert_false(json_utf8_valid("\xe0\x80\xaf", 3));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_accepts_valid_utf8),
        cmocka_unit_test(test_parse_refuses_invalid_utf8),
        cmocka_unit_test(test_parse_refuses_overlong_encodings),
        cmocka_unit_test(test_parse_refuses_encoded_surrogates),
        cmocka_unit_test(test_parse_refuses_raw_nul),
        cmocka_unit_test(test_parse_refuses_escaped_nul_in_a_string),
        cmocka_unit_test(test_parse_accepts_escaped_backslash_before_u0000_text),
        cmocka_unit_test(test_parse_depth_limit),
        cmocka_unit_test(test_parse_refuses_a_repeated_key),
        cmocka_unit_test(test_parse_refuses_a_repeated_key_among_many),
        cmocka_unit_test(test_parse_refuses_trailing_garbage),
        cmocka_unit_test(test_parse_refuses_empty_and_malformed_bodies),
        cmocka_unit_test(test_parse_reads_only_len_bytes),
        cmocka_unit_test(test_parse_object_refuses_other_values),
        cmocka_unit_test(test_get_int_bounds_at_two_to_the_53),
        cmocka_unit_test(test_get_int_refuses_fractions_and_huge_numbers),
        cmocka_unit_test(test_get_int_wrong_type_is_400_out_of_range_is_422),
        cmocka_unit_test(test_get_int_absent_required_or_optional),
        cmocka_unit_test(test_get_string_counts_utf8_characters_up_to_80),
        cmocka_unit_test(test_get_string_empty_refused_unless_allowed),
        cmocka_unit_test(test_get_string_types_and_absence),
        cmocka_unit_test(test_get_bool),
        cmocka_unit_test(test_at_readers_name_the_path_and_key),
        cmocka_unit_test(test_utf8_chars_counts_characters_not_bytes),
        cmocka_unit_test(test_utf8_valid_matches_the_parser),
    };
    return cmocka_run_group_tests(tests, 0, NULL);
}
