import { cut, withoutControls } from '../projects/projectText';

/**
 * A Content-Disposition header that cannot be broken by the file name: an ASCII fallback with quotes,
 * backslashes and control characters removed, plus the UTF-8 name in RFC 5987 form.
 */
export function contentDisposition(filename: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const name = cut(filename.replace(/[\uD800-\uDFFF]/gu, '_'), 150); // lone surrogates: not encodable
  const clean =
    name
      .replace(/[\r\n\t"\\/]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .slice(0, 150) || 'file';
  const utf8 = encodeURIComponent(withoutControls(name).replace(/[/\\]/g, '')).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${clean}"; filename*=UTF-8''${utf8}`;
}
