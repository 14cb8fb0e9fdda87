// first: React DOM looks for the DevTools hook when it loads (which components a commit drew)
import './reactCommits';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait for a state, not for a clock: their default 1 s deadline is a clock, which a
// busy machine overruns while a lazy page's code loads. They still answer as soon as the state is there;
// the deadline only bounds how long a real failure takes to report (the test's own 120 s bounds it too; at load 40 a results page took past 20 s).
configure({ asyncUtilTimeout: 60_000 });

afterEach(() => {
  cleanup();
});

// jsdom lays nothing out and has no scrolling: its window.scrollTo only prints "Not implemented", once per
// navigation of React Router's ScrollRestoration, burying the test output. Here it does nothing, as
// jsdom's own stub does, silently (the e2e tests run the real one in Chromium).
window.scrollTo = (() => undefined) as typeof window.scrollTo;

// jsdom has the <dialog> element but not its showModal() and close() (renderers/Modal): here they open and
// close it as the open attribute does; the modal behaviour itself (inert page, focus kept inside and given
// back) is the browser's, tested in Chromium (tests/e2e).
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
