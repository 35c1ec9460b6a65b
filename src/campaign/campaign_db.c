/* campaign_db.c -- the database as the campaign layer lends it: opened and migrated at
 * start, a connection of the pool per request, its health, size and backups. */
#include "campaign.h"

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "game_state.h"
#include "store.h"

/* Is rc the failure of a write to a database that cannot take one now (a full disk:
 * SB_EFULL; a read-only file or file system: SB_EBUSY)? */
static bool campaign_db_fault(int rc)
{
    return rc == SB_EFULL || rc == SB_EBUSY;
}

int campaign_db_open(const char *db_path, const char *migrations, int pool_size, unsigned probe_ms,
                     struct store_pool **pool, struct sb_error *err)
{
    struct store *s = NULL;
    bool exists = strncmp(db_path, "file:", 5) != 0 && access(db_path, F_OK) == 0;
    /* The migration alone may create the database; the pool's connections never do,
     * and open once it exists (s keeps an in-memory one alive meanwhile). */
    int rc = store_open(db_path, &s, err);
    if (rc == 0)
        rc = store_migrate(s, migrations, err);
    if (rc == 0) /* what an import cut short by a crash reserved */
        rc = store_aside_drop(s, err);
    /* A database that exists but takes no write (a full disk, a read-only file) is
     * served anyway: reads, and writes refused until it can (store_pool_schema()). */
    if (campaign_db_fault(rc) && exists) {
        fprintf(stderr,
                "stampbook: %s takes no write at start (%s); reads are served, writes "
                "refused until it can be written\n",
                db_path, err->detail);
        rc = 0;
    }
    if (rc == 0)
        rc = store_pool_new(db_path, pool_size, pool, err);
    if (rc == 0)
        rc = store_pool_schema(*pool, migrations, err);
    if (rc == 0) {
        /* Whether it takes writes, said by health from the start. */
        struct store *w = NULL;
        struct sb_error ignored = {0};
        if (store_pool_get_writer(*pool, &w, &ignored) == 0)
            store_pool_put(*pool, w);
    }
    if (rc == 0)
        rc = store_pool_watch(*pool, probe_ms, err);
    store_close(s);
    return rc;
}

void campaign_db_close(struct store_pool *pool)
{
    store_pool_free(pool);
}

int campaign_db_connect(struct store_pool *pool, bool writer, struct store **s,
                        struct sb_error *err)
{
    return writer ? store_pool_get_writer(pool, s, err) : store_pool_get(pool, s, err);
}

int campaign_db_behind(struct store_pool *pool, struct sb_error *err)
{
    char why[512];
    if (!store_pool_behind(pool, why, sizeof(why)))
        return 0;
    return sb_fail(err, SB_EBUSY, NULL, "%s", why);
}

int campaign_db_snapshot(struct store *s, struct sb_error *err)
{
    return store_begin_read(s, err);
}

void campaign_db_disconnect(struct store_pool *pool, struct store *s, bool snapshot)
{
    if (snapshot)
        store_rollback(s);
    store_pool_put(pool, s);
}

uint64_t campaign_db_generation(struct store_pool *pool)
{
    return store_pool_generation(pool);
}

int campaign_db_health(struct store_pool *pool, struct store *s, int *schema_version,
                       struct sb_error *err)
{
    /* 503 when the database file is gone, replaced or cannot be written: answering
     * "ok" over a database that keeps nothing would hide the loss. */
    char why[512];
    int rc = store_pool_check(pool, true, err);
    if (rc == 0 && store_pool_behind(pool, why, sizeof(why)))
        rc = sb_fail(err, SB_EBUSY, NULL, "%s", why);
    /* And when the last write failed for lack of space or an I/O error: a monitor must
     * not see a healthy server that cannot keep a single roll. */
    if (rc == 0 && store_pool_fault(pool, why, sizeof(why)))
        rc = sb_fail(err, SB_EBUSY, NULL, "%s", why);
    /* A read that only waited too long (a busy or slow machine) is no fault: health
     * answers with the schema version it read last (issue 41). */
    static _Atomic int known;
    if (rc == 0 && !s)
        rc = sb_fail(err, SB_EBUSY, NULL, "the database cannot be read");
    if (rc != 0)
        return rc;
    rc = store_schema_version(s, schema_version, err);
    if (rc == SB_EBUSY && atomic_load(&known) > 0) {
        *schema_version = atomic_load(&known);
        rc = 0;
    } else if (rc == 0) {
        atomic_store(&known, *schema_version);
    }
    return rc;
}

int campaign_db_size(struct store *s, int64_t *bytes, struct sb_error *err)
{
    return store_db_size(s, bytes, err);
}

int campaign_db_count(struct store *s, int64_t *n, struct sb_error *err)
{
    return store_campaign_count(s, n, err);
}

int campaign_db_backup(struct store_pool *pool, const char *file, struct sb_error *err)
{
    struct store *s = NULL;
    int rc = store_pool_get(pool, &s, err);
    if (rc == 0)
        rc = store_backup(s, file, err);
    store_pool_put(pool, s);
    return rc;
}

void campaign_now(char out[CAMPAIGN_TIME_MAX])
{
    _Static_assert(CAMPAIGN_TIME_MAX == STORE_TIME_MAX, "the store's times fit");
    store_now(out);
}

/* Game gid's snapshot replayed, read in one transaction of s. */
static int campaign_stream_replay(struct store *s, struct store_campaign *campaign, int64_t gid,
                                  char **state, int64_t *version, struct sb_error *err)
{
    struct games *games = games_new();
    struct game_req r = {.games = games, .store = &s, .campaign = campaign, .err = err};
    int rc = games ? store_begin_read(s, err) : sb_oom(err);
    if (rc == 0) {
        rc = game_state_fill(&r, gid, state, version);
        store_rollback(s);
    }
    game_req_finish(&r, false);
    games_free(games);
    return rc;
}

int campaign_stream_state(struct store_pool *pool, int64_t cid, int64_t gid, char **state,
                          int64_t *version, unsigned char key[KEYS_HASH_BYTES],
                          unsigned char view_key[KEYS_HASH_BYTES], struct sb_error *err)
{
    struct store *s = NULL;
    struct store_campaign campaign;
    int rc = store_pool_get(pool, &s, err);
    if (rc == 0)
        rc = store_campaign_get(s, cid, &campaign, err);
    if (rc == 0)
        rc = store_game_state(s, cid, gid, state, version, err);
    if (rc == 0 && !*state) /* left to the engine: replayed on a game cache of its own */
        rc = campaign_stream_replay(s, &campaign, gid, state, version, err);
    if (rc == 0) {
        memcpy(key, campaign.key_hash, KEYS_HASH_BYTES);
        memcpy(view_key, campaign.view_key_hash, KEYS_HASH_BYTES);
    }
    store_pool_put(pool, s);
    return rc;
}
