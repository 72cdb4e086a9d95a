// The terminal guard: puts the tty back when the process dies without the app's own shutdown
// (a crash signal, exit()). Everything reachable from the handler is async-signal-safe (write,
// tcsetattr, fcntl, sigaction, raise). Its state is this file's, one copy in the process.
#include "terminal_guard.h"

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

struct guard_state {
    char reset[512];
    size_t reset_length;
    struct termios termios;
    int fd;
    int flags;
    volatile sig_atomic_t active;
    int exit_registered;
    struct sigaction previous[5];
};
static const int guarded_signals[5] = { SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE };

static struct guard_state state = { .fd = -1, .flags = -1 };

static void restore_tty(void) {
    struct guard_state *g = &state;
    if (!g->active) return;
    g->active = 0;
    size_t done = 0;
    while (done < g->reset_length) {
        ssize_t n = write(g->fd, g->reset + done, g->reset_length - done);
        if (n <= 0) break;
        done += (size_t)n;
    }
    tcsetattr(g->fd, TCSANOW, &g->termios);
    if (g->flags != -1) fcntl(g->fd, F_SETFL, g->flags);
}

static void on_crash(int sig, siginfo_t *info, void *context) {
    (void)context;
    restore_tty();
    for (int i = 0; i < 5; i++)
        if (guarded_signals[i] == sig) sigaction(sig, &state.previous[i], NULL);
    /* A real fault re-executes the faulting instruction on return and reaches the previous handler
       (the Swift backtracer) with its original context; a sent or raised signal must be raised again. */
    if (sig == SIGABRT || info == NULL || info->si_code <= 0) raise(sig);
}

static void at_exit(void) { restore_tty(); }

int terminal_guard_save_tty(int fd) {
    struct guard_state *g = &state;
    g->fd = fd;
    g->flags = fcntl(fd, F_GETFL);
    return tcgetattr(fd, &g->termios);
}

void terminal_guard_arm(const char *reset, size_t length) {
    struct guard_state *g = &state;
    if (length > sizeof g->reset) length = sizeof g->reset;
    memcpy(g->reset, reset, length);
    g->reset_length = length;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_crash;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < 5; i++) sigaction(guarded_signals[i], &action, &g->previous[i]);
    if (!g->exit_registered) {
        g->exit_registered = 1;
        atexit(at_exit);
    }
    g->active = 1;
}

void terminal_guard_disarm(void) {
    struct guard_state *g = &state;
    if (!g->active) return;
    g->active = 0;
    for (int i = 0; i < 5; i++) sigaction(guarded_signals[i], &g->previous[i], NULL);
    if (g->flags != -1) fcntl(g->fd, F_SETFL, g->flags);
}
