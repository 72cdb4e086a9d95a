"""Issue 25's decompression bombs, written into the folder given (BENCHMARKS.md, "Decompression
bombs in `gallery view`"): python3 scripts/make_bombs.py FOLDER. Python without third-party
modules; ImageMagick codes the one HEVC tile the HEIF grids share and the frames of the WebPs."""
import os, struct, subprocess, sys, zlib
os.makedirs(sys.argv[1], exist_ok=True)
os.chdir(sys.argv[1])
subprocess.run(['convert', '-size', '1024x1024', 'xc:gray40', '-quality', '50', 'tile.heic'], check=True)
def box(t, c): return struct.pack('>I', 8 + len(c)) + t + c
def full(t, v, f, c): return box(t, bytes([v]) + f.to_bytes(3, 'big') + c)

# HEIC grid: n x n tiles of the 1024^2 tile ImageMagick coded, each with its own copy of the data,
# and `extra` hidden items nobody references (they share the tiles' data).
def heic_grid(name, n, tile=1024, extra=0):
    d = open('tile.heic', 'rb').read()
    hvcc = d[d.index(b'hvcC') - 4:]; hvcc = hvcc[:struct.unpack('>I', hvcc[:4])[0]]
    iloc = d[d.index(b'iloc') - 4:]
    # iloc v0, sizes 4/4/0: item 1, dataref 0, 1 extent: offset, length
    off, length = struct.unpack('>II', iloc[20:28])
    data = d[off:off + length]
    count = n * n
    total = count + extra
    infes = full(b'infe', 2, 0, struct.pack('>HH', 1, 0) + b'grid' + b'\0')
    for i in range(total): infes += full(b'infe', 2, 1, struct.pack('>HH', 2 + i, 0) + b'hvc1' + b'\0')
    iinf = full(b'iinf', 0, 0, struct.pack('>H', total + 1) + infes)
    iref = full(b'iref', 0, 0, box(b'dimg', struct.pack('>HH', 1, count) + b''.join(struct.pack('>H', 2 + i) for i in range(count))))
    ipco = box(b'ipco', hvcc + full(b'ispe', 0, 0, struct.pack('>II', tile, tile)) + full(b'ispe', 0, 0, struct.pack('>II', tile * n, tile * n)))
    ipma_entries = struct.pack('>HB', 1, 1) + bytes([3])
    for i in range(total): ipma_entries += struct.pack('>HB', 2 + i, 2) + bytes([0x81, 2])
    ipma = full(b'ipma', 0, 0, struct.pack('>I', total + 1) + ipma_entries)
    iprp = box(b'iprp', ipco + ipma)
    grid = bytes([0, 0, n - 1, n - 1]) + struct.pack('>HH', tile * n, tile * n)
    ftyp = box(b'ftyp', b'heic' + b'\0\0\0\0' + b'mif1heic')
    hdlr = full(b'hdlr', 0, 0, b'\0\0\0\0pict' + b'\0' * 12 + b'\0')
    pitm = full(b'pitm', 0, 0, struct.pack('>H', 1))
    def build(base):
        entries = struct.pack('>HHH', 1, 0, 1) + struct.pack('>II', base, len(grid))
        for i in range(total): entries += struct.pack('>HHH', 2 + i, 0, 1) + struct.pack('>II', base + len(grid) + (i % count) * len(data), len(data))
        iloc = full(b'iloc', 0, 0, bytes([0x44, 0x00]) + struct.pack('>H', total + 1) + entries)
        return ftyp + full(b'meta', 0, 0, hdlr + pitm + iloc + iinf + iref + iprp)
    head = build(0)
    head = build(len(head) + 8)
    open(name, 'wb').write(head + box(b'mdat', grid + data * count))

heic_grid('grid-85mpx.heic', 9)
heic_grid('grid-3x3.heic', 3)   # a 9.4 Mpx grid that must still show
heic_grid('items-19000.heic', 2, extra=19000)

# Animated WebP: 50 tiny frames, canvas patched to w x h.
def webp_anim(name, w, h, frames=50):
    if not os.path.exists('anim50.webp'):
        args = ['convert', '-delay', '10']
        for i in range(frames): args += ['-size', '8x8', 'xc:rgb(%d,0,0)' % (i * 5)]
        subprocess.run(args + ['-loop', '0', 'anim50.webp'], check=True)
    b = bytearray(open('anim50.webp', 'rb').read())
    assert b[12:16] == b'VP8X'
    b[24:30] = (w - 1).to_bytes(3, 'little') + (h - 1).to_bytes(3, 'little')
    open(name, 'wb').write(b)
webp_anim('anim-10000.webp', 10000, 10000)
webp_anim('anim-67mpx.webp', 8192, 8192)
webp_anim('anim-2000.webp', 2000, 2000)

