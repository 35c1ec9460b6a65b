/* test_schema.c -- schema/schema.sql, the schema for readers, is what the migrations
 * build; schema_sql() sees through comments and spacing but not real changes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "unit_main.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "schema_sql.h"
#include "store.h"

#define MIGRATIONS "migrations"
#define SCHEMA_SQL "schema/schema.sql"

/* The normalised schema of a fresh in-memory database migrated from dir; NULL (and a
 * message) on failure. The caller frees it. */
static char *schema_of(const char *dir)
{
    struct store *s = NULL;
    struct sb_error err;
    char *sql = NULL;
    memset(&err, 0, sizeof(err));
    if (store_open(":memory:", &s, &err) != 0 || store_migrate(s, dir, &err) != 0 ||
        schema_sql(s, &sql, &err) != 0) {
        print_error("schema of %s: %s\n", dir, err.detail);
        sql = NULL;
    }
    store_close(s);
    return sql;
}

/* The normalised schema built by one migration whose text is head then tail (either
 * may be NULL), run from a temporary folder. */
static char *schema_of_text(const char *head, const char *tail)
{
    char dir[] = "/tmp/stampbook-schema-XXXXXX";
    char file[sizeof(dir) + 32];
    char *sql = NULL;
    FILE *f;
    if (!mkdtemp(dir))
        return NULL;
    snprintf(file, sizeof(file), "%s/0001_schema.sql", dir);
    f = fopen(file, "w");
    if (f) {
        int ok = fputs(head ? head : "", f) >= 0 && fputs(tail ? tail : "", f) >= 0;
        if (fclose(f) == 0 && ok)
            sql = schema_of(dir);
    }
    unlink(file);
    rmdir(dir);
    return sql;
}

/* The whole of a text file; NULL when it cannot be read. The caller frees it. */
static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    long n;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (text = malloc((size_t)n + 1)) != NULL) {
        if (fread(text, 1, (size_t)n, f) == (size_t)n) {
            text[n] = '\0';
        } else {
            free(text);
            text = NULL;
        }
    }
    fclose(f);
    return text;
}

static void test_schema_sql_is_the_result_of_every_migration(void **state)
{
    static const char *const tables[] = {"campaigns",      "players",        "games",
                                         "events",         "journal_stamps", "journal_draws",
                                         "journal_payouts"};
    char *migrated = schema_of(MIGRATIONS);
    char *readers = read_text(SCHEMA_SQL);
    char *documented;
    (void)state;
    assert_non_null(migrated);
    assert_non_null(readers);
    documented = schema_of_text(readers, NULL);
    assert_non_null(documented);
    assert_string_equal(documented, migrated);
    /* Not two empty texts: every table is there. */
    for (size_t i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
        char create[64];
        snprintf(create, sizeof(create), "CREATE TABLE %s(", tables[i]);
        assert_non_null(strstr(migrated, create));
    }
    assert_null(strstr(migrated, "schema_migrations"));
    free(migrated);
    free(readers);
    free(documented);
}

static void test_schema_sql_ignores_comments_and_spacing(void **state)
{
    char *a = schema_of_text("CREATE TABLE t (\n  a INTEGER PRIMARY KEY , -- the id\n"
                             "  b TEXT /* free */ DEFAULT 'x  y'\n);\n"
                             "CREATE INDEX t_b ON t ( b );\n",
                             NULL);
    char *b = schema_of_text("create table t(a INTEGER PRIMARY KEY,b TEXT DEFAULT 'x  y');"
                             "CREATE INDEX t_b ON t(b);",
                             NULL);
    (void)state;
    assert_non_null(a);
    assert_non_null(b);
    assert_string_equal(a, b);
    assert_string_equal(a, "CREATE TABLE t(a INTEGER PRIMARY KEY,b TEXT DEFAULT 'x  y');\n"
                           "CREATE INDEX t_b ON t(b);\n");
    free(a);
    free(b);
}

static void test_schema_sql_tells_real_changes_apart(void **state)
{
    char *readers = read_text(SCHEMA_SQL);
    char *migrated = schema_of(MIGRATIONS);
    char *more, *literal_a, *literal_b;
    (void)state;
    assert_non_null(readers);
    assert_non_null(migrated);
    more = schema_of_text(readers, "CREATE INDEX players_name ON players(name);\n");
    assert_non_null(more);
    assert_string_not_equal(more, migrated);
    /* Spaces inside a string literal are part of the schema. */
    literal_a = schema_of_text("CREATE TABLE t (a TEXT DEFAULT 'x y');", NULL);
    literal_b = schema_of_text("CREATE TABLE t (a TEXT DEFAULT 'x  y');", NULL);
    assert_non_null(literal_a);
    assert_non_null(literal_b);
    assert_string_not_equal(literal_a, literal_b);
    free(readers);
    free(migrated);
    free(more);
    free(literal_a);
    free(literal_b);
}

