import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { startFloor } from './floor';
import { bearer, load, LoadResult, print, startBenchServer } from './lib';

const ROWS = 10_000;
const FILTER = 'filter[status][_eq]=published&sort=-x&limit=25&meta=filter_count';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/**
 * What the HTTP framework alone allows: an empty Nest + Express app (no middleware, guard, database or
 * logging) answering the bodies the floor answered, already in memory. Vellum cannot be faster than this.
 */
async function startFrameworkCeiling(
  bodies: Record<string, unknown>,
): Promise<{ url: string; close: () => Promise<void> }> {
  @Controller()
  class BodiesController {
    @Get('list')
    list(): unknown {
      return bodies.list;
    }

    @Get('one')
    one(): unknown {
      return bodies.one;
    }
  }
  @Module({ controllers: [BodiesController] })
  class CeilingModule {}
  const app = await NestFactory.create(CeilingModule, { logger: false });
  await app.listen(0, '127.0.0.1');
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** The run with the median throughput (of an odd count; the lower middle one of an even count). */
function median(runs: LoadResult[]): LoadResult | undefined {
  return [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor((runs.length - 1) / 2)];
}

function ratio(vellum: LoadResult, floor: LoadResult | undefined): string {
  if (!floor) return '';
  return `${Math.round((100 * vellum.requestsPerSecond) / Math.max(floor.requestsPerSecond, 1))}% of the floor`;
}

/**
 * Issue 3: items reads and writes on 10,000 rows, next to a bare node:http + mysql2 server.
 *
 * Target: Vellum at or above 50% of the floor's throughput on each read. Measured on MariaDB on the
 * shared 2-core build machine (autocannon, Vellum and the floor in one process, 10 connections, 5 s a
 * run, three interleaved rounds, medians compared).
 * Session 3, on Fastify (medians of three rounds, load average 1.4-4.4): list 74%, one item 57%,
 * filter+sort+meta 83%, POST 27% of the floor. The empty Nest app on Fastify answered 2.4-2.8 times the
 * floor; on Express (session 2) 55-59% of it, and Vellum on Express then did 53%, 32%, 72%, 32%.
 *
 * Session 4, back on Express 5 (the stack Vellum is specified with). Targets of the HTTP-layer issue:
 * list >= 65%, one item >= 45%, filter+sort+meta >= 80%, create >= 30%. What closed the gap:
 * requests and responses created with Express's prototypes (VellumExpressAdapter: Express's per-request
 * Object.setPrototypeOf then changes nothing; it had cost a bare Express app 2.5x the CPU per request),
 * JSON answers written without res.json, one request-setup middleware instead of five, routes indexed
 * by their first path segment instead of ~130 tried in turn, no ETag. Medians of three rounds:
 *   machine loaded (load average 3-4)    list 80%   one item 49%   filter 83%   POST 39%
 *   quieter (load average 1.6)           list 75%   one item 47%   filter 88%   POST 34%
 *     (floor 3,796 / 9,766 / 1,399 / 5,210 req/s; Vellum 2,865 / 4,586 / 1,238 / 1,792 req/s)
 * The same harness on the session-3 Fastify build, at the quieter time: 86%, 65%, 92%, 39%. The empty
 * Nest app below is plain Nest + Express, without Vellum's adapter: Vellum's one-item read answers 76%
 * of what it answers.
 */
type LoadTarget = Parameters<typeof load>[1];
interface BenchCase {
  label: string;
  vellum: LoadTarget;
  floor?: LoadTarget;
  ceilingPath?: string;
}

export async function run(): Promise<void> {
  const server = await startBenchServer();
  const auth = { ...bearer(server.token), 'Content-Type': 'application/json' };
  const c = 'bench_items';
  try {
    await seedCollection(server.url, auth, c);
    const vendor = server.database.env.DB_CLIENT;
    const floor = vendor === 'mariadb' || vendor === 'mysql' ? await startFloor(server.database.env, c) : null;
    if (!floor) process.stdout.write('(the bare-server floor needs DB_CLIENT=mariadb or mysql; Vellum figures only)\n');
    const ceiling = floor
      ? await startFrameworkCeiling({
          list: await (await fetch(`${floor.url}/list`)).json(),
          one: await (await fetch(`${floor.url}/one?id=4242`)).json(),
        })
      : null;
    for (const entry of benchCases(server.url, auth, c, floor?.url)) await measureCase(entry, ceiling?.url);
    await ceiling?.close();
    await floor?.close();
  } finally {
    await server.close();
  }
}

export async function seedCollection(url: string, auth: Record<string, string>, c: string): Promise<void> {
  const created = await fetch(`${url}/collections`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      collection: c,
      fields: [
        { field: 'title', type: 'string' },
        { field: 'body', type: 'text' },
        { field: 'x', type: 'integer', schema: { is_indexed: true } },
        { field: 'status', type: 'string', schema: { is_indexed: true } },
        { field: 'published', type: 'boolean' },
      ],
    }),
  });
  if (created.status !== 200) throw new Error(`creating the collection failed: ${created.status}`);
  for (let batch = 0; batch < ROWS / 500; batch++) {
    const items = Array.from({ length: 500 }, (_, i) => {
      const n = batch * 500 + i;
      return {
        title: `Item ${n}`,
        body: 'lorem ipsum '.repeat(10),
        x: (n * 7919) % ROWS,
        status: n % 3 ? 'published' : 'draft',
        published: n % 2 === 0,
      };
    });
    const res = await fetch(`${url}/items/${c}?fields=id`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(items),
    });
    if (res.status !== 200) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
  }
}

