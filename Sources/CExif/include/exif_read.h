#ifndef GALLERY_EXIF_READ_H
#define GALLERY_EXIF_READ_H
#include <stddef.h>

/// An Exif RATIONAL as stored: 0/0 when the tag is absent or of another format.
typedef struct {
    unsigned int numerator;
    unsigned int denominator;
} gallery_exif_rational;

/// The Exif fields Gallery uses, as libexif found them.
typedef struct {
    /// The Orientation tag of the main picture (IFD0), or 0 when it is absent or not a SHORT.
    int orientation;
    /// DateTimeOriginal (Exif IFD) and DateTime (IFD0): the tag's ASCII bytes as stored, cut at
    /// the first NUL or at 19 bytes ("YYYY:MM:DD HH:MM:SS"), NUL-terminated; empty when absent.
    /// Nothing here is checked: the caller parses them and keeps no raw text.
    char date_time_original[20];
    char date_time[20];
    /// OffsetTimeOriginal and OffsetTime (Exif IFD, Exif 2.31): the zone of the two dates above,
    /// "+HH:MM" as stored, cut at the first NUL or at 7 bytes, NUL-terminated; empty when absent.
    char offset_time_original[8];
    char offset_time[8];
    /// Make and Model (IFD0) and LensModel (Exif IFD): the tag's bytes as stored, cut at the
    /// first NUL or at 63 bytes, NUL-terminated; empty when absent. Not checked either: the
    /// caller drops control characters.
    char make[64];
    char model[64];
    char lens[64];
    /// FNumber, ExposureTime (seconds) and FocalLength (millimetres), from the Exif IFD.
    gallery_exif_rational f_number;
    gallery_exif_rational exposure_time;
    gallery_exif_rational focal_length;
    /// ISOSpeedRatings' first value (a SHORT or LONG); 0 when absent.
    unsigned int iso;
    /// GPSLatitude and GPSLongitude (GPS IFD): degrees, minutes, seconds; all 0/0 unless the tag
    /// holds three RATIONALs.
    gallery_exif_rational latitude[3];
    gallery_exif_rational longitude[3];
    /// The first byte of GPSLatitudeRef and GPSLongitudeRef ('N' or 'S', 'E' or 'W'); 0 when absent.
    char latitude_ref;
    char longitude_ref;
} gallery_exif_fields;

/// Reads `fields` from an Exif block: "Exif\0\0" then the TIFF header and its IFDs (a JPEG APP1
/// segment's payload). Returns 0, or -1 when libexif could not allocate its state; a block it
/// cannot parse gives 0 with the fields empty.
int gallery_exif_read(const unsigned char *exif, size_t size, gallery_exif_fields *fields);

#endif
