// A throw-away PostgreSQL server for the test run: initdb into a temporary folder, listen on a free
// loopback port, stop and delete it at the end. Debian's server binaries; as root it runs as the
// `postgres` user because PostgreSQL refuses to run as root.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PostgresServer {
  url: (database: string) => string;
  /** Stops the server but keeps its data (for outage tests); `resume` starts it again. */
  pause(): void;
  resume(): void;
  stop(): void;
}

export function findPostgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const bin = join(base, v, 'bin');
    if (existsSync(join(bin, 'initdb'))) return bin;
  }
  throw new Error('PostgreSQL server binaries not found (apt-get install postgresql); `npm test` installs them.');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  const root = mkdtempSync(join(tmpdir(), 'latexgen-pg-'));
  chmodSync(root, 0o777);
  const dataDir = join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const full = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] as const : [join(bin, cmd), args] as const;
    const result = spawnSync(full[0], [...full[1]], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  writeFileSync(join(dataDir, 'postgresql.auto.conf'), 'fsync = off\nsynchronous_commit = off\nfull_page_writes = off\nmax_connections = 300\n', { flag: 'a' });
  const port = await freePort();
  const start = () =>
    run('pg_ctl', ['-D', dataDir, '-l', join(root, 'log'), '-w', '-t', '60', '-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1`, 'start']);
  start();
  let stopped = false;
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    pause: () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    resume: start,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

export function psql(url: string, sql: string): void {
  execFileSync(join(findPostgresBin(), 'psql'), [url, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { stdio: 'pipe' });
}
