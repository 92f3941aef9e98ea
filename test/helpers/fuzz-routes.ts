import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Prng } from './fuzz-values';

export type Who = 'admin' | 'limited' | 'anonymous';
export const CALLERS: Who[] = ['admin', 'limited', 'anonymous'];

export interface Operation {
  method: string;
  path: string;
  params: string[];
  queryParams: string[];
}

export const MUTATING = new Set(['POST', 'PATCH', 'DELETE']);
const MULTIPART_ROUTES = new Set([
  'POST /files',
  'PATCH /files/{id}',
  'POST /utils/import/{collection}',
  'POST /schema/diff',
  'POST /schema/apply',
]);

type Parameter = { in: string; name: string } | { $ref: string };
interface OpenApi {
  paths: Record<string, Record<string, { parameters?: Parameter[]; 'x-search'?: unknown }>>;
  components: { parameters: Record<string, { in: string; name: string }> };
}

/**
 * Every route of openapi.json, so a route added later is fuzzed without touching the suite; the SEARCH
 * routes are the `x-search` of their GET (docs/API.md "The OpenAPI document").
 */
export function operations(): Operation[] {
  const doc = JSON.parse(readFileSync(join(__dirname, '../../openapi.json'), 'utf8')) as OpenApi;
  const resolve = (p: Parameter) => ('$ref' in p ? doc.components.parameters[p.$ref.split('/').pop() as string] : p);
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, op]) => {
      const parameters = (op.parameters ?? []).map(resolve);
      const operation = {
        path,
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
      };
      const search = op['x-search'] ? [{ ...operation, method: 'SEARCH' }] : [];
      return [{ ...operation, method: method.toUpperCase() }, ...search];
    }),
  );
}

function kindsFor(op: Operation): string[] {
  const kinds = ['query', 'header', 'proto'];
  if (op.params.length) kinds.push('path');
  if (op.method !== 'GET') kinds.push('body', 'body', 'raw');
  if (MULTIPART_ROUTES.has(`${op.method} ${op.path}`)) kinds.push('multipart', 'multipart');
  return kinds;
}

/** How the request of this round breaks the route; the round shifts it so each kind comes up. */
export function pickKind(rng: Prng, op: Operation, round: number): string {
  const kinds = kindsFor(op);
  return rng.chance(0.04) ? 'method' : kinds[(round + rng.int(kinds.length)) % kinds.length];
}
