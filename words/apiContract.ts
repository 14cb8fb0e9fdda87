/**
 * One contract from server to client (issue 41): the JSON Schemas of the answers the app reads of the
 * project and verification routes. The routes declare them (server/projects/routes.ts,
 * server/verify/routes.ts): Fastify serialises each answer by its schema, which drops any member it does
 * not declare, and /api/docs documents them. The client's types are derived from the same schemas
 * (json-schema-to-ts), so an answer and what the client reads of it cannot drift apart. Here, on the
 * framework-free floor, because the app imports nothing of server/.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type { Results } from './results';

const text = { type: 'string' } as const;
const textOrNull = { type: ['string', 'null'] } as const;
const integer = { type: 'integer' } as const;
const flag = { type: 'boolean' } as const;

/** A date as the seeds' clients read it: { date: ISO 8601 }. */
const day = {
  type: 'object',
  required: ['date'],
  additionalProperties: false,
  properties: { date: { type: 'string', description: 'ISO 8601' } },
} as const;

/** Where a project stands in its group of variants. */
const variantOf = {
  type: 'object',
  required: ['of', 'no', 'label'],
  additionalProperties: false,
  properties: {
    of: { type: ['string', 'null'], description: "the group's first project (null: this is it)" },
    no: { type: 'integer', description: 'its number in the group, from 1' },
    label: { type: ['string', 'null'], description: 'the name the user gave it (null: unnamed)' },
  },
} as const;

/** What the workflow noted of a project. */
const extendedProperties = {
  type: 'object',
  additionalProperties: false,
  properties: { note_generated: { type: 'boolean', description: 'its note was printed' } },
} as const;

/** A form's answers as stored: each server field's value, as the calculator's server schema declares it. */
const formAnswers = {
  type: 'object',
  description: "the form's answers by server field, as POST /api/{type}/project declares them",
  additionalProperties: { description: "an answer: the server field's value (null: none)" },
} as const;

/** A step of a stored project (seed 000 and 001 section 3): its forms, and what the wizard keeps of it. */
const storedStep = {
  type: 'object',
  required: ['forms'],
  additionalProperties: true,
  properties: {
    name: text,
    forms: {
      type: 'array',
      items: {
        type: 'object',
        required: ['form'],
        additionalProperties: true,
        properties: { form: formAnswers, uuid: text },
      },
    },
    state: integer,
    condition_value: { description: 'a gated step: whether its question was answered yes' },
    toApi: {},
  },
} as const;

/**
 * A stored project's results: each calculation's own (its results schema: GET
 * /api/{type}/calculate/{id}), of which every calculation declares its method. They are written as they
 * were stored: results of an earlier method version are answered as they are, not refused (a schema of
 * today's results would refuse them, and Fastify's serialiser would answer 500).
 */
const storedResults = {
  type: ['object', 'null'],
  description:
    "the results stored with the project, as its calculation's results schema declares them (null: none)",
  additionalProperties: true,
  properties: {
    method: {
      type: 'object',
      required: ['name', 'version'],
      additionalProperties: false,
      properties: { name: text, version: text },
    },
  },
} as const;

/** GET /api/{type}/project/{id}: a stored project (and each of GET .../variants). */
export const storedProjectSchema = {
  type: 'object',
  required: [
    'id',
    'state',
    'command',
    'version',
    'name',
    'created',
    'modified',
    'steps',
    'results',
    'comment',
    'extended_properties',
    'variant',
    'number',
    'reference',
  ],
  additionalProperties: false,
  properties: {
    id: text,
    state: text,
    command: textOrNull,
    version: integer,
    name: { type: 'string', description: 'the name the history shows (read from its answers when saved)' },
    created: day,
    modified: day,
    steps: { type: 'object', additionalProperties: storedStep },
    results: storedResults,
    comment: textOrNull,
    extended_properties: extendedProperties,
    variant: variantOf,
    number: { type: ['integer', 'null'], description: "the project's readable number (null: none yet)" },
    reference: { type: 'string', description: 'the reference a client quotes (its number, else its id)' },
  },
} as const;

