import { parseJsonFunction, splitOutside } from '../../../common/query/parse-json-function';

/**
 * How deep a `fields` entry reaches, as the reference counts it against MAX_RELATIONAL_DEPTH: its dot
 * segments, an alias counted as the path it stands for, and of a `json(field, path)` call only the
 * field path (`a.json(b.meta, x.y.z)` → 3): the JSON path is no relation.
 */
export function fieldDepth(entry: string, alias: Record<string, string> = {}): number {
  const [head, ...rest] = splitOutside(entry, '.');
  if (Object.hasOwn(alias, head)) return fieldDepth(alias[head]) + rest.length;
  const segments = [head, ...rest];
  const json = parseJsonFunction(segments[segments.length - 1]);
  return json ? segments.length - 1 + json.field.split('.').length : segments.length;
}
