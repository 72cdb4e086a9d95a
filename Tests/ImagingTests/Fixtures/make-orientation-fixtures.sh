#!/bin/sh
# Makes the Exif orientation fixtures from a shared photo (run from this folder; needs ImageMagick,
# exiftool and cwebp): upright.png, the picture upright, and orientation-N.jpg, stored so that Exif
# orientation N turns it upright, plus orientation-6.png with an eXIf chunk and orientation-6.webp
# with an EXIF chunk. 203x149: sides that are not multiples of 8, so reduced decodes end in partial
# pixels.
set -eu
photo="${1:-../../../../shared/photos/chelsea-1080.jpg}"
convert "$photo" -resize 203x149! -strip upright.png
store() { convert upright.png "$@" -strip -quality 95 "orientation-$n.jpg"; }
n=1; store
n=2; store -flop
n=3; store -rotate 180
n=4; store -flip
n=5; store -transpose
n=6; store -rotate 270
n=7; store -transverse
n=8; store -rotate 90
for n in 1 2 3 4 5 6 7 8; do
  exiftool -q -overwrite_original "-Orientation#=$n" "-DateTimeOriginal=2021:07:0$n 10:11:12" "orientation-$n.jpg"
done
convert upright.png -rotate 270 -strip orientation-6.png
exiftool -q -overwrite_original "-Orientation#=6" "-ModifyDate=2019:03:04 05:06:07" orientation-6.png
# A WebP of orientation-6.jpg with its Exif in an EXIF chunk (cwebp, package webp), after the picture.
cwebp -quiet -q 90 -metadata exif orientation-6.jpg -o orientation-6.webp
