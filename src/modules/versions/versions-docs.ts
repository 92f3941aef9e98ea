import { applyDecorators } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { ApiErrors } from '../../common/openapi/error-responses';
import { itemsRouteDocs } from '../../common/openapi/items-route-docs';
import { ApiData, ApiDoc, ApiJsonBody, type OperationDoc } from '../../common/openapi/operation';
import { object, ref } from '../../common/openapi/schema-shorthand';
import { ApiAuth } from '../../common/openapi/security';
import { PromoteVersionDto } from './dto/promote-version.dto';

const ID = ApiParam({ name: 'id', description: 'The content version’s id.' });
const route = (doc: OperationDoc, ...rest: MethodDecorator[]) =>
  applyDecorators(ApiDoc(doc), ApiAuth({ anonymous: true }), ID, ApiErrors(403), ...rest);

/** The docs of /versions (content versions, API.md 5.7), one decorator per route. */
export const VERSIONS_DOCS = {
  ...itemsRouteDocs({ many: 'ContentVersions', one: 'ContentVersion', schema: 'Version', auth: { anonymous: true } }),
  save: () =>
    route(
      {
        id: 'saveToContentVersion',
        summary: 'Save changes into a version',
        description:
          'Merges changed fields of the item into the version (the main item stays); answers the main item with the version’s changes applied.',
      },
      ApiJsonBody(ref('Item'), 'The changed fields of the item (relational payloads allowed).'),
      ApiData('Item', '`{ data: item }`: the main item with the delta applied.'),
    ),
  compare: () =>
    route(
      {
        id: 'compareContentVersion',
        summary: 'Compare a version with the main item',
        description:
          'Whether the main item changed since the version was made, its hash for promoting, and both sides.',
      },
      ApiData(
        object({ outdated: 'boolean', mainHash: 'string', current: ref('Item'), main: ref('Item') }),
        '`{ data: { outdated, mainHash, current, main } }`',
      ),
    ),
  promote: () =>
    route(
      {
        id: 'promoteContentVersion',
        summary: 'Promote a version to the main item',
        description:
          'Writes the version’s changes (or the named `fields` of them) to the main item. `mainHash` must be the one of `compare`: 422 VERSION_HASH_MISMATCH when the main item changed since; 422 when there is nothing to promote.',
      },
      ApiJsonBody(PromoteVersionDto, 'The hash of the main item from `compare`, and optionally the fields to promote.'),
      ApiErrors(422),
      ApiData(ref('PrimaryKey'), '`{ data: "<primary key of the main item>" }`'),
    ),
};
