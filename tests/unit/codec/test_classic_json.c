/* test_classic_json.c -- the classic bank's JSON (classic_json.h): the shipped boxes read
 * as RULES.md §3's tables (the engine's fixture), every fact has its source, the house
 * rules of §3b, a state written and read back, an event body read against a state. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classic_fixture.h"
#include "classic_json.h"
#include "file.h"
#include "json.h"

/* The edition document at path, parsed. */
static cJSON *edition_doc(const char *path)
{
    char *buf = NULL;
    size_t n = 0;
    struct sb_error err;
    cJSON *doc = NULL;
    assert_int_equal(file_read(path, 1 << 20, &buf, &n, &err), 0);
    assert_int_equal(json_parse_object(buf, n, &doc, &err), 0);
    free(buf);
    return doc;
}

/* The box of an edition file read into a new board. */
static struct classic_board *board_of(const char *path)
{
    struct classic_board *b = malloc(sizeof(*b));
    struct sb_error err;
    cJSON *doc = edition_doc(path);
    assert_non_null(b);
    memset(&err, 0, sizeof(err));
    if (classic_board_from_json(doc, b, &err) != 0)
        fail_msg("%s: %s", path, err.detail);
    cJSON_Delete(doc);
    return b;
}

/* got and want hold the same box, fact by fact (names as strings: the bytes past a
 * name's end are no fact). */
static void assert_same_box(const struct classic_board *got, const struct classic_board *want)
{
    for (int i = 0; i < CLASSIC_SPACES; i++) {
        assert_int_equal(got->spaces[i].kind, want->spaces[i].kind);
        assert_int_equal(got->spaces[i].amount, want->spaces[i].amount);
        assert_int_equal(got->spaces[i].deed, want->spaces[i].deed);
        assert_string_equal(got->spaces[i].name, want->spaces[i].name);
    }
    assert_int_equal(got->ndeeds, want->ndeeds);
    for (int d = 0; d < want->ndeeds; d++) {
        assert_int_equal(got->deeds[d].space, want->deeds[d].space);
        assert_int_equal(got->deeds[d].price, want->deeds[d].price);
        assert_int_equal(got->deeds[d].mortgage, want->deeds[d].mortgage);
        assert_int_equal(got->deeds[d].house, want->deeds[d].house);
        assert_memory_equal(got->deeds[d].rents, want->deeds[d].rents,
                            sizeof(want->deeds[d].rents));
        assert_memory_equal(got->deeds[d].multipliers, want->deeds[d].multipliers,
                            sizeof(want->deeds[d].multipliers));
        assert_string_equal(got->deeds[d].group, want->deeds[d].group);
        assert_string_equal(got->deeds[d].name, want->deeds[d].name);
    }
    for (int k = 0; k < CLASSIC_DECKS; k++) {
        assert_int_equal(got->ncards[k], want->ncards[k]);
        for (int c = 0; c < want->ncards[k]; c++) {
            const struct classic_card *g = &got->cards[k][c], *w = &want->cards[k][c];
            assert_string_equal(g->id, w->id);
            assert_int_equal(g->kind, w->kind);
            assert_int_equal(g->amount, w->amount);
            assert_int_equal(g->space, w->space);
            assert_int_equal(g->salary, w->salary);
            assert_int_equal(g->steps, w->steps);
            assert_int_equal(g->house, w->house);
            assert_int_equal(g->hotel, w->hotel);
        }
    }
    assert_int_equal(got->wonders, want->wonders);
    assert_int_equal(got->start_cash, want->start_cash);
    assert_int_equal(got->go_salary, want->go_salary);
    assert_int_equal(got->jail_fine, want->jail_fine);
    assert_int_equal(got->end_bonus, want->end_bonus);
    assert_int_equal(got->houses, want->houses);
    assert_int_equal(got->hotels, want->hotels);
}

