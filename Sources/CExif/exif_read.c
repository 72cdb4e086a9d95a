// libexif behind one function: its entry lookup is a macro and its IFDs a C array, neither of
// which Swift reaches well, and Gallery needs a handful of tags of it.
#include "exif_read.h"

#include <string.h>
#include <libexif/exif-data.h>
#include <libexif/exif-utils.h>

/// Copies an ASCII tag's bytes up to its first NUL, at most `capacity` - 1 of them, NUL-terminated.
static void copy_ascii(ExifData *data, ExifIfd ifd, ExifTag tag, char *out, size_t capacity) {
    ExifEntry *entry = exif_content_get_entry(data->ifd[ifd], tag);
    out[0] = 0;
    if (entry == NULL || entry->format != EXIF_FORMAT_ASCII || entry->data == NULL) return;
    size_t count = entry->size < capacity - 1 ? entry->size : capacity - 1;
    size_t i = 0;
    for (; i < count && entry->data[i] != 0; i++) out[i] = (char)entry->data[i];
    out[i] = 0;
}

/// Copies `count` RATIONALs of a tag that holds exactly that many; leaves `out` 0/0 otherwise.
static void copy_rationals(ExifData *data, ExifIfd ifd, ExifTag tag, gallery_exif_rational *out, unsigned long count) {
    ExifEntry *entry = exif_content_get_entry(data->ifd[ifd], tag);
    if (entry == NULL || entry->format != EXIF_FORMAT_RATIONAL || entry->components != count || entry->data == NULL
        || entry->size < count * 8) return;
    ExifByteOrder order = exif_data_get_byte_order(data);
    for (unsigned long i = 0; i < count; i++) {
        ExifRational value = exif_get_rational(entry->data + 8 * i, order);
        out[i].numerator = value.numerator;
        out[i].denominator = value.denominator;
    }
}

/// The first value of a SHORT or LONG tag; 0 when absent or of another format.
static unsigned int first_integer(ExifData *data, ExifIfd ifd, ExifTag tag) {
    ExifEntry *entry = exif_content_get_entry(data->ifd[ifd], tag);
    if (entry == NULL || entry->components < 1 || entry->data == NULL) return 0;
    ExifByteOrder order = exif_data_get_byte_order(data);
    if (entry->format == EXIF_FORMAT_SHORT && entry->size >= 2) return exif_get_short(entry->data, order);
    if (entry->format == EXIF_FORMAT_LONG && entry->size >= 4) return exif_get_long(entry->data, order);
    return 0;
}

int gallery_exif_read(const unsigned char *exif, size_t size, gallery_exif_fields *fields) {
    memset(fields, 0, sizeof *fields);
    ExifData *data = exif_data_new();
    if (data == NULL) return -1;
    // Following the specification "fixes" the data on load: it adds the mandatory tags that are
    // missing, DateTime among them, set to the current time.
    exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION);
    exif_data_load_data(data, exif, (unsigned int)size);
    ExifEntry *orientation = exif_content_get_entry(data->ifd[EXIF_IFD_0], EXIF_TAG_ORIENTATION);
    if (orientation != NULL && orientation->format == EXIF_FORMAT_SHORT && orientation->components >= 1
        && orientation->data != NULL && orientation->size >= 2) {
        fields->orientation = exif_get_short(orientation->data, exif_data_get_byte_order(data));
    }
    copy_ascii(data, EXIF_IFD_EXIF, EXIF_TAG_DATE_TIME_ORIGINAL, fields->date_time_original, sizeof fields->date_time_original);
    copy_ascii(data, EXIF_IFD_0, EXIF_TAG_DATE_TIME, fields->date_time, sizeof fields->date_time);
    copy_ascii(data, EXIF_IFD_EXIF, EXIF_TAG_OFFSET_TIME_ORIGINAL, fields->offset_time_original, sizeof fields->offset_time_original);
    copy_ascii(data, EXIF_IFD_EXIF, EXIF_TAG_OFFSET_TIME, fields->offset_time, sizeof fields->offset_time);
    copy_ascii(data, EXIF_IFD_0, EXIF_TAG_MAKE, fields->make, sizeof fields->make);
    copy_ascii(data, EXIF_IFD_0, EXIF_TAG_MODEL, fields->model, sizeof fields->model);
    copy_ascii(data, EXIF_IFD_EXIF, EXIF_TAG_LENS_MODEL, fields->lens, sizeof fields->lens);
    copy_rationals(data, EXIF_IFD_EXIF, EXIF_TAG_FNUMBER, &fields->f_number, 1);
    copy_rationals(data, EXIF_IFD_EXIF, EXIF_TAG_EXPOSURE_TIME, &fields->exposure_time, 1);
    copy_rationals(data, EXIF_IFD_EXIF, EXIF_TAG_FOCAL_LENGTH, &fields->focal_length, 1);
    fields->iso = first_integer(data, EXIF_IFD_EXIF, EXIF_TAG_ISO_SPEED_RATINGS);
    copy_rationals(data, EXIF_IFD_GPS, (ExifTag)EXIF_TAG_GPS_LATITUDE, fields->latitude, 3);
    copy_rationals(data, EXIF_IFD_GPS, (ExifTag)EXIF_TAG_GPS_LONGITUDE, fields->longitude, 3);
    char ref[2];
    copy_ascii(data, EXIF_IFD_GPS, (ExifTag)EXIF_TAG_GPS_LATITUDE_REF, ref, sizeof ref);
    fields->latitude_ref = ref[0];
    copy_ascii(data, EXIF_IFD_GPS, (ExifTag)EXIF_TAG_GPS_LONGITUDE_REF, ref, sizeof ref);
    fields->longitude_ref = ref[0];
    exif_data_unref(data);
    return 0;
}
