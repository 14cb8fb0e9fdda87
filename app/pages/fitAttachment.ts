import { fittedSize, NOTE_IMAGE_BOX_PX } from '../../engine';

/** A file as a data URL. */
function dataUrlOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('unreadable file'));
    r.readAsDataURL(file);
  });
}

/**
 * An image attached to the note, as a data URL at most the pixels of its printed place (a phone photo
 * of 12 megapixels becomes some 0.4): the note draft stays small and the note within its pixel budget.
 * A PNG stays a PNG (a drawing keeps its sharp lines), a JPEG a JPEG. Where the browser cannot draw it
 * (no createImageBitmap), the file is sent as it is and the server brings it down.
 */
export async function fitAttachment(file: File): Promise<string> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return dataUrlOf(file);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return dataUrlOf(file); // the server says what is wrong with it
  }
  const to = fittedSize(bitmap.width, bitmap.height, NOTE_IMAGE_BOX_PX);
  if (to.width === bitmap.width && to.height === bitmap.height) {
    bitmap.close();
    return dataUrlOf(file);
  }
  const canvas = document.createElement('canvas');
  canvas.width = to.width;
  canvas.height = to.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) {
    bitmap.close();
    return dataUrlOf(file);
  }
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, 0, 0, to.width, to.height);
  bitmap.close();
  return file.type === 'image/png' ? canvas.toDataURL('image/png') : canvas.toDataURL('image/jpeg', 0.9);
}
