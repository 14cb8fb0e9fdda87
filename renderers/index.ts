/** The renderers' public API: React components that draw what the engine derives. */
export {
  PreviewCtx,
  RenderCtx,
  useRender,
  tr,
  type PreviewSlots,
  type RainAnswer,
  type RainService,
  type RenderContext,
} from './context';
export { WIDGETS } from './registry';
export { CardForm } from './CardForm';
export { Carousel } from './Carousel';
export { drawFor, useNarrow } from './useNarrow';
export { PasteRows, type PasteActions } from './PasteRows';
export type { PastePreview } from '../engine';
export { CardMenu } from './CardMenu';
export { Timeline } from './Timeline';
export { StepView, type StepActions } from './StepView';
export { WizardFooter } from './WizardFooter';
export { Modal } from './Modal';
export { Wizard, type WizardActions } from './Wizard';
export { createI18n, type Messages } from '../words/i18n';
export { FieldTemplate } from './templates/FieldTemplate';
export { fieldText, isShown } from '../words/fieldText';
