/* test_board_json.c -- the shipped board matches RULES.md, and board documents are checked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "board_edit.h"
#include "board_json.h"
#include "json.h"

#define BOARD_FILE "schema/editions/travel-world-tour.json"

static const char *const fact_tags[] = {"rulebook", "web", "inferred", "placeholder"};

/* The shipped board document, parsed; the caller frees it. */
static cJSON *load_doc(void)
{
    FILE *f = fopen(BOARD_FILE, "rb");
    char *text;
    long len;
    size_t got;
    cJSON *doc = NULL;
    struct sb_error err;

    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    len = ftell(f);
    assert_true(len > 0);
    rewind(f);
    text = malloc((size_t)len);
    assert_non_null(text);
    got = fread(text, 1, (size_t)len, f);
    fclose(f);
    assert_int_equal(got, (size_t)len);
    assert_int_equal(json_parse_object(text, (size_t)len, &doc, &err), 0);
    free(text);
    return doc;
}

/* The shipped board as a struct; *doc_out (if given) gets the document. */
static struct board *load_board(cJSON **doc_out)
{
    struct board *b = calloc(1, sizeof(*b));
    struct sb_error err = {0};
    cJSON *doc = load_doc();
    assert_non_null(b);
    if (board_from_json(doc, b, &err) != 0)
        fail_msg("the shipped board is refused: %s", err.detail);
    if (doc_out)
        *doc_out = doc;
    else
        cJSON_Delete(doc);
    return b;
}

static cJSON *find_by_id(const cJSON *doc, const char *list, const char *id)
{
    cJSON *it;
    cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(doc, list))
    {
        const cJSON *iid = cJSON_GetObjectItemCaseSensitive(it, "id");
        if (cJSON_IsString(iid) && strcmp(iid->valuestring, id) == 0)
            return it;
    }
    return NULL;
}

static const char *str_of(const cJSON *obj, const char *key)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsString(it) ? it->valuestring : NULL;
}

static int dest_at(const struct board *b, const char *id)
{
    int d = board_find_dest(b, id);
    if (d < 0)
        fail_msg("no destination '%s'", id);
    return d;
}

static void test_shipped_board_has_the_box_contents(void **state)
{
    cJSON *doc;
    struct board *b = load_board(&doc);
    static const char *const tokens[] = {"scottie", "t-rex", "hazel", "rubber-ducky"};
    (void)state;

    assert_string_equal(str_of(doc, "edition"), "travel-world-tour");
    assert_string_equal(str_of(doc, "name"), "Monopoly Travel World Tour");
    assert_string_equal(str_of(doc, "engine"), "full");
    assert_int_equal(cJSON_GetObjectItemCaseSensitive(doc, "players_min")->valueint, 2);
    assert_int_equal(cJSON_GetObjectItemCaseSensitive(doc, "players_max")->valueint, 4);
    assert_int_equal(b->start_cash, 1500);
    assert_int_equal(b->go_salary, 200);
    assert_int_equal(b->ntokens, 4);
    for (int i = 0; i < 4; i++)
        assert_string_equal(b->tokens[i].id, tokens[i]);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(doc, "spaces")), 40);
    assert_int_equal(b->ndests, 22);
    assert_int_equal(b->nchance, 10);
    assert_int_equal(b->njournal, 10);
    for (int i = 0; i < 10; i++) {
        char id[32];
        snprintf(id, sizeof(id), "chance-%d", i + 1);
        assert_string_equal(b->chance[i].id, id);
        snprintf(id, sizeof(id), "journal-%d", i + 1);
        assert_string_equal(b->journal[i].id, id);
    }
    free(b);
    cJSON_Delete(doc);
}

static void test_shipped_board_spaces_follow_the_classic_layout(void **state)
{
    struct board *b = load_board(NULL);
    int ndest_spaces = 0;
    (void)state;

    assert_int_equal(b->spaces[0].kind, SPACE_GO);
    assert_int_equal(b->spaces[10].kind, SPACE_JAIL);
    assert_int_equal(b->spaces[20].kind, SPACE_FREE_PARKING);
    assert_int_equal(b->spaces[30].kind, SPACE_GO_TO_JAIL);
    assert_int_equal(b->spaces[7].kind, SPACE_CHANCE);
    assert_int_equal(b->spaces[22].kind, SPACE_CHANCE);
    assert_int_equal(b->spaces[36].kind, SPACE_CHANCE);
    assert_int_equal(b->spaces[2].kind, SPACE_JOURNAL);
    assert_int_equal(b->spaces[17].kind, SPACE_JOURNAL);
    assert_int_equal(b->spaces[33].kind, SPACE_JOURNAL);
    assert_int_equal(b->spaces[4].kind, SPACE_TAX);
    assert_int_equal(b->spaces[4].amount, 200);
    assert_int_equal(b->spaces[38].kind, SPACE_TAX);
    assert_int_equal(b->spaces[38].amount, 100);
    assert_int_equal(b->spaces[5].kind, SPACE_FLIGHT_LOCAL);
    assert_int_equal(b->spaces[15].kind, SPACE_FLIGHT_LOCAL);
    assert_int_equal(b->spaces[25].kind, SPACE_FLIGHT_LOCAL);
    assert_int_equal(b->spaces[35].kind, SPACE_FLIGHT_LOCAL);
    assert_int_equal(b->spaces[12].kind, SPACE_FLIGHT_LONG);
    assert_int_equal(b->spaces[28].kind, SPACE_FLIGHT_LONG);
    for (int i = 0; i < BOARD_SPACES; i++) {
        if (b->spaces[i].kind != SPACE_DESTINATION) {
            assert_int_equal(b->spaces[i].dest, -1);
            continue;
        }
        ndest_spaces++;
        assert_int_equal(b->dests[b->spaces[i].dest].space, i);
    }
    assert_int_equal(ndest_spaces, 22);
    free(b);
}

static void test_shipped_board_classic_prices_and_fees(void **state)
{
    static const struct {
        int space, price;
        const char *colour;
    } classic[] = {
        {1, 60, "brown"},       {3, 60, "brown"},       {6, 100, "light-blue"},
        {8, 100, "light-blue"}, {9, 120, "light-blue"}, {11, 140, "pink"},
        {13, 140, "pink"},      {14, 160, "pink"},      {16, 180, "orange"},
        {18, 180, "orange"},    {19, 200, "orange"},    {21, 220, "red"},
        {23, 220, "red"},       {24, 240, "red"},       {26, 260, "yellow"},
        {27, 260, "yellow"},    {29, 280, "yellow"},    {31, 300, "green"},
        {32, 300, "green"},     {34, 320, "green"},     {37, 350, "dark-blue"},
        {39, 400, "dark-blue"},
    };
    struct board *b = load_board(NULL);
    (void)state;

    for (size_t i = 0; i < sizeof(classic) / sizeof(classic[0]); i++) {
        const struct destination *d = &b->dests[b->spaces[classic[i].space].dest];
        int half = classic[i].price / 2;
        assert_int_equal(d->price, classic[i].price);
        assert_string_equal(d->colour, classic[i].colour);
        /* fee = price / 2, rounded up to the next 10 where it is not a multiple of 10 */
        assert_int_equal(d->fee, half % 10 ? half + 10 - half % 10 : half);
        assert_int_equal(d->set_fee, 2 * d->fee);
        assert_int_equal(d->fee % 10, 0);
    }
    free(b);
}

