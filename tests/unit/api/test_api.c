/* test_api.c -- the request core api_handle() without sockets (api.c, api_*.c): routing,
 * keys, body checks, problem+json, and a banker game with ETag, If-Match,
 * Idempotency-Key, undo and the event stream. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "api.h"
#include "api_request.h"
#include "error.h"
#include "json_check.h"
#include "store.h"

/* ---- fixture ---------------------------------------------------------------------- */

#define fix api_fix

static int setup_api(void **state)
{
    struct fix *f = calloc(1, sizeof(*f));
    if (!f || api_fix_init(f, "test_api", 0) != 0) {
        free(f);
        return -1;
    }
    *state = f;
    return 0;
}

/* One answer: the response and its body parsed (NULL when not JSON). */
struct reply {
    struct api_response res;
    cJSON *json;
};

static void reply_free(struct reply *r)
{
    cJSON_Delete(r->json);
    api_response_clear(&r->res);
    r->json = NULL;
}

/* Extra request fields for call_with(). */
struct extra {
    const char *content_type; /* default application/json when there is a body */
    const char *if_match;
    const char *idempotency_key;
    bool too_large;
    const char *param_key, *param_value;
};

/* Send one request; body NULL: none. key NULL: no Authorization. */
static void call_with(struct fix *f, const char *method, const char *path, const char *key,
                      const char *body, const struct extra *x, struct reply *r)
{
    struct api_request req;
    char auth[API_REQUEST_AUTH_MAX];
    memset(r, 0, sizeof(*r));
    api_request_fill(&req, auth, method, path, key, body);
    if (x) {
        if (x->content_type)
            req.content_type = x->content_type;
        req.if_match = x->if_match;
        req.idempotency_key = x->idempotency_key;
        req.body_too_large = x->too_large;
        if (x->param_key) {
            req.nparams = 1;
            req.params[0].key = x->param_key;
            req.params[0].value = x->param_value;
        }
    }
    api_handle(f->api, &req, &r->res);
    r->json = r->res.body ? cJSON_Parse(r->res.body) : NULL;
}

static void call(struct fix *f, const char *method, const char *path, const char *key,
                 const char *body, struct reply *r)
{
    call_with(f, method, path, key, body, NULL, r);
}

/* Check r is a problem+json answer of status (and rule, when not NULL). */
static void assert_problem(const struct reply *r, int status, const char *rule)
{
    if (r->res.status != status)
        print_error("got %d: %s\n", r->res.status, r->res.body ? r->res.body : "");
    assert_int_equal(r->res.status, status);
    assert_string_equal(r->res.content_type, "application/problem+json");
    assert_non_null(r->json);
    assert_string_equal(jt_str(r->json, "type"), "about:blank");
    assert_string_equal(jt_str(r->json, "title"), sb_title(status));
    assert_true(jt_num(r->json, "status") == status);
    assert_true(strlen(jt_str(r->json, "detail")) > 0);
    if (rule)
        assert_string_equal(jt_str(r->json, "rule"), rule);
    assert_int_equal(r->res.etag[0], '\0');
}

static void assert_status(const struct reply *r, int status)
{
    if (r->res.status != status)
        print_error("got %d: %s\n", r->res.status, r->res.body ? r->res.body : "");
    assert_int_equal(r->res.status, status);
}

/* call(), and the answer is a problem+json of status (and rule, when not NULL); the
 * reply is freed. */
static void refused(struct fix *f, const char *method, const char *path, const char *key,
                    const char *body, int status, const char *rule)
{
    struct reply r;
    call(f, method, path, key, body, &r);
    if (r.res.status != status)
        print_error("%s %s\n", method, path);
    assert_problem(&r, status, rule);
    reply_free(&r);
}

/* call(), and the answer is of status; the reply is freed. */
static void answered(struct fix *f, const char *method, const char *path, const char *key,
                     const char *body, int status)
{
    struct reply r;
    call(f, method, path, key, body, &r);
    if (r.res.status != status)
        print_error("%s %s\n", method, path);
    assert_status(&r, status);
    reply_free(&r);
}

