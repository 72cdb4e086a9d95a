#ifndef GALLERY_RAW_DECODE_H
#define GALLERY_RAW_DECODE_H
#include <stddef.h>

/// What LibRaw said while reading one file, or why it could not be loaded.
typedef struct {
    char message[200];
} gallery_raw_report;

/// What a camera RAW file says about itself, copied out of LibRaw's record (text as its bytes,
/// NUL-terminated; numbers 0 when the file does not say).
typedef struct {
    char make[64];
    char model[64];
    char lens[128];
    float iso;
    /// Seconds.
    float shutter;
    float aperture;
    /// Millimetres.
    float focal_length;
    /// The date taken as the camera's clock said it; year 0 when the file has none.
    int year, month, day, hour, minute, second;
    /// Where it was taken, when the file says: degrees, minutes and seconds, and 'N' or 'S', 'E' or 'W'.
    int has_position;
    float latitude[3], longitude[3];
    char latitude_ref, longitude_ref;
    /// LibRaw's `sizes.flip`: 0 upright, 3 turned 180°, 5 turned 90° anticlockwise, 6 clockwise.
    int flip;
    /// The developed picture's size as stored (before `flip`).
    int width, height;
} gallery_raw_fields;

/// An embedded preview: a JPEG's bytes, or 8-bit RGB pixels; both owned by the open file.
typedef struct {
    /// 1: a JPEG in `bytes`/`length`; 2: `width` x `height` RGB pixels in `bytes`.
    int kind;
    const unsigned char *bytes;
    size_t length;
    int width, height;
} gallery_raw_preview;

/// How far one file may take the process.
typedef struct {
    /// The most LibRaw may allocate for the raw data, in megabytes (`params.max_raw_memory_mb`).
    unsigned max_memory_mb;
    /// The most sensor pixels a file may announce before its data is unpacked.
    long max_raw_pixels;
    /// How long opening and developing may take, in milliseconds; LibRaw is asked to stop at its
    /// next stage past it (its progress callback).
    long budget_ms;
} gallery_raw_limits;

/// A camera RAW file being read from memory the caller keeps alive until `gallery_raw_close`.
typedef struct gallery_raw gallery_raw;

/// Whether LibRaw can be used in this process: loaded (dlopen of the thread-safe libraw_r, once)
/// at the first call, so that programs that never meet a RAW file do not load it and its C++,
/// OpenMP and lcms2 libraries. Refused in a statically linked process, where a dlopen'ed C++
/// library with OpenMP threads cannot run. 1, or 0 with `report` filled.
int gallery_raw_available(gallery_raw_report *report);

/// Opens and identifies the file (no pixel data is read yet); NULL with `report` filled when
/// LibRaw cannot read it as a RAW.
gallery_raw *gallery_raw_open(const unsigned char *data, size_t size, gallery_raw_limits limits,
                              gallery_raw_report *report);

/// The file's camera, exposure, date, orientation and size.
void gallery_raw_read_fields(gallery_raw *raw, gallery_raw_fields *fields);

/// Unpacks the embedded preview (the largest LibRaw finds). Returns 0 with `preview` filled, or
/// -1 with `report` filled when there is none or it cannot be read.
int gallery_raw_read_preview(gallery_raw *raw, gallery_raw_preview *preview, gallery_raw_report *report);

/// Unpacks the sensor data and demosaics it at half size (each 2x2 block of the sensor one
/// pixel), with the camera's white balance, 8-bit sRGB, not turned (`flip` is the caller's).
/// Returns 0 with `rgb` pointing at `width` x `height` RGB pixels owned by the file, or -1 with
/// `report` filled.
int gallery_raw_develop(gallery_raw *raw, const unsigned char **rgb, int *width, int *height, gallery_raw_report *report);

void gallery_raw_close(gallery_raw *raw);

#endif
