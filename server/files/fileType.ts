/** What a stored file may be, judged by its first bytes (never by the name or the declared type alone). */
export interface FileType {
  mime: string;
  label: string;
  /** the extension a file of this type is saved with */
  extension: string;
}

const OFFICE_ZIP: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};
const OFFICE_OLE: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

const starts = (b: Buffer, bytes: number[]): boolean => bytes.every((x, i) => b[i] === x);

/**
 * The type of an upload from its content: PDF, PNG, JPEG, office documents (OOXML/ODF zips and legacy OLE,
 * told apart by the extension), DWG. Anything else is refused (undefined).
 */
export function fileTypeOf(data: Buffer, filename: string): FileType | undefined {
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  if (starts(data, [0x25, 0x50, 0x44, 0x46, 0x2d]))
    return { mime: 'application/pdf', label: 'PDF', extension: 'pdf' };
  if (starts(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', label: 'PNG', extension: 'png' };
  if (starts(data, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', label: 'JPEG', extension: 'jpg' };
  if (starts(data, [0x50, 0x4b, 0x03, 0x04]) && OFFICE_ZIP[ext])
    return { mime: OFFICE_ZIP[ext], label: ext, extension: ext };
  if (starts(data, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) && OFFICE_OLE[ext])
    return { mime: OFFICE_OLE[ext], label: ext, extension: ext };
  if (data.subarray(0, 4).toString('latin1') === 'AC10')
    return { mime: 'image/vnd.dwg', label: 'DWG', extension: 'dwg' };
  return undefined;
}
