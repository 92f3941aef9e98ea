/**
 * The floor of issues 3 and 34: node:http + mysql2 running the SQL Vellum runs for the same requests,
 * with no framework, auth, permissions or activity. `startFloor` serves it in the calling process;
 * `spawnFloor` in a process of its own, so its CPU per request is read from /proc as Vellum's is.
 */
import { spawn } from 'node:child_process';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as mysql from 'mysql2/promise';

const COLUMNS = ['id', 'title', 'body', 'x', 'status', 'published'];

function send(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function create(pool: mysql.Pool, table: string, req: IncomingMessage, cols: string): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const item = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
  const [result] = await pool.query(
    `INSERT INTO \`${table}\` (title, body, x, status, published) VALUES (?, ?, ?, ?, ?)`,
    [item.title, item.body, item.x, item.status, item.published],
  );
  const [rows] = await pool.query(`SELECT ${cols} FROM \`${table}\` WHERE id = ?`, [
    (result as mysql.ResultSetHeader).insertId,
  ]);
  return (rows as Record<string, unknown>[])[0];
}

/** The floor's routes: each runs the SQL Vellum runs for the same request (the ping none). */
function floorHandler(pool: mysql.Pool, table: string): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const cols = COLUMNS.map((c) => `\`${c}\``).join(', ');
  const row = (r: Record<string, unknown>) => ({ ...r, published: r.published === 1 });
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://floor');
    if (url.pathname === '/ping') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return void res.end('pong');
    }
    if (req.method === 'POST') return send(res, { data: row((await create(pool, table, req, cols)) as never) });
    if (url.pathname === '/one') {
      const [rows] = await pool.query(`SELECT ${cols} FROM \`${table}\` t WHERE t.id = ? ORDER BY t.id LIMIT 1`, [
        Number(url.searchParams.get('id')),
      ]);
      return send(res, { data: row((rows as Record<string, unknown>[])[0]) });
    }
    if (url.pathname === '/filter') {
      const where = 'WHERE t.status = ?';
      const [rows] = await pool.query(`SELECT ${cols} FROM \`${table}\` t ${where} ORDER BY t.x DESC LIMIT 25`, [
        'published',
      ]);
      const [count] = await pool.query(`SELECT COUNT(*) AS count FROM \`${table}\` t ${where}`, ['published']);
      return send(res, {
        data: (rows as Record<string, unknown>[]).map(row),
        meta: { filter_count: (count as { count: number }[])[0].count },
      });
    }
    const [rows] = await pool.query(`SELECT ${cols} FROM \`${table}\` t ORDER BY t.id LIMIT 100`);
    return send(res, { data: (rows as Record<string, unknown>[]).map(row) });
  };
}

export interface Floor {
  url: string;
  /** The serving process, where it runs in a process of its own (its CPU is read from /proc). */
  pid?: number;
  close: () => Promise<void>;
}

export async function startFloor(env: Record<string, string>, table: string, port = 0): Promise<Floor> {
  const pool = mysql.createPool({
    host: env.DB_HOST,
    port: Number(env.DB_PORT),
    user: env.DB_USER,
    password: env.DB_PASSWORD,
    database: env.DB_DATABASE,
    connectionLimit: 10,
  });
  const handle = floorHandler(pool, table);
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      res.writeHead(500);
      res.end(String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}

/** The floor in a child process (this file run with the TypeScript loader), listening on `port`. */
export async function spawnFloor(env: Record<string, string>, table: string, port: number): Promise<Floor> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', __filename], {
    cwd: `${__dirname}/..`,
    env: { ...process.env, ...env, FLOOR_TABLE: table, FLOOR_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', () => reject(new Error('the floor exited before listening')));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

if (require.main === module)
  void startFloor(process.env as Record<string, string>, process.env.FLOOR_TABLE!, Number(process.env.FLOOR_PORT)).then(
    (floor) => {
      process.stdout.write(`${floor.url}\n`);
      process.once('SIGTERM', () => void floor.close().then(() => process.exit(0)));
    },
  );
