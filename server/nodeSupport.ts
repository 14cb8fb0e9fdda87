/**
 * The Node versions the server runs on: package.json's `engines` (^22.12.0 || ^24.0.0 || >=26.0.0), which
 * scripts/node.sh also holds. `npm start` always runs on one; a server started another way (its entry
 * run by hand with the system's Node, Debian's 20 say) would otherwise die on the native SQLite package
 * built for Node 24, with no word.
 */
export function nodeSupported(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return (major === 22 && minor >= 12) || major === 24 || major >= 26;
}

/** The one line an unsupported Node gets: what to run instead. */
export const unsupportedNode = (version: string): string =>
  `Node ${version} is not supported (22.12+, 24 or 26): start the server with \`npm start\`, which fetches Node 24, or \`nvm use\` (.nvmrc) first.`;

/**
 * What the SQLite package says on an unsupported Node, met outside the server's entry: a test run with
 * `npx vitest` on the shell's Node (Debian's 20), a tool run with `npx tsx`. Its native part, built for
 * the Node that installed it (npm's preinstall allows no other), crashed the process with a segmentation
 * fault: vitest said only "Worker exited unexpectedly".
 */
export const unsupportedNodeForSqlite = (version: string): string =>
  `Node ${version} is not supported (22.12+, 24 or 26): SQLite's package is built for the Node that installed it and would crash on this one. Run the command through \`bash scripts/node.sh …\` (e.g. \`bash scripts/node.sh npx vitest run tests/server\`), or \`source scripts/node.sh\` once in the shell.`;
