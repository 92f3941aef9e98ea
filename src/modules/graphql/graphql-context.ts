import type { Request, Response } from 'express';
import type { Accountability } from '../../common/accountability';

/** What the item resolvers of /graphql need: who asks. Over WebSocket there is no HTTP request. */
export interface ItemsContext {
  acc: Accountability;
}

/**
 * What every resolver receives over HTTP, of /graphql and /graphql/system alike. Each
 * `resolvers/<module>.resolvers.ts` exports a function that takes that module's services and returns a
 * `GraphQLFieldConfigMap<unknown, GraphqlContext>` of mutations named `<module>_<verb>`;
 * `system-schema.ts` merges them into one schema. `items/` generates the collections' schema.
 */
export interface GraphqlContext extends ItemsContext {
  req: Request;
  res: Response;
}
