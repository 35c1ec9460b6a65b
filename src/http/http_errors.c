/* http_errors.c -- the errors libmicrohttpd answers by itself (a header too large, a URI
 * too long, an HTTP version it does not speak, a malformed request or chunk) in the
 * server's one format, application/problem+json (API.md "Errors").
 *
 * libmicrohttpd builds those answers inside the library, as HTML without a type, and
 * queues them through its public MHD_queue_response(), which it calls through its own
 * dynamic symbol table. This file defines MHD_queue_response() in the program: the
 * library's calls come here (ELF symbol interposition), an answer of the library's own
 * (a 4xx or 5xx without Content-Type: every answer of ours has one) is replaced by its
 * problem+json twin, and every call goes on to the library's function. */
#include "http_internal.h"

#include <dlfcn.h>
#include <string.h>

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
    mine = http_error_response(status_code);
    if (!mine)
        return http_real_queue(connection, status_code, response);
    ret = http_real_queue(connection, status_code, mine);
    MHD_destroy_response(mine);
    return ret;
}
