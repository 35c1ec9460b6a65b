/* test_image.c -- a photo's type, dimensions and pixels (image.c), decoded by libpng,
 * libjpeg-turbo and libwebp from the fixtures of tests/integration/fixtures/. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "file.h"
#include "image.h"

#define FIXTURES "tests/integration/fixtures/"

/* A photo of each type the service takes, and its type. */
static const struct {
    const char *file;
    enum image_type type;
} photos[] = {{FIXTURES "photo.png", IMAGE_PNG},
              {FIXTURES "photo.jpg", IMAGE_JPEG},
              {FIXTURES "photo.webp", IMAGE_WEBP}};

/* The bytes of a fixture (the caller frees them). */
static char *fixture(const char *name, size_t *len)
{
    char *data = NULL;
    assert_int_equal(file_read(name, 1 << 20, &data, len, NULL), 0);
    return data;
}

/* Probe data as type: the code, and the dimensions when it decodes. */
static int probe(enum image_type type, const void *data, size_t len, unsigned *w, unsigned *h)
{
    struct sb_error err;
    memset(&err, 0, sizeof(err));
    int rc = image_probe(type, data, len, 4096, w, h, &err);
    if (rc != 0)
        assert_true(err.detail[0] != '\0');
    return rc;
}

/* The detail image_probe() gives data as type (it must refuse it). */
static void refused_with(enum image_type type, const void *data, size_t len, const char *part)
{
    struct sb_error err;
    unsigned w = 0, h = 0;
    memset(&err, 0, sizeof(err));
    assert_int_equal(image_probe(type, data, len, 4096, &w, &h, &err), SB_EINVALID);
    if (!strstr(err.detail, part))
        fail_msg("\"%s\" does not say \"%s\"", err.detail, part);
}

/* CRC-32 of PNG chunks (ISO 3309), to write a header by hand. */
static uint32_t crc32_png(const unsigned char *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
    }
    return c ^ 0xffffffffu;
}

static void put32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

/* A PNG signature, an IHDR chunk claiming w x h and an empty IDAT chunk, no pixel:
 * 45 bytes into out. */
static void png_header(unsigned char out[45], uint32_t w, uint32_t h)
{
    static const unsigned char sig[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    memcpy(out, sig, 8);
    put32(out + 8, 13);
    memcpy(out + 12, "IHDR", 4);
    put32(out + 16, w);
    put32(out + 20, h);
    out[24] = 8; /* bit depth */
    out[25] = 2; /* RGB */
    out[26] = out[27] = out[28] = 0;
    put32(out + 29, crc32_png(out + 12, 17));
    put32(out + 33, 0);
    memcpy(out + 37, "IDAT", 4);
    put32(out + 41, crc32_png(out + 37, 4));
}

static void test_each_type_decodes_its_dimensions(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(photos) / sizeof(photos[0]); i++) {
        size_t len = 0;
        unsigned w = 0, h = 0;
        char *data = fixture(photos[i].file, &len);
        assert_int_equal(probe(photos[i].type, data, len, &w, &h), 0);
        assert_int_equal(w, 16);
        assert_int_equal(h, 12);
        free(data);
    }
}

static void test_bytes_of_another_type_are_refused(void **state)
{
    static const char html[] = "<!doctype html><script>alert(1)</script>";
    size_t len = 0;
    unsigned w, h;
    char *jpeg = fixture(FIXTURES "photo.jpg", &len);
    (void)state;
    assert_int_equal(probe(IMAGE_PNG, html, sizeof(html) - 1, &w, &h), SB_EINVALID);
    assert_int_equal(probe(IMAGE_JPEG, html, sizeof(html) - 1, &w, &h), SB_EINVALID);
    assert_int_equal(probe(IMAGE_WEBP, html, sizeof(html) - 1, &w, &h), SB_EINVALID);
    assert_int_equal(probe(IMAGE_PNG, jpeg, len, &w, &h), SB_EINVALID);
    assert_int_equal(probe(IMAGE_WEBP, jpeg, len, &w, &h), SB_EINVALID);
    assert_int_equal(probe(IMAGE_JPEG, jpeg, 20, &w, &h), SB_EINVALID); /* cut short */
    assert_int_equal(probe(IMAGE_NONE, jpeg, len, &w, &h), SB_EMEDIA);
    free(jpeg);
}

