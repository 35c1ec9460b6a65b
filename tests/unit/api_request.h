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

#endif
