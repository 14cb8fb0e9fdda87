/**
 * The contract between the bundles (schemas/), the engine (engine/), the renderers (renderers/) and the
 * app (app/). A bundle is JSON that the product team edits; the engine turns a bundle plus the local form
 * data into a FormState that holds every prop a widget needs; renderers only draw a FormState and report
 * edits back.
 *
 * Terms:
 * - local model: the form data in the browser (seed "local form model"), e.g. for sl
 *   `{ client: {...}, project: {...}, roofs: [{...}] }`.
 * - server format: the stored project `{ id, state, steps: { Client: { forms: [{ form, uuid }] ...} } }`.
 * - path: a dotted path in the local model, `roofs.2.drainage.horizontal`; a field path is the part
 *   inside one item/card, `drainage.horizontal`.
 */

/** A json-logic expression (json-logic-js `RulesLogic`), plus our own operators (see engine/rules). */
export type JsonLogic = unknown;

/** Field kinds; each has exactly one renderer in the registry (renderers/registry.ts). */
export type FieldKind =
  | 'text'
  | 'number'
  | 'phone'
  | 'email'
  | 'select'
  | 'boolean'
  | 'dataSelect'
  /** a measured daily rain series uploaded with the project: its id (issue 39.3) */
  | 'rainSeries';

/** 0 ok, 1 needed (step passable), 2 required/invalid (step blocked). */
export type Severity = 0 | 1 | 2;

/** 0 untouched, 1 valid, 2 invalid but passable, 3 invalid and blocking. */
export type StepStatus = 0 | 1 | 2 | 3;

export type UnitSystem = 'METRIC' | 'IMPERIAL';

/**
 * Physical quantity of a number field. Values are stored in the metric unit named here; in IMPERIAL the
 * engine shows them in the imperial unit of the same quantity (1 in = 25.4 mm, 1 ft = 304.8 mm,
 * 1 ft2 = 0.092903 m2, 1 US gal = 3.78541178 L).
 */
export type Quantity =
  | 'length_mm' // mm <-> in
  | 'length_cm' // cm <-> in
  | 'area_m2' // m2 <-> ft2
  | 'volume_m3' // m3 <-> US gal
  | 'flow_l_s' // L/s (no imperial form needed by the seeds; shown as is)
  | 'rate_l_s_ha' // L/s/ha (likewise)
  | 'count'; // pure number, never converted

/**
 * A message key of the calculator's messages (schemas/<id>/messages.<locale>.json, i18next's JSON format),
 * with its parameters: words/i18n.ts writes it in the reader's language.
 */
export interface MessageRef {
  key: string;
  params?: Record<string, unknown>;
}

/** A JSON Schema (draft 2020-12 subset) describing one item of a step: the data part of the bundle. */
export interface DataSchema {
  type?: string | string[];
  properties?: Record<string, DataSchema>;
  required?: string[];
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  /** the value must be greater than this (a surface: > 0), where `minimum` would let the bound itself in */
  exclusiveMinimum?: number;
  maximum?: number;
  maxLength?: number;
  format?: string;
  items?: DataSchema;
  [keyword: string]: unknown;
}

/** The checks the engine makes by itself, from the schema and the field kind. */
export type BuiltinCheck =
  | 'required'
  | 'need'
  | 'select'
  | 'number'
  | 'integer'
  | 'minimum'
  | 'exclusiveMinimum'
  | 'maximum'
  | 'maxLength'
  | 'email'
  | 'phone';

