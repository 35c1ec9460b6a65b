/* locked.h -- objects guarded by one mutex, their first member: made zeroed with the
 * mutex ready, freed with it destroyed (the limits, the proxy's counters, the metrics). */
#ifndef STAMPBOOK_LOCKED_H
#define STAMPBOOK_LOCKED_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

/* A new zeroed object of size bytes (at least a pthread_mutex_t) whose first member, a
 * pthread_mutex_t, is initialised. The caller frees it with locked_free(). NULL when out
 * of memory. */
void *locked_new(size_t size);

/* Destroy the first-member mutex of obj (made by locked_new()) and free obj. NULL is a
 * no-op. */
void locked_free(void *obj);

/* Tell the threads waiting on cond under lock to stop: *flag becomes true under lock
 * and every waiter wakes. The caller then joins them. This function can't fail. */
void locked_raise(pthread_mutex_t *lock, pthread_cond_t *cond, bool *flag);

#endif
