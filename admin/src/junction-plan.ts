type Body = Record<string, unknown>;

export interface JunctionInput {
  /** The collection that gets the list field. */
  collection: string;
  field: string;
  junction: string;
  /** The type of the collection's primary key, which the junction's key back to it takes. */
  keyType: string;
  onDelete: string;
  sorted: boolean;
}

/** What the Studio sends, in order: the list field, the junction collection with its fields, then the relations. */
export interface JunctionPlan {
  alias: Body;
  junction: Body;
  relations: Body[];
}

/** The junction's field naming `collection`'s items: `<collection>_id`, or `<collection>_related_id` when that name is taken. */
function keyName(collection: string, taken: string): string {
  const name = `${collection}_id`;
  return name === taken ? `${collection}_related_id` : name;
}

function junctionBody(input: JunctionInput, fields: Body[]): Body {
  const sort = input.sorted ? [{ field: 'sort', type: 'integer', schema: { is_nullable: true } }] : [];
  return { collection: input.junction, meta: { hidden: true }, fields: [...fields, ...sort] };
}

/**
 * The junction of a list field's rows points back at the item; removing a row from the list deletes the
 * junction row (a row pointing at nothing would only be clutter).
 */
function parentRelation(input: JunctionInput, parentKey: string, junctionField: string): Body {
  return {
    collection: input.junction,
    field: parentKey,
    related_collection: input.collection,
    meta: {
      one_field: input.field,
      junction_field: junctionField,
      sort_field: input.sorted ? 'sort' : null,
      one_deselect_action: 'delete',
    },
    schema: { on_delete: input.onDelete },
  };
}

/** A many-to-many from `collection.field` to `related` through a new junction collection. */
export function manyToManyPlan(input: JunctionInput, related: string, relatedKeyType: string): JunctionPlan {
  const parentKey = keyName(input.collection, '');
  const relatedKey = keyName(related, parentKey);
  const nullable = { is_nullable: true };
  return {
    alias: { field: input.field, type: 'alias', meta: { special: ['m2m'], interface: 'list-m2m' } },
    junction: junctionBody(input, [
      { field: parentKey, type: input.keyType, schema: nullable },
      { field: relatedKey, type: relatedKeyType, schema: nullable },
    ]),
    relations: [
      {
        collection: input.junction,
        field: relatedKey,
        related_collection: related,
        meta: { one_field: null, junction_field: parentKey },
        schema: { on_delete: 'CASCADE' },
      },
      parentRelation(input, parentKey, relatedKey),
    ],
  };
}

/** A many-to-any from `collection.field` to items of any of `allowed`, through a junction holding `item` and `collection`. */
export function manyToAnyPlan(input: JunctionInput, allowed: string[]): JunctionPlan {
  const parentKey = keyName(input.collection, '');
  const text = { type: 'string', schema: { is_nullable: true } };
  return {
    alias: { field: input.field, type: 'alias', meta: { special: ['m2a'], interface: 'list-m2a' } },
    junction: junctionBody(input, [
      { field: parentKey, type: input.keyType, schema: { is_nullable: true } },
      { field: 'item', ...text },
      { field: 'collection', ...text },
    ]),
    relations: [
      {
        collection: input.junction,
        field: 'item',
        related_collection: null,
        meta: { one_allowed_collections: allowed, one_collection_field: 'collection', junction_field: parentKey },
      },
      parentRelation(input, parentKey, 'item'),
    ],
  };
}
