/* error.h -- the project's error codes and the error record handed up to the HTTP layer.
 *
 * Functions that can fail return 0 or one of the negative codes below, and fill a
 * struct sb_error when the caller passed one. Only the HTTP layer turns codes into
 * status lines (sb_status()). */
#ifndef STAMPBOOK_ERROR_H
#define STAMPBOOK_ERROR_H

#include <stddef.h>

enum sb_code {
    SB_OK = 0,
    SB_EBADREQ = -1,    /* 400: malformed JSON, wrong field types */
    SB_EUNAUTH = -2,    /* 401: missing or wrong key */
    SB_EFORBIDDEN = -3, /* 403: a view key used to write */
    SB_ENOTFOUND = -4,  /* 404 */
    SB_EMETHOD = -5,    /* 405 */
    SB_ECONFLICT = -6,  /* 409: state conflict */
    SB_EPRECOND = -7,   /* 412: If-Match does not match */
    SB_ETOOBIG = -8,    /* 413: body over the cap */
    SB_EMEDIA = -9,     /* 415: body not JSON */
    SB_EINVALID = -10,  /* 422: well-formed but refused */
    SB_ENOMEM = -11,    /* 500 */
    SB_EIO = -12,       /* 500: the database failed */
    SB_EBUSY = -13,     /* 503: the database stayed locked, or a limit on connections */
    SB_ERATE = -14,     /* 429: too many of these requests from one address: wait */
    SB_EFULL = -15,     /* 507: the server holds as much as it may (database size, campaigns) */
};

#define SB_DETAIL_MAX 256

struct sb_error {
    int code;
    const char *rule; /* a RULES.md id when a game rule refused, else NULL; static */
    char detail[SB_DETAIL_MAX];
};

/* Record code, rule and a printf-style detail in err (which may be NULL) and return
 * code, so callers can write `return sb_fail(err, SB_EINVALID, NULL, "...")`. */
int sb_fail(struct sb_error *err, int code, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
#ifdef __clang_analyzer__
/* Let the static analyzer (clang-tidy) see across files that sb_fail() returns code. */
#define sb_fail(err, code, ...) (sb_fail((err), (code), __VA_ARGS__), (code))
#endif

/* sb_fail(err, SB_ENOMEM, NULL, "out of memory"), the failure every allocation shares:
 * returns SB_ENOMEM. */
int sb_oom(struct sb_error *err);
#ifdef __clang_analyzer__
#define sb_oom(err) (sb_oom(err), SB_ENOMEM)
#endif

/* The HTTP status for a code (500 for anything unknown). This function can't fail. */
int sb_status(int code);

/* A short title for a status ("Unprocessable Content"). This function can't fail. */
const char *sb_title(int status);

#endif
