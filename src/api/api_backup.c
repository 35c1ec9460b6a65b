/* api_backup.c -- rotating backups: a copy of the database by the online backup API,
 * checked with integrity_check, written under a temporary name and renamed, and only
 * the newest few kept. */
#include "api_internal.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define BACKUP_PREFIX "stampbook-"
#define BACKUP_SUFFIX ".db"
#define BACKUP_MAX_FILES 4096

/* Is name one of the backups this server writes (stampbook-YYYYmmddTHHMMSSZ.db)? */
static bool backup_is_ours(const char *name)
{
    size_t n = strlen(name), p = strlen(BACKUP_PREFIX), s = strlen(BACKUP_SUFFIX);
    return n == p + 16 + s && strncmp(name, BACKUP_PREFIX, p) == 0 &&
           strcmp(name + n - s, BACKUP_SUFFIX) == 0;
}

static int backup_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Remove the oldest backups of dir beyond the newest keep (names sort by time). */
static int backup_prune(const char *dir, int keep, struct sb_error *err)
{
    char *names[BACKUP_MAX_FILES];
    char path[4096];
    struct dirent *e;
    int n = 0, rc = 0;
    DIR *d = opendir(dir);
    if (!d)
        return sb_fail(err, SB_EIO, NULL, "cannot read the backup folder %s", dir);
    while ((e = readdir(d)) != NULL && n < BACKUP_MAX_FILES)
        if (backup_is_ours(e->d_name) && (names[n] = strdup(e->d_name)) != NULL)
            n++;
    closedir(d);
    qsort(names, (size_t)n, sizeof(names[0]), backup_cmp);
    for (int i = 0; i < n; i++) {
        snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
        if (i < n - keep && unlink(path) != 0)
            rc = sb_fail(err, SB_EIO, NULL, "cannot remove the old backup %s", path);
        free(names[i]);
    }
    return rc;
}

int api_backup_rotate(struct api *api, const char *dir, int keep, char *made, size_t size,
                      struct sb_error *err)
{
    char name[64], tmp[4096];
    time_t now = time(NULL);
    struct tm tm;
    int rc;
    gmtime_r(&now, &tm);
    strftime(name, sizeof(name), BACKUP_PREFIX "%Y%m%dT%H%M%SZ" BACKUP_SUFFIX, &tm);
    snprintf(made, size, "%s/%s", dir, name);
    snprintf(tmp, sizeof(tmp), "%s/.%s.tmp", dir, name);
    unlink(tmp);
    /* Under a temporary name: a backup cut short never looks like a good one. */
    rc = api_backup(api, tmp, err);
    if (rc == 0 && rename(tmp, made) != 0)
        rc = sb_fail(err, SB_EIO, NULL, "cannot rename the backup to %s", made);
    if (rc != 0) {
        unlink(tmp);
        return rc;
    }
    return backup_prune(dir, keep > 0 ? keep : 1, err);
}
