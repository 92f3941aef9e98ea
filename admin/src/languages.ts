/** Languages the Studio's interface is translated into, with the name each is shown under in its own words. */
export const STUDIO_LANGUAGES = [
  { code: 'en', tag: 'en-US', name: 'English' },
  { code: 'de', tag: 'de-DE', name: 'Deutsch' },
] as const;

export type StudioLanguage = (typeof STUDIO_LANGUAGES)[number]['code'];

/** The Studio language for a user's stored `language` tag (`de-DE`, `de`, `DE_at`), English when none matches. */
export function baseLanguage(tag: string | null | undefined): StudioLanguage {
  const base = (tag ?? '').toLowerCase().split(/[-_]/)[0];
  return STUDIO_LANGUAGES.find((language) => language.code === base)?.code ?? 'en';
}
