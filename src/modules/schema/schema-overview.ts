import type {
  CollectionOverview,
  FieldOverview,
  ReferencingKeys,
  RelationLink,
  RelationOverview,
} from './schema.types';

/**
 * The one in-memory model of collections, fields and relations (ARCHITECTURE: schema overview). Built
 * at start and after every schema change; never mutated, so a request keeps a consistent view even if
 * the schema changes while it runs.
 */
export class SchemaOverview {
  private readonly links = new Map<string, RelationLink>();
  /** Many-to-any `item` fields: their relation, by `collection.field`. */
  private readonly anyLinks = new Map<string, RelationOverview>();

  constructor(
    readonly collections: ReadonlyMap<string, CollectionOverview>,
    readonly relations: readonly RelationOverview[],
    /** Increases with every rebuild; lets caches keyed on the schema notice a change. */
    readonly version: number,
    /** What the database's foreign keys do to rows when a referenced row is deleted or updated. */
    readonly referencing: ReferencingKeys = new Map(),
  ) {
    const sharing = sharedJunctions(relations);
    for (const relation of relations) {
      const meta = relation.meta;
      if (!relation.related_collection) {
        if (meta?.one_allowed_collections?.length && meta.one_collection_field)
          this.anyLinks.set(`${relation.collection}.${relation.field}`, relation);
        continue;
      }
      const related = collections.get(relation.related_collection);
      if (!related) continue;
      this.links.set(`${relation.collection}.${relation.field}`, {
        type: 'm2o',
        collection: relation.collection,
        field: relation.field,
        related: relation.related_collection,
        relatedField: related.primary,
        relation,
      });
      if (meta?.one_field) {
        this.links.set(`${relation.related_collection}.${meta.one_field}`, {
          type: 'o2m',
          collection: relation.related_collection,
          field: meta.one_field,
          related: relation.collection,
          relatedField: relation.field,
          relation,
          ...(sharing.has(relation) ? { junctionKey: meta.junction_field! } : {}),
        });
      }
    }
    Object.freeze(this);
  }

  has(collection: string): boolean {
    return this.collections.has(collection);
  }

  collection(name: string): CollectionOverview | undefined {
    return this.collections.get(name);
  }

  /** Whether the collection's `meta.status` is inactive: its items can't be read or written. */
  isInactive(collection: string): boolean {
    return this.collections.get(collection)?.meta?.status === 'inactive';
  }

  field(collection: string, field: string): FieldOverview | undefined {
    return this.collections.get(collection)?.fields[field];
  }

  /** The relation a field leads through, or null for a plain column. */
  relation(collection: string, field: string): RelationLink | null {
    return this.links.get(`${collection}.${field}`) ?? null;
  }

  /** Every relational field of a collection (m2o and o2m), in field order. */
  relationsOf(collection: string): RelationLink[] {
    const overview = this.collections.get(collection);
    if (!overview) return [];
    return Object.keys(overview.fields)
      .map((field) => this.relation(collection, field))
      .filter((link): link is RelationLink => link !== null);
  }

  /**
   * The many-to-one that `field:target` (`item:circles`) names on a many-to-any's `item` field, or null
   * when `field` is no such field or `target` is not one of its allowed collections.
   */
  anyToOne(collection: string, field: string, target: string): RelationLink | null {
    const relation = this.anyLinks.get(`${collection}.${field}`);
    const related = this.collections.get(target);
    if (!relation?.meta?.one_allowed_collections?.includes(target) || !related?.table) return null;
    return {
      type: 'm2o',
      collection,
      field,
      related: target,
      relatedField: related.primary,
      relation,
      collectionField: relation.meta.one_collection_field!,
    };
  }

  /** The many-to-ones a many-to-any's `item` field makes, one per allowed collection; empty for other fields. */
  anyTargets(collection: string, field: string): RelationLink[] {
    const allowed = this.anyLinks.get(`${collection}.${field}`)?.meta?.one_allowed_collections ?? [];
    return allowed
      .map((target) => this.anyToOne(collection, field, target))
      .filter((link): link is RelationLink => link !== null);
  }

  /** Whether `collection.field` is a many-to-any's `item` field. */
  isAnyToOne(collection: string, field: string): boolean {
    return this.anyLinks.has(`${collection}.${field}`);
  }

  relationEntry(collection: string, field: string): RelationOverview | undefined {
    return this.relations.find((r) => r.collection === collection && r.field === field);
  }
}

/**
 * The relations whose one-to-many shares its key with another one-to-many into the same collection (the
 * reference's svc_access: `policy` backs both a policy's `roles` and its `users`); each tells its rows apart
 * by its junction field being set, as the reference reads them.
 */
function sharedJunctions(relations: readonly RelationOverview[]): Set<RelationOverview> {
  const byKey = new Map<string, RelationOverview[]>();
  for (const relation of relations) {
    if (!relation.meta?.one_field || !relation.related_collection) continue;
    const key = `${relation.collection}.${relation.field}>${relation.related_collection}`;
    byKey.set(key, [...(byKey.get(key) ?? []), relation]);
  }
  const out = new Set<RelationOverview>();
  for (const group of byKey.values()) {
    if (group.length > 1) for (const relation of group) if (relation.meta?.junction_field) out.add(relation);
  }
  return out;
}