/* The box the edition file at path reads to is the one fill() makes. */
static void assert_box_is(const char *path, void (*fill)(struct classic_board *))
{
    struct classic_board *got = board_of(path), *want = malloc(sizeof(*want));
    assert_non_null(want);
    fill(want);
    assert_same_box(got, want);
    free(got);
    free(want);
}

/* CLASSIC-SETUP, CLASSIC-STOCK: the shipped classic box is RULES.md §3's table: 40
 * spaces, the 22 streets with their rents and house costs, stations, utilities, taxes,
 * the 16 + 16 cards with their effects, 32 houses and 12 hotels, 1500, 200, 50. */
static void test_classic_box_is_the_rules_table(void **state)
{
    (void)state;
    assert_box_is("schema/editions/classic.json", classic_fixture_default);
}

/* WONDERS-BOX: the Wonders box is the classic one with wonders and airports in place
 * of streets and stations, named "Merveille N" and "Aéroport N", and the 1500 bonus. */
static void test_wonders_box_is_the_classic_box_with_wonders(void **state)
{
    (void)state;
    assert_box_is("schema/editions/wonders.json", classic_fixture_wonders);
}

/* Every space, deed and card, and the stock, names its source; the Wonders names are
 * placeholders. */
static void test_every_fact_of_the_boxes_has_its_source(void **state)
{
    static const char *const files[] = {"schema/editions/classic.json",
                                        "schema/editions/wonders.json"};
    static const char *const lists[] = {"spaces", "deeds", "chance", "community"};
    (void)state;
    for (size_t f = 0; f < 2; f++) {
        cJSON *doc = edition_doc(files[f]);
        const cJSON *it;
        for (size_t l = 0; l < 4; l++) {
            cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(doc, lists[l]))
            {
                const cJSON *src = cJSON_GetObjectItemCaseSensitive(it, "source");
                const cJSON *kind = cJSON_GetObjectItemCaseSensitive(it, "kind");
                assert_true(cJSON_IsString(src));
                assert_true(strcmp(src->valuestring, "rulebook") == 0 ||
                            strcmp(src->valuestring, "web") == 0 ||
                            strcmp(src->valuestring, "placeholder") == 0);
                if (cJSON_IsString(kind) && strcmp(kind->valuestring, "wonder") == 0)
                    assert_string_equal(src->valuestring, "placeholder");
            }
        }
        assert_true(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(
            cJSON_GetObjectItemCaseSensitive(doc, "stock"), "source")));
        assert_true(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(doc, "source")));
        cJSON_Delete(doc);
    }
}

/* A box with a bad fact is refused naming it. */
static void test_a_box_with_a_bad_fact_is_refused_naming_it(void **state)
{
    static const struct {
        const char *path, *json, *named;
    } cases[] = {
        {"deeds", "[]", NULL},
        {"stock", "{\"houses\":32}", "hotels"},
        {"jail_fine", "\"fifty\"", "jail_fine"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        cJSON *doc = edition_doc("schema/editions/classic.json");
        struct classic_board *b = malloc(sizeof(*b));
        struct sb_error err;
        assert_non_null(b);
        memset(&err, 0, sizeof(err));
        cJSON_ReplaceItemInObjectCaseSensitive(doc, cases[i].path, cJSON_Parse(cases[i].json));
        (void)classic_board_from_json(doc, b, &err);
        if (cases[i].named)
            assert_non_null(strstr(err.detail, cases[i].named));
        cJSON_Delete(doc);
        free(b);
    }
    {
        cJSON *doc = edition_doc("schema/editions/classic.json");
        struct classic_board *b = malloc(sizeof(*b));
        struct sb_error err;
        cJSON *deed = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "deeds"), 0);
        assert_non_null(b);
        cJSON_ReplaceItemInObjectCaseSensitive(deed, "rents", cJSON_Parse("[1,2,3]"));
        assert_int_equal(classic_board_from_json(doc, b, &err), SB_EINVALID);
        assert_non_null(strstr(err.detail, "deeds[0].rents"));
        cJSON_Delete(doc);
        free(b);
    }
}

