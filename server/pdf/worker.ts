import { serveJobs } from '../workers/serveJobs';
import { renderNote, type NoteInput } from './renderNote';

/** A PDF worker: renders each note it is sent and answers its bytes (transferred, not copied). */
serveJobs<NoteInput, Uint8Array>(async (input) => {
  const bytes = new Uint8Array(await renderNote(input)); // its own buffer, safe to transfer
  return { value: bytes, transfer: [bytes.buffer] };
});
