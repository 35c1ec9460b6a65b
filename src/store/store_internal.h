/* store_internal.h -- what the store's files share: the statement helpers of store.c.
 * Only src/store/ includes it (it names SQLite's types). */
#ifndef STAMPBOOK_STORE_INTERNAL_H
#define STAMPBOOK_STORE_INTERNAL_H

#include <stdint.h>

#include <sqlite3.h>

#include "error.h"
#include "store.h"

/* Map the connection's last SQLite error to a project code. */
int store_fail(struct store *s, struct sb_error *err, const char *what);
/* Give back a statement taken by store_stepv_args(). */
void store_done(struct store *s, sqlite3_stmt *stmt);
/* Prepare sql (cached by its address), bind the values of fmt ('i' int64, 't' text, 'b' a
 * 32-byte blob, 'B' a blob and its size_t length) and take one step. On success *stmt
 * is the statement to read (give it back with store_done()) and *step SQLITE_ROW or
 * SQLITE_DONE. */
int store_stepv_args(struct store *s, const char *sql, struct sb_error *err, sqlite3_stmt **stmt,
                     int *step, const char *fmt, ...);
/* Run a statement that returns no rows; *changes (if given) gets the rows changed. */
int store_exec(struct store *s, const char *sql, int *changes, struct sb_error *err,
               const char *fmt, ...);
/* The first column of the first row as text the caller frees; SB_ENOTFOUND for none. */
int store_text(struct store *s, const char *sql, char **out, struct sb_error *err, const char *fmt,
               ...);
/* The first column of the first row as an integer; SB_ENOTFOUND for no row. */
int store_int(struct store *s, const char *sql, int64_t *out, struct sb_error *err, const char *fmt,
              ...);

/* A memory as JSON, from a row m of memories (see store_memory_json()). */
#define MEMORY_OBJECT                                                                              \
    "json_object('id', m.id, 'game', m.game_id, 'number', (SELECT count(*) FROM games n"           \
    " WHERE n.campaign_id = m.campaign_id AND n.id <= m.game_id), 'card', m.card, 'slot',"         \
    " m.slot, 'destination', m.destination, 'seq', m.seq, 'text', m.text, 'photo',"                \
    " json(CASE WHEN m.photo_type IS NULL THEN 'false' ELSE 'true' END), 'at', m.at, 'stamp',"     \
    " (SELECT json_object('player', json_object('id', p.id, 'name', p.name), 'token', js.token,"   \
    " 'game', js.game_id, 'number', (SELECT count(*) FROM games n WHERE n.campaign_id ="           \
    " js.campaign_id AND n.id <= js.game_id)) FROM journal_stamps js JOIN players p"               \
    " ON p.id = js.player_id WHERE js.campaign_id = m.campaign_id AND js.card = m.card"            \
    " AND js.slot = m.slot))"

#endif