static void test_shipped_board_known_destinations(void **state)
{
    struct board *b = load_board(NULL);
    int rapa = dest_at(b, "rapa-nui");
    int barranquilla = dest_at(b, "carnaval-de-barranquilla");
    int chichen = dest_at(b, "chichen-itza");
    int canyon = dest_at(b, "grand-canyon");
    int okavango = dest_at(b, "okavango-delta");
    int nokavango = 0;
    (void)state;

    assert_int_equal(b->dests[rapa].space, 6);
    assert_int_equal(b->dests[rapa].price, 100);
    assert_int_equal(b->dests[rapa].fee, 50);
    assert_int_equal(b->dests[barranquilla].space, 8);
    assert_string_equal(b->dests[barranquilla].colour, "light-blue");
    assert_int_equal(board_colour_size(b, barranquilla), 3);
    assert_int_equal(b->dests[barranquilla].set_fee, 100);
    assert_int_equal(b->dests[barranquilla].goal, dest_at(b, "waitomo-caves"));
    assert_int_equal(b->dests[chichen].space, 9);
    assert_int_equal(b->dests[chichen].fee, 60);
    assert_int_equal(b->dests[chichen].set_fee, 120);
    assert_int_equal(b->dests[chichen].goal, dest_at(b, "angkor-wat"));
    assert_int_equal(b->dests[canyon].space, 11);
    for (int d = 0; d < b->ndests; d++)
        nokavango += b->dests[d].goal == okavango;
    assert_int_equal(nokavango, 1);
    /* every destination named in public texts is on the board */
    dest_at(b, "rhine-castle-trail");
    dest_at(b, "great-barrier-reef");
    dest_at(b, "great-wall-of-china");
    dest_at(b, "boulders-beach");
    dest_at(b, "saint-lucia-volcanoes");
    dest_at(b, "pink-3");
    free(b);
}

/* TWT-FLIGHT-LOCAL: the walkthrough's Local Flight reaches exactly these four. */
static void test_shipped_board_local_flight_reaches_walkthrough_destinations(void **state)
{
    static const char *const want[] = {"rapa-nui", "carnaval-de-barranquilla", "chichen-itza",
                                       "grand-canyon"};
    struct board *b = load_board(NULL);
    int n = 0;
    (void)state;

    for (int i = 6;
         b->spaces[i].kind != SPACE_FLIGHT_LOCAL && b->spaces[i].kind != SPACE_FLIGHT_LONG; i++) {
        if (b->spaces[i].kind != SPACE_DESTINATION)
            continue;
        assert_true(n < 4);
        assert_string_equal(b->dests[b->spaces[i].dest].id, want[n]);
        n++;
    }
    assert_int_equal(n, 4);
    free(b);
}

/* TWT-GOAL-1: every destination is the travel goal of exactly one other card. */
static void test_shipped_board_every_destination_is_one_other_cards_goal(void **state)
{
    struct board *b = load_board(NULL);
    int count[BOARD_MAX_DESTS] = {0};
    (void)state;

    for (int d = 0; d < b->ndests; d++) {
        assert_true(b->dests[d].goal >= 0);
        assert_int_not_equal(b->dests[d].goal, d);
        count[b->dests[d].goal]++;
    }
    for (int d = 0; d < b->ndests; d++)
        assert_int_equal(count[d], 1);
    free(b);
}

static int tag_rank(const char *tag)
{
    for (int i = 0; i < 4; i++)
        if (strcmp(tag, fact_tags[i]) == 0)
            return i;
    fail_msg("'%s' is not a source tag of a shipped fact", tag);
    return -1;
}

/* Check obj's source and sources; rule_fields (NULL: every tagged field) are the facts
 * whose weakest tag the object's source must be. */
static void check_sources(const cJSON *obj, const char *const *rule_fields, int nrule)
{
    const char *src = str_of(obj, "source");
    const cJSON *srcs = cJSON_GetObjectItemCaseSensitive(obj, "sources");
    const cJSON *it;
    int weakest = 0;

    if (!src)
        fail_msg("no source in %s", cJSON_PrintUnformatted(obj));
    tag_rank(src);
    if (!srcs)
        return;
    assert_true(cJSON_IsObject(srcs));
    cJSON_ArrayForEach(it, srcs)
    {
        int r;
        bool counts = rule_fields == NULL;
        assert_true(cJSON_IsString(it));
        r = tag_rank(it->valuestring);
        if (strcmp(it->string, "index") != 0 && strcmp(it->string, "kind") != 0 &&
            !cJSON_GetObjectItemCaseSensitive(obj, it->string))
            fail_msg("sources names '%s', which the object lacks", it->string);
        for (int i = 0; i < nrule; i++)
            counts = counts || strcmp(rule_fields[i], it->string) == 0;
        if (counts && r > weakest)
            weakest = r;
    }
    assert_string_equal(src, fact_tags[weakest]);
}

/* Every fact in the shipped board says where it came from. */
static void test_shipped_board_every_fact_has_a_source(void **state)
{
    static const char *const card_facts[] = {"slots", "effect"};
    static const char *const token_facts[] = {"name"};
    static const char *const tags[] = {"rulebook", "web", "inferred", "placeholder", "group"};
    cJSON *doc = load_doc();
    const cJSON *it, *glossary = cJSON_GetObjectItemCaseSensitive(doc, "sources");
    (void)state;

    assert_true(cJSON_IsObject(glossary));
    for (int i = 0; i < 5; i++)
        assert_non_null(str_of(glossary, tags[i]));
    tag_rank(str_of(doc, "source"));
    cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(doc, "tokens"))
        check_sources(it, token_facts, 1);
    cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(doc, "spaces"))
        check_sources(it, NULL, 0);
    cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(doc, "destinations"))
    {
        assert_non_null(cJSON_GetObjectItemCaseSensitive(it, "sources"));
        check_sources(it, NULL, 0);
    }
    cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(doc, "chance"))
        check_sources(it, card_facts, 2);
    cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(doc, "journal"))
        check_sources(it, card_facts, 2);
    /* the facts RULES.md cites keep their source */
    assert_string_equal(str_of(cJSON_GetObjectItemCaseSensitive(
                                   find_by_id(doc, "destinations", "chichen-itza"), "sources"),
                               "goal"),
                        "rulebook");
    assert_string_equal(str_of(cJSON_GetObjectItemCaseSensitive(
                                   find_by_id(doc, "destinations", "rapa-nui"), "sources"),
                               "price"),
                        "web");
    assert_string_equal(str_of(find_by_id(doc, "destinations", "pink-3"), "source"), "placeholder");
    cJSON_Delete(doc);
}

