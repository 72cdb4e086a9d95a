#ifndef GALLERY_CGIF_SHIM_H
#define GALLERY_CGIF_SHIM_H
#include <gif_lib.h>
#endif
