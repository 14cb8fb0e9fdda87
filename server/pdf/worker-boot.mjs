// Entry of a PDF worker thread: Node cannot load TypeScript by itself, so tsx is registered first.
import { register } from 'tsx/esm/api';

// React's production build: the development one checks every element, and notes print slower with it.
process.env.NODE_ENV ??= 'production';
register();
await import('./worker.ts');