/* WONDERS-BOX: a box may name its buildings per language ("buildings"); the shipped
 * boxes name them in French as seeds 003 and 004 print them, and a bad name, form or
 * language is refused naming the field; a box without them reads as before. */
static void test_a_box_names_its_buildings(void **state)
{
    static const struct {
        const char *json, *named;
    } bad[] = {
        {"[]", "buildings"},
        {"{\"FR\":{\"house\":\"a\",\"houses\":\"b\",\"hotel\":\"c\",\"hotels\":\"d\"}}",
         "buildings"},
        {"{\"fr\":{\"house\":\"a\",\"hotel\":\"c\",\"hotels\":\"d\"}}", "buildings.fr.houses"},
        {"{\"fr\":{\"house\":\"\",\"houses\":\"b\",\"hotel\":\"c\",\"hotels\":\"d\"}}",
         "buildings.fr.house"},
        {"{\"fr\":{\"house\":\"a\",\"houses\":\"b\",\"hotel\":7,\"hotels\":\"d\"}}",
         "buildings.fr.hotel"},
        {"{\"fr\":{\"house\":\"a\",\"houses\":\"b\",\"hotel\":\"c\",\"hotels\":\"d\",\"villa\":"
         "\"e\"}}",
         "villa"},
    };
    struct sb_error err;
    struct classic_board *b = malloc(sizeof(*b));
    cJSON *doc = edition_doc("schema/editions/wonders.json");
    const cJSON *fr =
        cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(doc, "buildings"), "fr");
    (void)state;
    assert_non_null(b);
    assert_string_equal(cJSON_GetObjectItemCaseSensitive(fr, "house")->valuestring,
                        "chambre d’hôtes");
    assert_string_equal(cJSON_GetObjectItemCaseSensitive(fr, "hotel")->valuestring, "hôtel");
    cJSON_Delete(doc);
    doc = edition_doc("schema/editions/classic.json");
    fr = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(doc, "buildings"), "fr");
    assert_string_equal(cJSON_GetObjectItemCaseSensitive(fr, "houses")->valuestring, "maisons");
    cJSON_DeleteItemFromObjectCaseSensitive(doc, "buildings");
    assert_int_equal(classic_board_from_json(doc, b, &err), 0);
    cJSON_Delete(doc);
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        doc = edition_doc("schema/editions/wonders.json");
        memset(&err, 0, sizeof(err));
        cJSON_ReplaceItemInObjectCaseSensitive(doc, "buildings", cJSON_Parse(bad[i].json));
        assert_int_equal(classic_board_from_json(doc, b, &err), SB_EINVALID);
        if (!strstr(err.detail, bad[i].named))
            fail_msg("case %zu: '%s' does not name %s", i, err.detail, bad[i].named);
        cJSON_Delete(doc);
    }
    free(b);
}

/* HOUSE-*: every switch of §3b read, written back, and refused out of range. */
static void test_house_rules_read_and_written(void **state)
{
    struct classic_house_rules hr, back;
    struct sb_error err;
    cJSON *in = cJSON_Parse("{\"free_parking\":\"jackpot\",\"auction\":false,\"go_landing\":400,"
                            "\"starting_cash\":2000,\"jail_double\":\"roll_again\","
                            "\"rent\":\"automatic\",\"variant\":\"short\"}");
    cJSON *out;
    (void)state;
    assert_int_equal(classic_house_from_json(in, &hr, &err), 0);
    assert_int_equal(hr.free_parking, CLASSIC_FREE_PARKING_JACKPOT);
    assert_int_equal(hr.auction, 0);
    assert_int_equal(hr.go_landing, 400);
    assert_int_equal(hr.starting_cash, 2000);
    assert_int_equal(hr.jail_double, CLASSIC_JAIL_DOUBLE_ROLL_AGAIN);
    assert_int_equal(hr.rent, CLASSIC_RENT_AUTOMATIC);
    assert_int_equal(hr.variant, CLASSIC_VARIANT_SHORT);
    out = classic_house_to_json(&hr);
    assert_int_equal(classic_house_from_json(out, &back, &err), 0);
    assert_memory_equal(&hr, &back, sizeof(hr));
    cJSON_Delete(out);
    cJSON_Delete(in);
    static const char *const bad[] = {"{\"starting_cash\":505}", "{\"starting_cash\":6000}",
                                      "{\"go_landing\":300}", "{\"variant\":\"fast\"}",
                                      "{\"jackpot\":true}"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        in = cJSON_Parse(bad[i]);
        assert_int_equal(classic_house_from_json(in, &hr, &err), SB_EINVALID);
        cJSON_Delete(in);
    }
    assert_int_equal(classic_house_from_json(NULL, &hr, &err), 0);
    back = classic_house_official();
    assert_memory_equal(&hr, &back, sizeof(hr));
}

