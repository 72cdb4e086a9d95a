#ifndef GALLERY_JXL_DECODE_H
#define GALLERY_JXL_DECODE_H
#include <stddef.h>

/// What libjxl said while reading one file, or why it could not be loaded.
typedef struct {
    char message[200];
} gallery_jxl_report;

/// Whether libjxl can be used in this process: it is loaded (dlopen of libjxl and libjxl_threads,
/// once) at the first call, so that programs that never meet a JPEG XL file do not load it and
/// its C++ libraries. Refused in a statically linked process, where its decoding threads cannot
/// start. 1, or 0 with `report` filled.
int gallery_jxl_available(gallery_jxl_report *report);

/// The size of the picture as shown (its orientation applied, as libjxl applies it while
/// decoding), read from the header alone. Returns 0, or -1 with `report` filled.
int gallery_jxl_size(const unsigned char *data, size_t size, int *width, int *height, gallery_jxl_report *report);

/// Decodes the first frame (animations coalesced) as 8-bit RGBA in sRGB, straight alpha (255
/// without an alpha channel), upright, into `rgba` of `width` x `height` pixels, rows packed.
/// Refuses a picture of another size than that, and stops when libjxl asks for more than
/// `max_memory` bytes in all. Returns 0, or -1 with `report` filled.
int gallery_jxl_decode(const unsigned char *data, size_t size, unsigned char *rgba, int width, int height,
                       size_t max_memory, gallery_jxl_report *report);

#endif
