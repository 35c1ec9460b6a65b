/* main.c -- the stampbook command: serve, migrate, backup, healthcheck. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <malloc.h>
#include <stddef.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "api.h"
#include "conf.h"
#include "file.h"
#include "http.h"
#include "locked.h"
#include "probe.h"
#include "store.h"

#ifndef STAMPBOOK_VERSION
#define STAMPBOOK_VERSION "0.0.0"
#endif
#ifndef STAMPBOOK_PREFIX
#define STAMPBOOK_PREFIX "/usr/local"
#endif

#define EXIT_USAGE 2

struct options {
    const char *command;
    const char *db, *static_dir, *share;                      /* files */
    const char *host, *base_path, *trusted_proxy, *host_name; /* where it serves */
    const char *admin_key, *metrics_key;                      /* keys */
    const char *to, *from;                                    /* export, import */
    const char *backup_dir;
    long port, per_ip;
    long campaign;
    long backup_keep, backup_every;
    int quiet, rotate;
    /* limits of serve (see usage()) */
    long max_connections, streams_per_campaign, streams_per_ip, header_timeout;
    long max_campaigns, max_db_mb, create_burst, create_per_minute, read_cache_ms;
    long create_per_minute_all;
};

/* The options that take a number within bounds. */
struct num_option {
    int id;
    const char *name;
    long min, max;
    size_t offset; /* of the long in struct options */
};

enum {
    OPT_MAX_CONNECTIONS = 256,
    OPT_STREAMS_PER_CAMPAIGN,
    OPT_STREAMS_PER_IP,
    OPT_HEADER_TIMEOUT,
    OPT_MAX_CAMPAIGNS,
    OPT_MAX_DB_MB,
    OPT_CREATE_BURST,
    OPT_CREATE_PER_MINUTE,
    OPT_CREATE_PER_MINUTE_ALL,
    OPT_READ_CACHE_MS,
};

static const struct num_option num_options[] = {
    {'p', "port", 0, 65535, offsetof(struct options, port)},
    {'i', "per-ip", 1, 1000000, offsetof(struct options, per_ip)},
    {OPT_MAX_CONNECTIONS, "max-connections", 1, 1000000, offsetof(struct options, max_connections)},
    {OPT_STREAMS_PER_CAMPAIGN, "streams-per-campaign", 1, 1000000,
     offsetof(struct options, streams_per_campaign)},
    {OPT_STREAMS_PER_IP, "streams-per-ip", 1, 1000000, offsetof(struct options, streams_per_ip)},
    {OPT_HEADER_TIMEOUT, "header-timeout", 1, 3600, offsetof(struct options, header_timeout)},
    {OPT_MAX_CAMPAIGNS, "max-campaigns", 0, 1000000000, offsetof(struct options, max_campaigns)},
    {OPT_MAX_DB_MB, "max-db-mb", 0, 100000000, offsetof(struct options, max_db_mb)},
    {OPT_CREATE_BURST, "create-burst", 0, 1000000, offsetof(struct options, create_burst)},
    {OPT_CREATE_PER_MINUTE, "create-per-minute", 0, 1000000,
     offsetof(struct options, create_per_minute)},
    {OPT_CREATE_PER_MINUTE_ALL, "create-per-minute-all", 0, 1000000,
     offsetof(struct options, create_per_minute_all)},
    {OPT_READ_CACHE_MS, "read-cache-ms", 0, 60000, offsetof(struct options, read_cache_ms)},
    {'c', "campaign", 1, 999999999999999L, offsetof(struct options, campaign)},
    {'K', "backup-keep", 1, 100000000, offsetof(struct options, backup_keep)},
    {'E', "backup-every", 1, 100000000, offsetof(struct options, backup_every)},
};

