// glibc declares renameat2 and RENAME_NOREPLACE only to _GNU_SOURCE code, which Swift's Glibc
// module is not; and Swift cannot call the variadic syscall(2) instead.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>

#include "rename_noreplace.h"

int gallery_rename_noreplace(const char *source, const char *destination) {
    return renameat2(AT_FDCWD, source, AT_FDCWD, destination, RENAME_NOREPLACE);
}
