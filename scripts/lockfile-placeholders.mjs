#!/usr/bin/env node
// The npm registry reachable here lacks some platform builds that tailwind's oxide lists as
// optional dependencies (macOS, Windows, Android, FreeBSD, 32-bit ARM, WASI). `npm install` leaves
// them out of package-lock.json, and `npm ci` then refuses the lockfile as out of sync. This adds
// an entry with each package's os/cpu for the missing ones, so `npm ci` skips them as foreign
// platforms, as it would with the full registry. Run it after any `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const file = join(import.meta.dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const OXIDE = {
  'android-arm64': [['android'], ['arm64']],
  'darwin-arm64': [['darwin'], ['arm64']],
  'darwin-x64': [['darwin'], ['x64']],
  'freebsd-x64': [['freebsd'], ['x64']],
  'linux-arm-gnueabihf': [['linux'], ['arm']],
  'wasm32-wasi': [null, ['wasm32']],
  'win32-arm64-msvc': [['win32'], ['arm64']],
  'win32-x64-msvc': [['win32'], ['x64']],
};
const oxide = lock.packages['node_modules/@tailwindcss/oxide'];
let added = 0;
for (const [name, [os, cpu]] of Object.entries(OXIDE)) {
  const key = `node_modules/@tailwindcss/oxide-${name}`;
  if (!oxide || lock.packages[key]) continue;
  lock.packages[key] = { version: oxide.version, dev: true, license: 'MIT', optional: true, cpu, ...(os ? { os } : {}), engines: { node: '>= 20' } };
  added++;
}
const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile: ${added} placeholder entries added`);
