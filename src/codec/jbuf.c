/* jbuf.c -- JSON written straight into a growing buffer (see jbuf.h). */
#include "jbuf.h"

#include <stdlib.h>
#include <string.h>

#define JB_FIRST_CAP 4096

/* Room for n more bytes and a NUL; false (and j failed) when it cannot grow. */
static bool jb_room(struct jbuf *j, size_t n)
{
    size_t cap;
    char *grown;
    if (j->failed)
        return false;
    if (j->len + n + 1 <= j->cap)
        return true;
    cap = j->cap ? j->cap : JB_FIRST_CAP;
    while (cap < j->len + n + 1)
        cap *= 2;
    grown = realloc(j->p, cap);
    if (!grown) {
        j->failed = true;
        return false;
    }
    j->p = grown;
    j->cap = cap;
    return true;
}

void jb_reset(struct jbuf *j)
{
    j->len = 0;
    j->failed = false;
    if (j->p)
        j->p[0] = '\0';
}

void jb_free(struct jbuf *j)
{
    free(j->p);
    memset(j, 0, sizeof(*j));
}

char *jb_take(struct jbuf *j)
{
    char *text = j->failed ? NULL : j->p;
    if (j->failed)
        free(j->p);
    memset(j, 0, sizeof(*j));
    return text;
}

void jb_raw(struct jbuf *j, const char *s, size_t n)
{
    if (!jb_room(j, n))
        return;
    memcpy(j->p + j->len, s, n);
    j->len += n;
    j->p[j->len] = '\0';
}

/* The comma before a member or an element: due unless the last byte opened a
 * container or was a key's colon. */
static void jb_comma(struct jbuf *j)
{
    char last = '{';
    if (j->len > 0)
        last = j->p[j->len - 1];
    if (last != '{' && last != '[' && last != ':')
        jb_raw(j, ",", 1);
}

void jb_open(struct jbuf *j, char c)
{
    jb_comma(j);
    jb_raw(j, &c, 1);
}

void jb_close(struct jbuf *j, char c)
{
    jb_raw(j, &c, 1);
}

/* s between quotes, escaped as cJSON prints it: the short escapes, \u00XX below 0x20,
 * every other byte (UTF-8 included) as it is. */
static void jb_quoted(struct jbuf *j, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *u = (const unsigned char *)s;
    size_t n = 0;
    while (u[n])
        n++;
    if (!jb_room(j, n * 6 + 2))
        return;
    char *o = j->p + j->len;
    *o++ = '"';
    for (; *u; u++) {
        unsigned char c = *u;
        if (c >= 0x20 && c != '"' && c != '\\') {
            *o++ = (char)c;
            continue;
        }
        *o++ = '\\';
        switch (c) {
        case '"': *o++ = '"'; break;
        case '\\': *o++ = '\\'; break;
        case '\b': *o++ = 'b'; break;
        case '\f': *o++ = 'f'; break;
        case '\n': *o++ = 'n'; break;
        case '\r': *o++ = 'r'; break;
        case '\t': *o++ = 't'; break;
        default:
            *o++ = 'u';
            *o++ = '0';
            *o++ = '0';
            *o++ = hex[c >> 4];
            *o++ = hex[c & 15];
        }
    }
    *o++ = '"';
    j->len = (size_t)(o - j->p);
    j->p[j->len] = '\0';
}

void jb_key(struct jbuf *j, const char *key)
{
    size_t n = strlen(key);
    char *o;
    /* One room check for the comma, the quotes and the colon; a key is written as it
     * is (every key is a literal of the writers, with nothing to escape). */
    if (!jb_room(j, n + 4))
        return;
    o = j->p + j->len;
    if (j->len > 0 && j->p[j->len - 1] != '{')
        *o++ = ',';
    *o++ = '"';
    for (size_t i = 0; i < n; i++)
        *o++ = key[i];
    *o++ = '"';
    *o++ = ':';
    j->len = (size_t)(o - j->p);
    j->p[j->len] = '\0';
}

void jb_str(struct jbuf *j, const char *s)
{
    jb_comma(j);
    if (s)
        jb_quoted(j, s);
    else
        jb_raw(j, "null", 4);
}

void jb_int(struct jbuf *j, int64_t v)
{
    char digits[24];
    size_t n = sizeof(digits);
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do {
        digits[--n] = (char)('0' + u % 10);
        u /= 10;
    } while (u > 0);
    if (v < 0)
        digits[--n] = '-';
    jb_comma(j);
    jb_raw(j, digits + n, sizeof(digits) - n);
}

void jb_bool(struct jbuf *j, bool v)
{
    jb_comma(j);
    if (v)
        jb_raw(j, "true", 4);
    else
        jb_raw(j, "false", 5);
}

void jb_null(struct jbuf *j)
{
    jb_comma(j);
    jb_raw(j, "null", 4);
}

void jb_key_str(struct jbuf *j, const char *key, const char *s)
{
    jb_key(j, key);
    jb_str(j, s);
}

void jb_key_int(struct jbuf *j, const char *key, int64_t v)
{
    jb_key(j, key);
    jb_int(j, v);
}

void jb_key_bool(struct jbuf *j, const char *key, bool v)
{
    jb_key(j, key);
    jb_bool(j, v);
}
