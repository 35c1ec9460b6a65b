/* test_rng.h -- the random-game tests' small deterministic generator (splitmix64), one
 * per game, so a seed names a game exactly. Header only: each function is static inline. */
#ifndef STAMPBOOK_TEST_RNG_H
#define STAMPBOOK_TEST_RNG_H

#include <stdbool.h>
#include <stdint.h>

struct rng {
    uint64_t s;
};

/* The next 64 random bits. This function can't fail. */
static inline uint64_t rng_next(struct rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* A number in 0..n-1 (0 when n <= 0). This function can't fail. */
static inline int rng_int(struct rng *r, int n)
{
    return n > 0 ? (int)(rng_next(r) % (uint64_t)n) : 0;
}

/* True percent times in a hundred. This function can't fail. */
static inline bool rng_chance(struct rng *r, int percent)
{
    return rng_int(r, 100) < percent;
}

#endif