/* A campaign of edition (NULL: the default) with two players. */
struct camp {
    int64_t cid, p1, p2;
    char key[64], view_key[64];
    char base[64];
};

static void new_campaign(struct fix *f, const char *edition, struct camp *c)
{
    struct reply r;
    char body[128], path[128];
    snprintf(body, sizeof(body), "{\"name\":\"Box\"%s%s%s}", edition ? ",\"edition\":\"" : "",
             edition ? edition : "", edition ? "\"" : "");
    call(f, "POST", "/api/v1/campaigns", NULL, body, &r);
    assert_status(&r, 201);
    c->cid = (int64_t)jt_num(jt_get(r.json, "campaign"), "id");
    snprintf(c->key, sizeof(c->key), "%s", jt_str(r.json, "key"));
    snprintf(c->view_key, sizeof(c->view_key), "%s", jt_str(r.json, "view_key"));
    snprintf(c->base, sizeof(c->base), "/api/v1/campaigns/%lld", (long long)c->cid);
    reply_free(&r);
    snprintf(path, sizeof(path), "%s/players", c->base);
    call(f, "POST", path, c->key, "{\"name\":\"Ann\"}", &r);
    assert_status(&r, 201);
    c->p1 = (int64_t)jt_num(r.json, "id");
    reply_free(&r);
    call(f, "POST", path, c->key, "{\"name\":\"Bob\"}", &r);
    assert_status(&r, 201);
    c->p2 = (int64_t)jt_num(r.json, "id");
    reply_free(&r);
}

/* Start a banker game of the two players; returns its id. */
static int64_t new_game(struct fix *f, const struct camp *c)
{
    struct reply r;
    char path[128], body[256];
    int64_t gid;
    snprintf(path, sizeof(path), "%s/games", c->base);
    snprintf(body, sizeof(body),
             "{\"mode\":\"banker\",\"seats\":[{\"player\":%lld,\"token\":\"hazel\"},"
             "{\"player\":%lld,\"token\":\"t-rex\"}]}",
             (long long)c->p1, (long long)c->p2);
    call(f, "POST", path, c->key, body, &r);
    assert_status(&r, 201);
    gid = (int64_t)jt_num(jt_get(r.json, "game"), "id");
    assert_string_equal(r.res.etag, "\"1\"");
    reply_free(&r);
    return gid;
}

/* ---- the service ------------------------------------------------------------------ */

static void test_health_answers_ok_with_the_schema_version(void **state)
{
    struct fix *f = *state;
    struct reply r;
    call(f, "GET", "/api/v1/health", NULL, NULL, &r);
    assert_status(&r, 200);
    assert_string_equal(r.res.content_type, "application/json; charset=utf-8");
    assert_string_equal(jt_str(r.json, "status"), "ok");
    assert_true(strlen(jt_str(r.json, "version")) > 0);
    assert_true(jt_num(r.json, "schema_version") >= 1);
    assert_string_equal(r.res.route, "/api/v1/health");
    assert_int_equal(r.res.body_len, strlen(r.res.body));
    reply_free(&r);
}

static void test_unknown_path_is_404_wrong_method_is_405_with_allow(void **state)
{
    struct fix *f = *state;
    struct reply r;
    call(f, "GET", "/api/v1/nothing", NULL, NULL, &r);
    assert_problem(&r, 404, NULL);
    assert_null(r.res.allow);
    reply_free(&r);
    /* ids start at 1 */
    refused(f, "GET", "/api/v1/campaigns/0", NULL, NULL, 404, NULL);
    refused(f, "GET", "/api/v1/campaigns/12abc", NULL, NULL, 404, NULL);
    refused(f, "GET", "/api/v1/health/", NULL, NULL, 404, NULL);

    call(f, "DELETE", "/api/v1/health", NULL, NULL, &r);
    assert_problem(&r, 405, NULL);
    assert_string_equal(r.res.allow, "GET, HEAD"); /* HEAD on every GET route */
    reply_free(&r);
    call(f, "DELETE", "/api/v1/campaigns/7", NULL, NULL, &r);
    assert_problem(&r, 405, NULL);
    assert_string_equal(r.res.allow, "GET, HEAD, PATCH");
    reply_free(&r);
    call(f, "PUT", "/api/v1/campaigns/7/games", NULL, NULL, &r);
    assert_problem(&r, 405, NULL);
    assert_string_equal(r.res.allow, "GET, HEAD, POST");
    reply_free(&r);
    call(f, "HEAD", "/api/v1/health", NULL, NULL, &r);
    assert_int_equal(r.res.status, 200);
    reply_free(&r);
    call(f, "GET", "/api/v1/campaigns/7/games/3/undo", NULL, NULL, &r);
    assert_problem(&r, 405, NULL);
    assert_string_equal(r.res.allow, "POST");
    reply_free(&r);
}

