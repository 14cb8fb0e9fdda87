import jsQR from 'jsqr';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of the QR code printed on a PDF's first page (the note's cover), read as a city would: the
 * cover's images decoded by pdf.js and given to a QR decoder (jsQR). Null when no image holds one.
 */
export async function qrOfCover(data: Buffer | Uint8Array): Promise<string | null> {
  const doc = await getDocument({ data: new Uint8Array(data), isEvalSupported: false, verbosity: 0 }).promise;
  const page = await doc.getPage(1);
  const ops = await page.getOperatorList();
  for (const [i, fn] of ops.fnArray.entries()) {
    if (fn !== OPS.paintImageXObject) continue;
    const name = (ops.argsArray[i] as [string])[0];
    const img = (await new Promise((resolve) => {
      page.objs.get(name, resolve);
    })) as { width: number; height: number; data?: Uint8ClampedArray; kind?: number };
    if (!img.data) continue;
    const { width, height } = img;
    const channels = img.data.length / (width * height);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let p = 0; p < width * height; p += 1) {
      for (let c = 0; c < 3; c += 1) rgba[p * 4 + c] = img.data[p * channels + (channels >= 3 ? c : 0)]!;
      rgba[p * 4 + 3] = 255;
    }
    const found = jsQR(rgba, width, height);
    if (found) return found.data;
  }
  return null;
}
