import type { Request, Response } from 'express';
import type { Accountability } from '../../common/accountability';

/**
 * What every resolver receives, of /graphql and /graphql/system alike. Each
 * `resolvers/<module>.resolvers.ts` exports a function that takes that module's services and returns a
 * `GraphQLFieldConfigMap<unknown, GraphqlContext>` of mutations named `<module>_<verb>`;
 * `system-schema.ts` merges them into one schema. `items/` generates the collections' schema.
 */
export interface GraphqlContext {
  acc: Accountability;
  req: Request;
  res: Response;
}
