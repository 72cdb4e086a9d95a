// The one way an optional library is loaded when first needed (dlopen) rather than linked, for
// CHEIF, CFFmpeg, CLibRaw and CJXL: each pulls in many libraries every start of the program would
// otherwise load. Each loader calls these from its own `pthread_once` routine.
#ifndef GALLERY_LIBRARY_LOADER_H
#define GALLERY_LIBRARY_LOADER_H

#include <stddef.h>

/// A function to find: the library it is in, where its address goes, its name.
typedef struct {
    void *library;
    void **slot;
    const char *name;
} gallery_symbol;

/// Opens `count` libraries by their file names into `handles`, in order. 0 with a sentence in
/// `failure` when this is a static executable (a dlopen'ed library's threads crash there: "`kind`
/// cannot be decoded in a static executable") or one is missing (`missing`, "libheif is not
/// installed", then dlerror's words).
int gallery_open_libraries(const char *const *names, size_t count, void **handles, const char *kind,
                           const char *missing, char *failure, size_t failure_size);

/// Looks up every symbol; 0 with "`package` has no NAME" in `failure` at the first missing one.
int gallery_look_up_symbols(const gallery_symbol *symbols, size_t count, const char *package, char *failure,
                            size_t failure_size);

/// What a loader's `*_available` answers: 1 when `failure` is empty, else 0 with it copied into `message`.
int gallery_loaded(const char *failure, char *message, size_t message_size);

#endif
