/* test_image.c -- a photo's type and dimensions (image.c), read by libpng,
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
    int rc = image_probe(type, data, len, w, h, &err);
    if (rc != 0)
        assert_true(err.detail[0] != '\0');
    return rc;
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
    static const struct {
        const char *file;
        enum image_type type;
    } cases[] = {{FIXTURES "photo.png", IMAGE_PNG},
                 {FIXTURES "photo.jpg", IMAGE_JPEG},
                 {FIXTURES "photo.webp", IMAGE_WEBP}};
    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        size_t len = 0;
        unsigned w = 0, h = 0;
        char *data = fixture(cases[i].file, &len);
        assert_int_equal(probe(cases[i].type, data, len, &w, &h), 0);
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

static void test_png_header_gives_what_it_claims_and_a_bad_crc_is_refused(void **state)
{
    unsigned char head[45];
    unsigned w = 0, h = 0;
    (void)state;
    png_header(head, 5000, 5000);
    assert_int_equal(probe(IMAGE_PNG, head, sizeof(head), &w, &h), 0);
    assert_int_equal(w, 5000);
    assert_int_equal(h, 5000);
    head[20] ^= 1; /* the width changed under its CRC */
    assert_int_equal(probe(IMAGE_PNG, head, sizeof(head), &w, &h), SB_EINVALID);
    assert_int_equal(probe(IMAGE_PNG, head, 12, &w, &h), SB_EINVALID);
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
        cmocka_unit_test(test_png_header_gives_what_it_claims_and_a_bad_crc_is_refused),
        cmocka_unit_test(test_content_types_accepted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