static void test_shipped_board_chance_cards(void **state)
{
    cJSON *doc;
    struct board *b = load_board(&doc);
    bool seen[EFFECT_JAIL_FREE + 1] = {false};
    bool salary = false, no_salary = false, to_go = false;
    const struct effect *e = &b->chance[0].effect;
    (void)state;

    /* the one known card: a pink or orange destination of your choice */
    assert_int_equal(e->kind, EFFECT_MOVE_TO_COLOUR);
    assert_int_equal(e->ncolours, 2);
    assert_string_equal(e->colours[0], "pink");
    assert_string_equal(e->colours[1], "orange");
    assert_string_equal(str_of(find_by_id(doc, "chance", "chance-1"), "source"), "web");
    for (int i = 0; i < b->nchance; i++) {
        e = &b->chance[i].effect;
        seen[e->kind] = true;
        if (i > 0)
            assert_string_equal(
                str_of(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "chance"), i),
                       "source"),
                "placeholder");
        if (e->kind == EFFECT_MOVE_TO) {
            salary = salary || e->salary;
            no_salary = no_salary || !e->salary;
            to_go = to_go || (e->space == 0 && e->salary);
        }
        if (e->kind == EFFECT_MOVE_BY)
            assert_int_equal(e->steps, -3);
    }
    for (int k = EFFECT_COLLECT; k <= EFFECT_JAIL_FREE; k++)
        assert_true(seen[k]);
    assert_true(salary && no_salary && to_go);
    /* move_to names a space by its id as well as a destination */
    assert_int_equal(b->chance[9].effect.kind, EFFECT_MOVE_TO);
    assert_int_equal(b->chance[9].effect.space, 20);
    assert_false(b->chance[9].effect.salary);
    assert_int_equal(b->chance[7].effect.space, 6);
    free(b);
    cJSON_Delete(doc);
}

static void test_shipped_board_journal_cards(void **state)
{
    cJSON *doc;
    struct board *b = load_board(&doc);
    bool seen[PER_STAMP_COLLECT_FROM_EACH + 1] = {false};
    int ndrawer = 0;
    const cJSON *j1 = find_by_id(doc, "journal", "journal-1");
    const cJSON *j2 = find_by_id(doc, "journal", "journal-2");
    (void)state;

    /* every stamp collects 50 (walkthrough) */
    assert_int_equal(b->journal[0].per_stamp, PER_STAMP_COLLECT);
    assert_int_equal(b->journal[0].per_stamp_amount, 50);
    assert_string_equal(str_of(cJSON_GetObjectItemCaseSensitive(j1, "sources"), "effect"), "web");
    assert_string_equal(str_of(j1, "source"), "inferred");
    /* the rulebook's example: two circles, 100 each */
    assert_int_equal(b->journal[1].slots, 2);
    assert_int_equal(b->journal[1].per_stamp, PER_STAMP_COLLECT);
    assert_int_equal(b->journal[1].per_stamp_amount, 100);
    assert_string_equal(str_of(j2, "source"), "rulebook");
    for (int i = 0; i < b->njournal; i++) {
        assert_true(b->journal[i].slots >= 1 && b->journal[i].slots <= 4);
        seen[b->journal[i].per_stamp] = true;
        ndrawer += b->journal[i].drawer.kind != EFFECT_NONE;
    }
    assert_true(seen[PER_STAMP_COLLECT] && seen[PER_STAMP_PAY] &&
                seen[PER_STAMP_COLLECT_FROM_EACH]);
    assert_true(ndrawer >= 2);
    assert_int_equal(b->journal[5].drawer.kind, EFFECT_COLLECT);
    assert_int_equal(b->journal[5].drawer.amount, 50);
    assert_int_equal(b->journal[9].drawer.kind, EFFECT_MOVE_BY);
    assert_int_equal(b->journal[9].drawer.steps, -3);
    free(b);
    cJSON_Delete(doc);
}

/* Walk a "/"-separated path of keys and indexes in doc; the last step is set to value
 * (parsed JSON text), or removed when value is NULL. */
static void mutate(cJSON *doc, const char *path, const char *value)
{
    char buf[128];
    char *step, *next, *save = NULL;
    cJSON *parent = doc;

    snprintf(buf, sizeof(buf), "%s", path);
    step = strtok_r(buf, "/", &save);
    while ((next = strtok_r(NULL, "/", &save)) != NULL) {
        parent = cJSON_IsArray(parent) ? cJSON_GetArrayItem(parent, atoi(step))
                                       : cJSON_GetObjectItemCaseSensitive(parent, step);
        assert_non_null(parent);
        step = next;
    }
    if (cJSON_IsArray(parent)) {
        if (value)
            assert_true(cJSON_ReplaceItemInArray(parent, atoi(step), cJSON_Parse(value)));
        else
            cJSON_DeleteItemFromArray(parent, atoi(step));
    } else {
        cJSON_DeleteItemFromObjectCaseSensitive(parent, step);
        if (value)
            cJSON_AddItemToObject(parent, step, cJSON_Parse(value));
    }
}

struct refusal {
    const char *path;
    const char *value; /* NULL: remove */
    const char *detail;
};

