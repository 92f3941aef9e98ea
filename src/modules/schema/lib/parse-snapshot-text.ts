import type { Document, LineCounter } from 'yaml';
import { lazyModule } from '../../../common/lazy-module';

const yaml = lazyModule(() => require('yaml') as typeof import('yaml'));

export type SnapshotFormat = 'json' | 'yaml';

/** The value of a snapshot file, or why it could not be read (a plain object, so it can cross to another thread). */
export type ParsedSnapshotText = { value: unknown } | { error: string };

/**
 * The first key that a mapping of the document holds twice, with its line, or null. One pass over the
 * document with a set per mapping: the `yaml` package's own check (`uniqueKeys`) compares each key with
 * every key before it, which took 56 s for a mapping of 60,000 keys. Keys are compared as that check
 * compares them: scalars by value, other keys (collections, aliases) by identity.
 */
function duplicateKey(doc: Document.Parsed, lines: LineCounter): string | null {
  const { isMap, isPair, isScalar, isSeq } = yaml();
  const pending: unknown[] = [doc.contents];
  while (pending.length) {
    const node = pending.pop();
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const { key, value } of node.items) {
        const same = isScalar(key) ? key.value : key;
        if (seen.has(same)) {
          const line = isScalar(key) && key.range ? ` (line ${lines.linePos(key.range[0]).line})` : '';
          return `Map keys must be unique: ${JSON.stringify(same) ?? String(same)} appears twice in one mapping${line}`;
        }
        seen.add(same);
        pending.push(value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) pending.push(isPair(item) ? item.value : item);
    }
  }
  return null;
}

/**
 * A snapshot file's text as a value (API.md 4.2), in time linear in its size. YAML refuses a key given
 * twice in one mapping, as the YAML spec does; JSON keeps the last, as JSON.parse does for every JSON
 * body. Pure: the HTTP upload runs it on a worker thread, the command line on its own.
 */
export function parseSnapshotText(text: string, format: SnapshotFormat): ParsedSnapshotText {
  try {
    if (format === 'json') return { value: JSON.parse(text) };
    const lines = new (yaml().LineCounter)();
    const doc = yaml().parseDocument(text, { uniqueKeys: false, lineCounter: lines });
    if (doc.errors.length) return { error: doc.errors[0].message };
    const duplicate = duplicateKey(doc, lines);
    return duplicate ? { error: duplicate } : { value: doc.toJS({ maxAliasCount: 100 }) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}