/** Per-field presentation, rjsf-style (`ui:widget` is the field kind). */
export interface FieldUi {
  'ui:widget': FieldKind;
  'ui:options': {
    label: string; // message key
    info?: string; // message key of the info panel
    placeholder?: string; // message key ('common.choose_option' = 'Choisir une option' for selects)
    need?: boolean; // a missing value is severity 1 ('Le champ est nécessaire.') instead of 2
    quantity?: Quantity;
    decimals?: number; // display precision
    /**
     * select: static options; value = option value, label = message key. rainSeries: the time zones
     * (IANA names) offered for a logger's times written in UTC, the first proposed
     */
    options?: { value: string | number | boolean; label: string }[];
    /** select in object-options mode: the value is the option's index; index 0 reads 'Je ne sais pas / Égouts' */
    indexValue?: boolean;
    /** select: the stored value that means "nothing chosen" (shown as the placeholder) */
    emptyValue?: unknown;
    /** message keys replacing the engine's own for this field (e.g. number -> 'smca.errors.numeric') */
    messages?: Partial<Record<BuiltinCheck, string>>;
    /** dataSelect: where the options come from (see DataOptions) */
    dataOptions?: DataOptions;
  };
}

/** uiSchema of one step item: the order of fields plus one FieldUi per field path (nested with dots). */
export interface StepUi {
  'ui:order': string[]; // field paths inside the item, in display order
  fields: Record<string, FieldUi>;
}

/**
 * Options of a data select, drawn from other data, e.g. the spill destinations: the other named roofs
 * and the grounds, with the sewer first.
 */
export interface DataOptions {
  /** the option shown first, meaning "none of these" (e.g. { value: '', label: 'spill.sewer' }) */
  first?: { value: string; label: string };
  sources: {
    path: string; // array in the local model, e.g. 'roofs'
    value: string; // template of the stored value, '{prefix}{index}' e.g. 'roof_{index}'
    labelField: string; // field shown as the option label, e.g. 'name'
    excludeSelf?: boolean; // leave out the item the field belongs to
    skipEmptyLabel?: boolean; // leave out items whose label field is empty
  }[];
}

export interface Condition {
  when: JsonLogic; // true => the field is inactive: its value is reset to the empty value and it is valid
  mode: 'hide' | 'disable';
}

export interface Update {
  /** Fires when a field referenced in `when` (or `set`) changes through an edit, not on every derivation. */
  when: JsonLogic;
  set: JsonLogic; // value to set (a literal or an expression); null clears
}

export interface Check {
  when: JsonLogic; // true => the check fails
  /** 2 blocks; 1 passable but incomplete; 0 (a field's checks only): advice, said and never blocking */
  severity: Severity;
  message: string; // message key
  params?: Record<string, JsonLogic>;
  /**
   * A limit of physics or of the catalogue (drains per m2 of roof): a project holding such an answer is
   * refused when it is saved, not only when it is calculated, as a JSON Schema bound is.
   */
  bound?: boolean;
}

/**
 * Rules of one field, written beside it in the bundle. Evaluation context (json-logic data):
 * `{ form: <whole local model>, item: <the card or step object>, index: <card index or 0>,
 *    value: <this field's stored value>, unit_system: 'METRIC' | 'IMPERIAL' }`.
 */
export interface FieldRules {
  condition?: Condition;
  /** true => disabled but keeps its value and stays checked (e.g. a fixed drain thickness) */
  readonly?: JsonLogic;
  update?: Update[];
  check?: Check[];
}

export interface RepeatDef {
  min: number; // cards always kept (1 for roofs, 0 for grounds)
  /** cards at most (no add or duplicate beyond; the server refuses more); 200 when absent */
  max?: number;
  perPage: number; // 3
  cardTitle: string; // message key, params { index (1-based), name }
  add?: { label: string }; // absent when cards mirror another list (spills follow the roofs)
  duplicate: boolean;
  delete: boolean; // delete is offered only while more than `min` cards exist (and more than one)
  /** the cards of this step mirror another array of the local model (Deversement: 'roofs') */
  mirror?: string;
  /**
   * Cards may be pasted from a spreadsheet, one per row: `columns` are the card's fields a column may
   * fill, found by the columns' headings (the fields' labels) or else in this order (name, surface,
   * system); `label` names the action, `hint` says what to paste, `add` the preview's Add button (counted).
   */
  paste?: { columns: string[]; label: string; hint: string; add?: string };
}

