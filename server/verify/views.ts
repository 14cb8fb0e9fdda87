import { createHash } from 'node:crypto';
import type { IssuedNoteTable } from '../db/database';
import { LruCache } from '../projects/lruCache';
import type { verificationView } from './issued';

type View = ReturnType<typeof verificationView>;

/**
 * The verification pages answered last, kept so that a page read again costs its sending only. Building
 * a 200-roof note's view takes 40-50 ms of the server's thread (its thousands of figures written twice,
 * issued and today, and compared), and the page's 30 reads a minute per address let a few addresses
 * asking for one code hold the thread (docs/QUALITY.md, attacks round 3). A view is kept under what it is
 * made of: the note's code, its answers and issued results (hashed), whether the client is shown, and
 * the language asked for; today's calculation of the same answers stays the same until the server's code
 * changes, which starts a new process. At most `maxMb` of views (their JSON's length), least recently
 * read dropped first. The author's part of an answer is not in the view: it is added per reader.
 */
export class VerificationViews {
  private readonly cache: LruCache<View>;

  constructor(maxMb: number) {
    this.cache = new LruCache(maxMb * 1024 * 1024);
  }

  /** The views held now. */
  get size(): number {
    return this.cache.size;
  }

  /** The key of a note's view in `locale` (undefined: the reader's default). */
  keyOf(
    note: Pick<IssuedNoteTable, 'code' | 'content' | 'results' | 'show_client'>,
    locale: string | undefined,
  ): string {
    const made = createHash('sha256').update(note.content).update('\0').update(note.results);
    return `${note.code}|${locale ?? ''}|${note.show_client}|${made.digest('base64url')}`;
  }

  get(key: string): View | undefined {
    return this.cache.get(key);
  }

  set(key: string, view: View): void {
    this.cache.set(key, view, JSON.stringify(view).length);
  }
}
