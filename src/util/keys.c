/* keys.c -- campaign secrets with libsodium. */
#include "keys.h"

#include <sodium.h>

int keys_init(void)
{
    return sodium_init() < 0 ? -1 : 0;
}

void keys_generate(char out[KEYS_TEXT_MAX])
{
    unsigned char raw[32];
    randombytes_buf(raw, sizeof(raw));
    sodium_bin2base64(out, KEYS_TEXT_MAX, raw, sizeof(raw),
                      sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    sodium_memzero(raw, sizeof(raw));
}

void keys_hash(const char *key, size_t len, unsigned char out[KEYS_HASH_BYTES])
{
    static const unsigned char context[] = "stampbook campaign key v1";
    crypto_generichash(out, KEYS_HASH_BYTES, (const unsigned char *)key, len, context,
                       sizeof(context) - 1);
}

bool keys_equal(const unsigned char a[KEYS_HASH_BYTES], const unsigned char b[KEYS_HASH_BYTES])
{
    return sodium_memcmp(a, b, KEYS_HASH_BYTES) == 0;
}
