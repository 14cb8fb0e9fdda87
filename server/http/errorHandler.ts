import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, type ApiCode } from './HttpError';

/** The field a Fastify/ajv validation error points at: 'body.steps.Client...' as a dotted path. */
function fieldOfValidation(e: FastifyError): string | undefined {
  const v = e.validation?.[0];
  if (!v) return undefined;
  const base = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = (v.params as { missingProperty?: string; additionalProperty?: string } | undefined) ?? {};
  const extra = missing.missingProperty ?? missing.additionalProperty;
  return [e.validationContext ?? '', base, extra ?? ''].filter(Boolean).join('.');
}

/** A stable code per status, beside the English message: the app shows the user its own words for it. */
export const CODES: Record<number, ApiCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_type',
  422: 'not_calculable',
  429: 'rate_limited',
  503: 'unavailable',
};

/**
 * The one error handler: client errors keep their status and message and name the field; everything else
 * is logged and answered as a bare 500, with no stack trace or SQL.
 */
export function installErrorHandler(app: FastifyInstance, opts: { fileLimit: number }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      const body: Record<string, unknown> = {
        error: error.message,
        code: error.code ?? CODES[error.status] ?? 'error',
      };
      if (error.field) body.field = error.field;
      if (error.details !== undefined) body.details = error.details;
      // a refusal that says when to come back says it in the header too (an earlier Retry-After stays)
      const retryAfter = (error.details as { retryAfter?: unknown } | undefined)?.retryAfter;
      if (typeof retryAfter === 'number' && !reply.hasHeader('retry-after'))
        reply.header('Retry-After', String(retryAfter));
      return reply.status(error.status).send(body);
    }
    if (error.validation) {
      const field = fieldOfValidation(error);
      return reply.status(400).send({
        error: `${field ?? 'request'}: ${error.validation[0]?.message ?? 'invalid'}`,
        code: 'bad_request',
        field,
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      // A body or an uploaded file over its route's limit: the limit, in megabytes, for the page's words.
      const bytes =
        error.code === 'FST_REQ_FILE_TOO_LARGE' ? opts.fileLimit : (request.routeOptions.bodyLimit ?? 0);
      const limit = Math.round((bytes / (1024 * 1024)) * 10) / 10;
      return reply.status(413).send({
        error: `The request is too large: ${limit} MB at most`,
        code: 'body_too_large',
        details: { limit },
      });
    }
    if (status >= 400 && status < 500) {
      const messages: Record<number, string> = {
        413: 'The request is too large',
        415: 'Unsupported content type',
        429: 'Too many requests, try again in a minute',
      };
      return reply
        .status(status)
        .send({ error: messages[status] ?? error.message, code: CODES[status] ?? 'bad_request' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'Internal error', code: 'internal' });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ error: `No route ${request.method} ${request.url.split('?')[0]}`, code: 'not_found' }),
  );
}
