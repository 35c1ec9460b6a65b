/* http_cache.c -- what lets a client keep what it has: If-None-Match against an ETag
 * (a 304 then), Accept-Encoding, and the UI's static files gzip-compressed once when the
 * server starts, never per request (API.md "Further additions (2026-12-c)"). */
#include "http_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <zlib.h>

#include "error.h"

/* Skip the spaces and tabs at p. This function can't fail. */
static const char *http_skip_ows(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

bool http_if_none_match(const char *header, const char *etag)
{
    size_t want;
    if (!header || !etag || !*etag)
        return false;
    /* Weak comparison (RFC 9110 13.1.2): W/ on either side does not matter. */
    if (strncmp(etag, "W/", 2) == 0)
        etag += 2;
    want = strlen(etag);
    for (const char *p = header;;) {
        const char *tag, *end;
        p = http_skip_ows(p);
        if (*p == '*')
            return true;
        if (strncmp(p, "W/", 2) == 0)
            p += 2;
        tag = p;
        if (*p == '"') {
            end = strchr(p + 1, '"');
            if (!end)
                return false;
            end++;
        } else {
            end = p + strcspn(p, ", \t");
        }
        if ((size_t)(end - tag) == want && memcmp(tag, etag, want) == 0)
            return true;
        p = strchr(end, ',');
        if (!p)
            return false;
        p++;
    }
}

/* Is the weight in the parameters of a coding (from just after its name to end) zero
 * ("q=0", "q=0.0"...)? This function can't fail. */
static bool http_weight_zero(const char *p, const char *end)
{
    while (p < end) {
        const char *semi = memchr(p, ';', (size_t)(end - p));
        if (!semi)
            return false;
        p = http_skip_ows(semi + 1);
        if (p < end && (*p == 'q' || *p == 'Q') && p + 1 < end && p[1] == '=') {
            p += 2;
            if (*p != '0')
                return false;
            for (p++; p < end && (*p == '.' || *p == '0'); p++)
                ;
            return p >= end || *p == ';' || *p == ' ' || *p == '\t';
        }
    }
    return false;
}

bool http_accepts_gzip(const char *header)
{
    bool star = false, named = false, gzip = false;
    if (!header)
        return false;
    for (const char *p = header; *p;) {
        const char *end = p + strcspn(p, ","), *name = http_skip_ows(p);
        size_t n = strcspn(name, ";, \t");
        bool ok = !http_weight_zero(name + n, end);
        if ((n == 4 && strncasecmp(name, "gzip", 4) == 0) ||
            (n == 6 && strncasecmp(name, "x-gzip", 6) == 0)) {
            named = true;
            gzip = ok;
        } else if (n == 1 && *name == '*') {
            star = ok;
        }
        p = *end ? end + 1 : end;
    }
    return named ? gzip : star;
}

/* ---- the static files, compressed once ---- */

struct http_gz_file {
    char *path; /* the real path */
    dev_t dev;
    ino_t ino;
    off_t size;
    struct timespec mtime;
    unsigned char *gz;
    size_t gz_len;
};

struct http_gz {
    struct http_gz_file *files;
    size_t n, cap;
};

/* The table nftw() fills (its callback takes no argument of ours). */
static struct http_gz *http_gz_building;
static int http_gz_error;

/* Is a file of this name worth compressing (text, not an image or a font)? */
static bool http_gz_worth(const char *path)
{
    static const char *const exts[] = {".html", ".css", ".js",  ".mjs",         ".json",
                                       ".svg",  ".txt", ".map", ".webmanifest", ".xml"};
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot && i < sizeof(exts) / sizeof(exts[0]); i++)
        if (strcmp(dot, exts[i]) == 0)
            return true;
    return false;
}

/* gzip len bytes of data into *out (malloc'd) and *out_len. 0, or SB_ENOMEM. */
static int http_gzip(const unsigned char *data, size_t len, unsigned char **out, size_t *out_len)
{
    z_stream z;
    uLong bound;
    unsigned char *buf;
    memset(&z, 0, sizeof(z));
    /* 15 bits of window, +16: a gzip wrapper (with no name or time: the same bytes
     * every start). */
    if (deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK)
        return SB_ENOMEM;
    bound = deflateBound(&z, (uLong)len);
    buf = malloc(bound);
    if (!buf) {
        deflateEnd(&z);
        return SB_ENOMEM;
    }
    z.next_in = (Bytef *)data;
    z.avail_in = (uInt)len;
    z.next_out = buf;
    z.avail_out = (uInt)bound;
    if (deflate(&z, Z_FINISH) != Z_STREAM_END) {
        deflateEnd(&z);
        free(buf);
        return SB_ENOMEM;
    }
    *out_len = z.total_out;
    deflateEnd(&z);
    *out = buf;
    return 0;
}