static void test_png_header_alone_or_over_the_side_is_refused_and_a_bad_crc_too(void **state)
{
    unsigned char head[45];
    unsigned w = 0, h = 0;
    (void)state;
    png_header(head, 5000, 5000);
    refused_with(IMAGE_PNG, head, sizeof(head), "5000x5000: at most 4096x4096");
    png_header(head, 16, 12);
    refused_with(IMAGE_PNG, head, sizeof(head), "do not decode"); /* no pixel */
    head[20] ^= 1; /* the width changed under its CRC */
    assert_int_equal(probe(IMAGE_PNG, head, sizeof(head), &w, &h), SB_EINVALID);
    assert_int_equal(probe(IMAGE_PNG, head, 12, &w, &h), SB_EINVALID);
}

/* A chunk of type type with n bytes of fill at out (12 + n bytes, CRC right). */
static size_t png_chunk(unsigned char *out, const char *type, size_t n, unsigned char fill)
{
    put32(out, (uint32_t)n);
    memcpy(out + 4, type, 4);
    memset(out + 8, fill, n);
    put32(out + 8 + n, crc32_png(out + 4, 4 + n));
    return 12 + n;
}

/* photo.png with chunks text chunks of type type, each of size bytes, after its IHDR;
 * *len its length (the caller frees it). */
static unsigned char *png_with_text(const char *type, int chunks, size_t size, size_t *len)
{
    size_t plen = 0, at = 33; /* signature and IHDR */
    char *photo = fixture(FIXTURES "photo.png", &plen);
    unsigned char *out = malloc(plen + (size_t)chunks * (12 + size));
    assert_non_null(out);
    memcpy(out, photo, at);
    for (int i = 0; i < chunks; i++)
        at += png_chunk(out + at, type, size, 'x');
    memcpy(out + at, photo + 33, plen - 33);
    *len = at + plen - 33;
    free(photo);
    return out;
}

static void test_png_text_chunks_past_the_budget_are_refused_without_inflating_them(void **state)
{
    static const char *const types[] = {"zTXt", "iTXt", "tEXt"};
    unsigned w = 0, h = 0;
    size_t len = 0;
    unsigned char *p;
    (void)state;
    for (size_t i = 0; i < 3; i++) {
        p = png_with_text(types[i], 4, 1024, &len); /* within the budget: decodes */
        assert_int_equal(probe(IMAGE_PNG, p, len, &w, &h), 0);
        assert_int_equal(w, 16);
        free(p);
        p = png_with_text(types[i], 68, 7700, &len); /* 512 KiB of text: refused */
        refused_with(IMAGE_PNG, p, len, "more text than a photo");
        free(p);
        p = png_with_text(types[i], 33, 16, &len); /* too many, however small */
        refused_with(IMAGE_PNG, p, len, "more text than a photo");
        free(p);
    }
}

static void test_every_type_cut_short_is_refused(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(photos) / sizeof(photos[0]); i++) {
        size_t len = 0;
        char *data = fixture(photos[i].file, &len);
        /* after its header, before its end: every cut that keeps the header decoding */
        for (size_t cut = len / 2; cut < len - 2; cut += 7) {
            unsigned w = 0, h = 0;
            if (probe(photos[i].type, data, cut, &w, &h) == 0)
                fail_msg("%s cut to %zu of %zu bytes decodes", photos[i].file, cut, len);
        }
        free(data);
    }
}

static void test_content_types_accepted(void **state)
{
    (void)state;
    assert_int_equal(image_type_of("image/png"), IMAGE_PNG);
    assert_int_equal(image_type_of("IMAGE/JPEG; q=1"), IMAGE_JPEG);
    assert_int_equal(image_type_of("image/webp"), IMAGE_WEBP);
    assert_int_equal(image_type_of("image/gif"), IMAGE_NONE);
    assert_int_equal(image_type_of("image/pngx"), IMAGE_NONE);
    assert_int_equal(image_type_of("text/html"), IMAGE_NONE);
    assert_int_equal(image_type_of(NULL), IMAGE_NONE);
    assert_string_equal(image_type_name(IMAGE_WEBP), "image/webp");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_type_decodes_its_dimensions),
        cmocka_unit_test(test_bytes_of_another_type_are_refused),
        cmocka_unit_test(test_png_header_alone_or_over_the_side_is_refused_and_a_bad_crc_too),
        cmocka_unit_test(test_png_text_chunks_past_the_budget_are_refused_without_inflating_them),
        cmocka_unit_test(test_every_type_cut_short_is_refused),
        cmocka_unit_test(test_content_types_accepted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