# TIFF 10000^2 grey, 100 strips of 100 rows all pointing at one deflated strip.
def tiff_bomb(name, w=10000, h=10000, rps=100):
    strip = zlib.compress(bytes(w * rps), 9)
    n = (h + rps - 1) // rps
    entries = [(256, 4, 1, w), (257, 4, 1, h), (258, 3, 1, 8), (259, 3, 1, 8), (262, 3, 1, 1),
               (273, 4, n, None), (277, 3, 1, 1), (278, 4, 1, rps), (279, 4, n, None)]
    ifd_at = 8
    ifd_size = 2 + 12 * len(entries) + 4
    offsets_at = ifd_at + ifd_size
    counts_at = offsets_at + 4 * n
    data_at = counts_at + 4 * n
    out = b'II*\0' + struct.pack('<I', ifd_at) + struct.pack('<H', len(entries))
    for tag, typ, cnt, val in entries:
        if tag == 273: val = offsets_at
        elif tag == 279: val = counts_at
        out += struct.pack('<HHI', tag, typ, cnt) + (struct.pack('<HH', val, 0) if typ == 3 and cnt == 1 else struct.pack('<I', val))
    out += struct.pack('<I', 0)
    out += struct.pack('<%dI' % n, *([data_at] * n)) + struct.pack('<%dI' % n, *([len(strip)] * n)) + strip
    open(name, 'wb').write(out)
tiff_bomb('tiff-10000.tif')

# RLE8 BMP 10000^2, 1 KB.
def le(v, s): return v.to_bytes(s, 'little', signed=False)
bmp = b'BM' + le(54 + 1024 + 2, 4) + le(0, 4) + le(54 + 1024, 4) + le(40, 4) + le(10000, 4) + le(10000, 4) + le(1, 2) + le(8, 2) + le(1, 4) + le(2, 4) + le(0, 8) + le(256, 4) + le(0, 4) + bytes(1024) + bytes([0, 1])
open('rle-10000.bmp', 'wb').write(bmp)

def flat_lzw(pixels, min_size=2):
    # A flat run of index 0, as greedy LZW: each code the longest string the table holds, the
    # decoder's table and code width followed exactly (giflib's).
    clear, eoi = 1 << min_size, (1 << min_size) + 1
    out, state = bytearray(), [0, 0]
    def emit(code, w):
        state[0] |= code << state[1]; state[1] += w
        while state[1] >= 8: out.append(state[0] & 0xFF); state[0] >>= 8; state[1] -= 8
    bits, maxcode1, running = min_size + 1, 1 << (min_size + 1), eoi + 1
    emit(clear, bits)
    lengths = {}; next_entry = eoi + 1; prev_len = None; left = pixels
    while left > 0:
        options = [(1, 0)]
        if lengths: options.append((lengths[next_entry - 1], next_entry - 1))
        if prev_len is not None and next_entry <= 4095: options.append((prev_len + 1, next_entry))
        length, code = max(o for o in options if o[0] <= left)
        emit(code, bits); left -= length
        if prev_len is not None and next_entry <= 4095:
            lengths[next_entry] = prev_len + 1; next_entry += 1
        prev_len = length
        if running < 4097:
            running += 1
            if running > maxcode1 and bits < 12: bits += 1; maxcode1 <<= 1
    emit(eoi, bits)
    if state[1]: out.append(state[0] & 0xFF)
    blocks = bytearray([min_size])
    for i in range(0, len(out), 255): blocks += bytes([len(out[i:i+255])]) + out[i:i+255]
    return bytes(blocks + b'\0')

def gif_bomb(name, w, h, frames):
    out = b'GIF89a' + struct.pack('<HH', w, h) + bytes([0xF1, 0, 0]) + bytes([255,0,0, 0,0,255, 0,255,0, 255,255,255])
    out += b'\x21\xFF\x0BNETSCAPE2.0\x03\x01\x00\x00\x00'
    data = flat_lzw(w * h)
    for f in range(frames):
        out += b'\x21\xF9\x04\x00\x0A\x00\x00\x00' + b'\x2C' + struct.pack('<HHHH', 0, 0, w, h) + bytes([0]) + data
    open(name, 'wb').write(out + b';')
gif_bomb('gif-10000.gif', 10000, 10000, 3)

# ftyp, then meta > iref > one 'dimg' from image 1 to 19,600 tiles (as ViewCommandTests makes it).
dimg = box(b'dimg', struct.pack('>HH', 1, 19600) + b''.join(struct.pack('>H', 2 + i) for i in range(19600)))
open('tiles-19600.heic', 'wb').write(box(b'ftyp', b'heicmif1') + box(b'meta', b'\0\0\0\0' + box(b'hdlr', bytes(12)) + box(b'iref', b'\0\0\0\0' + dimg)))

# A grey PNG of 10000 x 10000 in one deflated IDAT.
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
raw = (b'\0' + bytes(10000)) * 10000
open('png-10000.png', 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 10000, 10000, 8, 0, 0, 0, 0))
                                  + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))
