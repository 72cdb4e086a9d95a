#ifndef GALLERY_EXIF_READ_H
#define GALLERY_EXIF_READ_H
#include <stddef.h>

/// The Exif fields Gallery uses, as libexif found them.
typedef struct {
    /// The Orientation tag of the main picture (IFD0), or 0 when it is absent or not a SHORT.
    int orientation;
    /// DateTimeOriginal (Exif IFD) and DateTime (IFD0): the tag's ASCII bytes as stored, cut at
    /// the first NUL or at 19 bytes ("YYYY:MM:DD HH:MM:SS"), NUL-terminated; empty when absent.
    /// Nothing here is checked: the caller parses them and keeps no raw text.
    char date_time_original[20];
    char date_time[20];
} gallery_exif_fields;

/// Reads `fields` from an Exif block: "Exif\0\0" then the TIFF header and its IFDs (a JPEG APP1
/// segment's payload). Returns 0, or -1 when libexif could not allocate its state; a block it
/// cannot parse gives 0 with the fields empty.
int gallery_exif_read(const unsigned char *exif, size_t size, gallery_exif_fields *fields);

#endif
