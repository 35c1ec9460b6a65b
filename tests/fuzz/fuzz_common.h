/* fuzz_common.h -- what the libFuzzer targets share: the in-memory API, answers checks.
 *
 * Header-only (each target is one .c linked with libstampbook.a): every helper is
 * static inline. A failed check prints why and aborts, which libFuzzer reports as a
 * crash with the input that caused it. */
#ifndef STAMPBOOK_FUZZ_COMMON_H
#define STAMPBOOK_FUZZ_COMMON_H

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "api.h"

/* Print a failed expectation and abort: libFuzzer keeps the input as a crash. */
static inline void fz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static inline void fz_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("fuzz check failed: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

/* Decode %XX escapes of s in place, stopping at a decoded NUL (as the HTTP layer does,
 * such a string matches nothing). */
static inline void fz_unescape(char *s)
{
    char *w = s;
    for (char *r = s; *r; r++) {
        if (r[0] == '%' && isxdigit((unsigned char)r[1]) && isxdigit((unsigned char)r[2])) {
            char hex[3] = {r[1], r[2], '\0'};
            *w = (char)strtol(hex, NULL, 16);
            r += 2;
        } else {
            *w = *r;
        }
        if (*w == '\0')
            return;
        w++;
    }
    *w = '\0';
}

/* Split url in place into req's path and query parameters, both unescaped, as the HTTP
 * layer hands them to api_handle(). */
static inline void fz_split_url(char *url, struct api_request *req)
{
    char *query = strchr(url, '?');
    if (query) {
        char *pair, *save = NULL;
        *query++ = '\0';
        for (pair = strtok_r(query, "&", &save); pair && req->nparams < API_MAX_PARAMS;
             pair = strtok_r(NULL, "&", &save)) {
            char *eq = strchr(pair, '=');
            if (eq)
                *eq++ = '\0';
            fz_unescape(pair);
            if (eq)
                fz_unescape(eq);
            req->params[req->nparams].key = pair;
            req->params[req->nparams].value = eq ? eq : "";
            req->nparams++;
        }
    }
    fz_unescape(url);
    req->path = url;
}

/* The folder holding schema/ and migrations/: $STAMPBOOK_SHARE or the current one. */
static inline const char *fz_share_dir(void)
{
    const char *s = getenv("STAMPBOOK_SHARE");
    return s && *s ? s : ".";
}

/* A new API on a private in-memory database (shared cache, so every pooled connection
 * sees it); aborts when it cannot start, since then no input can be judged. */
static inline struct api *fz_api_new(const char *name)
{
    struct api_config cfg;
    struct api *api = NULL;
    struct sb_error err;
    char uri[128];
    snprintf(uri, sizeof(uri), "file:%s?mode=memory&cache=shared", name);
    memset(&cfg, 0, sizeof(cfg));
    memset(&err, 0, sizeof(err));
    cfg.db_path = uri;
    cfg.share_dir = fz_share_dir();
    cfg.pool_size = 1;
    cfg.read_cache_ms = 60000; /* the fuzzers check its answers against api_handle()'s */
    if (api_new(&cfg, &api, &err) != 0)
        fz_fail("api_new(%s): %s (run from the project root or set STAMPBOOK_SHARE)", uri,
                err.detail);
    return api;
}

/* Check what every answer must be: a known status, a content type, a body, and for
 * errors a problem+json document whose "status" is the status line. */
static inline void fz_check_response(const struct api_request *req, const struct api_response *res)
{
    static const int known[] = {200, 201, 400, 401, 403, 404, 405, 409, 412, 413, 415, 422};
    bool ok = false;
    for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
        ok |= res->status == known[i];
    if (!ok)
        fz_fail("%s %s answered %d: %.*s", req->method, req->path, res->status,
                (int)(res->body_len > 400 ? 400 : res->body_len), res->body ? res->body : "");
    if (!res->content_type || !res->route)
        fz_fail("%s %s: answer without content type or route", req->method, req->path);
    if (res->stream)
        return;
    if (!res->body || strlen(res->body) != res->body_len)
        fz_fail("%s %s: body missing or its length is wrong", req->method, req->path);
    if (res->status == 405 && !res->allow)
        fz_fail("%s %s: 405 without Allow", req->method, req->path);
    if (strncmp(res->content_type, "application/", 12) == 0 && strstr(res->content_type, "json")) {
        cJSON *doc = cJSON_ParseWithLength(res->body, res->body_len);
        if (!doc)
            fz_fail("%s %s: answer %d is not JSON: %.200s", req->method, req->path, res->status,
                    res->body);
        if (res->status >= 400) {
            const cJSON *st = cJSON_GetObjectItemCaseSensitive(doc, "status");
            if (strcmp(res->content_type, "application/problem+json") != 0 || !cJSON_IsNumber(st) ||
                (int)st->valuedouble != res->status)
                fz_fail("%s %s: error %d is not a matching problem+json: %.200s", req->method,
                        req->path, res->status, res->body);
        }
        cJSON_Delete(doc);
    }
}

#endif