export interface StepDef {
  key: string; // server step key: Client, Chantier, Toiture, Sol, Deversement
  title: string; // message key
  tab: string; // message key (short timeline label)
  icon: string; // icon name, drawn by the renderers
  path: string; // where the step's data lives in the local model: 'client', 'project', 'roofs'
  repeat?: RepeatDef;
  /**
   * A picture of where each card's choice leads, drawn above the cards (the spills: each roof's arrow to
   * another roof, a ground or the sewer): `field` is a data select of the step's cards.
   */
  diagram?: { field: string; title: string };
  /** a yes/no question opening the step (Sol): `path` is a boolean of the local model */
  gate?: { path: string; question: string };
  schema: DataSchema; // one item
  ui: StepUi;
  rules?: Record<string, FieldRules>; // keyed by field path inside the item
  /** sums etc. shown under the cards (sl roof totals) */
  totals?: { label: string; value: JsonLogic; quantity?: Quantity }[];
  /** extra step-level checks (timeline invalid marks, e.g. "a roof field is empty") */
  checks?: Check[];
}

/** How one local field maps to one server form field. */
export interface FieldMap {
  local: string; // field path inside the local item
  server: string; // key in the server form
  /** server value = local value * scale (e.g. 0.1 for mm in the form -> cm on the server) */
  scale?: number;
  /** `local` is a path from the root of the local model, not inside the item (smca `unit_system`) */
  root?: boolean;
  /** server string -> local code, for legacy labels (French profile labels -> codes) */
  legacy?: Record<string, string>;
}

export interface StepMap {
  step: string; // server step key
  uuid: string; // template, '{key}{index}' -> Client0, Toiture3
  fields: FieldMap[];
  /** Deversement: forms are { source, destination } links built from a field of another step's items */
  links?: { from: string; field: string; sewer: string };
}

export interface MappingDef {
  steps: StepMap[];
  /** server step state -> client status; absent step -> 0 */
  stateToStatus: Record<string, StepStatus>;
  /** client status -> server step state on save; absent -> `defaultState` */
  statusToState: Record<string, number>;
  defaultState: number;
  /** steps whose state is always this value on save (sm/smca Deversement: 0) */
  fixedState?: Record<string, number>;
}

/** A page of a calculator (route /{id}/{page}). */
export type PageName = 'calculator' | 'review' | 'history' | 'results' | 'note' | 'compare';

/** A card of the calculator's home. */
export interface HomeCard {
  title: string; // message key
  page: PageName;
  action: string; // message key of the button
  primary?: boolean;
  admin?: boolean; // shown to admins only
}

/** An entry of the side menu: a page, or the "new project" action. */
export interface SidebarEntry {
  label: string; // message key
  page?: PageName;
  action?: 'new';
  admin?: boolean;
}

/** An API call of a history action; `{api}` is /api/{productType}, `{id}` the project's id. */
export interface ApiRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
}

/**
 * A row action of the history; `when` is json-logic over {state, command, admin, note_generated, name,
 * group_size} (group_size: how many variants the row's group holds).
 */
export interface HistoryAction {
  label: string;
  when?: JsonLogic;
  confirm?: string; // message key, with the row's fields as parameters
  prompt?: { title: string; field: string; submit: string }; // a value asked first, sent as `field`
  /**
   * A choice asked with the confirmation (when `when` holds over the row's facts, or when the server
   * answers 400 naming `field`), sent as `field` in the request's body.
   */
  choose?: { when?: JsonLogic; field: string; title: string; options: { value: string; label: string }[] };
  request?: ApiRequest;
  href?: string; // a download (no request)
  then?: { href: string }; // opened after the request succeeded
  remove?: boolean; // the row leaves the list at once
  open?: PageName; // an app page opened for the row's project (?id=)
}