/* A database of 0001 and 0002 holding events with fields their types do not take. */
#define OLD_EVENTS                                                                                 \
    "INSERT INTO campaigns VALUES (1, 'Box', 'travel-world-tour', 'token', x'00', x'00', '{}',"    \
    " '2026-01-01T00:00:00.000Z');\n"                                                              \
    "INSERT INTO players VALUES (7, 1, 'Ann', '2026-01-01T00:00:00.000Z');\n"                      \
    "INSERT INTO games(id, campaign_id, mode, status, seats, state, started_at)"                   \
    " VALUES (1, 1, 'banker', 'active', '[]', '{}', '2026-01-01T00:00:00.000Z');\n"                \
    "INSERT INTO events(game_id, seq, type, payload, effects, at) VALUES"                          \
    " (1, 1, 'note', '{\"type\":\"note\",\"text\":\"x\",\"player\":999999}', '[]', 'now'),"        \
    " (1, 2, 'trade', '{\"type\":\"trade\",\"a\":7,\"b\":7,\"a_gives\":{\"cash\":5},"              \
    "\"junk\":[1,{\"k\":2}]}', '[]', 'now'),"                                                      \
    " (1, 3, 'roll', '{\"type\":\"roll\",\"d1\":1,\"d2\":2}', '[]', 'now'),"                       \
    " (1, 4, 'correct', '{\"type\":\"correct\",\"what\":\"chance\"}', '[]', 'now');\n"

/* Copy migrations/name into dir; 0 or -1. */
static int copy_migration(const char *dir, const char *name)
{
    char path[160];
    char *text;
    FILE *f;
    int ok;
    snprintf(path, sizeof(path), "%s/%s", MIGRATIONS, name);
    text = read_text(path);
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    f = text ? fopen(path, "w") : NULL;
    ok = f && fputs(text, f) >= 0;
    if (f)
        ok &= fclose(f) == 0;
    free(text);
    return ok ? 0 : -1;
}

static void test_strict_input_migration_drops_only_fields_types_do_not_take(void **state)
{
    static const char *const names[] = {"0001_init.sql", "0002_game_boards.sql", "0003_old.sql"};
    static const char *const kept[] = {"\"text\":\"x\"", "\"a_gives\":{\"cash\":5}",
                                       "\"d1\":1,\"d2\":2", "\"what\":\"chance\""};
    char dir[] = "/tmp/stampbook-strict-XXXXXX", path[96];
    struct store *s = NULL;
    struct sb_error err;
    char *events = NULL;
    FILE *f;
    (void)state;
    assert_non_null(mkdtemp(dir));
    assert_int_equal(copy_migration(dir, names[0]), 0);
    assert_int_equal(copy_migration(dir, names[1]), 0);
    snprintf(path, sizeof(path), "%s/%s", dir, names[2]);
    f = fopen(path, "w");
    assert_non_null(f);
    fputs(OLD_EVENTS, f);
    fclose(f);
    assert_int_equal(store_open(":memory:", &s, &err), 0);
    assert_int_equal(store_migrate(s, dir, &err), 0);
    assert_int_equal(store_migrate(s, MIGRATIONS, &err), 0);
    assert_int_equal(store_events_json(s, 1, 0, &events, &err), 0);
    /* the stray player and junk are gone; what the types take, nested objects included,
     * is kept; a type the table does not know is left alone */
    assert_null(strstr(events, "999999"));
    assert_null(strstr(events, "junk"));
    for (size_t i = 0; i < sizeof(kept) / sizeof(kept[0]); i++)
        if (!strstr(events, kept[i]))
            fail_msg("%s is gone from %s", kept[i], events);
    free(events);
    store_close(s);
    for (size_t i = 0; i < 3; i++) {
        snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
        unlink(path);
    }
    rmdir(dir);
}

UNIT_MAIN(NULL, NULL, cmocka_unit_test(test_schema_sql_is_the_result_of_every_migration),
          cmocka_unit_test(test_schema_sql_ignores_comments_and_spacing),
          cmocka_unit_test(test_schema_sql_tells_real_changes_apart),
          cmocka_unit_test(test_strict_input_migration_drops_only_fields_types_do_not_take))
