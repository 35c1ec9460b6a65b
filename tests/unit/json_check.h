/* json_check.h -- reading a JSON document in a unit test: each read fails the test (with
 * the key it looked for) when the member is missing or of another type, so a test
 * asserts on values and never on a NULL it did not expect. */
#ifndef STAMPBOOK_JSON_CHECK_H
#define STAMPBOOK_JSON_CHECK_H

#include <stdint.h>

#include <cjson/cJSON.h>

/* text parsed, then freed: the document (the caller deletes it). Fails the test when text
 * is NULL or not JSON. */
cJSON *jt_parse_text(char *text);

/* obj[key] (case-sensitive). */
const cJSON *jt_get(const cJSON *obj, const char *key);

/* obj[key], a number: as it is, or an integer (exact up to 2^53). */
double jt_num(const cJSON *obj, const char *key);
int64_t jt_int(const cJSON *obj, const char *key);

/* obj[key], a string (borrowed from obj). */
const char *jt_str(const cJSON *obj, const char *key);

#endif
