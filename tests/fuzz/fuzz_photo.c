/* fuzz_photo.c -- libFuzzer target: a photo decoded in full by image_probe() (libpng,
 * libjpeg-turbo, libwebp with their limits set).
 *
 * The first byte picks the type ('p' PNG, 'j' JPEG, 'w' WebP; anything else: the byte
 * modulo 3), the rest is the file. Checks: the answer is 0 with both sides in 1..4096,
 * or SB_EINVALID with a detail; the same bytes give the same answer again. Chunk bombs
 * (text or ICC chunks that inflate a thousand times) are among the seeds: libFuzzer's
 * -timeout and -rss_limit_mb report one that the limits let through. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "image.h"

#define FZ_SIDE 4096u

/* Print a failed expectation and abort: libFuzzer keeps the input as a crash. */
static void fz_fail(const char *what, int rc, const char *detail)
{
    fprintf(stderr, "fuzz check failed: %s (rc %d: %s)\n", what, rc, detail);
    abort();
}

static enum image_type fz_type(uint8_t b)
{
    static const enum image_type types[] = {IMAGE_PNG, IMAGE_JPEG, IMAGE_WEBP};
    switch (b) {
    case 'p': return IMAGE_PNG;
    case 'j': return IMAGE_JPEG;
    case 'w': return IMAGE_WEBP;
    default: return types[b % 3];
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct sb_error err, again;
    unsigned w = 0, h = 0, w2 = 0, h2 = 0;
    enum image_type type;
    int rc, rc2;
    if (size < 1)
        return 0;
    type = fz_type(data[0]);
    memset(&err, 0, sizeof(err));
    memset(&again, 0, sizeof(again));
    rc = image_probe(type, data + 1, size - 1, FZ_SIDE, &w, &h, &err);
    if (rc == 0 && (w < 1 || h < 1 || w > FZ_SIDE || h > FZ_SIDE))
        fz_fail("a photo decoded with a side out of 1..4096", rc, "");
    if (rc != 0 && (rc != SB_EINVALID || err.detail[0] == '\0'))
        fz_fail("a refusal is SB_EINVALID with a detail", rc, err.detail);
    rc2 = image_probe(type, data + 1, size - 1, FZ_SIDE, &w2, &h2, &again);
    if (rc2 != rc || (rc == 0 && (w2 != w || h2 != h)) || strcmp(err.detail, again.detail) != 0)
        fz_fail("the same bytes decode the same", rc2, again.detail);
    return 0;
}