/** The history's stored columns, read from a project's answers when it is saved (searched and sorted). */
export const HISTORY_RECORD = ['name', 'postcode', 'city', 'region', 'company', 'commercial'] as const;
export type HistoryRecordColumn = (typeof HISTORY_RECORD)[number];

export interface HistoryDef {
  columns: { key: string; label: string; path: string; sort?: string; format?: 'text' | 'date' }[];
  /**
   * Where each stored column is read: a server field of a step's first form (the site's name, the
   * client's company). A column the bundle does not name stays empty.
   */
  record?: Partial<Record<HistoryRecordColumn, { step: string; field: string }>>;
  /** The answers each history row repeats, by step, under steps.{step}.forms[0].form (seeds, section 2). */
  answers?: Record<string, string[]>;
  /** badges before the name: label and tone are json-logic giving a message key and a colour class */
  badges: { when?: JsonLogic; label: JsonLogic; tone: JsonLogic }[];
  actions: HistoryAction[];
}

/** One view of the results, drawn by the component its kind names (the results registry). */
export interface ResultView {
  kind: string;
  when?: JsonLogic; // over {admin}
  [option: string]: unknown;
}

/** A figure of a `formulas` calculation: json-logic over the form model (root `form`). */
export interface Formula {
  key: string;
  label: string;
  value: JsonLogic;
  unit?: string;
  digits?: number;
}

export interface ResultsDef {
  calculation: string; // the server's calculation by name
  path?: string; // the calculate route, default {api}/calculate/{id}
  calculate?: JsonLogic; // over {admin}: whether the results page runs the calculation
  note?: JsonLogic; // over {admin}: whether the results page offers to complete the note (default: when it calculates)
  views: ResultView[];
  formulas?: Formula[];
  /** rain factors of the climate-stress sensitivity (1.1, 1.2: the same project with 10 % and 20 % more rain) */
  stress?: number[];
  /** files the calculation exports for other tools (a SWMM model): where each is offered, and to whom */
  exports?: ExportDef[];
  /** keys of the results only admins see (sl's orifice diameter): left out for others and of the note */
  adminOnly?: string[];
}

/** A file the calculation exports (its `format`, server/calc EXPORTS), offered on `pages` when `when` holds. */
export interface ExportDef {
  format: string;
  label: string; // message key of the download
  pages: ('results' | 'note')[];
  when?: JsonLogic; // over {admin}
}

/** A figure of the live preview: json-logic over the results (the site's, or one card's entry). */
export interface PreviewFigure {
  label: string; // message key
  value: JsonLogic;
  /** a key of figures.formats: written as the results write that kind of figure (else unit and digits) */
  format?: string;
  unit?: string; // message key
  digits?: number;
}

/** The wizard's live preview: figures of the site, and of each card of a step, while the user types. */
export interface PreviewDef {
  when?: JsonLogic; // over {admin}
  /**
   * Paths of the local model the calculation does not read ('client', 'roofs.*.name'): while figures
   * are shown, an edit there asks the server for nothing (typing a roof's name would otherwise compute
   * the whole project again at every key).
   */
  ignores?: string[];
  site: PreviewFigure[];
  cards?: { step: string; list: string; figures: PreviewFigure[] };
}

/**
 * How a kind of figure is written (issue 37, "one figure, one value"): its unit (a message key) or a
 * quantity shown in the project's unit system, and its decimals, every one written (66,0 %). The page,
 * the PDF, the Excel file, the comparison and the verification page write a figure with its format.
 */
export interface FigureFormat {
  unit?: string;
  quantity?: Quantity;
  digits: number;
  /** the decimals in IMPERIAL when they differ (whole US gallons) */
  imperialDigits?: number;
  /** the unit a difference is written with (percentage points), when not the figure's own */
  deltaUnit?: string;
  /** a value the user typed (a target depth): written as typed, its trailing zeros left out (8 mm) */
  typed?: boolean;
}

