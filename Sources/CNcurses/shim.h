#ifndef GALLERY_CNCURSES_SHIM_H
#define GALLERY_CNCURSES_SHIM_H
/* SwiftPM drops pkg-config's -D flags: wide-character curses needs this before the include. */
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <ncursesw/curses.h>

/* Globals and macros Swift cannot see (or rejects as not concurrency-safe). */
static inline WINDOW *cn_stdscr(void) { return stdscr; }
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
static inline attr_t cn_color_pair(int n) { return COLOR_PAIR(n); }
static inline int cn_mvaddnstr(int y, int x, const char *s, int n) { return mvaddnstr(y, x, s, n); }
static inline int cn_mvaddwstr(int y, int x, const wchar_t *s) { return mvaddwstr(y, x, s); }
static inline int cn_mvaddnwstr(int y, int x, const wchar_t *s, int n) { return mvaddnwstr(y, x, s, n); }
static inline int cn_key_resize(void) { return KEY_RESIZE; }
static inline int cn_key_mouse(void) { return KEY_MOUSE; }
static inline int cn_key_code_yes(void) { return KEY_CODE_YES; }
static inline int cn_key_f(int n) { return KEY_F(n); }
#endif
