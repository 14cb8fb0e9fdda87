import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { numberText } from '../../words/numberText';
import { apiErrorText } from '../api/http';
import { submission } from '../api/projects';
import { FilePicker, fileWords, useObjectUrl } from '../components/FilePicker';
import { useFrame } from '../frame';
import { useFrameWizard } from '../state/useWizard';
import { sentSummary, SentList } from './sentSummary';

/** Files the server accepts (server/files/fileType.ts), by extension, and their size limit. */
const FILE_TYPES = [
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'dwg',
];
const FILE_LIMIT = 10 * 1024 * 1024;

/**
 * The client's panel of a project sent to the sales team (submit-panel): what will be sent (the first two
 * steps' answers and the roofs' totals, read from the bundle's state), an optional comment and file
 * (checked for size and type before anything is sent), then the submission: the local project is reset
 * and the confirmation opens at its own address (/:calc/confirm?id=, app/pages/ConfirmPage.tsx), which a
 * reload keeps. Without a project it draws nothing: the results page says so.
 */
export function SubmitPanel() {
  const { t, locale, calculator, calc } = useFrame();
  const w = useFrameWizard();
  const navigate = useNavigate();
  const [comment, setComment] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = useObjectUrl(file);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = w.session.project_id;
  if (!id) return null;
  const { lines } = sentSummary(w.state, t, locale);
  const choose = (f: File | null) => {
    setFile(null);
    setFileError(null);
    if (!f) return;
    const ext = f.name.toLowerCase().split('.').pop() ?? '';
    if (!FILE_TYPES.includes(ext)) setFileError(t('app.sl_results.file_type'));
    else if (f.size > FILE_LIMIT)
      setFileError(
        t('app.sl_results.file_too_large', { size: `${numberText(f.size / 1024 / 1024, locale)} Mo` }),
      );
    else setFile(f);
  };
  return (
    <form
      className="card card-single sl-panel"
      onSubmit={(e) => {
        e.preventDefault();
        if (fileError) return;
        setSending(true);
        void (async () => {
          if (comment.trim()) {
            const r = await submission.comment(calculator.api, id, comment.trim());
            if (r.error) return fail(apiErrorText(r.error, t));
          }
          if (file) {
            const r = await submission.upload(calculator.api, id, file);
            if (r.error) return fail(apiErrorText(r.error, t));
          }
          const r = await submission.send(calculator.api, id);
          if (r.error || !r.data) return fail(apiErrorText(r.error, t));
          // the thank-you page in place of this one (Back leads to the wizard, not to a sent project),
          // then the local project reset (seed 000), this panel said "sending" until then
          await navigate(`/${calc}/confirm?id=${encodeURIComponent(id)}`, {
            replace: true,
            state: file ? { file: file.name } : null,
          });
          w.reset();
        })();
        function fail(message: string) {
          setError(message);
          setSending(false);
        }
      }}
    >
      <p>{t('app.sl_results.ready')}</p>
      <section aria-labelledby="sent-summary">
        <h2 id="sent-summary">{t('app.sl_results.summary_title')}</h2>
        <SentList lines={lines} />
      </section>
      <label className="field">
        <span className="field-label">{t('app.sl_results.comment')}</span>
        <textarea
          className="field-input"
          rows={4}
          maxLength={5000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </label>
      <FilePicker
        label={t('app.sl_results.file')}
        accept={FILE_TYPES.map((x) => `.${x}`).join(',')}
        files={file ? [{ name: file.name, size: file.size, image: preview }] : []}
        words={fileWords(t, locale)}
        invalid={fileError !== null}
        {...(fileError ? { describedBy: 'file-error' } : {})}
        onChoose={choose}
        onRemove={() => choose(null)}
      />
      {fileError ? (
        <p id="file-error" role="alert" className="field-message">
          {fileError}
        </p>
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
      <button type="submit" className="button-primary" disabled={sending}>
        {sending ? t('app.sl_results.sending') : t('app.sl_results.submit')}
      </button>
    </form>
  );
}
