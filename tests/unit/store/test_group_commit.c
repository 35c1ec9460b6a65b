/* test_group_commit.c -- how writes that are no append meet group commit on the pool's
 * writer connection (store.h, "Durability"): a write joining a group is answered only
 * after the COMMIT that holds it, a failed COMMIT fails every request that shared it,
 * and a write outside store_begin_write() is refused. On a database file of its own
 * (WAL needs one), with a trap that makes a COMMIT fail: a deferred foreign key that a
 * player named "poison" breaks, which SQLite checks only at COMMIT. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "error.h"
#include "json_check.h"
#include "store.h"

#define MIGRATIONS "migrations"
#define TRAP_SQL                                                                                   \
    "CREATE TABLE trap (x INTEGER REFERENCES campaigns(id) DEFERRABLE INITIALLY DEFERRED);\n"      \
    "CREATE TRIGGER players_trap AFTER INSERT ON players WHEN NEW.name = 'poison'\n"               \
    "BEGIN INSERT INTO trap VALUES (-1); END;\n"

struct fix {
    char dir[64];
    char db[96];
    struct store *other; /* a connection of its own: sees only what is committed */
    struct store_pool *pool;
    int64_t cid;
};

/* Write text to dir/name; 0 or -1. */
static int write_file(const char *dir, const char *name, const char *text)
{
    char path[160];
    FILE *f;
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    f = fopen(path, "w");
    if (!f)
        return -1;
    fputs(text, f);
    return fclose(f) == 0 ? 0 : -1;
}

/* A database file migrated, with the trap and one campaign, and a pool on it. */
static int setup(void **state)
{
    struct fix *f = calloc(1, sizeof(*f));
    unsigned char key[STORE_HASH_BYTES] = {1}, view[STORE_HASH_BYTES] = {2};
    struct sb_error err;
    if (!f)
        return -1;
    snprintf(f->dir, sizeof(f->dir), "/tmp/stampbook_group_XXXXXX");
    if (!mkdtemp(f->dir) || write_file(f->dir, "9000_trap.sql", TRAP_SQL) != 0)
        return -1;
    snprintf(f->db, sizeof(f->db), "%s/db.sqlite", f->dir);
    if (store_open(f->db, &f->other, &err) != 0 || store_migrate(f->other, MIGRATIONS, &err) != 0 ||
        store_migrate(f->other, f->dir, &err) != 0 ||
        store_campaign_create(f->other, "Box", "travel-world-tour", "token", key, view, "{}",
                              &f->cid, &err) != 0 ||
        store_pool_new(f->db, 2, &f->pool, &err) != 0) {
        print_error("fixture: %s\n", err.detail);
        return -1;
    }
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    struct fix *f = *state;
    char path[160];
    store_pool_free(f->pool);
    store_close(f->other);
    for (int i = 0; i < 4; i++) {
        static const char *const names[] = {"db.sqlite", "db.sqlite-wal", "db.sqlite-shm",
                                            "9000_trap.sql"};
        snprintf(path, sizeof(path), "%s/%s", f->dir, names[i]);
        unlink(path);
    }
    rmdir(f->dir);
    free(f);
    return 0;
}

/* Is a player of this name committed (seen from the other connection)? */
static bool committed(struct fix *f, const char *name)
{
    struct sb_error err;
    char *text = NULL;
    bool found = false;
    cJSON *list, *p;
    assert_int_equal(store_players_json(f->other, f->cid, &text, &err), 0);
    list = jt_parse_text(text);
    cJSON_ArrayForEach(p, list)
    {
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(p, "name");
        found |= cJSON_IsString(n) && strcmp(n->valuestring, name) == 0;
    }
    cJSON_Delete(list);
    return found;
}

/* On the writer s, a write transaction of its own that creates player name (*pid its
 * id): the code of its COMMIT. Fails the test when the write itself fails. */
