/* tz.c -- IANA time zones from the system's TZif files (tz.h). */
#include "tz.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "file.h"

#define TZ_FILE_MAX ((size_t)512 * 1024)
#define TZ_DIR "/usr/share/zoneinfo"

/* A rule's date: Jn (julian, no Feb 29), n (0-based, with Feb 29) or Mm.w.d. */
struct tz_date {
    char kind; /* 'J', 'N' or 'M' */
    int a, b, c;
    long secs; /* the local time of day of the change */
};

/* A POSIX TZ rule: std offset [dst [offset] [,start[/time],end[/time]]]. */
struct tz_rule {
    bool present, has_dst;
    long std_off, dst_off; /* seconds east of UTC */
    struct tz_date start, end;
};

struct tz {
    size_t n;       /* transitions */
    int64_t *times; /* ascending */
    long *offs;     /* the offset from times[i] on */
    long first_off; /* before the first transition */
    struct tz_rule rule;
};

bool tz_name_ok(const char *name)
{
    size_t len = strlen(name), part = 0;
    if (len == 0 || len >= TZ_NAME_MAX || name[0] == '/')
        return false;
    for (size_t i = 0; i <= len; i++) {
        char c = name[i];
        if (c == '/' || c == '\0') {
            if (part == 0 || (part == 1 && name[i - 1] == '.') ||
                (part == 2 && name[i - 1] == '.' && name[i - 2] == '.'))
                return false;
            part = 0;
            continue;
        }
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '+' || c == '-' || c == '.'))
            return false;
        part++;
    }
    return true;
}

/* ---- the POSIX TZ rule ---- */

/* Read a number of at most max at *p; -1 when none. */
static long rule_num(const char **p, long max)
{
    long v = 0;
    if (**p < '0' || **p > '9')
        return -1;
    while (**p >= '0' && **p <= '9' && v <= max)
        v = v * 10 + (*(*p)++ - '0');
    return v <= max ? v : -1;
}

/* [+-]hh[:mm[:ss]] into *secs; false when malformed. */
static bool rule_time(const char **p, long *secs)
{
    long sign = 1, h, m = 0, s = 0;
    if (**p == '+' || **p == '-')
        sign = *(*p)++ == '-' ? -1 : 1;
    if ((h = rule_num(p, 167)) < 0)
        return false;
    if (**p == ':') {
        (*p)++;
        if ((m = rule_num(p, 59)) < 0)
            return false;
        if (**p == ':') {
            (*p)++;
            if ((s = rule_num(p, 59)) < 0)
                return false;
        }
    }
    *secs = sign * (h * 3600 + m * 60 + s);
    return true;
}

/* A zone abbreviation: 3+ letters, or <...> of letters, digits, + and -. */
static bool rule_abbr(const char **p)
{
    const char *s = *p;
    if (*s == '<') {
        while (*++s && *s != '>')
            ;
        if (*s != '>')
            return false;
        *p = s + 1;
        return true;
    }
    while ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z'))
        s++;
    if (s - *p < 3)
        return false;
    *p = s;
    return true;
}

static bool rule_date(const char **p, struct tz_date *d)
{
    d->secs = 7200;
    if (**p == 'M') {
        (*p)++;
        d->kind = 'M';
        if ((d->a = (int)rule_num(p, 12)) < 1 || *(*p)++ != '.' ||
            (d->b = (int)rule_num(p, 5)) < 1 || *(*p)++ != '.' || (d->c = (int)rule_num(p, 6)) < 0)
            return false;
    } else if (**p == 'J') {
        (*p)++;
        d->kind = 'J';
        if ((d->a = (int)rule_num(p, 365)) < 1)
            return false;
    } else {
        d->kind = 'N';
        if ((d->a = (int)rule_num(p, 365)) < 0)
            return false;
    }
    if (**p == '/') {
        (*p)++;
        return rule_time(p, &d->secs);
    }
    return true;
}

/* Parse the footer of a TZif file; false when it is not a rule this reads. */
static bool rule_parse(const char *s, struct tz_rule *r)
{
    long off;
    memset(r, 0, sizeof(*r));
    if (!*s)
        return true; /* no rule: the last transition holds */
    if (!rule_abbr(&s) || !rule_time(&s, &off))
        return false;
    r->present = true;
    r->std_off = -off; /* POSIX counts west of UTC */
    if (!*s)
        return true;
    if (!rule_abbr(&s))
        return false;
    r->has_dst = true;
    r->dst_off = r->std_off + 3600;
    if (*s && *s != ',') {
        if (!rule_time(&s, &off))
            return false;
        r->dst_off = -off;
    }
    if (*s != ',')
        return false; /* a DST without its dates: not in any tzdata file */
    s++;
    if (!rule_date(&s, &r->start) || *s++ != ',' || !rule_date(&s, &r->end))
        return false;
    return *s == '\0';
}

