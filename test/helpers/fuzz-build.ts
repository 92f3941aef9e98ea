import { junkAuth } from './fuzz-auth';
import { template, validParam } from './fuzz-bodies';
import { ASSET_PARAMS, enc, JUNK_PATH, junkQuery, QUERY_PARAMS, RANGES } from './fuzz-junk';
import { Operation, Who } from './fuzz-routes';
import { FuzzContext } from './fuzz-seed';
import {
  deepJson,
  injectKey,
  JUNK_VALUES,
  positions,
  Prng,
  PROTO_KEYS,
  RawJson,
  replaceAt,
  toJsonText,
} from './fuzz-values';
import { multipartBody, MultipartPart, RawRequest } from './raw-http';

export type FuzzRequest = RawRequest & { label: string };

/** A valid request on its way to being broken by one mutator. */
interface Draft {
  ctx: FuzzContext;
  rng: Prng;
  op: Operation;
  values: Record<string, string>;
  headers: Record<string, string>;
  query: string[];
  body: unknown;
  raw?: { contentType?: string; data: Buffer | string };
  label: string;
  method: string;
}

function junkQueryParams({ rng, op, query }: Draft): void {
  const names = [...QUERY_PARAMS, ...op.queryParams, ...(op.path.startsWith('/assets') ? ASSET_PARAMS : [])];
  // Node itself answers 431 without a body past 16 KB of request head, before Vellum sees the request.
  for (let i = 0, n = 1 + rng.int(3); i < n; i++) {
    const part = junkQuery(rng, rng.pick(names));
    if (query.join('&').length + part.length < 12_000) query.push(part);
  }
}

function junkPathParam(d: Draft): void {
  const name = d.rng.pick(d.op.params);
  d.values[name] = d.rng.pick(JUNK_PATH);
  d.label = `path ${name}`;
}

function junkBody(d: Draft): void {
  const junk = d.rng.pick(JUNK_VALUES);
  const spots = positions(d.body);
  if (d.body === undefined || spots.length === 0 || d.rng.chance(0.2)) {
    d.body = junk;
    d.label = 'body (whole)';
  } else {
    const at = d.rng.pick(spots);
    d.body = replaceAt(d.body, at, junk);
    d.label = `body at ${at.join('.')}`;
  }
}

/** A prototype-pollution key in one object of the body, or in a query parameter when the body has none. */
function pollute(d: Draft): void {
  const objects = [[], ...positions(d.body)].filter((p) => {
    let v: unknown = d.body;
    for (const k of p) v = (v as Record<string | number, unknown>)[k];
    return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof RawJson);
  });
  if (objects.length === 0) {
    d.query.push(junkQuery(d.rng, d.rng.pick(['filter', 'deep', 'alias', 'aggregate'])));
  } else {
    const at = d.rng.pick(objects);
    d.body = injectKey(
      d.body,
      at,
      d.rng.pick(PROTO_KEYS),
      d.rng.pick([{ polluted: 'yes' }, { prototype: { polluted: 'yes' } }, 'yes', null, ['polluted']]),
    );
    d.label = `proto at ${at.join('.') || 'root'}`;
  }
}

/** Bodies that are not the JSON they claim to be, or JSON under a content type that is not. */
function rawVariants(text: string): { contentType: string; data: Buffer | string }[] {
  return [
    { contentType: 'application/json', data: text.slice(0, Math.max(1, Math.floor(text.length / 2))) },
    { contentType: 'application/json', data: '' },
    { contentType: 'application/json', data: '{"a":1,}' },
    { contentType: 'application/json', data: "{'a':1}" },
    { contentType: 'application/json', data: 'undefined' },
    { contentType: 'application/json', data: '\ufeff{"a":1}' },
    { contentType: 'application/json', data: Buffer.from([0xff, 0xfe, 0x00, 0x7b]) },
    { contentType: 'application/json', data: `[${'"x",'.repeat(300_000)}"x"]` },
    { contentType: 'application/json; charset=klingon', data: text },
    { contentType: 'application/json; charset=utf-16', data: text },
    { contentType: 'text/plain', data: text },
    { contentType: 'application/xml', data: '<a><b>1</b></a>' },
    { contentType: 'application/x-www-form-urlencoded', data: 'a=1&b[c]=2&__proto__[polluted]=yes' },
    { contentType: 'multipart/form-data', data: text },
    {
      contentType: 'multipart/form-data; boundary=zzz',
      data: '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n',
    },
    { contentType: 'application/octet-stream', data: Buffer.from([0, 1, 2, 3]) },
    { contentType: '', data: text },
    { contentType: 'application/vnd.api+json', data: text },
    { contentType: 'application/json', data: 'null' },
    { contentType: 'application/json', data: '"just a string"' },
    { contentType: 'application/json', data: '12345678901234567890' },
  ];
}

function rawBody(d: Draft): void {
  const text = d.body === undefined ? '{"a":1}' : toJsonText(d.body);
  const raw = d.rng.pick(rawVariants(text));
  d.raw = raw;
  if (d.rng.chance(0.1)) d.headers['Content-Encoding'] = d.rng.pick(['gzip', 'deflate', 'br', 'x-unknown']);
  d.label = `raw ${raw.contentType || 'no content type'}`;
}

const BOUNDARY = 'fuzzboundary';

const file = (
  data: Buffer | string,
  name = 'file',
  filename: string | undefined = 'upload.png',
  contentType = 'image/png',
): MultipartPart => ({ name, filename, contentType, data });

