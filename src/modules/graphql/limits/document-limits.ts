import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/** What one GraphQL document may ask for (GRAPHQL_*), checked before the standard rules and before any execution. */
export interface DocumentLimits {
  /** Levels of nested fields, fragments expanded. */
  maxDepth: number;
  /** Fields, fragment spreads and inline fragments, each fragment counted every time it is spread. */
  maxFields: number;
  /** Aliased fields, counted as `maxFields` counts fields: each runs its resolver again. */
  maxAliases: number;
  /** Fields whose resolver hashes with argon2 (marked `hashing` in their extensions). */
  maxHashingFields: number;
}

declare module 'graphql' {
  interface GraphQLFieldExtensions<_TSource, _TContext, _TArgs> {
    /** The resolver runs argon2 (a hash or a verification): costly by design, so few per document. */
    hashing?: boolean;
  }
}

/** The graphql-js validation rules that enforce `limits`. */
export function documentLimitRules(limits: DocumentLimits): ValidationRule[] {
  return [operationSizeRule(limits), hashingFieldsRule(limits.maxHashingFields)];
}

function operationSizeRule(limits: DocumentLimits): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      const problem = measure(context, node, limits);
      if (problem)
        context.reportError(new GraphQLError(`The ${node.name?.value ?? 'operation'} ${problem}`, { nodes: node }));
      return false;
    },
  });
}

/**
 * Walks the operation with its fragments expanded, stopping at the first limit passed, so the walk
 * itself costs at most `maxFields` steps however the fragments multiply.
 */
function measure(
  context: ValidationContext,
  operation: OperationDefinitionNode,
  limits: DocumentLimits,
): string | null {
  let fields = 0;
  let aliases = 0;
  const spreading = new Set<string>();
  const visit = (set: SelectionSetNode, depth: number): string | null => {
    for (const selection of set.selections) {
      if (++fields > limits.maxFields) return `selects more than ${limits.maxFields} fields and fragments`;
      let inner: SelectionSetNode | undefined;
      let innerDepth = depth;
      if (selection.kind === Kind.FIELD) {
        if (depth > limits.maxDepth) return `is nested deeper than ${limits.maxDepth} levels`;
        if (selection.alias && ++aliases > limits.maxAliases) return `has more than ${limits.maxAliases} aliases`;
        inner = selection.selectionSet;
        innerDepth = depth + 1;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        inner = selection.selectionSet;
      } else if (!spreading.has(selection.name.value)) {
        // A cycle is the standard rules' finding (NoFragmentCycles); here it only must not loop.
        inner = context.getFragment(selection.name.value)?.selectionSet;
      }
      if (!inner) continue;
      const name = selection.kind === Kind.FRAGMENT_SPREAD ? selection.name.value : null;
      if (name) spreading.add(name);
      const problem = visit(inner, innerDepth);
      if (name) spreading.delete(name);
      if (problem) return problem;
    }
    return null;
  };
  return visit(operation.selectionSet, 1);
}

function hashingFieldsRule(max: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    let count = 0;
    return {
      Field(node) {
        if (!context.getFieldDef()?.extensions?.hashing) return;
        if (++count === max + 1) {
          context.reportError(
            new GraphQLError(
              `A document may run at most ${max} password hashing field${max === 1 ? '' : 's'} (${node.name.value})`,
              { nodes: node },
            ),
          );
        }
      },
    };
  };
}
