import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../../server/files/contentDisposition';

describe('contentDisposition', () => {
  it('cannot be broken by quotes, line breaks or slashes in the name', () => {
    const h = contentDisposition('plan "toiture"\r\nX-Evil: 1/../a.pdf');
    expect(h).not.toMatch(/[\r\n]/);
    expect(h).toBe(
      `attachment; filename="plan toitureX-Evil: 1..a.pdf"; filename*=UTF-8''plan%20%22toiture%22X-Evil%3A%201..a.pdf`,
    );
  });
  it('keeps the UTF-8 name in RFC 5987 form beside an ASCII fallback', () => {
    expect(contentDisposition('Note de calcul – Étoile.pdf', 'inline')).toBe(
      `inline; filename="Note de calcul _ _toile.pdf"; filename*=UTF-8''Note%20de%20calcul%20%E2%80%93%20%C3%89toile.pdf`,
    );
  });
  it('never gives an empty name', () => {
    expect(contentDisposition('"\\/')).toMatch(/^attachment; filename="file";/);
  });
});
