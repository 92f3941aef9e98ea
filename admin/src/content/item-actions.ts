import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../api';
import { itemsPath, primaryKey, type Field } from './schema';

/** Create, save and delete one item; each refreshes the collection's cached lists. */
export function useItemActions(collection: string, id: string | null, fields: Field[]) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const base = itemsPath(collection);
  const listPath = `/content/${encodeURIComponent(collection)}`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['items', collection] });
  return {
    async create(body: Record<string, unknown>) {
      const created = await api<Record<string, unknown>>('POST', base, body);
      await refresh();
      navigate(`${listPath}/${encodeURIComponent(String(created.data[primaryKey(fields)] ?? ''))}`, { replace: true });
    },
    async update(body: Record<string, unknown>) {
      await api('PATCH', `${base}/${encodeURIComponent(String(id))}`, body);
      await refresh();
    },
    async remove() {
      await api('DELETE', `${base}/${encodeURIComponent(String(id))}`);
      await refresh();
      navigate(listPath, { replace: true });
    },
  };
}
