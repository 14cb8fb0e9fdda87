// Entry of a worker thread: Node cannot load TypeScript by itself, so tsx is registered first, then the
// worker's module (workerData.module) is loaded; it answers jobs through serveJobs().
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// React's production build: the development one checks every element, and notes print slower with it.
process.env.NODE_ENV ??= 'production';
register();
await import(workerData.module);
