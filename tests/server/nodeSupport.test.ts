/**
 * Issue 38: an unsupported Node, wherever it is met, says in one line what to run. The server's entry run
 * by hand with the system's Node (Debian's 20) died on the native SQLite package built for Node 24 with a
 * segmentation fault and no word.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeSupported, unsupportedNode, unsupportedNodeForSqlite } from '../../server/nodeSupport';

const ROOT = join(import.meta.dirname, '..', '..');

/** The system's own Node, when it is one the server does not run on (Debian's 20 on CI), or null. */
function systemNode(): { path: string; version: string } | null {
  try {
    const version = execFileSync('/usr/bin/node', ['--version'], { encoding: 'utf8' }).trim();
    return nodeSupported(version) ? null : { path: '/usr/bin/node', version };
  } catch {
    return null;
  }
}

describe("the server's Node", () => {
  it("takes package.json's engines: 22.12+, 24, 26 and later", () => {
    for (const v of ['v22.12.0', 'v22.20.1', 'v24.0.0', 'v24.21.0', 'v26.1.0', '27.0.0'])
      expect(nodeSupported(v), v).toBe(true);
    for (const v of ['v20.20.2', 'v22.11.0', 'v23.5.0', 'v25.2.1', 'v18.0.0'])
      expect(nodeSupported(v), v).toBe(false);
    expect(nodeSupported(process.version)).toBe(true);
  });

  const other = systemNode();
  it.runIf(other)("stops the server's entry on the system's unsupported Node with one line", () => {
    const run = spawnSync(other!.path, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'rw-node-')),
      },
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(unsupportedNode(other!.version));
  });

  it.runIf(other)(
    'refuses SQLite on it in one line, where a test or a tool opens it, instead of crashing',
    () => {
      // what `npx vitest run tests/server/…` on the shell's Node 20 met: a segmentation fault, which vitest
      // reported as "Worker exited unexpectedly", no word of Node
      const open = `import('./server/db/database.ts').then((m) => m.openDatabase({ databaseUrl: null, dataDir: ${JSON.stringify(mkdtempSync(join(tmpdir(), 'rw-node-')))} }))`;
      const run = spawnSync(other!.path, ['--import', 'tsx', '-e', open], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: process.env.HOME },
        timeout: 60_000,
      });
      expect(run.signal).toBeNull();
      expect(run.stderr).toContain(unsupportedNodeForSqlite(other!.version));
    },
  );

  it.runIf(other)("npm's preinstall on it names the command that installs for production too", () => {
    // its line said only "run `npm start`", which installs nothing under NODE_ENV=production: an operator
    // whose plain `npm ci --omit=dev` (README, Deploy) failed there was sent to a command that could not help
    const run = spawnSync('bash', ['scripts/node.sh', '--check'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: `${dirname(other!.path)}:${process.env.PATH ?? ''}`, HOME: process.env.HOME },
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(`Node ${other!.version} is not supported`);
    expect(run.stderr).toContain('`bash scripts/node.sh npm ci --omit=dev`');
    // run by hand, not as npm's preinstall: the checkout's packages are not marked for a new install
    expect(existsSync(join(ROOT, 'node_modules', '.roof-refused'))).toBe(false);
  });

  it.runIf(other)('has npm start install again after a plain npm ci stopped in its preinstall on it', () => {
    // npm unpacks every package and writes its record of them (node_modules/.package-lock.json) before
    // the root's preinstall refuses the Node: roof_packages took that tree for a finished install. A
    // project of one local package, with this checkout's preinstall and scripts/node.sh.
    const dir = mkdtempSync(join(tmpdir(), 'rw-refused-'));
    mkdirSync(join(dir, 'scripts'));
    cpSync(join(ROOT, 'scripts', 'node.sh'), join(dir, 'scripts', 'node.sh'));
    mkdirSync(join(dir, 'dep'));
    writeFileSync(join(dir, 'dep', 'package.json'), '{"name":"dep","version":"1.0.0"}');
    const ours = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      engines: object;
      scripts: { preinstall: string };
    };
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({
        name: 'refused',
        version: '1.0.0',
        engines: ours.engines,
        scripts: { preinstall: ours.scripts.preinstall },
        dependencies: { dep: 'file:dep' },
      }),
    );
    const supported = { PATH: process.env.PATH, HOME: process.env.HOME };
    const npm = (args: string[], env: NodeJS.ProcessEnv) =>
      spawnSync('npm', [...args, '--no-audit', '--no-fund'], { cwd: dir, encoding: 'utf8', env });
    expect(npm(['install', '--package-lock-only', '--ignore-scripts'], supported).status).toBe(0);
    const plain = npm(['ci'], {
      PATH: `${dirname(other!.path)}:${process.env.PATH ?? ''}`,
      HOME: process.env.HOME,
    });
    expect(plain.status).not.toBe(0);
    expect(existsSync(join(dir, 'node_modules', '.package-lock.json'))).toBe(true);
    const packages = () =>
      spawnSync('bash', ['-c', 'source scripts/node.sh && roof_packages'], {
        cwd: dir,
        encoding: 'utf8',
        env: supported,
      });
    const again = packages();
    expect(again.status).toBe(0);
    expect(again.stderr).toContain(
      `node_modules is from an \`npm ci\` that stopped on Node ${other!.version} (unsupported): installing the packages again with Node ${process.version} (npm ci)`,
    );
    expect(existsSync(join(dir, 'node_modules', '.roof-refused'))).toBe(false);
    // installed: the next start trusts it, and says nothing
    expect(packages().stderr).toBe('');
  });
});