static void usage(FILE *f)
{
    fprintf(
        f,
        "usage: stampbook serve [--port 8080] [--db data/stampbook.db] [--static static]\n"
        "                       [--host 0.0.0.0] [--admin-key KEY] [--quiet] [limits]\n"
        "                       [--backup-dir DIR [--backup-keep 7] [--backup-every 86400]]\n"
        "                       [--base-path /PREFIX] [--trusted-proxy ADDRS] [--host-name NAMES]\n"
        "                       [--metrics-key KEY]\n"
        "       stampbook healthcheck [--port 8080] [--host 127.0.0.1] [--base-path /PREFIX]\n"
        "                       [--host-name NAME]   (exit 0 when the server answers health)\n"
        "       stampbook migrate [--db PATH]\n"
        "       stampbook backup [--db PATH] --to FILE\n"
        "       stampbook export [--db PATH] --campaign ID --to FILE\n"
        "       stampbook import [--db PATH] --from FILE\n"
        "       stampbook keys [--db PATH] [--campaign ID --rotate]\n"
        "       stampbook --help | --version\n"
        "\n"
        "With --config FILE every command first reads FILE (the packaged units name\n"
        "/etc/stampbook/stampbook.conf; no file is read without --config): `key = value`\n"
        "lines named as the long options (port = 8080, quiet = yes); the command line\n"
        "wins over the file.\n"
        "\n"
        "Keeps the campaign of a Monopoly Travel World Tour box: players, games, every\n"
        "Travel Journal stamp and what it paid. The web UI and the API share one port.\n"
        "STAMPBOOK_ADMIN_KEY sets the admin key when --admin-key is not given, and\n"
        "STAMPBOOK_METRICS_KEY the metrics key (/metrics then needs it as a bearer);\n"
        "--share DIR names the folder with schema/ and migrations/ (found by default).\n"
        "\n"
        "Limits of serve (answered 503 with Retry-After, 429 or 507):\n"
        "  --max-connections N       open connections in all (4096)\n"
        "  --per-ip N                open connections from one address (256)\n"
        "  --streams-per-campaign N  open event streams of one campaign (1000)\n"
        "  --streams-per-ip N        open event streams from one address (200)\n"
        "  --header-timeout S        a request's headers must come within S s (10)\n"
        "  --max-campaigns N         campaigns the server holds (10000; 0: no cap)\n"
        "  --max-db-mb N             no write once the database is N MiB (1024; 0: none)\n"
        "  --create-burst N          campaigns one address may create or import in a\n"
        "                            row without an admin key (5; 0: no limit)\n"
        "  --create-per-minute N     and then a minute (1)\n"
        "  --create-per-minute-all N campaigns all addresses together may create or\n"
        "                            import a minute without an admin key (30; 0: no\n"
        "                            limit)\n"
        "  --read-cache-ms N         a game's state read last is answered from memory,\n"
        "                            while no write is made, for N ms at most (1000; 0:\n"
        "                            never): how long a key rotated by `stampbook keys`\n"
        "                            may still read it\n");
}

/* Write a + b into buf; false (and an empty buf) when it does not fit. */
static int join(char *buf, size_t size, const char *a, const char *b)
{
    int n = snprintf(buf, size, "%s%s", a, b);
    if (n < 0 || (size_t)n >= size) {
        buf[0] = '\0';
        return 0;
    }
    return 1;
}

/* True when dir/migrations is a folder. */
static int has_migrations(const char *dir)
{
    char path[PATH_MAX];
    struct stat st;
    return join(path, sizeof(path), dir, "/migrations") && stat(path, &st) == 0 &&
           S_ISDIR(st.st_mode);
}

/* Find the folder holding schema/ and migrations/: --share, $STAMPBOOK_SHARE, beside an
 * installed binary (../share/stampbook), the source tree of a built one (..), the
 * current folder, then the compiled-in prefix. */
static const char *find_share(const char *given, char *buf, size_t size)
{
    char exe[PATH_MAX];
    ssize_t n;
    const char *env = getenv("STAMPBOOK_SHARE");
    if (given)
        return given;
    if (env && *env)
        return env;
    n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    if (n > 0) {
        char *slash;
        exe[n] = '\0';
        slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            if (join(buf, size, exe, "/../share/stampbook") && has_migrations(buf))
                return buf;
            if (join(buf, size, exe, "/..") && has_migrations(buf))
                return buf;
        }
    }
    if (has_migrations("."))
        return ".";
    snprintf(buf, size, "%s/share/stampbook", STAMPBOOK_PREFIX);
    return buf;
}

