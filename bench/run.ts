/**
 * `npm run bench -- <name> [<name> ...]` runs bench/<name>.bench.ts; without a name it lists them.
 * The database is DB_CLIENT's (SQLite by default; the issues' targets are stated for MariaDB).
 */
import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

async function main(names: string[]): Promise<void> {
  const available = readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.ts'))
    .map((f) => f.replace(/\.bench\.ts$/, ''));
  if (names.length === 0) {
    process.stdout.write(`benchmarks: ${available.join(', ')}\nusage: npm run bench -- <name>\n`);
    return;
  }
  for (const name of names) {
    if (!available.includes(name)) throw new Error(`No benchmark "${name}" (have: ${available.join(', ')})`);
    process.stdout.write(`\n# ${name} on ${process.env.DB_CLIENT ?? 'sqlite'}\n`);
    const bench = (await import(join(__dirname, `${name}.bench.ts`))) as { run: () => Promise<void> };
    await bench.run();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
