import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiData, ApiDoc } from '../../common/openapi/operation';
import { ApiAuth } from '../../common/openapi/security';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { SchemaOverviewService } from '../schema/schema-overview.service';
import { CollectionAccess, collectionAccess } from './lib/collection-access';
import { PermissionsService } from './permissions.service';

/** The caller's own access per collection: what an app needs to offer only the actions it may take. */
@ApiTags('Permissions')
@Controller('permissions')
export class PermissionsMeController {
  constructor(
    private readonly permissions: PermissionsService,
    private readonly overviews: SchemaOverviewService,
  ) {}

  @Get('me')
  @ApiDoc({
    id: 'readUserPermissions',
    summary: 'Read your own access',
    description: "The caller's access per collection and action (none, partial with a row filter, full), with the fields and presets: what an app needs to offer only the actions it may take.",
  })
  @ApiAuth({ anonymous: true })
  @ApiData(
    { type: 'object', additionalProperties: { type: 'object', additionalProperties: { type: 'object', properties: { access: { type: 'string', enum: ['none', 'partial', 'full'] }, fields: { type: 'array', items: { type: 'string' } }, presets: { type: 'object' } } } } },
    '`{ data: { <collection>: { create|read|update|delete|share: { access, fields?, presets? } } } }`',
  )
  async me(@Acc() acc: Accountability): Promise<{ data: CollectionAccess }> {
    const rules = await this.permissions.rules(acc);
    return { data: collectionAccess(acc.admin, rules, this.overviews.current.collections.keys()) };
  }
}