/* Parse a number in [min, max]; -1 when it is not one. */
static long parse_num(const char *s, long min, long max)
{
    char *end = NULL;
    long v;
    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || !*s || *end || v < min || v > max)
        return -1;
    return v;
}

/* Set the numeric option id from text: 1 when id is not one, 0 when set, EXIT_USAGE
 * when text is out of its bounds. */
static int set_num_option(struct options *o, int id, const char *text)
{
    for (size_t i = 0; i < sizeof(num_options) / sizeof(num_options[0]); i++) {
        const struct num_option *n = &num_options[i];
        long v;
        if (n->id != id)
            continue;
        v = text ? parse_num(text, n->min, n->max) : -1;
        if (v < 0) {
            fprintf(stderr, "stampbook: --%s takes %ld..%ld\n", n->name, n->min, n->max);
            return EXIT_USAGE;
        }
        *(long *)(void *)((char *)o + n->offset) = v;
        return 0;
    }
    return 1;
}

/* Every long option, for getopt_long(). */
static const struct option long_options[] = {
    {"port", required_argument, NULL, 'p'},
    {"db", required_argument, NULL, 'd'},
    {"static", required_argument, NULL, 's'},
    {"share", required_argument, NULL, 'S'},
    {"host", required_argument, NULL, 'H'},
    {"admin-key", required_argument, NULL, 'k'},
    {"to", required_argument, NULL, 't'},
    {"per-ip", required_argument, NULL, 'i'},
    {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {"from", required_argument, NULL, 'f'},
    {"campaign", required_argument, NULL, 'c'},
    {"rotate", no_argument, NULL, 'r'},
    {"backup-dir", required_argument, NULL, 'B'},
    {"backup-keep", required_argument, NULL, 'K'},
    {"backup-every", required_argument, NULL, 'E'},
    {"base-path", required_argument, NULL, 'b'},
    {"trusted-proxy", required_argument, NULL, 'T'},
    {"host-name", required_argument, NULL, 'N'},
    {"metrics-key", required_argument, NULL, 'M'},
    {"max-connections", required_argument, NULL, OPT_MAX_CONNECTIONS},
    {"streams-per-campaign", required_argument, NULL, OPT_STREAMS_PER_CAMPAIGN},
    {"streams-per-ip", required_argument, NULL, OPT_STREAMS_PER_IP},
    {"header-timeout", required_argument, NULL, OPT_HEADER_TIMEOUT},
    {"max-campaigns", required_argument, NULL, OPT_MAX_CAMPAIGNS},
    {"max-db-mb", required_argument, NULL, OPT_MAX_DB_MB},
    {"create-burst", required_argument, NULL, OPT_CREATE_BURST},
    {"create-per-minute", required_argument, NULL, OPT_CREATE_PER_MINUTE},
    {"create-per-minute-all", required_argument, NULL, OPT_CREATE_PER_MINUTE_ALL},
    {"read-cache-ms", required_argument, NULL, OPT_READ_CACHE_MS},
    {"config", required_argument, NULL, 'C'},
    {NULL, 0, NULL, 0}};

/* Set the option c (a long_options id) to arg: 0, EXIT_USAGE for a bad value, 1 for
 * an id that is not an option. */
static int set_option(struct options *o, int c, const char *arg)
{
    int rc = set_num_option(o, c, arg);
    if (rc != 1)
        return rc;
    switch (c) {
    case 'f': o->from = arg; break;
    case 'r': o->rotate = 1; break;
    case 'B': o->backup_dir = arg; break;
    case 'd': o->db = arg; break;
    case 's': o->static_dir = arg; break;
    case 'S': o->share = arg; break;
    case 'H': o->host = arg; break;
    case 'k': o->admin_key = arg; break;
    case 't': o->to = arg; break;
    case 'b': o->base_path = arg; break;
    case 'T': o->trusted_proxy = arg; break;
    case 'N': o->host_name = arg; break;
    case 'M': o->metrics_key = arg; break;
    case 'q': o->quiet = 1; break;
    case 'C': break; /* read before the other options (read_config()) */
    default: return 1;
    }
    return 0;
}

/* ---- the configuration file ---- */

/* The values of the file's settings, kept for the life of the process. */
static char *config_values[sizeof(long_options) / sizeof(long_options[0])];
static size_t nconfig_values;

struct config_ctx {
    struct options *o;
    const char *path;
};

/* One `key = value` line: key is a long option's name (not config, help, version); a
 * switch takes yes or no. */
static int config_setting(void *arg, int line, const char *key, const char *value)
{
    struct config_ctx *ctx = arg;
    const struct option *opt = long_options;
    char *copy;
    while (opt->name &&
           (strcmp(opt->name, key) != 0 || opt->val == 'C' || opt->val == 'h' || opt->val == 'V'))
        opt++;
    if (!opt->name) {
        fprintf(stderr, "stampbook: %s: line %d: unknown setting '%s'\n", ctx->path, line, key);
        return EXIT_USAGE;
    }
    if (opt->has_arg == no_argument) {
        if (strcmp(value, "yes") == 0)
            return set_option(ctx->o, opt->val, NULL);
        if (strcmp(value, "no") == 0)
            return 0;
        fprintf(stderr, "stampbook: %s: line %d: %s takes yes or no\n", ctx->path, line, key);
        return EXIT_USAGE;
    }
    if (nconfig_values == sizeof(config_values) / sizeof(config_values[0]) ||
        !(copy = strdup(value))) {
        fprintf(stderr, "stampbook: %s: line %d: too many settings\n", ctx->path, line);
        return EXIT_USAGE;
    }
    config_values[nconfig_values++] = copy;
    if (set_option(ctx->o, opt->val, copy) != 0) {
        fprintf(stderr, "stampbook: %s: line %d: bad value for %s\n", ctx->path, line, key);
        return EXIT_USAGE;
    }
    return 0;
}

/* Apply the configuration file before the command line, which then wins: the file of
 * --config FILE, and none without it (not even the packaged one, which its units name:
 * a development server beside an installed one keeps to its own flags). 0 or
 * EXIT_USAGE, said why. */
static int read_config(int argc, char **argv, struct options *o)
{
    struct config_ctx ctx = {o, NULL};
    struct sb_error err = {0};
    int rc;
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (strcmp(argv[i], "--config") == 0 && i + 1 < argc)
            ctx.path = argv[i + 1];
        else if (strncmp(argv[i], "--config=", 9) == 0)
            ctx.path = argv[i] + 9;
    }
    if (!ctx.path)
        return 0;
    rc = conf_read(ctx.path, config_setting, &ctx, NULL, &err);
    if (rc == EXIT_USAGE)
        return rc;
    if (rc != 0) {
        fprintf(stderr, "stampbook: %s: %s\n", ctx.path, err.detail);
        return EXIT_USAGE;
    }
    return 0;
}

