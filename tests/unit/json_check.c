/* json_check.c -- reading a JSON document in a unit test (json_check.h). */
#include "json_check.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include "json.h"

cJSON *jt_parse_text(char *text)
{
    cJSON *doc;
    assert_non_null(text);
    doc = cJSON_Parse(text);
    free(text);
    assert_non_null(doc);
    return doc;
}

const cJSON *jt_get(const cJSON *obj, const char *key)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!it)
        fail_msg("no '%s'", key);
    return it;
}

double jt_num(const cJSON *obj, const char *key)
{
    const cJSON *it = jt_get(obj, key);
    if (!cJSON_IsNumber(it))
        fail_msg("'%s' is not a number", key);
    return it->valuedouble;
}

int64_t jt_int(const cJSON *obj, const char *key)
{
    const cJSON *it = jt_get(obj, key);
    if (!json_is_int(it))
        fail_msg("'%s' is not an integer", key);
    return (int64_t)it->valuedouble;
}

const char *jt_str(const cJSON *obj, const char *key)
{
    const cJSON *it = jt_get(obj, key);
    if (!cJSON_IsString(it))
        fail_msg("'%s' is not a string", key);
    return it->valuestring;
}
