import { convertIndexedToRgb, decode, encode, hasPngSignature, type DecodedPng } from 'fast-png';
import { fittedSize, NOTE_IMAGE_BOX_PX } from '../../engine';

/** A PNG's size from its header (IHDR, first after the signature); null when it is no PNG. */
function sizeOf(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 24 || !hasPngSignature(bytes) || bytes.toString('latin1', 12, 16) !== 'IHDR')
    return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The samples of a grey PNG of 1, 2 or 4 bits, packed from each line's high bits, one a byte. */
function unpacked(png: DecodedPng): Uint8Array {
  const { width, height, depth, data } = png;
  const line = Math.ceil((width * depth) / 8);
  const out = new Uint8Array(width * height);
  const mask = (1 << depth) - 1;
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const bit = x * depth;
      out[y * width + x] = (data[y * line + (bit >> 3)]! >> (8 - depth - (bit & 7))) & mask;
    }
  return out;
}

/** Any decoded PNG (grey, RGB, palette, with alpha; 1 to 16 bits; interlaced or not) as 8-bit RGBA. */
function rgbaOf(png: DecodedPng): Uint8Array {
  const n = png.width * png.height;
  // a palette's indices become its colours (RGB, or RGBA when it has transparency)
  const indexed = png.palette !== undefined;
  const data = indexed ? convertIndexedToRgb(png) : png.depth < 8 ? unpacked(png) : png.data;
  const channels = indexed ? data.length / n : png.channels;
  const max = !indexed && png.depth === 16 ? 65535 : !indexed && png.depth < 8 ? 2 ** png.depth - 1 : 255;
  const to8 = (v: number) => (max === 255 ? v : Math.round((v * 255) / max));
  const rgba = new Uint8Array(n * 4);
  for (let i = 0; i < n; i += 1) {
    const p = i * channels;
    const o = i * 4;
    const grey = channels < 3;
    rgba[o] = to8(data[p]!);
    rgba[o + 1] = to8(data[grey ? p : p + 1]!);
    rgba[o + 2] = to8(data[grey ? p : p + 2]!);
    rgba[o + 3] = channels === 2 || channels === 4 ? to8(data[p + channels - 1]!) : 255;
  }
  return rgba;
}

/**
 * A PNG brought down to the pixels of its printed place (`box`, NOTE_IMAGE_BOX_PX by default): each pixel
 * of the result is the mean of the source pixels it covers (alpha-weighted). Decoding and encoding are
 * fast-png's (every bit depth, palettes, interlacing); the resampling is ours. A PNG that already fits is
 * answered as it is, as is one that cannot be read (the renderer will say so).
 */
export function fitPng(bytes: Buffer, box = NOTE_IMAGE_BOX_PX): Buffer {
  const size = sizeOf(bytes);
  if (!size) return bytes;
  const { width, height } = size;
  const to = fittedSize(width, height, box);
  if (to.width === width && to.height === height) return bytes;
  let rgba: Uint8Array;
  try {
    const png = decode(bytes);
    if (png.width !== width || png.height !== height) return bytes;
    rgba = rgbaOf(png);
  } catch {
    return bytes; // not readable: the renderer will say so
  }
  // Per result pixel: alpha-weighted sums of R, G, B, the sum of alpha, and the number of source pixels.
  const sums = new Float64Array(to.width * to.height * 5);
  const column = new Uint32Array(width);
  for (let x = 0; x < width; x += 1) column[x] = Math.min(to.width - 1, Math.floor((x * to.width) / width));
  for (let y = 0; y < height; y += 1) {
    const row = Math.min(to.height - 1, Math.floor((y * to.height) / height)) * to.width;
    for (let x = 0; x < width; x += 1) {
      const o = (y * width + x) * 4;
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

/** An RGBA image as an 8-bit PNG: RGB when every pixel is opaque. */
function writePng(width: number, height: number, rgba: Uint8Array): Buffer {
  let opaque = true;
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) opaque = false;
  if (!opaque) return Buffer.from(encode({ width, height, data: rgba, channels: 4, depth: 8 }));
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) rgb.set(rgba.subarray(i, i + 3), j);
  return Buffer.from(encode({ width, height, data: rgb, channels: 3, depth: 8 }));
}

const PNG_URL = /^data:image\/png;base64,/;

/** A note's image data URL brought to its printed size (PNGs; JPEGs are embedded as they are). */
export function fitImageUrl(url: string, box = NOTE_IMAGE_BOX_PX): string {
  if (!PNG_URL.test(url)) return url;
  const bytes = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
  const fit = fitPng(bytes, box);
  return fit === bytes ? url : `data:image/png;base64,${fit.toString('base64')}`;
}
