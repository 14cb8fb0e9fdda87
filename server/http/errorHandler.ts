import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './HttpError';

/** The field a Fastify/ajv validation error points at: 'body.steps.Client...' as a dotted path. */
function fieldOfValidation(e: FastifyError): string | undefined {
  const v = e.validation?.[0];
  if (!v) return undefined;
  const base = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = (v.params as { missingProperty?: string; additionalProperty?: string } | undefined) ?? {};
  const extra = missing.missingProperty ?? missing.additionalProperty;
  return [e.validationContext ?? '', base, extra ?? ''].filter(Boolean).join('.');
}

/**
 * The one error handler: client errors keep their status and message and name the field; everything else
 * is logged and answered as a bare 500, with no stack trace or SQL.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      const body: Record<string, unknown> = { error: error.message };
      if (error.field) body.field = error.field;
      if (error.details !== undefined) body.details = error.details;
      return reply.status(error.status).send(body);
    }
    if (error.validation) {
      const field = fieldOfValidation(error);
      return reply
        .status(400)
        .send({ error: `${field ?? 'request'}: ${error.validation[0]?.message ?? 'invalid'}`, field });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const messages: Record<number, string> = {
        413: 'The request is too large',
        415: 'Unsupported content type',
        429: 'Too many requests, try again in a minute',
      };
      return reply.status(status).send({ error: messages[status] ?? error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'Internal error' });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: `No route ${request.method} ${request.url.split('?')[0]}` }),
  );
}
