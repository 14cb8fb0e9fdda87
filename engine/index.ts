/** The engine's public API: everything the renderers, the app and the server use. */
export type * from './types';
export { BundleError } from './BundleError';
export { compileValidatorsOnDemand, loadBundle, LOCALES } from './loadBundle';
export { prepareBundle } from './prepareBundle';
export { compileBundle } from './compile';
export { emptyData, defaultItem } from './emptyData';
export { derive, deriveCards } from './derive';
export {
  KEYWORD_OPTIONS,
  keywordValidator,
  registerValidators,
  rootedSchema,
  setValidatorCompiler,
  validatorFunctions,
  validatorId,
  type KeywordValidator,
} from './keywords';
export { applyEdit } from './applyEdit';
export { typedNumber } from './fieldValue';
export { addCard, duplicateCard, deleteCard, setGate, setUnitSystem, type CopyName } from './cards';
export {
  fieldsOfHeadings,
  pasteCards,
  pastedRows,
  planPaste,
  unpaste,
  type Pasted,
  type PasteChoice,
  type PastePlan,
  type PastePreview,
  type PasteProblem,
  type PasteReceipt,
  type Words,
} from './pasteCards';
export { spillLayout, MAX_DIAGRAM_NODES, type DiagramNode, type SpillLayout } from './spillLayout';
export {
  validateStep,
  next,
  previous,
  submit,
  initialStep,
  loadedStatuses,
  isFormValid,
  canJumpTo,
  canCalculate,
} from './wizard';
export { toServer, fromServer, recordOf } from './mapping';
export { boundProblems, inputProblems, type InputProblem } from './inputProblems';
export { toDisplay, fromDisplay, unitKey, roundTo, displayDecimals, IMPERIAL_DECIMALS } from './units';
export { counters, resetCounters } from './counters';
export { getPath, setPath } from './paths';
export { RESULT_KINDS, type ResultKind } from './prepareBundle';
export { evaluate, truthy } from './rules';
export { previewValues, samePreviewInput, type PreviewValues } from './preview';
export {
  NOTE_IMAGE_BOX_PT,
  NOTE_IMAGE_BOX_PX,
  NOTE_PRINT_DPI,
  NOTE_ROOF_CHART_PX,
  fittedSize,
} from './noteImage';
export { collectProblems } from './prepareBundle';
export { didYouMean } from './BundleError';
