/* editions_fixture.c -- the shipped editions loaded for the tests (editions_fixture.h). */
#include "editions_fixture.h"

#include <stdio.h>

#include "editions.h"
#include "error.h"

int editions_fixture_setup(void **state)
{
    struct editions *e = NULL;
    struct sb_error err;
    if (editions_load("schema/editions", &e, &err) != 0) {
        fprintf(stderr, "editions_load: %s\n", err.detail);
        return -1;
    }
    *state = e;
    return 0;
}

int editions_fixture_teardown(void **state)
{
    editions_free(*state);
    return 0;
}
