// Entry of a PDF worker thread: Node cannot load TypeScript by itself, so tsx is registered first.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
