"""A small DNG for the tests: `make-dng.py OUT [nopreview] [pad=BYTES]`. A 160x120 RGGB sensor whose left
half is red and right half blue, Orientation 6, Canon's make and an Exif IFD (1/250 s, f/2.8, ISO 200,
50 mm, a lens name, 2024:05:06 07:08:09; GPS 48°51'29.53" N 2°17'41.33" E), with a 128x96 JPEG preview (made by cjpeg) in IFD0 and the
sensor's data in a SubIFD, as cameras write them; or, with `nopreview`, the sensor's data in IFD0.
`pad` adds that many bytes after the data, as a large RAW's size. `preview=JPEG` embeds that JPEG
instead, over a sensor of its size (the benchmark's camera-sized files). Python's standard library only."""
import struct, subprocess, sys
def enc(t,vals):
    if t==2: return vals
    if t in (1,7): return bytes(vals)
    if t==3: return b''.join(struct.pack('>H',v) for v in vals)
    if t==4: return b''.join(struct.pack('>I',v) for v in vals)
    if t in (5,10): return b''.join(struct.pack('>ii' if t==10 else '>II',a,b) for a,b in vals)
def build(ifds, blobs):
    sizes=[2+12*len(e)+4 for e in ifds]
    at={}; p=8
    for i,s in enumerate(sizes): at['ifd%d'%i]=p; p+=s
    extra_base=p
    def layout(at):
        extra=bytearray(); out=[]
        for entries in ifds:
            rows=[]
            for tag,t,vals in sorted(entries,key=lambda e:e[0]):
                if callable(vals): vals=vals(at)
                data=enc(t,vals); count=len(vals) if t!=2 else len(data)
                if len(data)<=4: rows.append((tag,t,count,data.ljust(4,b'\0')))
                else:
                    rows.append((tag,t,count,struct.pack('>I',extra_base+len(extra)))); extra+=data
                    if len(extra)%2: extra+=b'\0'
            out.append(rows)
        return out, extra
    _, extra = layout({**at, **{k:0 for k in blobs}})
    q=extra_base+len(extra)
    for k,v in blobs.items(): at[k]=q; q+=len(v)
    rows, extra = layout(at)
    b=bytearray(b'MM\x00\x2a\x00\x00\x00\x08')
    for r in rows:
        b+=struct.pack('>H',len(r))
        for tag,t,c,d in r: b+=struct.pack('>HHI',tag,t,c)+d
        b+=struct.pack('>I',0)
    b+=extra
    for v in blobs.values(): b+=v
    return bytes(b)
W,H=160,120; PW,PH=128,96
option = lambda name: next((a[len(name) + 1:] for a in sys.argv[2:] if a.startswith(name + '=')), None)
def jpeg_size(data):
    at = 2
    while at + 9 < len(data):
        marker, length = data[at + 1], struct.unpack('>H', data[at + 2:at + 4])[0]
        if 0xC0 <= marker <= 0xC2: return struct.unpack('>HH', data[at + 5:at + 9])[::-1]
        at += 2 + length
    raise SystemExit('no frame header in the preview')
given = open(option('preview'), 'rb').read() if option('preview') else None
if given: PW, PH = jpeg_size(given); W, H = PW & ~1, PH & ~1
def cfa():
    def row(y):
        return b''.join(struct.pack('>H', 60000 if (c == 0 and x < W // 2) or (c == 2 and x >= W // 2) else 2000)
                        for x in range(W) for c in [[[0, 1], [1, 2]][y % 2][x % 2]])
    even, odd = row(0), row(1)
    return b''.join(even if y % 2 == 0 else odd for y in range(H))
def preview_jpeg():
    ppm=b'P6\n%d %d\n255\n'%(PW,PH)+b''.join(bytes([220,30,30] if x< PW//2 else [30,30,220]) for y in range(PH) for x in range(PW))
    return subprocess.run(['cjpeg','-quality','90'],input=ppm,capture_output=True,check=True).stdout
with_preview = 'nopreview' not in sys.argv[2:]
pad = int(option('pad') or 0)
raw=cfa(); jpg=given or preview_jpeg()
gps=[(0,1,[2,3,0,0]),(1,2,b'N\0'),(2,5,[(48,1),(51,1),(2953,100)]),(3,2,b'E\0'),(4,5,[(2,1),(17,1),(4133,100)])]
exif=[(33434,5,[(1,250)]),(33437,5,[(28,10)]),(34855,3,[200]),(37386,5,[(50,1)]),(36867,2,b'2024:05:06 07:08:09\0'),(42036,2,b'Test Lens 50mm\0')]
common=[(271,2,b'Canon\0'),(272,2,b'Canon EOS 5D\0'),(274,3,[6]),(50706,1,[1,4,0,0]),(50708,2,b'Canon EOS 5D\0'),
        (50721,10,[(1,1),(0,1),(0,1),(0,1),(1,1),(0,1),(0,1),(0,1),(1,1)]),(50728,5,[(1,1),(1,1),(1,1)]),(306,2,b'2024:05:06 07:08:09\0')]
rawtags=[(256,4,[W]),(257,4,[H]),(258,3,[16]),(259,3,[1]),(262,3,[32803]),(277,3,[1]),(278,4,[H]),
         (273,4,lambda at:[at['raw']]),(279,4,[len(raw)]),(33421,3,[2,2]),(33422,1,[0,1,1,2]),(50717,4,[65535])]
if with_preview:
    ifd0=common+[(254,4,[1]),(256,4,[PW]),(257,4,[PH]),(258,3,[8,8,8]),(259,3,[7]),(262,3,[6]),(277,3,[3]),(278,4,[PH]),
      (273,4,lambda at:[at['jpg']]),(279,4,[len(jpg)]),(330,4,lambda at:[at['ifd1']]),(34665,4,lambda at:[at['ifd2']]),(34853,4,lambda at:[at['ifd3']])]
    data=build([ifd0,[(254,4,[0])]+rawtags,exif,gps],{'jpg':jpg,'raw':raw})
else:
    data=build([common+[(254,4,[0]),(34665,4,lambda at:[at['ifd1']]),(34853,4,lambda at:[at['ifd2']])]+rawtags,exif,gps],{'raw':raw})
open(sys.argv[1],'wb').write(data + bytes(pad))
