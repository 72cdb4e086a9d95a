#ifndef GALLERY_JPEG_DECODE_H
#define GALLERY_JPEG_DECODE_H
#include <stddef.h>

/// What libjpeg said while reading one JPEG: its fatal error, or how it recovered.
typedef struct {
    /// libjpeg's text of the fatal error, or of the first warning when there was no error.
    char message[200];
    /// 1 when libjpeg stopped with an error: nothing it wrote is a picture.
    int failed;
    /// Corrupt data libjpeg recovered from (it decodes on, in grey or garbage where it must).
    int warnings;
    /// 1 when one of the warnings was running out of data: the file ended, or a marker stood in
    /// the middle of a scan, and what follows in the picture is grey.
    int ran_out_of_data;
} gallery_jpeg_report;

/// The size the frame header gives, with nothing decoded; 0 on success, -1 with `report` filled.
int gallery_jpeg_read_size(const unsigned char *data, size_t size, int *width, int *height,
                           gallery_jpeg_report *report);

/// Decodes the JPEG as RGB (CMYK and YCCK converted naively, see jpeg_decode.c) at scale
/// `scale_num`/8 into `rgb`, `width` x `height` pixels of three
/// bytes, rows packed: the size libjpeg gives for that scale (each side rounded up), else an
/// error. Fast integer IDCT and smooth upsampling, as TurboJPEG's TJFLAG_FASTDCT. Returns 0
/// (perhaps with warnings in `report`) or -1 when libjpeg failed, after which `rgb` holds no
/// picture.
int gallery_jpeg_decode(const unsigned char *data, size_t size, int scale_num,
                        unsigned char *rgb, int width, int height, gallery_jpeg_report *report);

/// A rectangle of a picture decoded at some scale, in that scale's pixels.
typedef struct {
    int x, y, width, height;
} gallery_jpeg_region;

/// `gallery_jpeg_decode` of only `region` of the picture, which at `scale_num`/8 must be `width`
/// x `height` with `region` inside it: `rgb` gets `region.width` x `region.height` pixels, the same
/// pixels a whole decode has there. The rows above the region are skipped (their entropy data is
/// still read, not their IDCT), the rows below never read, the columns beside it cropped to whole
/// iMCUs (`jpeg_crop_scanline`). Returns 0 or -1 as `gallery_jpeg_decode` does.
int gallery_jpeg_decode_region(const unsigned char *data, size_t size, int scale_num, int width, int height,
                               gallery_jpeg_region region, unsigned char *rgb, gallery_jpeg_report *report);

#endif