static const struct refusal refusals[] = {
    {"edition", NULL, "edition: is required"},
    {"name", "\"\"", "name: must be 1 to 80"},
    {"start_cash", "1505", "start_cash: must be a multiple of 10"},
    {"go_salary", "-200", "go_salary: must be a multiple of 10"},
    {"engine", "\"results\"", "engine:"},
    {"players_max", "5", "players_max:"},
    {"players_min", "1", "players_min:"},
    {"tokens/1/id", "\"hazel\"", "tokens[2].id: 'hazel' is used twice"},
    {"tokens/0/id", "\"Scottie\"", "tokens[0].id: must be a slug"},
    {"tokens/0/colour", "7", "tokens[0].colour: must be a string"},
    {"spaces/39", NULL, "spaces: must hold exactly 40 items, not 39"},
    {"spaces/5/index", "6", "spaces[5].index: must be 5"},
    {"spaces/5/index", "5.5", "spaces[5].index: must be a whole number"},
    {"spaces/4/kind", "\"casino\"", "spaces[4].kind: must be one of"},
    {"spaces/4/amount", NULL, "spaces[4].amount: is required"},
    {"spaces/7/amount", "100", "spaces[7].amount: only a tax space"},
    {"spaces/0/kind", "\"chance\"", "GO must be space 0"},
    {"spaces/10/kind", "\"free_parking\"", "Jail must be space 10"},
    {"spaces/6/destination", "\"atlantis\"",
     "spaces[6].destination: unknown destination 'atlantis'"},
    {"spaces/6/destination", "\"chichen-itza\"",
     "spaces[6].destination: 'chichen-itza' says it is on space 9"},
    {"spaces/7/destination", "\"rapa-nui\"", "spaces[7].destination: only a destination space"},
    {"spaces/39",
     "{\"index\":39,\"kind\":\"chance\",\"id\":\"chance-39\",\"name\":\"Chance\",\"source\":"
     "\"placeholder\"}",
     "destinations[21].space: space 39 is not the destination space of 'dark-blue-2'"},
    {"spaces/0/id", "\"rapa-nui\"", "spaces[0].id: 'rapa-nui' is used twice"},
    {"spaces/7/id", "\"go\"", "spaces[7].id: 'go' is used twice"},
    {"spaces/6/id", "\"six\"", "spaces[6].id: a destination space is named by its destination"},
    {"spaces/3/source", "\"guess\"", "spaces[3].source: must be one of"},
    {"spaces/3/source", NULL, "spaces[3].source: is required"},
    {"spaces/3/sources", "{\"name\":\"maybe\"}", "spaces[3].sources:"},
    {"destinations/3/goal", "\"foo\"", "destinations[3].goal: unknown destination 'foo'"},
    {"destinations/3/goal", "\"carnaval-de-barranquilla\"",
     "destinations[3].goal: a card cannot be its own"},
    {"destinations/3/goal", "3", "destinations[3].goal: must be a destination id or null"},
    {"destinations/3/goal", NULL, "destinations[3].goal: is required"},
    {"destinations/1/id", "\"brown-1\"", "destinations[1].id: 'brown-1' is used twice"},
    {"destinations/0/id", "\"Brown-1\"", "destinations[0].id: must be a slug"},
    {"destinations/0/id", "\"a-slug-that-is-far-too-long-to-be-kept-in-sixty-four-bytes-of-id\"",
     "destinations[0].id: must be a slug"},
    {"destinations/0/price", "65", "destinations[0].price: must be a multiple of 10"},
    {"destinations/0/fee", "-10", "destinations[0].fee: must be a multiple of 10"},
    {"destinations/0/set_fee", "1000000010", "destinations[0].set_fee: must be a multiple"},
    {"destinations/0/price", "10.5", "destinations[0].price: must be a multiple"},
    {"destinations/0/price", "\"60\"", "destinations[0].price: must be a multiple"},
    {"destinations/0/colour", "\"Light Blue\"", "destinations[0].colour: must be a slug"},
    {"destinations/0/space", "40", "destinations[0].space: must be a whole number from 0 to 39"},
    {"destinations/0/name", "\"\"", "destinations[0].name: must be 1 to 80 characters"},
    {"destinations/0/name",
     "\"123456789012345678901234567890123456789012345678901234567890123456789012345678901\"",
     "destinations[0].name: must be 1 to 80 characters"},
    {"chance/0/effect", "{\"collect\":15}", "chance[0].effect.collect: must be a multiple of 10"},
    {"chance/0/effect", "{\"collect\":10,\"pay\":10}", "chance[0].effect: holds both"},
    {"chance/0/effect", "{}", "chance[0].effect: needs one of"},
    {"chance/0/effect", "{\"teleport\":1}", "chance[0].effect: unknown field 'teleport'"},
    {"chance/0/effect", "\"collect\"", "chance[0].effect: must be an effect object"},
    {"chance/0/effect", NULL, "chance[0].effect: is required"},
    {"chance/0/effect", "{\"move_to\":\"nowhere\"}",
     "chance[0].effect.move_to: unknown space or destination 'nowhere'"},
    {"chance/0/effect", "{\"move_to\":\"go\",\"salary\":1}",
     "chance[0].effect.salary: must be true or false"},
    {"chance/0/effect", "{\"pay\":10,\"salary\":true}",
     "chance[0].effect.salary: goes only with move_to"},
    {"chance/0/effect", "{\"move_to_colour\":[\"purple\"]}",
     "chance[0].effect.move_to_colour: no destination has the colour 'purple'"},
    {"chance/0/effect", "{\"move_to_colour\":[]}",
     "chance[0].effect.move_to_colour: must be an array"},
    {"chance/0/effect", "{\"move_to_colour\":[\"pink\",\"pink\"]}",
     "chance[0].effect.move_to_colour: 'pink' is named twice"},
    {"chance/0/effect", "{\"move_by\":0}", "chance[0].effect.move_by: must be a non-zero"},
    {"chance/0/effect", "{\"move_by\":40}", "chance[0].effect.move_by: must be a non-zero"},
    {"chance/0/effect", "{\"move_by\":-40}", "chance[0].effect.move_by: must be a non-zero"},
    {"chance/0/effect", "{\"go_to_jail\":false}", "chance[0].effect.go_to_jail: must be true"},
    {"chance/0/effect", "{\"jail_free\":1}", "chance[0].effect.jail_free: must be true"},
    {"chance/1/id", "\"chance-1\"", "chance[1].id: 'chance-1' is used twice"},
    {"chance/1/text", "\"\"", "chance[1].text: must be 1 to 2000"},
    {"journal/0/slots", "0", "journal[0].slots: must be a whole number from 1 to 12"},
    {"journal/0/slots", "13", "journal[0].slots: must be a whole number from 1 to 12"},
    {"journal/0/title", NULL, "journal[0].title: is required"},
    {"journal/0/effect", "{\"collect\":50}", "journal[0].effect: unknown field 'collect'"},
    {"journal/0/effect", "{\"drawer\":{\"pay\":10}}",
     "journal[0].effect.per_stamp: must be an object"},
    {"journal/0/effect", "{\"per_stamp\":{\"collect\":10,\"pay\":10}}",
     "journal[0].effect.per_stamp: needs exactly one"},
    {"journal/0/effect", "{\"per_stamp\":{\"steal\":10}}",
     "journal[0].effect.per_stamp: unknown field 'steal'"},
    {"journal/0/effect", "{\"per_stamp\":{\"pay\":-10}}",
     "journal[0].effect.per_stamp.pay: must be a multiple"},
    {"journal/0/effect", "{\"per_stamp\":{\"pay\":10},\"drawer\":{\"move_by\":0}}",
     "journal[0].effect.drawer.move_by:"},
    {"journal/2/id", "\"journal-2\"", "journal[2].id: 'journal-2' is used twice"},
    {"journal", "[]", "journal: must hold 1 to 32 items, not 0"},
    {"chance", "{}", "chance: must be an array"},
    {"tokens", "[{\"id\":\"a\",\"name\":\"A\",\"colour\":\"red\",\"source\":\"placeholder\"}]",
     "tokens: must hold 2 to 8 items, not 1"},
};

/* Each malformed document is refused with SB_EINVALID naming the bad field, and the
 * output board is left as it was. */
static void test_board_refuses_each_bad_fact(void **state)
{
    struct board *b = malloc(sizeof(*b));
    struct board *before = malloc(sizeof(*b));
    int failures = 0;
    (void)state;

    assert_non_null(b);
    assert_non_null(before);
    memset(before, 0x5a, sizeof(*before));
    for (size_t i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
        struct sb_error err;
        cJSON *doc = load_doc();
        int rc;
        memset(&err, 0, sizeof(err));
        memcpy(b, before, sizeof(*b));
        mutate(doc, refusals[i].path, refusals[i].value);
        rc = board_from_json(doc, b, &err);
        if (rc != SB_EINVALID || sb_status(err.code) != 422 ||
            !strstr(err.detail, refusals[i].detail)) {
            print_error("%s = %s: got %d '%s', want '%s'\n", refusals[i].path,
                        refusals[i].value ? refusals[i].value : "(removed)", rc, err.detail,
                        refusals[i].detail);
            failures++;
        }
        assert_memory_equal(b, before, sizeof(*b));
        cJSON_Delete(doc);
    }
    assert_int_equal(failures, 0);
    free(b);
    free(before);
}

