import { jsonText } from './format';

const PLACEHOLDER = /\{\{\s*([^{}\s][^{}]*?)\s*\}\}/g;

/** The field paths a collection's `display_template` reads: `{{name}} ({{country.code}})` → name, country.code. */
export function templateFields(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

function valueAt(item: unknown, path: string): unknown {
  let value = item;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** An item as its collection's `display_template` names it; a missing, empty or nested value reads as nothing. */
export function renderTemplate(template: string, item: unknown): string {
  return template
    .replace(PLACEHOLDER, (_, path: string) => {
      const value = valueAt(item, path);
      return value === null || value === undefined || typeof value === 'object' ? '' : jsonText(value);
    })
    .trim();
}

/** The fields to request so a templated many-to-one comes with what its template reads (`author` → `author.name`). */
export function withTemplateFields(fields: string[], templates: Map<string, string>): string[] {
  return fields.flatMap((f) => {
    const template = templates.get(f);
    return template ? templateFields(template).map((path) => `${f}.${path}`) : [f];
  });
}
