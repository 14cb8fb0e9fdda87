import { crc32, deflateSync, inflateSync } from 'node:zlib';
import { fittedSize, NOTE_IMAGE_BOX_PX } from '../../engine';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bytes per pixel of an 8-bit PNG by colour type: grey, RGB, palette, grey + alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

interface Png {
  width: number;
  height: number;
  colorType: number;
  palette: Buffer | null;
  transparency: Buffer | null;
  data: Buffer;
}

/** The chunks of an 8-bit, non-interlaced PNG that the downscaler reads; null for any other PNG. */
function readPng(bytes: Buffer): Png | null {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(SIGNATURE)) return null;
  let width = 0;
  let height = 0;
  let colorType = -1;
  let palette: Buffer | null = null;
  let transparency: Buffer | null = null;
  const idat: Buffer[] = [];
  for (let at = 8; at + 12 <= bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8];
      colorType = body[9]!;
      if (depth !== 8 || body[12] !== 0 || CHANNELS[colorType] === undefined) return null;
    } else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') transparency = body;
    else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!width || !height || !idat.length || (colorType === 3 && !palette)) return null;
  return { width, height, colorType, palette, transparency, data: Buffer.concat(idat) };
}

/** Undoes a scanline's filter in place (PNG filters 0-4), given the previous unfiltered line. */
function unfilter(filter: number, line: Buffer, prev: Buffer | null, bpp: number): void {
  const n = line.length;
  if (filter === 1) for (let i = bpp; i < n; i += 1) line[i] = (line[i]! + line[i - bpp]!) & 0xff;
  else if (filter === 2 && prev) for (let i = 0; i < n; i += 1) line[i] = (line[i]! + prev[i]!) & 0xff;
  else if (filter === 3)
    for (let i = 0; i < n; i += 1) {
      const a = i >= bpp ? line[i - bpp]! : 0;
      line[i] = (line[i]! + ((a + (prev ? prev[i]! : 0)) >> 1)) & 0xff;
    }
  else if (filter === 4)
    for (let i = 0; i < n; i += 1) {
      const a = i >= bpp ? line[i - bpp]! : 0;
      const b = prev ? prev[i]! : 0;
      const c = prev && i >= bpp ? prev[i - bpp]! : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      line[i] = (line[i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
    }
}

/** An RGBA image as a PNG (no filter, deflated): RGB when every pixel is opaque. */
function writePng(width: number, height: number, rgba: Uint8Array): Buffer {
  let opaque = true;
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) opaque = false;
  const bpp = opaque ? 3 : 4;
  const raw = Buffer.alloc(height * (1 + width * bpp));
  for (let y = 0, o = 0; y < height; y += 1) {
    raw[o++] = 0;
    for (let x = 0; x < width; x += 1) {
      const p = (y * width + x) * 4;
      raw[o++] = rgba[p]!;
      raw[o++] = rgba[p + 1]!;
      raw[o++] = rgba[p + 2]!;
      if (!opaque) raw[o++] = rgba[p + 3]!;
    }
  }
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = opaque ? 2 : 6;
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A PNG brought down to the pixels of its printed place (`box`, NOTE_IMAGE_BOX_PX by default): each pixel
 * of the result is the mean of the source pixels it covers (alpha-weighted). The source is unfiltered
 * one line at a time into the result's sums, so only its compressed and inflated bytes are held, never
 * a decoded copy. A PNG that already fits, or one the reader does not handle (16-bit, interlaced), is
 * answered as it is: the note's pixel budget (NOTE_MEGAPIXELS) bounds those.
 */
export function fitPng(bytes: Buffer, box = NOTE_IMAGE_BOX_PX): Buffer {
  const png = readPng(bytes);
  if (!png) return bytes;
  const { width, height } = png;
  const to = fittedSize(width, height, box);
  if (to.width === width && to.height === height) return bytes;
  const bpp = CHANNELS[png.colorType]!;
  const stride = 1 + width * bpp;
  let raw: Buffer;
  try {
    raw = inflateSync(png.data);
  } catch {
    return bytes; // not readable: the renderer will say so
  }
  if (raw.length < stride * height) return bytes;
  // Per result pixel: alpha-weighted sums of R, G, B, the sum of alpha, and the number of source pixels.
  const sums = new Float64Array(to.width * to.height * 5);
  const column = new Uint32Array(width);
  for (let x = 0; x < width; x += 1) column[x] = Math.min(to.width - 1, Math.floor((x * to.width) / width));
  // Each source line as RGBA, then added to the sums of the result's line it falls in.
  const { palette, transparency, colorType } = png;
  const rgba = new Uint8Array(width * 4);
  let prev: Buffer | null = null;
  for (let y = 0; y < height; y += 1) {
    const line = raw.subarray(y * stride + 1, (y + 1) * stride);
    unfilter(raw[y * stride]!, line, prev, bpp);
    prev = line;
    if (colorType === 6) rgba.set(line);
    else
      for (let x = 0; x < width; x += 1) {
        const o = x * 4;
        if (colorType === 2) {
          rgba[o] = line[x * 3]!;
          rgba[o + 1] = line[x * 3 + 1]!;
          rgba[o + 2] = line[x * 3 + 2]!;
          rgba[o + 3] = 255;
        } else if (colorType === 3) {
          const i = line[x]!;
          rgba[o] = palette![i * 3] ?? 0;
          rgba[o + 1] = palette![i * 3 + 1] ?? 0;
          rgba[o + 2] = palette![i * 3 + 2] ?? 0;
          rgba[o + 3] = transparency && i < transparency.length ? transparency[i]! : 255;
        } else {
          const v = line[x * bpp]!;
          rgba[o] = v;
          rgba[o + 1] = v;
          rgba[o + 2] = v;
          rgba[o + 3] = colorType === 4 ? line[x * 2 + 1]! : 255;
        }
      }
    const row = Math.min(to.height - 1, Math.floor((y * to.height) / height)) * to.width;
    for (let x = 0; x < width; x += 1) {
      const o = x * 4;
      const a = rgba[o + 3]!;
      const s = (row + column[x]!) * 5;
      sums[s] = sums[s]! + rgba[o]! * a;
      sums[s + 1] = sums[s + 1]! + rgba[o + 1]! * a;
      sums[s + 2] = sums[s + 2]! + rgba[o + 2]! * a;
      sums[s + 3] = sums[s + 3]! + a;
      sums[s + 4] = sums[s + 4]! + 1;
    }
  }
  const out = new Uint8Array(to.width * to.height * 4);
  for (let i = 0; i < to.width * to.height; i += 1) {
    const s = i * 5;
    const alpha = sums[s + 3]!;
    const n = sums[s + 4]! || 1;
    out[i * 4] = alpha ? Math.round(sums[s]! / alpha) : 0;
    out[i * 4 + 1] = alpha ? Math.round(sums[s + 1]! / alpha) : 0;
    out[i * 4 + 2] = alpha ? Math.round(sums[s + 2]! / alpha) : 0;
    out[i * 4 + 3] = Math.round(alpha / n);
  }
  return writePng(to.width, to.height, out);
}

const PNG_URL = /^data:image\/png;base64,/;

/** A note's image data URL brought to its printed size (PNGs; JPEGs are embedded as they are). */
export function fitImageUrl(url: string, box = NOTE_IMAGE_BOX_PX): string {
  if (!PNG_URL.test(url)) return url;
  const bytes = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
  const fit = fitPng(bytes, box);
  return fit === bytes ? url : `data:image/png;base64,${fit.toString('base64')}`;
}
