/* image.c -- a photo checked by decoding it in full with libpng, libjpeg-turbo and
 * libwebp (image.h), every row, with each library's own limits on what a file may make
 * it allocate or inflate. Nothing decoded is kept: rows go to one row's buffer. */
#include "image.h"

#include <setjmp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jpeglib.h>
#include <jerror.h>
#include <png.h>
#include <webp/decode.h>

/* What one chunk of a PNG may make libpng allocate (a compressed chunk's inflated
 * size included), and how many ancillary chunks it keeps. */
#define IMAGE_PNG_CHUNK_MAX ((png_alloc_size_t)1 << 20)
#define IMAGE_PNG_CHUNK_CACHE 128
/* The text chunks (tEXt, zTXt, iTXt) a PNG may carry, as stored: never inflated. */
#define IMAGE_PNG_TEXT_MAX ((size_t)32 << 10)
#define IMAGE_PNG_TEXT_CHUNKS 32
/* What libjpeg may allocate for one decode (a progressive file's coefficients), and
 * the scans a progressive file may have. */
#define IMAGE_JPEG_MEMORY ((long)64 << 20)
#define IMAGE_JPEG_SCANS 64
/* The width a WebP is decoded to (every row of the file read, scaled down). */
#define IMAGE_WEBP_OUT 256

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

/* The refusal of a photo of w x h, over max_side. */
static int image_too_large(unsigned w, unsigned h, unsigned max_side, struct sb_error *err)
{
    return sb_fail(err, SB_EINVALID, NULL, "the photo is %ux%u: at most %ux%u", w, h, max_side,
                   max_side);
}

/* ---- PNG ---- */

struct png_source {
    const unsigned char *data;
    size_t len, at;
    size_t text_bytes;
    unsigned text_chunks;
    bool over_side; /* the error was the user limit on a side */
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

/* Warnings are quiet; the one that says a side passes the user limit is noted (the
 * error that follows says only "Invalid IHDR data"). */
static void png_quiet(png_structp png, png_const_charp msg)
{
    struct png_source *src = png_get_error_ptr(png);
    if (msg && strstr(msg, "exceeds user limit"))
        src->over_side = true;
}

/* Every chunk libpng does not handle itself, the text chunks included (kept from its
 * own handling, so never inflated): counted against the text budget, then dropped.
 * Past the budget the decode fails. */
static int png_chunk_seen(png_structp png, png_unknown_chunkp chunk)
{
    struct png_source *src = png_get_user_chunk_ptr(png);
    const char *name = (const char *)chunk->name;
    if (strcmp(name, "tEXt") == 0 || strcmp(name, "zTXt") == 0 || strcmp(name, "iTXt") == 0) {
        src->text_bytes += chunk->size;
        if (++src->text_chunks > IMAGE_PNG_TEXT_CHUNKS || src->text_bytes > IMAGE_PNG_TEXT_MAX)
            return -1;
    }
    return 1;
}

/* A big-endian 32-bit number of the IHDR chunk (signature checked, IHDR first). */
static unsigned png_ihdr_u32(const unsigned char *p)
{
    return (unsigned)p[0] << 24 | (unsigned)p[1] << 16 | (unsigned)p[2] << 8 | p[3];
}

/* Decode every row of the PNG (all passes) once its header is read, and its end; *row
 * gets the one row's buffer, which the caller frees. Fails by png_error(). */
static void png_decode_rows(png_structp png, png_infop info, unsigned char *volatile *row)
{
    int passes = png_set_interlace_handling(png);
    png_uint_32 h;
    png_read_update_info(png, info);
    h = png_get_image_height(png, info);
    *row = malloc(png_get_rowbytes(png, info));
    if (!*row)
        png_error(png, "out of memory");
    for (int p = 0; p < passes; p++)
        for (png_uint_32 y = 0; y < h; y++)
            png_read_row(png, *row, NULL);
    png_read_end(png, NULL);
}

static int image_probe_png(const unsigned char *data, size_t len, unsigned max_side,
                           unsigned *width, unsigned *height, struct sb_error *err)
{
    static const png_byte text_chunks[] = "tEXt\0zTXt\0iTXt";
    struct png_source src;
    png_structp png;
    png_infop info = NULL;
    unsigned char *volatile row = NULL;
    volatile unsigned w = 0, h = 0;
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
        png_set_user_limits(png, max_side, max_side);
        png_set_chunk_malloc_max(png, IMAGE_PNG_CHUNK_MAX);
        png_set_chunk_cache_max(png, IMAGE_PNG_CHUNK_CACHE);
        png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, text_chunks, 3);
        png_set_read_user_chunk_fn(png, &src, png_chunk_seen);
        png_read_info(png, info);
        w = png_get_image_width(png, info);
        h = png_get_image_height(png, info);
        png_decode_rows(png, info, &row);
        ok = 1;
    }
    png_destroy_read_struct(&png, info ? &info : NULL, NULL);
    free(row);
    if (!ok && src.over_side && len >= 24)
        return image_too_large(png_ihdr_u32(data + 16), png_ihdr_u32(data + 20), max_side, err);
    if (!ok && (src.text_chunks > IMAGE_PNG_TEXT_CHUNKS || src.text_bytes > IMAGE_PNG_TEXT_MAX))
        return sb_fail(err, SB_EINVALID, NULL,
                       "the PNG carries more text than a photo: at most %d text chunks of "
                       "%zu bytes in all",
                       IMAGE_PNG_TEXT_CHUNKS, IMAGE_PNG_TEXT_MAX);
    if (!ok && w)
        return sb_fail(err, SB_EINVALID, NULL,
                       "the PNG's pixels do not decode (cut short or damaged)");
    if (!ok)
        return sb_fail(err, SB_EINVALID, NULL, "the PNG's header does not decode");
    *width = w;
    *height = h;
    return 0;
}

