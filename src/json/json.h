/* json.h -- strict JSON input: parsing request bodies and reading typed fields.
 *
 * Every reader returns 0, or SB_EBADREQ (400) for a wrong type, SB_EINVALID (422) for
 * a value out of its range, filling err. Integers must be whole JSON numbers within
 * +-2^53; strings valid UTF-8 without NUL (json_parse checks the whole body). */
#ifndef STAMPBOOK_JSON_H
#define STAMPBOOK_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "error.h"

#define JSON_NAME_MAX_CHARS 80
#define JSON_TEXT_MAX_CHARS 2000
#define JSON_MONEY_MAX 1000000000LL
#define JSON_INT_MAX 9007199254740992LL /* 2^53 */
#define JSON_MAX_DEPTH 64

/* Parse body (len bytes, not necessarily NUL-terminated) into *out, which the caller
 * frees with cJSON_Delete. Rejects invalid UTF-8, NUL anywhere (raw or \u0000),
 * nesting deeper than JSON_MAX_DEPTH, trailing garbage and an object that names a key
 * twice (SB_EBADREQ: cJSON would keep both). */
int json_parse(const char *body, size_t len, cJSON **out, struct sb_error *err);

/* Same as json_parse, and the document must be an object. */
int json_parse_object(const char *body, size_t len, cJSON **out, struct sb_error *err);

/* Read obj[key] as an integer in [min, max]. Absent: SB_EBADREQ if required, else 0
 * with *out untouched and *present (if given) false. */
int json_get_int(const cJSON *obj, const char *key, bool required, int64_t min, int64_t max,
                 int64_t *out, bool *present, struct sb_error *err);

/* True when v is an amount of money: a multiple of 10 in 0..JSON_MONEY_MAX. */
bool json_is_money(int64_t v);

/* Read obj[key] as an amount of money (json_is_money()): as json_get_int(), and 422
 * (SB_EINVALID) for an amount that is not a multiple of 10. */
int json_get_money(const cJSON *obj, const char *key, bool required, int64_t *out, bool *present,
                   struct sb_error *err);

/* Read obj[key] as a string of 1..max_chars characters (0..max_chars when allow_empty).
 * *out is borrowed from obj. Absent: as json_get_int. */
int json_get_string(const cJSON *obj, const char *key, bool required, size_t max_chars,
                    bool allow_empty, const char **out, struct sb_error *err);

/* Read obj[key] as a name (of a campaign, a player): trimmed and NFC-normalised
 * (text_name(), and obj[key] then holds that form), 1..JSON_NAME_MAX_CHARS
 * characters. *out is borrowed from obj (NULL when absent and not required). 422
 * naming key when it is empty once trimmed, too long, or holds a control, bidi or
 * invisible character; 400 when it is no string; absent: as json_get_string(). */
int json_get_name(cJSON *obj, const char *key, bool required, const char **out,
                  struct sb_error *err);

/* The name of the first member of obj that is none of the n names keys (NULL when each
 * is one of them, or obj has none). This function can't fail. */
const char *json_unknown_key(const cJSON *obj, const char *const *keys, size_t n);

/* Read the type of an event body (an engine's event, API.md): body must be an object
 * (else SB_EBADREQ) whose "type" is a name (as json_get_string(), required) that
 * from_name() knows (its index >= 0 into *t; else SB_EINVALID "unknown event type").
 * *type is borrowed from body. */
int json_get_event_type(const cJSON *body, int (*from_name)(const char *name), int *t,
                        const char **type, struct sb_error *err);

/* Read obj[key] as a boolean. Absent: as json_get_int. */
int json_get_bool(const cJSON *obj, const char *key, bool required, bool *out, bool *present,
                  struct sb_error *err);

/* Is n a finite whole number within +-2^53? This function can't fail. */
bool json_is_int(const cJSON *n);

/* Number of UTF-8 characters in s (assumed valid). This function can't fail. */
size_t json_utf8_chars(const char *s);

/* True when s[0..len) is valid UTF-8 without NUL bytes. This function can't fail. */
bool json_utf8_valid(const char *s, size_t len);

/* ---- fields of stored documents (boards, states), reported by where they are ----
 * A refusal is SB_EINVALID with the detail "<path>.<key>: <message>" ("<key>: ..." when
 * path is empty, "<path>: ..." when key is NULL); a missing field "is required". */

/* Record such a refusal in err (which may be NULL) and return SB_EINVALID. */
int json_fail_at(struct sb_error *err, const char *path, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
#ifdef __clang_analyzer__
#define json_fail_at(...) (json_fail_at(__VA_ARGS__), SB_EINVALID)
#endif

/* obj[key] as an integer in [min, max]: json_at_i64() for 64 bits, json_at_int() for an
 * int. */
int json_at_i64(const cJSON *obj, const char *path, const char *key, int64_t min, int64_t max,
                int64_t *out, struct sb_error *err);
int json_at_int(const cJSON *obj, const char *path, const char *key, int min, int max, int *out,
                struct sb_error *err);

/* obj[key] as an amount of money (json_is_money()). */
int json_at_money(const cJSON *obj, const char *path, const char *key, int *out,
                  struct sb_error *err);

/* obj[key] as a boolean. */
int json_at_bool(const cJSON *obj, const char *path, const char *key, bool *out,
                 struct sb_error *err);

/* obj[key] as a string (any, when max_chars is 0; else valid UTF-8 of 1..max_chars
 * characters); *out is borrowed from obj. */
int json_at_string(const cJSON *obj, const char *path, const char *key, size_t max_chars,
                   const char **out, struct sb_error *err);

/* json_at_string() for a name (of a board: a destination, a space, a card's title):
 * also refused when it hides what it says (text_name(): a control or bidi character,
 * an invisible one, nothing but spaces). */
int json_at_name(const cJSON *obj, const char *path, const char *key, size_t max_chars,
                 const char **out, struct sb_error *err);

/* Refuse (SB_EINVALID, naming path and key) a name s that text_name() refuses; 0 for
 * NULL (a name not given). */
int json_check_name(const char *s, const char *path, const char *key, struct sb_error *err);

/* obj[key] as one of the strings names[0..n) (NULL entries skipped): its index in *out;
 * "unknown value" for any other string. */
int json_at_enum(const cJSON *obj, const char *path, const char *key, const char *const *names,
                 int n, int *out, struct sb_error *err);

/* Add item to obj under key (to the array obj when key is NULL). Returns false, with
 * item freed, when item is NULL or out of memory. */
bool json_add(cJSON *obj, const char *key, cJSON *item);

/* Add key: value to obj (exact up to 2^53). Returns false when out of memory. */
bool json_add_int(cJSON *obj, const char *key, int64_t value);

/* A new JSON number for an integer (exact up to 2^53); NULL when out of memory. */
cJSON *json_num(int64_t value);

/* Set obj[key] to value (which obj takes over), replacing what was there. Returns false
 * when out of memory (value NULL included; value is then freed). */
bool json_set(cJSON *obj, const char *key, cJSON *value);

/* The n-digit decimal number at s, or -1 when s does not start with n digits (a part
 * of a date or a time). This function can't fail. */
int json_digits(const char *s, int n);

#endif
