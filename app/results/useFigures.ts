import { useMemo } from 'react';
import { figureWriter, type FigureWriter } from '../../words/figures';
import { useFrame } from '../frame';
import { useFrameWizard } from '../state/useWizard';

/**
 * The writer of the calculator's figures (its bundle's formats: words/figures.ts) in the project's unit
 * system and the page's language: the results page writes every figure as the note and the Excel file do.
 */
export function useFigures(): FigureWriter {
  const { calculator, t, locale } = useFrame();
  const system = useFrameWizard().session.unit_system;
  return useMemo(
    () => figureWriter(calculator.bundle.figures.formats, system, t, locale),
    [calculator.bundle, system, t, locale],
  );
}
