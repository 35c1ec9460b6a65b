/* uuid.c -- name-based UUIDs (version 8) from BLAKE2b. */
#include "uuid.h"

#include <string.h>

#include <sodium.h>

void uuid_from_name(const char *text, char out[UUID_TEXT_MAX])
{
    static const char hex[] = "0123456789abcdef";
    unsigned char h[16];
    size_t n = 0;
    crypto_generichash(h, sizeof(h), (const unsigned char *)text, strlen(text), NULL, 0);
    h[6] = (unsigned char)((h[6] & 0x0f) | 0x80); /* version 8 */
    h[8] = (unsigned char)((h[8] & 0x3f) | 0x80); /* variant 10 */
    for (int i = 0; i < 16; i++) {
        if (i == 4 || i == 6 || i == 8 || i == 10)
            out[n++] = '-';
        out[n++] = hex[h[i] >> 4];
        out[n++] = hex[h[i] & 15];
    }
    out[n] = '\0';
}
