/* schema_sql.h -- the schema a database holds, in a normal form, for the tests. */
#ifndef STAMPBOOK_SCHEMA_SQL_H
#define STAMPBOOK_SCHEMA_SQL_H

#include "error.h"
#include "store.h"

/* The schema as SQLite holds it, for the test that compares it to schema/schema.sql:
 * the CREATE statements of tables, indexes, views and triggers (schema_migrations
 * excluded), sorted by type and name, each in a normal form (no comments, single
 * spaces, none beside parentheses and commas) and ended by ";\n". The caller frees
 * *out; SB_ENOTFOUND when there is no schema. */
int schema_sql(struct store *s, char **out, struct sb_error *err);

#endif