/* Limits that need many items: 9 tokens, 33 Chance cards. */
static void test_board_refuses_too_many_items(void **state)
{
    struct board *b = malloc(sizeof(*b));
    struct sb_error err;
    cJSON *doc = load_doc();
    cJSON *tokens = cJSON_GetObjectItemCaseSensitive(doc, "tokens");
    cJSON *chance = cJSON_GetObjectItemCaseSensitive(doc, "chance");
    (void)state;

    for (int i = 4; i < 9; i++) {
        char text[160];
        snprintf(text, sizeof(text),
                 "{\"id\":\"t%d\",\"name\":\"T\",\"colour\":\"red\",\"source\":\"placeholder\"}",
                 i);
        cJSON_AddItemToArray(tokens, cJSON_Parse(text));
    }
    assert_int_equal(board_from_json(doc, b, &err), SB_EINVALID);
    assert_non_null(strstr(err.detail, "tokens: must hold 2 to 8 items, not 9"));
    cJSON_DeleteItemFromArray(tokens, 8);
    assert_int_equal(board_from_json(doc, b, &err), 0);
    assert_int_equal(b->ntokens, 8);
    for (int i = 10; i < 33; i++) {
        char text[160];
        snprintf(text, sizeof(text),
                 "{\"id\":\"c%d\",\"text\":\"x\",\"effect\":{\"pay\":10},\"source\":\"group\"}", i);
        cJSON_AddItemToArray(chance, cJSON_Parse(text));
    }
    assert_int_equal(board_from_json(doc, b, &err), SB_EINVALID);
    assert_non_null(strstr(err.detail, "chance: must hold 1 to 32 items, not 33"));
    cJSON_Delete(doc);
    free(b);
}

/* Names count characters, not bytes; a goal may be null (no goal). */
static void test_board_accepts_edge_values(void **state)
{
    struct board *b = malloc(sizeof(*b));
    struct sb_error err;
    cJSON *doc = load_doc();
    char name[2 + 80 * 2 + 1];
    char *p = name;
    (void)state;

    *p++ = '"';
    for (int i = 0; i < 80; i++) {
        *p++ = (char)0xc3;
        *p++ = (char)0xa9;
    }
    *p++ = '"';
    *p = '\0';
    mutate(doc, "destinations/0/name", name);
    mutate(doc, "destinations/0/goal", "null");
    mutate(doc, "destinations/0/price", "1000000000");
    mutate(doc, "chance/1/effect", "{\"move_by\":39}");
    mutate(doc, "chance/2/effect", "{\"move_to\":\"travel-insurance\",\"salary\":false}");
    mutate(doc, "journal/0/slots", "12");
    if (board_from_json(doc, b, &err) != 0)
        fail_msg("refused: %s", err.detail);
    assert_int_equal(b->dests[0].goal, -1);
    assert_int_equal(b->dests[0].price, 1000000000);
    assert_int_equal(b->chance[1].effect.steps, 39);
    assert_int_equal(b->chance[2].effect.space, 4);
    assert_int_equal(b->journal[0].slots, 12);
    assert_int_equal(board_from_json(NULL, b, &err), SB_EINVALID);
    cJSON_Delete(doc);
    free(b);
}

/* The effect readers on their own: with only the struct board, move_to names a
 * destination or a space of a kind the board has once. */
static void test_board_effect_readers(void **state)
{
    struct board *b = load_board(NULL);
    struct effect e;
    struct journal_card card;
    struct sb_error err;
    cJSON *obj;
    (void)state;

    obj = cJSON_Parse("{\"move_to\":\"go-to-jail\"}");
    assert_int_equal(board_effect_from_json(b, obj, &e, &err), 0);
    assert_int_equal(e.kind, EFFECT_MOVE_TO);
    assert_int_equal(e.space, 30);
    cJSON_Delete(obj);
    obj = cJSON_Parse("{\"move_to\":\"angkor-wat\",\"salary\":true}");
    assert_int_equal(board_effect_from_json(b, obj, &e, &err), 0);
    assert_int_equal(e.space, b->dests[board_find_dest(b, "angkor-wat")].space);
    assert_true(e.salary);
    cJSON_Delete(obj);
    obj = cJSON_Parse("{\"move_to\":\"nowhere\"}");
    assert_int_equal(board_effect_from_json(b, obj, &e, &err), SB_EINVALID);
    assert_non_null(strstr(err.detail, "effect.move_to: unknown space or destination"));
    cJSON_Delete(obj);
    obj =
        cJSON_Parse("{\"per_stamp\":{\"collect_from_each\":20},\"drawer\":{\"go_to_jail\":true}}");
    memset(&card, 0, sizeof(card));
    assert_int_equal(board_journal_effect_from_json(b, obj, &card, &err), 0);
    assert_int_equal(card.per_stamp, PER_STAMP_COLLECT_FROM_EACH);
    assert_int_equal(card.per_stamp_amount, 20);
    assert_int_equal(card.drawer.kind, EFFECT_GO_TO_JAIL);
    cJSON_Delete(obj);
    obj = cJSON_Parse("{\"per_stamp\":{\"collect\":20}}");
    assert_int_equal(board_journal_effect_from_json(b, obj, &card, &err), 0);
    assert_int_equal(card.drawer.kind, EFFECT_NONE);
    cJSON_Delete(obj);
    free(b);
}

/* PUT a body; returns the code and leaves the detail in err. */
static int put(int (*fn)(cJSON *, const char *, const cJSON *, cJSON **, struct sb_error *),
               cJSON *doc, const char *id, const char *body_text, cJSON **item,
               struct sb_error *err)
{
    cJSON *body = cJSON_Parse(body_text);
    int rc;
    assert_non_null(body);
    memset(err, 0, sizeof(*err));
    rc = fn(doc, id, body, item, err);
    cJSON_Delete(body);
    return rc;
}

/* A refused PUT returns code and leaves the document byte for byte as it was. */
static void
put_refused(int (*fn)(cJSON *, const char *, const cJSON *, cJSON **, struct sb_error *),
            cJSON *doc, const char *id, const char *body_text, int code, const char *detail)
{
    char *before = cJSON_PrintUnformatted(doc);
    char *after;
    cJSON *item = (cJSON *)0x1;
    struct sb_error err;
    int rc = put(fn, doc, id, body_text, &item, &err);
    if (rc != code || (detail && !strstr(err.detail, detail)))
        fail_msg("PUT %s %s: got %d '%s', want %d '%s'", id, body_text, rc, err.detail, code,
                 detail ? detail : "");
    assert_ptr_equal(item, (cJSON *)0x1);
    after = cJSON_PrintUnformatted(doc);
    assert_string_equal(before, after);
    free(before);
    free(after);
}

