/**
 * The baseline of npm run bench:ui: what rjsf alone does with the sl roof step. A plain @rjsf/core Form with
 * live validation (ajv8) draws the roof step's JSON Schema from schemas/sl/bundle.json as an array of 100
 * items holding the same 100 roofs as the benchmark's sl project. No engine, no cards, no paging: rjsf's
 * own fields and templates, the form keeping its own data (uncontrolled: rjsf's cheapest way).
 */
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { createRoot } from 'react-dom/client';
import bundle from '../../../schemas/sl/bundle.json';
import valid from '../../../schemas/sl/fixtures/base/valid.json';
import { slProject } from '../data';

const step = (bundle.steps as { key: string; schema: unknown }[]).find((s) => s.key === 'Toiture');
if (!step) throw new Error('schemas/sl/bundle.json has no Toiture step');
const schema = { type: 'array', items: step.schema } as RJSFSchema;
const roofs = slProject(valid as Record<string, unknown>).roofs as unknown[];

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <Form schema={schema} formData={roofs} validator={validator} liveValidate="onChange" />,
);