/** A figure the note prints: its label, json-logic over the results (or a list's entry), its format. */
export interface FigureDef {
  key: string;
  label: string; // message key
  value: JsonLogic;
  format: string; // a key of figures.formats
  /** json-logic over the same data: whether the note prints it (an imposed volume) */
  when?: JsonLogic;
  /** which way a difference is an improvement */
  better?: 'higher' | 'lower';
  /** a value the note never shows (the orifice diameter, seed 000): compared, its value never written */
  hidden?: boolean;
  /** a series (twelve months): json-logic giving a list, each value written with the format */
  series?: boolean;
}

/** Figures per entry of a results list (a roof, a design storm), each entry named. */
export interface FigureEntries {
  key: string;
  /** message key of the group, its `{{name}}` the entry's name */
  label: string;
  /** message key of the names' column when the entries are a table (Toiture) */
  heading?: string;
  list: string; // the results' list (dotted path)
  name: JsonLogic; // over an entry: its name (a number is written whole)
  figures: FigureDef[];
}

/** A verdict's status: how it is worded (`words` + status) and its tone. */
export type VerdictStatus = 'conform' | 'reservations' | 'not_conform' | 'met' | 'not_met';

/**
 * A verdict the note prints (issue 36): what it judges, its status (json-logic over the results: one of
 * VERDICT_STATUSES, null when the results have none), the sentence per status with its figures as
 * parameters, its findings (a list of {severity, message, params}) and its rule; figures per entry (a
 * design storm) when it judges several.
 */
export interface VerdictDef {
  key: string;
  label: string; // message key
  status: JsonLogic;
  /** message prefix of the status' words: words + status */
  words: string;
  /** message prefix of the sentence: line + status, its parameters the figures' texts by key */
  line?: string;
  /**
   * json-logic giving the sentence's variant: line + status + '_' + the text it gives, where the messages
   * have it (a share exactly on the one asked: "just the 90.0 % required", not "0.0 pt above")
   */
  lineContext?: JsonLogic;
  /** json-logic giving the findings: [{severity: 'reservation' | 'not_conform', message, params}] */
  findings?: JsonLogic;
  /** json-logic giving the rule's message key */
  rule?: JsonLogic;
  figures?: FigureDef[];
  /** sentences after the line, each when its `when` holds (a missed target's reasons) */
  notes?: VerdictNote[];
  entries?: FigureEntries[];
}

/**
 * A sentence of a verdict: its message, its parameters the texts of its figures by key and `texts`
 * (json-logic giving a text, or a list joined with commas, whose length is also `count`).
 */
export interface VerdictNote {
  message: string;
  when?: JsonLogic;
  figures?: FigureDef[];
  texts?: Record<string, JsonLogic>;
}

/**
 * Everything a calculator's results say, declared (issues 36 and 37): the formats its figures are
 * written with, the key figures (the note's cover), the figures per entry (the results' tables) and the
 * verdicts. The verification page compares every one of them between the note as issued and today's.
 */
export interface FiguresDef {
  formats: Record<string, FigureFormat>;
  /**
   * How an answer of a quantity is read back in the note, the verification page and the comparison: a
   * format's name by quantity (an area typed in ft² reads 418,1 m², not 418,064 m²); the form keeps its
   * own precision.
   */
  answers?: Partial<Record<Quantity, string>>;
  site: FigureDef[];
  entries?: FigureEntries[];
  verdicts?: VerdictDef[];
}

/** The comparison of a project's variants (2 to 4): key figures side by side, monthly series overlaid. */
export interface CompareDef {
  /** keys of the key figures (figures.site) compared, in order */
  figures: string[];
  /** one chart per entry of a results list (a roof), matched across variants by name */
  monthly?: { list: string; name: string; values: JsonLogic; label: string; unit?: string; max?: number };
}

export interface NoteDef {
  sections: { title: string; step?: string; results?: boolean }[];
  views: ResultView[];
}

