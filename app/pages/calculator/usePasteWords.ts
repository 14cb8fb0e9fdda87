import { useEffect, useRef } from 'react';
import type { Words } from '../../../engine';
import { createI18n } from '../../../words/i18n';
import { loadMessages, otherMessageLocales } from '../../calculators';
import { useFrame } from '../../frame';

/** The words a paste's headings and choices are read in, and how to have them all before a preview. */
export interface PasteWords {
  /** the page's language, then the calculator's other one once its messages are here */
  words: () => Words[];
  /**
   * Fetches the other language's messages (once per calculator and language); null when every language is
   * here already, else a promise settled once they are, or once they failed (the headings are then read in
   * the page's language alone).
   */
  ready: () => Promise<void> | null;
}

/**
 * The languages a paste's headings and choices are read in: the page's, then the calculator's other one
 * (a French user's English spreadsheet), its messages fetched when a paste box opens (`ready`), seconds
 * before its rows are pasted and previewed; a preview asked for sooner waits for them. Not beside the code
 * and data the first field waits for, nor at the page's first idle moment (issue 40: 14.5 KB gzip on every
 * calculator page, for the few users who paste). Their arrival redraws nothing.
 */
export function usePasteWords(): PasteWords {
  const { calc, t, locale } = useFrame();
  const other = otherMessageLocales(calc, locale)[0];
  const otherWords = useRef<Words | null>(null);
  const loading = useRef<{ key: string; done: boolean; promise: Promise<void> } | null>(null);
  const own = useRef<Words>((key) => t(key));
  useEffect(() => {
    own.current = (key) => t(key);
  }, [t]);
  const latest = useRef({ calc, other });
  latest.current = { calc, other };
  useEffect(() => {
    // another calculator or language: its own other language, fetched when asked for
    otherWords.current = null;
    loading.current = null;
  }, [calc, other]);
  return useRef<PasteWords>({
    words: () => [own.current, ...(otherWords.current ? [otherWords.current] : [])],
    ready: () => {
      const { calc: id, other: lang } = latest.current;
      if (!lang) return null;
      const key = `${id}:${lang}`;
      if (loading.current?.key === key) return loading.current.done ? null : loading.current.promise;
      const entry = {
        key,
        done: false,
        promise: loadMessages(id, lang)
          .then((messages) => {
            const i18n = createI18n(messages, lang);
            if (loading.current === entry) otherWords.current = (k: string) => i18n.t(k);
          })
          // without the other language, headings are read in the page's alone
          .catch(() => undefined)
          .finally(() => {
            entry.done = true;
          }),
      };
      loading.current = entry;
      return entry.promise;
    },
  }).current;
}