function benchCases(url: string, auth: Record<string, string>, c: string, floorUrl: string | undefined): BenchCase[] {
  const body = JSON.stringify({ title: 'New', body: 'text', x: 5, status: 'draft', published: true });
  const onFloor = (target: LoadTarget) => (floorUrl ? { ...target, url: `${floorUrl}${target.url}` } : undefined);
  return [
    {
      label: 'GET /items/c?limit=100',
      ceilingPath: 'list',
      vellum: { url: `${url}/items/${c}?limit=100`, headers: auth },
      floor: onFloor({ url: '/list' }),
    },
    {
      label: 'GET /items/c/:id',
      ceilingPath: 'one',
      vellum: { url: `${url}/items/${c}/4242`, headers: auth },
      floor: onFloor({ url: '/one?id=4242' }),
    },
    {
      label: 'GET /items/c?filter..&sort=-x&limit=25&meta',
      vellum: { url: `${url}/items/${c}?${FILTER}`, headers: auth },
      floor: onFloor({ url: '/filter' }),
    },
    {
      label: 'POST /items/c',
      vellum: { url: `${url}/items/${c}`, method: 'POST', headers: auth, body },
      floor: onFloor({ url: '/create', method: 'POST', headers: { 'Content-Type': 'application/json' }, body }),
    },
  ];
}

/** Interleaved rounds, then the median of each: other work on a shared machine hits one run, not all. */
async function measureCase(entry: BenchCase, ceilingUrl: string | undefined): Promise<void> {
  const floorRuns: LoadResult[] = [];
  const ceilingRuns: LoadResult[] = [];
  const vellumRuns: LoadResult[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    if (entry.floor) floorRuns.push(await load(`  floor ${entry.label} #${round}`, entry.floor));
    if (ceilingUrl && entry.ceilingPath)
      ceilingRuns.push(
        await load(`  empty Nest app ${entry.label} #${round}`, { url: `${ceilingUrl}/${entry.ceilingPath}` }),
      );
    vellumRuns.push(await load(`  vellum ${entry.label} #${round}`, entry.vellum));
  }
  const floorResult = median(floorRuns);
  const ceilingResult = median(ceilingRuns);
  const vellumResult = median(vellumRuns)!;
  for (const result of [floorResult, ceilingResult, vellumResult])
    if (result) print({ ...result, label: `${result.label.replace(/ #\d+$/, '')} (median)` });
  if (ceilingResult) process.stdout.write(`    → the framework alone: ${ratio(ceilingResult, floorResult)}\n`);
  if (floorResult) process.stdout.write(`    → ${ratio(vellumResult, floorResult)}\n`);
}
