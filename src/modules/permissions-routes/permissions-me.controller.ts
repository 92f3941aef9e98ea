import { applyDecorators, Controller, Get, Param } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/openapi/error-responses';
import { ApiData, ApiDoc } from '../../common/openapi/operation';
import { object } from '../../common/openapi/schema-shorthand';
import { ApiAuth } from '../../common/openapi/security';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { SchemaOverviewService } from '../schema/schema-overview.service';
import { ItemPermissionsService } from './item-permissions.service';
import { CollectionAccess, collectionAccess } from './lib/collection-access';
import type { ItemPermissions } from './lib/item-permissions';
import { PermissionsService } from '../permissions/permissions.service';

const ENTRY = object({ access: 'boolean', fields: 'strings', presets: { type: 'object' } });

/** The answer of the item routes, shared by the item's and the singleton's. */
const ItemPermissionsDocs = () =>
  applyDecorators(
    ApiAuth(),
    ApiErrors(403),
    ApiParam({ name: 'collection', description: 'The collection’s name, e.g. `articles`.' }),
    ApiData(
      object({ update: ENTRY, delete: ENTRY, share: ENTRY }),
      '`{ data: { update, delete, share: { access } } }`; a singleton’s `update` also has its `fields` and `presets`',
    ),
  );

/** The caller's own access per collection: what an app needs to offer only the actions it may take. */
@ApiTags('Permissions')
@Controller('permissions')
export class PermissionsMeController {
  constructor(
    private readonly permissions: PermissionsService,
    private readonly overviews: SchemaOverviewService,
    private readonly items: ItemPermissionsService,
  ) {}

  @Get('me')
  @ApiDoc({
    id: 'readUserPermissions',
    summary: 'Read your own access',
    description:
      "The caller's access per collection and action (none, partial with a row filter, full), with the fields and presets: what an app needs to offer only the actions it may take.",
  })
  @ApiAuth({ anonymous: true })
  @ApiData(
    {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: {
          type: 'object',
          properties: {
            access: { type: 'string', enum: ['none', 'partial', 'full'] },
            fields: { type: 'array', items: { type: 'string' } },
            presets: { type: 'object' },
          },
        },
      },
    },
    '`{ data: { <collection>: { create|read|update|delete|share: { access, fields?, presets? } } } }`',
  )
  async me(@Acc() acc: Accountability): Promise<{ data: CollectionAccess }> {
    const rules = await this.permissions.rules(acc);
    return { data: collectionAccess(acc.admin, rules, this.overviews.current.collections.keys()) };
  }

  @Get('me/:collection')
  @ApiDoc({
    id: 'readCollectionItemPermissions',
    summary: 'Read your own access to a collection’s items, or a singleton',
    description:
      'Whether the caller may update, delete and share items of the collection (a singleton: its one item, with the fields and presets of its update rule). 403 for anonymous callers.',
  })
  @ItemPermissionsDocs()
  async collection(
    @Acc() acc: Accountability,
    @Param('collection') collection: string,
  ): Promise<{ data: ItemPermissions }> {
    return { data: await this.items.of(acc, collection) };
  }

  @Get('me/:collection/:key')
  @ApiDoc({
    id: 'readItemPermissions',
    summary: 'Read your own access to one item',
    description:
      'Whether the caller may update, delete and share this item now: a rule for the action whose row filter the item passes. 403 for anonymous callers.',
  })
  @ItemPermissionsDocs()
  @ApiParam({ name: 'key', description: 'The item’s primary key.' })
  async item(
    @Acc() acc: Accountability,
    @Param('collection') collection: string,
    @Param('key') key: string,
  ): Promise<{ data: ItemPermissions }> {
    return { data: await this.items.of(acc, collection, key) };
  }
}
