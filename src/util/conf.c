/* conf.c -- reading a configuration file of `key = value` lines (conf.h). */
#include "conf.h"

#include <stdlib.h>
#include <string.h>

#include "file.h"

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* s without its leading and trailing blanks (s is cut in place). */
static char *trim(char *s)
{
    char *end;
    while (is_blank(*s))
        s++;
    end = s + strlen(s);
    while (end > s && is_blank(end[-1]))
        *--end = '\0';
    return s;
}

/* A key is one or more of a-z, 0-9 and '-', starting with a letter. */
static int key_ok(const char *k)
{
    if (*k < 'a' || *k > 'z')
        return 0;
    for (; *k; k++)
        if (!((*k >= 'a' && *k <= 'z') || (*k >= '0' && *k <= '9') || *k == '-'))
            return 0;
    return 1;
}

/* Parse one line that is not blank nor a comment into *key and *value; 0, or a
 * pointer to why the line is refused. */
static const char *parse_line(char *line, char **key, char **value)
{
    char *eq = strchr(line, '=');
    char *v;
    size_t n;
    if (!eq)
        return "a setting is written key = value";
    *eq = '\0';
    *key = trim(line);
    if (!key_ok(*key))
        return **key ? "a key is lowercase letters, digits and '-'" : "the key is missing";
    v = trim(eq + 1);
    n = strlen(v);
    if (n > 0 && v[0] == '"') {
        if (n < 2 || v[n - 1] != '"' || memchr(v + 1, '"', n - 2))
            return "a quoted value ends with its one closing quote";
        v[n - 1] = '\0';
        v++;
    }
    *value = v;
    return NULL;
}

int conf_parse(char *text, conf_setting_fn fn, void *ctx, int *bad_line, struct sb_error *err)
{
    char *line = text;
    int n = 0;
    while (line && *line) {
        char *next = strchr(line, '\n');
        char *key = NULL, *value = NULL, *s;
        const char *why;
        int rc;
        if (next)
            *next++ = '\0';
        n++;
        s = trim(line);
        line = next;
        if (*s == '\0' || *s == '#')
            continue;
        why = parse_line(s, &key, &value);
        if (why) {
            if (bad_line)
                *bad_line = n;
            return sb_fail(err, SB_EINVALID, NULL, "line %d: %s", n, why);
        }
        rc = fn(ctx, n, key, value);
        if (rc != 0)
            return rc;
    }
    return 0;
}

int conf_read(const char *path, conf_setting_fn fn, void *ctx, int *bad_line, struct sb_error *err)
{
    char *text = NULL;
    size_t len = 0;
    int rc = file_read(path, CONF_MAX_BYTES, &text, &len, err);
    if (rc != 0)
        return rc;
    /* A NUL byte would cut the file short: refuse it rather than read half. */
    if (strlen(text) != len) {
        free(text);
        return sb_fail(err, SB_EINVALID, NULL, "%s holds a NUL byte", path);
    }
    rc = conf_parse(text, fn, ctx, bad_line, err);
    free(text);
    return rc;
}
