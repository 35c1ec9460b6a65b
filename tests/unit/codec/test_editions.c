/* test_editions.c -- the edition documents of schema/editions (editions.c): loading,
 * the list and its order, lookups, and a folder that does not load. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "editions.h"
#include "editions_fixture.h"
#include "error.h"
#include "json_check.h"
#include "unit_main.h"

/* The item of the list with this id, or NULL. */
static const cJSON *listed(const cJSON *list, const char *id)
{
    const cJSON *item;
    cJSON_ArrayForEach(item, list)
    {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(item, "id");
        if (cJSON_IsString(v) && strcmp(v->valuestring, id) == 0)
            return item;
    }
    return NULL;
}

static void test_travel_world_tour_is_listed_first_with_the_full_engine(void **state)
{
    struct editions *e = *state;
    const cJSON *first;
    first = cJSON_GetArrayItem(editions_list(e), 0);
    assert_string_equal(jt_str(first, "id"), "travel-world-tour");
    assert_string_equal(jt_str(first, "engine"), "full");
    assert_int_equal(jt_int(first, "players_min"), 2);
    assert_int_equal(jt_int(first, "players_max"), 4);
    assert_non_null(jt_str(first, "name"));
    assert_true(editions_is_full(editions_find(e, "travel-world-tour")));
}

static void test_results_editions_and_their_player_counts(void **state)
{
    static const struct {
        const char *id;
        int min, max;
    } want[] = {{"classic", 2, 8}, {"wonders", 2, 6}, {"deal", 2, 5}};
    struct editions *e = *state;
    assert_int_equal(cJSON_GetArraySize(editions_list(e)), 4);
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
        const cJSON *item = listed(editions_list(e), want[i].id);
        assert_non_null(item);
        assert_string_equal(jt_str(item, "engine"), "results");
        assert_int_equal(jt_int(item, "players_min"), want[i].min);
        assert_int_equal(jt_int(item, "players_max"), want[i].max);
        assert_false(editions_is_full(editions_find(e, want[i].id)));
        /* exactly the seven listed fields, and the buildings' names of a box that has them */
        assert_int_equal(cJSON_GetArraySize(item),
                         7 + (cJSON_GetObjectItemCaseSensitive(item, "buildings") != NULL));
    }
}

/* Every edition names its kind and its modes (API.md "Every box of the group"). */
static void test_every_edition_names_its_kind_and_modes(void **state)
{
    static const struct {
        const char *id, *kind, *modes;
    } want[] = {{"travel-world-tour", "twt", "[\"banker\",\"journal\"]"},
                {"classic", "classic", "[\"banker\",\"results\"]"},
                {"wonders", "classic", "[\"banker\",\"results\"]"},
                {"deal", "results", "[\"results\"]"}};
    struct editions *e = *state;
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
        const cJSON *item = listed(editions_list(e), want[i].id);
        char *modes;
        assert_non_null(item);
        assert_string_equal(jt_str(item, "kind"), want[i].kind);
        modes = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(item, "modes"));
        assert_string_equal(modes, want[i].modes);
        free(modes);
    }
}

/* WONDERS-BOX: the list says what a box calls its buildings, per language it carries
 * (the French Wonders box: chambres d'hôtes and hôtels); an edition without them has no
 * "buildings". */
static void test_the_list_names_a_box_s_buildings(void **state)
{
    struct editions *e = *state;
    const cJSON *fr;
    fr = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(listed(editions_list(e), "wonders"), "buildings"), "fr");
    assert_string_equal(jt_str(fr, "house"), "chambre d’hôtes");
    assert_string_equal(jt_str(fr, "houses"), "chambres d’hôtes");
    assert_string_equal(jt_str(fr, "hotel"), "hôtel");
    assert_string_equal(jt_str(fr, "hotels"), "hôtels");
    assert_null(cJSON_GetObjectItemCaseSensitive(listed(editions_list(e), "deal"), "buildings"));
}