static void test_put_destination_edits_and_marks_group(void **state)
{
    cJSON *doc = load_doc();
    cJSON *item = NULL, *space;
    struct board *b = malloc(sizeof(*b));
    struct sb_error err;
    const cJSON *srcs;
    (void)state;

    assert_int_equal(put(board_put_destination, doc, "pink-3",
                         "{\"name\":\"Machu Picchu\",\"price\":170,\"goal\":\"rapa-nui\"}", &item,
                         &err),
                     0);
    assert_ptr_equal(item, find_by_id(doc, "destinations", "pink-3"));
    assert_string_equal(str_of(item, "name"), "Machu Picchu");
    assert_int_equal(cJSON_GetObjectItemCaseSensitive(item, "price")->valueint, 170);
    assert_string_equal(str_of(item, "source"), "group");
    srcs = cJSON_GetObjectItemCaseSensitive(item, "sources");
    assert_string_equal(str_of(srcs, "name"), "group");
    assert_string_equal(str_of(srcs, "price"), "group");
    assert_string_equal(str_of(srcs, "goal"), "group");
    assert_string_equal(str_of(srcs, "fee"), "inferred");
    /* the space shows the new name */
    space = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "spaces"), 14);
    assert_string_equal(str_of(space, "name"), "Machu Picchu");
    assert_string_equal(str_of(cJSON_GetObjectItemCaseSensitive(space, "sources"), "name"),
                        "group");
    assert_int_equal(board_from_json(doc, b, &err), 0);
    assert_int_equal(b->dests[board_find_dest(b, "pink-3")].price, 170);
    assert_int_equal(b->dests[board_find_dest(b, "pink-3")].goal, board_find_dest(b, "rapa-nui"));

    /* a goal may be cleared; fees and colour change */
    assert_int_equal(put(board_put_destination, doc, "rapa-nui",
                         "{\"goal\":null,\"fee\":60,\"set_fee\":120,\"colour\":\"teal\"}", &item,
                         &err),
                     0);
    assert_true(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(item, "goal")));
    assert_int_equal(board_from_json(doc, b, &err), 0);
    assert_int_equal(b->dests[board_find_dest(b, "rapa-nui")].goal, -1);
    assert_string_equal(b->dests[board_find_dest(b, "rapa-nui")].colour, "teal");
    assert_int_equal(b->dests[board_find_dest(b, "rapa-nui")].set_fee, 120);
    free(b);
    cJSON_Delete(doc);
}

static void test_put_destination_refusals_leave_the_board_unchanged(void **state)
{
    cJSON *doc = load_doc();
    (void)state;

    put_refused(board_put_destination, doc, "atlantis", "{\"price\":100}", SB_ENOTFOUND,
                "unknown destination 'atlantis'");
    put_refused(board_put_destination, doc, "rapa-nui", "[1]", SB_EBADREQ, "object");
    put_refused(board_put_destination, doc, "rapa-nui", "{\"price\":\"100\"}", SB_EBADREQ,
                "'price'");
    put_refused(board_put_destination, doc, "rapa-nui", "{\"price\":100.5}", SB_EBADREQ, "'price'");
    put_refused(board_put_destination, doc, "rapa-nui", "{\"name\":5}", SB_EBADREQ, "'name'");
    put_refused(board_put_destination, doc, "rapa-nui", "{\"goal\":7}", SB_EBADREQ, "'goal'");
    put_refused(board_put_destination, doc, "rapa-nui", "{\"price\":105}", SB_EINVALID,
                "multiple of 10");
    put_refused(board_put_destination, doc, "rapa-nui", "{\"fee\":-10}", SB_EINVALID, "'fee'");
    put_refused(board_put_destination, doc, "rapa-nui", "{\"set_fee\":1000000010}", SB_EINVALID,
                "'set_fee'");
    put_refused(board_put_destination, doc, "rapa-nui", "{\"name\":\"\"}", SB_EINVALID, "'name'");
    put_refused(board_put_destination, doc, "rapa-nui",
                "{\"name\":\"123456789012345678901234567890123456789012345678901234567890"
                "123456789012345678901\"}",
                SB_EINVALID, "'name'");
    put_refused(board_put_destination, doc, "rapa-nui", "{\"goal\":\"atlantis\"}", SB_EINVALID,
                "goal: unknown destination 'atlantis'");
    put_refused(board_put_destination, doc, "rapa-nui", "{\"goal\":\"rapa-nui\"}", SB_EINVALID,
                "its own travel goal");
    put_refused(board_put_destination, doc, "rapa-nui", "{\"colour\":\"Light Blue\"}", SB_EINVALID,
                "colour: must be a slug");
    put_refused(board_put_destination, doc, "rapa-nui", "{}", SB_EINVALID, "nothing to change");
    /* the last pink and orange destinations recoloured would strand chance-1 */
    {
        cJSON *item;
        struct sb_error err;
        assert_int_equal(
            put(board_put_destination, doc, "grand-canyon", "{\"colour\":\"teal\"}", &item, &err),
            0);
        assert_int_equal(
            put(board_put_destination, doc, "boulders-beach", "{\"colour\":\"teal\"}", &item, &err),
            0);
    }
    put_refused(board_put_destination, doc, "pink-3", "{\"colour\":\"teal\"}", SB_EINVALID,
                "chance[0].effect.move_to_colour: no destination has the colour 'pink'");
    cJSON_Delete(doc);
}

