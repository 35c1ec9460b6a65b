/* api_keys.c -- access that can be recovered: a new pair of campaign keys that retires
 * the old one, and the server's list of campaigns for whoever holds the admin key. */
#include "api_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int api_post_keys(struct api_ctx *ctx)
{
    char key[KEYS_TEXT_MAX], view_key[KEYS_TEXT_MAX], body[2 * KEYS_TEXT_MAX + 32];
    int rc = campaign_new_keys(&ctx->game, key, view_key);
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
    return api_answer_list(ctx, "campaigns", campaign_list);
}
