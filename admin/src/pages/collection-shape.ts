import { jsonText } from '../format';
import { useQuery } from '@tanstack/react-query';
import { renderTemplate, templateFields } from '../display-template';
import { useCollections } from '../shell/studio-data';
import { fetchFields, Field, primaryKey } from '../fields';

export type Item = Record<string, unknown>;

/** The field that names an item best: its first text field, else its key. */
function labelField(fields: Field[]): string {
  return (
    fields.find((f) => (f.type === 'string' || f.type === 'text') && !f.schema?.is_primary_key)?.field ??
    primaryKey(fields)
  );
}

/** How items of a collection are named: by its `display_template` when it has one, else by its first text field. */
export function useCollectionShape(collection: string) {
  const fields = useQuery({
    queryKey: ['fields', collection],
    queryFn: () => fetchFields(collection),
    enabled: collection !== '',
  });
  const template = useCollections().data?.find((c) => c.collection === collection)?.meta?.display_template ?? '';
  const list = fields.data ?? [];
  const pk = primaryKey(list);
  const label = labelField(list);
  const templated = templateFields(template);
  const name = (item: Item | undefined) =>
    (templated.length ? renderTemplate(template, item) : jsonText(item?.[label] ?? '')) || jsonText(item?.[pk] ?? '');
  const paths = [...new Set([pk, ...(templated.length ? templated : [label])])];
  return { ready: fields.isSuccess, fieldList: list, pk, paths, fields: paths.join(','), name };
}

export type CollectionShape = ReturnType<typeof useCollectionShape>;
