/** A timestamp as the reader's locale writes it (date and time, short), the raw text when it is no date. */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A count as the reader's locale writes it (1,234 or 1.234). */
export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

export interface PersonName {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}

/** How the Studio names someone: their full name, else their address; null when nothing is known. */
export function personName(person: PersonName | null | undefined): string | null {
  const full = [person?.first_name, person?.last_name].filter((part) => part && part.trim() !== '').join(' ');
  return full || person?.email || null;
}

/** A value read from JSON as a reader sees it: a string as it is, anything else as its JSON ('' for nothing). */
export function jsonText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** A text field of a submitted form; '' when the form has none (the Studio's forms send no files this way). */
export function fieldText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}
