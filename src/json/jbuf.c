/* jbuf.c -- JSON written straight into a growing buffer (see jbuf.h). */
#include "jbuf.h"

#include <stdlib.h>
#include <string.h>

#define JB_FIRST_CAP 4096

bool jb_grow(struct jbuf *j, size_t n)
{
    size_t cap;
    char *grown;
    if (j->failed)
        return false;
    if (n < j->cap - j->len)
        return true;
    cap = j->cap ? j->cap : JB_FIRST_CAP;
    while (cap - j->len <= n) {
        if (cap > SIZE_MAX / 2)
            goto fail;
        cap *= 2;
    }
    grown = realloc(j->p, cap);
    if (!grown)
        goto fail;
    if (!j->p)
        grown[0] = '\0';
    j->p = grown;
    j->cap = cap;
    return true;
fail:
    jb_fail(j);
    return false;
}

void jb_fail(struct jbuf *j)
{
    free(j->p);
    j->p = NULL;
    j->len = j->cap = 0; /* so that jb_room() fails at once */
    j->failed = true;
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

/* The two digits of 0..99, in pairs. */
static const char jb_digits2[] = "00010203040506070809"
                                 "10111213141516171819"
                                 "20212223242526272829"
                                 "30313233343536373839"
                                 "40414243444546474849"
                                 "50515253545556575859"
                                 "60616263646566676869"
                                 "70717273747576777879"
                                 "80818283848586878889"
                                 "90919293949596979899";

/* How many decimal digits u has (1 for 0). */
static size_t jb_ndigits(uint64_t u)
{
    size_t n = 1;
    for (;;) {
        if (u < 10)
            return n;
        if (u < 100)
            return n + 1;
        if (u < 1000)
            return n + 2;
        if (u < 10000)
            return n + 3;
        u /= 10000;
        n += 4;
    }
}

size_t jb_format_int(char *out, int64_t v)
{
    uint64_t u = (uint64_t)v;
    size_t sign = 0, n;
    char *o;
    if (v < 0) {
        u = (uint64_t)0 - u;
        *out = '-';
        sign = 1;
    }
    if (u < 10) {
        out[sign] = (char)('0' + u);
        return sign + 1;
    }
    n = jb_ndigits(u);
    o = out + sign + n;
    while (u >= 100) {
        size_t k = (size_t)(u % 100) * 2;
        u /= 100;
        o -= 2;
        o[0] = jb_digits2[k];
        o[1] = jb_digits2[k + 1];
    }
    if (u >= 10) {
        o -= 2;
        o[0] = jb_digits2[u * 2];
        o[1] = jb_digits2[u * 2 + 1];
    } else {
        *--o = (char)('0' + u);
    }
    return sign + n;
}

/* The bytes a string cannot hold as they are: NUL (its end), the control bytes below
 * 0x20, the quote and the backslash. */
#define JB_CTL4(c) [(c)] = 1, [(c) + 1] = 1, [(c) + 2] = 1, [(c) + 3] = 1
static const unsigned char jb_escaped[256] = {
    JB_CTL4(0x00), JB_CTL4(0x04), JB_CTL4(0x08), JB_CTL4(0x0c), JB_CTL4(0x10),
    JB_CTL4(0x14), JB_CTL4(0x18), JB_CTL4(0x1c), ['"'] = 1,     ['\\'] = 1,
};

/* s between quotes at o, escaped as cJSON prints it: the short escapes, \u00XX below
 * 0x20, every other byte (UTF-8 included) as it is. JB_STR_MAX(strlen(s)) bytes at most. */
static char *jb_put_escaped(char *o, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    *o++ = '"';
    for (const unsigned char *u = (const unsigned char *)s; *u; u++) {
        unsigned char c = *u;
        if (!jb_escaped[c]) {
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
    return o;
}

#define JB_ONES 0x0101010101010101ULL
#define JB_HIGHS 0x8080808080808080ULL

/* Nonzero when one of the 8 bytes of x is below 0x20, a quote or a backslash (the bit
 * tricks of "Determine if a word has a byte less than n" and "...equal to n"). */
static uint64_t jb_swar_escaped(uint64_t x)
{
    uint64_t q = x ^ (JB_ONES * '"'), b = x ^ (JB_ONES * '\\');
    return ((x - JB_ONES * 0x20) & ~x & JB_HIGHS) | ((q - JB_ONES) & ~q & JB_HIGHS) |
           ((b - JB_ONES) & ~b & JB_HIGHS);
}

/* Copy the n bytes of s to o a word at a time (the last word overlapping; two halves
 * overlapping for 4 to 7 bytes); false when one of them needs escaping (o then holds
 * garbage). */
static bool jb_copy_clean(char *o, const char *s, size_t n)
{
    uint64_t x, bad = 0;
    uint32_t lo, hi;
    size_t i;
    if (n >= 8) {
        for (i = 0; i + 8 <= n; i += 8) {
            memcpy(&x, s + i, 8);
            bad |= jb_swar_escaped(x);
            memcpy(o + i, &x, 8);
        }
        if (i < n) {
            memcpy(&x, s + n - 8, 8);
            bad |= jb_swar_escaped(x);
            memcpy(o + n - 8, &x, 8);
        }
        return bad == 0;
    }
    if (n >= 4) {
        memcpy(&lo, s, 4);
        memcpy(&hi, s + n - 4, 4);
        memcpy(o, &lo, 4);
        memcpy(o + n - 4, &hi, 4);
        return jb_swar_escaped(lo | (uint64_t)hi << 32) == 0;
    }
    for (i = 0; i < n; i++) {
        bad |= jb_escaped[(unsigned char)s[i]];
        o[i] = s[i];
    }
    return bad == 0;
}

char *jb_put_str(char *o, const char *s, size_t n)
{
    *o = '"';
    if (!jb_copy_clean(o + 1, s, n))
        return jb_put_escaped(o, s);
    o[n + 1] = '"';
    return o + n + 2;
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
    *o = ',';
    o += j->len > 0 && o[-1] != '{';
    *o++ = '"';
    o = jb_put(o, key, n);
    *o++ = '"';
    *o++ = ':';
    jb_commit(j, o);
}

/* The string s needs escaping: room for the most it can take, then write it escaped. */
static void jb_str_escaped(struct jbuf *j, const char *s, size_t n)
{
    if (jb_room(j, 1 + JB_STR_MAX(n)))
        jb_commit(j, jb_put_escaped(jb_comma_at(j, j->p + j->len), s));
}

void jb_str(struct jbuf *j, const char *s)
{
    size_t n;
    char *o;
    if (!s) {
        jb_null(j);
        return;
    }
    /* Room for s as it is, copied while checking it needs no escaping (every slug). */
    n = strlen(s);
    if (!jb_room(j, 1 + n + 2))
        return;
    o = jb_comma_at(j, j->p + j->len);
    *o = '"';
    if (!jb_copy_clean(o + 1, s, n)) {
        jb_str_escaped(j, s, n);
        return;
    }
    o[n + 1] = '"';
    jb_commit(j, o + n + 2);
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
