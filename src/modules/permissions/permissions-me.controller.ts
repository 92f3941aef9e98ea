import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { SchemaOverviewService } from '../schema/schema-overview.service';
import { CollectionAccess, collectionAccess } from './lib/collection-access';
import { PermissionsService } from './permissions.service';

/** The caller's own access per collection: what an app needs to offer only the actions it may take. */
@ApiTags('permissions')
@ApiBearerAuth()
@Controller('permissions')
export class PermissionsMeController {
  constructor(
    private readonly permissions: PermissionsService,
    private readonly overviews: SchemaOverviewService,
  ) {}

  @Get('me')
  @ApiOperation({ summary: "The caller's access per collection and action (none, partial with a row filter, full), with the fields and presets" })
  @ApiOkResponse({ description: '`{ data: { <collection>: { create|read|update|delete|share: { access, fields?, presets? } } } }`' })
  async me(@Acc() acc: Accountability): Promise<{ data: CollectionAccess }> {
    const rules = await this.permissions.rules(acc);
    return { data: collectionAccess(acc.admin, rules, this.overviews.current.collections.keys()) };
  }
}
