/**
 * The answers' schemas every API route declares (issue 29): the error body the error handler sends
 * (http/errorHandler.ts) for any 4xx or 5xx, beside each route's own success. Fastify serializes by
 * them and the OpenAPI page (/api/docs) documents every answer from them.
 */

/** { error, code, field?, details? }: the English message, a stable code, the field at fault. */
export const errorBody = {
  type: 'object',
  required: ['error', 'code'],
  properties: {
    error: { type: 'string' },
    code: { type: 'string' },
    field: { type: 'string' },
    // what the code means in detail (a limit, every reason a calculation is refused): any JSON
    details: {},
  },
} as const;

/** A file answered as its bytes (a PDF, a workbook, an upload). */
export const fileBody = { description: 'the file, as its bytes', format: 'binary' } as const;

/** No content (204). */
export const noContent = { description: 'no content' } as const;

/** A route's answers: its successes, and the error body for every 4xx and 5xx. */
export const answers = <S extends Record<number, unknown>>(success: S) =>
  ({ ...success, '4xx': errorBody, '5xx': errorBody }) as const;
