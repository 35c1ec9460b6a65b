/* text.h -- names as people type them, made comparable (ICU): trimmed, NFC, refused
 * when they hide what they say (control, bidi or invisible characters), and folded to
 * compare them ignoring case. */
#ifndef STAMPBOOK_TEXT_H
#define STAMPBOOK_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* Room enough for a name of 80 characters after NFC, in UTF-8. */
#define TEXT_NAME_BYTES 1024

/* Make the name in (valid UTF-8) into out (size bytes): NFC-normalised, spaces (of any
 * width: Unicode's space separators) trimmed at both ends. Returns 0, or -1 with *why saying what
 * is wrong (a static sentence): empty once trimmed, a control character or a line break, a bidi
 * control (embedding, override, isolate, mark), an invisible character (zero-width space, word
 * joiner, Hangul filler, any other default-ignorable one but variation selectors, and
 * a zero-width joiner or non-joiner that does not sit between two visible
 * characters), or too long for out. */
int text_name(const char *in, char *out, size_t size, const char **why);

/* Do a and b (valid UTF-8) read the same ignoring case (Unicode case folding, both
 * NFC)? This function can't fail (text it cannot fold compares as bytes). */
bool text_same_name(const char *a, const char *b);

#endif
