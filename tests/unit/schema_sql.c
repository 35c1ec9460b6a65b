/* schema_sql.c -- the schema a database holds, in a normal form, for the tests that
 * compare it to schema/schema.sql and across migrations (schema_sql.h). It reads SQLite
 * through the store's own statements (store_internal.h): only the tests need it. */
#include "schema_sql.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "store_internal.h"

/* Is c punctuation next to which spaces mean nothing in SQL? */
static bool schema_sql_tight(char c)
{
    return c == '(' || c == ')' || c == ',' || c == ';' || c == '\0';
}

/* Append sql to dst (which has room for strlen(sql) + 1 more bytes) in a normal form:
 * comments dropped, whitespace runs one space, none beside ( ) , ; or at either end;
 * quoted names and strings copied as they are. Returns the new end of dst. */
static char *schema_sql_normalise(char *dst, const char *sql)
{
    char *start = dst;
    bool space = false;
    const char *p = sql;
    while (*p) {
        if (p[0] == '-' && p[1] == '-') {
            while (*p && *p != '\n')
                p++;
            space = true;
            continue;
        }
        if (p[0] == '/' && p[1] == '*') {
            const char *end = strstr(p + 2, "*/");
            p = end ? end + 2 : p + strlen(p);
            space = true;
            continue;
        }
        if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f' || *p == '\v') {
            p++;
            space = true;
            continue;
        }
        if (space && dst > start && !schema_sql_tight(dst[-1]) && !schema_sql_tight(*p))
            *dst++ = ' ';
        space = false;
        if (*p == '\'' || *p == '"' || *p == '`' || *p == '[') {
            char close = *p;
            if (close == '[')
                close = ']';
            *dst++ = *p++;
            while (*p) {
                if (*p == close && p[1] == close && close != ']') {
                    *dst++ = *p++;
                    *dst++ = *p++;
                } else if (*p == close) {
                    break;
                } else {
                    *dst++ = *p++;
                }
            }
            if (*p)
                *dst++ = *p++;
            continue;
        }
        *dst++ = *p++;
    }
    *dst = '\0';
    return dst;
}

int schema_sql(struct store *s, char **out, struct sb_error *err)
{
    static const char *const sql =
        "SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'"
        " AND name <> 'schema_migrations' ORDER BY type DESC, name";
    sqlite3_stmt *stmt = store_stmt(s, sql, err);
    char *text = NULL, *end = NULL;
    size_t len = 0;
    int rc = 0, step = SQLITE_DONE;
    if (!stmt)
        return err ? err->code : SB_EIO;
    while (rc == 0 && (step = sqlite3_step(stmt)) == SQLITE_ROW) {
        const char *one = (const char *)sqlite3_column_text(stmt, 0);
        size_t add = one ? strlen(one) : 0;
        char *grown = realloc(text, len + add + 3);
        if (!grown) {
            rc = sb_oom(err);
            break;
        }
        text = grown;
        end = schema_sql_normalise(text + len, one ? one : "");
        *end++ = ';';
        *end++ = '\n';
        *end = '\0';
        len = (size_t)(end - text);
    }
    if (rc == 0 && step != SQLITE_DONE)
        rc = store_fail(s, err, "read");
    if (rc == 0 && !text)
        rc = sb_fail(err, SB_ENOTFOUND, NULL, "the database has no schema");
    store_done(s, stmt);
    if (rc != 0) {
        free(text);
        return rc;
    }
    *out = text;
    return 0;
}
