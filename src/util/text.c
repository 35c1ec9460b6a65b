/* text.c -- names trimmed, NFC-normalised, checked and compared ignoring case, with
 * ICU's normaliser and character properties rather than tables of our own. */
#include "text.h"

#include <string.h>

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

#define TEXT_UNITS 1024 /* UTF-16 units of a name being worked on */

/* in as UTF-16 NFC into out (TEXT_UNITS); its length, or -1. */
static int32_t text_nfc(const char *in, UChar *out)
{
    UChar raw[TEXT_UNITS];
    UErrorCode e = U_ZERO_ERROR;
    int32_t n = 0, m;
    const UNormalizer2 *nfc = unorm2_getNFCInstance(&e);
    u_strFromUTF8(raw, TEXT_UNITS, &n, in, -1, &e);
    if (U_FAILURE(e) || n >= TEXT_UNITS)
        return -1;
    m = unorm2_normalize(nfc, raw, n, out, TEXT_UNITS, &e);
    return U_FAILURE(e) || m >= TEXT_UNITS ? -1 : m;
}

/* Is c seen: neither white space nor a character that shows nothing? */
static bool text_visible(UChar32 c)
{
    return !u_isUWhiteSpace(c) && !u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) &&
           u_charType(c) != U_CONTROL_CHAR;
}

/* What is wrong with the character c[i] of c (len characters), or NULL when it may be
 * in a name. */
static const char *text_refused(const UChar32 *c, int32_t len, int32_t i)
{
    int8_t type = (int8_t)u_charType(c[i]);
    if (type == U_CONTROL_CHAR)
        return "holds a control character";
    if (type == U_LINE_SEPARATOR || type == U_PARAGRAPH_SEPARATOR)
        return "holds a line break";
    if (u_hasBinaryProperty(c[i], UCHAR_BIDI_CONTROL))
        return "holds a bidi control character (embedding, override, isolate or mark)";
    if (c[i] == 0x200C || c[i] == 0x200D) {
        /* Joiners shape scripts and emoji, between two visible characters only. */
        if (i > 0 && i + 1 < len && text_visible(c[i - 1]) && text_visible(c[i + 1]))
            return NULL;
        return "holds a zero-width joiner that joins nothing";
    }
    if (u_hasBinaryProperty(c[i], UCHAR_VARIATION_SELECTOR))
        return NULL;
    if (u_hasBinaryProperty(c[i], UCHAR_DEFAULT_IGNORABLE_CODE_POINT))
        return "holds a zero-width or invisible character";
    return NULL;
}

int text_name(const char *in, char *out, size_t size, const char **why)
{
    UChar s[TEXT_UNITS], back[TEXT_UNITS];
    UChar32 c[TEXT_UNITS];
    UErrorCode e = U_ZERO_ERROR;
    int32_t len = text_nfc(in, s), n = 0, start = 0, end = 0, units = 0;
    if (len >= 0)
        u_strToUTF32(c, TEXT_UNITS, &n, s, len, &e);
    if (len < 0 || U_FAILURE(e) || n >= TEXT_UNITS) {
        *why = "is not text that can be read";
        return -1;
    }
    end = n;
    /* Spaces only (of any width): a line break or a tab at an end is refused below. */
    while (start < end && u_charType(c[start]) == U_SPACE_SEPARATOR)
        start++;
    while (end > start && u_charType(c[end - 1]) == U_SPACE_SEPARATOR)
        end--;
    if (end == start) {
        *why = "is empty once its spaces are trimmed";
        return -1;
    }
    for (int32_t i = start; i < end; i++)
        if ((*why = text_refused(c + start, end - start, i - start)) != NULL)
            return -1;
    u_strFromUTF32(back, TEXT_UNITS, &units, c + start, end - start, &e);
    if (!U_FAILURE(e))
        u_strToUTF8(out, (int32_t)size, &n, back, units, &e);
    if (U_FAILURE(e) || n < 0 || (size_t)n >= size) {
        *why = "is too long";
        return -1;
    }
    out[n] = '\0';
    return 0;
}

/* a folded (NFKC_Casefold: compatibility forms such as fullwidth letters and digits
 * as their plain ones, case folded) into out; its length, or -1. */
static int32_t text_fold(const char *a, UChar *out)
{
    UChar s[TEXT_UNITS];
    UErrorCode e = U_ZERO_ERROR;
    int32_t n = text_nfc(a, s), m;
    const UNormalizer2 *fold = unorm2_getNFKCCasefoldInstance(&e);
    if (n < 0 || U_FAILURE(e))
        return -1;
    m = unorm2_normalize(fold, s, n, out, TEXT_UNITS, &e);
    return U_FAILURE(e) || m >= TEXT_UNITS ? -1 : m;
}

bool text_same_name(const char *a, const char *b)
{
    UChar fa[TEXT_UNITS], fb[TEXT_UNITS];
    int32_t na = text_fold(a, fa), nb = text_fold(b, fb);
    if (na < 0 || nb < 0)
        return strcmp(a, b) == 0;
    return na == nb && memcmp(fa, fb, (size_t)na * sizeof(UChar)) == 0;
}
