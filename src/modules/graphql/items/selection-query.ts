import {
  getNamedType,
  GraphQLObjectType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLResolveInfo,
  type GraphQLUnionType,
  type SelectionSetNode,
} from 'graphql';
import { getArgumentValues } from 'graphql/execution/values';
import { anyUnionOf, AnyUnionExtensions } from './any-union';
import { isFunctionType, jsonCall, JsonFunctions, restFilter } from './function-types';

/** `deep` of the REST query: a relation's own arguments, keyed by relational field (API.md 1.6). */
type Deep = Record<string, Record<string, unknown>>;

const DEEP_ARGS: Record<string, string> = {
  filter: '_filter',
  sort: '_sort',
  limit: '_limit',
  offset: '_offset',
  page: '_page',
  search: '_search',
};

/** The field nodes of a selection set, fragments and inline fragments spread in place. */
export function fieldNodes(
  set: SelectionSetNode | undefined,
  fragments: Record<string, FragmentDefinitionNode>,
): FieldNode[] {
  const out: FieldNode[] = [];
  for (const selection of set?.selections ?? []) {
    if (selection.kind === Kind.FIELD) out.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) out.push(...fieldNodes(selection.selectionSet, fragments));
    else out.push(...fieldNodes(fragments[selection.name.value]?.selectionSet, fragments));
  }
  return out;
}

/**
 * Turns what a query selects into the REST query's `fields` (dot paths into relations) and `deep`
 * (the arguments given on relational fields), so one read of the items engine answers the whole
 * selection, with the same field permissions as REST.
 */
export function selectionToQuery(
  type: GraphQLObjectType,
  set: SelectionSetNode | undefined,
  info: Pick<GraphQLResolveInfo, 'fragments' | 'variableValues'>,
) {
  const fields: string[] = [];
  const deep: Deep = {};
  walk(type, set, info, '', fields, deep);
  return { fields, ...(Object.keys(deep).length > 0 ? { deep } : {}) };
}

function walk(
  type: GraphQLObjectType,
  set: SelectionSetNode | undefined,
  info: Pick<GraphQLResolveInfo, 'fragments' | 'variableValues'>,
  prefix: string,
  fields: string[],
  deep: Deep,
) {
  const defs = type.getFields();
  for (const node of fieldNodes(set, info.fragments)) {
    const name = node.name.value;
    const def = defs[name];
    if (!def) continue;
    const target = getNamedType(def.type);
    const any = anyUnionOf(target);
    if (any) {
      walkUnion(target as GraphQLUnionType, any, node, info, prefix, fields);
      continue;
    }
    if (isFunctionType(target)) {
      const field = name.slice(0, -'_func'.length);
      for (const fn of fieldNodes(node.selectionSet, info.fragments)) {
        if (fn.name.value === '__typename') continue;
        if (target !== JsonFunctions) fields.push(`${prefix}${fn.name.value}(${field})`);
        else
          fields.push(
            prefix +
              jsonCall(
                field,
                getArgumentValues(
                  JsonFunctions.getFields().json as GraphQLField<unknown, unknown>,
                  fn,
                  info.variableValues,
                ).path as string,
              ),
          );
      }
      continue;
    }
    if (!(target instanceof GraphQLObjectType)) {
      if (!fields.includes(prefix + name)) fields.push(prefix + name);
      continue;
    }
    const args = getArgumentValues(def, node, info.variableValues);
    const nested: Deep = (deep[name] as Deep | undefined) ?? {};
    for (const [arg, value] of Object.entries(args)) {
      if (value !== undefined && value !== null)
        nested[DEEP_ARGS[arg]] = (
          arg === 'filter' ? restFilter(value, def.args.find((a) => a.name === 'filter')?.type) : value
        ) as Record<string, unknown>;
    }
    walk(target, node.selectionSet, info, `${prefix}${name}.`, fields, nested);
    if (Object.keys(nested).length > 0) deep[name] = nested;
  }
}

type Info = Pick<GraphQLResolveInfo, 'fragments' | 'variableValues'>;

/** The selections of `set` that apply to the union member `member` (`... on circles { }`, named fragments on it). */
function memberSelection(
  set: SelectionSetNode | undefined,
  member: string,
  fragments: Info['fragments'],
): SelectionSetNode {
  const selections: SelectionSetNode['selections'][number][] = [];
  for (const selection of set?.selections ?? []) {
    if (selection.kind === Kind.INLINE_FRAGMENT && selection.typeCondition?.name.value === member)
      selections.push(...selection.selectionSet.selections);
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = fragments[selection.name.value];
      if (fragment?.typeCondition.name.value === member) selections.push(...fragment.selectionSet.selections);
    }
  }
  return { kind: Kind.SELECTION_SET, selections };
}

/**
 * A many-to-any `item` (a union): each member read as `item:<collection>`, its key always (so every
 * item is an object of its type) and what its fragment selects; the junction's collection field tells
 * the members apart.
 */
function walkUnion(
  union: GraphQLUnionType,
  any: AnyUnionExtensions,
  node: FieldNode,
  info: Info,
  prefix: string,
  fields: string[],
) {
  const push = (path: string) => fields.includes(path) || fields.push(path);
  push(prefix + any.collectionField);
  for (const member of union.getTypes()) {
    const path = `${prefix}${node.name.value}:${member.name}.`;
    const key = any.keys[member.name];
    if (member.getFields()[key]) push(path + key);
    walk(member, memberSelection(node.selectionSet, member.name, info.fragments), info, path, fields, {});
  }
}
