"""Draw the app's PNG icons (no downloads): the green tile and white target of icon.svg."""
import struct, zlib, math, sys
def png(size, path, pad=0.0):
    green=(0x14,0x53,0x2d); white=(255,255,255)
    rows=[]
    c=size/2; s=size*(1-2*pad)
    R1=s*20/64; w=s*5/64; R2=s*7/64; corner=size*12/64 if pad==0 else 0
    for y in range(size):
        row=bytearray([0])
        for x in range(size):
            px,py=x+0.5,y+0.5
            # rounded tile (transparent outside the corners)
            a=255
            if corner:
                cx=min(max(px,corner),size-corner); cy=min(max(py,corner),size-corner)
                d=math.hypot(px-cx,py-cy)
                a=int(max(0,min(1,corner-d+0.5))*255)
            r=math.hypot(px-c,py-c)
            ring=max(0,min(1,w/2-abs(r-R1)+0.5))
            dot=max(0,min(1,R2-r+0.5))
            k=max(ring,dot)
            col=tuple(int(green[i]*(1-k)+white[i]*k) for i in range(3))
            row+=bytes(col)+bytes([a])
        rows.append(bytes(row))
    raw=zlib.compress(b"".join(rows),9)
    def chunk(t,d): return struct.pack(">I",len(d))+t+d+struct.pack(">I",zlib.crc32(t+d)&0xffffffff)
    data=b"\x89PNG\r\n\x1a\n"+chunk(b"IHDR",struct.pack(">IIBBBBB",size,size,8,6,0,0,0))+chunk(b"IDAT",raw)+chunk(b"IEND",b"")
    open(path,"wb").write(data)
png(192,"static/icon-192.png")
png(512,"static/icon-512.png")
png(512,"static/icon-maskable.png",pad=0.1)
