/* board_json_internal.h -- what board_json.c and board_edit.c share; the rest of the
 * program should not include it. */
#ifndef STAMPBOOK_BOARD_JSON_INTERNAL_H
#define STAMPBOOK_BOARD_JSON_INTERNAL_H

#include <cjson/cJSON.h>

#include "error.h"

/* The space kind named s (enum space_kind), or -1. This function can't fail. */
int bj_kind_of(const char *s);

/* Set obj[key] to val, which obj then owns (val NULL: out of memory). Returns 0 or
 * SB_ENOMEM; val is freed on failure. */
int bj_set(cJSON *obj, const char *key, cJSON *val, struct sb_error *err);

#endif
