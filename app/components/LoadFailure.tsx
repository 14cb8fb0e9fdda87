import { useAtomValue } from 'jotai';
import { useNavigation } from 'react-router-dom';
import bootEn from '../../schemas/common/boot.en.json';
import bootFr from '../../schemas/common/boot.fr.json';
import { configAtom, localeOf, userLocaleAtom } from '../state/appAtoms';
import { Skeleton } from './Skeleton';

/**
 * The few words the app says before a calculator's messages have arrived (they may be what failed to
 * arrive): they come with the app itself (schemas/common/boot.<locale>.json), in the language chosen.
 */
function useBootWords() {
  const config = useAtomValue(configAtom);
  const chosen = useAtomValue(userLocaleAtom);
  return localeOf(config, chosen, ['fr', 'en']) === 'en' ? bootEn : bootFr;
}

/**
 * Code or messages that could not be downloaded (offline a moment, or a tab left open across a new
 * version whose files have new names): said in the user's language, with a way out.
 */
export function LoadFailure() {
  const words = useBootWords();
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

/** The app's first page on its way (the router's hydrate fallback): its shape, and its name said. */
export function PageLoading() {
  return (
    <main className="page">
      <Skeleton label={useBootWords().loading} />
    </main>
  );
}

/**
 * The next page on its way (its code and data): a bar across the top, and a status that screen readers
 * announce (the region stays in the page, so that a change of its words is heard).
 */
export function NavigationPending() {
  const words = useBootWords();
  const pending = useNavigation().state !== 'idle';
  return (
    <div className={pending ? 'route-pending route-pending-on' : 'route-pending'} role="status">
      {pending ? <span className="visually-hidden">{words.loading}</span> : null}
    </div>
  );
}