static int parse_options(int argc, char **argv, struct options *o)
{
    int c, rc = read_config(argc, argv, o);
    if (rc != 0)
        return rc;
    while ((c = getopt_long(argc, argv, "h", long_options, NULL)) != -1) {
        if (c == 'h') {
            usage(stdout);
            exit(0);
        }
        if (c == 'V') {
            printf("stampbook %s\n", STAMPBOOK_VERSION);
            exit(0);
        }
        rc = set_option(o, c, optarg);
        if (rc == EXIT_USAGE)
            return rc;
        if (rc != 0) {
            usage(stderr);
            return EXIT_USAGE;
        }
    }
    if (optind < argc)
        o->command = argv[optind++];
    if (!o->command || optind < argc) {
        usage(stderr);
        return EXIT_USAGE;
    }
    return 0;
}

/* Make the folder that will hold the database file, when it is missing. */
static void make_db_dir(const char *db)
{
    char dir[PATH_MAX];
    char *slash;
    snprintf(dir, sizeof(dir), "%s", db);
    slash = strrchr(dir, '/');
    if (slash && slash != dir) {
        *slash = '\0';
        mkdir(dir, 0750);
    }
}

/* Make the database's folder and tell whether the database is missing, saying so:
 * only serve's own migration then creates it, and a database that vanished must not
 * come back empty without a word. */
static bool prepare_db(const char *db)
{
    bool fresh;
    make_db_dir(db);
    fresh = strncmp(db, "file:", 5) != 0 && access(db, F_OK) != 0;
    if (fresh)
        fprintf(stderr, "stampbook: no database at %s: creating a new, empty one\n", db);
    return fresh;
}

