/* options_json.c -- the legal events now (state.options) between the engine and JSON. */
#include "options_json.h"

#include <stdlib.h>

#include "event_json.h"

/* A list of options as a JSON array: each {"type", "player", ...its fields}, with "rule"
 * and "detail" when refused. */
static void oj_list(struct jbuf *j, const struct board *b, const struct game_state *st,
                    const struct rules_option *list, int n, bool refused)
{
    jb_open(j, '[');
    for (int i = 0; i < n; i++) {
        const struct rules_option *o = &list[i];
        const struct event_codec *codec = event_codec_of(o->type);
        if (!codec) { /* an option the codec cannot write fails the state's writing */
            jb_fail(j);
            return;
        }
        jb_open(j, '{');
        JB_KEY_STR(j, "type", rules_event_name(o->type));
        if (!(rules_event_offer(o->type) & OFFER_ANYONE)) { /* anyone may bid at an auction */
            JB_KEY(j, "player");
            event_seat_write(j, st, o->player);
        }
        if (codec->write_option)
            codec->write_option(j, b, st, o);
        if (refused) {
            JB_KEY_STR(j, "rule", o->rule ? o->rule : "");
            JB_KEY_STR(j, "detail", o->detail);
        }
        jb_close(j, '}');
    }
    jb_close(j, ']');
}

bool options_write(struct jbuf *j, const struct board *b, const struct game_state *st)
{
    struct rules_options *opts;
    if (st->mode != MODE_BANKER) {
        JB_KEY_NULL(j, "options");
        JB_KEY_NULL(j, "unavailable");
        return !j->failed;
    }
    /* rules_options() sets what it fills: no need to clear its 55 KB first. */
    opts = malloc(sizeof *opts);
    if (!opts) {
        jb_fail(j);
        return false;
    }
    rules_options(b, st, opts);
    JB_KEY(j, "options");
    oj_list(j, b, st, opts->list, opts->n, false);
    JB_KEY(j, "unavailable");
    oj_list(j, b, st, opts->refused, opts->nrefused, true);
    free(opts);
    return !j->failed;
}
