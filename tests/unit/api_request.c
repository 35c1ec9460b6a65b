/* api_request.c -- a request to the API as the unit tests send one (api_request.h). */
#include "api_request.h"

#include <stdio.h>
#include <string.h>

void api_request_fill(struct api_request *req, char *auth, const char *method, const char *path,
                      const char *key, const char *body)
{
    memset(req, 0, sizeof(*req));
    req->method = method;
    req->path = path;
    if (key) {
        snprintf(auth, API_REQUEST_AUTH_MAX, "Bearer %s", key);
        req->authorization = auth;
    }
    if (body) {
        req->body = body;
        req->body_len = strlen(body);
        req->content_type = "application/json";
    }
}
