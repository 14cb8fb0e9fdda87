/**
 * The browser tests' servers and their addresses. E2E_PORT_OFFSET shifts every port (8091 + offset, …),
 * so that two checkouts on one machine can run their browser tests at once.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);

export const PORTS = {
  client: 8091 + offset,
  canada: 8092 + offset,
  admin: 8093 + offset,
  embedded: 8094 + offset,
  tank: 8095 + offset,
  /** the sales team's SMTP receiver (tank mode's mail) and its mailbox read over HTTP */
  smtp: 8096 + offset,
  mailbox: 8097 + offset,
  host: 8099 + offset,
  /** two installations of its own for the verification test (tests/e2e/spareServers.ts) */
  spareA: 8100 + offset,
  spareB: 8101 + offset,
} as const;

export const CLIENT = `http://127.0.0.1:${PORTS.client}`;
export const CANADA = `http://127.0.0.1:${PORTS.canada}`;
export const ADMIN = `http://127.0.0.1:${PORTS.admin}`;
export const TANK = `http://127.0.0.1:${PORTS.tank}`;
/** the messages the SMTP receiver took, as JSON (GET) */
export const MAILBOX = `http://127.0.0.1:${PORTS.mailbox}`;
/** the app inside the manufacturer's site, another site than the host's */
export const EMBEDDED = `http://127.0.0.1:${PORTS.embedded}`;
/** the manufacturer's site that frames the app */
export const HOST = `http://localhost:${PORTS.host}`;
