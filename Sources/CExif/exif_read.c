// libexif behind one function: its entry lookup is a macro and its IFDs a C array, neither of
// which Swift reaches well, and Gallery needs three tags of it.
#include "exif_read.h"

#include <string.h>
#include <libexif/exif-data.h>
#include <libexif/exif-utils.h>

static void copy_ascii(ExifData *data, ExifIfd ifd, ExifTag tag, char out[20]) {
    ExifEntry *entry = exif_content_get_entry(data->ifd[ifd], tag);
    out[0] = 0;
    if (entry == NULL || entry->format != EXIF_FORMAT_ASCII || entry->data == NULL) return;
    size_t count = entry->size < 19 ? entry->size : 19;
    size_t i = 0;
    for (; i < count && entry->data[i] != 0; i++) out[i] = (char)entry->data[i];
    out[i] = 0;
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
    copy_ascii(data, EXIF_IFD_EXIF, EXIF_TAG_DATE_TIME_ORIGINAL, fields->date_time_original);
    copy_ascii(data, EXIF_IFD_0, EXIF_TAG_DATE_TIME, fields->date_time);
    exif_data_unref(data);
    return 0;
}
