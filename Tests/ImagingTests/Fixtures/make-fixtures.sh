#!/bin/sh
# Makes the format fixtures from a real photo (../shared/photos/coffee.png): a 160 px PNG as the
# reference, and the same picture in each format the decoders read. Run from this folder; needs
# ImageMagick (with libwebp, libheif and libtiff), heif-enc (libheif-examples), heif-thumbnailer
# and exiftool.
set -eu
photos="${GALLERY_PHOTOS:-../../../../shared/photos}"
convert "$photos/coffee.png" -resize 160x -strip coffee.png
# The same picture with a soft alpha ramp, left (opaque) to right (transparent).
convert coffee.png \( -size 107x160 gradient:black-white -rotate 90 \) -alpha off -compose CopyOpacity -composite -strip coffee-alpha.png
convert coffee.png -quality 85 -strip coffee.webp
convert coffee.png -define webp:lossless=true -strip coffee-lossless.webp
convert coffee-alpha.png -define webp:lossless=true -strip coffee-alpha.webp
convert coffee-alpha.png -background black -flatten -strip coffee-alpha-over-black.png
# GIF: the photo quantised to 256 colours (interlaced), and a frame smaller than the screen, offset,
# with transparent pixels; each beside ImageMagick's decode over black, which ours must equal.
convert coffee.png -interlace GIF coffee.gif
convert coffee.gif -strip coffee-gif.png
convert coffee.png -crop 80x50+40+30 -alpha set -channel A -fx 'i<30 && j<20 ? 0 : 1' +channel coffee-framed.gif
convert coffee-framed.gif -background black -flatten -strip coffee-framed-gif.png
# TIFF: LZW RGB (lossless); and a 32 px copy stored in each of the 8 orientations, as cameras
# write them: the pixels turned the inverse way, the tag saying how to turn them upright.
convert coffee.png -compress lzw coffee.tif
convert coffee.png -resize 32x -strip coffee-32.png
set -- "" -flop "-rotate 180" -flip -transpose "-rotate 270" -transverse "-rotate 90"
orientation=1
for turn in "$@"; do
  tag=$(echo TopLeft TopRight BottomRight BottomLeft LeftTop RightTop RightBottom LeftBottom | cut -d' ' -f$orientation)
  convert coffee-32.png $turn -orient $tag -compress zip coffee-32-orientation-$orientation.tif
  orientation=$((orientation + 1))
done
# BMP (from the 32 px copy): 24-bit, 32-bit with a V5 header and bit fields, 16-bit 5-6-5, 8-bit palette plain and
# RLE8, 4-bit and 1-bit palette; the ones not exactly the photo beside ImageMagick's decode. (The
# tests make top-down and RLE4 files themselves: ImageMagick writes neither.)
convert coffee-32.png -type truecolor bmp3:coffee-32-24.bmp
convert coffee-32.png -alpha set bmp:coffee-32-32.bmp
convert coffee-32.png -define bmp:subtype=RGB565 bmp:coffee-32-565.bmp
convert coffee-32.png -colors 256 -type palette -compress none bmp3:coffee-32-8.bmp
convert coffee-32.png -colors 256 -type palette -compress rle bmp3:coffee-32-rle8.bmp
convert coffee-32.png -colors 16 -type palette -compress none bmp3:coffee-32-4.bmp
convert coffee-32.png -monochrome bmp3:coffee-32-1.bmp
for name in 565 8 rle8 4 1; do convert coffee-32-$name.bmp -strip coffee-32-$name-bmp.png; done
# A 32 px copy of the alpha ramp, as PNG and as a 32-bit BMP whose V5 header's bit fields hold alpha,
# and as an animation (the photo, then its negative, alpha kept): transparency over the background.
convert coffee-alpha.png -resize 32x -strip coffee-32-alpha.png
convert coffee-32-alpha.png bmp:coffee-32-alpha.bmp
convert -delay 10 coffee-32-alpha.png \( coffee-32-alpha.png -negate \) -loop 0 -define webp:lossless=true coffee-32-alpha-animated.webp
# HEIF and AVIF (heif-enc, libheif-examples): the photo; one with a 32 px thumbnail; one stored on
# its side with an Exif Orientation of 6 and no irot box, which HEIF shows as stored (libheif's
# rotations are the only orientation: the Exif tag must not turn it again).
heif-enc -q 80 coffee.png -o coffee.heic
heif-enc -A -q 80 coffee.png -o coffee.avif
heif-enc -q 60 -t 32 coffee.png -o coffee-thumbnail.heic
heif-thumbnailer -s 32 coffee-thumbnail.heic coffee-thumbnail-heic.png  # libheif's own decode of the thumbnail
convert coffee.png -rotate 270 -quality 95 sideways.jpg
exiftool -q -overwrite_original -n -Orientation=6 sideways.jpg
heif-enc -q 80 sideways.jpg -o coffee-exif6.heic
rm sideways.jpg
# An animated WebP: the 32 px photo, then its negative (lossless); the first frame is shown.
convert -delay 10 coffee-32.png \( coffee-32.png -negate \) -loop 0 -define webp:lossless=true coffee-32-animated.webp
# An 8x6 animation for the disposal methods: red (kept, 50 ms), a blue 4x3 at (2,1) (cleared,
# 70 ms), a green 2x2 at (0,0) (put back, no delay), a yellow 2x2 at (6,4).
convert -dispose none -delay 5 -size 8x6 xc:red \
  -dispose background -delay 7 \( -size 4x3 xc:blue -repage 8x6+2+1 \) \
  -dispose previous -delay 0 \( -size 2x2 xc:lime -repage 8x6+0+0 \) \
  -dispose none -delay 5 \( -size 2x2 xc:yellow -repage 8x6+6+4 \) -loop 0 disposal.gif
# A progressive JPEG (cjpeg's own scan script: every DC first, its last bit in a refinement scan
# after most of the AC) at 640 px, so that 1/8 is 80 px, and the same coefficients as one
# sequential scan (jpegtran rewrites the scans, not the picture).
convert "$photos/coffee.png" -resize 640x ppm:- | cjpeg -quality 85 -progressive > progressive-640.jpg
jpegtran -copy none progressive-640.jpg > sequential-640.jpg
