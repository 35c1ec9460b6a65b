/* jbuf.h -- JSON written straight into a growing buffer, byte for byte as
 * cJSON_PrintUnformatted() prints the same document, with no tree and no printf.
 *
 * Every writer puts the comma a member or an element needs before itself, so a document
 * reads as its members in order: jb_open(j, '{'); JB_KEY_INT(j, "id", 7);
 * jb_close(j, '}'). A buffer that could not grow stays failed (j->failed) and keeps
 * no partial text; jb_reset() empties it for its next document, keeping its memory.
 *
 * The writers are short and inline: a room check that is one comparison while the
 * buffer has room (jb_grow() out of line when it has not), then stores. The JB_KEY*
 * macros take a key as a string literal and copy it quoted, with its colon, in one
 * memcpy of a length known when compiling; jb_key() and jb_key_*() take any key. */
#ifndef STAMPBOOK_JBUF_H
#define STAMPBOOK_JBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct jbuf {
    char *p;         /* NUL-terminated when not failed and not NULL */
    size_t len, cap; /* len < cap while p holds text; cap 0 when p is NULL or failed */
    bool failed;
};

/* The most bytes jb_format_int() writes: "-9223372036854775808". */
#define JB_INT_MAX ((size_t)20)

/* Empty j for a new document, keeping its memory. This function can't fail. */
void jb_reset(struct jbuf *j);

/* Free j's memory; j is empty after. */
void jb_free(struct jbuf *j);

/* Hand j's text to the caller (who frees it) and leave j empty; NULL when it failed. */
char *jb_take(struct jbuf *j);

/* Mark j failed (a writer that could not get memory of its own): its text is freed and
 * every writer after does nothing. This function can't fail. */
void jb_fail(struct jbuf *j);

/* Make room for n more bytes and a NUL at once (a guess at a document's size saves
 * regrowing it). False (and j failed, its text freed) when it cannot grow. */
bool jb_grow(struct jbuf *j, size_t n);

/* Room for n more bytes and a NUL: true at once while there is (the capacity doubles
 * when there is not); false when j failed or could not grow. */
static inline bool jb_room(struct jbuf *j, size_t n)
{
    return n < j->cap - j->len || jb_grow(j, n);
}

/* Write v's decimal digits (a '-' first when negative) at out, no NUL: the digits
 * cJSON prints for any integer below 10^15 in magnitude, and every int64 exactly.
 * Returns how many bytes (1 to JB_INT_MAX). This function can't fail. */
size_t jb_format_int(char *out, int64_t v);

/* ---- writing at a cursor -----------------------------------------------------------
 * A run of members whose size is bounded is written at a cursor with one room check:
 * o = jb_begin(j, bound); o = JB_PUT(o, "{\"id\":"); o = jb_put_int(o, id); ...;
 * jb_commit(j, o). The jb_put_*() write no comma and no NUL and check no room: the
 * caller writes the punctuation and has made room for all of it. */

/* Where the next n bytes go (the end of j, with room for them and a NUL); NULL when
 * j failed or could not grow. */
static inline char *jb_begin(struct jbuf *j, size_t n)
{
    return jb_room(j, n) ? j->p + j->len : NULL;
}

/* End j's text at o (a cursor of j past its end, inside the room made). */
static inline void jb_commit(struct jbuf *j, char *o)
{
    *o = '\0';
    j->len = (size_t)(o - j->p);
}

/* n bytes of s, as they are; JB_PUT() for a string literal. */
static inline char *jb_put(char *o, const char *s, size_t n)
{
    memcpy(o, s, n);
    return o + n;
}

#define JB_PUT(o, lit) jb_put((o), "" lit, sizeof(lit) - 1)

/* An integer (JB_INT_MAX bytes at most). */
static inline char *jb_put_int(char *o, int64_t v)
{
    return o + jb_format_int(o, v);
}

/* true or false (5 bytes of room: "true" is copied with its NUL, overwritten after). */
static inline char *jb_put_bool(char *o, bool v)
{
    memcpy(o, v ? "true" : "false", 5);
    return o + (v ? 4 : 5);
}

/* The most bytes a string of n bytes takes quoted: each byte as \u00XX at worst. */
#define JB_STR_MAX(n) (6 * (n) + 2)

/* s (its n bytes, NUL not included) between quotes, escaped as jb_str() does:
 * JB_STR_MAX(n) bytes at most. */
char *jb_put_str(char *o, const char *s, size_t n);

/* ---- the writers ------------------------------------------------------------------- */

/* The comma a value needs at j's end o: none at the start, after '{', '[' or a key's
 * colon. */
static inline char *jb_comma_at(const struct jbuf *j, char *o)
{
    char last;
    if (j->len == 0)
        return o;
    last = o[-1];
    *o = ',';
    return o + (last != '{' && last != '[' && last != ':');
}

