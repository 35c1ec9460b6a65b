/* base64.c -- base64 by libsodium (base64.h). */
#include "base64.h"

#include <stdlib.h>

#include <sodium.h>

int base64_encode(const void *data, size_t len, char **out, struct sb_error *err)
{
    size_t size = sodium_base64_ENCODED_LEN(len, sodium_base64_VARIANT_ORIGINAL);
    char *text = malloc(size);
    if (!text)
        return sb_oom(err);
    sodium_bin2base64(text, size, data, len, sodium_base64_VARIANT_ORIGINAL);
    *out = text;
    return 0;
}

int base64_decode(const char *text, size_t len, unsigned char **out, size_t *n,
                  struct sb_error *err)
{
    size_t max = len / 4 * 3 + 3;
    unsigned char *bytes = malloc(max);
    const char *end = NULL;
    if (!bytes)
        return sb_oom(err);
    if (sodium_base642bin(bytes, max, text, len, NULL, n, &end, sodium_base64_VARIANT_ORIGINAL) !=
            0 ||
        end != text + len) {
        free(bytes);
        return sb_fail(err, SB_EINVALID, NULL, "not base64 text");
    }
    *out = bytes;
    return 0;
}
