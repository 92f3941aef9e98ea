import type { EnvDoc } from './env-docs';

export const TABLE_START = '<!-- env-table:start (npm run docs:env writes this table from src/config/env-docs.ts) -->';
export const TABLE_END = '<!-- env-table:end -->';

/** A family whose names the operator chooses (`STORAGE_<NAME>_ROOT`, `<NAME>_FILE`): no schema property. */
const isPattern = (name: string) => name.includes('<NAME>');

/**
 * The problems that keep the table from listing exactly the schema's variables: a variable without an
 * entry, a name documented twice, a documented name the schema lacks, or defaults that are neither one
 * per name nor one that all the names share.
 */
export function envDocProblems(docs: readonly EnvDoc[], known: readonly string[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const doc of docs) {
    for (const name of doc.names) {
      if (seen.has(name)) problems.push(`${name} is documented twice`);
      seen.add(name);
      if (!isPattern(name) && !known.includes(name)) problems.push(`${name} is documented but not in env.schema.ts`);
    }
    const defaults = doc.defaults.length;
    if (defaults !== 1 && defaults !== doc.names.length)
      problems.push(`${doc.names.join(', ')}: ${doc.names.length} names but ${defaults} defaults`);
  }
  for (const name of known) if (!seen.has(name)) problems.push(`${name} has no entry in env-docs.ts`);
  return problems;
}

/** The Markdown table, one row per entry, in the entries' order. */
export function renderEnvTable(docs: readonly EnvDoc[]): string {
  const rows = docs.map(
    (doc) => `| ${doc.names.map((name) => `\`${name}\``).join(', ')} | ${doc.defaults.join(', ')} | ${doc.meaning} |`,
  );
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}

/** `readme` with the text between the two markers replaced by `table`; throws when a marker is missing. */
export function withEnvTable(readme: string, table: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md lacks the markers ${TABLE_START} … ${TABLE_END}`);
  return `${readme.slice(0, start + TABLE_START.length)}\n${table}\n${readme.slice(end)}`;
}
