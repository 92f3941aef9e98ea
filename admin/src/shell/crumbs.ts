import { ENTRY_LABELS, SECTIONS } from './sections';

export interface Crumb {
  label: string;
  /** Where the crumb leads; the last one (the page itself) leads nowhere. */
  to?: string;
}

/** A path part as typed: a malformed escape stays as it is rather than failing the page. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The breadcrumbs of a Studio path (below /admin): section, then collection, then item. */
export function crumbsOf(pathname: string, collectionName: (collection: string) => string): Crumb[] {
  const [section, entry, item] = pathname.split('/').filter(Boolean).map(decoded);
  const known = SECTIONS.find((s) => s.path === section);
  if (!known) return [];
  const trail: Crumb[] = [{ label: known.label, to: `/${section}` }];
  if (entry !== undefined) {
    const byCollection = section === 'content' || section === 'data-model';
    trail.push({
      label: byCollection ? collectionName(entry) : (ENTRY_LABELS[section] ?? entry),
      to: `/${section}/${encodeURIComponent(entry)}`,
    });
  }
  if (section === 'content' && item !== undefined && item !== 'singleton')
    trail.push({ label: item === '+' ? 'New item' : item });
  delete trail[trail.length - 1].to;
  return trail;
}
