/**
 * Real PNG files for the tests of the note's images: any image encoded with each of the five line
 * filters, and many distinct large RGBA images made cheaply (their common part compressed once).
 */
import { constants, crc32, deflateRawSync, deflateSync, inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

function png(
  width: number,
  height: number,
  colorType: number,
  zlibData: Buffer,
  extra: Buffer[] = [],
): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = colorType;
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    ...extra,
    chunk('IDAT', zlibData),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const paeth = (a: number, b: number, c: number): number => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/**
 * An 8-bit PNG of `samples` (bytes per pixel by colour type: grey 1, RGB 3, palette 1, grey + alpha 2,
 * RGBA 4), line y filtered with filter y % 5, so that a reader meets every filter.
 */
export function encodePng(
  width: number,
  height: number,
  colorType: 0 | 2 | 3 | 4 | 6,
  samples: Uint8Array,
  palette?: { rgb: Buffer; alpha?: Buffer },
): Buffer {
  const bpp = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colorType];
  const stride = width * bpp;
  const out = Buffer.alloc(height * (stride + 1));
  for (let y = 0; y < height; y += 1) {
    const filter = y % 5;
    out[y * (stride + 1)] = filter;
    for (let i = 0; i < stride; i += 1) {
      const x = samples[y * stride + i]!;
      const a = i >= bpp ? samples[y * stride + i - bpp]! : 0;
      const b = y > 0 ? samples[(y - 1) * stride + i]! : 0;
      const c = y > 0 && i >= bpp ? samples[(y - 1) * stride + i - bpp]! : 0;
      const pred = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter]!;
      out[y * (stride + 1) + 1 + i] = (x - pred) & 0xff;
    }
  }
  const extra = palette
    ? [chunk('PLTE', palette.rgb), ...(palette.alpha ? [chunk('tRNS', palette.alpha)] : [])]
    : [];
  return png(width, height, colorType, deflateSync(out), extra);
}

/** The RGBA pixels of an 8-bit, non-interlaced PNG this module wrote with filter 0 (to read results). */
export function rgbaOf(file: Buffer): { width: number; height: number; rgba: Uint8Array } {
  const width = file.readUInt32BE(16);
  const height = file.readUInt32BE(20);
  const colorType = file[25]!;
  const idat: Buffer[] = [];
  for (let at = 8; at < file.length;) {
    const length = file.readUInt32BE(at);
    if (file.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(file.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const bpp = colorType === 6 ? 4 : 3;
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    if (raw[y * (1 + width * bpp)] !== 0) throw new Error('a line with a filter: not written by fitPng');
    for (let x = 0; x < width; x += 1) {
      const p = y * (1 + width * bpp) + 1 + x * bpp;
      rgba.set([raw[p]!, raw[p + 1]!, raw[p + 2]!, bpp === 4 ? raw[p + 3]! : 255], (y * width + x) * 4);
    }
  }
  return { width, height, rgba };
}

/** Adler-32 of `data`, carried on from a previous state (zlib's checksum). */
function adler32(data: Uint8Array, state = { a: 1, b: 0 }): { a: number; b: number } {
  let { a, b } = state;
  for (let i = 0; i < data.length;) {
    const end = Math.min(data.length, i + 5552);
    for (; i < end; i += 1) {
      a += data[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return { a, b };
}

/**
 * `count` distinct valid RGBA PNGs of `width` x `height` as data URLs: a semi-transparent blue field
 * whose last line differs from one image to the next. The field is compressed once (a sync-flushed raw
 * deflate stream), each image's last line on its own after it, so that 201 of 4096 x 1953 take a
 * second to make and some 31 KB each (the 8.4 MB body).
 */
export function distinctPngs(count: number, width: number, height: number): string[] {
  const line = 1 + width * 4;
  const field = Buffer.alloc(line * (height - 1));
  for (let y = 0; y < height - 1; y += 1)
    for (let x = 0; x < width; x += 1) field.set([40, 90, 160, 200], y * line + 1 + x * 4);
  const head = deflateRawSync(field, { finishFlush: constants.Z_SYNC_FLUSH });
  const sum = adler32(field);
  return Array.from({ length: count }, (_, i) => {
    const last = Buffer.alloc(line);
    for (let x = 0; x < width; x += 1) last.set([i & 0xff, (i >> 8) & 0xff, x & 0xff, 255], 1 + x * 4);
    const { a, b } = adler32(last, sum);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(((b << 16) | a) >>> 0, 0);
    const data = Buffer.concat([Buffer.from([0x78, 0x9c]), head, deflateRawSync(last), check]);
    return `data:image/png;base64,${png(width, height, 6, data).toString('base64')}`;
  });
}