static void test_put_journal_and_chance(void **state)
{
    cJSON *doc = load_doc();
    cJSON *item = NULL;
    struct board *b = malloc(sizeof(*b));
    struct sb_error err;
    (void)state;

    assert_int_equal(put(board_put_journal, doc, "journal-3",
                         "{\"title\":\"Aurora\",\"slots\":5,\"effect\":{\"per_stamp\":{\"pay\":30},"
                         "\"drawer\":{\"move_to\":\"jail\"}}}",
                         &item, &err),
                     0);
    assert_ptr_equal(item, find_by_id(doc, "journal", "journal-3"));
    assert_string_equal(str_of(item, "source"), "group");
    assert_string_equal(str_of(cJSON_GetObjectItemCaseSensitive(item, "sources"), "slots"),
                        "group");
    assert_string_equal(str_of(cJSON_GetObjectItemCaseSensitive(item, "sources"), "text"),
                        "placeholder");
    assert_int_equal(board_from_json(doc, b, &err), 0);
    assert_int_equal(b->journal[2].slots, 5);
    assert_int_equal(b->journal[2].per_stamp, PER_STAMP_PAY);
    assert_int_equal(b->journal[2].drawer.space, 10);

    assert_int_equal(put(board_put_chance, doc, "chance-4",
                         "{\"text\":\"Pay the travel insurance.\",\"effect\":{\"move_to\":"
                         "\"travel-insurance\"}}",
                         &item, &err),
                     0);
    assert_string_equal(str_of(item, "text"), "Pay the travel insurance.");
    assert_string_equal(str_of(item, "source"), "group");
    assert_int_equal(board_from_json(doc, b, &err), 0);
    assert_int_equal(b->chance[3].effect.kind, EFFECT_MOVE_TO);
    assert_int_equal(b->chance[3].effect.space, 4);

    put_refused(board_put_journal, doc, "journal-11", "{\"slots\":3}", SB_ENOTFOUND, "journal-11");
    put_refused(board_put_journal, doc, "journal-1", "{\"slots\":\"3\"}", SB_EBADREQ, "'slots'");
    put_refused(board_put_journal, doc, "journal-1", "{\"slots\":0}", SB_EINVALID, "'slots'");
    put_refused(board_put_journal, doc, "journal-1", "{\"slots\":13}", SB_EINVALID, "'slots'");
    put_refused(board_put_journal, doc, "journal-1", "{\"effect\":\"collect\"}", SB_EBADREQ,
                "'effect'");
    put_refused(board_put_journal, doc, "journal-1",
                "{\"effect\":{\"per_stamp\":{\"collect\":15}}}", SB_EINVALID,
                "journal[0].effect.per_stamp.collect");
    put_refused(board_put_journal, doc, "journal-1", "{\"title\":\"\"}", SB_EINVALID, "'title'");
    put_refused(board_put_journal, doc, "journal-1", "{\"text\":[]}", SB_EBADREQ, "'text'");
    put_refused(board_put_chance, doc, "chance-99", "{\"text\":\"x\"}", SB_ENOTFOUND, "chance-99");
    put_refused(board_put_chance, doc, "chance-1", "{\"effect\":{\"move_to\":\"mars\"}}",
                SB_EINVALID, "unknown space or destination 'mars'");
    put_refused(board_put_chance, doc, "chance-1", "{\"effect\":{\"go_to_jail\":true,\"pay\":10}}",
                SB_EINVALID, "holds both");
    put_refused(board_put_chance, doc, "chance-1", "{\"effect\":[]}", SB_EBADREQ, "'effect'");
    /* a field the PUT does not take refuses it all, even next to one it takes */
    put_refused(board_put_chance, doc, "chance-1", "{\"title\":\"no such field\"}", SB_EINVALID,
                "takes no field 'title'");
    put_refused(board_put_chance, doc, "chance-1", "{\"text\":\"Fine\",\"id\":\"x\"}", SB_EINVALID,
                "takes no field 'id'");
    put_refused(board_put_destination, doc, "pink-3", "{\"name\":\"Fine\",\"evil\":1}", SB_EINVALID,
                "takes no field 'evil'");
    put_refused(board_put_destination, doc, "pink-3",
                "{\"name\":\"Pa\xe2\x80\xae"
                "ris\"}",
                SB_EINVALID, "name");
    {
        size_t n = 2 + 2001 + 20;
        char *body = malloc(n);
        memcpy(body, "{\"text\":\"", 9);
        memset(body + 9, 'x', 2001);
        memcpy(body + 9 + 2001, "\"}", 3);
        put_refused(board_put_chance, doc, "chance-1", body, SB_EINVALID, "'text'");
        body[9 + 2000] = '"';
        body[9 + 2001] = '}';
        body[9 + 2002] = '\0';
        assert_int_equal(put(board_put_chance, doc, "chance-1", body, &item, &err), 0);
        free(body);
    }
    free(b);
    cJSON_Delete(doc);
}

/* board_put_space() with the signature of the other PUTs, the index given as text. */
static int put_space(cJSON *doc, const char *index, const cJSON *body, cJSON **item,
                     struct sb_error *err)
{
    return board_put_space(doc, atoi(index), body, item, err);
}

static int check_of(const cJSON *doc, const char *key)
{
    cJSON *copy = cJSON_Duplicate(doc, true);
    struct sb_error err;
    int v;
    assert_int_equal(board_add_check(copy, &err), 0);
    v = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(copy, "check"), key)
            ->valueint;
    cJSON_Delete(copy);
    return v;
}

static void test_check_counts_every_space_destination_and_card(void **state)
{
    cJSON *doc = load_doc(), *item = NULL;
    struct sb_error err;
    (void)state;
    /* 40 spaces, 22 destinations, 10 Chance and 10 Travel Journal cards */
    assert_int_equal(check_of(doc, "facts"), 82);
    assert_int_equal(check_of(doc, "checked"), 0);
    assert_int_equal(put(board_put_destination, doc, "rapa-nui", "{\"price\":110}", &item, &err),
                     0);
    assert_int_equal(check_of(doc, "checked"), 1);
    assert_int_equal(put(board_put_chance, doc, "chance-2", "{\"checked\":true}", &item, &err), 0);
    assert_int_equal(put(put_space, doc, "0", "{\"checked\":true}", &item, &err), 0);
    assert_int_equal(check_of(doc, "checked"), 3);
    cJSON_Delete(doc);
}

static void test_checked_true_marks_without_changing(void **state)
{
    cJSON *doc = load_doc(), *item = NULL, *before;
    const cJSON *it;
    struct sb_error err;
    (void)state;
    before = cJSON_Duplicate(find_by_id(doc, "journal", "journal-3"), true);
    assert_int_equal(put(board_put_journal, doc, "journal-3", "{\"checked\":true}", &item, &err),
                     0);
    assert_string_equal(str_of(item, "source"), "group");
    cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(item, "sources"))
        assert_string_equal(it->valuestring, "group");
    assert_true(cJSON_Compare(cJSON_GetObjectItemCaseSensitive(before, "slots"),
                              cJSON_GetObjectItemCaseSensitive(item, "slots"), true));
    assert_true(cJSON_Compare(cJSON_GetObjectItemCaseSensitive(before, "effect"),
                              cJSON_GetObjectItemCaseSensitive(item, "effect"), true));
    assert_string_equal(str_of(before, "title"), str_of(item, "title"));
    /* with an edit, both happen */
    assert_int_equal(
        put(board_put_destination, doc, "pink-3", "{\"checked\":true,\"fee\":90}", &item, &err), 0);
    assert_int_equal(cJSON_GetObjectItemCaseSensitive(item, "fee")->valueint, 90);
    assert_string_equal(str_of(cJSON_GetObjectItemCaseSensitive(item, "sources"), "price"),
                        "group");
    put_refused(board_put_chance, doc, "chance-1", "{\"checked\":false}", SB_EINVALID, "checked");
    put_refused(board_put_chance, doc, "chance-1", "{\"checked\":1}", SB_EBADREQ, "checked");
    put_refused(board_put_chance, doc, "chance-1", "{}", SB_EINVALID, "nothing to change");
    cJSON_Delete(before);
    cJSON_Delete(doc);
}