/* ---- JPEG ---- */

struct jpeg_fail {
    struct jpeg_error_mgr mgr;
    struct jpeg_progress_mgr progress;
    bool cut_short, too_many_scans;
    jmp_buf jump;
};

static void jpeg_fail_exit(j_common_ptr cinfo)
{
    struct jpeg_fail *f = (struct jpeg_fail *)(void *)cinfo->err;
    longjmp(f->jump, 1);
}

/* Warnings are quiet but one: a file cut short, which libjpeg would finish in grey. */
static void jpeg_quiet(j_common_ptr cinfo, int level)
{
    struct jpeg_fail *f = (struct jpeg_fail *)(void *)cinfo->err;
    if (level < 0 && cinfo->err->msg_code == JWRN_JPEG_EOF) {
        f->cut_short = true;
        longjmp(f->jump, 1);
    }
}

/* A progressive file's scans are capped: each is a pass over the whole image. */
static void jpeg_progress(j_common_ptr cinfo)
{
    struct jpeg_fail *f = (struct jpeg_fail *)(void *)cinfo->err;
    if (cinfo->is_decompressor &&
        ((j_decompress_ptr)(void *)cinfo)->input_scan_number > IMAGE_JPEG_SCANS) {
        f->too_many_scans = true;
        longjmp(f->jump, 1);
    }
}