/** A project as the history lists it: what its tables show, and the answers the bundle repeats. */
const historyRow = {
  type: 'object',
  required: [
    'id',
    'state',
    'command',
    'created',
    'modified',
    'name',
    'postcode',
    'company',
    'commercial',
    'steps',
    'extended_properties',
    'variant',
    'number',
  ],
  additionalProperties: false,
  properties: {
    id: text,
    state: text,
    command: textOrNull,
    created: day,
    modified: day,
    name: text,
    postcode: text,
    company: text,
    commercial: text,
    steps: {
      type: 'object',
      description:
        "the answers the bundle's history repeats (history.answers), null where the project has none",
      additionalProperties: {
        type: 'object',
        required: ['forms'],
        additionalProperties: false,
        properties: {
          forms: {
            type: 'array',
            items: {
              type: 'object',
              required: ['form'],
              additionalProperties: false,
              properties: { form: formAnswers },
            },
          },
        },
      },
    },
    extended_properties: extendedProperties,
    variant: variantOf,
    number: { type: ['integer', 'null'] },
  },
} as const;

/** GET /api/{type}/project/search/{page}[/{query}]: a page of the history. */
export const historyPageSchema = {
  type: 'object',
  required: ['projects', 'totalPages', 'total'],
  additionalProperties: false,
  properties: {
    projects: {
      type: 'array',
      items: {
        ...historyRow,
        properties: {
          ...historyRow.properties,
          variants: {
            type: 'array',
            description: "the group's other members, under its first",
            items: historyRow,
          },
        },
      },
    },
    totalPages: integer,
    total: integer,
  },
} as const;

/** POST and PUT /api/{type}/project: the project saved. */
export const savedSchema = {
  type: 'object',
  required: ['id', 'changed', 'version'],
  additionalProperties: false,
  properties: {
    id: text,
    changed: flag,
    version: integer,
    results_kept: { type: 'boolean', description: 'only the unit system changed: the stored results stand' },
  },
} as const;

/** POST /api/{type}/project/{id}/variant: the new variant. */
export const newVariantSchema = {
  type: 'object',
  required: ['id', 'version', 'no'],
  additionalProperties: false,
  properties: { id: text, version: integer, no: { type: 'integer', description: 'its number in the group' } },
} as const;

/** PATCH /api/{type}/project/{id}/variant: the name as stored. */
export const variantNameSchema = {
  type: 'object',
  required: ['id', 'label'],
  additionalProperties: false,
  properties: { id: text, label: textOrNull },
} as const;

/** GET /api/{type}/project/{id}/variants: the group, first project first. */
export const variantsSchema = {
  type: 'object',
  required: ['variants'],
  additionalProperties: false,
  properties: { variants: { type: 'array', items: storedProjectSchema } },
} as const;

/** What the page shows of a verdict: its status in words and tone, its sentences. */
const verdictWords = {
  type: 'object',
  required: ['words', 'tone', 'lines'],
  additionalProperties: false,
  properties: {
    words: text,
    tone: { type: 'string', enum: ['success', 'warning', 'error', 'none'] },
    lines: { type: 'array', items: text },
  },
} as const;

/** A key figure as issued and today; `today` null when the answers were not calculated again. */
const comparedFigure = {
  type: 'object',
  required: ['key', 'label', 'issued', 'today', 'differs'],
  additionalProperties: false,
  properties: { key: text, label: text, issued: text, today: textOrNull, delta: text, differs: flag },
} as const;

/** A verdict as issued and today (null: not calculated again), in words. */
const comparedVerdict = {
  type: 'object',
  required: ['key', 'label', 'issued', 'today', 'differs'],
  additionalProperties: false,
  properties: {
    key: text,
    label: text,
    issued: verdictWords,
    today: { anyOf: [verdictWords, { type: 'null' }] },
    differs: flag,
  },
} as const;

/** A figure of the note's tables (a roof's, a month's) that differs: where it is, as issued and today. */
const comparedDetail = {
  type: 'object',
  required: ['where', 'label', 'issued', 'today'],
  additionalProperties: false,
  properties: { where: text, label: text, issued: text, today: text, delta: text },
} as const;

const noteBase = {
  code: text,
  locale: { type: 'string', description: "the language it is written in (the page's)" },
  issued_on: text,
  product: { type: 'string', description: "the calculator's title" },
} as const;

/**
 * GET /api/verify/{code}: an issued note as issued and as calculated today (server/verify/issued.ts),
 * in the page's language; a withdrawn note says so and nothing more.
 */
