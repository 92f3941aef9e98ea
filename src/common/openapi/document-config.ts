import { DocumentBuilder, type OpenAPIObject } from '@nestjs/swagger';
import type { AppConfig } from '../../config/app-config';
import { errorResponses } from './error-responses';
import { QUERY_PARAMETERS } from './query-parameters';
import { REQUEST_BODIES } from './request-bodies';
import { resourceSchemas } from './resource-schemas';
import { securitySchemes } from './security';
import { API_TAGS } from './tags';

const DESCRIPTION =
  'Headless content platform: the REST API. Sign in with `POST /auth/login`, then Authorize with the `access_token`. ' +
  'Reads of items share one set of query parameters (`fields`, `filter`, `sort`, `limit`, ...); every error has the `Error` body. ' +
  'The GraphQL endpoints are `POST /graphql` (items) and `POST /graphql/system`.';

/** Everything of the document besides the operations: info, servers, tags, security schemes, shared components. */
export function openApiConfig(config: AppConfig): Omit<OpenAPIObject, 'paths'> {
  const builder = new DocumentBuilder()
    .setOpenAPIVersion('3.0.3')
    .setTitle('Vellum')
    .setDescription(DESCRIPTION)
    .setVersion(config.version)
    .setLicense('MIT', 'https://opensource.org/licenses/MIT')
    .addServer(config.publicUrl, 'This instance (PUBLIC_URL)');
  for (const tag of API_TAGS) builder.addTag(tag.name, tag.description);
  for (const [name, scheme] of Object.entries(securitySchemes(config.auth.sessionCookie.name)))
    builder.addSecurity(name, scheme);
  const document = builder.build();
  document.components = {
    ...document.components,
    schemas: resourceSchemas(),
    parameters: QUERY_PARAMETERS,
    responses: errorResponses(),
    requestBodies: REQUEST_BODIES,
  };
  return document;
}
