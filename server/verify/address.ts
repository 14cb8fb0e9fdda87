import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';

/**
 * The public verification page of a code (issue 35, item 4): on the service's configured address
 * (PUBLIC_URL, required in production), never on the Host a request names, which anyone may write (a
 * note printed with `Host: verify-evil.example` sent its reader there). Without one (development), on
 * the address the request came to, and `fromRequest` says so: the note's cover tells its reader.
 */
export function verifyAddress(
  publicUrl: string | null,
  request: FastifyRequest,
  code: string,
): { url: string; fromRequest: boolean } {
  if (publicUrl) return { url: `${publicUrl}/client/verify/${code}`, fromRequest: false };
  return { url: `${request.protocol}://${request.host}/client/verify/${code}`, fromRequest: true };
}

/** The QR code of an address as a PNG data URL, drawn large enough to be read from a printed page. */
export function qrPng(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, scale: 6 });
}
