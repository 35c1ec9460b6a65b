/* memory.h -- memories: what a group adds to a stamp, an event or a game, with at most
 * one photo, and how they come back (API.md "Memories (added 2026-12-b)"). The rules
 * of what a memory may name, of photos and of the per-campaign quota live here; the
 * handlers of api_memories.c parse, call one function and answer. Functions that write
 * run their own write transaction unless they say otherwise. */
#ifndef STAMPBOOK_MEMORY_H
#define STAMPBOOK_MEMORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "game.h"

#define MEMORY_TEXT_MAX 500                  /* characters */
#define MEMORY_PHOTO_MAX ((size_t)512 << 10) /* bytes of one photo */
#define MEMORY_PHOTO_SIDE_MAX 4096u          /* pixels a side */
#define MEMORY_QUOTA ((int64_t)16 << 20)     /* bytes of photos a campaign holds at most */

/* POST …/memories: add the memory body describes ({"game","text","card"?,"slot"?,
 * "destination"?,"seq"?}) to the request's campaign. *answer gets {"memory":{…}} (the
 * caller frees it). A body naming two stamps, or a stamp, event or game that does not
 * exist, is 422 and writes nothing. */
int memory_post(struct game_req *r, const cJSON *body, char **answer);

/* PATCH …/memories/{mid}: change memory mid as body says ({"text"?,"card"?,"slot"?}, at
 * least text or card): its text, and with card the journal stamp it names (slot, or else
 * the latest stamp on card made in the memory's game), in place of any stamp it named or
 * had undone (issue 41, R5: a memory whose draw was undone moved to the stamp made
 * again). *answer gets {"memory":{…}} and *version its new version (its ETag). An
 * unknown field, a slot without its card or a stamp that does not exist is 422 and writes
 * nothing; an unknown mid 404; an if_match (If-Match; NULL: none) that is not the
 * memory's version 412, nothing written: two phones cannot both change one memory. */
int memory_patch(struct game_req *r, int64_t mid, const cJSON *body, const char *if_match,
                 char **answer, int64_t *version);

/* PUT …/memories/{mid}/photo: content_type must be image/jpeg, image/png or image/webp
 * (else 415) and the bytes that type with a header that decodes to at most
 * MEMORY_PHOTO_SIDE_MAX a side (else 422), at most MEMORY_PHOTO_MAX bytes (413); the
 * campaign's photos stay within MEMORY_QUOTA (507). Replaces any photo mid had. The
 * photo is decoded in full first (image_probe()); with r->pool, *r->store is a reader
 * while it is, and is given back for the pool's writer only to write the row. */
int memory_put_photo(struct game_req *r, int64_t mid, const char *content_type, const void *data,
                     size_t len);

/* A photo as it is served. */
struct memory_photo {
    const char *type; /* static */
    void *data;       /* malloc'd: the caller frees it */
    size_t len;
    char etag[32]; /* quoted, changes with every put */
};

/* GET …/memories/{mid}/photo. SB_ENOTFOUND when mid has none. */
int memory_get_photo(struct game_req *r, int64_t mid, struct memory_photo *out);

/* DELETE …/memories/{mid}, its photo with it; 412 when if_match (NULL: none) is not the
 * memory's version. */
int memory_delete(struct game_req *r, int64_t mid, const char *if_match);

/* GET …/memories?card=&game=: {"memories":[…]} newest first; card NULL and gid 0: any. */
int memory_list(struct game_req *r, const char *card, int64_t gid, char **answer);

/* Give each journal_payout effect of a draw_journal's effects its "memories": those of
 * the stamps that paid (the stamps on that card of the payee's token, or, when
 * player_owned, of the payee). So the table relives them as the card pays. */
int memory_payout_effects(struct game_req *r, cJSON *effects, bool player_owned);

/* Before the journal stamp made by event (gid, seq) is undone: its memories stay, no
 * longer naming it (memories of the game) but keeping it as their "undone" stamp, inside
 * the caller's write transaction. */
int memory_unstamp(struct game_req *r, int64_t gid, int64_t seq);

/* The memories of the request's campaign for its export: [{"id","game","card","slot",
 * "destination","seq","text","at","undone":{"card","slot"}|null,"photo":{"type","data"
 * (base64)}|null}], oldest first. */
int memory_export(struct game_req *r, cJSON **out);

/* Add exported memory item (as memory_export() gives it) to game gid of the request's
 * campaign, inside the caller's write transaction, held to the same checks as a new one
 * with its photo; *mid gets its new id. */
int memory_import(struct game_req *r, const cJSON *item, int64_t gid, int64_t *mid);

/* GET …/recap: {"games","last_game","journal","standings","memories"} (see API.md).
 * (recap.c) */
int memory_recap(struct game_req *r, char **answer);

/* GET …/games/{gid}/summary.svg in lang ("en", "fr", "ro"; NULL: en; else 422): the
 * night card as SVG text (*svg, *len; the caller frees it), the edition named as in
 * editions. SB_ECONFLICT for a game not finished. (recap.c) */
struct editions;
int memory_summary_svg(struct game_req *r, const struct editions *editions, int64_t gid,
                       const char *lang, char **svg, size_t *len);

#endif