/* Days since 1970-01-01 of y-m-d (proleptic Gregorian; H. Hinnant's days_from_civil). */
static int64_t days_from_civil(int64_t y, int m, int d)
{
    int64_t era, yoe, doy, doe;
    y -= m <= 2;
    era = (y >= 0 ? y : y - 399) / 400;
    yoe = y - era * 400;
    doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static bool is_leap(int64_t y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

/* The year of day number days (since 1970-01-01). */
static int64_t year_of(int64_t days)
{
    int64_t y = 1970 + days / 366;
    while (days_from_civil(y + 1, 1, 1) <= days)
        y++;
    while (days_from_civil(y, 1, 1) > days)
        y--;
    return y;
}

/* The local seconds since 1970 (in a local clock counting from 1970-01-01 00:00) at
 * which date d of year y falls. */
static int64_t rule_when(const struct tz_date *d, int64_t y)
{
    static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int64_t day;
    if (d->kind == 'J') {
        day = days_from_civil(y, 1, 1) + d->a - 1 + (is_leap(y) && d->a >= 60);
    } else if (d->kind == 'N') {
        day = days_from_civil(y, 1, 1) + d->a;
    } else {
        int64_t first = days_from_civil(y, d->a, 1);
        int dow = (int)(((first + 4) % 7 + 7) % 7); /* 1970-01-01 was a Thursday */
        int len = mdays[d->a - 1] + (d->a == 2 && is_leap(y));
        int mday = 1 + (d->c - dow + 7) % 7 + (d->b - 1) * 7;
        while (mday > len)
            mday -= 7;
        day = first + mday - 1;
    }
    return day * 86400 + d->secs;
}

static long rule_offset(const struct tz_rule *r, int64_t t)
{
    int64_t y, start, end;
    if (!r->has_dst)
        return r->std_off;
    y = year_of((t + r->std_off) / 86400 - ((t + r->std_off) % 86400 < 0));
    /* The start is written in standard time, the end in summer time. */
    start = rule_when(&r->start, y) - r->std_off;
    end = rule_when(&r->end, y) - r->dst_off;
    if (start < end)
        return t >= start && t < end ? r->dst_off : r->std_off;
    return t >= end && t < start ? r->std_off : r->dst_off;
}

/* ---- the TZif file ---- */

static int64_t be(const unsigned char *p, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++)
        v = v << 8 | p[i];
    if (n == 4)
        return (int32_t)(uint32_t)v;
    return (int64_t)v;
}

/* The counts of a TZif header at p. */
struct tzif_counts {
    int64_t isut, isstd, leap, time, type, chars;
};

static void tzif_counts(const unsigned char *p, struct tzif_counts *c)
{
    c->isut = be(p + 20, 4);
    c->isstd = be(p + 24, 4);
    c->leap = be(p + 28, 4);
    c->time = be(p + 32, 4);
    c->type = be(p + 36, 4);
    c->chars = be(p + 40, 4);
}

/* The size of a data block of the counts c with times of tb bytes. */
static int64_t tzif_block(const struct tzif_counts *c, int tb)
{
    return c->time * tb + c->time + c->type * 6 + c->chars + c->leap * (tb + 4) + c->isstd +
           c->isut;
}

/* Parse the TZif text of len bytes into z; false when malformed. */
static bool tzif_parse(const unsigned char *p, size_t len, struct tz *z)
{
    struct tzif_counts c;
    const unsigned char *data, *idx, *types, *end = p + len;
    int tb = 4;
    char footer[128] = "";
    if (len < 44 || memcmp(p, "TZif", 4) != 0)
        return false;
    tzif_counts(p, &c);
    if (c.time < 0 || c.type < 1 || c.type > 256 || c.chars < 0 || c.leap < 0 || c.isstd < 0 ||
        c.isut < 0 || 44 + tzif_block(&c, 4) > (int64_t)len)
        return false;
    data = p + 44;
    if (p[4] >= '2') { /* skip the 32-bit block: the 64-bit one follows */
        const unsigned char *h2 = data + tzif_block(&c, 4);
        if (end - h2 < 44 || memcmp(h2, "TZif", 4) != 0)
            return false;
        tzif_counts(h2, &c);
        tb = 8;
        data = h2 + 44;
        if (c.time < 0 || c.type < 1 || c.type > 256 || c.chars < 0 || c.leap < 0 || c.isstd < 0 ||
            c.isut < 0 || tzif_block(&c, 8) > end - data)
            return false;
        {
            const unsigned char *f = data + tzif_block(&c, 8), *nl;
            if (f < end && *f == '\n' && (nl = memchr(f + 1, '\n', (size_t)(end - f - 1))) &&
                nl - f - 1 < (ptrdiff_t)sizeof(footer)) {
                memcpy(footer, f + 1, (size_t)(nl - f - 1));
                footer[nl - f - 1] = '\0';
            }
        }
    }
    idx = data + c.time * tb;
    types = idx + c.time;
    z->n = (size_t)c.time;
    z->times = calloc(z->n + 1, sizeof(*z->times));
    z->offs = calloc(z->n + 1, sizeof(*z->offs));
    if (!z->times || !z->offs)
        return false;
    for (size_t i = 0; i < z->n; i++) {
        if (idx[i] >= c.type)
            return false;
        z->times[i] = be(data + i * (size_t)tb, tb);
        z->offs[i] = (long)be(types + (size_t)idx[i] * 6, 4);
    }
    z->first_off = (long)be(types, 4);
    return rule_parse(footer, &z->rule);
}

void tz_free(struct tz *z)
{
    if (!z)
        return;
    free(z->times);
    free(z->offs);
    free(z);
}

int tz_load(const char *dir, const char *name, struct tz **out, struct sb_error *err)
{
    char path[PATH_MAX], *text = NULL;
    size_t len = 0;
    struct tz *z;
    const char *env = getenv("TZDIR");
    if (!tz_name_ok(name))
        return sb_fail(err, SB_EINVALID, NULL, "'%.64s' is not a time zone name", name);
    if (!dir)
        dir = env && *env ? env : TZ_DIR;
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    if (file_read(path, TZ_FILE_MAX, &text, &len, NULL) != 0)
        return sb_fail(err, SB_EINVALID, NULL, "no time zone '%s'", name);
    z = calloc(1, sizeof(*z));
    if (!z) {
        free(text);
        return sb_oom(err);
    }
    if (!tzif_parse((const unsigned char *)text, len, z)) {
        free(text);
        tz_free(z);
        return sb_fail(err, SB_EINVALID, NULL, "no time zone '%s'", name);
    }
    free(text);
    *out = z;
    return 0;
}

long tz_offset(const struct tz *z, int64_t t)
{
    size_t lo = 0, hi = z->n;
    if (z->n == 0 || t < z->times[0])
        return z->n == 0 && z->rule.present ? rule_offset(&z->rule, t) : z->first_off;
    if (t >= z->times[z->n - 1] && z->rule.present)
        return rule_offset(&z->rule, t);
    while (hi - lo > 1) { /* times[lo] <= t < times[hi] */
        size_t mid = lo + (hi - lo) / 2;
        if (z->times[mid] <= t)
            lo = mid;
        else
            hi = mid;
    }
    return z->offs[lo];
}

/* True when name is a zone of the system's files. */
static bool tz_exists(const char *name)
{
    struct tz *z = NULL;
    if (tz_load(NULL, name, &z, NULL) != 0)
        return false;
    tz_free(z);
    return true;
}

const char *tz_local_name(char *buf, size_t size)
{
    const char *env = getenv("TZ");
    char link[PATH_MAX];
    ssize_t n;
    FILE *f;
    if (env && *env == ':')
        env++;
    if (env && *env && tz_exists(env)) {
        snprintf(buf, size, "%s", env);
        return buf;
    }
    n = readlink("/etc/localtime", link, sizeof(link) - 1);
    if (n > 0) {
        const char *z;
        link[n] = '\0';
        z = strstr(link, "zoneinfo/");
        if (z && tz_exists(z + 9)) {
            snprintf(buf, size, "%s", z + 9);
            return buf;
        }
    }
    f = fopen("/etc/timezone", "r");
    if (f) {
        char line[TZ_NAME_MAX + 2] = "";
        bool ok = fgets(line, sizeof(line), f) != NULL;
        fclose(f);
        line[strcspn(line, " \t\r\n")] = '\0';
        if (ok && tz_exists(line)) {
            snprintf(buf, size, "%s", line);
            return buf;
        }
    }
    snprintf(buf, size, "UTC");
    return buf;
}
