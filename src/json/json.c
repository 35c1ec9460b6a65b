/* json.c -- strict JSON input: body parsing and typed field readers. */
#include "json.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

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

static int json_cmp_keys(const void *a, const void *b)
{
    return strcmp((*(const cJSON *const *)a)->string, (*(const cJSON *const *)b)->string);
}

/* The first key of obj that appears twice (after unescaping, as cJSON keeps both), or
 * NULL. Small objects pair by pair; large ones sorted, so a huge object stays cheap.
 * *oom is set when the sort cannot get its memory. */
static const char *json_repeated_key(const cJSON *obj, bool *oom)
{
    const cJSON **keys;
    const char *found = NULL;
    size_t n = 0, i = 0;
    for (const cJSON *c = obj->child; c; c = c->next)
        n++;
    if (n <= 16) {
        for (const cJSON *a = obj->child; a; a = a->next)
            for (const cJSON *b = a->next; b; b = b->next)
                if (strcmp(a->string, b->string) == 0)
                    return a->string;
        return NULL;
    }
    keys = malloc(n * sizeof(*keys)); /* NOLINT(bugprone-sizeof-expression) */
    if (!keys) {
        *oom = true;
        return NULL;
    }
    for (const cJSON *c = obj->child; c; c = c->next)
        keys[i++] = c;
    qsort(keys, n, sizeof(*keys), json_cmp_keys); /* NOLINT(bugprone-sizeof-expression) */
    for (i = 1; i < n && !found; i++)
        if (strcmp(keys[i - 1]->string, keys[i]->string) == 0)
            found = keys[i]->string;
    free(keys);
    return found;
}

/* Refuse a document in which an object names a key twice (400): the server would read
 * the first and a browser the last, so the log could lie. Depth is bounded by the
 * prescan. */
