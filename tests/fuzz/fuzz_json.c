/* fuzz_json.c -- libFuzzer target: the JSON decoders of request bodies and documents.
 *
 * The first byte picks the decoder, the rest is its input:
 *   'p' json_parse: an accepted text prints and parses again the same;
 *   'b' board_from_json: an accepted board then plays 80 automatic events, each
 *       state surviving state_to_json -> state_from_json unchanged;
 *   'e' event_from_json: byte 2 picks one of the canned states of the default board
 *       (and the stamp-owner policy); an accepted event goes to rules_apply, whose
 *       new state must round-trip;
 *   'r' results_from_json: byte 2 picks the edition and the number of seats;
 *   'u' board_put_destination/journal/chance: byte 2 picks which, the first line is
 *       the id, the rest the PUT body; success must leave a board that passes
 *       board_from_json, failure must leave the document untouched;
 *   's' state_from_json: an accepted document must round-trip;
 *   'x' board_from_box (a box file): an accepted one has only known fields, plain
 *       token colours, and its stored copy loads as a board;
 *   'i' import_doc_check (an export document to import): an accepted one has only
 *       RFC 3339 times and events of known types, voided ones included;
 *   'n' text_name (a campaign or player name): an accepted name is stable (cleaning
 *       it again gives it back), trimmed, and holds no control character.
 * Inputs starting with anything else are ignored. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_edit.h"
#include "board_json.h"
#include "editions.h"
#include "fuzz_common.h"
#include "import_json.h"
#include "json.h"
#include "results.h"
#include "results_json.h"
#include "rules.h"
#include "state_json.h"
#include "text.h"

#define FZ_NSTATES 8

static cJSON *edition_doc;  /* the shipped Travel World Tour board document */
static char *edition_text;  /* ... printed, to see that a refused PUT left it alone */
static struct board *board; /* ... parsed */
static struct game_state *states[FZ_NSTATES];
static struct editions *editions; /* the shipped editions, for the import check */

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Read a whole file; aborts when it cannot. */
static char *fz_read(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;
    if (!f || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
        fz_fail("cannot read %s (run from the project root or set STAMPBOOK_SHARE)", path);
    buf = malloc((size_t)n + 1);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n)
        fz_fail("cannot read %s", path);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* Print st, read it back, print again: both texts must be the same. */
static void fz_roundtrip(const struct board *b, const struct game_state *st)
{
    struct game_state *back = calloc(1, sizeof(*back));
    struct sb_error err;
    cJSON *doc = state_to_json(b, st, 7), *again;
    char *a, *c;
    if (!back || !doc)
        fz_fail("out of memory");
    memset(&err, 0, sizeof(err));
    if (state_from_json(b, doc, back, &err) != 0)
        fz_fail("a state written by state_to_json does not read back: %s", err.detail);
    again = state_to_json(b, back, 7);
    a = cJSON_PrintUnformatted(doc);
    c = again ? cJSON_PrintUnformatted(again) : NULL;
    if (!a || !c)
        fz_fail("out of memory");
    if (strcmp(a, c) != 0)
        fz_fail("state round trip differs:\n%s\n%s", a, c);
    free(a);
    free(c);
    cJSON_Delete(doc);
    cJSON_Delete(again);
    free(back);
}

/* A blank event: every index field absent (-1). */
static void fz_event(struct rules_event *ev, enum event_type type, int64_t seq)
{
    memset(ev, 0, sizeof(*ev));
    ev->type = type;
    ev->seq = seq;
    ev->player = ev->card = ev->dest = ev->winner = ev->a = ev->b = -1;
}

/* Apply one event to st; 0 when the engine took it. */
static int fz_apply(const struct board *b, struct game_state *st, struct rules_event *ev,
                    enum stamp_owner policy)
{
    struct rules_outcome *out = calloc(1, sizeof(*out));
    int rc;
    if (!out)
        fz_fail("out of memory");
    rc = rules_apply(b, policy, st, ev, out);
    if (rc == 0) {
        cJSON *fx = effects_to_json(b, st, out);
        if (!fx)
            fz_fail("effects_to_json failed on an accepted event");
        cJSON_Delete(fx);
    }
    free(out);
    return rc;
}

/* Start a game on b with n seats (players 101.., tokens 0..). NULL when refused. */
static struct game_state *fz_new_game(const struct board *b, enum game_mode mode, int n)
{
    static const char *const names[] = {"Ada", "Ben", "Cleo", "Dev"};
    struct rules_seat seats[RULES_MAX_PLAYERS];
    struct rules_outcome *out = calloc(1, sizeof(*out));
    struct game_state *st = calloc(1, sizeof(*st));
    if (!out || !st)
        fz_fail("out of memory");
    for (int i = 0; i < n; i++) {
        seats[i].player = 101 + i;
        seats[i].name = names[i];
        seats[i].token = i;
    }
    if (rules_init(b, mode, 1, seats, n, NULL, st, out) != 0) {
        free(st);
        st = NULL;
    }
    free(out);
    return st;
}

/* Play up to steps events on st by a simple policy (dice from *seed). */
static void fz_autoplay(const struct board *b, struct game_state *st, uint32_t seed, int steps)
{
    for (int i = 0; i < steps && st->status == STATUS_ACTIVE; i++) {
        struct rules_event ev;
        int64_t seq = st->seq + 1;
        seed = seed * 1103515245u + 12345u;
        fz_event(&ev, EVENT_ROLL, seq);
        ev.d1 = (int)((seed >> 16) % 6) + 1;
        ev.d2 = (int)((seed >> 20) % 6) + 1;
        switch (st->pending.kind) {
        case PENDING_BUY_OR_AUCTION:
            fz_event(&ev, (seed >> 8) & 1 ? EVENT_BUY : EVENT_AUCTION, seq);
            break;
        case PENDING_DRAW:
            if (st->pending.deck == DECK_CHANCE && b->nchance > 0) {
                fz_event(&ev, EVENT_DRAW_CHANCE, seq);
                ev.card = (int)(seed % (uint32_t)b->nchance);
            } else if (st->pending.deck == DECK_JOURNAL && b->njournal > 0) {
                fz_event(&ev, EVENT_DRAW_JOURNAL, seq);
                ev.card = (int)(seed % (uint32_t)b->njournal);
            }
            break;
        case PENDING_CHOOSE:
            fz_event(&ev, EVENT_CHOOSE, seq);
            ev.dest = st->pending.noptions > 0 ? st->pending.options[0] : -1;
            break;
        default:
            if (st->players[rules_next_seat(st)].in_jail && (seed & 4))
                fz_event(&ev, EVENT_JAIL_PAY, seq);
            break;
        }
        if (fz_apply(b, st, &ev, (seed >> 3) & 1 ? STAMP_OWNER_PLAYER : STAMP_OWNER_TOKEN) != 0) {
            if (ev.type == EVENT_BUY) {
                fz_event(&ev, EVENT_AUCTION, seq);
                if (fz_apply(b, st, &ev, STAMP_OWNER_TOKEN) != 0)
                    return;
            } else if (ev.type != EVENT_ROLL) {
                return;
            }
        }
        fz_roundtrip(b, st);
    }
}

/* Apply fixed dice and decisions to st; aborts when the engine refuses (the canned
 * states must exist). */
static void fz_script(struct game_state *st, const int *dice, int n)
{
    for (int i = 0; i < n; i++) {
        struct rules_event ev;
        fz_event(&ev, EVENT_ROLL, st->seq + 1);
        ev.d1 = dice[2 * i];
        ev.d2 = dice[2 * i + 1];
        if (ev.d1 == 0)
            fz_event(&ev, EVENT_BUY, st->seq + 1);
        if (fz_apply(board, st, &ev, STAMP_OWNER_TOKEN) != 0)
            fz_fail("canned state: event %d refused", i);
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    char path[4096];
    struct sb_error err;
    static const int buy[] = {1, 2};     /* lands on a destination */
    static const int chance[] = {3, 4};  /* lands on Chance */
    static const int journal[] = {1, 1}; /* a double onto Travel Journal */
    static const int bought[] = {1, 2, 0, 0, 5, 6, 0, 0};
    (void)argc;
    (void)argv;
    snprintf(path, sizeof(path), "%s/schema/editions/travel-world-tour.json", fz_share_dir());
    edition_text = fz_read(path);
    edition_doc = cJSON_Parse(edition_text);
    free(edition_text);
    board = calloc(1, sizeof(*board));
    memset(&err, 0, sizeof(err));
    if (!edition_doc || !board || board_from_json(edition_doc, board, &err) != 0)
        fz_fail("the shipped board does not load: %s", err.detail);
    edition_text = cJSON_PrintUnformatted(edition_doc);
    snprintf(path, sizeof(path), "%s/schema/editions", fz_share_dir());
    if (editions_load(path, &editions, &err) != 0)
        fz_fail("the shipped editions do not load: %s", err.detail);
    for (int i = 0; i < FZ_NSTATES; i++) {
        states[i] = fz_new_game(board, i == 4 ? MODE_JOURNAL : MODE_BANKER, 2 + i % 3);
        if (!states[i])
            fz_fail("canned state %d: rules_init refused", i);
    }
    fz_script(states[1], buy, 1);
    fz_script(states[2], chance, 1);
    fz_script(states[3], journal, 1);
    fz_script(states[5], bought, 4);
    fz_autoplay(board, states[6], 42, 60);
    fz_autoplay(board, states[7], 7, 200);
    return 0;
}

/* 'p': parse, print, parse again. */
static void fz_parse(const char *text, size_t len)
{
    struct sb_error err;
    cJSON *doc = NULL, *again = NULL;
    char *printed, *reprinted;
    memset(&err, 0, sizeof(err));
    if (json_parse(text, len, &doc, &err) != 0) {
        if (err.code != SB_EBADREQ)
            fz_fail("json_parse refused with %d, not 400", err.code);
        return;
    }
    printed = cJSON_PrintUnformatted(doc);
    if (!printed)
        fz_fail("out of memory");
    if (json_parse(printed, strlen(printed), &again, &err) != 0)
        fz_fail("accepted JSON printed as text it refuses: %s: %.200s", err.detail, printed);
    reprinted = cJSON_PrintUnformatted(again);
    if (!reprinted || strcmp(printed, reprinted) != 0)
        fz_fail("JSON print is not stable");
    free(printed);
    free(reprinted);
    cJSON_Delete(doc);
    cJSON_Delete(again);
}

/* 'b': a board document, then a game on it. */
static void fz_board(const char *text, size_t len)
{
    struct sb_error err;
    struct board *b = calloc(1, sizeof(*b));
    cJSON *doc = NULL;
    memset(&err, 0, sizeof(err));
    if (!b)
        fz_fail("out of memory");
    if (json_parse(text, len, &doc, &err) == 0 && board_from_json(doc, b, &err) == 0) {
        int n = b->ntokens < RULES_MAX_PLAYERS ? b->ntokens : RULES_MAX_PLAYERS;
        struct game_state *st = n >= RULES_MIN_PLAYERS ? fz_new_game(b, MODE_BANKER, n) : NULL;
        if (st) {
            fz_roundtrip(b, st);
            fz_autoplay(b, st, (uint32_t)len, 80);
        }
        free(st);
    }
    cJSON_Delete(doc);
    free(b);
}

/* 'e': an event body against canned state `which`. */
static void fz_event_body(uint8_t which, const char *text, size_t len)
{
    struct sb_error err;
    struct rules_event ev;
    struct game_state *st = malloc(sizeof(*st));
    cJSON *doc = NULL;
    memset(&err, 0, sizeof(err));
    if (!st)
        fz_fail("out of memory");
    *st = *states[which % FZ_NSTATES];
    if (json_parse(text, len, &doc, &err) == 0 && event_from_json(board, st, doc, &ev, &err) == 0) {
        ev.seq = st->seq + 1;
        if (fz_apply(board, st, &ev, which & 0x80 ? STAMP_OWNER_PLAYER : STAMP_OWNER_TOKEN) == 0)
            fz_roundtrip(board, st);
        else if (memcmp(st, states[which % FZ_NSTATES], sizeof(*st)) != 0)
            fz_fail("a refused event changed the state");
    } else if (err.code != SB_EBADREQ && err.code != SB_EINVALID) {
        fz_fail("event_from_json refused with %d", err.code);
    }
    cJSON_Delete(doc);
    free(st);
}

/* 'r': a result event. */
static void fz_results(uint8_t which, const char *text, size_t len)
{
    static const int64_t seats[RESULTS_MAX_PLAYERS] = {11, 12, 13, 14, 15, 16, 17, 18};
    enum results_edition ed = (enum results_edition)(which % 3);
    int nseats = 1 + (which >> 2) % RESULTS_MAX_PLAYERS;
    struct results_standing out[RESULTS_MAX_PLAYERS];
    struct results_outcome *o = calloc(1, sizeof(*o));
    enum results_variant v;
    struct sb_error err;
    cJSON *doc = NULL;
    int n = 0;
    memset(&err, 0, sizeof(err));
    if (!o)
        fz_fail("out of memory");
    if (json_parse(text, len, &doc, &err) == 0) {
        if (results_from_json(doc, ed, seats, nseats, out, &n, &v, &err) == 0 &&
            (n != nseats || !results_has_variant(ed, v)))
            fz_fail("results_from_json accepted %d standings for %d seats", n, nseats);
        if (results_decide_json(doc, ed, seats, nseats, o, &err) == 0) {
            cJSON *j = results_to_json(o);
            bool seated = false;
            for (int i = 0; i < nseats; i++)
                seated |= o->winner == seats[i];
            if (!j || !seated)
                fz_fail("a decided result has no seated winner");
            cJSON_Delete(j);
        }
    }
    cJSON_Delete(doc);
    free(o);
}

/* 'u': a PUT on the board document. */
static void fz_put(uint8_t which, const char *text, size_t len)
{
    const char *nl = memchr(text, '\n', len);
    char id[BOARD_SLUG_MAX * 2];
    struct sb_error err;
    cJSON *doc, *body = NULL, *item = NULL;
    size_t idlen;
    int rc;
    if (!nl)
        return;
    idlen = (size_t)(nl - text);
    if (idlen >= sizeof(id))
        return;
    memcpy(id, text, idlen);
    id[idlen] = '\0';
    memset(&err, 0, sizeof(err));
    if (json_parse(nl + 1, len - idlen - 1, &body, &err) != 0)
        return;
    doc = cJSON_Duplicate(edition_doc, true);
    if (!doc)
        fz_fail("out of memory");
    rc = which % 3 == 0   ? board_put_destination(doc, id, body, &item, &err)
         : which % 3 == 1 ? board_put_journal(doc, id, body, &item, &err)
                          : board_put_chance(doc, id, body, &item, &err);
    if (rc == 0) {
        struct board *b = calloc(1, sizeof(*b));
        if (!b || !item)
            fz_fail("a PUT succeeded without its item");
        if (board_from_json(doc, b, &err) != 0)
            fz_fail("a PUT succeeded and left a board that does not load: %s", err.detail);
        free(b);
    } else {
        char *after = cJSON_PrintUnformatted(doc);
        if (!after || strcmp(after, edition_text) != 0)
            fz_fail("a refused PUT (%s) changed the board", err.detail);
        free(after);
    }
    cJSON_Delete(doc);
    cJSON_Delete(body);
}

/* 's': a stored state document. */
static void fz_state(const char *text, size_t len)
{
    struct game_state *st = calloc(1, sizeof(*st));
    struct sb_error err;
    cJSON *doc = NULL;
    memset(&err, 0, sizeof(err));
    if (!st)
        fz_fail("out of memory");
    if (json_parse(text, len, &doc, &err) == 0 && state_from_json(board, doc, st, &err) == 0)
        fz_roundtrip(board, st);
    cJSON_Delete(doc);
    free(st);
}

/* Is s a plain colour as board_from_box() keeps them? */
static bool fz_plain_colour(const char *s)
{
    size_t n = strlen(s);
    if (s[0] == '#')
        return (n == 4 || n == 7) && strspn(s + 1, "0123456789abcdefABCDEF") == n - 1;
    return n >= 3 && n <= 20 &&
           strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == n;
}

/* 'x': a box file, as POST /api/v1/campaigns takes it. */
static void fz_box(const char *text, size_t len)
{
    struct sb_error err;
    cJSON *box = NULL, *doc = NULL;
    const cJSON *t;
    memset(&err, 0, sizeof(err));
    if (json_parse(text, len, &box, &err) != 0)
        return;
    if (board_from_box(box, &doc, &err) == 0) {
        struct board *b = calloc(1, sizeof(*b));
        if (!b)
            fz_fail("out of memory");
        if (board_from_json(doc, b, &err) != 0 || board_check_fields(doc, &err) != 0)
            fz_fail("an accepted box file is stored as a board that does not load: %s", err.detail);
        cJSON_ArrayForEach(t, cJSON_GetObjectItemCaseSensitive(doc, "tokens"))
        {
            const cJSON *c = cJSON_GetObjectItemCaseSensitive(t, "colour");
            if (!cJSON_IsString(c) || !fz_plain_colour(c->valuestring))
                fz_fail("an accepted box file has a token colour that is not plain");
        }
        free(b);
    } else if (err.code != SB_EBADREQ && err.code != SB_EINVALID) {
        fz_fail("board_from_box refused with %d", err.code);
    }
    cJSON_Delete(box);
    cJSON_Delete(doc);
}

/* 'i': an export document, as POST /api/v1/campaigns/import takes it. */
static void fz_import(const char *text, size_t len)
{
    struct sb_error err;
    cJSON *doc = NULL;
    const cJSON *g, *e;
    memset(&err, 0, sizeof(err));
    if (json_parse(text, len, &doc, &err) != 0)
        return;
    if (import_doc_check(doc, editions, &err) == 0) {
        const cJSON *ed = cJSON_GetObjectItemCaseSensitive(
            cJSON_GetObjectItemCaseSensitive(doc, "campaign"), "edition");
        const cJSON *games = NULL;
        if (cJSON_IsString(ed) && editions_find(editions, ed->valuestring))
            games = cJSON_GetObjectItemCaseSensitive(doc, "games");
        cJSON_ArrayForEach(g, games)
        {
            cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(g, "events"))
            {
                const cJSON *at = cJSON_GetObjectItemCaseSensitive(e, "at");
                const cJSON *type = cJSON_GetObjectItemCaseSensitive(
                    cJSON_GetObjectItemCaseSensitive(e, "payload"), "type");
                if (at && !cJSON_IsNull(at) &&
                    !(cJSON_IsString(at) && import_is_time(at->valuestring)))
                    fz_fail("an accepted import has an event time that is none");
                if (!cJSON_IsString(type) || !event_type_known(type->valuestring))
                    fz_fail("an accepted import has an event of no known type");
            }
        }
    } else if (err.code != SB_EINVALID) {
        fz_fail("import_doc_check refused with %d", err.code);
    }
    cJSON_Delete(doc);
}

/* 'n': a name. */
static void fz_name(const char *text, size_t len)
{
    char in[TEXT_NAME_BYTES], out[TEXT_NAME_BYTES], again[TEXT_NAME_BYTES];
    const char *why = NULL;
    if (len >= sizeof(in) || !json_utf8_valid(text, len))
        return;
    memcpy(in, text, len);
    in[len] = '\0';
    if (text_name(in, out, sizeof(out), &why) != 0) {
        if (!why)
            fz_fail("text_name refused without saying why");
        return;
    }
    if (!out[0] || out[0] == ' ' || out[strlen(out) - 1] == ' ')
        fz_fail("an accepted name is empty or untrimmed: '%s'", out);
    for (const unsigned char *p = (const unsigned char *)out; *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            fz_fail("an accepted name holds a control character");
    if (text_name(out, again, sizeof(again), &why) != 0 || strcmp(out, again) != 0)
        fz_fail("a clean name is not clean when cleaned again: '%s'", out);
    if (!text_same_name(out, again))
        fz_fail("a clean name is not the same name as itself");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    if (size < 2 || size > API_BODY_MAX)
        return 0;
    switch (data[0]) {
    case 'p': fz_parse(text + 1, size - 1); break;
    case 'b': fz_board(text + 1, size - 1); break;
    case 'e': fz_event_body(data[1], text + 2, size - 2); break;
    case 'r': fz_results(data[1], text + 2, size - 2); break;
    case 'u': fz_put(data[1], text + 2, size - 2); break;
    case 's': fz_state(text + 1, size - 1); break;
    case 'x': fz_box(text + 1, size - 1); break;
    case 'i': fz_import(text + 1, size - 1); break;
    case 'n': fz_name(text + 1, size - 1); break;
    default: break;
    }
    return 0;
}
