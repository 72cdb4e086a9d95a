#!/bin/sh
# Makes JPEGs of cmyk-reference.png (101x75) in the chroma subsamplings libjpeg-turbo decodes but
# a decoder could easily refuse: luma 1x4, 3x1, 4x2 and 2x3 over chroma 1x1, and chroma sampled
# finer than luma (sampled-1x4.jpg ... sampled-chroma-finer.jpg; needs ImageMagick and cjpeg).
set -eu
convert cmyk-reference.png ppm:/tmp/subsampling-fixture.ppm
for s in 1x4 3x1 4x2 2x3; do
  cjpeg -quality 95 -sample "$s" -outfile "sampled-$s.jpg" /tmp/subsampling-fixture.ppm
done
cjpeg -quality 95 -sample 1x1,2x2,1x1 -outfile sampled-chroma-finer.jpg /tmp/subsampling-fixture.ppm
