/* api_request.c -- a request to the API as the unit tests send one (api_request.h). */
#include "api_request.h"

#include <stdio.h>
#include <stdlib.h>
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

struct api *api_fix_open(const char *uri, unsigned cache_ms)
{
    struct api_config cfg;
    struct sb_error err;
    struct api *api = NULL;
    memset(&cfg, 0, sizeof(cfg));
    cfg.db_path = uri;
    cfg.share_dir = ".";
    cfg.pool_size = 2;
    cfg.read_cache_ms = cache_ms;
    if (api_new(&cfg, &api, &err) != 0)
        fprintf(stderr, "api_new: %s\n", err.detail);
    return api;
}

int api_fix_init(struct api_fix *f, const char *name, unsigned cache_ms)
{
    static int counter;
    snprintf(f->uri, sizeof(f->uri), "file:%s_%d?mode=memory&cache=shared", name, ++counter);
    f->api = api_fix_open(f->uri, cache_ms);
    return f->api ? 0 : -1;
}

int api_fix_teardown(void **state)
{
    struct api_fix *f = *state;
    api_free(f->api);
    free(f);
    return 0;
}
