#!/bin/sh
# Makes the format fixtures from a real photo (../shared/photos/coffee.png): a 160 px PNG as the
# reference, and the same picture in each format the decoders read. Run from this folder; needs
# ImageMagick (with libwebp, libheif and libtiff) and heif-enc (libheif-examples).
set -eu
photos="${GALLERY_PHOTOS:-../../../../shared/photos}"
convert "$photos/coffee.png" -resize 160x -strip coffee.png
# The same picture with a soft alpha ramp, left (transparent) to right (opaque).
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
