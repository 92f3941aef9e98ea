import { useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { displayName } from '../names';
import type { Field } from '../fields';
import type { NavCollection } from './nav-tree';

export interface Me {
  id: string;
  email: string;
  language: string | null;
  tfa_secret: string | null;
}

/** The signed-in user, shared by the shell and the pages (one request, however many read it). */
export function useMe() {
  return useQuery({
    queryKey: ['me'],
    queryFn: () => api<Me>('GET', '/users/me?fields=id,email,language,tfa_secret'),
    staleTime: 60_000,
  });
}

export type CollectionInfo = NavCollection & {
  meta?: (NonNullable<NavCollection['meta']> & { display_template?: string | null }) | null;
};

/** The content collections with their `meta` (system collections have pages of their own). */
export function useCollections(enabled = true) {
  return useQuery({
    queryKey: ['collections'],
    queryFn: async () =>
      (await api<CollectionInfo[]>('GET', '/collections')).filter((c) => !c.collection.startsWith('svc_')),
    enabled,
    staleTime: 60_000,
  });
}

/** The language names are shown in: the user's own, else the browser's. */
export function useLanguage(): string {
  return useMe().data?.language || navigator.language || 'en-US';
}

/** Collection names as people read them: a translation in the reader's language, else the key in title case. */
export function useCollectionName(): (collection: string) => string {
  const collections = useCollections();
  const language = useLanguage();
  return (collection) =>
    displayName(collection, collections.data?.find((c) => c.collection === collection)?.meta?.translations, language);
}

/** Field names as people read them, the same way as collection names. */
export function useFieldName(): (field: Field) => string {
  const language = useLanguage();
  return (field) => displayName(field.field, field.meta?.translations, language);
}