/* A state of every part (a pending decision, rents due, a debt and one behind it,
 * buildings, a mortgage) written and read back is the same state. */
static void test_a_state_reads_back_as_written(void **state)
{
    struct classic_board *b = malloc(sizeof(*b));
    struct classic_state *st = calloc(1, sizeof(*st)), *back = calloc(1, sizeof(*back));
    struct sb_error err;
    cJSON *doc;
    (void)state;
    assert_non_null(b);
    assert_non_null(st);
    assert_non_null(back);
    classic_fixture_default(b);
    st->seq = 12;
    st->status = CLASSIC_ACTIVE;
    st->winner = -1;
    st->house = classic_house_official();
    st->nplayers = 3;
    for (int i = 0; i < 3; i++) {
        st->players[i].id = 10 + i;
        snprintf(st->players[i].name, sizeof(st->players[i].name), "P%d", i);
        snprintf(st->players[i].token, sizeof(st->players[i].token), "the boot %d", i);
        st->players[i].cash = 1500 - 100 * i;
    }
    st->players[1].in_jail = 1;
    st->players[1].jail_attempts = 2;
    st->players[2].jail_cards[CLASSIC_DECK_COMMUNITY] = 1;
    for (int d = 0; d < CLASSIC_MAX_DEEDS; d++)
        st->deeds[d].owner = CLASSIC_BANK;
    st->deeds[0].owner = 0;
    st->deeds[1].owner = 0;
    st->deeds[1].houses = 2;
    st->deeds[5].owner = 2;
    st->deeds[5].mortgaged = 1;
    st->bank_houses = 30;
    st->bank_hotels = 12;
    st->d1 = 3;
    st->d2 = 4;
    st->turn.seat = 2;
    st->turn.doubles = 1;
    st->turn.rolls = 1;
    st->turn.pending.kind = CLASSIC_PENDING_DRAW;
    st->turn.pending.seat = 2;
    st->turn.pending.space = 7;
    st->turn.pending.deck = CLASSIC_DECK_CHANCE;
    st->turn.resume.seat = -1;
    st->turn.resume.space = -1;
    st->turn.nrents = 1;
    st->turn.rents[0] = (struct classic_rent){.space = 3, .owner = 0, .payer = 2, .dice = 7};
    st->has_debt = 1;
    st->debt =
        (struct classic_debt){2, CLASSIC_BANK, 200, CLASSIC_DEBT_TAX, CLASSIC_AFTER_NOTHING, 4};
    st->ndebts = 1;
    st->debts[0] = (struct classic_debt){1, 0, 10, CLASSIC_DEBT_CARD, CLASSIC_AFTER_NOTHING, -1};
    st->corrections = 1;
    doc = classic_state_to_json(b, st, "classic", 13);
    assert_non_null(doc);
    /* CLASSIC-TRADE: a mortgaged deed says what its receiver pays (60: 6, or 66 to lift
     * it); a deed not mortgaged says nothing of it. */
    assert_int_equal(b->deeds[5].mortgage, 60);
    cJSON *deeds = cJSON_GetObjectItemCaseSensitive(doc, "deeds");
    cJSON *pays = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(deeds, 5), "receiver_pays");
    assert_int_equal(cJSON_GetObjectItemCaseSensitive(pays, "fee")->valueint, 6);
    assert_int_equal(cJSON_GetObjectItemCaseSensitive(pays, "lift")->valueint, 66);
    assert_null(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(deeds, 0), "receiver_pays"));
    memset(&err, 0, sizeof(err));
    if (classic_state_from_json(doc, b, back, &err) != 0)
        fail_msg("%s", err.detail);
    assert_memory_equal(st, back, sizeof(*st));
    cJSON_Delete(doc);
    free(b);
    free(st);
    free(back);
}

