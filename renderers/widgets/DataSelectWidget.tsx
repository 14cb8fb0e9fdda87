import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { fittedLabels } from '../../words/shortLabel';
import { useRender } from '../context';
import { fieldWidget, type DrawProps } from './fieldProps';
import { SelectInput } from './SelectWidget';

/** The room a select's arrow takes at its right, in ems of its font. */
const ARROW_EM = 1.6;

/**
 * The width a select's closed box gives its text, and a way to measure a text in its font: null until
 * measured, and where there is no layout to measure (a hidden card, the server's drawing, jsdom).
 */
function useTextRoom(ref: RefObject<HTMLSelectElement | null>) {
  const [room, setRoom] = useState<{ width: number; font: string } | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const s = getComputedStyle(el);
      const width =
        el.clientWidth -
        parseFloat(s.paddingLeft) -
        parseFloat(s.paddingRight) -
        ARROW_EM * parseFloat(s.fontSize);
      setRoom((r) => (width > 0 && (r?.width !== width || r.font !== s.font) ? { width, font: s.font } : r));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return room;
}

let canvas: HTMLCanvasElement | null = null;
function textWidth(font: string): ((text: string) => number) | null {
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.font = font;
  return (text) => context.measureText(text).width;
}

/**
 * A select whose options come from other data (spill destinations: the sewer, the other named roofs, the
 * grounds). The engine has already drawn the options; drawing is the select's. Names longer than the
 * closed box are cut where they differ (words/shortLabel), so that a chosen "…toiture terrasse 3" and
 * "…toiture terrasse 4" do not both read "Bâtiment administratif princip" (helper ux9); each option keeps
 * its whole name in its text and tooltip.
 */
export const DataSelectWidget = fieldWidget(function DataSelectInput(props: DrawProps) {
  const { t } = useRender();
  const ref = useRef<HTMLSelectElement>(null);
  const room = useTextRoom(ref);
  const names = props.options.map((o) => (o.literal ? o.label : t(o.label)));
  const key = names.join('\n');
  const shown = useMemo(() => {
    const width = room && textWidth(room.font);
    return width ? fittedLabels(key.split('\n'), (l) => width(l) <= room.width) : undefined;
  }, [key, room]);
  return <SelectInput {...props} selectRef={ref} shown={shown} />;
});
