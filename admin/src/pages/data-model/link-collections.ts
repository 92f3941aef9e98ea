import { api } from '../../api';
import type { JunctionPlan } from '../../junction-plan';
import type { ModelField } from './FieldEditor';

const enc = encodeURIComponent;

export async function primaryKeyType(collection: string): Promise<string> {
  const fields = await api<ModelField[]>('GET', `/fields/${enc(collection)}`);
  return fields.find((f) => f.schema?.is_primary_key)?.type ?? 'integer';
}

/**
 * A many-to-one from `many.field` to `one`: the foreign key column (typed like the other side's key),
 * then the relation; when the relation is refused the new column goes again, so nothing half-made stays.
 */
export async function linkCollections(
  many: string,
  field: string,
  one: string,
  oneField: string | null,
  onDelete: string,
): Promise<void> {
  const type = await primaryKeyType(one);
  await api('POST', `/fields/${enc(many)}`, {
    field,
    type,
    meta: { special: ['m2o'], interface: 'select-dropdown-m2o' },
    schema: { is_nullable: true },
  });
  const relation = {
    collection: many,
    field,
    related_collection: one,
    meta: { one_field: oneField },
    schema: { on_delete: onDelete },
  };
  await api('POST', '/relations', relation).catch(async (e: unknown) => {
    await api('DELETE', `/fields/${enc(many)}/${enc(field)}`).catch(() => undefined);
    throw e;
  });
}

/**
 * A many-to-many or many-to-any: the list field, the junction collection, then its relations. When a step
 * is refused, what the earlier steps made goes again (the junction with its relations, then the list field).
 */
export async function createJunction(collection: string, plan: JunctionPlan): Promise<void> {
  await api('POST', `/fields/${enc(collection)}`, plan.alias);
  const junction = String(plan.junction.collection);
  let madeJunction = false;
  try {
    await api('POST', '/collections', plan.junction);
    madeJunction = true;
    for (const relation of plan.relations) await api('POST', '/relations', relation);
  } catch (e) {
    if (madeJunction) await api('DELETE', `/collections/${enc(junction)}`).catch(() => undefined);
    await api('DELETE', `/fields/${enc(collection)}/${enc(String(plan.alias.field))}`).catch(() => undefined);
    throw e;
  }
}
