import { useAtomValue } from 'jotai';
import bootEn from '../../schemas/common/boot.en.json';
import bootFr from '../../schemas/common/boot.fr.json';
import { configAtom, localeOf, userLocaleAtom } from '../state/appAtoms';

/**
 * Code or messages that could not be downloaded (offline a moment, or a tab left open across a new
 * version whose files have new names): said in the user's language, with a way out. Its few words come
 * with the app itself (schemas/common/boot.<locale>.json): the messages may be what failed to arrive.
 */
export function LoadFailure() {
  const config = useAtomValue(configAtom);
  const chosen = useAtomValue(userLocaleAtom);
  const words = localeOf(config, chosen, ['fr', 'en']) === 'en' ? bootEn : bootFr;
  return (
    <main className="page">
      <div role="alert" className="notice notice-error">
        <p>{words.load_failed}</p>
        <button type="button" className="button-warning" onClick={() => window.location.reload()}>
          {words.reload_page}
        </button>
      </div>
    </main>
  );
}