/** Upload, import and schema-file bodies with wrong parts, wrong files, cut or foreign boundaries. */
function multipartVariants({
  ctx,
  rng,
  body,
}: Draft): { contentType: string; parts?: MultipartPart[]; data?: Buffer | string; close?: boolean }[] {
  const png = ctx.s.png;
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  const textPart = (name: string): MultipartPart => ({
    name,
    data: String(toJsonText(rng.pick(JUNK_VALUES))).slice(0, 5000),
  });
  const importRows = rng.pick([
    file(
      '[{"label":"i","count":"x"},{"__proto__":{"polluted":"yes"}},5,null]',
      'file',
      'rows.json',
      'application/json',
    ),
    file('label,count\n"unclosed,1\nx', 'file', 'rows.csv', 'text/csv'),
    file('{"not":"an array"}', 'file', 'rows.json', 'application/json'),
    file(deepJson(5000, '[', '1', ']').text, 'file', 'rows.json', 'application/json'),
    file('label\n' + 'x,'.repeat(2000), 'file', 'rows.csv', 'text/csv'),
    file(Buffer.from([0xff, 0xfe, 0x00]), 'file', 'rows.xlsx', 'application/vnd.ms-excel'),
  ]);
  return [
    { contentType: type, parts: [textPart('title'), textPart('folder'), file(png)] },
    { contentType: type, parts: [textPart('storage'), textPart('filename_download'), file(png)] },
    { contentType: type, parts: [textPart('title')] },
    { contentType: type, parts: [file(png), file(png, 'file', 'two.png')] },
    { contentType: type, parts: [file(png, 'nope')] },
    { contentType: type, parts: [file('', 'file', 'empty.png')] },
    { contentType: type, parts: [file(png, 'file', '../../../etc/passwd', 'text/html')] },
    { contentType: type, parts: [file(png, 'file', undefined)] },
    { contentType: type, parts: [file(png)], close: false },
    { contentType: 'multipart/form-data; boundary=other', parts: [file(png)] },
    { contentType: 'multipart/form-data', parts: [file(png)] },
    { contentType: type, data: `--${BOUNDARY}\r\ngarbage\r\n--${BOUNDARY}--` },
    { contentType: type, parts: [importRows] },
    { contentType: type, parts: [file(toJsonText(body ?? {}), 'file', 'snapshot.json', 'application/json')] },
    {
      contentType: type,
      parts: [file('collections: [\n  - &a [*a]\n', 'file', 'snapshot.yaml', 'application/x-yaml')],
    },
  ];
}

function junkMultipart(d: Draft): void {
  const variants = multipartVariants(d);
  const v = d.rng.pick(variants);
  d.raw = { contentType: v.contentType, data: v.data ?? multipartBody(v.parts ?? [], BOUNDARY, v.close ?? true) };
  d.label = `multipart ${variants.indexOf(v)}`;
}

function junkHeader(d: Draft): void {
  if (d.op.path.startsWith('/assets') && d.rng.chance(0.6)) {
    d.headers.Range = d.rng.pick(RANGES);
    d.label = `header Range ${d.headers.Range}`;
    return;
  }
  const auth = junkAuth(d.ctx, d.rng);
  delete d.headers.Authorization;
  Object.assign(d.headers, auth.headers);
  if (auth.query) d.query.push(auth.query);
  d.label = `header ${Object.keys(auth.headers).join(',') || 'query token'}`;
}

function junkMethod(d: Draft): void {
  // Methods no route of Vellum answers, so nothing is written; FOO is no HTTP method at all.
  d.method = d.rng.pick(['PUT', 'PROPFIND', 'LOCK', 'OPTIONS', 'FOO']);
  d.label = `method ${d.method}`;
}

/** One mutator per kind of breakage (see pickKind). */
const MUTATORS: Record<string, (d: Draft) => void> = {
  query: junkQueryParams,
  path: junkPathParam,
  body: junkBody,
  proto: pollute,
  raw: rawBody,
  multipart: junkMultipart,
  header: junkHeader,
  method: junkMethod,
};

function toRequest(d: Draft, who: Who, kind: string): FuzzRequest {
  const { op, values, headers, query, raw, body, method } = d;
  let path = op.path;
  for (const name of op.params) {
    const value = values[name];
    const junk = kind === 'path' && JUNK_PATH.includes(value);
    path = path.replace(`{${name}}`, junk ? value : enc(value));
  }
  if (query.length) path += `?${query.join('&')}`;
  const fresh = /[^\p{ASCII}]/u.test(path) || method === 'FOO';
  const label = `${who} ${op.method} ${op.path} ${d.label}`;
  if (raw) {
    if (raw.contentType) headers['Content-Type'] = raw.contentType;
    return { method, path, headers, body: raw.data, fresh, label };
  }
  if (body === undefined) return { method, path, headers, fresh, label };
  headers['Content-Type'] = 'application/json';
  return { method, path, headers, body: toJsonText(body), fresh, label };
}

/** One hostile request: a valid request broken in exactly one way (`kind`). */
export function build(ctx: FuzzContext, rng: Prng, op: Operation, who: Who, kind: string): FuzzRequest {
  const { s } = ctx;
  const safe = who === 'admin' || kind === 'header';
  const values: Record<string, string> = {};
  for (const name of op.params) values[name] = validParam(s, rng, op, name, values.collection ?? s.scratch, safe);
  const headers: Record<string, string> = {};
  if (who === 'admin') headers.Authorization = `Bearer ${ctx.adminToken}`;
  if (who === 'limited') headers.Authorization = `Bearer ${s.limited.token}`;
  const body = template(s, rng, op, values, safe);
  const draft: Draft = { ctx, rng, op, values, headers, query: [], body, label: kind, method: op.method };
  MUTATORS[kind](draft);
  return toRequest(draft, who, kind);
}