/* At j's end o, a quoted key with its colon (qkey, n bytes), after a comma unless it
 * opens an object. */
static inline char *jb_key_at(const struct jbuf *j, char *o, const char *qkey, size_t n)
{
    *o = ',';
    o += j->len > 0 && o[-1] != '{';
    memcpy(o, qkey, n);
    return o + n;
}

/* Raw bytes, as they are (an already printed document, punctuation). */
static inline void jb_raw(struct jbuf *j, const char *s, size_t n)
{
    if (!jb_room(j, n))
        return;
    memcpy(j->p + j->len, s, n);
    jb_commit(j, j->p + j->len + n);
}

/* '{' or '[' (after a comma when one is due), and '}' or ']'. */
static inline void jb_open(struct jbuf *j, char c)
{
    char *o;
    if (!jb_room(j, 2))
        return;
    o = jb_comma_at(j, j->p + j->len);
    *o++ = c;
    jb_commit(j, o);
}

static inline void jb_close(struct jbuf *j, char c)
{
    if (!jb_room(j, 1))
        return;
    j->p[j->len] = c;
    jb_commit(j, j->p + j->len + 1);
}

/* A member's key: "key": (written as it is: a literal with nothing to escape). */
void jb_key(struct jbuf *j, const char *key);

/* The same for a key of n bytes already quoted with its colon ("\"key\":"): JB_KEY(). */
static inline void jb_key_n(struct jbuf *j, const char *qkey, size_t n)
{
    if (jb_room(j, n + 1))
        jb_commit(j, jb_key_at(j, j->p + j->len, qkey, n));
}

/* Values: a string escaped as cJSON does (NULL prints null), an integer (in cJSON's
 * digits for any integer below 10^15), true/false, null. */
void jb_str(struct jbuf *j, const char *s);

static inline void jb_int(struct jbuf *j, int64_t v)
{
    char *o;
    if (!jb_room(j, 1 + JB_INT_MAX))
        return;
    o = jb_comma_at(j, j->p + j->len);
    jb_commit(j, o + jb_format_int(o, v));
}

static inline void jb_bool(struct jbuf *j, bool v)
{
    if (jb_room(j, 6))
        jb_commit(j, jb_put_bool(jb_comma_at(j, j->p + j->len), v));
}

static inline void jb_null(struct jbuf *j)
{
    char *o;
    if (!jb_room(j, 5))
        return;
    o = jb_comma_at(j, j->p + j->len);
    jb_commit(j, JB_PUT(o, "null"));
}

/* A member: the key then the value, in one room check (qkey as jb_key_n() takes it). */
static inline void jb_key_int_n(struct jbuf *j, const char *qkey, size_t n, int64_t v)
{
    char *o;
    if (!jb_room(j, n + 1 + JB_INT_MAX))
        return;
    o = jb_key_at(j, j->p + j->len, qkey, n);
    jb_commit(j, o + jb_format_int(o, v));
}

static inline void jb_key_bool_n(struct jbuf *j, const char *qkey, size_t n, bool v)
{
    if (jb_room(j, n + 1 + 5))
        jb_commit(j, jb_put_bool(jb_key_at(j, j->p + j->len, qkey, n), v));
}

static inline void jb_key_null_n(struct jbuf *j, const char *qkey, size_t n)
{
    char *o;
    if (!jb_room(j, n + 1 + 4))
        return;
    o = jb_key_at(j, j->p + j->len, qkey, n);
    jb_commit(j, JB_PUT(o, "null"));
}

static inline void jb_key_str_n(struct jbuf *j, const char *qkey, size_t n, const char *s)
{
    jb_key_n(j, qkey, n);
    jb_str(j, s);
}

/* A member with any key: jb_key() then the value, in one call. */
void jb_key_str(struct jbuf *j, const char *key, const char *s);
void jb_key_int(struct jbuf *j, const char *key, int64_t v);
void jb_key_bool(struct jbuf *j, const char *key, bool v);

/* The key lit (a string literal with nothing to escape) quoted with its colon, and its
 * length: the two first arguments of the jb_key_*_n() writers. */
#define JB_QKEY(lit) "\"" lit "\":", (sizeof("\"" lit "\":") - 1)

/* Members whose key is a string literal: JB_KEY_INT(j, "cash", 1500). */
#define JB_KEY(j, lit) jb_key_n((j), JB_QKEY(lit))
#define JB_KEY_STR(j, lit, s) jb_key_str_n((j), JB_QKEY(lit), (s))
#define JB_KEY_INT(j, lit, v) jb_key_int_n((j), JB_QKEY(lit), (v))
#define JB_KEY_BOOL(j, lit, v) jb_key_bool_n((j), JB_QKEY(lit), (v))
#define JB_KEY_NULL(j, lit) jb_key_null_n((j), JB_QKEY(lit))

#endif
