/**
 * fitPng brings a note's PNG down to the pixels of its printed place: every colour type, bit depth, line
 * filter and interlacing a PNG may use is read (fast-png), each result pixel is the (alpha-weighted) mean of the source pixels it covers,
 * and what already fits or cannot be read is kept as it is.
 */
import { encode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { NOTE_IMAGE_BOX_PX } from '../../engine';
import { fitImageUrl, fitPng } from '../../server/pdf/fitImage';
import { distinctPngs, encodePng, rgbaOf } from '../reliability/support/png';

/** The expected result: source pixels grouped as fitPng groups them, averaged with alpha weights. */
function expected(width: number, height: number, rgba: Uint8Array, tw: number, th: number): Uint8Array {
  const sums = new Float64Array(tw * th * 5);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const t = (Math.floor((y * th) / height) * tw + Math.floor((x * tw) / width)) * 5;
      const p = (y * width + x) * 4;
      const a = rgba[p + 3]!;
      for (let c = 0; c < 3; c += 1) sums[t + c]! += rgba[p + c]! * a;
      sums[t + 3]! += a;
      sums[t + 4]! += 1;
    }
  const out = new Uint8Array(tw * th * 4);
  for (let i = 0; i < tw * th; i += 1) {
    const a = sums[i * 5 + 3]!;
    for (let c = 0; c < 3; c += 1) out[i * 4 + c] = a ? Math.round(sums[i * 5 + c]! / a) : 0;
    out[i * 4 + 3] = Math.round(a / sums[i * 5 + 4]!);
  }
  return out;
}

/** A test picture: gradients and stripes, semi-transparent in places. */
function picture(width: number, height: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      rgba.set([(x * 7) & 0xff, (y * 5) & 0xff, (x ^ y) & 0xff, x % 37 < 5 ? 90 : 255], (y * width + x) * 4);
  return rgba;
}

