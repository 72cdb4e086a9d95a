#ifndef GALLERY_CSIXEL_SHIM_H
#define GALLERY_CSIXEL_SHIM_H
#include <sixel.h>

/* SIXEL_FAILED is a function-like macro, which Swift does not import. */
static inline int csixel_failed(SIXELSTATUS status) { return SIXEL_FAILED(status); }

#endif