/**
 * A text of the order workflow: a message key and its parameters, each json-logic over the workflow's
 * data {project, reference, name, forms, results, address, attachments} (`when`: the line is left out when false).
 */
export interface WorkflowText {
  key: string;
  params?: Record<string, JsonLogic>;
  when?: JsonLogic;
}

/**
 * A cell's value in the workflow's workbook, json-logic over {project, reference, forms, results, item}
 * (item: the list entry of the row), written as: text, a form option's label, the state's words, the
 * words of the message key `message`+value (blank when the messages have none), the `yes` or `no` words,
 * or a number as the figure format `figure` (figures.formats) writes it, its decimals shown.
 */
export interface WorkbookCell {
  value?: JsonLogic;
  label?: string; // a message key written as it reads (a row's heading)
  format?: 'option' | 'state' | { message: string } | { yes: string; no: string } | { figure: string };
}

/** A sheet of the workflow's workbook: heading cells, then a row per `each` entry and the `rows` after it. */
export interface WorkbookSheet {
  title: string; // message key
  when?: JsonLogic;
  /** the verdict of the results (app.verdict words): status, findings, rule */
  kind?: 'verdict';
  columns?: string[]; // message keys of the heading row
  each?: JsonLogic; // a list: one row per entry, `item` in the cells' data
  cells?: WorkbookCell[]; // a row per entry of `each`
  rows?: { when?: JsonLogic; cells: WorkbookCell[] }[];
}

/**
 * A step of the order workflow: a command served at {api}/{path}/{id}. `who` (json-logic over {admin})
 * says who may ask it (403 otherwise), `from` (over {state, command, admin}) from which state (409 and
 * `refusal` otherwise), `to` the state it leaves (over the same). `input` is the text the request body
 * carries (an order number), stored as the project's command; `mail` queues the workflow's mail in the
 * same transaction.
 */
export interface WorkflowTransition {
  command: string;
  path: string;
  methods: ('GET' | 'POST' | 'PATCH')[];
  who?: JsonLogic;
  from?: JsonLogic;
  refusal?: string;
  to: JsonLogic;
  input?: { field: string; maxLength: number };
  mail?: boolean;
}

/**
 * What the sales side does with a project (issue 29): states, commands, the mail to the sales address,
 * the project's comment and its workbook. `locale`: the language of the mail and of the workbook.
 */
export interface WorkflowDef {
  locale: string;
  states: string[];
  /**
   * The states an admin's decision leads to (sl: ordered, not selected), which a save or a calculation
   * leaves as they are; any other state goes back to ongoing on a save, to calculated on a calculation.
   */
  kept?: string[];
  transitions: WorkflowTransition[];
  /** PATCH {api}/{path}/{id} with {comment}: the visitor's comment for the sales team */
  comment?: { path: string; maxLength: number };
  /** POST {api}/{path}/{id} (multipart field `file`): a file the visitor joins for the sales team */
  upload?: { path: string };
  mail: { unnamed: string; subject: WorkflowText; lines: WorkflowText[] };
  workbook?: { path: string; admin: boolean; file: WorkflowText; sheets: WorkbookSheet[] };
}

