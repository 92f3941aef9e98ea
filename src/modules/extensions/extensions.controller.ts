import { Body, Controller, Delete, Get, Param, Patch, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/openapi/error-responses';
import { ApiData, ApiDoc, ApiJsonBody } from '../../common/openapi/operation';
import { object } from '../../common/openapi/schema-shorthand';
import { ApiAuth } from '../../common/openapi/security';
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
 * Only the list has a success to document: the other routes answer their errors alone.
 */
@ApiTags('Extensions')
@Controller('extensions')
export class ExtensionsController {
  @Get()
  @ApiDoc({
    id: 'readExtensions',
    summary: 'List the installed extensions',
    description: 'Vellum loads no extensions: always `{ data: [] }`. 403 FORBIDDEN without app access.',
  })
  @ApiAuth()
  @ApiErrors(403)
  @ApiData({ type: 'object' }, '`{ data: [] }`', { many: true, meta: false })
  list(@Acc() acc: Accountability) {
    if (!acc.admin && !acc.app) throw new ForbiddenError();
    return { data: [] };
  }

  @Get('sources/:chunk')
  @ApiDoc({
    id: 'readExtensionSource',
    summary: 'Read the code of the app extensions',
    description: 'No app extension is installed: always 404 ROUTE_NOT_FOUND.',
  })
  @ApiAuth({ anonymous: true })
  @ApiErrors(404)
  source(@Param('chunk') _chunk: string, @Req() req: Request): never {
    throw new RouteNotFoundError(req.path);
  }

  @Patch(':name')
  @ApiDoc({
    id: 'updateExtension',
    summary: 'Configure an extension',
    description:
      'Administrators only (403 FORBIDDEN otherwise); a body without a `meta` object is 400, and since no extension is installed any other is 403 FORBIDDEN.',
  })
  @ApiAuth({ admin: true })
  @ApiJsonBody(object({ meta: 'json' }), "The extension's settings, `{ meta }`.")
  update(@Param('name') _name: string, @Body() body: unknown, @Acc() acc: Accountability): never {
    return refuseUpdate(body, acc);
  }

  @Patch(':bundle/:name')
  @ApiDoc({
    id: 'updateBundleExtension',
    summary: 'Configure an extension of a bundle',
    description:
      'Administrators only (403 FORBIDDEN otherwise); a body without a `meta` object is 400, and since no extension is installed any other is 403 FORBIDDEN.',
  })
  @ApiAuth({ admin: true })
  @ApiJsonBody(object({ meta: 'json' }), "The extension's settings, `{ meta }`.")
  updateInBundle(
    @Param('bundle') _bundle: string,
    @Param('name') _name: string,
    @Body() body: unknown,
    @Acc() acc: Accountability,
  ): never {
    return refuseUpdate(body, acc);
  }

  @Delete(':name')
  @ApiDoc({
    id: 'uninstallExtension',
    summary: 'Uninstall an extension',
    description: 'No extension is installed: always 403 FORBIDDEN.',
  })
  @ApiAuth({ admin: true })
  uninstall(@Param('name') _name: string): never {
    throw new ForbiddenError();
  }
}

function refuseUpdate(body: unknown, acc: Accountability): never {
  if (!acc.admin) throw new ForbiddenError();
  if (!isPlainObject(body) || !isPlainObject(body.meta)) throw new InvalidPayloadError('"meta" is required');
  throw new ForbiddenError();
}
