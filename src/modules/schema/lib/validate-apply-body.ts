import { InvalidPayloadError } from '../../../common/errors/errors';
import { isPlainObject } from '../../../common/is-plain-object';
import { prototypeKeyReason, prototypeSegment, refusePrototypeKeys } from '../../../common/prototype-keys';
import type { SnapshotDiff } from './snapshot.types';

const KINDS = ['N', 'D', 'E', 'A'];
const SECTIONS = ['collections', 'fields', 'systemFields', 'relations'] as const;
/** The members that name the entity of a diff entry, per section. */
const NAMES: Record<(typeof SECTIONS)[number], string[]> = {
  collections: ['collection'],
  fields: ['collection', 'field'],
  systemFields: ['collection', 'field'],
  relations: ['collection', 'field'],
};

function checkRecord(record: unknown, where: string): void {
  if (!isPlainObject(record) || !KINDS.includes(record.kind as string))
    throw new InvalidPayloadError(`${where} must be a diff record of kind N, D, E or A`);
  if (record.path !== undefined && (!Array.isArray(record.path) || record.path.length === 0)) {
    throw new InvalidPayloadError(`${where}: "path" must be a non-empty array`);
  }
  // The plan applies each record to a copy of the current entry by its path.
  const through = Array.isArray(record.path) ? prototypeSegment(record.path) : null;
  if (through !== null) throw new InvalidPayloadError(prototypeKeyReason(through, `${where}: "path"`));
  if (record.kind === 'E' && !record.path) throw new InvalidPayloadError(`${where}: an edit needs a "path"`);
  if (record.kind === 'N' && !record.path && !isPlainObject(record.rhs))
    throw new InvalidPayloadError(`${where}: a new entity needs an object "rhs"`);
  if (record.kind === 'A') {
    if (!record.path || typeof record.index !== 'number')
      throw new InvalidPayloadError(`${where}: an array change needs "path" and "index"`);
    checkRecord(record.item, `${where}.item`);
  }
}

/**
 * API.md 4.3: the body of POST /schema/apply, `{ hash, diff }` with all four diff sections (a diff
 * without `systemFields` comes from an older release and is refused). The `{ data }` envelope that
 * /schema/diff answers with is accepted too. Keys and paths through a prototype are refused, whatever
 * the body came as (JSON, a JSON or YAML file, the command line).
 */
export function validateApplyBody(input: unknown): { hash: string; diff: SnapshotDiff } {
  refusePrototypeKeys(input, 'The diff', (reason) => new InvalidPayloadError(reason));
  const body = isPlainObject(input) && isPlainObject(input.data) && !('diff' in input) ? input.data : input;
  if (!isPlainObject(body)) throw new InvalidPayloadError('The body must be an object with "hash" and "diff"');
  if (typeof body.hash !== 'string' || body.hash === '')
    throw new InvalidPayloadError('"hash" must be a non-empty string');
  const diff = body.diff;
  if (!isPlainObject(diff)) throw new InvalidPayloadError('"diff" must be an object');
  for (const section of SECTIONS) {
    const entries = diff[section];
    if (!Array.isArray(entries)) throw new InvalidPayloadError(`"diff.${section}" must be an array`);
    entries.forEach((entry: unknown, i) => {
      const where = `diff.${section}[${i}]`;
      if (!isPlainObject(entry)) throw new InvalidPayloadError(`${where} must be an object`);
      for (const name of NAMES[section]) {
        if (typeof entry[name] !== 'string' || entry[name] === '')
          throw new InvalidPayloadError(`${where} needs a string "${name}"`);
      }
      if (!Array.isArray(entry.diff) || entry.diff.length === 0)
        throw new InvalidPayloadError(`${where}: "diff" must be a non-empty array`);
      entry.diff.forEach((record: unknown, j: number) => checkRecord(record, `${where}.diff[${j}]`));
    });
  }
  return { hash: body.hash, diff: diff as unknown as SnapshotDiff };
}
