/**
 * A Content-Disposition header that cannot be broken by the file name: an ASCII fallback with quotes,
 * backslashes and control characters removed, plus the UTF-8 name in RFC 5987 form.
 */
export function contentDisposition(filename: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const clean =
    filename
      .replace(/[\r\n\t"\\/]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .slice(0, 150) || 'file';
  const utf8 = encodeURIComponent(filename.replace(/[\r\n\t/\\]/g, '').slice(0, 150)).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${clean}"; filename*=UTF-8''${utf8}`;
}
