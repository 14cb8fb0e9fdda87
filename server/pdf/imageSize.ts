/** The pixel size of a PNG or JPEG, read from its header without decoding it; null when unreadable. */
export function imageSize(data: Buffer): { width: number; height: number } | null {
  // PNG: signature, then the IHDR chunk with width and height as 32-bit big-endian integers.
  if (data.length >= 24 && data.readUInt32BE(0) === 0x89504e47 && data.toString('latin1', 12, 16) === 'IHDR')
    return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  // JPEG: walk the markers to the first start-of-frame (SOF0..SOF15 but DHT, JPG and DAC).
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8) {
    let i = 2;
    while (i + 9 < data.length) {
      if (data[i] !== 0xff) return null;
      const marker = data[i + 1]!;
      if (marker === 0xff) {
        i += 1;
        continue;
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        i += 2;
        continue;
      }
      const length = data.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { width: data.readUInt16BE(i + 7), height: data.readUInt16BE(i + 5) };
      if (length < 2) return null;
      i += 2 + length;
    }
  }
  return null;
}
