import { Body, Controller, Delete, Get, Param, Patch, Req } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { ForbiddenError, InvalidPayloadError, RouteNotFoundError } from '../../common/errors/errors';
import { isPlainObject } from '../../common/is-plain-object';

/**
 * `/extensions` (API.md "Extensions"): Vellum loads no extensions, so it answers what the reference
 * platform answers when none is installed. Reading the list takes app access, as there; changing or
 * uninstalling one takes an administrator, and then names an extension that does not exist (403
 * FORBIDDEN). The marketplace routes (`/extensions/registry/...`) do not exist: Vellum installs nothing.
 */
@ApiTags('extensions')
@Controller('extensions')
export class ExtensionsController {
  @Get()
  @ApiOperation({ summary: 'Installed extensions: always `[]`' })
  @ApiOkResponse({ description: '`{ data: [] }`' })
  @ApiForbiddenResponse({ description: 'The caller has no app access (FORBIDDEN).' })
  list(@Acc() acc: Accountability) {
    if (!acc.admin && !acc.app) throw new ForbiddenError();
    return { data: [] };
  }

  @Get('sources/:chunk')
  @ApiOperation({ summary: 'Studio extension code: none, so 404 ROUTE_NOT_FOUND' })
  @ApiNotFoundResponse({ description: 'No app extension is installed (ROUTE_NOT_FOUND).' })
  source(@Req() req: Request): never {
    throw new RouteNotFoundError(req.path);
  }

  @Patch(':name')
  @ApiOperation({ summary: 'Configure an extension (`{ meta }`): none exists, so 403 FORBIDDEN' })
  @ApiForbiddenResponse({ description: 'Not an administrator, or no such extension (FORBIDDEN).' })
  update(@Param('name') _name: string, @Body() body: unknown, @Acc() acc: Accountability): never {
    return refuseUpdate(body, acc);
  }

  @Patch(':bundle/:name')
  @ApiOperation({ summary: 'Configure an extension of a bundle (`{ meta }`): none exists, so 403 FORBIDDEN' })
  @ApiForbiddenResponse({ description: 'Not an administrator, or no such extension (FORBIDDEN).' })
  updateInBundle(@Param('bundle') _bundle: string, @Param('name') _name: string, @Body() body: unknown, @Acc() acc: Accountability): never {
    return refuseUpdate(body, acc);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Uninstall an extension: none exists, so 403 FORBIDDEN' })
  @ApiForbiddenResponse({ description: 'Not an administrator, or no such extension (FORBIDDEN).' })
  uninstall(@Param('id') _id: string): never {
    throw new ForbiddenError();
  }
}

function refuseUpdate(body: unknown, acc: Accountability): never {
  if (!acc.admin) throw new ForbiddenError();
  if (!isPlainObject(body) || !isPlainObject(body.meta)) throw new InvalidPayloadError('"meta" is required');
  throw new ForbiddenError();
}
