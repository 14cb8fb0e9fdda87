import type { ApexOptions } from 'apexcharts';

type XAxis = NonNullable<ApexOptions['xaxis']>;

/**
 * The twelve months along a chart's bottom. On a narrow screen they are always slanted: ApexCharts slants
 * labels only when it judges they overlap, and set flat the short English ones ran together ('JanFebMar').
 */
export function monthAxis(months: string[]): XAxis {
  const narrow = typeof window !== 'undefined' && window.matchMedia?.('(max-width: 599px)').matches;
  return { categories: months, labels: { rotate: -45, rotateAlways: narrow === true } };
}
