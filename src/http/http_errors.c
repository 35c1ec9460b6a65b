/* http_errors.c -- the errors libmicrohttpd answers by itself (a header too large, a URI
 * too long, an HTTP version it does not speak, a malformed request or chunk) in the
 * server's one format, application/problem+json (API.md "Errors").
 *
 * libmicrohttpd builds those answers inside the library, as HTML without a type, and
 * queues them through its public MHD_queue_response(), which it calls through its own
 * dynamic symbol table. This file defines MHD_queue_response() in the program: the
 * library's calls come here (ELF symbol interposition), an answer of the library's own
 * (a 4xx or 5xx without Content-Type: every answer of ours has one) is replaced by its
 * problem+json twin, and every call goes on to the library's function.
 *
 * Two of the library's own answers need more (libmicrohttpd 0.9.75):
 * - A Content-Length it cannot read ("abc", "-1", more than 64 bits): the library
 *   queues its 400 or 413 and builds its head, then its state machine forgets that it
 *   did (parse_connection_headers() is followed by a state change to "headers
 *   processed") and builds the head again at "start reply": two heads, one body. So
 *   such an answer is written here, whole, to the socket, and the library is told it
 *   could not be queued: it closes the connection (after what was written) and writes
 *   nothing itself. See http_write_whole().
 * - A request line it cannot split (no space at all, "GARBAGE", or an empty method,
 *   a line starting with a space) is closed with no answer, and no answer can be given:
 *   parse_initial_message_line() fails before the URI log callback, the only one called
 *   for a request line, and connection_close_error() then shuts the socket's write side
 *   (MHD_connection_mark_closed_()) before any callback (notify-completed is not called
 *   for a connection that never reached the application; notify-connection's "closed"
 *   comes after the shutdown). The only options that would leave room, MHD_USE_TURBO
 *   (no shutdown) with a write from notify-connection, cannot tell that close from an
 *   idle connection's timeout, which must not get a 400. RFC 9112 2.2 allows closing
 *   on a request line that cannot be parsed; the errors test asserts the close. */
#include "http_internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>

typedef enum MHD_Result (*http_queue_fn)(struct MHD_Connection *, unsigned int,
                                         struct MHD_Response *);

static http_queue_fn http_real_queue; /* set once by http_errors_init(), before any thread */

int http_errors_init(void)
{
    void *sym;
    if (http_real_queue)
        return 0;
    sym = dlsym(RTLD_NEXT, "MHD_queue_response");
    if (!sym)
        return SB_EIO;
    memcpy(&http_real_queue, &sym, sizeof(sym));
    return 0;
}

/* What the library's answer of status means, for the problem's detail. */
static const char *http_library_detail(unsigned int status)
{
    switch (status) {
    case 400: return "the request is malformed";
    case 413: return "the request's body is too large";
    case 414: return "the request's URI is too long";
    case 431: return "the request's header fields are too large";
    case 505: return "this server speaks HTTP/1.0 and HTTP/1.1 only";
    default: return "the request could not be served";
    }
}

struct MHD_Response *http_error_response(unsigned int status)
{
    struct api_response res;
    struct MHD_Response *mr;
    memset(&res, 0, sizeof(res));
    api_problem(&res, (int)status, NULL, http_library_detail(status));
    mr = MHD_create_response_from_buffer(res.body_len, res.body, MHD_RESPMEM_MUST_FREE);
    if (!mr) {
        api_response_clear(&res);
        return NULL;
    }
    MHD_add_response_header(mr, MHD_HTTP_HEADER_CONTENT_TYPE, res.content_type);
    MHD_add_response_header(mr, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(mr, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(mr, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    MHD_add_response_header(mr, MHD_HTTP_HEADER_CONNECTION, "close");
    return mr;
}

/* Is the request's Content-Length one libmicrohttpd cannot read (no Transfer-Encoding,
 * and not 1 to 20 digits that fit in 64 bits)? This function can't fail. */
static bool http_length_unreadable(struct MHD_Connection *connection)
{
    const char *len, *p;
    if (MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING))
        return false;
    len = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    if (!len)
        return false;
    for (p = len; *p; p++)
        if (*p < '0' || *p > '9')
            return true;
    errno = 0;
    (void)strtoull(len, NULL, 10);
    return p == len || errno == ERANGE;
}

/* Write the problem+json answer of status, head and body, to connection's socket and
 * return 0; SB_EIO when the socket took less than all of it (non-blocking: the
 * library's thread never waits here). Its head carries what http_error_response()'s
 * would. */
static int http_write_whole(struct MHD_Connection *connection, unsigned int status)
{
    static const char *const days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char *const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                         "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    struct api_response res;
    char head[512];
    time_t now = time(NULL);
    struct tm tm;
    const char *reason = MHD_get_reason_phrase_for(status);
    int n, rc = SB_EIO;
    if (!info || !gmtime_r(&now, &tm))
        return SB_EIO;
    memset(&res, 0, sizeof(res));
    api_problem(&res, (int)status, NULL, http_library_detail(status));
    if (!res.body)
        goto out;
    n = snprintf(head, sizeof(head),
                 "HTTP/1.1 %u %s\r\nDate: %s, %02d %s %04d %02d:%02d:%02d GMT\r\n"
                 "Connection: close\r\nContent-Type: %s\r\nX-Content-Type-Options: nosniff\r\n"
                 "Referrer-Policy: no-referrer\r\nCache-Control: no-store\r\n"
                 "Content-Length: %zu\r\n\r\n",
                 status, reason && *reason ? reason : "Error", days[tm.tm_wday], tm.tm_mday,
                 months[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec,
                 res.content_type, res.body_len);
    if (n < 0 || (size_t)n >= sizeof(head))
        goto out;
    {
        struct iovec iov[2] = {{head, (size_t)n}, {res.body, res.body_len}};
        struct msghdr msg = {.msg_iov = iov, .msg_iovlen = 2};
        ssize_t sent = sendmsg(info->connect_fd, &msg, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (sent == (ssize_t)((size_t)n + res.body_len))
            rc = 0;
    }
out:
    api_response_clear(&res);
    return rc;
}

/* libmicrohttpd's own function, seen by the library and the program alike: an error
 * answer of the library's own goes as problem+json (see the top of this file). */
enum MHD_Result MHD_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                   struct MHD_Response *response)
{
    struct MHD_Response *mine;
    enum MHD_Result ret;
    if (!http_real_queue && http_errors_init() != 0)
        return MHD_NO; /* no libmicrohttpd under the program: it cannot have started */
    if (status_code < 400 || !response ||
        MHD_get_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE))
        return http_real_queue(connection, status_code, response);
    if ((status_code == 400 || status_code == 413) && http_length_unreadable(connection)) {
        /* Queued, the library would send its head twice: written here instead, and
         * "not queued" makes the library close the connection after it. */
        (void)http_write_whole(connection, status_code);
        return MHD_NO;
    }
    mine = http_error_response(status_code);
    if (!mine)
        return http_real_queue(connection, status_code, response);
    ret = http_real_queue(connection, status_code, mine);
    MHD_destroy_response(mine);
    return ret;
}