static void test_editions_route_lists_every_edition(void **state)
{
    struct fix *f = *state;
    struct reply r;
    call(f, "GET", "/api/v1/editions", NULL, NULL, &r);
    assert_status(&r, 200);
    assert_int_equal(cJSON_GetArraySize(jt_get(r.json, "editions")), 4);
    assert_string_equal(jt_str(cJSON_GetArrayItem(jt_get(r.json, "editions"), 0), "id"),
                        "travel-world-tour");
    reply_free(&r);
    call(f, "GET", "/api/v1/editions/deal", NULL, NULL, &r);
    assert_status(&r, 200);
    assert_string_equal(jt_str(r.json, "engine"), "results");
    reply_free(&r);
    refused(f, "GET", "/api/v1/editions/junior", NULL, NULL, 404, NULL);
}

/* ---- keys ------------------------------------------------------------------------- */

static void test_keys_401_before_404_and_403_for_a_view_key_that_writes(void **state)
{
    struct fix *f = *state;
    struct camp c, other;
    struct reply r;
    char path[128];
    new_campaign(f, NULL, &c);
    new_campaign(f, NULL, &other);

    /* no key */
    refused(f, "GET", c.base, NULL, NULL, 401, NULL);
    /* no key, no campaign */
    refused(f, "GET", "/api/v1/campaigns/999999", NULL, NULL, 401, NULL);
    call(f, "GET", "/api/v1/campaigns/999999", c.key, NULL, &r); /* a key, no campaign */
    assert_problem(&r, 401, NULL); /* as another campaign's key: no id oracle */
    reply_free(&r);
    /* another campaign's key */
    refused(f, "GET", c.base, other.key, NULL, 401, NULL);
    /* "Bearer " and nothing */
    refused(f, "GET", c.base, "", NULL, 401, NULL);

    snprintf(path, sizeof(path), "%s/players", c.base);
    /* wrong key writing: 401 */
    refused(f, "POST", path, "wrong", "{\"name\":\"Cy\"}", 401, NULL);
    refused(f, "POST", path, c.view_key, "{\"name\":\"Cy\"}", 403, NULL);
    call(f, "GET", path, c.view_key, NULL, &r); /* the view key reads */
    assert_status(&r, 200);
    assert_int_equal(cJSON_GetArraySize(jt_get(r.json, "players")), 2); /* Cy was not added */
    reply_free(&r);
    /* 403 comes before looking at the body or the game. */
    snprintf(path, sizeof(path), "%s/games/424242/events", c.base);
    refused(f, "POST", path, c.view_key, "not json", 403, NULL);
}

static void test_campaign_creation_needs_the_admin_key_when_set(void **state)
{
    struct fix *f = *state;
    struct api_config cfg;
    struct sb_error err;
    struct api *locked = NULL;
    struct fix g;
    memset(&cfg, 0, sizeof(cfg));
    cfg.db_path = f->uri;
    cfg.share_dir = ".";
    cfg.admin_key = "admin-secret";
    assert_int_equal(api_new(&cfg, &locked, &err), 0);
    g = *f;
    g.api = locked;
    refused(&g, "POST", "/api/v1/campaigns", NULL, "{\"name\":\"X\"}", 401, NULL);
    refused(&g, "POST", "/api/v1/campaigns", "not-it", "{\"name\":\"X\"}", 401, NULL);
    answered(&g, "POST", "/api/v1/campaigns", "admin-secret", "{\"name\":\"X\"}", 201);
    api_free(locked);
}

