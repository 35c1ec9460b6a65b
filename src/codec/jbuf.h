/* jbuf.h -- JSON written straight into a growing buffer, byte for byte as
 * cJSON_PrintUnformatted() prints the same document, with no tree and no printf.
 *
 * Every writer puts the comma a member or an element needs before itself, so a document
 * reads as its members in order: jb_open(j, '{'); jb_key(j, "id"); jb_int(j, 7);
 * jb_close(j, '}'). A buffer that could not grow stays failed (j->failed) and keeps
 * no partial text; jb_reset() empties it for its next document, keeping its memory. */
#ifndef STAMPBOOK_JBUF_H
#define STAMPBOOK_JBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct jbuf {
    char *p; /* NUL-terminated when not failed */
    size_t len, cap;
    bool failed;
};

/* Empty j for a new document, keeping its memory. This function can't fail. */
void jb_reset(struct jbuf *j);

/* Free j's memory; j is empty after. */
void jb_free(struct jbuf *j);

/* Hand j's text to the caller (who frees it) and leave j empty; NULL when it failed. */
char *jb_take(struct jbuf *j);

/* Raw bytes, as they are (an already printed document, punctuation). */
void jb_raw(struct jbuf *j, const char *s, size_t n);

/* '{' or '[' (after a comma when one is due), and '}' or ']'. */
void jb_open(struct jbuf *j, char c);
void jb_close(struct jbuf *j, char c);

/* A member's key: "key": (written as it is: a literal with nothing to escape). */
void jb_key(struct jbuf *j, const char *key);

/* Values: a string escaped as cJSON does (NULL prints null), an integer (in cJSON's
 * digits for any integer below 10^15), true/false, null. */
void jb_str(struct jbuf *j, const char *s);
void jb_int(struct jbuf *j, int64_t v);
void jb_bool(struct jbuf *j, bool v);
void jb_null(struct jbuf *j);

/* A member: jb_key() then the value, in one call. */
void jb_key_str(struct jbuf *j, const char *key, const char *s);
void jb_key_int(struct jbuf *j, const char *key, int64_t v);
void jb_key_bool(struct jbuf *j, const char *key, bool v);

#endif
