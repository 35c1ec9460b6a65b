/* error.c -- error codes, their HTTP statuses and titles. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>

/* The name in parentheses: error.h may define sb_fail() as a macro for the analyzer. */
int(sb_fail)(struct sb_error *err, int code, const char *rule, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        err->code = code;
        err->rule = rule;
        va_start(ap, fmt);
        vsnprintf(err->detail, sizeof(err->detail), fmt, ap);
        va_end(ap);
    }
    return code;
}

int(sb_oom)(struct sb_error *err)
{
    return sb_fail(err, SB_ENOMEM, NULL, "out of memory");
}

int sb_status(int code)
{
    switch (code) {
    case SB_EBADREQ: return 400;
    case SB_EUNAUTH: return 401;
    case SB_EFORBIDDEN: return 403;
    case SB_ENOTFOUND: return 404;
    case SB_EMETHOD: return 405;
    case SB_ECONFLICT: return 409;
    case SB_EPRECOND: return 412;
    case SB_ETOOBIG: return 413;
    case SB_EMEDIA: return 415;
    case SB_EINVALID: return 422;
    case SB_EBUSY: return 503;
    case SB_ERATE: return 429;
    case SB_EFULL: return 507;
    default: return 500;
    }
}

const char *sb_title(int status)
{
    switch (status) {
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 409: return "Conflict";
    case 412: return "Precondition Failed";
    case 413: return "Content Too Large";
    case 414: return "URI Too Long";
    case 415: return "Unsupported Media Type";
    case 421: return "Misdirected Request";
    case 422: return "Unprocessable Content";
    case 429: return "Too Many Requests";
    case 431: return "Request Header Fields Too Large";
    case 503: return "Service Unavailable";
    case 505: return "HTTP Version Not Supported";
    case 507: return "Insufficient Storage";
    default: return "Internal Server Error";
    }
}