/* ---- bodies ----------------------------------------------------------------------- */

static void test_body_over_the_cap_is_413(void **state)
{
    struct fix *f = *state;
    struct extra x = {0};
    struct reply r;
    x.too_large = true;
    call_with(f, "POST", "/api/v1/campaigns", NULL, "{\"name\":\"Big\"}", &x, &r);
    assert_problem(&r, 413, NULL);
    reply_free(&r);
    /* Checked before the key: the body is refused whoever sends it. */
    call_with(f, "POST", "/api/v1/campaigns/1/players", NULL, "{}", &x, &r);
    assert_problem(&r, 413, NULL);
    reply_free(&r);
    /* An unknown path stays 404. */
    call_with(f, "POST", "/api/v1/nothing", NULL, "{}", &x, &r);
    assert_problem(&r, 404, NULL);
    reply_free(&r);
    /* Nothing was created. */
    {
        struct camp c;
        new_campaign(f, NULL, &c);
        assert_true(c.cid == 1);
    }
}

static void test_wrong_content_type_is_415_missing_body_is_400(void **state)
{
    struct fix *f = *state;
    struct extra x = {0};
    struct reply r;
    static const char *const wrong[] = {"text/plain", "application/jsonx",
                                        "application/x-www-form-urlencoded", ""};
    for (size_t i = 0; i < sizeof(wrong) / sizeof(wrong[0]); i++) {
        x.content_type = wrong[i];
        call_with(f, "POST", "/api/v1/campaigns", NULL, "{\"name\":\"X\"}", &x, &r);
        assert_problem(&r, 415, NULL);
        reply_free(&r);
    }
    x.content_type = "Application/JSON; charset=utf-8";
    call_with(f, "POST", "/api/v1/campaigns", NULL, "{\"name\":\"X\"}", &x, &r);
    assert_status(&r, 201);
    reply_free(&r);
    refused(f, "POST", "/api/v1/campaigns", NULL, NULL, 400, NULL);
    refused(f, "POST", "/api/v1/campaigns", NULL, "{\"name\":", 400, NULL);
    refused(f, "POST", "/api/v1/campaigns", NULL, "[]", 400, NULL);
}

static void test_validation_refusals_are_422_type_errors_400(void **state)
{
    struct fix *f = *state;
    char long_name[128];
    memset(long_name, 0, sizeof(long_name));
    refused(f, "POST", "/api/v1/campaigns", NULL, "{\"name\":\"\"}", 422, NULL);
    snprintf(long_name, sizeof(long_name), "{\"name\":\"%081d\"}", 0);
    refused(f, "POST", "/api/v1/campaigns", NULL, long_name, 422, NULL);
    refused(f, "POST", "/api/v1/campaigns", NULL, "{\"name\":42}", 400, NULL);
    refused(f, "POST", "/api/v1/campaigns", NULL, "{\"name\":\"X\",\"edition\":\"junior\"}", 422,
            NULL);
    refused(f, "POST", "/api/v1/campaigns", NULL, "{\"name\":\"X\",\"stamp_owner\":\"dog\"}", 422,
            "TWT-JOURNAL-5");
}

static void test_problem_json_carries_the_rule_that_refused(void **state)
{
    struct fix *f = *state;
    struct camp c;
    struct reply r;
    char path[128], body[256];
    int64_t gid;
    new_campaign(f, NULL, &c);
    gid = new_game(f, &c);
    snprintf(path, sizeof(path), "%s/games/%lld/events", c.base, (long long)gid);
    snprintf(body, sizeof(body), "{\"type\":\"roll\",\"d1\":1,\"d2\":2,\"player\":%lld}",
             (long long)c.p2); /* not Bob's turn */
    call(f, "POST", path, c.key, body, &r);
    assert_problem(&r, 422, NULL);
    assert_true(cJSON_IsString(jt_get(r.json, "rule")));
    assert_true(strncmp(jt_str(r.json, "rule"), "TWT-", 4) == 0);
    reply_free(&r);
    /* nothing to buy */
    refused(f, "POST", path, c.key, "{\"type\":\"buy\"}", 422, NULL);
}

