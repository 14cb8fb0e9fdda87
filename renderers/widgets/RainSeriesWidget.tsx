import { useEffect, useState } from 'react';
import {
  problemText,
  summaryText,
  type RainProblem,
  type RainSummary,
  type StationChoice,
  zoneLabel,
  type ZoneChoice,
} from '../../words/rain';
import { useRender, type RainAnswer } from '../context';
import { ariaOf, fieldWidget, type DrawProps } from './fieldProps';

/** The problems of an upload, the first ten in words (a zone by its name among `zones`), then how many more. */
function Problems({
  problems,
  more,
  alert,
  zones,
}: {
  problems: RainProblem[];
  more: number;
  alert?: boolean;
  zones: readonly ZoneChoice[];
}) {
  const { t, lang = 'fr' } = useRender();
  if (!problems.length) return null;
  return (
    <ul
      className="rain-problems"
      role={alert ? 'alert' : undefined}
      aria-label={alert ? t('rain.refused') : undefined}
    >
      {alert ? <li className="rain-refused">{t('rain.refused')}</li> : null}
      {problems.slice(0, 10).map((p, i) => (
        <li key={i}>{problemText(p, t, lang, zones)}</li>
      ))}
      {more > 0 ? <li>{t('rain.more', { n: more })}</li> : null}
    </ul>
  );
}

/** The series in use: one sentence, then what was reported (left-out years, values the service flags). */
function SummaryView({ summary, zones }: { summary: RainSummary; zones: readonly ZoneChoice[] }) {
  const { t, lang = 'fr' } = useRender();
  const reported = Object.values(summary.counts).reduce((x, y) => x + y, 0);
  return (
    <div className="rain-summary">
      <p>{summaryText(summary, t, lang)}</p>
      {summary.years_left_out.length ? (
        <p>{t('rain.left_out', { years: summary.years_left_out.join(', ') })}</p>
      ) : null}
      <Problems
        problems={summary.problems}
        more={reported - Math.min(10, summary.problems.length)}
        zones={zones}
      />
    </div>
  );
}

