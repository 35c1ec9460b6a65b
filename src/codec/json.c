/* json.c -- strict JSON input: body parsing and typed field readers. */
#include "json.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

bool json_utf8_valid(const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < len) {
        unsigned char c = p[i];
        size_t n;
        unsigned int cp;
        if (c == 0)
            return false;
        if (c < 0x80) {
            i++;
            continue;
        }
        if ((c & 0xE0) == 0xC0) {
            n = 1;
            cp = c & 0x1Fu;
        } else if ((c & 0xF0) == 0xE0) {
            n = 2;
            cp = c & 0x0Fu;
        } else if ((c & 0xF8) == 0xF0) {
            n = 3;
            cp = c & 0x07u;
        } else {
            return false;
        }
        if (n >= len - i)
            return false;
        for (size_t k = 1; k <= n; k++) {
            if ((p[i + k] & 0xC0) != 0x80)
                return false;
            cp = (cp << 6) | (p[i + k] & 0x3Fu);
        }
        if ((n == 1 && cp < 0x80) || (n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) ||
            cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        i += n + 1;
    }
    return true;
}

size_t json_utf8_chars(const char *s)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if ((*p & 0xC0) != 0x80)
            n++;
    return n;
}

/* Scan the raw text for a \u0000 escape inside a string and for nesting deeper than
 * JSON_MAX_DEPTH. Returns 0 or SB_EBADREQ. */
static int json_prescan(const char *s, size_t len, struct sb_error *err)
{
    int depth = 0;
    bool in_string = false;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (in_string) {
            if (c == '\\' && i + 1 < len) {
                if (s[i + 1] == 'u' && i + 5 < len && memcmp(s + i + 2, "0000", 4) == 0)
                    return sb_fail(err, SB_EBADREQ, NULL, "strings must not contain NUL");
                i++;
            } else if (c == '"') {
                in_string = false;
            }
            continue;
        }
        if (c == '"') {
            in_string = true;
        } else if (c == '{' || c == '[') {
            if (++depth > JSON_MAX_DEPTH)
                return sb_fail(err, SB_EBADREQ, NULL, "JSON nested deeper than %d levels",
                               JSON_MAX_DEPTH);
        } else if (c == '}' || c == ']') {
            depth--;
        }
    }
    return 0;
}

int json_parse(const char *body, size_t len, cJSON **out, struct sb_error *err)
{
    const char *end = NULL;
    cJSON *doc;
    int rc;

    if (len == 0)
        return sb_fail(err, SB_EBADREQ, NULL, "the request needs a JSON body");
    if (!json_utf8_valid(body, len))
        return sb_fail(err, SB_EBADREQ, NULL, "the body is not valid UTF-8 or holds NUL");
    rc = json_prescan(body, len, err);
    if (rc != 0)
        return rc;
    doc = cJSON_ParseWithLengthOpts(body, len, &end, false);
    if (!doc)
        return sb_fail(err, SB_EBADREQ, NULL, "malformed JSON near byte %zu",
                       end ? (size_t)(end - body) : (size_t)0);
    while (end < body + len && (*end == ' ' || *end == '\n' || *end == '\r' || *end == '\t'))
        end++;
    if (end != body + len) {
        cJSON_Delete(doc);
        return sb_fail(err, SB_EBADREQ, NULL, "trailing data after the JSON value");
    }
    *out = doc;
    return 0;
}

int json_parse_object(const char *body, size_t len, cJSON **out, struct sb_error *err)
{
    cJSON *doc = NULL;
    int rc = json_parse(body, len, &doc, err);
    if (rc != 0)
        return rc;
    if (!cJSON_IsObject(doc)) {
        cJSON_Delete(doc);
        return sb_fail(err, SB_EBADREQ, NULL, "the body must be a JSON object");
    }
    *out = doc;
    return 0;
}

bool json_is_int(const cJSON *n)
{
    double v;
    if (!cJSON_IsNumber(n))
        return false;
    v = n->valuedouble;
    return isfinite(v) && v == floor(v) && fabs(v) <= (double)JSON_INT_MAX;
}

int json_get_int(const cJSON *obj, const char *key, bool required, int64_t min, int64_t max,
                 int64_t *out, bool *present, struct sb_error *err)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    int64_t v;

    if (present)
        *present = false;
    if (!item || cJSON_IsNull(item)) {
        if (required)
            return sb_fail(err, SB_EBADREQ, NULL, "'%s' is required", key);
        return 0;
    }
    if (!cJSON_IsNumber(item))
        return sb_fail(err, SB_EBADREQ, NULL, "'%s' must be a number", key);
    if (!json_is_int(item))
        return sb_fail(err, SB_EBADREQ, NULL, "'%s' must be a whole number within 2^53", key);
    v = (int64_t)item->valuedouble;
    if (v < min || v > max)
        return sb_fail(err, SB_EINVALID, NULL, "'%s' must be between %lld and %lld", key,
                       (long long)min, (long long)max);
    *out = v;
    if (present)
        *present = true;
    return 0;
}

int json_get_string(const cJSON *obj, const char *key, bool required, size_t max_chars,
                    bool allow_empty, const char **out, struct sb_error *err)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    size_t n;

    if (!item || cJSON_IsNull(item)) {
        if (required)
            return sb_fail(err, SB_EBADREQ, NULL, "'%s' is required", key);
        return 0;
    }
    if (!cJSON_IsString(item) || !item->valuestring)
        return sb_fail(err, SB_EBADREQ, NULL, "'%s' must be a string", key);
    n = json_utf8_chars(item->valuestring);
    if (n == 0 && !allow_empty)
        return sb_fail(err, SB_EINVALID, NULL, "'%s' must not be empty", key);
    if (n > max_chars)
        return sb_fail(err, SB_EINVALID, NULL, "'%s' must be at most %zu characters", key,
                       max_chars);
    *out = item->valuestring;
    return 0;
}

int json_get_bool(const cJSON *obj, const char *key, bool required, bool *out, bool *present,
                  struct sb_error *err)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);

    if (present)
        *present = false;
    if (!item || cJSON_IsNull(item)) {
        if (required)
            return sb_fail(err, SB_EBADREQ, NULL, "'%s' is required", key);
        return 0;
    }
    if (!cJSON_IsBool(item))
        return sb_fail(err, SB_EBADREQ, NULL, "'%s' must be true or false", key);
    *out = cJSON_IsTrue(item);
    if (present)
        *present = true;
    return 0;
}

bool json_set(cJSON *obj, const char *key, cJSON *value)
{
    bool ok;
    if (!value)
        return false;
    if (cJSON_HasObjectItem(obj, key))
        ok = cJSON_ReplaceItemInObjectCaseSensitive(obj, key, value);
    else
        ok = cJSON_AddItemToObject(obj, key, value);
    if (!ok)
        cJSON_Delete(value);
    return ok;
}
