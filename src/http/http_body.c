/* http_body.c -- request bodies (http_internal.h): small ones in memory, the large
 * ones (an import, a photo) in an unlinked temporary file mapped once complete, all of
 * them counted together against one cap so that unfinished bodies cannot take the
 * server's memory (API.md "Further additions (2026-12-c)"). */
#include "http_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "error.h"

/* An unlinked temporary file in $TMPDIR (else /tmp), or -1. */
static int http_body_spool_open(void)
{
    const char *dir = getenv("TMPDIR");
    char path[4096];
    int fd;
    if (!dir || !*dir)
        dir = "/tmp";
    fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != ENOENT))
        return fd;
    snprintf(path, sizeof(path), "%s/stampbook-body.XXXXXX", dir);
    fd = mkostemp(path, O_CLOEXEC);
    if (fd >= 0)
        unlink(path);
    return fd;
}

/* Write n bytes of data at the end of fd. */
static int http_body_write(int fd, const char *data, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, data, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return SB_EIO;
        data += w;
        n -= (size_t)w;
    }
    return 0;
}

int http_body_take(struct http_body *b, _Atomic size_t *total, const char *data, size_t n)
{
    size_t was = atomic_fetch_add(total, n);
    int rc = 0;
    if (was + n > HTTP_BODIES_MAX) {
        atomic_fetch_sub(total, n);
        http_body_free(b, total);
        return SB_EBUSY;
    }
    b->held += n;
    if (b->spool) {
        if (b->fd < 0)
            b->fd = http_body_spool_open();
        rc = b->fd >= 0 ? http_body_write(b->fd, data, n) : SB_EIO;
    } else {
        char *grown = realloc(b->mem, b->len + n + 1);
        if (!grown)
            return SB_ENOMEM;
        memcpy(grown + b->len, data, n);
        grown[b->len + n] = '\0';
        b->mem = grown;
    }
    if (rc == 0)
        b->len += n;
    return rc;
}

int http_body_complete(struct http_body *b, _Atomic size_t *total, const char **data, size_t *len)
{
    atomic_fetch_sub(total, b->held);
    b->held = 0;
    *len = b->len;
    if (b->map) {
        *data = b->map;
        return 0;
    }
    if (!b->spool || b->len == 0) {
        *data = b->mem;
        return 0;
    }
    /* One byte more, a NUL, as the body in memory has. */
    if (http_body_write(b->fd, "", 1) != 0)
        return SB_EIO;
    b->map = mmap(NULL, b->len + 1, PROT_READ, MAP_PRIVATE, b->fd, 0);
    if (b->map == MAP_FAILED) {
        b->map = NULL;
        return SB_EIO;
    }
    *data = b->map;
    return 0;
}

void http_body_free(struct http_body *b, _Atomic size_t *total)
{
    atomic_fetch_sub(total, b->held);
    if (b->map)
        munmap(b->map, b->len + 1);
    if (b->spool && b->fd >= 0)
        close(b->fd);
    free(b->mem);
    b->mem = NULL;
    b->map = NULL;
    b->held = b->len = 0;
    b->fd = -1;
}
