/* base64.h -- standard base64 (RFC 4648, with padding) by libsodium, for the photos of
 * an export. */
#ifndef STAMPBOOK_BASE64_H
#define STAMPBOOK_BASE64_H

#include <stddef.h>

#include "error.h"

/* data/len as base64 text in *out (malloc'd, NUL-ended; the caller frees). */
int base64_encode(const void *data, size_t len, char **out, struct sb_error *err);

/* The bytes of base64 text (len characters) in *out (malloc'd; the caller frees) and
 * *n. SB_EINVALID when text is not base64. */
int base64_decode(const char *text, size_t len, unsigned char **out, size_t *n,
                  struct sb_error *err);

#endif
