/**
 * Wait after the last edit before the live preview asks the server: short enough for the 150 ms goal,
 * long enough to skip keys. A module of its own so that a browser test reads it without the app.
 */
export const PREVIEW_DELAY_MS = 30;