static int write_player(struct fix *f, struct store *s, const char *name, int64_t *pid)
{
    struct sb_error err;
    assert_int_equal(store_begin_write(s, &err), 0);
    assert_int_equal(store_player_create(s, f->cid, name, pid, &err), 0);
    return store_commit(s, &err);
}

/* The second writer: creates a player the way the players route does. */
struct second {
    struct fix *f;
    const char *name;
    bool first_seen_before; /* the first writer's row was committed when this one began */
    int rc;
    bool committed_at_answer; /* this row was committed when store_commit() returned */
};

static void *second_writer(void *arg)
{
    struct second *w = arg;
    struct store *s = NULL;
    struct sb_error err;
    int64_t pid = 0;
    w->rc = store_pool_get_writer(w->f->pool, &s, &err);
    if (w->rc != 0)
        return NULL;
    w->first_seen_before = committed(w->f, "first");
    w->rc = store_begin_write(s, &err);
    if (w->rc == 0) {
        w->rc = store_player_create(s, w->f->cid, w->name, &pid, &err);
        w->rc = w->rc == 0 ? store_commit(s, &err) : (store_rollback(s), w->rc);
    }
    w->committed_at_answer = committed(w->f, w->name);
    store_pool_put(w->f->pool, s);
    return NULL;
}

/* The first writer (*s, the writer connection) writes player "first" and leaves its
 * transaction open; the second (thread *t) starts and waits for the writer connection
 * meanwhile. Fails the test on any error. */
static void start_group(struct fix *f, struct second *w, struct store **s, pthread_t *t)
{
    struct sb_error err;
    int64_t pid = 0;
    assert_int_equal(store_pool_get_writer(f->pool, s, &err), 0);
    assert_int_equal(store_begin_write(*s, &err), 0);
    assert_int_equal(store_player_create(*s, f->cid, "first", &pid, &err), 0);
    assert_int_equal(pthread_create(t, NULL, second_writer, w), 0);
    usleep(200 * 1000); /* the second writer is now waiting for the writer connection */
}

/* start_group(), then the first writer commits: the two share one group. Returns the
 * first writer's commit outcome. */
static int run_group(struct fix *f, struct second *w)
{
    struct store *s = NULL;
    struct sb_error err;
    pthread_t t;
    int rc;
    start_group(f, w, &s, &t);
    rc = store_commit_and_leave(&s, &err);
    assert_null(s);
    pthread_join(t, NULL);
    return rc;
}

static void test_a_write_joining_a_group_is_answered_after_its_commit(void **state)
{
    struct fix *f = *state;
    struct second w = {.f = f, .name = "second"};
    int rc = run_group(f, &w);
    assert_false(w.first_seen_before); /* it did join the first writer's open group */
    assert_int_equal(w.rc, 0);
    assert_true(w.committed_at_answer);
    assert_int_equal(rc, 0);
    assert_true(committed(f, "first"));
}

static void test_a_failed_group_commit_fails_every_member_and_keeps_nothing(void **state)
{
    struct fix *f = *state;
    struct second w = {.f = f, .name = "poison"};
    int rc = run_group(f, &w);
    assert_false(w.first_seen_before);
    assert_int_not_equal(w.rc, 0);
    assert_int_not_equal(rc, 0);
    assert_false(committed(f, "first"));
    assert_false(committed(f, "poison"));
}

static void test_a_failed_commit_alone_fails_and_keeps_nothing(void **state)
{
    struct fix *f = *state;
    struct store *s = NULL;
    struct sb_error err;
    int64_t pid = 0;
    assert_int_equal(store_pool_get_writer(f->pool, &s, &err), 0);
    assert_int_not_equal(write_player(f, s, "poison", &pid), 0);
    store_pool_put(f->pool, s);
    assert_false(committed(f, "poison"));
}

