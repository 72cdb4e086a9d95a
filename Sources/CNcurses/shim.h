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
#include <pty.h>

/* Globals and macros Swift cannot see (or rejects as not concurrency-safe). */
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline WINDOW *cn_curscr(void) { return curscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_a_normal(void) { return A_NORMAL; }
static inline attr_t cn_a_invis(void) { return A_INVIS; }
static inline int cn_key_resize(void) { return KEY_RESIZE; }
static inline int cn_key_mouse(void) { return KEY_MOUSE; }
static inline int cn_key_code_yes(void) { return KEY_CODE_YES; }

/* newterm on the process's stdio (stdout/stdin are C globals Swift 6 rejects) with the terminfo
   description `name`; NULL when this machine has none by that name. */
static inline SCREEN *cn_newterm_named(const char *name) { return newterm(name, stdout, stdin); }
/* Whether the terminal in use switches to an alternate screen (smcup), which gives the shell's
   screen back at the end. */
static inline bool cn_has_alternate_screen(void) {
    char *s = tigetstr("smcup");
    return s != NULL && s != (char *)-1 && s[0] != 0;
}
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

#endif