/* ---- a game ----------------------------------------------------------------------- */

/* The game's number of events (voided or not). */
static int events_count(struct fix *f, const struct camp *c, int64_t gid)
{
    struct reply r;
    char path[128];
    int n;
    snprintf(path, sizeof(path), "%s/games/%lld/events", c->base, (long long)gid);
    call(f, "GET", path, c->view_key, NULL, &r);
    assert_status(&r, 200);
    n = cJSON_GetArraySize(jt_get(r.json, "events"));
    reply_free(&r);
    return n;
}

static void test_game_events_state_etag_if_match_idempotency_undo(void **state)
{
    struct fix *f = *state;
    struct extra x = {0};
    struct camp c;
    struct reply r, again;
    char path[128], events[160], undo[160];
    const cJSON *st;
    int64_t gid;

    new_campaign(f, NULL, &c);
    gid = new_game(f, &c);
    snprintf(path, sizeof(path), "%s/games/%lld", c.base, (long long)gid);
    snprintf(events, sizeof(events), "%s/events", path);
    snprintf(undo, sizeof(undo), "%s/undo", path);

    /* The game and its state, with the ETag of version 1. */
    call(f, "GET", path, c.view_key, NULL, &r);
    assert_status(&r, 200);
    assert_string_equal(r.res.etag, "\"1\"");
    st = jt_get(r.json, "state");
    assert_string_equal(jt_str(st, "status"), "active");
    assert_true(jt_num(jt_get(st, "turn"), "player") == (double)c.p1);
    assert_true(jt_num(cJSON_GetArrayItem(jt_get(st, "players"), 0), "cash") == 1500);
    reply_free(&r);

    /* Ann rolls 1 + 2 onto space 3 and must buy or auction. */
    x.if_match = "\"1\"";
    call_with(f, "POST", events, c.key, "{\"type\":\"roll\",\"d1\":1,\"d2\":2}", &x, &r);
    assert_status(&r, 201);
    assert_string_equal(r.res.etag, "\"2\"");
    assert_true(jt_num(jt_get(r.json, "event"), "seq") == 1);
    assert_string_equal(jt_str(jt_get(r.json, "event"), "type"), "roll");
    assert_true(cJSON_GetArraySize(jt_get(r.json, "effects")) >= 1);
    st = jt_get(r.json, "state");
    assert_true(jt_num(st, "version") == 2);
    assert_true(jt_num(cJSON_GetArrayItem(jt_get(st, "players"), 0), "position") == 3);
    assert_string_equal(jt_str(jt_get(jt_get(st, "turn"), "pending"), "kind"), "buy_or_auction");
    reply_free(&r);

    /* A write based on version 1 is now stale: 412, nothing logged. */
    call_with(f, "POST", events, c.key, "{\"type\":\"buy\"}", &x, &r);
    assert_problem(&r, 412, NULL);
    reply_free(&r);
    assert_int_equal(events_count(f, &c, gid), 1);

    /* Buy, with an Idempotency-Key; the retry gets the first answer and logs nothing. */
    x.if_match = "\"2\"";
    x.idempotency_key = "buy-0001";
    call_with(f, "POST", events, c.key, "{\"type\":\"buy\"}", &x, &r);
    assert_status(&r, 201);
    assert_string_equal(r.res.etag, "\"3\"");
    call_with(f, "POST", events, c.key, "{\"type\":\"buy\"}", &x, &again);
    assert_status(&again, 200); /* even with a stale If-Match */
    assert_string_equal(again.res.body, r.res.body);
    assert_true(jt_num(jt_get(again.json, "event"), "seq") == 2);
    reply_free(&again);
    assert_int_equal(events_count(f, &c, gid), 2);
    st = jt_get(r.json, "state");
    assert_int_equal(
        cJSON_GetArraySize(jt_get(cJSON_GetArrayItem(jt_get(st, "players"), 0), "owns")), 1);
    assert_true(jt_num(cJSON_GetArrayItem(jt_get(st, "players"), 0), "cash") < 1500);
    reply_free(&r);

    /* A bad Idempotency-Key is a bad request. */
    x.if_match = NULL;
    x.idempotency_key = "has space";
    call_with(f, "POST", events, c.key, "{\"type\":\"note\",\"text\":\"x\"}", &x, &r);
    assert_problem(&r, 400, NULL);
    reply_free(&r);

    /* A note, then the state as it stood after event 1. */
    call(f, "POST", events, c.key, "{\"type\":\"note\",\"text\":\"good game\"}", &r);
    assert_status(&r, 201);
    assert_true(jt_num(jt_get(r.json, "event"), "seq") == 3);
    reply_free(&r);
    x.idempotency_key = NULL;
    x.param_key = "at";
    x.param_value = "1";
    {
        char at[192];
        snprintf(at, sizeof(at), "%s/state", path);
        call_with(f, "GET", at, c.view_key, NULL, &x, &r);
        assert_status(&r, 200);
        assert_int_equal(
            cJSON_GetArraySize(jt_get(cJSON_GetArrayItem(jt_get(r.json, "players"), 0), "owns")),
            0);
        assert_string_equal(jt_str(jt_get(jt_get(r.json, "turn"), "pending"), "kind"),
                            "buy_or_auction");
        reply_free(&r);
        x.param_value = "-1";
        call_with(f, "GET", at, c.view_key, NULL, &x, &r);
        assert_problem(&r, 400, NULL);
        reply_free(&r);
    }
    x.param_key = NULL;

    /* Undo the note, then the buy: the purchase is gone, the ETag moves on. */
    x.if_match = "\"3\"";
    call_with(f, "POST", undo, c.key, NULL, &x, &r);
    assert_problem(&r, 412, NULL); /* the note made it version 4 */
    reply_free(&r);
    call(f, "POST", undo, c.key, NULL, &r);
    assert_status(&r, 200);
    assert_true(jt_num(r.json, "undone") == 3);
    assert_string_equal(r.res.etag, "\"5\"");
    reply_free(&r);
    call(f, "POST", undo, c.key, NULL, &r);
    assert_status(&r, 200);
    assert_true(jt_num(r.json, "undone") == 2);
    st = jt_get(r.json, "state");
    assert_int_equal(
        cJSON_GetArraySize(jt_get(cJSON_GetArrayItem(jt_get(st, "players"), 0), "owns")), 0);
    assert_true(jt_num(cJSON_GetArrayItem(jt_get(st, "players"), 0), "cash") == 1500);
    assert_string_equal(jt_str(jt_get(jt_get(st, "turn"), "pending"), "kind"), "buy_or_auction");
    reply_free(&r);
    call(f, "GET", events, c.view_key, NULL, &r);
    assert_status(&r, 200);
    assert_int_equal(cJSON_GetArraySize(jt_get(r.json, "events")), 3);
    assert_true(cJSON_IsFalse(jt_get(cJSON_GetArrayItem(jt_get(r.json, "events"), 0), "voided")));
    assert_true(cJSON_IsTrue(jt_get(cJSON_GetArrayItem(jt_get(r.json, "events"), 1), "voided")));
    assert_true(cJSON_IsTrue(jt_get(cJSON_GetArrayItem(jt_get(r.json, "events"), 2), "voided")));
    reply_free(&r);
    /* The view key cannot undo. */
    refused(f, "POST", undo, c.view_key, NULL, 403, NULL);
    /* Undo down to nothing, then 409. */
    answered(f, "POST", undo, c.key, NULL, 200);
    refused(f, "POST", undo, c.key, NULL, 409, NULL);
}

