import {
  defaultFieldResolver,
  getArgumentValues,
  getNullableType,
  getOperationAST,
  getVariableValues,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  OperationTypeNode,
  type DocumentNode,
  type ExecutionResult,
  type FieldNode,
  type GraphQLField,
  type GraphQLLeafType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/** A selected leaf of a row: a scalar or enum, or a list of them (CSV fields). */
interface Leaf {
  key: string;
  field: string;
  type: GraphQLLeafType;
  nonNull: boolean;
  list: { itemNonNull: boolean } | null;
}

/** A root query field answering a row or a list of rows, of which only leaves are selected. */
interface Root {
  key: string;
  node: FieldNode;
  def: GraphQLField<unknown, unknown>;
  nonNull: boolean;
  list: { itemNonNull: boolean } | null;
  leaves: Leaf[];
}

/** Why the general executor answers: anything this one does not complete exactly as graphql-js does. */
class NotFlat extends Error {}

/** One level of a type: whether it is non-null, and the type within. */
function unwrap(type: GraphQLOutputType): { nonNull: boolean; inner: GraphQLOutputType } {
  return { nonNull: isNonNullType(type), inner: getNullableType(type) };
}

/** A type as a value, or a list of values, of `accept`; null for anything else (lists of lists). */
function shapeOf<T>(
  type: GraphQLOutputType,
  accept: (t: GraphQLOutputType) => t is GraphQLOutputType & T,
): { nonNull: boolean; list: { itemNonNull: boolean } | null; type: T } | null {
  const outer = unwrap(type);
  if (accept(outer.inner)) return { nonNull: outer.nonNull, list: null, type: outer.inner };
  if (!isListType(outer.inner)) return null;
  const item = unwrap(outer.inner.ofType as GraphQLOutputType);
  return accept(item.inner) ? { nonNull: outer.nonNull, list: { itemNonNull: item.nonNull }, type: item.inner } : null;
}

/** Plain fields only: no fragment, directive, alias clash or introspection field (`__typename`). */
function plainFields(set: SelectionSetNode): FieldNode[] | null {
  const keys = new Set<string>();
  for (const s of set.selections) {
    if (s.kind !== Kind.FIELD || s.directives?.length || s.name.value.startsWith('__')) return null;
    const key = s.alias?.value ?? s.name.value;
    if (keys.has(key)) return null;
    keys.add(key);
  }
  return set.selections as FieldNode[];
}

function leavesOf(object: GraphQLObjectType, set: SelectionSetNode | undefined): Leaf[] | null {
  const nodes = set && !object.isTypeOf ? plainFields(set) : null;
  if (!nodes) return null;
  const fields = object.getFields();
  const leaves: Leaf[] = [];
  for (const node of nodes) {
    const def = fields[node.name.value];
    const shape = def && !def.resolve && !node.arguments?.length && shapeOf(def.type, isLeafType);
    if (!shape || node.selectionSet) return null;
    leaves.push({ key: node.alias?.value ?? node.name.value, field: node.name.value, ...shape });
  }
  return leaves;
}

/** Plans by document (a cached valid document is one object per text and schema) and operation name. */
const plans = new WeakMap<DocumentNode, Map<string, FlatQuery | null>>();

export interface FlatQuery {
  operation: OperationDefinitionNode;
  roots: Root[];
}

/** The flat plan of `document`'s operation, worked out once per document. */
export function flatQueryOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
): FlatQuery | null {
  let byName = plans.get(document);
  if (!byName) plans.set(document, (byName = new Map<string, FlatQuery | null>()));
  const key = operationName ?? '';
  let plan = byName.get(key);
  if (plan === undefined) {
    const operation = getOperationAST(document, operationName);
    // Not remembered: names a client makes up would grow the map without bound.
    if (!operation) return null;
    const roots = flatPlan(schema, document, operation);
    plan = roots ? { operation, roots } : null;
    byName.set(key, plan);
  }
  return plan;
}