/* store_pool_generation(): what the API's read cache checks its answers against. */
static void test_the_generation_grows_with_each_commit_and_never_with_a_read(void **state)
{
    struct fix *f = *state;
    struct second w = {.f = f, .name = "second"};
    struct store *s = NULL;
    struct sb_error err;
    char *text = NULL;
    int64_t pid = 0;
    uint64_t g0 = store_pool_generation(f->pool), g1, g2;
    assert_int_not_equal(g0, STORE_GENERATION_BUSY);
    /* A read on a pooled connection, in a transaction or not. */
    assert_int_equal(store_pool_get(f->pool, &s, &err), 0);
    assert_int_equal(store_players_json(s, f->cid, &text, &err), 0);
    free(text);
    assert_int_equal(store_begin_read(s, &err), 0);
    store_rollback(s);
    store_pool_put(f->pool, s);
    assert_int_equal(store_pool_generation(f->pool), g0);
    /* A write alone, and a failed one: each a COMMIT. */
    assert_int_equal(store_pool_get_writer(f->pool, &s, &err), 0);
    assert_int_equal(write_player(f, s, "alone", &pid), 0);
    g1 = store_pool_generation(f->pool);
    assert_true(g1 > g0);
    assert_int_not_equal(write_player(f, s, "poison", &pid), 0);
    store_pool_put(f->pool, s);
    g2 = store_pool_generation(f->pool);
    assert_true(g2 > g1);
    /* A group of two writes shares one COMMIT, which counts once it is over. */
    assert_int_equal(run_group(f, &w), 0);
    assert_true(store_pool_generation(f->pool) > g2);
    assert_int_not_equal(store_pool_generation(f->pool), STORE_GENERATION_BUSY);
}

static void test_a_write_outside_a_write_transaction_is_refused_on_the_writer(void **state)
{
    struct fix *f = *state;
    struct store *s = NULL;
    struct sb_error err;
    int64_t pid = 0;
    assert_int_equal(store_pool_get_writer(f->pool, &s, &err), 0);
    assert_int_equal(store_player_create(s, f->cid, "loose", &pid, &err), SB_EIO);
    store_pool_put(f->pool, s);
    assert_false(committed(f, "loose"));
}

static void test_ids_of_a_failed_commit_are_never_acknowledged(void **state)
{
    struct fix *f = *state;
    struct store *s = NULL;
    struct sb_error err;
    int64_t lost = 0, kept = 0;
    assert_int_equal(store_pool_get_writer(f->pool, &s, &err), 0);
    assert_int_not_equal(write_player(f, s, "poison", &lost), 0);
    assert_int_equal(write_player(f, s, "kept", &kept), 0);
    store_pool_put(f->pool, s);
    /* The id of the refused write is handed out again, but it was never answered. */
    assert_int_equal(kept, lost);
    assert_true(committed(f, "kept"));
}

static void test_a_group_whose_file_is_gone_fails_every_member_with_503(void **state)
{
    struct fix *f = *state;
    struct second w = {.f = f, .name = "second"};
    struct store *s = NULL;
    struct sb_error err;
    pthread_t t;
    start_group(f, &w, &s, &t);
    assert_int_equal(unlink(f->db), 0);
    /* The group waits for the second writer, which finds the file gone: nobody would
     * ever COMMIT it, so it is rolled back and both are told (SB_EBUSY: 503). */
    assert_int_equal(store_commit_and_leave(&s, &err), SB_EBUSY);
    pthread_join(t, NULL);
    assert_int_equal(w.rc, SB_EBUSY);
    assert_int_equal(store_pool_check(f->pool, true, &err), SB_EBUSY);
}

/* store_write_txn(): the game cache keeps what an append left in the writer's open
 * transaction for the next writer of the same transaction only. So the number is the
 * writer's while a transaction is open, the same for every turn inside it (a savepoint
 * of a group or not), none after its COMMIT or ROLLBACK, a new one for the next, and
 * none for a reader. */
