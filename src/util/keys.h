/* keys.h -- campaign secrets: generated from the OS CSPRNG, stored only as hashes,
 * compared in constant time (libsodium). */
#ifndef STAMPBOOK_KEYS_H
#define STAMPBOOK_KEYS_H

#include <stdbool.h>
#include <stddef.h>

#define KEYS_HASH_BYTES 32
#define KEYS_TEXT_MAX 64 /* a key as text, NUL included */

/* Initialise libsodium once per process. Returns 0, or -1 when it cannot start. */
int keys_init(void);

/* Write a new random key (32 bytes, base64url without padding) into out. */
void keys_generate(char out[KEYS_TEXT_MAX]);

/* Hash a key as sent by a client (len bytes) into out. This function can't fail. */
void keys_hash(const char *key, size_t len, unsigned char out[KEYS_HASH_BYTES]);

/* Compare two hashes in constant time. This function can't fail. */
bool keys_equal(const unsigned char a[KEYS_HASH_BYTES], const unsigned char b[KEYS_HASH_BYTES]);

#endif