/** A file's stations to pick from (Météo-France: one file per département). */
function StationPick({
  stations,
  onPick,
  disabled,
}: {
  stations: StationChoice[];
  onPick: (id: string) => void;
  disabled: boolean;
}) {
  const { t } = useRender();
  const [chosen, setChosen] = useState(stations[0]?.id ?? '');
  return (
    <div className="rain-stations">
      <label>
        <span className="field-label">{t('rain.pick_station')}</span>
        <select
          className="field-input"
          value={chosen}
          disabled={disabled}
          onChange={(e) => setChosen(e.target.value)}
        >
          {stations.map((s) => (
            <option key={s.id} value={s.id}>
              {t('rain.station_option', { ...s, years: s.complete_years })}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button-secondary"
        disabled={disabled || !chosen}
        onClick={() => onPick(chosen)}
      >
        {t('rain.use_station')}
      </button>
    </div>
  );
}

/**
 * The station's time zone for a logger's times written in UTC (refused without one): the zones the
 * field's bundle offers (its `options`, the first proposed), the same files sent again with the zone.
 */
function ZonePick({
  zones,
  onPick,
  disabled,
}: {
  zones: DrawProps['options'];
  onPick: (zone: string) => void;
  disabled: boolean;
}) {
  const { t } = useRender();
  const [chosen, setChosen] = useState(String(zones[0]?.value ?? ''));
  return (
    <div className="rain-stations">
      <p>{t('rain.zone_hint')}</p>
      <label>
        <span className="field-label">{t('rain.pick_zone')}</span>
        <select
          className="field-input"
          value={chosen}
          disabled={disabled}
          onChange={(e) => setChosen(e.target.value)}
        >
          {zones.map((z) => (
            <option key={String(z.value)} value={String(z.value)}>
              {zoneLabel(z, t)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button-secondary"
        disabled={disabled || !chosen}
        onClick={() => onPick(chosen)}
      >
        {t('rain.use_zone')}
      </button>
    </div>
  );
}

/**
 * The rain a project's balance runs on: the series generated from the station's normals (no value), or
 * a measured daily series uploaded with the project (its id). The files are sent as they are (several at
 * once: ECCC's yearly files); a file naming several stations asks which; what is refused or reported is
 * listed with its file, line and column; a logger's times in UTC ask the station's zone among those the
 * bundle offers (the field's `options`), then the same files are read again in it. Going back to the
 * generated series keeps the measured one at hand until the page is left.
 */
export function RainSeriesInput(props: DrawProps) {
  const { id, disabled: off, onChange, options: zones } = props;
  const { t, rain } = useRender();
  const value = typeof props.value === 'string' && props.value ? props.value : null;
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<RainAnswer | null>(null);
  const [summaries, setSummaries] = useState<Record<string, RainSummary>>({});
  const [last, setLast] = useState<string | null>(null);
  /** the files last sent, sent again with the station's zone when their times are in UTC */
  const [sent, setSent] = useState<File[]>([]);
  const summary = value ? summaries[value] : undefined;
  useEffect(() => {
    if (!value || summary || !rain) return;
    let live = true;
    void rain.describe(value).then((s) => {
      if (live && s) setSummaries((x) => ({ ...x, [value]: s }));
    });
    return () => {
      live = false;
    };
  }, [value, summary, rain]);
  const take = async (call: Promise<RainAnswer>) => {
    setBusy(true);
    const a = await call;
    setBusy(false);
    setAnswer(a);
    if (a.series) {
      const s = a.series;
      setSummaries((x) => ({ ...x, [s.id]: s.summary }));
      onChange(s.id);
    }
  };
  const disabled = off || busy || !rain;
  return (
    <div className="rain-series" aria-busy={busy}>
      <p className="rain-source">{value ? t('rain.measured') : t('rain.generated')}</p>
      {summary ? <SummaryView summary={summary} zones={zones} /> : null}
      <input
        id={id}
        type="file"
        className="visually-hidden"
        multiple
        accept=".csv,.txt,.gz,.zip,text/csv,application/gzip,application/zip"
        disabled={disabled}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (!files.length || !rain) return;
          setSent(files);
          void take(rain.upload(files));
        }}
        {...ariaOf(props)}
      />
      {/* the input's own words are the browser's: a button in the page's words opens it */}
      <label htmlFor={id} className="button-secondary file-picker-button" aria-hidden="true">
        {t(value ? 'rain.replace' : 'rain.choose')}
      </label>
      {busy ? <p role="status">{t('rain.reading')}</p> : null}
      {answer?.error ? (
        <p className="field-message" role="alert">
          {answer.error}
        </p>
      ) : null}
      {answer?.problems ? <Problems problems={answer.problems} more={0} alert zones={zones} /> : null}
      {answer?.problems?.some((p) => p.code === 'utc_times') && zones.length && sent.length && rain ? (
        <ZonePick zones={zones} disabled={disabled} onPick={(zone) => void take(rain.upload(sent, zone))} />
      ) : null}
      {answer?.stations && answer.file && rain ? (
        <StationPick
          stations={answer.stations}
          disabled={disabled}
          onPick={(s) => void take(rain.pick(answer.file!.id, s))}
        />
      ) : null}
      {value ? (
        <button
          type="button"
          className="button-secondary"
          disabled={off}
          onClick={() => {
            setLast(value);
            setAnswer(null);
            onChange(null);
          }}
        >
          {t('rain.back_to_generated')}
        </button>
      ) : last ? (
        <button type="button" className="button-secondary" disabled={off} onClick={() => onChange(last)}>
          {t('rain.back_to_measured')}
        </button>
      ) : null}
    </div>
  );
}

export const RainSeriesWidget = fieldWidget(RainSeriesInput);
