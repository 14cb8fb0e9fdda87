import { parentPort } from 'node:worker_threads';
import { renderNote, type NoteInput } from './renderNote';

/** A PDF worker: renders each note it is sent and answers its bytes (transferred, not copied). */
parentPort!.on('message', (input: NoteInput) => {
  renderNote(input).then(
    (pdf) => {
      const bytes = new Uint8Array(pdf); // its own buffer, safe to transfer
      parentPort!.postMessage({ ok: true, pdf: bytes }, [bytes.buffer]);
    },
    (e: unknown) => parentPort!.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) }),
  );
});
