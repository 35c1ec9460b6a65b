/* refusal.h -- what the three engines' refusals share (rules.c, classic_money.c,
 * results.c): a refusal is a struct with a static rule id and a sentence, and an
 * engine's refuse() writes both with REFUSAL_WRITE. Included by the engines' .c files
 * only. */
#ifndef STAMPBOOK_REFUSAL_H
#define STAMPBOOK_REFUSAL_H

#include <stdarg.h>
#include <stdio.h>

/* In a variadic function whose last named parameter is fmt: set refusal's rule to id
 * and its detail to the printf-style sentence fmt, ... (cut to the detail's size). */
#define REFUSAL_WRITE(refusal, id, fmt)                                                            \
    do {                                                                                           \
        va_list refusal_ap_;                                                                       \
        (refusal).rule = (id);                                                                     \
        va_start(refusal_ap_, fmt);                                                                \
        vsnprintf((refusal).detail, sizeof((refusal).detail), fmt, refusal_ap_);                   \
        va_end(refusal_ap_);                                                                       \
    } while (0)

#endif
