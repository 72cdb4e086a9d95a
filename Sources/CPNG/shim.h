#ifndef GALLERY_CPNG_SHIM_H
#define GALLERY_CPNG_SHIM_H
#include <png.h>
#endif
