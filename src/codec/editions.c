/* editions.c -- edition documents loaded from schema/editions/. */
#include "editions.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file.h"
#include "json.h"

#define EDITIONS_MAX 16
#define EDITIONS_FILE_MAX 1048576 /* 1 MiB */

struct editions {
    int n;
    cJSON *docs[EDITIONS_MAX];
    cJSON *list;
};

/* Read and parse one edition file into *out. */
static int editions_read(const char *path, cJSON **out, struct sb_error *err)
{
    char *buf = NULL;
    size_t n = 0;
    int rc = file_read(path, EDITIONS_FILE_MAX, &buf, &n, err);
    if (rc != 0)
        return rc == SB_ENOMEM ? rc : sb_fail(err, SB_EIO, NULL, "cannot read %s", path);
    rc = json_parse_object(buf, n, out, err);
    free(buf);
    if (rc != 0) {
        char why[SB_DETAIL_MAX]; /* err->detail cannot be both source and target */
        snprintf(why, sizeof(why), "%s", err ? err->detail : "bad JSON");
        return sb_fail(err, SB_EIO, NULL, "%s: %s", path, why);
    }
    return 0;
}

/* Add {"id","name","players_min","players_max","engine","kind","modes","buildings"?} of doc
 * to the list: kind names the row of the game kinds that runs the edition's banker games,
 * modes the game modes it offers (a client picks its screens from them), buildings the
 * names its box prints for its houses and hotels, per language (when it has them). */
static int editions_summarise(struct editions *e, const cJSON *doc, const char *path,
                              struct sb_error *err)
{
    static const char *const fields[] = {"name",   "players_min", "players_max",
                                         "engine", "kind",        "modes"};
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(doc, "edition");
    cJSON *item = cJSON_CreateObject();
    if (!item || !cJSON_AddItemToArray(e->list, item))
        return sb_oom(err);
    if (!cJSON_IsString(id))
        return sb_fail(err, SB_EIO, NULL, "%s: no \"edition\" id", path);
    cJSON_AddStringToObject(item, "id", id->valuestring);
    for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(doc, fields[i]);
        if (!v)
            return sb_fail(err, SB_EIO, NULL, "%s: no \"%s\"", path, fields[i]);
        cJSON_AddItemToObject(item, fields[i], cJSON_Duplicate(v, true));
    }
    if (cJSON_GetObjectItemCaseSensitive(doc, "buildings"))
        cJSON_AddItemToObject(
            item, "buildings",
            cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(doc, "buildings"), true));
    return 0;
}

static int editions_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int editions_load(const char *dir, struct editions **out, struct sb_error *err)
{
    struct editions *e = calloc(1, sizeof(*e));
    char *names[EDITIONS_MAX];
    int nnames = 0, rc = 0;
    DIR *d;
    struct dirent *ent;

    if (!e || !(e->list = cJSON_CreateArray())) {
        free(e);
        return sb_oom(err);
    }
    d = opendir(dir);
    if (!d) {
        editions_free(e);
        return sb_fail(err, SB_EIO, NULL, "cannot open the editions folder %s", dir);
    }
    while ((ent = readdir(d)) != NULL && nnames < EDITIONS_MAX) {
        size_t len = strlen(ent->d_name);
        if (len > 5 && strcmp(ent->d_name + len - 5, ".json") == 0 && ent->d_name[0] != '.')
            if ((names[nnames] = strdup(ent->d_name)) != NULL)
                nnames++;
    }
    closedir(d);
    qsort(names, (size_t)nnames, sizeof(names[0]), editions_cmp);
    /* The full-engine edition first: it is the default. */
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; rc == 0 && i < nnames; i++) {
            char path[4096];
            cJSON *doc = NULL;
            snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
            rc = editions_read(path, &doc, err);
            if (rc != 0)
                break;
            if (editions_is_full(doc) != (pass == 0)) {
                cJSON_Delete(doc);
                continue;
            }
            e->docs[e->n++] = doc;
            rc = editions_summarise(e, doc, path, err);
        }
    }
    for (int i = 0; i < nnames; i++)
        free(names[i]);
    if (rc == 0 && e->n == 0)
        rc = sb_fail(err, SB_EIO, NULL, "no edition in %s", dir);
    if (rc != 0) {
        editions_free(e);
        return rc;
    }
    *out = e;
    return 0;
}

void editions_free(struct editions *e)
{
    if (!e)
        return;
    for (int i = 0; i < e->n; i++)
        cJSON_Delete(e->docs[i]);
    cJSON_Delete(e->list);
    free(e);
}

const cJSON *editions_find(const struct editions *e, const char *id)
{
    for (int i = 0; i < e->n; i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(e->docs[i], "edition");
        if (cJSON_IsString(v) && strcmp(v->valuestring, id) == 0)
            return e->docs[i];
    }
    return NULL;
}

const char *editions_default(const struct editions *e)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(e->docs[0], "edition");
    return v->valuestring; /* editions_summarise() checked it */
}

const cJSON *editions_list(const struct editions *e)
{
    return e->list;
}

bool editions_is_full(const cJSON *edition)
{
    const cJSON *engine = cJSON_GetObjectItemCaseSensitive(edition, "engine");
    return cJSON_IsString(engine) && strcmp(engine->valuestring, "full") == 0;
}
