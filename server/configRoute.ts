import '@fastify/swagger';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { adminOf } from './auth/identity';
import { answers, fileBody } from './http/answers';
import { bundlesOf } from './projects/products';

/** GET /api/config: what the page needs to know about this deployment, read at run time. */
export const configRoute: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const { config } = app;
  // The calculators the mode offers (each bundle's `modes`), and the languages and units they speak.
  const bundles = bundlesOf(config.mode);
  const calculators = bundles.map((b) => b.id);
  const union = (f: (b: (typeof bundles)[number]) => string[]) => [...new Set(bundles.flatMap(f))];
  const locales = union((b) => b.locales);
  const unitSystems = union((b) => b.unitSystems);
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['config'],
        response: answers({
          200: {
            type: 'object',
            properties: {
              mode: { type: 'string' },
              calculators: { type: 'array', items: { type: 'string' } },
              locales: { type: 'array', items: { type: 'string' } },
              unitSystems: { type: 'array', items: { type: 'string' } },
              admin: { type: 'boolean' },
              brand: {
                type: 'object',
                properties: { name: { type: ['string', 'null'] }, logo: { type: ['string', 'null'] } },
              },
            },
          },
        }),
      },
    },
    async (request) => ({
      mode: config.mode,
      calculators,
      locales,
      unitSystems,
      admin: adminOf(request) !== null,
      brand: { name: config.brandName, logo: config.brandLogo ? '/api/brand/logo' : null },
    }),
  );
  // The tab's icon: browsers ask for /favicon.ico whatever the page says; the manufacturer's logo when
  // it has one, else the app's own (the one the sidebar shows), read once.
  const icon = config.brandLogo ?? join(import.meta.dirname, '..', 'app', 'assets', 'logo.svg');
  const iconData = readFileSync(icon);
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('Content-Type', icon.toLowerCase().endsWith('.svg') ? 'image/svg+xml' : 'image/png')
      .header('Cache-Control', 'public, max-age=86400')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(iconData),
  );
  // The manufacturer's logo (BRAND_LOGO), when it has one.
  const logo = config.brandLogo;
  if (logo)
    app.get(
      '/api/brand/logo',
      { schema: { tags: ['config'], response: answers({ 200: fileBody }) } },
      async (_request, reply) =>
        reply
          .header('Content-Type', logo.toLowerCase().endsWith('.svg') ? 'image/svg+xml' : 'image/png')
          .header('Cache-Control', 'public, max-age=3600')
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(readFileSync(logo)),
    );
};