static void test_find_returns_the_whole_document(void **state)
{
    struct editions *e = *state;
    const cJSON *twt;
    twt = editions_find(e, "travel-world-tour");
    assert_non_null(twt);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(twt, "spaces")), 40);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(twt, "destinations")), 22);
    assert_string_equal(jt_str(editions_find(e, "deal"), "edition"), "deal");
    assert_null(editions_find(e, "monopoly-junior"));
    assert_null(editions_find(e, ""));
    assert_null(editions_find(e, "Classic")); /* ids are exact */
}

/* A temporary folder holding the given files (name, content pairs); path gets it. */
static void make_folder(char path[64], const char *const *files, int n)
{
    snprintf(path, 64, "/tmp/stampbook-editions-XXXXXX");
    assert_non_null(mkdtemp(path));
    for (int i = 0; i < n; i++) {
        char file[256];
        FILE *f;
        snprintf(file, sizeof(file), "%s/%s", path, files[2 * i]);
        f = fopen(file, "wb");
        assert_non_null(f);
        fputs(files[2 * i + 1], f);
        fclose(f);
    }
}

static void remove_folder(const char *path, const char *const *files, int n)
{
    for (int i = 0; i < n; i++) {
        char file[256];
        snprintf(file, sizeof(file), "%s/%s", path, files[2 * i]);
        unlink(file);
    }
    rmdir(path);
}

/* editions_load() of a new folder holding files (n name, content pairs) fails with
 * SB_EIO and loads nothing; err gets its detail. */
static void load_fails(const char *const *files, int n, struct sb_error *err)
{
    struct editions *e = NULL;
    char dir[64];
    make_folder(dir, files, n);
    memset(err, 0, sizeof(*err));
    assert_int_equal(editions_load(dir, &e, err), SB_EIO);
    assert_null(e);
    remove_folder(dir, files, n);
}

static void test_a_bad_json_file_fails_the_load_with_eio(void **state)
{
    static const char *const files[] = {
        "good.json",
        ("{\"edition\":\"good\",\"name\":\"Good\",\"players_min\":2,\"players_max\":4,"
         "\"engine\":\"results\"}"),
        "zz-bad.json",
        "{\"edition\":\"bad\",",
    };
    struct sb_error err;
    (void)state;
    load_fails(files, 2, &err);
    assert_int_equal(err.code, SB_EIO);
    assert_non_null(strstr(err.detail, "zz-bad.json"));
    /* the parser's own reason survives, after the file name */
    assert_non_null(strstr(err.detail, "zz-bad.json: malformed JSON near byte"));
}

static void test_a_document_without_its_fields_fails_with_eio(void **state)
{
    static const char *const files[] = {
        "a.json",
        "{\"edition\":\"a\",\"name\":\"A\",\"players_min\":2,\"engine\":\"results\"}",
    };
    struct sb_error err;
    (void)state;
    load_fails(files, 1, &err);
    assert_non_null(strstr(err.detail, "players_max"));
}

static void test_an_empty_or_missing_folder_fails_with_eio(void **state)
{
    struct editions *e = NULL;
    struct sb_error err;
    (void)state;
    load_fails(NULL, 0, &err);
    assert_int_equal(editions_load("/nonexistent/stampbook/editions", &e, &err), SB_EIO);
    assert_null(e);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, editions_fixture_setup, editions_fixture_teardown)

UNIT_MAIN(NULL, NULL, T(test_travel_world_tour_is_listed_first_with_the_full_engine),
          T(test_results_editions_and_their_player_counts),
          T(test_every_edition_names_its_kind_and_modes), T(test_the_list_names_a_box_s_buildings),
          T(test_find_returns_the_whole_document),
          cmocka_unit_test(test_a_bad_json_file_fails_the_load_with_eio),
          cmocka_unit_test(test_a_document_without_its_fields_fails_with_eio),
          cmocka_unit_test(test_an_empty_or_missing_folder_fails_with_eio))
