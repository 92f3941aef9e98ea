import type { DocumentNode, GraphQLSchema } from 'graphql';

/**
 * Documents that parsed and validated against a schema, by their text. Clients send the same few
 * documents over and over, and parsing and validating one (the standard rules walk it several times)
 * cost a list of 100 items more than running it. Bounded: short texts only, the least recently used
 * dropped past the capacity; a schema rebuilt (new fields, other permissions) starts empty.
 */
export class ValidDocuments {
  private readonly bySchema = new WeakMap<GraphQLSchema, Map<string, DocumentNode>>();

  constructor(
    private readonly capacity: number,
    private readonly maxLength: number,
  ) {}

  get(schema: GraphQLSchema, query: string): DocumentNode | undefined {
    const documents = this.bySchema.get(schema);
    const document = documents?.get(query);
    if (document) {
      documents!.delete(query);
      documents!.set(query, document);
    }
    return document;
  }

  remember(schema: GraphQLSchema, query: string, document: DocumentNode): void {
    if (query.length > this.maxLength) return;
    let documents = this.bySchema.get(schema);
    if (!documents) this.bySchema.set(schema, (documents = new Map<string, DocumentNode>()));
    documents.set(query, document);
    if (documents.size > this.capacity) documents.delete(documents.keys().next().value!);
  }
}
