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

/* The last key presented on one connection and its hash: the requests of a keep-alive
 * connection hash their key once, not once each. A memo serves one request at a time
 * (a connection's come one after another); the caller wipes it when the connection
 * ends. */
struct keys_memo {
    size_t len; /* of key; 0: empty */
    char key[KEYS_TEXT_MAX];
    unsigned char hash[KEYS_HASH_BYTES];
};

/* keys_hash() through memo (NULL: none): the memo's hash when key (len bytes) is the key
 * it holds, compared in constant time, else the key's hash, then kept in the memo when
 * the key fits. This function can't fail. */
void keys_hash_memo(struct keys_memo *memo, const char *key, size_t len,
                    unsigned char out[KEYS_HASH_BYTES]);

/* Wipe memo (the key it holds is a secret). This function can't fail. */
void keys_memo_clear(struct keys_memo *memo);

#endif
