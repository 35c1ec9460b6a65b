/* outcome.h -- what the engines' outcomes share (rules.c, classic_money.c, results.c):
 * a refusal is a struct with a static rule id and a sentence, which an engine's
 * refuse() writes with REFUSAL_WRITE; effects go to a bounded array, past whose end
 * OUTCOME_SLOT hands out a spill slot and marks the apply as overflowing (refused).
 * Included by the engines' .c files only. */
#ifndef STAMPBOOK_OUTCOME_H
#define STAMPBOOK_OUTCOME_H

#include <stdarg.h>
#include <stdbool.h>
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

/* The next slot of array arr (*count used of max: count is bumped), else &spill with
 * overflow set to true. Evaluates to a pointer to the slot. */
#define OUTCOME_SLOT(arr, count, max, spill, overflow)                                             \
    ((count) < (max) ? &(arr)[(count)++] : ((overflow) = true, &(spill)))

#endif
