/* store_memory.h -- the store's queries of memories and their photos (API.md
 * "Memories", "Recap and night summary"). What a memory may name and the photo quota
 * are the game layer's (memory.c); these only read and write rows. */
#ifndef STAMPBOOK_STORE_MEMORY_H
#define STAMPBOOK_STORE_MEMORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "store.h"

#define STORE_PHOTO_TYPE_MAX 16

/* One memory as written or read. card NULL: no journal stamp (slot then -1);
 * destination NULL: no board stamp; seq 0: no event. */
struct store_memory {
    int64_t id;
    int64_t campaign, game;
    const char *card;
    int slot;
    const char *destination;
    int64_t seq;
    const char *text;
    const char *at; /* RFC 3339; NULL when adding: now */
    /* the journal stamp it named until its draw was undone: undone_card NULL: none */
    const char *undone_card;
    int undone_slot;
    /* read by store_memories_each() only: the photo, when it has one */
    const char *photo_type; /* NULL: none */
    const void *photo;
    size_t photo_len;
};

/* Add a memory (inside the caller's write transaction); *id gets its id. */
int store_memory_add(struct store *s, const struct store_memory *m, int64_t *id,
                     struct sb_error *err);

/* {"id","game","number","card","slot","destination","seq","text","photo","at","stamp",
 * "undone"} of memory mid of campaign cid, where number is its game's number in the
 * campaign, stamp (for a journal stamp, else null) {"player":{"id","name"},"token","game",
 * "number"} says who made that stamp and when, and undone (else null) {"card","slot"} the
 * journal stamp it named until the draw that made it was undone. SB_ENOTFOUND when cid
 * has no memory mid. */
int store_memory_json(struct store *s, int64_t cid, int64_t mid, char **out, struct sb_error *err);

/* The memories of cid as a JSON array of the objects above, newest first: only those on
 * card (NULL: any), of game gid (0: any), at most limit (0: all). */
int store_memories_json(struct store *s, int64_t cid, const char *card, int64_t gid, int limit,
                        char **out, struct sb_error *err);

/* The memories (as above, newest first) of the journal stamps on card held by token
 * (or, token NULL, by player pid): those a payout of that card to that holder paid. */
int store_memories_of_holder(struct store *s, int64_t cid, const char *card, const char *token,
                             int64_t pid, char **out, struct sb_error *err);

/* Let the memories of the journal stamp made by event (gid, seq) name no stamp, each
 * keeping that stamp as its undone one, and a new version. */
int store_memory_unstamp(struct store *s, int64_t gid, int64_t seq, struct sb_error *err);

/* The game memory mid of cid is of; SB_ENOTFOUND when cid has no memory mid. */
int store_memory_game(struct store *s, int64_t cid, int64_t mid, int64_t *gid,
                      struct sb_error *err);

/* The version of memory mid of cid: 1 when written, one more with every change of its
 * words, its stamp or its photo (the row's photo_rev + 1), so its ETag. SB_ENOTFOUND
 * when cid has no memory mid. */
int store_memory_version(struct store *s, int64_t cid, int64_t mid, int64_t *version,
                         struct sb_error *err);

/* Change memory mid of cid: its text (NULL: kept) and, card not NULL, the journal stamp
 * (card, slot) it names instead of any stamp it named or had undone; its version goes
 * up. SB_ENOTFOUND when cid has no memory mid. */
int store_memory_update(struct store *s, int64_t cid, int64_t mid, const char *text,
                        const char *card, int slot, struct sb_error *err);

/* Delete memory mid of cid with its photo; SB_ENOTFOUND when there is none. */
int store_memory_delete(struct store *s, int64_t cid, int64_t mid, struct sb_error *err);

/* The bytes of every photo of cid but memory except's (0: all of them). */
int store_memory_photo_bytes(struct store *s, int64_t cid, int64_t except, int64_t *bytes,
                             struct sb_error *err);

/* Replace the photo of memory mid of cid (its revision goes up); SB_ENOTFOUND when cid
 * has no memory mid. */
int store_memory_set_photo(struct store *s, int64_t cid, int64_t mid, const char *type,
                           const void *data, size_t len, struct sb_error *err);

/* The photo of memory mid of cid: *data (malloc'd, the caller frees), *len, its type
 * and revision. SB_ENOTFOUND when there is no such memory or it has no photo. */
int store_memory_photo(struct store *s, int64_t cid, int64_t mid, char type[STORE_PHOTO_TYPE_MAX],
                       void **data, size_t *len, int64_t *rev, struct sb_error *err);

/* Does cid hold a journal stamp on card at slot? With slot < 0, *slot_out gets the slot
 * of the latest stamp on card made in game gid. SB_ENOTFOUND when there is none. */
int store_memory_find_stamp(struct store *s, int64_t cid, const char *card, int slot, int64_t gid,
                            int *slot_out, struct sb_error *err);

/* Is seq an event (voided or not) of game gid? */
int store_memory_event_exists(struct store *s, int64_t gid, int64_t seq, bool *exists,
                              struct sb_error *err);

/* Call fn for each memory of cid, oldest first, with its photo (the row's fields are
 * valid during the call only); stops at and returns fn's first non-zero result. */
typedef int (*store_memory_fn)(void *ctx, const struct store_memory *m);
int store_memories_each(struct store *s, int64_t cid, store_memory_fn fn, void *ctx,
                        struct sb_error *err);

/* What the recap of cid needs from the store as one JSON document:
 * {"games": count, "last_game": {"id","number","edition","played_at","winner","winner_name",
 *  "mode","status","state", "journal_stamps":[{"card","slot","token","player":{"id","name"}}],
 *  "paid_out"} or null, "last_night":[{"id","number","edition","mode","status","played_at",
 *  "winner","winner_name"}], "journal":{"stamps","paid_out","richest_card":{"card",
 *  "paid_out"}|null}, "standings":[{"player":{"id","name"},"wins","games","journal_paid"}]}
 * where last_game is the game played last (by when it ended, or for an active game that
 * holds a live event, a paused one, by its latest event) and state its state, and
 * last_night every game of any box played within 12 hours of it, oldest first. */
int store_recap_json(struct store *s, int64_t cid, char **out, struct sb_error *err);

/* What the night card of game gid of cid needs: {"id","number","status","mode",
 * "played_at","edition","winner","state","journal_stamps":[as above],"paid_out",
 * "memory": the text of its earliest memory or null}. SB_ENOTFOUND when cid has no gid. */
int store_summary_json(struct store *s, int64_t cid, int64_t gid, char **out, struct sb_error *err);

/* The first photo of game gid of cid (of its earliest memory that has one), as
 * store_memory_photo() gives it. SB_ENOTFOUND when none of its memories has a photo. */
int store_summary_photo(struct store *s, int64_t cid, int64_t gid, char type[STORE_PHOTO_TYPE_MAX],
                        void **data, size_t *len, struct sb_error *err);

#endif