static int cmd_migrate(const struct options *o, const char *share)
{
    struct store *s = NULL;
    struct sb_error err = {0};
    char dir[PATH_MAX];
    int version = 0, rc;
    make_db_dir(o->db);
    if (!join(dir, sizeof(dir), share, "/migrations")) {
        fprintf(stderr, "stampbook: the share folder's path is too long\n");
        return 1;
    }
    rc = store_open(o->db, &s, &err);
    if (rc == 0)
        rc = store_migrate(s, dir, &err);
    if (rc == 0)
        rc = store_schema_version(s, &version, &err);
    store_close(s);
    if (rc != 0) {
        fprintf(stderr, "stampbook: migrate %s: %s\n", o->db, err.detail);
        return 1;
    }
    printf("stampbook: %s is at schema version %d\n", o->db, version);
    return 0;
}

/* True when paths a and b name one existing file (the same device and inode). */
static int same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

static int cmd_backup(const struct options *o, const char *share)
{
    struct store *s = NULL;
    struct sb_error err = {0};
    int rc;
    (void)share;
    if (!o->to) {
        fprintf(stderr, "stampbook: backup needs --to FILE\n");
        return EXIT_USAGE;
    }
    if (access(o->db, R_OK) != 0) {
        fprintf(stderr, "stampbook: backup: no database %s\n", o->db);
        return 1;
    }
    if (same_file(o->db, o->to)) {
        fprintf(stderr, "stampbook: backup: %s is the database itself\n", o->to);
        return EXIT_USAGE;
    }
    rc = store_open(o->db, &s, &err);
    if (rc == 0)
        rc = store_backup(s, o->to, &err);
    store_close(s);
    if (rc != 0) {
        fprintf(stderr, "stampbook: backup %s: %s\n", o->db, err.detail);
        return 1;
    }
    printf("stampbook: %s copied to %s (integrity ok)\n", o->db, o->to);
    return 0;
}

/* ---- export, import, keys ---- */

/* Open the API on the database of o for a command; the database must exist unless
 * create (then it is made, and said so). 0, or 1 with a message. */
static int open_api(const struct options *o, const char *share, bool create, struct api **api)
{
    struct api_config cfg;
    struct sb_error err = {0};
    if (!create && strncmp(o->db, "file:", 5) != 0 && access(o->db, F_OK) != 0) {
        fprintf(stderr, "stampbook: no database %s\n", o->db);
        return 1;
    }
    if (create)
        prepare_db(o->db);
    memset(&cfg, 0, sizeof(cfg));
    cfg.db_path = o->db;
    cfg.share_dir = share;
    cfg.pool_size = 2;
    if (api_new(&cfg, api, &err) != 0) {
        fprintf(stderr, "stampbook: %s: %s\n", o->db, err.detail);
        return 1;
    }
    return 0;
}

/* Write text to path ("-": standard output); 0 or 1 with a message. */
static int write_text(const char *path, const char *text)
{
    FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
    int ok = f && fputs(text, f) >= 0 && fputc('\n', f) != EOF;
    if (f && f != stdout)
        ok &= fclose(f) == 0;
    if (!ok)
        fprintf(stderr, "stampbook: cannot write %s\n", path);
    return ok ? 0 : 1;
}

/* The end of a command that asked the API for a text: "stampbook: <what>: <why>" and 1
 * when rc says it failed, else the text written to path (write_text()). Frees text and
 * api. */
static int finish_text(struct api *api, int rc, const char *what, const struct sb_error *err,
                       char *text, const char *path)
{
    if (rc != 0)
        fprintf(stderr, "stampbook: %s: %s\n", what, err->detail);
    rc = rc == 0 ? write_text(path, text) : 1;
    free(text);
    api_free(api);
    return rc;
}

