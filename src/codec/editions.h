/* editions.h -- the editions the service knows, loaded once from the JSON files of schema/editions
 * and read-only afterwards (safe to share between threads). */
#ifndef STAMPBOOK_EDITIONS_H
#define STAMPBOOK_EDITIONS_H

#include <stdbool.h>

#include <cjson/cJSON.h>

#include "error.h"

struct editions;

/* Load every *.json of dir. Returns 0 and *out, or an error naming the bad file. */
int editions_load(const char *dir, struct editions **out, struct sb_error *err);

/* Free them; editions_free(NULL) is a no-op. */
void editions_free(struct editions *e);

/* The edition document with this id (borrowed), or NULL. This function can't fail. */
const cJSON *editions_find(const struct editions *e, const char *id);

/* The id of the default edition: the first one loaded, the full-engine edition's
 * (editions_load() loads it first). This function can't fail. */
const char *editions_default(const struct editions *e);

/* The array [{"id","name","players_min","players_max","engine","kind","modes",
 * "buildings"?}] (borrowed). */
const cJSON *editions_list(const struct editions *e);

/* True when the edition runs on the full rules engine ("engine":"full"). */
bool editions_is_full(const cJSON *edition);

#endif
