/* api_keys.c -- access that can be recovered: a new pair of campaign keys that retires
 * the old one, and the server's list of campaigns for whoever holds the admin key. */
#include "api_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keys.h"

int api_post_keys(struct api_ctx *ctx)
{
    char key[KEYS_TEXT_MAX], view_key[KEYS_TEXT_MAX], body[2 * KEYS_TEXT_MAX + 32];
    unsigned char key_hash[KEYS_HASH_BYTES], view_hash[KEYS_HASH_BYTES];
    int rc;
    keys_generate(key);
    keys_generate(view_key);
    keys_hash(key, strlen(key), key_hash);
    keys_hash(view_key, strlen(view_key), view_hash);
    rc = store_begin_write(ctx->store, &ctx->err);
    if (rc == 0) {
        rc = store_campaign_set_keys(ctx->store, ctx->cid, key_hash, view_hash, &ctx->err);
        rc = rc == 0 ? store_commit(ctx->store, &ctx->err) : (store_rollback(ctx->store), rc);
    }
    if (rc != 0)
        return rc;
    /* The streams open with the old keys read their games again, see that the keys
     * changed and end. */
    api_campaign_changed(ctx->api, ctx->cid);
    snprintf(body, sizeof(body), "{\"key\":\"%s\",\"view_key\":\"%s\"}", key, view_key);
    return api_reply_text(ctx, 200, "application/json; charset=utf-8", body, strlen(body));
}

int api_get_campaigns(struct api_ctx *ctx)
{
    /* Without an admin key nobody may list: the route does not exist then. */
    if (!ctx->api->has_admin_key)
        return sb_fail(&ctx->err, SB_ENOTFOUND, NULL,
                       "listing campaigns needs a server started with an admin key");
    return api_list_all_campaigns(ctx);
}

int api_list_all_campaigns(struct api_ctx *ctx)
{
    char *list = NULL;
    int rc = store_campaigns_json(ctx->store, &list, &ctx->err);
    if (rc == 0)
        rc = api_reply_wrapped(ctx, 200, "campaigns", list);
    free(list);
    return rc;
}