static int cmd_export(const struct options *o, const char *share)
{
    struct api *api = NULL;
    struct sb_error err = {0};
    char *doc = NULL, what[64];
    int rc;
    if (!o->campaign || !o->to) {
        fprintf(stderr, "stampbook: export needs --campaign ID and --to FILE\n");
        return EXIT_USAGE;
    }
    if ((rc = open_api(o, share, false, &api)) != 0)
        return rc;
    snprintf(what, sizeof(what), "export of campaign %ld", o->campaign);
    rc = api_export_campaign(api, o->campaign, &doc, &err);
    rc = finish_text(api, rc, what, &err, doc, o->to);
    if (rc == 0 && strcmp(o->to, "-") != 0)
        fprintf(stderr, "stampbook: campaign %ld exported to %s\n", o->campaign, o->to);
    return rc;
}

static int cmd_import(const struct options *o, const char *share)
{
    struct api *api = NULL;
    struct sb_error err = {0};
    char *doc = NULL, *answer = NULL, what[PATH_MAX + 16];
    size_t len = 0;
    int rc;
    if (!o->from) {
        fprintf(stderr, "stampbook: import needs --from FILE\n");
        return EXIT_USAGE;
    }
    if (file_read(o->from, API_IMPORT_BODY_MAX, &doc, &len, &err) != 0) {
        fprintf(stderr, "stampbook: import: %s: %s\n", o->from, err.detail);
        return 1;
    }
    rc = open_api(o, share, true, &api);
    if (rc != 0) {
        free(doc);
        return rc;
    }
    snprintf(what, sizeof(what), "import of %s", o->from);
    rc = api_import_campaign(api, doc, len, &answer, &err);
    free(doc);
    /* The new campaign and its two keys, shown this once. */
    return finish_text(api, rc, what, &err, answer, "-");
}

static int cmd_keys(const struct options *o, const char *share)
{
    struct api *api = NULL;
    struct sb_error err = {0};
    char *answer = NULL;
    int rc;
    if (o->rotate != (o->campaign != 0)) {
        fprintf(stderr, "stampbook: keys lists campaigns; --campaign ID --rotate gives one a "
                        "new pair of keys\n");
        return EXIT_USAGE;
    }
    if ((rc = open_api(o, share, false, &api)) != 0)
        return rc;
    rc = o->rotate ? api_rotate_keys(api, o->campaign, &answer, &err)
                   : api_list_campaigns(api, &answer, &err);
    return finish_text(api, rc, "keys", &err, answer, "-");
}

/* ---- rotating backups while serving ---- */

struct backups {
    struct api *api;
    const char *dir;
    int keep;
    long every; /* seconds */
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool stop, running;
};

/* Write a backup now and then every b->every seconds until told to stop. */
static void *backups_main(void *arg)
{
    struct backups *b = arg;
    for (;;) {
        struct sb_error err = {0};
        struct timespec until;
        char made[4096];
        if (api_backup_rotate(b->api, b->dir, b->keep, made, sizeof(made), &err) == 0)
            fprintf(stderr, "stampbook: backup %s written (integrity ok)\n", made);
        else
            fprintf(stderr, "stampbook: BACKUP FAILED in %s: %s\n", b->dir, err.detail);
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += b->every;
        pthread_mutex_lock(&b->lock);
        while (!b->stop && pthread_cond_timedwait(&b->wake, &b->lock, &until) == 0)
            ;
        if (b->stop) {
            pthread_mutex_unlock(&b->lock);
            return NULL;
        }
        pthread_mutex_unlock(&b->lock);
    }
}

/* Can backups be written into --backup-dir (made when missing)? Says why not. */
static bool backup_dir_usable(const struct options *o)
{
    if (!o->backup_dir)
        return true;
    mkdir(o->backup_dir, 0750);
    if (access(o->backup_dir, W_OK) == 0)
        return true;
    fprintf(stderr, "stampbook: cannot write backups into %s\n", o->backup_dir);
    return false;
}

/* Start the backups of --backup-dir, if given; 0, or 1 when the thread cannot start. */
static int backups_start(const struct options *o, struct api *api, struct backups *b)
{
    memset(b, 0, sizeof(*b));
    if (!o->backup_dir)
        return 0;
    b->api = api;
    b->dir = o->backup_dir;
    b->keep = o->backup_keep > 0 ? (int)o->backup_keep : 7;
    b->every = o->backup_every > 0 ? o->backup_every : 86400;
    pthread_mutex_init(&b->lock, NULL);
    pthread_cond_init(&b->wake, NULL);
    b->running = pthread_create(&b->thread, NULL, backups_main, b) == 0;
    return b->running ? 0 : 1;
}

