import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, read back with pdf.js, blanks collapsed. */
export async function pdfText(data: Buffer | Uint8Array): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(data), isEvalSupported: false, verbosity: 0 }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i += 1) {
    const content = await (await doc.getPage(i)).getTextContent();
    text += content.items.map((x) => ('str' in x ? x.str : '')).join(' ') + ' ';
  }
  return text.replace(/\s+/g, ' ');
}

/** A piece of a page's text, where pdf.js draws it: x and y of its start (pt), its width and font size. */
export interface PdfTextItem {
  str: string;
  x: number;
  y: number;
  w: number;
  size: number;
}

/** The non-blank text pieces of every page of a PDF, page by page, read back with pdf.js. */
export async function pdfPages(data: Buffer | Uint8Array): Promise<PdfTextItem[][]> {
  const doc = await getDocument({ data: new Uint8Array(data), isEvalSupported: false, verbosity: 0 }).promise;
  const pages: PdfTextItem[][] = [];
  for (let i = 1; i <= doc.numPages; i += 1)
    pages.push(
      (await (await doc.getPage(i)).getTextContent()).items.flatMap((x) =>
        'str' in x && x.str.trim()
          ? [
              {
                str: x.str,
                x: x.transform[4] as number,
                y: x.transform[5] as number,
                w: x.width,
                size: Math.abs(x.transform[0] as number),
              },
            ]
          : [],
      ),
    );
  return pages;
}