describe('fitPng', () => {
  it('reads every line filter of an RGBA PNG and averages each covered block', () => {
    const rgba = picture(300, 200);
    const fit = rgbaOf(fitPng(encodePng(300, 200, 6, rgba), { width: 100, height: 100 }));
    expect([fit.width, fit.height]).toEqual([100, 67]);
    expect(Buffer.from(fit.rgba).equals(Buffer.from(expected(300, 200, rgba, 100, 67)))).toBe(true);
  });

  it('reads grey, grey and alpha, RGB and palette PNGs (with a transparent entry)', () => {
    const w = 64;
    const h = 40;
    const grey = new Uint8Array(w * h).map((_, i) => (i * 3) & 0xff);
    const toRgba = (f: (i: number) => number[]) => {
      const out = new Uint8Array(w * h * 4);
      for (let i = 0; i < w * h; i += 1) out.set(f(i), i * 4);
      return out;
    };
    const greyAlpha = new Uint8Array(w * h * 2).map((_, i) => (i % 2 ? 128 + (i % 100) : (i * 5) & 0xff));
    const rgb = new Uint8Array(w * h * 3).map((_, i) => (i * 11) & 0xff);
    const indices = new Uint8Array(w * h).map((_, i) => i % 3);
    const palette = { rgb: Buffer.from([255, 0, 0, 0, 255, 0, 0, 0, 255]), alpha: Buffer.from([255, 0]) };
    const cases = [
      {
        name: 'grey',
        file: encodePng(w, h, 0, grey),
        rgba: toRgba((i) => [grey[i]!, grey[i]!, grey[i]!, 255]),
      },
      {
        name: 'grey + alpha',
        file: encodePng(w, h, 4, greyAlpha),
        rgba: toRgba((i) => [greyAlpha[i * 2]!, greyAlpha[i * 2]!, greyAlpha[i * 2]!, greyAlpha[i * 2 + 1]!]),
      },
      {
        name: 'RGB',
        file: encodePng(w, h, 2, rgb),
        rgba: toRgba((i) => [rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!, 255]),
      },
      {
        name: 'palette',
        file: encodePng(w, h, 3, indices, palette),
        rgba: toRgba((i) => [
          ...palette.rgb.subarray(indices[i]! * 3, indices[i]! * 3 + 3),
          indices[i]! === 1 ? 0 : 255,
        ]),
      },
    ];
    for (const c of cases) {
      const fit = rgbaOf(fitPng(c.file, { width: 16, height: 16 }));
      expect([fit.width, fit.height], c.name).toEqual([16, 10]);
      expect(Buffer.from(fit.rgba).equals(Buffer.from(expected(w, h, c.rgba, 16, 10))), c.name).toBe(true);
    }
  });

  it('reads 16-bit, interlaced, 2-bit grey and 4-bit palette PNGs (kept whole before: 8-bit only was read)', () => {
    const w = 60;
    const h = 30;
    const rgba = picture(w, h);
    const sixteen = new Uint16Array(w * h * 4).map((_, i) => rgba[i]! * 257);
    const indices = new Uint8Array(w * h).map((_, i) => (i * 7) % 16);
    const packed = new Uint8Array((w * h) / 2).map((_, i) => (indices[i * 2]! << 4) | indices[i * 2 + 1]!);
    const palette = Array.from({ length: 16 }, (_, i) => [i * 16, 255 - i * 16, (i * 40) & 0xff]);
    const grey2 = new Uint8Array(w * h).map((_, i) => (i * 5) % 4);
    const grey2Packed = new Uint8Array((w * h) / 4).map(
      (_, i) =>
        (grey2[i * 4]! << 6) | (grey2[i * 4 + 1]! << 4) | (grey2[i * 4 + 2]! << 2) | grey2[i * 4 + 3]!,
    );
    const cases = [
      {
        name: '2-bit grey',
        file: encode({ width: w, height: h, data: grey2Packed, channels: 1, depth: 2 }),
        rgba: new Uint8Array(w * h * 4).map((_, i) => (i % 4 === 3 ? 255 : grey2[Math.floor(i / 4)]! * 85)),
      },
      {
        name: '16-bit RGBA',
        file: encode({ width: w, height: h, data: sixteen, channels: 4, depth: 16 }),
        rgba,
      },
      {
        name: 'interlaced RGBA (Adam7)',
        file: encode({ width: w, height: h, data: rgba, channels: 4, depth: 8 }, { interlace: 'Adam7' }),
        rgba,
      },
      {
        name: '4-bit palette',
        // two indices a byte, the first in the high half (60 pixels: no padding at a line's end)
        file: encode({ width: w, height: h, data: packed, channels: 1, depth: 4, palette }),
        rgba: new Uint8Array(w * h * 4).map((_, i) => {
          const k = indices[Math.floor(i / 4)]!;
          return i % 4 === 3 ? 255 : palette[k]![i % 4]!;
        }),
      },
    ];
    for (const c of cases) {
      const fit = rgbaOf(fitPng(Buffer.from(c.file), { width: 20, height: 20 }));
      expect([fit.width, fit.height], c.name).toEqual([20, 10]);
      expect(Buffer.from(fit.rgba).equals(Buffer.from(expected(w, h, c.rgba, 20, 10))), c.name).toBe(true);
    }
  });

  it("brings a 4096 x 1953 image to its printed place's pixels, keeping its colours", () => {
    const [url] = distinctPngs(1, 4096, 1953);
    const fit = fitImageUrl(url!);
    const out = rgbaOf(Buffer.from(fit.split(',')[1]!, 'base64'));
    expect(out.width).toBeLessThanOrEqual(NOTE_IMAGE_BOX_PX.width);
    expect(out.height).toBe(NOTE_IMAGE_BOX_PX.height);
    expect(out.width).toBe(Math.round((4096 * NOTE_IMAGE_BOX_PX.height) / 1953));
    expect([...out.rgba.subarray(0, 4)]).toEqual([40, 90, 160, 200]);
  });

  it('keeps as it is a PNG that fits, a JPEG, and a PNG it does not read', () => {
    const small = encodePng(20, 10, 6, picture(20, 10));
    expect(fitPng(small)).toBe(small);
    const jpeg = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2w==';
    expect(fitImageUrl(jpeg)).toBe(jpeg);
    const broken = Buffer.from(encodePng(2000, 10, 6, picture(2000, 10)));
    broken.fill(0, 40, 60); // its compressed pixels torn
    expect(fitPng(broken)).toBe(broken);
  });
});