static void backups_stop(struct backups *b)
{
    if (!b->running)
        return;
    locked_raise(&b->lock, &b->wake, &b->stop);
    pthread_join(b->thread, NULL);
    pthread_cond_destroy(&b->wake);
    pthread_mutex_destroy(&b->lock);
}

/* An empty admin key would silently leave campaign creation open to anyone: refused
 * with a message. admin is the key in use (the flag's, else the environment's). */
static bool admin_key_usable(const struct options *o, const char *admin)
{
    if (!admin || *admin)
        return true;
    fprintf(stderr,
            "stampbook: the admin key is empty (%s): give a key, or leave it out "
            "to let anyone who reaches the server create campaigns\n",
            o->admin_key ? "--admin-key" : "STAMPBOOK_ADMIN_KEY");
    return false;
}

/* Say where the server listens and which database file it uses (its full path; new:
 * just created). */
static void log_serving(const struct options *o, unsigned port, bool fresh)
{
    char db_real[PATH_MAX];
    if (!realpath(o->db, db_real))
        snprintf(db_real, sizeof(db_real), "%s", o->db);
    fprintf(stderr, "stampbook %s: serving http://%s:%u%s/ (database %s%s)\n", STAMPBOOK_VERSION,
            o->host, port, o->base_path ? o->base_path : "", db_real, fresh ? ", new" : "");
}

/* Keep freed memory for the next request rather than hand it back at once. An append
 * allocates and frees some tens of KB (the states it works on, its printed texts); with
 * glibc's defaults a free that left 128 KB at the top of a thread's heap gave it back,
 * and the next append faulted the same pages in again, zeroed: some 5 % of the writer's
 * time. Up to 4 MiB stays with each heap; what an import leaves goes back with
 * malloc_trim(). */
static void keep_freed_memory(void)
{
    mallopt(M_TRIM_THRESHOLD, 4 << 20);
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
}

/* Every thread started from here on leaves SIGINT and SIGTERM (in *stop) to sigwait();
 * a closed socket is no signal. */
static void block_stop_signals(sigset_t *stop)
{
    sigemptyset(stop);
    sigaddset(stop, SIGINT);
    sigaddset(stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, stop, NULL);
    signal(SIGPIPE, SIG_IGN);
}

/* The API's configuration for serve: the database, the share folder, the admin and
 * metrics keys and the limits. */
static void api_options(const struct options *o, const char *share, const char *admin,
                        struct api_config *acfg)
{
    memset(acfg, 0, sizeof(*acfg));
    acfg->db_path = o->db;
    acfg->share_dir = share;
    acfg->admin_key = admin && *admin ? admin : NULL;
    acfg->metrics_key = o->metrics_key ? o->metrics_key : getenv("STAMPBOOK_METRICS_KEY");
    if (acfg->metrics_key && !*acfg->metrics_key)
        acfg->metrics_key = NULL;
    acfg->pool_size = 16;
    acfg->max_campaigns = o->max_campaigns;
    acfg->max_db_bytes = (int64_t)o->max_db_mb * 1024 * 1024;
    acfg->create_burst = (unsigned)o->create_burst;
    acfg->create_per_minute = (unsigned)o->create_per_minute;
    acfg->create_per_minute_all = (unsigned)o->create_per_minute_all;
    acfg->read_cache_ms = (unsigned)o->read_cache_ms;
    acfg->health_probe_ms = 1000;
}

/* The HTTP server's configuration from the options: the address, the limits, the
 * reverse-proxy settings. */
static void http_options(const struct options *o, const char *static_dir, struct http_config *hcfg)
{
    http_config_defaults(hcfg);
    hcfg->host = o->host;
    hcfg->port = (uint16_t)o->port;
    hcfg->static_dir = static_dir;
    hcfg->connection_limit = (unsigned)o->max_connections;
    hcfg->per_ip_limit = (unsigned)o->per_ip;
    hcfg->streams_per_campaign = (unsigned)o->streams_per_campaign;
    hcfg->streams_per_ip = (unsigned)o->streams_per_ip;
    hcfg->header_seconds = (unsigned)o->header_timeout;
    hcfg->quiet = o->quiet;
    hcfg->base_path = o->base_path;
    hcfg->trusted_proxy = o->trusted_proxy;
    hcfg->host_names = o->host_name;
}

