/* file.h -- reading a whole (small) file: the edition documents, the migrations, the
 * OpenAPI document. */
#ifndef STAMPBOOK_FILE_H
#define STAMPBOOK_FILE_H

#include <stddef.h>

#include "error.h"

/* Read the file at path into a new NUL-terminated buffer (*out, which the caller frees)
 * of *len bytes (len may be NULL). SB_EIO when it cannot be opened or read, SB_ETOOBIG
 * when it is over max bytes, SB_ENOMEM. The outputs are written only on success. */
int file_read(const char *path, size_t max, char **out, size_t *len, struct sb_error *err);

#endif
