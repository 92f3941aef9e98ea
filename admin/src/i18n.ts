import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { baseLanguage, STUDIO_LANGUAGES, type StudioLanguage } from './languages';

// Each area of the Studio keeps its own file per language (locales/<language>/<area>.json), so pages
// written side by side never edit one shared catalogue. English ships in the first load; another
// language's files are fetched when someone picks it.
const english = import.meta.glob<Record<string, unknown>>('./locales/en/*.json', { eager: true, import: 'default' });
const others = import.meta.glob<Record<string, unknown>>(['./locales/*/*.json', '!./locales/en/*.json'], {
  import: 'default',
});

function areaOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
}

const resources = { en: Object.fromEntries(Object.entries(english).map(([path, strings]) => [areaOf(path), strings])) };

void i18next.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: Object.keys(resources.en),
  // React escapes what it renders; escaping here as well would show entities.
  interpolation: { escapeValue: false },
  returnNull: false,
});

async function loadLanguage(language: StudioLanguage): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, 'common')) return;
  const files = Object.entries(others).filter(([path]) => path.startsWith(`./locales/${language}/`));
  const loaded = await Promise.all(files.map(async ([path, load]) => [areaOf(path), await load()] as const));
  for (const [area, strings] of loaded) i18next.addResourceBundle(language, area, strings, true, true);
}

/** Switches the interface to a user's `language` (for example `de-DE`); unknown languages fall back to English. */
export async function applyStudioLanguage(userLanguage: string | null | undefined): Promise<void> {
  const language = baseLanguage(userLanguage);
  await loadLanguage(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export { STUDIO_LANGUAGES };