/* Read the file at path of st.st_size bytes into *out (malloc'd). 0, or an error. */
static int http_gz_read(const char *path, const struct stat *st, unsigned char **out)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    unsigned char *buf = NULL;
    ssize_t n;
    if (fd < 0)
        return SB_EIO;
    buf = malloc((size_t)st->st_size + 1);
    n = buf ? read(fd, buf, (size_t)st->st_size) : -1;
    close(fd);
    if (n != st->st_size) {
        free(buf);
        return buf ? SB_EIO : SB_ENOMEM;
    }
    *out = buf;
    return 0;
}

/* nftw()'s callback: compress one regular, visible, text file of the root. */
static int http_gz_visit(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    struct http_gz *t = http_gz_building;
    struct http_gz_file f = {0};
    unsigned char *data = NULL;
    char real[PATH_MAX];
    if (path[ftw->base] == '.' && ftw->level > 0)
        return type == FTW_D ? FTW_SKIP_SUBTREE : FTW_CONTINUE;
    if (type != FTW_F || !S_ISREG(st->st_mode) || !http_gz_worth(path) ||
        st->st_size > HTTP_GZ_MAX || !realpath(path, real))
        return FTW_CONTINUE;
    if (http_gz_read(path, st, &data) != 0)
        return FTW_CONTINUE; /* unreadable now: served (or refused) as it is per request */
    if (http_gzip(data, (size_t)st->st_size, &f.gz, &f.gz_len) != 0) {
        free(data);
        http_gz_error = SB_ENOMEM;
        return FTW_STOP;
    }
    free(data);
    if (f.gz_len >= (size_t)st->st_size) { /* no smaller: sent as it is */
        free(f.gz);
        return FTW_CONTINUE;
    }
    if (t->n == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 32;
        struct http_gz_file *grown = realloc(t->files, cap * sizeof(*grown));
        if (!grown) {
            free(f.gz);
            http_gz_error = SB_ENOMEM;
            return FTW_STOP;
        }
        t->files = grown;
        t->cap = cap;
    }
    f.path = strdup(real);
    if (!f.path) {
        free(f.gz);
        http_gz_error = SB_ENOMEM;
        return FTW_STOP;
    }
    f.dev = st->st_dev;
    f.ino = st->st_ino;
    f.size = st->st_size;
    f.mtime = st->st_mtim;
    t->files[t->n++] = f;
    return FTW_CONTINUE;
}

int http_gz_new(const char *root, struct http_gz **out)
{
    static pthread_mutex_t once = PTHREAD_MUTEX_INITIALIZER;
    struct http_gz *t = calloc(1, sizeof(*t));
    int rc;
    if (!t)
        return SB_ENOMEM;
    pthread_mutex_lock(&once);
    http_gz_building = t;
    http_gz_error = 0;
    rc = nftw(root, http_gz_visit, 16, FTW_PHYS | FTW_ACTIONRETVAL) < 0 ? SB_EIO : http_gz_error;
    http_gz_building = NULL;
    pthread_mutex_unlock(&once);
    if (rc != 0) {
        http_gz_free(t);
        return rc;
    }
    *out = t;
    return 0;
}

bool http_gz_find(const struct http_gz *t, const char *real, const struct stat *st,
                  const unsigned char **gz, size_t *gz_len)
{
    for (size_t i = 0; t && i < t->n; i++) {
        const struct http_gz_file *f = &t->files[i];
        if (strcmp(f->path, real) != 0)
            continue;
        /* The file as it was compressed: the same one, unchanged since. */
        if (f->dev != st->st_dev || f->ino != st->st_ino || f->size != st->st_size ||
            f->mtime.tv_sec != st->st_mtim.tv_sec || f->mtime.tv_nsec != st->st_mtim.tv_nsec)
            return false;
        *gz = f->gz;
        *gz_len = f->gz_len;
        return true;
    }
    return false;
}

void http_gz_free(struct http_gz *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->n; i++) {
        free(t->files[i].path);
        free(t->files[i].gz);
    }
    free(t->files);
    free(t);
}
