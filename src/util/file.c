/* file.c -- reading a whole (small) file (file.h). */
#include "file.h"

#include <stdio.h>
#include <stdlib.h>

int file_read(const char *path, size_t max, char **out, size_t *len, struct sb_error *err)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n = -1;
    int rc = 0;
    if (!f)
        return sb_fail(err, SB_EIO, NULL, "cannot open %s", path);
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
        rc = sb_fail(err, SB_EIO, NULL, "cannot tell the size of %s", path);
    else if ((size_t)n > max)
        rc = sb_fail(err, SB_ETOOBIG, NULL, "%s is over %zu bytes", path, max);
    else if (!(buf = malloc((size_t)n + 1)))
        rc = sb_oom(err);
    else if (fread(buf, 1, (size_t)n, f) != (size_t)n)
        rc = sb_fail(err, SB_EIO, NULL, "cannot read %s", path);
    fclose(f);
    if (rc != 0) {
        free(buf);
        return rc;
    }
    buf[n] = '\0';
    *out = buf;
    if (len)
        *len = (size_t)n;
    return 0;
}
