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
/* Focus reports (mode 1004: CSI I, CSI O) as key codes of their own, past ncurses' KEY_MAX: read
   as bytes, their ESC would be the Escape key. */
static inline int cn_key_focus_in(void) { return KEY_MAX + 1; }
static inline int cn_key_focus_out(void) { return KEY_MAX + 2; }
static inline void cn_define_focus_keys(void) {
    define_key("\033[I", KEY_MAX + 1);
    define_key("\033[O", KEY_MAX + 2);
}
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
/* Moves lines top...bottom of `win` up by n (down when negative), blank lines coming in: what
   the terminal did to those rows when the app scrolled them itself, told to ncurses' idea of the
   screen (curscr) and to stdscr. wscrl only shifts and touches the lines; it writes nothing. */
static inline int cn_shift_lines(WINDOW *win, int top, int bottom, int n) {
    int oldTop = 0, oldBottom = 0;
    bool wasScrolling = is_scrollok(win);
    wgetscrreg(win, &oldTop, &oldBottom);
    scrollok(win, TRUE);
    int result = wsetscrreg(win, top, bottom);
    if (result == OK) result = wscrl(win, n);
    wsetscrreg(win, oldTop, oldBottom);
    scrollok(win, wasScrolling);
    return result;
}
/* Makes ncurses believe the terminal shows, in the rows x columns cells from top,left, cells no
   frame draws (blinking invisible '?'), so that the next doupdate writes them whatever they hold:
   for the cells a picture covered, whose pixels ncurses knows nothing of. Its idea of the cursor
   is left where it was. */
static inline void cn_forget_cells(int top, int left, int rows, int columns) {
    cchar_t cell;
    const wchar_t glyph[2] = { L'?', 0 };
    int cursorY = 0, cursorX = 0;
    if (setcchar(&cell, glyph, A_BLINK | A_INVIS, 0, NULL) != OK) return;
    getyx(curscr, cursorY, cursorX);
    for (int y = top; y < top + rows; y++)
        for (int x = left; x < left + columns; x++) mvwadd_wch(curscr, y, x, &cell);
    wmove(curscr, cursorY, cursorX);
}
static inline int cn_cchar_max(void) { return CCHARW_MAX; }

/* Mouse masks are function-like macros. */
/* Every press and release the terminal reports, though the app uses only presses: after an event
   it was not asked for, ncurses reads on, blocking, until it has one it may report, so a release
   arriving on its own (kitty sends it after the press) froze the app until the next key. Not the
   clicks ncurses composes: a press and its release read together would become one, and no press. */
static inline mmask_t cn_mouse_wanted(void) {
    return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON2_PRESSED | BUTTON2_RELEASED | BUTTON3_PRESSED
        | BUTTON3_RELEASED | BUTTON4_PRESSED | BUTTON4_RELEASED | BUTTON5_PRESSED | BUTTON5_RELEASED
        | REPORT_MOUSE_POSITION;
}
static inline mmask_t cn_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cn_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }
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
