#ifndef GALLERY_TERMINAL_GUARD_H
#define GALLERY_TERMINAL_GUARD_H
#include <stddef.h>

/// Remembers the tty mode of `fd` to come back to; call before curses changes it. 0 on success.
int terminal_guard_save_tty(int fd);

/// Arms the guard with the bytes that undo what curses did on the screen (rmcup, cursor, SGR,
/// mouse): on SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE or exit(), they are written and the tty
/// mode restored, then the signal goes on to the handler that was there before.
void terminal_guard_arm(const char *reset, size_t length);

/// After a clean shutdown: the handlers go back to what they were and exit() writes nothing.
void terminal_guard_disarm(void);

#endif
