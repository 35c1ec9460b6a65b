/* fuzz_router.c -- libFuzzer target: the router of api_handle() against a reference.
 *
 * Input (text): the first line is "METHOD URL" (the URL percent-encoded, with an
 * optional ?query); a later line "Authorization: ..." sends that header, a line
 * "X-Too-Large" marks the body as over the cap. The path is decoded as libmicrohttpd
 * does. The answer is checked against a matcher written here from API.md's route
 * table: 404 when no route has the path, 405 with the right Allow when only the method
 * is wrong, 413 for an oversized body, 401 for campaign routes with or without a key
 * (no campaign exists, and an unknown id answers as a wrong key does), 400 for a
 * bodiless create, 200 for the public reads. The database stays empty: nothing here
 * can write. */
#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api.h"
#include "fuzz_common.h"

/* REF_LISTING: the admin's list of campaigns, which a server without an admin key has
 * not (404). */
enum ref_auth { REF_PUBLIC, REF_ADMIN, REF_LISTING, REF_CAMPAIGN };

struct ref_route {
    const char *method;
    const char *pattern;
    enum ref_auth auth;
};

/* API.md's routes, written again on purpose: the router must agree with this table. */
static const struct ref_route ref_routes[] = {
    {"GET", "/api/v1/health", REF_PUBLIC},
    {"GET", "/api/v1/editions", REF_PUBLIC},
    {"GET", "/api/v1/editions/{slug}", REF_PUBLIC},
    {"GET", "/api/v1/openapi.json", REF_PUBLIC},
    {"GET", "/metrics", REF_PUBLIC},
    {"POST", "/api/v1/campaigns", REF_ADMIN},
    {"GET", "/api/v1/campaigns", REF_LISTING},
    {"POST", "/api/v1/campaigns/import", REF_ADMIN},
    {"GET", "/api/v1/campaigns/{id}", REF_CAMPAIGN},
    {"PATCH", "/api/v1/campaigns/{id}", REF_CAMPAIGN},
    {"POST", "/api/v1/campaigns/{id}/keys", REF_CAMPAIGN},
    {"GET", "/api/v1/campaigns/{id}/board", REF_CAMPAIGN},
    {"PUT", "/api/v1/campaigns/{id}/board/destinations/{slug}", REF_CAMPAIGN},
    {"PUT", "/api/v1/campaigns/{id}/board/journal/{slug}", REF_CAMPAIGN},
    {"PUT", "/api/v1/campaigns/{id}/board/chance/{slug}", REF_CAMPAIGN},
    {"PUT", "/api/v1/campaigns/{id}/board/spaces/{slug}", REF_CAMPAIGN},
    {"POST", "/api/v1/campaigns/{id}/players", REF_CAMPAIGN},
    {"GET", "/api/v1/campaigns/{id}/players", REF_CAMPAIGN},
    {"PATCH", "/api/v1/campaigns/{id}/players/{id}", REF_CAMPAIGN},
    {"POST", "/api/v1/campaigns/{id}/games", REF_CAMPAIGN},
    {"GET", "/api/v1/campaigns/{id}/games", REF_CAMPAIGN},
    {"GET", "/api/v1/campaigns/{id}/games/{id}", REF_CAMPAIGN},
    {"GET", "/api/v1/campaigns/{id}/games/{id}/state", REF_CAMPAIGN},
    {"GET", "/api/v1/campaigns/{id}/games/{id}/events", REF_CAMPAIGN},
    {"POST", "/api/v1/campaigns/{id}/games/{id}/events", REF_CAMPAIGN},
    {"POST", "/api/v1/campaigns/{id}/games/{id}/undo", REF_CAMPAIGN},
    {"GET", "/api/v1/campaigns/{id}/games/{id}/stream", REF_CAMPAIGN},
    {"GET", "/api/v1/campaigns/{id}/journal", REF_CAMPAIGN},
    {"GET", "/api/v1/campaigns/{id}/journal/{slug}", REF_CAMPAIGN},
    {"GET", "/api/v1/campaigns/{id}/stats", REF_CAMPAIGN},
    {"GET", "/api/v1/campaigns/{id}/export", REF_CAMPAIGN},
    {"GET", "/api/v1/campaigns/{id}/export/plays.csv", REF_CAMPAIGN},
    {"GET", "/api/v1/campaigns/{id}/export/bgg", REF_CAMPAIGN},
    {"GET", "/api/v1/campaigns/{id}/export/bgstats", REF_CAMPAIGN},
    {"GET", "/api/v1/campaigns/{id}/export/bgg.xml", REF_CAMPAIGN},
};

#define REF_NROUTES (sizeof(ref_routes) / sizeof(ref_routes[0]))

static struct api *api;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    api = fz_api_new("fuzz_router");
    return 0;
}

