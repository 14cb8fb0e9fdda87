import { useState } from 'react';
import { useRevalidator } from 'react-router-dom';
import { apiErrorText } from '../../api/http';
import { changeIssuedNote } from '../../api/verify';
import { ConfirmDialog } from '../../components/ConfirmDialog';

type T = (key: string, params?: Record<string, unknown>) => string;

/**
 * The note's author (or an admin) reading its verification page: the client shown or hidden there, the
 * code withdrawn (asked first). The page's own choices, so that they stay within reach once the project
 * is deleted with its notes kept (issue 35 item 6).
 */
export function VerifyAuthor({
  code,
  author,
  t,
}: {
  code: string;
  author: { api: string; show_client: boolean };
  t: T;
}) {
  const revalidator = useRevalidator();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState('');
  // the box follows the click at once; the page is read again once the change is stored
  const [shown, setShown] = useState(author.show_client);
  const change = async (what: { show_client?: boolean; withdrawn?: true }) => {
    setFailure('');
    if (what.show_client !== undefined) setShown(what.show_client);
    const r = await changeIssuedNote(author.api, code, what);
    if (r.error) {
      setShown(author.show_client);
      setFailure(t('app.verify.author_failed', { message: apiErrorText(r.error, t) }));
    }
    await revalidator.revalidate();
  };
  return (
    <section className="card verify-card verify-author" aria-labelledby="verify-author">
      <h2 id="verify-author">{t('app.verify.author_title')}</h2>
      <p>{t('app.verify.author_intro')}</p>
      <label className="project-move-check">
        <input
          type="checkbox"
          checked={shown}
          onChange={(e) => void change({ show_client: e.target.checked })}
        />{' '}
        {t('app.project_move.show_client')}
      </label>
      <p>
        <button type="button" className="button-secondary" onClick={() => setAsking(true)}>
          {t('app.project_move.withdraw')}
        </button>
      </p>
      {failure ? <p role="alert">{failure}</p> : null}
      {asking ? (
        <ConfirmDialog
          message={t('app.project_move.withdraw_confirm')}
          confirm={t('app.project_move.withdraw')}
          cancel={t('app.cancel')}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void change({ withdrawn: true });
          }}
        />
      ) : null}
    </section>
  );
}
