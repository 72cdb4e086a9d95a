#ifndef GALLERY_ALLOCATOR_H
#define GALLERY_ALLOCATOR_H

/// mallopt(M_ARENA_MAX, count): glibc's allocator keeps at most `count` arenas (pools of memory
/// threads allocate from). 1 when set, 0 when refused.
int gallery_limit_arenas(int count);

#endif
