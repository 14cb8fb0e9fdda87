import { useEffect, useRef } from 'react';
import type { Words } from '../../../engine';
import { createI18n } from '../../../words/i18n';
import { loadMessages, otherMessageLocales } from '../../calculators';
import { useFrame } from '../../frame';
import { whenIdle } from '../../state/whenIdle';

/**
 * The languages a paste's headings and choices are read in: the page's, then the calculator's other one
 * (a French user's English spreadsheet), its messages fetched once the page has a step taking a paste,
 * when the browser is next idle: not beside the code and data the first field waits for (issue 40: on a
 * phone, 13 KB more to download and evaluate before it), long before a paste could need them. Answers a
 * function read when a paste is previewed or added: their arrival redraws nothing (it redrew the page,
 * and could restart the first drawing of the step).
 */
export function usePasteWords(): () => Words[] {
  const { calc, calculator, t, locale } = useFrame();
  const takesPaste = calculator.bundle.steps.some((s) => s.repeat?.paste);
  const other = otherMessageLocales(calc, locale)[0];
  const otherWords = useRef<Words | null>(null);
  const own = useRef<Words>((key) => t(key));
  useEffect(() => {
    own.current = (key) => t(key);
  }, [t]);
  useEffect(() => {
    otherWords.current = null;
    if (!takesPaste || !other) return;
    let live = true;
    const cancel = whenIdle(
      () =>
        void loadMessages(calc, other)
          .then((messages) => {
            const i18n = createI18n(messages, other);
            if (live) otherWords.current = (key: string) => i18n.t(key);
          })
          // without the other language, headings are read in the page's alone
          .catch(() => undefined),
      2000,
      200,
    );
    return () => {
      live = false;
      cancel();
    };
  }, [calc, other, takesPaste]);
  return useRef(() => [own.current, ...(otherWords.current ? [otherWords.current] : [])]).current;
}
