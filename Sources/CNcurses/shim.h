#ifndef GALLERY_CNCURSES_SHIM_H
#define GALLERY_CNCURSES_SHIM_H
/* SwiftPM drops pkg-config's -D flags: wide-character curses needs this before the include. */
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <ncursesw/curses.h>
#include <wchar.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <pty.h>

/* Globals and macros Swift cannot see (or rejects as not concurrency-safe). */
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline WINDOW *cn_curscr(void) { return curscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline int cn_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int cn_getmaxx(WINDOW *w) { return getmaxx(w); }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_a_normal(void) { return A_NORMAL; }
static inline attr_t cn_a_invis(void) { return A_INVIS; }
static inline attr_t cn_color_pair(int n) { return COLOR_PAIR(n); }
static inline int cn_mvaddnstr(int y, int x, const char *s, int n) { return mvaddnstr(y, x, s, n); }
static inline int cn_mvaddwstr(int y, int x, const wchar_t *s) { return mvaddwstr(y, x, s); }
static inline int cn_mvaddnwstr(int y, int x, const wchar_t *s, int n) { return mvaddnwstr(y, x, s, n); }
static inline int cn_key_resize(void) { return KEY_RESIZE; }
static inline int cn_key_mouse(void) { return KEY_MOUSE; }
static inline int cn_key_code_yes(void) { return KEY_CODE_YES; }
static inline int cn_key_f(int n) { return KEY_F(n); }

/* newterm on the process's stdio (stdout/stdin are C globals Swift 6 rejects); NULL when TERM is unusable. */
static inline SCREEN *cn_newterm_stdio(void) { return newterm(NULL, stdout, stdin); }
/* tigetstr reports "absent" as 0 and "not a string capability" as (char *)-1: fold both into NULL. */
static inline const char *cn_tigetstr(const char *name) {
    char *s = tigetstr(name);
    return (s == NULL || s == (char *)-1) ? NULL : s;
}
/* One character cell: a base character plus up to CCHARW_MAX-1 combining characters (0-terminated). */
static inline int cn_mvadd_cell(int y, int x, const wchar_t *chars, attr_t attrs, short pair) {
    cchar_t cell;
    if (setcchar(&cell, chars, attrs, pair, NULL) == ERR) return ERR;
    return mvadd_wch(y, x, &cell);
}
static inline int cn_cchar_max(void) { return CCHARW_MAX; }

/* Mouse masks are function-like macros. */
static inline mmask_t cn_mouse_wanted(void) { return BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED; }
static inline mmask_t cn_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cn_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cn_button5_pressed(void) { return BUTTON5_PRESSED; }

/* wcwidth is hidden behind __USE_XOPEN in glibc's headers. It follows the calling thread's LC_CTYPE. */
int wcwidth(wchar_t c);
static inline int cn_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

/* SIG_IGN / SIG_DFL are casts Swift cannot import. */
static inline void cn_ignore_signal(int sig) { signal(sig, SIG_IGN); }
static inline void cn_default_signal(int sig) { signal(sig, SIG_DFL); }

/* A pseudo-terminal pair (openpty is in glibc's libc since 2.34), for tests of tty code. */
static inline int cn_openpty(int *master, int *slave) { return openpty(master, slave, NULL, NULL, NULL); }

/* The window in cells and, where the terminal fills them in (0 otherwise), in pixels. */
static inline int cn_window_pixels(int fd, int *rows, int *cols, int *xpixel, int *ypixel) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    *xpixel = ws.ws_xpixel;
    *ypixel = ws.ws_ypixel;
    return 0;
}

static inline int cn_window_size(int fd, int *rows, int *cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    return 0;
}

/*
 * Terminal guard: puts the tty back when the process dies without stop() (crash signals, exit()).
 * Everything reachable from the handler is async-signal-safe (write, tcsetattr, fcntl, sigaction, raise).
 * The state is a static in this header, so each object file that calls these gets its own copy:
 * call the cn_guard_ functions from ONE Swift file only (TerminalGuard.swift).
 */
struct cn_guard_state {
    char reset[512];
    size_t reset_length;
    struct termios termios;
    int fd;
    int flags;
    volatile sig_atomic_t active;
    int exit_registered;
    struct sigaction previous[5];
};
static const int cn_guard_signals[5] = { SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE };

/* A function-local static: Swift's C importer emits it with the function (it drops file-scope statics). */
static inline struct cn_guard_state *cn_guard(void) {
    static struct cn_guard_state state = { .fd = -1, .flags = -1 };
    return &state;
}

static inline void cn_guard_restore_tty(void) {
    struct cn_guard_state *g = cn_guard();
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

static inline void cn_guard_on_crash(int sig, siginfo_t *info, void *context) {
    (void)context;
    cn_guard_restore_tty();
    for (int i = 0; i < 5; i++)
        if (cn_guard_signals[i] == sig) sigaction(sig, &cn_guard()->previous[i], NULL);
    /* A real fault re-executes the faulting instruction on return and reaches the previous handler
       (the Swift backtracer) with its original context; a sent or raised signal must be raised again. */
    if (sig == SIGABRT || info == NULL || info->si_code <= 0) raise(sig);
}

static inline void cn_guard_at_exit(void) { cn_guard_restore_tty(); }

/* Remembers the tty mode to come back to; call before curses changes it. */
static inline int cn_guard_save_tty(int fd) {
    struct cn_guard_state *g = cn_guard();
    g->fd = fd;
    g->flags = fcntl(fd, F_GETFL);
    return tcgetattr(fd, &g->termios);
}

/* Arms the guard with the bytes that undo what curses did on the screen (rmcup, cursor, SGR, mouse). */
static inline void cn_guard_arm(const char *reset, size_t length) {
    struct cn_guard_state *g = cn_guard();
    if (length > sizeof g->reset) length = sizeof g->reset;
    memcpy(g->reset, reset, length);
    g->reset_length = length;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = cn_guard_on_crash;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < 5; i++) sigaction(cn_guard_signals[i], &action, &g->previous[i]);
    if (!g->exit_registered) {
        g->exit_registered = 1;
        atexit(cn_guard_at_exit);
    }
    g->active = 1;
}

/* After a clean shutdown: the handlers go back to what they were and exit() writes nothing. */
static inline void cn_guard_disarm(void) {
    struct cn_guard_state *g = cn_guard();
    if (!g->active) return;
    g->active = 0;
    for (int i = 0; i < 5; i++) sigaction(cn_guard_signals[i], &g->previous[i], NULL);
    if (g->flags != -1) fcntl(g->fd, F_SETFL, g->flags);
}
#endif