/**
 * The plan of a query whose root fields answer rows of which only leaves are selected (the common
 * list or item read), or null for any other document, which graphql-js executes.
 */
function flatPlan(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): Root[] | null {
  const query = schema.getQueryType();
  if (!query || operation.operation !== OperationTypeNode.QUERY || document.definitions.length !== 1) return null;
  if (operation.directives?.length) return null;
  const nodes = plainFields(operation.selectionSet);
  if (!nodes) return null;
  const roots: Root[] = [];
  for (const node of nodes) {
    const def = query.getFields()[node.name.value];
    const shape = def && shapeOf(def.type, isObjectType);
    const leaves = shape && leavesOf(shape.type, node.selectionSet);
    if (!shape || !leaves) return null;
    roots.push({
      key: node.alias?.value ?? node.name.value,
      node,
      def,
      nonNull: shape.nonNull,
      list: shape.list,
      leaves,
    });
  }
  return roots;
}

/** A value as graphql-js completes it, or NotFlat where it would report an error instead. */
function completeLeaf(value: unknown, type: GraphQLLeafType, nonNull: boolean): unknown {
  if (value === null || value === undefined) {
    if (nonNull) throw new NotFlat();
    return null;
  }
  const serialized = type.serialize(value);
  if (serialized === undefined || serialized === null) throw new NotFlat();
  return serialized;
}

function completeList<T>(value: unknown, itemNonNull: boolean, item: (v: unknown) => T): T[] {
  if (!Array.isArray(value)) throw new NotFlat();
  return value.map((v) => (v === null || v === undefined ? (itemNonNull ? notFlat() : null) : item(v))) as T[];
}

function notFlat(): never {
  throw new NotFlat();
}

function completeRow(row: unknown, leaves: Leaf[]): Record<string, unknown> {
  if (typeof row !== 'object' || row === null) throw new NotFlat();
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const leaf of leaves) {
    const value = (row as Record<string, unknown>)[leaf.field];
    if (typeof value === 'function') throw new NotFlat();
    out[leaf.key] =
      leaf.list && value !== null && value !== undefined
        ? completeList(value, leaf.list.itemNonNull, (v) => completeLeaf(v, leaf.type, true))
        : completeLeaf(value, leaf.type, leaf.nonNull);
  }
  return out;
}

function completeRoot(root: Root, value: unknown): unknown {
  if (value === null || value === undefined) return root.nonNull ? notFlat() : null;
  if (!root.list) return completeRow(value, root.leaves);
  return completeList(value, root.list.itemNonNull, (row) => completeRow(row, root.leaves));
}

/**
 * Executes a flat plan as graphql-js would (same resolvers, arguments, info and serializers), without
 * its per-field work for every row: null where anything would differ (a variable or argument error, a
 * resolver's error, a null in a non-null place, a serializer refusing a value), and graphql-js then
 * runs the document, reads being free of side effects.
 */
export async function executeFlat(
  schema: GraphQLSchema,
  { operation, roots }: FlatQuery,
  variables: Record<string, unknown> | null | undefined,
  contextValue: unknown,
): Promise<ExecutionResult | null> {
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
  if (coerced.errors) return null;
  const parentType = schema.getQueryType()!;
  try {
    const values = await Promise.all(
      roots.map((root) => {
        const args = getArgumentValues(root.def, root.node, coerced.coerced);
        const info: GraphQLResolveInfo = {
          fieldName: root.def.name,
          fieldNodes: [root.node],
          returnType: root.def.type,
          parentType,
          path: { prev: undefined, key: root.key, typename: parentType.name },
          schema,
          fragments: {},
          rootValue: undefined,
          operation,
          variableValues: coerced.coerced,
        };
        return (root.def.resolve ?? defaultFieldResolver)(undefined, args, contextValue, info);
      }),
    );
    const data: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    roots.forEach((root, i) => (data[root.key] = completeRoot(root, values[i])));
    return { data };
  } catch {
    return null;
  }
}
