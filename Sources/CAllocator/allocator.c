#include "allocator.h"

#include <malloc.h>

int gallery_limit_arenas(int count) {
    return mallopt(M_ARENA_MAX, count);
}
