/* editions_fixture.h -- the shipped editions (schema/editions) loaded for the tests that
 * read them, as a cmocka set-up and tear-down. */
#ifndef STAMPBOOK_EDITIONS_FIXTURE_H
#define STAMPBOOK_EDITIONS_FIXTURE_H

/* *state: the editions of schema/editions, loaded; -1, after printing why, when they do
 * not load. */
int editions_fixture_setup(void **state);

/* Free the editions *state holds. Returns 0. */
int editions_fixture_teardown(void **state);

#endif
