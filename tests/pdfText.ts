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
