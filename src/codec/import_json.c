/* import_json.c -- an export document checked as a whole before it is imported. */
#include "import_json.h"

#include <stdio.h>
#include <string.h>

#include "board_json.h"
#include "classic.h"
#include "json.h"
#include "state_json.h"

bool import_is_time(const char *s)
{
    static const int days[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int year, month, day, leap;
    size_t n = strlen(s), i = 19;
    if (n < 20 || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':')
        return false;
    year = json_digits(s, 4);
    month = json_digits(s + 5, 2);
    day = json_digits(s + 8, 2);
    if (year < 1970 || month < 1 || month > 12 || day < 1 || day > days[month - 1])
        return false;
    leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    if (month == 2 && day == 29 && !leap)
        return false;
    if (json_digits(s + 11, 2) < 0 || json_digits(s + 11, 2) > 23 || json_digits(s + 14, 2) < 0 ||
        json_digits(s + 14, 2) > 59 || json_digits(s + 17, 2) < 0 || json_digits(s + 17, 2) > 59)
        return false;
    if (s[i] == '.') {
        size_t from = ++i;
        while (i < n && s[i] >= '0' && s[i] <= '9')
            i++;
        if (i == from || i - from > 9)
            return false;
    }
    return i + 1 == n && s[i] == 'Z';
}

/* obj[key], when there and not null, must be a time: 422 naming where. */
static int ij_time(const cJSON *obj, const char *where, const char *key, struct sb_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!v || cJSON_IsNull(v))
        return 0;
    if (!cJSON_IsString(v) || !v->valuestring || !import_is_time(v->valuestring))
        return json_fail_at(err, where, key,
                            "must be an RFC 3339 UTC time such as "
                            "2026-11-29T19:40:01.123Z");
    return 0;
}

/* Every event of game (at where): its time, and a known type its payload agrees on. */
static int ij_events(const cJSON *game, const char *where, struct sb_error *err)
{
    const cJSON *e;
    int i = 0, rc = 0;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(game, "events"))
    {
        char path[96];
        const cJSON *payload = cJSON_GetObjectItemCaseSensitive(e, "payload");
        const cJSON *ptype = cJSON_GetObjectItemCaseSensitive(payload, "type");
        const cJSON *type = cJSON_GetObjectItemCaseSensitive(e, "type");
        snprintf(path, sizeof(path), "%s.events[%d]", where, i++);
        if (!cJSON_IsObject(e))
            return json_fail_at(err, path, NULL, "must be an object");
        rc = ij_time(e, path, "at", err);
        if (rc == 0 &&
            !(cJSON_IsString(ptype) && (event_type_known(ptype->valuestring) ||
                                        classic_event_from_name(ptype->valuestring) >= 0)))
            rc = json_fail_at(err, path, "payload.type", "is no known event type%s",
                              cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "voided"))
                                  ? " (a voided event too is held to the types there are)"
                                  : "");
        if (rc == 0 && type &&
            !(cJSON_IsString(type) && strcmp(type->valuestring, ptype->valuestring) == 0))
            rc = json_fail_at(err, path, "type", "must be its payload's type");
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* One board of the document (at where), for a campaign of edition ed: the campaign's own
 * (own) is of ed; another is held to the shape of the edition it names (version 4 holds
 * a box of every edition the group plays), ed's when it names none. */
static int ij_board(const cJSON *board, const char *where, const struct editions *eds,
                    const char *ed, bool own, struct sb_error *err)
{
    const cJSON *bed = cJSON_GetObjectItemCaseSensitive(board, "edition");
    const cJSON *engine = cJSON_GetObjectItemCaseSensitive(board, "engine");
    char detail[SB_DETAIL_MAX];
    if (!cJSON_IsObject(board))
        return 0; /* an index, read where the import resolves it */
    if (!own && cJSON_IsString(bed) && editions_find(eds, bed->valuestring))
        ed = bed->valuestring;
    if (editions_is_full(editions_find(eds, ed))) {
        if (board_check_fields(board, err) == 0)
            return 0;
        snprintf(detail, sizeof(detail), "%s", err ? err->detail : "");
        return sb_fail(err, SB_EINVALID, NULL, "import: %s: %s", where, detail);
    }
    if (!cJSON_IsString(bed) || strcmp(bed->valuestring, ed) != 0)
        return json_fail_at(err, where, "edition", "must be the edition '%s'", ed);
    if (cJSON_IsString(engine) && strcmp(engine->valuestring, "full") == 0)
        return json_fail_at(err, where, "engine",
                            "a board the rules engine plays is not one of edition '%s'", ed);
    return 0;
}

/* Every board the document holds: "boards" (version 2), the campaign's "board" and each
 * game's when it is a board itself (version 1). */
static int ij_boards(const cJSON *doc, const struct editions *eds, const char *ed,
                     struct sb_error *err)
{
    const cJSON *it;
    int i = 0,
        rc = ij_board(cJSON_GetObjectItemCaseSensitive(doc, "board"), "board", eds, ed, true, err);
    cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(doc, "boards"))
    {
        char path[48];
        snprintf(path, sizeof(path), "boards[%d]", i++);
        if (rc == 0)
            rc = ij_board(it, path, eds, ed, false, err);
    }
    i = 0;
    cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(doc, "games"))
    {
        char path[48];
        snprintf(path, sizeof(path), "games[%d].board", i++);
        if (rc == 0)
            rc = ij_board(cJSON_GetObjectItemCaseSensitive(it, "board"), path, eds, ed, false, err);
    }
    return rc;
}

/* Each item of doc's array key (its path "key[i]"): its times (names, NULL-ended)
 * and, with events, its events. */
static int ij_items(const cJSON *doc, const char *key, const char *const *times, bool events,
                    struct sb_error *err)
{
    const cJSON *it;
    int i = 0, rc = 0;
    cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(doc, key))
    {
        char path[48];
        snprintf(path, sizeof(path), "%s[%d]", key, i++);
        for (int k = 0; rc == 0 && times[k]; k++)
            rc = ij_time(it, path, times[k], err);
        if (rc == 0 && events)
            rc = ij_events(it, path, err);
    }
    return rc;
}

int import_doc_check(const cJSON *doc, const struct editions *eds, struct sb_error *err)
{
    static const char *const player_times[] = {"created_at", NULL};
    static const char *const game_times[] = {"started_at", "ended_at", NULL};
    static const char *const memory_times[] = {"at", NULL};
    const cJSON *campaign = cJSON_GetObjectItemCaseSensitive(doc, "campaign");
    const cJSON *ed = cJSON_GetObjectItemCaseSensitive(campaign, "edition");
    int rc;
    if (!cJSON_IsString(ed) || !editions_find(eds, ed->valuestring))
        return 0; /* the head's own check names these */
    rc = ij_time(campaign, "campaign", "created_at", err);
    if (rc == 0)
        rc = ij_items(doc, "players", player_times, false, err);
    if (rc == 0)
        rc = ij_items(doc, "games", game_times, true, err);
    if (rc == 0)
        rc = ij_items(doc, "memories", memory_times, false, err);
    if (rc == 0)
        rc = ij_boards(doc, eds, ed->valuestring, err);
    return rc;
}
