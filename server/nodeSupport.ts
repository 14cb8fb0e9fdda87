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