static void test_a_second_active_game_is_409(void **state)
{
    struct fix *f = *state;
    struct camp c;
    struct reply r;
    char path[128], body[256];
    new_campaign(f, NULL, &c);
    new_game(f, &c);
    snprintf(path, sizeof(path), "%s/games", c.base);
    snprintf(body, sizeof(body),
             "{\"mode\":\"journal\",\"seats\":[{\"player\":%lld,\"token\":\"scottie\"},"
             "{\"player\":%lld,\"token\":\"t-rex\"}]}",
             (long long)c.p1, (long long)c.p2);
    refused(f, "POST", path, c.key, body, 409, NULL);
    call(f, "GET", path, c.key, NULL, &r);
    assert_int_equal(cJSON_GetArraySize(jt_get(r.json, "games")), 1);
    reply_free(&r);
}

/* ---- the stream ------------------------------------------------------------------- */

static void test_stream_route_marks_the_response_for_an_authorised_request(void **state)
{
    struct fix *f = *state;
    struct extra x = {0};
    struct camp c;
    struct reply r;
    char path[128];
    int64_t gid;
    new_campaign(f, NULL, &c);
    gid = new_game(f, &c);
    snprintf(path, sizeof(path), "%s/games/%lld/stream", c.base, (long long)gid);

    call(f, "GET", path, c.view_key, NULL, &r);
    assert_int_equal(r.res.status, 200);
    assert_true(r.res.stream);
    assert_true(r.res.stream_campaign == c.cid);
    assert_true(r.res.stream_game == gid);
    assert_string_equal(r.res.content_type, "text/event-stream");
    {
        /* The stream knows which key opened it, to end when that key is rotated. */
        unsigned char want[KEYS_HASH_BYTES];
        keys_hash(c.view_key, strlen(c.view_key), want);
        assert_memory_equal(r.res.stream_key, want, KEYS_HASH_BYTES);
    }
    reply_free(&r);

    /* EventSource cannot send headers: ?key= opens the stream. */
    x.param_key = "key";
    x.param_value = c.view_key;
    call_with(f, "GET", path, NULL, NULL, &x, &r);
    assert_int_equal(r.res.status, 200);
    assert_true(r.res.stream);
    reply_free(&r);
    x.param_value = "wrong";
    call_with(f, "GET", path, NULL, NULL, &x, &r);
    assert_problem(&r, 401, NULL);
    assert_false(r.res.stream);
    reply_free(&r);

    call(f, "GET", path, NULL, NULL, &r);
    assert_problem(&r, 401, NULL);
    assert_false(r.res.stream);
    reply_free(&r);
    snprintf(path, sizeof(path), "%s/games/%lld/stream", c.base, (long long)gid + 5);
    call(f, "GET", path, c.key, NULL, &r);
    assert_problem(&r, 404, NULL);
    assert_false(r.res.stream);
    reply_free(&r);
    /* ?key= opens only the stream, not a route whose path merely says "stream". */
    x.param_value = c.view_key;
    call_with(f, "GET", c.base, NULL, NULL, &x, &r);
    assert_problem(&r, 401, NULL);
    reply_free(&r);
    snprintf(path, sizeof(path), "%s/journal/stream", c.base);
    call_with(f, "GET", path, NULL, NULL, &x, &r);
    assert_problem(&r, 401, NULL);
    reply_free(&r);
}

