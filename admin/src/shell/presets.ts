import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useRef } from 'react';
import { notifyFailed } from './notify';
import { api } from '../api';

/** A row of `/presets` as the Studio reads and writes it (`bookmark` null is the collection's default layout). */
export interface Preset {
  id?: number;
  bookmark: string | null;
  collection: string;
  user?: string | null;
  search?: string | null;
  layout?: string | null;
  layout_query?: { tabular?: { fields?: unknown; sort?: unknown; archive?: unknown } } | null;
  layout_options?: { tabular?: { widths?: unknown } } | null;
  filter?: Record<string, unknown> | null;
}

const FIELDS = 'id,bookmark,collection,user,search,layout,layout_query,layout_options,filter';

const myId = {
  queryKey: ['me-id'],
  queryFn: async () => (await api<{ id: string }>('GET', '/users/me?fields=id')).id,
  staleTime: Infinity,
};

/** The user's own presets, every collection's: the default layouts and the bookmarks the navigation lists. */
export function usePresets() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['presets'],
    queryFn: async () => {
      // Presets are written as the user's own (the API refuses anyone else's), and only those are read back.
      const filter = JSON.stringify({ user: { _eq: await queryClient.ensureQueryData(myId) } });
      return api<Preset[]>(
        'GET',
        `/presets?fields=${FIELDS}&sort=bookmark,id&limit=-1&filter=${encodeURIComponent(filter)}`,
      );
    },
  });
}

/** A collection's default layout (its preset without a bookmark). */
export function defaultPreset(presets: Preset[], collection: string): Preset | undefined {
  return presets.find((p) => p.collection === collection && p.bookmark === null);
}

/** Creates or changes one of the user's presets, then reads them all again (the navigation lists bookmarks). */
export function useSavePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...preset }: Partial<Preset>) =>
      id === undefined
        ? api<Preset>('POST', `/presets?fields=${FIELDS}`, { ...preset, user: await queryClient.ensureQueryData(myId) })
        : api<Preset>('PATCH', `/presets/${id}?fields=${FIELDS}`, preset),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['presets'] }),
  });
}

export function useDeletePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>('DELETE', `/presets/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['presets'] }),
  });
}

/**
 * Keeps a collection's layout as the user's default preset, one write after another: the first creates the
 * preset, and a change made while that request is out must update it rather than create a second one.
 */
export function useLayoutSaver(collection: string, existing: Preset | undefined) {
  const save = useSavePreset();
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const id = useRef(existing?.id);
  return (layout: Partial<Preset>) => {
    chain.current = chain.current
      .then(async () => {
        const saved = await save.mutateAsync({ ...layout, id: id.current, collection, bookmark: null });
        id.current = saved.id;
      })
      .catch((e: Error) => notifyFailed(i18next.t('grid:layoutNotSaved'), e.message));
  };
}