/* An event body is read against the state: player ids to seats, a card id to its
 * index; a field the type does not take, or a player not seated, is 422. */
static void test_an_event_is_read_against_the_state(void **state)
{
    struct classic_board *b = malloc(sizeof(*b));
    struct classic_state *st = calloc(1, sizeof(*st));
    struct classic_event ev = classic_event_new(CLASSIC_EV_NOTE);
    struct sb_error err;
    cJSON *body;
    (void)state;
    assert_non_null(b);
    assert_non_null(st);
    classic_fixture_default(b);
    st->nplayers = 2;
    st->players[0].id = 7;
    st->players[1].id = 9;
    body =
        cJSON_Parse("{\"type\":\"trade\",\"a\":7,\"b\":9,\"a_gives\":{\"cash\":50,\"deeds\":[1,3]},"
                    "\"b_gives\":{\"jail_cards\":{\"community\":1}},\"lift\":[3]}");
    assert_int_equal(classic_event_from_json(body, b, st, &ev, &err), 0);
    assert_int_equal(ev.type, CLASSIC_EV_TRADE);
    assert_int_equal(ev.a, 0);
    assert_int_equal(ev.b, 1);
    assert_int_equal(ev.a_gives.cash, 50);
    assert_int_equal(ev.a_gives.ndeeds, 2);
    assert_int_equal(ev.a_gives.deeds[1], 3);
    assert_int_equal(ev.b_gives.jail_cards[CLASSIC_DECK_COMMUNITY], 1);
    assert_int_equal(ev.nlift, 1);
    cJSON_Delete(body);
    body = cJSON_Parse("{\"type\":\"draw_community\",\"card\":\"birthday\"}");
    assert_int_equal(classic_event_from_json(body, b, st, &ev, &err), 0);
    assert_int_equal(ev.card, FX_CC_BIRTHDAY);
    cJSON_Delete(body);
    body = cJSON_Parse("{\"type\":\"auction\",\"winner\":8,\"price\":10}");
    assert_int_equal(classic_event_from_json(body, b, st, &ev, &err), SB_EINVALID);
    assert_string_equal(err.rule, "CLASSIC-AUCTION");
    cJSON_Delete(body);
    body = cJSON_Parse("{\"type\":\"build\",\"space\":1,\"houses\":2}");
    assert_int_equal(classic_event_from_json(body, b, st, &ev, &err), SB_EINVALID);
    assert_string_equal(err.rule, "CLASSIC-BUILD");
    cJSON_Delete(body);
    free(b);
    free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classic_box_is_the_rules_table),
        cmocka_unit_test(test_wonders_box_is_the_classic_box_with_wonders),
        cmocka_unit_test(test_every_fact_of_the_boxes_has_its_source),
        cmocka_unit_test(test_a_box_with_a_bad_fact_is_refused_naming_it),
        cmocka_unit_test(test_a_box_names_its_buildings),
        cmocka_unit_test(test_house_rules_read_and_written),
        cmocka_unit_test(test_a_state_reads_back_as_written),
        cmocka_unit_test(test_an_event_is_read_against_the_state),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
