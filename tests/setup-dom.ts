import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait for a state, not for a clock: their default 1 s deadline is a clock, which a
// busy machine overruns while a lazy page's code loads. They still answer as soon as the state is there;
// the deadline only bounds how long a real failure takes to report (the test's own 30 s bounds it too).
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
});

// jsdom lays nothing out and has no scrolling: its window.scrollTo only prints "Not implemented", once per
// navigation of React Router's ScrollRestoration, burying the test output. Here it does nothing, as
// jsdom's own stub does, silently (the e2e tests run the real one in Chromium).
window.scrollTo = (() => undefined) as typeof window.scrollTo;