/* An api_change_fn that records the last campaign and game it was told of. */
static void note_change(void *cls, int64_t cid, int64_t gid)
{
    int64_t *seen = cls;
    seen[0] = cid;
    seen[1] = gid;
}

static void test_stream_state_follows_the_game(void **state)
{
    struct fix *f = *state;
    struct sb_error err;
    struct camp c;
    struct api_campaign_keys keys;
    unsigned char hash[KEYS_HASH_BYTES];
    char path[128], *text = NULL;
    int64_t gid, version = 0;
    int64_t changed[2] = {0, 0};
    new_campaign(f, NULL, &c);
    gid = new_game(f, &c);
    api_on_change(f->api, note_change, changed);
    snprintf(path, sizeof(path), "%s/games/%lld/events", c.base, (long long)gid);
    answered(f, "POST", path, c.key, "{\"type\":\"note\",\"text\":\"hello\"}", 201);
    /* The change names its game: only its streams wake. */
    assert_true(changed[0] == c.cid && changed[1] == gid);
    assert_int_equal(api_stream_state(f->api, c.cid, gid, &text, &version, &keys, &err), 0);
    assert_true(version == 2);
    assert_non_null(strstr(text, "\"version\":2"));
    free(text);
    /* The campaign's keys come with it: both open it, nothing else does. */
    keys_hash(c.key, strlen(c.key), hash);
    assert_true(api_keys_open(&keys, hash));
    keys_hash(c.view_key, strlen(c.view_key), hash);
    assert_true(api_keys_open(&keys, hash));
    keys_hash("not a key", 9, hash);
    assert_false(api_keys_open(&keys, hash));
    /* New keys: the streams of every game of the campaign are told (any may be
     * followed with the old ones), and only those. */
    changed[1] = -1;
    snprintf(path, sizeof(path), "%s/keys", c.base);
    answered(f, "POST", path, c.key, NULL, 200);
    assert_true(changed[0] == c.cid && changed[1] == 0);
    assert_int_equal(api_stream_state(f->api, c.cid, gid, &text, &version, &keys, &err), 0);
    free(text);
    keys_hash(c.view_key, strlen(c.view_key), hash);
    assert_false(api_keys_open(&keys, hash));
    api_on_change(f->api, NULL, NULL);
}

