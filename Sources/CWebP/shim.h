#ifndef GALLERY_CWEBP_SHIM_H
#define GALLERY_CWEBP_SHIM_H
#include <webp/decode.h>
#include <webp/demux.h>
#endif