/* Does one path segment [s, s+n) fit a pattern segment? */
static bool ref_segment(const char *pat, size_t plen, const char *s, size_t n)
{
    if (plen == 4 && memcmp(pat, "{id}", 4) == 0) {
        if (n == 0 || n > 15 || s[0] == '0')
            return false;
        for (size_t i = 0; i < n; i++)
            if (!isdigit((unsigned char)s[i]))
                return false;
        return true;
    }
    if (plen == 6 && memcmp(pat, "{slug}", 6) == 0)
        return n > 0 && n < 128;
    return plen == n && memcmp(pat, s, n) == 0;
}

/* Does the whole path fit pattern, segment by segment? */
static bool ref_match(const char *pattern, const char *path)
{
    const char *p = pattern, *q = path;
    if (*p != '/' || *q != '/')
        return false;
    for (;;) {
        const char *pe, *qe;
        p++;
        q++;
        pe = strchr(p, '/');
        qe = strchr(q, '/');
        if (!pe)
            pe = p + strlen(p);
        if (!qe)
            qe = q + strlen(q);
        if (!ref_segment(p, (size_t)(pe - p), q, (size_t)(qe - q)))
            return false;
        if (*pe == '\0' || *qe == '\0')
            return *pe == '\0' && *qe == '\0';
        p = pe;
        q = qe;
    }
}

/* The methods of an Allow header as a bit set (GET 1, POST 2, PUT 4, PATCH 8). */
static unsigned ref_method_bit(const char *m, size_t n)
{
    static const char *const names[] = {"GET", "POST", "PUT", "PATCH"};
    for (unsigned i = 0; i < 4; i++)
        if (strlen(names[i]) == n && memcmp(names[i], m, n) == 0)
            return 1u << i;
    return 0;
}

static unsigned ref_allow_bits(const char *allow)
{
    unsigned bits = 0;
    while (allow && *allow) {
        size_t n = strcspn(allow, ", ");
        bits |= ref_method_bit(allow, n);
        allow += n;
        allow += strspn(allow, ", ");
    }
    return bits;
}

/* The status the reference expects. */
static int ref_expect(const struct api_request *req, unsigned *allow)
{
    const struct ref_route *hit = NULL;
    *allow = 0;
    for (size_t i = 0; i < REF_NROUTES; i++) {
        if (!ref_match(ref_routes[i].pattern, req->path))
            continue;
        if (strcmp(ref_routes[i].method, req->method) == 0)
            hit = &ref_routes[i];
        else
            *allow |= ref_method_bit(ref_routes[i].method, strlen(ref_routes[i].method));
    }
    if (!hit)
        return *allow ? 405 : 404;
    *allow = 0;
    if (req->body_too_large)
        return 413;
    if (hit->auth == REF_ADMIN)
        return 400; /* no admin key on this server, and no body */
    if (hit->auth == REF_LISTING)
        return 404;
    if (hit->auth == REF_CAMPAIGN)
        return 401; /* no campaign exists; a key for an unknown id is refused as a wrong
                     * key is, so which ids exist never shows */
    if (strncmp(hit->pattern, "/api/v1/editions/", 17) == 0) {
        const char *slug = req->path + 17;
        return strcmp(slug, "travel-world-tour") == 0 || strcmp(slug, "classic") == 0 ||
                       strcmp(slug, "wonders") == 0 || strcmp(slug, "deal") == 0
                   ? 200
                   : 404;
    }
    return 200;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct api_request req;
    struct api_response res;
    char *text, *line, *url, *save = NULL;
    unsigned allow = 0;
    int want;

    if (size > 4096)
        return 0;
    text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    memset(&req, 0, sizeof(req));

    line = strtok_r(text, "\n", &save);
    url = line ? strchr(line, ' ') : NULL;
    if (!url) {
        free(text);
        return 0;
    }
    *url++ = '\0';
    req.method = line;
    while ((line = strtok_r(NULL, "\n", &save)) != NULL) {
        if (strncmp(line, "Authorization: ", 15) == 0)
            req.authorization = line + 15;
        else if (strcmp(line, "X-Too-Large") == 0)
            req.body_too_large = true;
    }
    fz_split_url(url, &req);

    api_handle(api, &req, &res);
    fz_check_response(&req, &res);
    want = ref_expect(&req, &allow);
    if (res.status != want)
        fz_fail("%s %s: answered %d, the route table says %d (%.200s)", req.method, req.path,
                res.status, want, res.body ? res.body : "");
    if (want == 405 && ref_allow_bits(res.allow) != allow)
        fz_fail("%s %s: Allow is '%s'", req.method, req.path, res.allow ? res.allow : "");
    api_response_clear(&res);
    free(text);
    return 0;
}
