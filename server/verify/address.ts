import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';

/** The public verification page of a code, on the address the request came to (its proxy's, trusted). */
export function verifyAddress(request: FastifyRequest, code: string): string {
  return `${request.protocol}://${request.host}/client/verify/${code}`;
}

/** The QR code of an address as a PNG data URL, drawn large enough to be read from a printed page. */
export function qrPng(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, scale: 6 });
}
