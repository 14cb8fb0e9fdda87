/**
 * The size of the images of a calculation note, shared by the page that sends them and the server that
 * prints them: each is printed within the text's width of an A4 page and at most 220 pt high, and kept
 * at 150 dpi, which a printed page does not need more than.
 */
export const NOTE_IMAGE_BOX_PT = { width: 515, height: 220 };
export const NOTE_PRINT_DPI = 150;

/** The pixels of that place: 1073 x 458. */
export const NOTE_IMAGE_BOX_PX = {
  width: Math.round((NOTE_IMAGE_BOX_PT.width / 72) * NOTE_PRINT_DPI),
  height: Math.round((NOTE_IMAGE_BOX_PT.height / 72) * NOTE_PRINT_DPI),
};

/**
 * The width a roof's chart is sent at: a 200-roof note's charts then hold some 31 megapixels at most
 * (600 x 260 each), within the server's budget of a note's pixels (NOTE_MEGAPIXELS, 40 by default).
 */
export const NOTE_ROOF_CHART_PX = 600;

/** The pixel size an image of `width` x `height` takes within `box`: never larger than it is. */
export function fittedSize(
  width: number,
  height: number,
  box: { width: number; height: number } = NOTE_IMAGE_BOX_PX,
): { width: number; height: number } {
  const scale = Math.min(1, box.width / width, box.height / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
