/* api_request.h -- a request to the API as the unit tests send one (api_handle()). */
#ifndef STAMPBOOK_API_REQUEST_H
#define STAMPBOOK_API_REQUEST_H

#include <stddef.h>

#include "api.h"

#define API_REQUEST_AUTH_MAX 128

/* Fill *req (cleared first) with method and path, key as a bearer token (NULL: no
 * Authorization; auth holds its header, API_REQUEST_AUTH_MAX bytes, and must outlive
 * req) and body as a JSON body (NULL: none). This function can't fail. */
void api_request_fill(struct api_request *req, char *auth, const char *method, const char *path,
                      const char *key, const char *body);

/* An API on an in-memory database of its own, as the API layer's tests use one. */
struct api_fix {
    char uri[96]; /* the database's SQLite URI, for a second API or connection on it */
    struct api *api;
};

/* An API on the database at uri (share folder ".", two connections, a read cache of
 * cache_ms, 0: none): NULL, after printing why, when it cannot be made. */
struct api *api_fix_open(const char *uri, unsigned cache_ms);

/* Into *f: a new in-memory database named after name (a counter keeps each apart) and an
 * API on it (api_fix_open()). 0, or -1 when the API cannot be made. */
int api_fix_init(struct api_fix *f, const char *name, unsigned cache_ms);

/* A cmocka tear-down for a fixture whose first member is a struct api_fix, allocated
 * with malloc(): frees its API, then the fixture. Returns 0. */
int api_fix_teardown(void **state);

#endif
