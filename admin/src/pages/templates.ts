import { can, useAccess } from '../access';
import { templateFields } from '../display-template';
import { relationOf, useRelations } from '../relations';
import { useCollections } from '../shell/studio-data';

/**
 * The `display_template` of each many-to-one field's related collection, when it has one and the user may
 * read it: the table and the item page then name a related item as that collection says, not by its key.
 */
export function useTemplates(collection: string, fields: string[]): Map<string, string> {
  const relations = useRelations();
  const collections = useCollections();
  const access = useAccess();
  const templates = new Map<string, string>();
  for (const field of fields) {
    const relation = relationOf(relations.data ?? [], collection, field);
    if (relation?.kind !== 'm2o' || !can(access.data, relation.related, 'read')) continue;
    const template = collections.data?.find((c) => c.collection === relation.related)?.meta?.display_template;
    if (template && templateFields(template).length) templates.set(field, template);
  }
  return templates;
}