export const verificationSchema = {
  anyOf: [
    {
      type: 'object',
      required: ['status', 'code', 'locale', 'issued_on', 'product', 'withdrawn_on'],
      additionalProperties: false,
      properties: { status: { const: 'withdrawn' }, ...noteBase, withdrawn_on: text },
    },
    {
      type: 'object',
      required: [
        'status',
        'code',
        'locale',
        'issued_on',
        'product',
        'number',
        'name',
        'place',
        'sections',
        'method',
        'climate',
        'figures',
        'verdicts',
        'details',
        'recalculated',
        'same',
        'changes',
      ],
      additionalProperties: false,
      properties: {
        status: { const: 'issued' },
        ...noteBase,
        number: { type: ['integer', 'null'] },
        name: text,
        place: text,
        sections: {
          type: 'array',
          items: {
            type: 'object',
            required: ['title', 'items'],
            additionalProperties: false,
            properties: {
              title: text,
              items: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['label', 'value'],
                  additionalProperties: false,
                  properties: { label: text, value: text },
                },
              },
            },
          },
        },
        method: {
          type: 'object',
          required: ['issued', 'today'],
          additionalProperties: false,
          properties: { issued: text, today: text },
        },
        climate: text,
        figures: { type: 'array', items: comparedFigure },
        verdicts: { type: 'array', items: comparedVerdict },
        details: {
          type: 'object',
          description: 'the other figures the note prints: how many values were compared, those that differ',
          required: ['compared', 'differing'],
          additionalProperties: false,
          properties: { compared: integer, differing: { type: 'array', items: comparedDetail } },
        },
        recalculated: {
          type: 'boolean',
          description: 'false: the calculation today refused the answers (the figures stand as issued)',
        },
        author: {
          type: 'object',
          description:
            'the reader may change the note (its author or an admin): where, and the client shown or not',
          required: ['api', 'show_client'],
          additionalProperties: false,
          properties: { api: text, show_client: flag },
        },
        same: flag,
        changes: {
          type: 'array',
          description: "the method's changes between the two versions",
          items: {
            type: 'object',
            required: ['version', 'text'],
            additionalProperties: false,
            properties: { version: text, text },
          },
        },
      },
    },
  ],
} as const;

/** POST /api/verify/{code}/pdf: whether the bytes are the issued note's. */
export const pdfCheckSchema = {
  type: 'object',
  required: ['issued', 'withdrawn'],
  additionalProperties: false,
  properties: { issued: flag, withdrawn: flag },
} as const;

/** GET /api/{type}/project/{id}/notes: a project's issued notes, newest first. */
export const issuedNotesSchema = {
  type: 'object',
  required: ['notes'],
  additionalProperties: false,
  properties: {
    notes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code', 'issued_on', 'method_version', 'show_client', 'withdrawn'],
        additionalProperties: false,
        properties: { code: text, issued_on: text, method_version: text, show_client: flag, withdrawn: flag },
      },
    },
  },
} as const;

/** A stored project as its schema declares it (the server writes it so). */
export type StoredProjectJson = FromSchema<typeof storedProjectSchema>;
/** A stored project as answered; its results typed by the calculations' own contracts (words/results). */
export type StoredProjectAnswer = Omit<StoredProjectJson, 'results'> & { results: Results | null };
export type HistoryPage = FromSchema<typeof historyPageSchema>;
/** A project as the history lists it (the columns read any path of it), its group's others under it. */
export type HistoryItem = HistoryPage['projects'][number];
/** One row of the history, without its group's others. */
export type HistoryRow = FromSchema<typeof historyRow>;
export type VariantOf = FromSchema<typeof variantOf>;
export type SaveAnswer = FromSchema<typeof savedSchema>;
export type NewVariant = FromSchema<typeof newVariantSchema>;
export type VariantName = FromSchema<typeof variantNameSchema>;
export type Variants = { variants: StoredProjectAnswer[] };
export type Verification = FromSchema<typeof verificationSchema>;
export type VerdictWords = FromSchema<typeof verdictWords>;
export type ComparedFigure = FromSchema<typeof comparedFigure>;
export type ComparedVerdict = FromSchema<typeof comparedVerdict>;
export type ComparedDetail = FromSchema<typeof comparedDetail>;
export type PdfCheck = FromSchema<typeof pdfCheckSchema>;
export type IssuedNotes = FromSchema<typeof issuedNotesSchema>;
export type IssuedNote = IssuedNotes['notes'][number];