static int json_check_keys(const cJSON *item, struct sb_error *err)
{
    bool oom = false;
    if (cJSON_IsObject(item)) {
        const char *key = json_repeated_key(item, &oom);
        if (oom)
            return sb_oom(err);
        if (key)
            return sb_fail(err, SB_EBADREQ, NULL, "the key '%.64s' appears twice in one object",
                           key);
    }
    if (cJSON_IsObject(item) || cJSON_IsArray(item))
        for (const cJSON *c = item->child; c; c = c->next) {
            int rc = json_check_keys(c, err);
            if (rc != 0)
                return rc;
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
    rc = json_check_keys(doc, err);
    if (rc != 0) {
        cJSON_Delete(doc);
        return rc;
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

bool json_is_money(int64_t v)
{
    return v >= 0 && v <= JSON_MONEY_MAX && v % 10 == 0;
}

int json_get_money(const cJSON *obj, const char *key, bool required, int64_t *out, bool *present,
                   struct sb_error *err)
{
    int64_t v = 0;
    bool has = false;
    int rc = json_get_int(obj, key, required, 0, JSON_MONEY_MAX, &v, &has, err);
    if (rc == 0 && has && !json_is_money(v))
        return sb_fail(err, SB_EINVALID, NULL, "'%s' must be a multiple of 10", key);
    if (rc == 0 && has)
        *out = v;
    if (present)
        *present = has;
    return rc;
}

/* obj[key] for a request reader, or NULL when it is absent or null: *rc is then
 * SB_EBADREQ when the field is required, else 0. Clears *present (if given). */
static const cJSON *json_field(const cJSON *obj, const char *key, bool required, bool *present,
                               int *rc, struct sb_error *err)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    *rc = 0;
    if (present)
        *present = false;
    if (item && !cJSON_IsNull(item))
        return item;
    if (required)
        *rc = sb_fail(err, SB_EBADREQ, NULL, "'%s' is required", key);
    return NULL;
}

int json_get_int(const cJSON *obj, const char *key, bool required, int64_t min, int64_t max,
                 int64_t *out, bool *present, struct sb_error *err)
{
    int rc;
    const cJSON *item = json_field(obj, key, required, present, &rc, err);
    int64_t v;

    if (!item)
        return rc;
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
    int rc;
    const cJSON *item = json_field(obj, key, required, NULL, &rc, err);
    size_t n;

    if (!item)
        return rc;
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

const char *json_unknown_key(const cJSON *obj, const char *const *keys, size_t n)
{
    const cJSON *f;
    cJSON_ArrayForEach(f, obj)
    {
        size_t i = 0;
        while (i < n && strcmp(keys[i], f->string) != 0)
            i++;
        if (i == n)
            return f->string;
    }
    return NULL;
}

int json_get_event_type(const cJSON *body, int (*from_name)(const char *name), int *t,
                        const char **type, struct sb_error *err)
{
    int rc;
    if (!cJSON_IsObject(body))
        return sb_fail(err, SB_EBADREQ, NULL, "the event must be a JSON object");
    rc = json_get_string(body, "type", true, JSON_NAME_MAX_CHARS, false, type, err);
    if (rc != 0)
        return rc;
    *t = from_name(*type);
    if (*t < 0)
        return sb_fail(err, SB_EINVALID, NULL, "unknown event type '%s'", *type);
    return 0;
}

int json_get_name(cJSON *obj, const char *key, bool required, const char **out,
                  struct sb_error *err)
{
    char clean[TEXT_NAME_BYTES];
    const char *raw = NULL, *why = NULL;
    int rc = json_get_string(obj, key, required, SIZE_MAX, true, &raw, err);
    *out = NULL;
    if (rc != 0 || !raw)
        return rc;
    /* The length is checked once trimmed and normalised; the bound on the raw text
     * (spaces included) only keeps the work small. */
    if (json_utf8_chars(raw) > (size_t)JSON_NAME_MAX_CHARS * 4)
        return sb_fail(err, SB_EINVALID, NULL, "'%s' must be at most %d characters", key,
                       JSON_NAME_MAX_CHARS);
    if (text_name(raw, clean, sizeof(clean), &why) != 0)
        return sb_fail(err, SB_EINVALID, NULL, "'%s' %s", key, why);
    if (json_utf8_chars(clean) > JSON_NAME_MAX_CHARS)
        return sb_fail(err, SB_EINVALID, NULL, "'%s' must be at most %d characters", key,
                       JSON_NAME_MAX_CHARS);
    if (!(*out = cJSON_SetValuestring(cJSON_GetObjectItemCaseSensitive(obj, key), clean)))
        return sb_oom(err);
    return 0;
}

int json_get_bool(const cJSON *obj, const char *key, bool required, bool *out, bool *present,
                  struct sb_error *err)
{
    int rc;
    const cJSON *item = json_field(obj, key, required, present, &rc, err);

    if (!item)
        return rc;
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
    if (cJSON_GetObjectItemCaseSensitive(obj, key))
        ok = cJSON_ReplaceItemInObjectCaseSensitive(obj, key, value);
    else
        ok = cJSON_AddItemToObject(obj, key, value);
    if (!ok)
        cJSON_Delete(value);
    return ok;
}

bool json_add(cJSON *obj, const char *key, cJSON *item)
{
    if (!item)
        return false;
    if (key ? cJSON_AddItemToObject(obj, key, item) : cJSON_AddItemToArray(obj, item))
        return true;
    cJSON_Delete(item);
    return false;
}

bool json_add_int(cJSON *obj, const char *key, int64_t value)
{
    return json_add(obj, key, json_num(value));
}

cJSON *json_num(int64_t value)
{
    return cJSON_CreateNumber((double)value);
}

#ifdef __clang_analyzer__
#undef json_fail_at
#endif
int json_fail_at(struct sb_error *err, const char *path, const char *key, const char *fmt, ...)
{
    char msg[SB_DETAIL_MAX];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    if (key && path[0])
        return sb_fail(err, SB_EINVALID, NULL, "%s.%s: %s", path, key, msg);
    if (key)
        return sb_fail(err, SB_EINVALID, NULL, "%s: %s", key, msg);
    return sb_fail(err, SB_EINVALID, NULL, "%s: %s", path, msg);
}
#ifdef __clang_analyzer__
#define json_fail_at(...) (json_fail_at(__VA_ARGS__), SB_EINVALID) /* as json.h has it */
#endif

int json_at_i64(const cJSON *obj, const char *path, const char *key, int64_t min, int64_t max,
                int64_t *out, struct sb_error *err)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!it)
        return json_fail_at(err, path, key, "is required");
    if (!json_is_int(it) || it->valuedouble < (double)min || it->valuedouble > (double)max)
        return json_fail_at(err, path, key, "must be a whole number from %lld to %lld",
                            (long long)min, (long long)max);
    *out = (int64_t)it->valuedouble;
    return 0;
}

int json_at_int(const cJSON *obj, const char *path, const char *key, int min, int max, int *out,
                struct sb_error *err)
{
    int64_t v = 0;
    int rc = json_at_i64(obj, path, key, min, max, &v, err);
    if (rc == 0)
        *out = (int)v;
    return rc;
}

int json_at_money(const cJSON *obj, const char *path, const char *key, int *out,
                  struct sb_error *err)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (item && (!json_is_int(item) || !json_is_money((int64_t)item->valuedouble)))
        return json_fail_at(err, path, key, "must be a multiple of 10 from 0 to %lld",
                            (long long)JSON_MONEY_MAX);
    return json_at_int(obj, path, key, 0, (int)JSON_MONEY_MAX, out, err);
}