/* ---- a damaged log ---------------------------------------------------------------- */

static void test_a_log_that_no_longer_replays_names_the_event_and_why(void **state)
{
    struct fix *f = *state;
    struct store_snapshot snap = {NULL, "active", 0, false};
    struct store *s = NULL;
    struct sb_error err;
    struct extra x = {0};
    struct camp c;
    struct reply r;
    char path[160], *st = NULL;
    int64_t gid, version = 0;

    new_campaign(f, NULL, &c);
    gid = new_game(f, &c);
    /* An event the engine refuses, written behind the API's back. */
    assert_int_equal(store_open(f->uri, &s, &err), 0);
    assert_int_equal(store_game_state(s, c.cid, gid, &st, &version, &err), 0);
    snap.state = st;
    assert_int_equal(store_event_append(s, gid, 1, "roll", "{\"type\":\"roll\",\"d1\":9,\"d2\":1}",
                                        "[]", NULL, NULL, &snap, &version, &err),
                     0);
    free(st);
    store_close(s);

    snprintf(path, sizeof(path), "%s/games/%lld/state", c.base, (long long)gid);
    x.param_key = "at";
    x.param_value = "1";
    call_with(f, "GET", path, c.key, NULL, &x, &r);
    assert_problem(&r, 500, NULL);
    assert_non_null(strstr(jt_str(r.json, "detail"), "event 1 no longer replays: "));
    assert_non_null(strstr(jt_str(r.json, "detail"), "d1")); /* the engine's own reason */
    reply_free(&r);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup_api, api_fix_teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        T(test_health_answers_ok_with_the_schema_version),
        T(test_unknown_path_is_404_wrong_method_is_405_with_allow),
        T(test_editions_route_lists_every_edition),
        T(test_keys_401_before_404_and_403_for_a_view_key_that_writes),
        T(test_campaign_creation_needs_the_admin_key_when_set),
        T(test_body_over_the_cap_is_413),
        T(test_wrong_content_type_is_415_missing_body_is_400),
        T(test_validation_refusals_are_422_type_errors_400),
        T(test_problem_json_carries_the_rule_that_refused),
        T(test_game_events_state_etag_if_match_idempotency_undo),
        T(test_a_second_active_game_is_409),
        T(test_stream_route_marks_the_response_for_an_authorised_request),
        T(test_stream_state_follows_the_game),
        T(test_a_log_that_no_longer_replays_names_the_event_and_why),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
