/* test_summary_svg.c -- the night card (summary_svg.c): every name and text escaped,
 * characters XML cannot hold left out, the three languages, nothing outside. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "file.h"
#include "summary_svg.h"

/* A finished journal game: Ana won with four stamps, the journal paid 100. */
static struct summary_card card_of(const char *lang, const char *name, const char *memory)
{
    struct summary_card c;
    memset(&c, 0, sizeof(c));
    c.lang = lang;
    c.edition = "Monopoly Travel World Tour";
    c.number = 3;
    c.date = "2026-11-29T19:40:01.123Z";
    c.winner = name;
    c.nplayers = 2;
    c.players[0] = (struct summary_player){name, 4, -1};
    c.players[1] = (struct summary_player){"Bo", 1, -1};
    c.njournal = 1;
    c.journal[0] = (struct summary_stamp){"Sunrise at the summit", name};
    c.paid_out = 100;
    c.memory = memory;
    return c;
}

static char *render(const struct summary_card *c)
{
    struct sb_error err;
    char *svg = NULL;
    size_t len = 0;
    memset(&err, 0, sizeof(err));
    assert_int_equal(summary_svg(c, &svg, &len, &err), 0);
    assert_int_equal(strlen(svg), len);
    return svg;
}

static void test_names_and_memory_are_escaped(void **state)
{
    struct summary_card c =
        card_of("en", "<script>alert(1)</script>", "a \"memory\" & <image href='http://x'/>");
    char *svg = render(&c);
    (void)state;
    assert_null(strstr(svg, "<script"));
    assert_null(strstr(svg, "<image"));
    assert_non_null(strstr(svg, "&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert_non_null(
        strstr(svg, "a &quot;memory&quot; &amp; &lt;image href=&#39;http://x&#39;/&gt;"));
    assert_non_null(strstr(svg, "Game 3 · 29 Nov 2026"));
    assert_non_null(strstr(svg, "4 stamps"));
    assert_non_null(strstr(svg, "The journal paid: 100"));
    free(svg);
}

static void test_control_characters_are_left_out(void **state)
{
    struct summary_card c = card_of("en", "Ana", "bell\x07 esc\x1b nl\n ffff\xef\xbf\xbf end");
    char *svg = render(&c);
    (void)state;
    for (const char *p = svg; *p; p++)
        assert_false((unsigned char)*p < 0x20 && *p != '\n');
    assert_null(strstr(svg, "\xef\xbf\xbf"));
    assert_non_null(strstr(svg, "end"));
    free(svg);
}

static void test_each_language_and_no_other(void **state)
{
    static const char *const words[][2] = {
        {"en", "Winner"}, {"fr", "Vainqueur"}, {"ro", "Câștigător"}};
    struct sb_error err;
    char *svg = NULL;
    size_t len = 0;
    (void)state;
    for (size_t i = 0; i < 3; i++) {
        struct summary_card c = card_of(words[i][0], "Ana", NULL);
        svg = render(&c);
        assert_non_null(strstr(svg, words[i][1]));
        free(svg);
    }
    struct summary_card de = card_of("de", "Ana", NULL);
    memset(&err, 0, sizeof(err));
    assert_int_equal(summary_svg(&de, &svg, &len, &err), SB_EINVALID);
    assert_false(summary_lang_known("de"));
    assert_true(summary_lang_known("ro"));
}

/* Bo's one stamp is singular, the date is the language's ("29 Nov 2026", not
 * "2026-11-29"), French puts its no-break space before the colon (issue 40). */
static void test_plurals_and_date_in_each_language(void **state)
{
    static const char *const words[][4] = {{"en", "1 stamp<", "29 Nov 2026", "Winner: "},
                                           {"fr", "1 tampon<", "29 nov. 2026", "Vainqueur\u00a0: "},
                                           {"ro", "1 ștampilă<", "29 nov. 2026", "Câștigător: "}};
    (void)state;
    for (size_t i = 0; i < 3; i++) {
        struct summary_card c = card_of(words[i][0], "Ana", NULL);
        char *svg = render(&c);
        assert_non_null(strstr(svg, words[i][1]));
        assert_non_null(strstr(svg, words[i][2]));
        assert_non_null(strstr(svg, words[i][3]));
        assert_null(strstr(svg, "2026-11-29"));
        free(svg);
    }
}

static void test_a_long_memory_is_cut(void **state)
{
    char memory[501];
    memset(memory, 'x', 500);
    memory[500] = '\0';
    struct summary_card c = card_of("en", "Ana", memory);
    char *svg = render(&c);
    (void)state;
    assert_non_null(strstr(svg, "…”"));
    assert_null(strstr(svg, memory + 200)); /* never the whole text on one line */
    free(svg);
}

/* The game's first photo is on the card, inside it as a data: URI in an <image> of
 * SVG 1.1 (xlink:href, its namespace declared), scaled to the card's width with its
 * proportions kept (16x12 becomes 560x420); bytes that are not an image of their type
 * are left out, and a card without a photo declares no XLink (issue 40). */
static void test_night_card_carries_the_games_first_photo(void **state)
{
    struct summary_card c = card_of("fr", "Ana", "the harbour at dusk");
    char *photo = NULL, *svg;
    size_t len = 0;
    (void)state;
    assert_int_equal(file_read("tests/integration/fixtures/photo.png", 1 << 20, &photo, &len, NULL),
                     0);
    c.photo_type = "image/png";
    c.photo = photo;
    c.photo_len = len;
    svg = render(&c);
    assert_non_null(strstr(svg, " xmlns:xlink=\"http://www.w3.org/1999/xlink\""));
    assert_non_null(strstr(svg, "<image x=\"40\" y=\""));
    assert_non_null(strstr(svg, " width=\"560\" height=\"420\""));
    assert_non_null(strstr(svg, "xlink:href=\"data:image/png;base64,iVBORw0KGgo"));
    assert_non_null(strstr(svg, "the harbour at dusk"));
    free(svg);
    c.photo_type = "image/jpeg"; /* PNG bytes said to be a JPEG: left out */
    svg = render(&c);
    assert_null(strstr(svg, "<image"));
    assert_null(strstr(svg, "xlink"));
    free(svg);
    c.photo = NULL;
    svg = render(&c);
    assert_null(strstr(svg, "<image"));
    free(svg);
    free(photo);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names_and_memory_are_escaped),
        cmocka_unit_test(test_control_characters_are_left_out),
        cmocka_unit_test(test_each_language_and_no_other),
        cmocka_unit_test(test_plurals_and_date_in_each_language),
        cmocka_unit_test(test_a_long_memory_is_cut),
        cmocka_unit_test(test_night_card_carries_the_games_first_photo),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