export interface Bundle {
  $schema?: string;
  id: string; // route prefix, the bundle's folder name
  productType: string; // API product type (/api/{productType}/...)
  locales: Locale[]; // ['fr'] or ['fr', 'en']
  unitSystems: UnitSystem[]; // ['METRIC'] or ['METRIC', 'IMPERIAL']
  title: string; // message key
  description: string; // message key
  modes: string[]; // deployment modes offering it
  rank: number; // order among a mode's calculators
  home: HomeCard[];
  sidebar: SidebarEntry[];
  history: HistoryDef;
  results: ResultsDef;
  note: NoteDef;
  preview?: PreviewDef;
  /** what the results say, declared: formats, key figures, figures per entry, verdicts */
  figures: FiguresDef;
  compare?: CompareDef;
  /** the order workflow: served at {api}/... by the server's generic workflow plugin */
  workflow?: WorkflowDef;
  storage: { form: string; data: string }; // sessionStorage keys (smca: smca_form, smca_data)
  steps: StepDef[];
  mapping: MappingDef;
  /** message key of the last step's submit button ('Envoyer le formulaire'; smca: start the calculation) */
  submit?: string;
  /**
   * A 'check your answers' page between the wizard and the calculation: the wizard's last button opens it
   * (`continue`), it shows every answer with a Modify link per step, and its own button (`submit`, else the
   * bundle's) runs the calculation.
   */
  review?: { title: string; intro: string; continue: string };
  /** when the calculation may run beyond "no status above 1" (sl: total drains > 0) */
  calculation?: { requires: JsonLogic; message: string };
}

// ---------------------------------------------------------------------------------------------------
// What the engine derives (everything a renderer needs; renderers compute nothing themselves)

export interface FieldState {
  path: string; // absolute local path, 'roofs.2.surface'
  field: string; // path inside the item, 'surface'
  name: string; // field name with digits stripped (select change event's fieldname)
  kind: FieldKind;
  label: string;
  info?: string;
  placeholder?: string;
  visible: boolean;
  disabled: boolean;
  required: boolean;
  need: boolean;
  value: unknown; // stored value (metric)
  display: unknown; // value as shown in the current unit system, at display precision
  unit?: string; // message key of the display unit ('units.mm', 'units.in', 'units.ft2' ...)
  /** the quantity of a number with a unit (its answer is read back as figures.answers says) */
  quantity?: Quantity;
  /** the decimals `display` is rounded to (3 in inches, 0 in US gallons), when it is rounded */
  decimals?: number;
  /** `literal`: the label is data (a roof name), not a message key */
  options?: { value: string | number | boolean; label: string; literal?: boolean }[];
  min?: number; // in display units
  max?: number;
  maxLength?: number;
  severity: Severity;
  message?: MessageRef;
  /** the rule the message is about: a JSON Schema keyword (required, minimum...), need, phone, check */
  rule?: string;
}

export interface CardState {
  index: number;
  title: MessageRef;
  fields: FieldState[]; // in ui:order
  severity: Severity; // worst field severity
}

export interface StepState {
  key: string;
  index: number;
  title: string;
  tab: string;
  icon: string;
  repeat: boolean;
  gate?: { question: string; open: boolean };
  cards: CardState[]; // one card for a non-repeating step
  canAdd: boolean;
  canDelete: boolean;
  canDuplicate: boolean;
  totals: { label: string; value: number; unit?: string }[];
  /** what validating the step now would give: 1 valid, 2 passable, 3 blocking */
  result: 1 | 2 | 3;
}

export interface FormState {
  bundleId: string;
  unitSystem: UnitSystem;
  data: Record<string, unknown>; // the local model after updates and resets
  steps: StepState[];
}

/** An edit reported by a renderer. `value` is in display units; the engine converts it back. */
export interface Edit {
  path: string;
  value: unknown;
}

/** The stored project in the server format (seed 000 section 3, seed 001 section 3). */
export interface ServerStep {
  name: string;
  forms: { form: Record<string, unknown>; uuid: string }[];
  state: number;
  condition_value: unknown;
  toApi: unknown;
}

/**
 * A step as stored and answered, as far as the wizard reads it back: its forms' answers, its state and
 * its gate's answer (a seeds' client may save the forms alone).
 */
export interface StoredStep {
  forms: { form: Record<string, unknown> }[];
  state?: number;
  condition_value?: unknown;
}

/** A language a calculator speaks: one of bundle.schema.json's `locales`. */
export type Locale = 'fr' | 'en';

export interface ServerProject {
  id?: string;
  state?: string;
  command?: string | null;
  steps: Record<string, ServerStep>;
  version?: number;
}
