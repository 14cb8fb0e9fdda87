/**
 * The baselines of npm run bench:ui: what rjsf alone does with the sl roof step, no engine.
 *
 * - index.html (the naive reference): a plain @rjsf/core Form with live validation (ajv8, compiled in the
 *   page) draws the roof step's JSON Schema from schemas/sl/bundle.json as an array of 100 items holding
 *   the same 100 roofs as the benchmark's sl project; rjsf's own fields and templates, the form keeping its
 *   own data (uncontrolled).
 * - index.html?paged (the fair baseline): rjsf as its documentation recommends, paging like the product:
 *   the same 100 roofs held by the page, 3 shown, one controlled Form per card (formData from the page's
 *   state, onChange writing it back), schema and uiSchema made once, the validator precompiled at build
 *   (schemas/sl/generated, createPrecompiledValidator: no compiler in the page), live validation on change,
 *   each card memoised so that a key typed into one redraws that card only.
 */
import Form, { type IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { memo, useCallback, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { rootedSchema, validatorFunctions, registerValidators, type DataSchema } from '../../../engine';
import bundle from '../../../schemas/sl/bundle.json';
import valid from '../../../schemas/sl/fixtures/base/valid.json';
import { slProject } from '../data';

const step = (bundle.steps as { key: string; schema: unknown }[]).find((s) => s.key === 'Toiture');
if (!step) throw new Error('schemas/sl/bundle.json has no Toiture step');
const roofs = slProject(valid as Record<string, unknown>).roofs as Record<string, unknown>[];

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

if (new URLSearchParams(location.search).has('paged')) {
  for (const fns of Object.values(
    import.meta.glob<Record<string, unknown>>('../../../schemas/sl/generated/validators.js', { eager: true }),
  ))
    registerValidators(fns);
  const itemSchema = step.schema as DataSchema;
  const schema = rootedSchema(itemSchema) as RJSFSchema;
  const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  const precompiled = createPrecompiledValidator(
    validatorFunctions(itemSchema) as Parameters<typeof createPrecompiledValidator>[0],
    schema,
  );
  const Card = memo(function Card({
    index,
    roof,
    onChange,
  }: {
    index: number;
    roof: Record<string, unknown>;
    onChange: (index: number, roof: Record<string, unknown>) => void;
  }) {
    return (
      <li className="card">
        <Form
          schema={schema}
          uiSchema={uiSchema}
          validator={precompiled}
          formData={roof}
          idPrefix={`card_${index}`}
          liveValidate="onChange"
          onChange={(e: IChangeEvent) => onChange(index, e.formData as Record<string, unknown>)}
        />
      </li>
    );
  });
  const Paged = () => {
    const [data, setData] = useState(roofs);
    const [page, setPage] = useState(0);
    const change = useCallback(
      (index: number, roof: Record<string, unknown>) =>
        setData((d) => d.map((r, i) => (i === index ? roof : r))),
      [],
    );
    return (
      <>
        <button type="button" onClick={() => setPage((p) => Math.max(0, p - 1))}>
          ‹
        </button>
        <ul>
          {data.slice(page * 3, page * 3 + 3).map((roof, i) => (
            <Card key={page * 3 + i} index={page * 3 + i} roof={roof} onChange={change} />
          ))}
        </ul>
        <button type="button" onClick={() => setPage((p) => Math.min(33, p + 1))}>
          ›
        </button>
      </>
    );
  };
  createRoot(root).render(<Paged />);
} else {
  const schema = { type: 'array', items: step.schema } as RJSFSchema;
  createRoot(root).render(
    <Form schema={schema} formData={roofs} validator={validator} liveValidate="onChange" />,
  );
}