static int image_probe_jpeg(const unsigned char *data, size_t len, unsigned max_side,
                            unsigned *width, unsigned *height, struct sb_error *err)
{
    struct jpeg_decompress_struct cinfo;
    struct jpeg_fail fail;
    volatile unsigned w = 0, h = 0;
    volatile int ok = 0;
    if (len < 4 || data[0] != 0xff || data[1] != 0xd8 || data[2] != 0xff)
        return sb_fail(err, SB_EINVALID, NULL, "the body is not a JPEG (no JPEG signature)");
    memset(&cinfo, 0, sizeof(cinfo));
    memset(&fail, 0, sizeof(fail));
    cinfo.err = jpeg_std_error(&fail.mgr);
    fail.mgr.error_exit = jpeg_fail_exit;
    fail.mgr.emit_message = jpeg_quiet;
    fail.progress.progress_monitor = jpeg_progress;
    if (setjmp(fail.jump) == 0) {
        jpeg_create_decompress(&cinfo);
        cinfo.mem->max_memory_to_use = IMAGE_JPEG_MEMORY;
        cinfo.progress = &fail.progress;
        jpeg_mem_src(&cinfo, data, (unsigned long)len);
        if (jpeg_read_header(&cinfo, TRUE) == JPEG_HEADER_OK) {
            w = cinfo.image_width;
            h = cinfo.image_height;
            if (w <= max_side && h <= max_side) {
                JSAMPARRAY row;
                JDIMENSION row_len;
                cinfo.dct_method = JDCT_IFAST;
                jpeg_start_decompress(&cinfo);
                row_len = cinfo.output_width * (JDIMENSION)cinfo.output_components;
                row = (*cinfo.mem->alloc_sarray)((j_common_ptr)&cinfo, JPOOL_IMAGE, row_len, 1);
                while (cinfo.output_scanline < cinfo.output_height)
                    jpeg_read_scanlines(&cinfo, row, 1);
                jpeg_finish_decompress(&cinfo);
                ok = 1;
            }
        }
    }
    jpeg_destroy_decompress(&cinfo);
    if (!ok && w && (w > max_side || h > max_side))
        return image_too_large(w, h, max_side, err);
    if (!ok && fail.too_many_scans)
        return sb_fail(err, SB_EINVALID, NULL, "the JPEG has more than %d scans", IMAGE_JPEG_SCANS);
    if (!ok && w)
        return sb_fail(err, SB_EINVALID, NULL, "the JPEG's pixels do not decode (%s)",
                       fail.cut_short ? "cut short" : "damaged or too large");
    if (!ok)
        return sb_fail(err, SB_EINVALID, NULL, "the JPEG's header does not decode");
    *width = w;
    *height = h;
    return 0;
}

/* ---- WebP ---- */

static int image_probe_webp(const unsigned char *data, size_t len, unsigned max_side,
                            unsigned *width, unsigned *height, struct sb_error *err)
{
    WebPDecoderConfig config;
    VP8StatusCode status;
    unsigned w, h;
    if (len < 12 || memcmp(data, "RIFF", 4) != 0 || memcmp(data + 8, "WEBP", 4) != 0)
        return sb_fail(err, SB_EINVALID, NULL, "the body is not a WebP (no RIFF WEBP header)");
    if (!WebPInitDecoderConfig(&config))
        return sb_oom(err);
    if (WebPGetFeatures(data, len, &config.input) != VP8_STATUS_OK || config.input.width <= 0 ||
        config.input.height <= 0)
        return sb_fail(err, SB_EINVALID, NULL, "the WebP's header does not decode");
    w = (unsigned)config.input.width;
    h = (unsigned)config.input.height;
    if (w > max_side || h > max_side)
        return image_too_large(w, h, max_side, err);
    if (config.input.has_animation)
        return sb_fail(err, SB_EINVALID, NULL, "an animated WebP is not a photo");
    /* Every row read, scaled down to a small buffer: nothing the size of the image. */
    config.output.colorspace = MODE_RGBA;
    if (w > IMAGE_WEBP_OUT) {
        config.options.use_scaling = 1;
        config.options.scaled_width = IMAGE_WEBP_OUT;
        config.options.scaled_height =
            h * IMAGE_WEBP_OUT / w > 0 ? (int)(h * IMAGE_WEBP_OUT / w) : 1;
    }
    status = WebPDecode(data, len, &config);
    WebPFreeDecBuffer(&config.output);
    if (status != VP8_STATUS_OK)
        return sb_fail(err, SB_EINVALID, NULL, "the WebP's pixels do not decode (%s)",
                       status == VP8_STATUS_NOT_ENOUGH_DATA ? "cut short" : "damaged");
    *width = w;
    *height = h;
    return 0;
}

int image_probe(enum image_type type, const void *data, size_t len, unsigned max_side,
                unsigned *width, unsigned *height, struct sb_error *err)
{
    if (!data)
        return sb_fail(err, SB_EINVALID, NULL, "the photo is empty");
    switch (type) {
    case IMAGE_PNG: return image_probe_png(data, len, max_side, width, height, err);
    case IMAGE_JPEG: return image_probe_jpeg(data, len, max_side, width, height, err);
    case IMAGE_WEBP: return image_probe_webp(data, len, max_side, width, height, err);
    default: return sb_fail(err, SB_EMEDIA, NULL, "a photo is image/jpeg, image/png or image/webp");
    }
}
