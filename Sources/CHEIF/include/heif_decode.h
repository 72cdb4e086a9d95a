#ifndef GALLERY_HEIF_DECODE_H
#define GALLERY_HEIF_DECODE_H
#include <stddef.h>

/// What libheif said while reading one file, or why it could not be loaded.
typedef struct {
    char message[200];
} gallery_heif_report;

/// A HEIF or AVIF file being read from memory the caller keeps alive until `gallery_heif_close`.
typedef struct gallery_heif gallery_heif;

/// Whether libheif can be used in this process: it is loaded (dlopen, once) at the first call,
/// so that programs that never meet a HEIF file do not pay for its ~10 shared libraries at
/// start-up. A statically linked process cannot: libheif's decoders start threads, which a
/// dlopen'ed C library cannot do inside a static executable. 1, or 0 with `report` filled.
int gallery_heif_available(gallery_heif_report *report);

/// Opens the file and its primary image; NULL with `report` filled. `max_side` bounds the
/// images libheif accepts (their width and height); from then on, the primary image's longest
/// side does.
gallery_heif *gallery_heif_open(const unsigned char *data, size_t size, int max_side, gallery_heif_report *report);

/// The primary image's size as shown (libheif's rotations and mirrors applied).
void gallery_heif_size(gallery_heif *heif, int *width, int *height);

/// Chooses what `gallery_heif_decode` decodes: the smallest embedded thumbnail at least
/// `min_width` x `min_height`, else the primary image. Gives the chosen one's size.
void gallery_heif_choose(gallery_heif *heif, int min_width, int min_height, int *width, int *height);

/// Decodes the chosen image as 8-bit RGBA (straight alpha; 255 without an alpha channel),
/// rotations and mirrors applied by libheif, into `rgba` of `width` x `height` pixels, rows
/// packed. Returns 0, or -1 with `report` filled (also when the decoded size is not that).
int gallery_heif_decode(gallery_heif *heif, unsigned char *rgba, int width, int height, gallery_heif_report *report);

void gallery_heif_close(gallery_heif *heif);

#endif