int json_at_bool(const cJSON *obj, const char *path, const char *key, bool *out,
                 struct sb_error *err)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!it)
        return json_fail_at(err, path, key, "is required");
    if (!cJSON_IsBool(it))
        return json_fail_at(err, path, key, "must be true or false");
    *out = cJSON_IsTrue(it);
    return 0;
}

int json_at_string(const cJSON *obj, const char *path, const char *key, size_t max_chars,
                   const char **out, struct sb_error *err)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, key);
    size_t n;
    if (!it)
        return json_fail_at(err, path, key, "is required");
    if (!cJSON_IsString(it) || !it->valuestring)
        return json_fail_at(err, path, key, "must be a string");
    if (max_chars == 0)
        goto out;
    if (!json_utf8_valid(it->valuestring, strlen(it->valuestring)))
        return json_fail_at(err, path, key, "must be valid UTF-8");
    n = json_utf8_chars(it->valuestring);
    if (n < 1 || n > max_chars)
        return json_fail_at(err, path, key, "must be 1 to %zu characters", max_chars);
out:
    *out = it->valuestring;
    return 0;
}

int json_check_name(const char *s, const char *path, const char *key, struct sb_error *err)
{
    char clean[TEXT_NAME_BYTES];
    const char *why = NULL;
    if (!s || text_name(s, clean, sizeof(clean), &why) == 0)
        return 0;
    return json_fail_at(err, path, key, "%s", why);
}

int json_at_name(const cJSON *obj, const char *path, const char *key, size_t max_chars,
                 const char **out, struct sb_error *err)
{
    int rc = json_at_string(obj, path, key, max_chars, out, err);
    return rc != 0 ? rc : json_check_name(*out, path, key, err);
}

int json_at_enum(const cJSON *obj, const char *path, const char *key, const char *const *names,
                 int n, int *out, struct sb_error *err)
{
    const char *s = NULL;
    int rc = json_at_string(obj, path, key, 0, &s, err);
    if (rc != 0)
        return rc;
    for (int i = 0; i < n; i++)
        if (names[i] && strcmp(names[i], s) == 0) {
            *out = i;
            return 0;
        }
    return json_fail_at(err, path, key, "unknown value '%s'", s);
}

int json_digits(const char *s, int n)
{
    int v = 0;
    for (int i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}