static void test_put_space_kind_name_amount(void **state)
{
    cJSON *doc = load_doc(), *item = NULL;
    struct board *b = malloc(sizeof(*b));
    struct sb_error err;
    (void)state;
    assert_int_equal(
        put(put_space, doc, "38", "{\"amount\":150,\"name\":\"Guide fee\"}", &item, &err), 0);
    assert_int_equal(cJSON_GetObjectItemCaseSensitive(item, "amount")->valueint, 150);
    assert_string_equal(str_of(item, "source"), "group");
    assert_int_equal(put(put_space, doc, "12", "{\"kind\":\"flight_local\"}", &item, &err), 0);
    assert_int_equal(board_from_json(doc, b, &err), 0);
    assert_int_equal(b->spaces[38].amount, 150);
    assert_int_equal(b->spaces[12].kind, SPACE_FLIGHT_LOCAL);
    /* a tax that stops being one loses its amount; a new tax needs one */
    assert_int_equal(put(put_space, doc, "38", "{\"kind\":\"free_parking\"}", &item, &err), 0);
    assert_null(cJSON_GetObjectItemCaseSensitive(item, "amount"));
    put_refused(put_space, doc, "7", "{\"kind\":\"tax\"}", SB_EINVALID, "spaces[7].amount");
    assert_int_equal(put(put_space, doc, "7", "{\"kind\":\"tax\",\"amount\":50}", &item, &err), 0);
    assert_int_equal(put(put_space, doc, "7", "{\"kind\":\"chance\"}", &item, &err), 0);
    assert_null(cJSON_GetObjectItemCaseSensitive(item, "amount"));
    /* a destination space's name is its destination's */
    assert_int_equal(put(put_space, doc, "6", "{\"name\":\"Easter Island\"}", &item, &err), 0);
    assert_string_equal(str_of(find_by_id(doc, "destinations", "rapa-nui"), "name"),
                        "Easter Island");
    put_refused(put_space, doc, "6", "{\"kind\":\"chance\"}", SB_EINVALID, "keeps its kind");
    put_refused(put_space, doc, "7", "{\"kind\":\"destination\"}", SB_EINVALID, "keeps its kind");
    put_refused(put_space, doc, "7", "{\"kind\":\"castle\"}", SB_EINVALID, "'kind'");
    put_refused(put_space, doc, "4", "{\"amount\":75}", SB_EINVALID, "multiple of 10");
    put_refused(put_space, doc, "0", "{\"amount\":100}", SB_EINVALID, "only a tax");
    put_refused(put_space, doc, "10", "{\"kind\":\"free_parking\"}", SB_EINVALID, "Jail");
    put_refused(put_space, doc, "40", "{\"name\":\"x\"}", SB_ENOTFOUND, "no space 40");
    free(b);
    cJSON_Delete(doc);
}

static void test_changes_list_new_and_old_values_of_changed_fields(void **state)
{
    cJSON *doc = load_doc(), *item = NULL, *old, *fields = NULL, *before = NULL;
    struct sb_error err;
    (void)state;
    old = cJSON_Duplicate(find_by_id(doc, "destinations", "pink-3"), true);
    assert_int_equal(put(board_put_destination, doc, "pink-3",
                         "{\"price\":170,\"fee\":90,\"name\":\"Petra\"}", &item, &err),
                     0);
    assert_int_equal(board_changes(old, item, "destination", &fields, &before, &err), 0);
    assert_int_equal(cJSON_GetArraySize(fields), 3);
    assert_int_equal(cJSON_GetObjectItemCaseSensitive(fields, "price")->valueint, 170);
    assert_int_equal(cJSON_GetObjectItemCaseSensitive(before, "price")->valueint, 160);
    assert_string_equal(str_of(fields, "name"), "Petra");
    assert_null(cJSON_GetObjectItemCaseSensitive(fields, "set_fee"));
    cJSON_Delete(fields);
    cJSON_Delete(before);
    /* a check alone changes nothing */
    assert_int_equal(board_changes(item, item, "destination", &fields, &before, &err), 0);
    assert_int_equal(cJSON_GetArraySize(fields), 0);
    cJSON_Delete(fields);
    cJSON_Delete(before);
    cJSON_Delete(old);
    cJSON_Delete(doc);
}

static void test_box_file_is_checked_like_an_edition(void **state)
{
    cJSON *doc = load_doc(), *out = NULL, *bad;
    struct sb_error err;
    (void)state;
    assert_int_equal(board_add_check(doc, &err), 0);
    assert_int_equal(board_from_box(doc, &out, &err), 0);
    assert_null(cJSON_GetObjectItemCaseSensitive(out, "check"));
    cJSON_Delete(out);
    bad = cJSON_Duplicate(doc, true);
    cJSON_DeleteItemFromArray(cJSON_GetObjectItemCaseSensitive(bad, "spaces"), 39);
    assert_int_equal(board_from_box(bad, &out, &err), SB_EINVALID);
    assert_non_null(strstr(err.detail, "exactly 40"));
    cJSON_Delete(bad);
    bad = cJSON_Duplicate(doc, true);
    cJSON_ReplaceItemInObject(find_by_id(bad, "destinations", "rapa-nui"), "goal",
                              cJSON_CreateString("atlantis"));
    assert_int_equal(board_from_box(bad, &out, &err), SB_EINVALID);
    assert_non_null(strstr(err.detail, "unknown destination 'atlantis'"));
    cJSON_Delete(bad);
    bad = cJSON_Duplicate(doc, true);
    cJSON_ReplaceItemInObject(find_by_id(bad, "journal", "journal-1"), "slots",
                              cJSON_CreateNumber(0));
    assert_int_equal(board_from_box(bad, &out, &err), SB_EINVALID);
    assert_non_null(strstr(err.detail, "slots"));
    cJSON_Delete(bad);
    bad = cJSON_Duplicate(doc, true);
    cJSON_ReplaceItemInObject(find_by_id(bad, "destinations", "rapa-nui"), "fee",
                              cJSON_CreateNumber(55));
    assert_int_equal(board_from_box(bad, &out, &err), SB_EINVALID);
    assert_non_null(strstr(err.detail, "multiple of 10"));
    cJSON_Delete(bad);
    assert_int_equal(board_from_box(cJSON_GetObjectItemCaseSensitive(doc, "name"), &out, &err),
                     SB_EBADREQ);
    cJSON_Delete(doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shipped_board_has_the_box_contents),
        cmocka_unit_test(test_shipped_board_spaces_follow_the_classic_layout),
        cmocka_unit_test(test_shipped_board_classic_prices_and_fees),
        cmocka_unit_test(test_shipped_board_known_destinations),
        cmocka_unit_test(test_shipped_board_local_flight_reaches_walkthrough_destinations),
        cmocka_unit_test(test_shipped_board_every_destination_is_one_other_cards_goal),
        cmocka_unit_test(test_shipped_board_every_fact_has_a_source),
        cmocka_unit_test(test_shipped_board_chance_cards),
        cmocka_unit_test(test_shipped_board_journal_cards),
        cmocka_unit_test(test_board_refuses_each_bad_fact),
        cmocka_unit_test(test_board_refuses_too_many_items),
        cmocka_unit_test(test_board_accepts_edge_values),
        cmocka_unit_test(test_board_effect_readers),
        cmocka_unit_test(test_put_destination_edits_and_marks_group),
        cmocka_unit_test(test_put_destination_refusals_leave_the_board_unchanged),
        cmocka_unit_test(test_put_journal_and_chance),
        cmocka_unit_test(test_check_counts_every_space_destination_and_card),
        cmocka_unit_test(test_checked_true_marks_without_changing),
        cmocka_unit_test(test_put_space_kind_name_amount),
        cmocka_unit_test(test_changes_list_new_and_old_values_of_changed_fields),
        cmocka_unit_test(test_box_file_is_checked_like_an_edition),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
