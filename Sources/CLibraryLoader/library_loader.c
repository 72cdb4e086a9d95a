#include "library_loader.h"

#include <dlfcn.h>
#include <stdio.h>

// Defined by the linker in a dynamically linked program only.
extern const char _DYNAMIC[] __attribute__((weak));

int gallery_open_libraries(const char *const *names, size_t count, void **handles, const char *kind,
                           const char *missing, char *failure, size_t failure_size) {
    if (_DYNAMIC == NULL) {
        snprintf(failure, failure_size, "%s cannot be decoded in a static executable", kind);
        return 0;
    }
    for (size_t i = 0; i < count; i++) {
        handles[i] = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (handles[i] == NULL) {
            snprintf(failure, failure_size, "%s (%s)", missing, dlerror());
            return 0;
        }
    }
    return 1;
}

int gallery_look_up_symbols(const gallery_symbol *symbols, size_t count, const char *package, char *failure,
                            size_t failure_size) {
    for (size_t i = 0; i < count; i++) {
        *symbols[i].slot = dlsym(symbols[i].library, symbols[i].name);
        if (*symbols[i].slot == NULL) {
            snprintf(failure, failure_size, "%s has no %s", package, symbols[i].name);
            return 0;
        }
    }
    return 1;
}

int gallery_loaded(const char *failure, char *message, size_t message_size) {
    if (failure[0] == 0) return 1;
    snprintf(message, message_size, "%s", failure);
    return 0;
}
