/* uuid.h -- name-based UUIDs: the same name always gives the same UUID, so a play
 * exported twice is the same play to the app that imports it. */
#ifndef STAMPBOOK_UUID_H
#define STAMPBOOK_UUID_H

#define UUID_TEXT_MAX 37 /* "xxxxxxxx-xxxx-8xxx-yxxx-xxxxxxxxxxxx" and its NUL */

/* Write the UUID named by text into out: RFC 9562 version 8 (custom) whose 122 free
 * bits are the first bits of BLAKE2b(text), lowercase hex. Needs keys_init() (libsodium)
 * once before. This function can't fail. */
void uuid_from_name(const char *text, char out[UUID_TEXT_MAX]);

#endif
