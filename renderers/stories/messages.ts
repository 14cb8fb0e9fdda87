import commonEn from '../../schemas/common/messages.en.json';
import commonFr from '../../schemas/common/messages.fr.json';
import slFr from '../../schemas/sl/messages.fr.json';
import smFr from '../../schemas/sm/messages.fr.json';
import smcaEn from '../../schemas/smca/messages.en.json';
import smcaFr from '../../schemas/smca/messages.fr.json';
import type { Messages } from '../../words/i18n';

/** Every message file, for stories: French for the three calculators, English for smca. */
export const ALL_MESSAGES: Messages = {
  fr: [commonFr, slFr, smFr, smcaFr],
  en: [commonEn, smcaEn],
};
