#!/usr/bin/env node
/**
 * Builds the server (dist/) and the Studio (admin/dist/) when their sources changed since their last
 * build, so `npm start` on a built checkout starts in seconds instead of rebuilding both every time.
 * `--all` builds both whatever their state (`npm run build`). Each build leaves a stamp holding the time
 * it started: a source saved during a build is newer than the stamp, and is built next time.
 */
const { execSync } = require('node:child_process');
const { existsSync, readdirSync, statSync, utimesSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const root = join(__dirname, '..');

const TARGETS = [
  {
    name: 'server',
    inputs: [
      'src',
      'ormconfig.ts',
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'tsconfig.build.json',
      'nest-cli.json',
    ],
    skip: [],
    stamp: 'dist/.build-stamp',
    command: 'npx --no-install nest build',
  },
  {
    name: 'Studio',
    inputs: ['admin', 'package.json', 'package-lock.json'],
    skip: ['admin/dist'],
    stamp: 'admin/dist/.build-stamp',
    command: 'npm run build:admin',
  },
];

/** The latest modification time below `path` (a file or a folder), in ms; 0 when it does not exist. */
function newest(path, skip) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    const inner = join(path, entry);
    if (entry === 'node_modules' || skip.includes(relative(root, inner))) continue;
    latest = Math.max(latest, newest(inner, skip));
  }
  return latest;
}

function isStale(target) {
  const stamp = join(root, target.stamp);
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return target.inputs.some((input) => newest(join(root, input), target.skip) > built);
}

function build(target) {
  const started = new Date();
  process.stdout.write(`Building the ${target.name}: ${target.command}\n`);
  execSync(target.command, { cwd: root, stdio: 'inherit' });
  const stamp = join(root, target.stamp);
  writeFileSync(stamp, `${started.toISOString()}\n`);
  utimesSync(stamp, started, started);
}

const all = process.argv.includes('--all');
for (const target of TARGETS) {
  if (all || isStale(target)) build(target);
  else process.stdout.write(`The ${target.name} build is current.\n`);
}
