#!/usr/bin/env node
// The npm registry reachable here lacks some platform builds that packages list as optional
// dependencies (tailwind's oxide, unrs-resolver and the like: macOS, Windows, Android, FreeBSD,
// 32-bit ARM, RISC-V, WASI builds). `npm install` leaves them out of package-lock.json, and `npm ci`
// then refuses the lockfile as out of sync. This adds an entry for every missing optional
// dependency whose name says its platform, with that os/cpu, so `npm ci` skips it as a foreign
// platform, as it would with the full registry. Run it after any `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const file = join(import.meta.dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));

const OS = ['android', 'darwin', 'freebsd', 'linux', 'openharmony', 'win32', 'netbsd', 'openbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'riscv64', 's390x', 'ppc64', 'loong64', 'wasm32', 'mips64el'];

/** os and cpu from a platform package's name, e.g. `@unrs/resolver-binding-linux-riscv64-gnu`. */
export function platformOf(name) {
  const words = name.split('/').pop().split('-');
  const os = words.find((w) => OS.includes(w));
  const cpu = words.find((w) => CPU.includes(w));
  if (!cpu) return null;
  return { cpu: [cpu], ...(os ? { os: [os] } : {}) };
}

let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  for (const [name, range] of Object.entries(entry.optionalDependencies)) {
    const target = `node_modules/${name}`;
    if (lock.packages[target]) continue;
    const platform = platformOf(name);
    if (!platform) {
      console.warn(`lockfile: ${key} lists ${name}, which is missing and names no platform; left alone`);
      continue;
    }
    const version = /^\d+\.\d+\.\d+/.test(range) ? range : entry.version;
    lock.packages[target] = { version, ...(entry.dev ? { dev: true } : {}), license: entry.license ?? 'MIT', optional: true, ...platform };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile: ${added} placeholder entries added`);