static int cmd_serve(const struct options *o, const char *share)
{
    struct api_config acfg;
    struct http_config hcfg;
    struct api *api = NULL;
    struct http_server *http = NULL;
    struct backups backups;
    struct sb_error err = {0};
    int failed;
    char static_dir[PATH_MAX];
    struct stat st;
    sigset_t stop;
    int sig = 0;
    const char *admin = o->admin_key ? o->admin_key : getenv("STAMPBOOK_ADMIN_KEY");
    bool fresh;

    if (!admin_key_usable(o, admin) || !backup_dir_usable(o))
        return EXIT_USAGE;

    keep_freed_memory();
    block_stop_signals(&stop);

    snprintf(static_dir, sizeof(static_dir), "%s", o->static_dir);
    if (stat(static_dir, &st) != 0 && strcmp(o->static_dir, "static") == 0)
        join(static_dir, sizeof(static_dir), share, "/static");
    fresh = prepare_db(o->db);
    api_options(o, share, admin, &acfg);
    if (api_new(&acfg, &api, &err) != 0) {
        fprintf(stderr, "stampbook: %s\n", err.detail);
        return 1;
    }
    http_options(o, static_dir, &hcfg);
    if (http_start(&hcfg, api, &http, &err) != 0) {
        fprintf(stderr, "stampbook: %s\n", err.detail);
        api_free(api);
        return 1;
    }
    log_serving(o, http_port(http), fresh);
    failed = backups_start(o, api, &backups);
    if (!failed)
        sigwait(&stop, &sig);
    fprintf(stderr, "stampbook: stopping (signal %d)\n", sig);
    backups_stop(&backups);
    http_stop(http);
    api_free(api);
    fprintf(stderr, "stampbook: stopped\n");
    return failed;
}

/* Ask a running server for its health: exit 0 when it answers 200, else 1. */
static int cmd_healthcheck(const struct options *o, const char *share)
{
    struct probe_target t = {o->host, (uint16_t)o->port, o->base_path, o->host_name, 5000};
    char why[PROBE_WHY_MAX];
    (void)share;
    if (probe_health(&t, why) != 0) {
        fprintf(stderr, "stampbook: healthcheck: %s\n", why);
        return 1;
    }
    return 0;
}

/* The commands, by the name the command line gives. */
static const struct command {
    const char *name;
    int (*run)(const struct options *o, const char *share);
} commands[] = {
    {"serve", cmd_serve},
    {"migrate", cmd_migrate},
    {"backup", cmd_backup},
    {"export", cmd_export},
    {"import", cmd_import},
    {"keys", cmd_keys},
    {"healthcheck", cmd_healthcheck},
};

int main(int argc, char **argv)
{
    struct options o = {.db = "data/stampbook.db",
                        .static_dir = "static",
                        .host = "0.0.0.0",
                        .port = 8080,
                        .per_ip = HTTP_DEFAULT_PER_IP,
                        .max_connections = HTTP_DEFAULT_CONNECTIONS,
                        .streams_per_campaign = HTTP_DEFAULT_STREAMS_PER_CAMPAIGN,
                        .streams_per_ip = HTTP_DEFAULT_STREAMS_PER_IP,
                        .header_timeout = HTTP_DEFAULT_HEADER_SECONDS,
                        .max_campaigns = 10000,
                        .max_db_mb = 1024,
                        .create_burst = 5,
                        .create_per_minute = 1,
                        .create_per_minute_all = 30,
                        .read_cache_ms = 1000};
    char share_buf[PATH_MAX];
    const char *share;
    int rc = parse_options(argc, argv, &o);
    if (rc != 0)
        return rc;
    share = find_share(o.share, share_buf, sizeof(share_buf));
    for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
        if (strcmp(o.command, commands[i].name) == 0)
            return commands[i].run(&o, share);
    fprintf(stderr, "stampbook: unknown command '%s'\n", o.command);
    usage(stderr);
    return EXIT_USAGE;
}
