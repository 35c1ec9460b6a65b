/* tz.h -- IANA time zones: the offset from UTC of a named zone at an instant, read from
 * the system's compiled zone files (tzdata's /usr/share/zoneinfo, TZif, RFC 8536) and
 * their POSIX TZ rule for the years past the last transition.
 *
 * Unlike localtime() with $TZ, this keeps no global state: each zone is its own value,
 * so threads may convert times of different zones at once. */
#ifndef STAMPBOOK_TZ_H
#define STAMPBOOK_TZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"

#define TZ_NAME_MAX 64 /* the longest zone name accepted, with its NUL */

struct tz;

/* True when name reads as an IANA zone name: 1..63 of A-Z a-z 0-9 / _ + -, no part
 * empty, "." or "..", not starting with '/'. This function can't fail. */
bool tz_name_ok(const char *name);

/* Load the zone name from dir (NULL: $TZDIR, else /usr/share/zoneinfo) into *out (the
 * caller frees it with tz_free). SB_EINVALID when the name is not a zone (bad name, no
 * such file, not a TZif file), SB_ENOMEM. */
int tz_load(const char *dir, const char *name, struct tz **out, struct sb_error *err);

void tz_free(struct tz *z);

/* Seconds east of UTC in zone z at instant t (seconds since 1970 UTC). This function
 * can't fail. */
long tz_offset(const struct tz *z, int64_t t);

/* The server's own zone into buf: $TZ when it names a zone (":" allowed before it),
 * else the zone /etc/localtime links to, else the name in /etc/timezone, else "UTC".
 * Returns buf. This function can't fail. */
const char *tz_local_name(char *buf, size_t size);

#endif