static void test_a_write_transaction_has_a_number_of_its_own(void **state)
{
    struct fix *f = *state;
    struct store *w = NULL, *r = NULL;
    struct sb_error err;
    int64_t pid = 0;
    uint64_t first, second;
    assert_int_equal(store_pool_get_writer(f->pool, &w, &err), 0);
    assert_int_equal(store_write_txn(w), 0);
    assert_int_equal(store_begin_write(w, &err), 0);
    first = store_write_txn(w);
    assert_true(first != 0);
    assert_int_equal(store_player_create(w, f->cid, "Ann", &pid, &err), 0);
    assert_true(store_write_txn(w) == first);
    assert_int_equal(store_commit(w, &err), 0);
    assert_int_equal(store_write_txn(w), 0);
    store_pool_put(f->pool, w);
    assert_int_equal(store_pool_get_writer(f->pool, &w, &err), 0);
    assert_int_equal(store_begin_write(w, &err), 0);
    second = store_write_txn(w);
    assert_true(second != 0 && second != first);
    store_rollback(w);
    assert_int_equal(store_write_txn(w), 0);
    store_pool_put(f->pool, w);
    assert_int_equal(store_pool_get(f->pool, &r, &err), 0);
    assert_int_equal(store_begin_read(r, &err), 0);
    assert_int_equal(store_write_txn(r), 0);
    store_rollback(r);
    store_pool_put(f->pool, r);
}

/* A turn of the writer answered later (store_pool_write_turn_later): it creates a
 * player; its callback says what came of it and whether the row was committed then. */
struct later {
    struct fix *f;
    const char *name;
    struct store *slot;
    struct sb_error err;
    int rc;
    bool committed_when_told;
    sem_t told;
};

static int later_run(void *arg)
{
    struct later *l = arg;
    int64_t pid = 0;
    int rc = store_begin_write(l->slot, &l->err);
    if (rc == 0)
        rc = store_player_create(l->slot, l->f->cid, l->name, &pid, &l->err);
    return rc == 0 ? store_commit_and_leave(&l->slot, &l->err) : (store_rollback(l->slot), rc);
}

static void later_told(void *arg, int rc)
{
    struct later *l = arg;
    l->rc = rc;
    l->committed_when_told = committed(l->f, l->name);
    sem_post(&l->told);
}

/* Hand a turn creating name to the writer; wait until its caller is told. */
static void run_later(struct fix *f, struct later *l, const char *name)
{
    const struct store_turn_fns fns = {later_run, NULL, NULL};
    *l = (struct later){.f = f, .name = name, .rc = 1};
    sem_init(&l->told, 0, 0);
    assert_int_equal(
        store_pool_write_turn_later(f->pool, &l->slot, &fns, l, later_told, l, &l->err), 0);
    while (sem_wait(&l->told) != 0)
        ;
    sem_destroy(&l->told);
    assert_null(l->slot);
}

static void test_a_turn_answered_later_is_told_once_its_commit_returned(void **state)
{
    struct later l;
    run_later(*state, &l, "later");
    assert_int_equal(l.rc, 0);
    assert_true(l.committed_when_told);
}

static void test_a_turn_answered_later_whose_commit_fails_is_told_and_keeps_nothing(void **state)
{
    struct later l;
    run_later(*state, &l, "poison");
    assert_int_not_equal(l.rc, 0);
    assert_false(l.committed_when_told);
    assert_false(committed(*state, "poison"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_a_write_transaction_has_a_number_of_its_own, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_a_write_joining_a_group_is_answered_after_its_commit,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(
            test_a_failed_group_commit_fails_every_member_and_keeps_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(
            test_the_generation_grows_with_each_commit_and_never_with_a_read, setup, teardown),
        cmocka_unit_test_setup_teardown(test_a_failed_commit_alone_fails_and_keeps_nothing, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(
            test_a_write_outside_a_write_transaction_is_refused_on_the_writer, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ids_of_a_failed_commit_are_never_acknowledged, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_a_group_whose_file_is_gone_fails_every_member_with_503,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_a_turn_answered_later_is_told_once_its_commit_returned,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(
            test_a_turn_answered_later_whose_commit_fails_is_told_and_keeps_nothing, setup,
            teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
