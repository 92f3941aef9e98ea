import { Body, Controller, Get, Patch, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/openapi/error-responses';
import { ApiData, ApiDoc, ApiJsonBody, ApiWritten } from '../../common/openapi/operation';
import { ApiQueryParams, ONE_QUERY, WRITE_QUERY } from '../../common/openapi/query-parameters';
import { ApiAuth } from '../../common/openapi/security';
import type { Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { AdminOnly } from '../../common/decorators/admin-only.decorator';
import { ListQuery } from '../../common/decorators/list-query.decorator';
import { ForbiddenError } from '../../common/errors/errors';
import type { Query } from '../../common/query/query.types';
import { ItemsFactory } from '../items/items.factory';
import { ItemsHttp } from '../items/items-http';
import { checkSettingsInput } from './check-settings';

/** API.md 12: the settings singleton, read by any authenticated user, changed by admins. */
@ApiTags('Settings')
@Controller('settings')
export class SettingsController {
  constructor(
    private readonly items: ItemsFactory,
    private readonly http: ItemsHttp,
  ) {}

  @Get()
  @ApiDoc({
    id: 'readSettings',
    summary: 'Read the settings',
    description:
      'The project settings, for every signed-in user whatever their permissions; 403 for anonymous callers.',
  })
  @ApiAuth()
  @ApiQueryParams(...ONE_QUERY)
  @ApiErrors(400, 403)
  @ApiData('Settings', '`{ data: settings }`')
  async read(@ListQuery() query: Query, @Acc() acc: Accountability) {
    if (!acc.user) throw new ForbiddenError();
    // Every signed-in user reads the settings whatever their permissions on svc_settings.
    return { data: await this.items.for('svc_settings', null).readSingleton(query) };
  }

  @Patch()
  @AdminOnly()
  @ApiDoc({
    id: 'updateSettings',
    summary: 'Update the settings',
    description: 'Changes the given settings. Administrators only.',
  })
  @ApiQueryParams(...WRITE_QUERY)
  @ApiJsonBody('Settings', 'The settings to change.')
  @ApiWritten('Settings', { one: true })
  update(
    @Body() body: unknown,
    @ListQuery() query: Query,
    @Acc() acc: Accountability,
    @Res({ passthrough: true }) res: Response,
  ) {
    checkSettingsInput(body);
    return this.http.update(this.items.for('svc_settings', acc), res, body, query);
  }
}
