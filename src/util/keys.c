/* keys.c -- campaign secrets with libsodium. */
#include "keys.h"

#include <string.h>

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
    _Static_assert(KEYS_HASH_BYTES == crypto_verify_32_BYTES, "a key's hash is 32 bytes");
    return crypto_verify_32(a, b) == 0;
}

void keys_hash_memo(struct keys_memo *memo, const char *key, size_t len,
                    unsigned char out[KEYS_HASH_BYTES])
{
    /* A proxy may carry several clients on one connection: the key is compared in
     * constant time, as a hash is, so a request learns nothing of the one before it.
     * Both sides are zero-padded to the memo's size for one fixed-size compare. */
    _Static_assert(sizeof(memo->key) == crypto_verify_64_BYTES, "a memo holds 64 bytes");
    if (memo && memo->len == len && len > 0 && len < sizeof(memo->key)) {
        char padded[sizeof(memo->key)] = {0};
        memcpy(padded, key, len);
        if (crypto_verify_64((const unsigned char *)padded, (const unsigned char *)memo->key) ==
            0) {
            memcpy(out, memo->hash, KEYS_HASH_BYTES);
            return;
        }
    }
    keys_hash(key, len, out);
    if (!memo)
        return;
    keys_memo_clear(memo);
    if (len < sizeof(memo->key)) {
        memcpy(memo->key, key, len);
        memcpy(memo->hash, out, KEYS_HASH_BYTES);
        memo->len = len;
    }
}

void keys_memo_clear(struct keys_memo *memo)
{
    sodium_memzero(memo, sizeof(*memo));
}
