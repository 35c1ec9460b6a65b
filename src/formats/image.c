/* image.c -- a photo's type and dimensions, read by libpng, libjpeg-turbo and libwebp
 * (image.h). Each library reads only the header: nothing is decoded past it. */
#include "image.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <jpeglib.h>
#include <png.h>
#include <webp/decode.h>

enum image_type image_type_of(const char *content_type)
{
    static const struct {
        const char *name;
        enum image_type type;
    } types[] = {{"image/jpeg", IMAGE_JPEG}, {"image/png", IMAGE_PNG}, {"image/webp", IMAGE_WEBP}};
    size_t n;
    if (!content_type)
        return IMAGE_NONE;
    while (*content_type == ' ')
        content_type++;
    n = strcspn(content_type, "; ");
    for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
        if (n == strlen(types[i].name) && strncasecmp(content_type, types[i].name, n) == 0)
            return types[i].type;
    return IMAGE_NONE;
}

const char *image_type_name(enum image_type type)
{
    switch (type) {
    case IMAGE_JPEG: return "image/jpeg";
    case IMAGE_PNG: return "image/png";
    case IMAGE_WEBP: return "image/webp";
    default: return "";
    }
}

/* ---- PNG ---- */

struct png_source {
    const unsigned char *data;
    size_t len, at;
    jmp_buf fail;
};

static void png_read_mem(png_structp png, png_bytep out, size_t n)
{
    struct png_source *src = png_get_io_ptr(png);
    if (n > src->len - src->at)
        png_error(png, "the PNG ends early");
    memcpy(out, src->data + src->at, n);
    src->at += n;
}

static void png_fail(png_structp png, png_const_charp msg)
{
    struct png_source *src = png_get_error_ptr(png);
    (void)msg;
    longjmp(src->fail, 1);
}

static void png_quiet(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg;
}

static int image_probe_png(const unsigned char *data, size_t len, unsigned *width, unsigned *height,
                           struct sb_error *err)
{
    struct png_source src;
    png_structp png;
    png_infop info = NULL;
    volatile int ok = 0;
    if (len < 8 || png_sig_cmp(data, 0, 8) != 0)
        return sb_fail(err, SB_EINVALID, NULL, "the body is not a PNG (no PNG signature)");
    memset(&src, 0, sizeof(src));
    src.data = data;
    src.len = len;
    png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &src, png_fail, png_quiet);
    if (!png)
        return sb_oom(err);
    info = png_create_info_struct(png);
    if (info && setjmp(src.fail) == 0) {
        png_set_read_fn(png, &src, png_read_mem);
        png_read_info(png, info);
        *width = png_get_image_width(png, info);
        *height = png_get_image_height(png, info);
        ok = 1;
    }
    png_destroy_read_struct(&png, info ? &info : NULL, NULL);
    return ok ? 0 : sb_fail(err, SB_EINVALID, NULL, "the PNG's header does not decode");
}

/* ---- JPEG ---- */

struct jpeg_fail {
    struct jpeg_error_mgr mgr;
    jmp_buf jump;
};

static void jpeg_fail_exit(j_common_ptr cinfo)
{
    struct jpeg_fail *f = (struct jpeg_fail *)(void *)cinfo->err;
    longjmp(f->jump, 1);
}

static void jpeg_quiet(j_common_ptr cinfo, int level)
{
    (void)cinfo;
    (void)level;
}

static int image_probe_jpeg(const unsigned char *data, size_t len, unsigned *width,
                            unsigned *height, struct sb_error *err)
{
    struct jpeg_decompress_struct cinfo;
    struct jpeg_fail fail;
    volatile int ok = 0;
    if (len < 4 || data[0] != 0xff || data[1] != 0xd8 || data[2] != 0xff)
        return sb_fail(err, SB_EINVALID, NULL, "the body is not a JPEG (no JPEG signature)");
    memset(&cinfo, 0, sizeof(cinfo));
    cinfo.err = jpeg_std_error(&fail.mgr);
    fail.mgr.error_exit = jpeg_fail_exit;
    fail.mgr.emit_message = jpeg_quiet;
    if (setjmp(fail.jump) == 0) {
        jpeg_create_decompress(&cinfo);
        jpeg_mem_src(&cinfo, data, (unsigned long)len);
        if (jpeg_read_header(&cinfo, TRUE) == JPEG_HEADER_OK) {
            *width = cinfo.image_width;
            *height = cinfo.image_height;
            ok = 1;
        }
    }
    jpeg_destroy_decompress(&cinfo);
    return ok ? 0 : sb_fail(err, SB_EINVALID, NULL, "the JPEG's header does not decode");
}

/* ---- WebP ---- */

static int image_probe_webp(const unsigned char *data, size_t len, unsigned *width,
                            unsigned *height, struct sb_error *err)
{
    int w = 0, h = 0;
    if (len < 12 || memcmp(data, "RIFF", 4) != 0 || memcmp(data + 8, "WEBP", 4) != 0)
        return sb_fail(err, SB_EINVALID, NULL, "the body is not a WebP (no RIFF WEBP header)");
    if (!WebPGetInfo(data, len, &w, &h) || w <= 0 || h <= 0)
        return sb_fail(err, SB_EINVALID, NULL, "the WebP's header does not decode");
    *width = (unsigned)w;
    *height = (unsigned)h;
    return 0;
}

int image_probe(enum image_type type, const void *data, size_t len, unsigned *width,
                unsigned *height, struct sb_error *err)
{
    if (!data)
        return sb_fail(err, SB_EINVALID, NULL, "the photo is empty");
    switch (type) {
    case IMAGE_PNG: return image_probe_png(data, len, width, height, err);
    case IMAGE_JPEG: return image_probe_jpeg(data, len, width, height, err);
    case IMAGE_WEBP: return image_probe_webp(data, len, width, height, err);
    default: return sb_fail(err, SB_EMEDIA, NULL, "a photo is image/jpeg, image/png or image/webp");
    }
}
