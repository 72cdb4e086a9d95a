#ifndef GALLERY_CTURBOJPEG_SHIM_H
#define GALLERY_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
#endif
