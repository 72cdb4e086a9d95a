#!/bin/sh
# Makes camera-exif.jpg, a small photo whose Exif (written by exiftool) names a camera, a lens, an
# exposure and a place, with an escape sequence in the model that must never reach the terminal.
# Run from this folder; needs ImageMagick, exiftool and cwebp.
set -eu
photo="${1:-../../../../shared/photos/chelsea-1080.jpg}"
convert "$photo" -resize 48x32! -strip -quality 85 camera-exif.jpg
model="$(printf 'EOS 40D\033[2J\033]0;owned\007')"
exiftool -q -overwrite_original -Make=Canon "-Model=$model" "-LensModel=EF-S17-85mm f/4-5.6 IS USM" \
  -FNumber=4 -ExposureTime=1/250 -ISO=100 -FocalLength=37 "-DateTimeOriginal=2022:05:06 07:08:09" \
  -GPSLatitude=48.858370 -GPSLatitudeRef=N -GPSLongitude=2.294481 -GPSLongitudeRef=E camera-exif.jpg
# The same as a WebP, the Exif in its EXIF chunk (cwebp, package webp).
cwebp -quiet -q 85 -metadata exif camera-exif.jpg -o camera-exif.webp
