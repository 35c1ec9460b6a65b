/* conf.h -- reading a configuration file of `key = value` lines.
 *
 * The format, one setting a line:
 *
 *     # a comment
 *     port = 8080
 *     base-path = /stampbook
 *
 * Blank lines and lines whose first non-blank character is '#' are skipped; blanks
 * around the key and the value are dropped; a value may be wrapped in double quotes
 * (kept as written, for a value with a leading '#' or blanks). Any other line is an
 * error that names its line. */
#ifndef STAMPBOOK_CONF_H
#define STAMPBOOK_CONF_H

#include <stddef.h>

#include "error.h"

/* The longest file read (a configuration is a few hundred bytes). */
#define CONF_MAX_BYTES ((size_t)64 * 1024)

/* Called for every setting, in the order of the file, with its line number (from 1).
 * key and value point into a buffer that lives until conf_read() returns. Nonzero
 * stops the reading: conf_read() then returns that value. */
typedef int (*conf_setting_fn)(void *ctx, int line, const char *key, const char *value);

/* Parse text (NUL-terminated, modified in place) and call fn for each setting. 0, the
 * value fn stopped with, or SB_EINVALID for a malformed line (err->detail names it and
 * *bad_line is set). */
int conf_parse(char *text, conf_setting_fn fn, void *ctx, int *bad_line, struct sb_error *err);

/* Read the file at path and conf_parse() it: SB_EIO when it cannot be read. */
int conf_read(const char *path, conf_setting_fn fn, void *ctx, int *bad_line, struct sb_error *err);

#endif
