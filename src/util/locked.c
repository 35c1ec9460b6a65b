/* locked.c -- objects whose first member is their mutex. */
#include "locked.h"

#include <stdlib.h>

void *locked_new(size_t size)
{
    pthread_mutex_t *lock =
        calloc(1, size < sizeof(pthread_mutex_t) ? sizeof(pthread_mutex_t) : size);
    if (lock)
        pthread_mutex_init(lock, NULL);
    return lock;
}

void locked_raise(pthread_mutex_t *lock, pthread_cond_t *cond, bool *flag)
{
    pthread_mutex_lock(lock);
    *flag = true;
    pthread_cond_broadcast(cond);
    pthread_mutex_unlock(lock);
}

void locked_free(void *obj)
{
    if (!obj)
        return;
    pthread_mutex_destroy((pthread_mutex_t *)obj);
    free(obj);
}
