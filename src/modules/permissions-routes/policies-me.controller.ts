import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiData, ApiDoc } from '../../common/openapi/operation';
import { object } from '../../common/openapi/schema-shorthand';
import { ApiAuth } from '../../common/openapi/security';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { AccessGrantsService } from '../permissions/access-grants.service';
import type { Globals } from '../permissions/lib/access-grants';

/** What the caller's policies give them as a whole, as the reference's app asks right after sign-in. */
@ApiTags('Policies')
@Controller('policies')
export class PoliciesMeController {
  constructor(private readonly grants: AccessGrantsService) {}

  @Get('me/globals')
  @ApiDoc({
    id: 'readPolicyGlobals',
    summary: "Read the caller's access flags",
    description:
      "The caller's admin access, app access and enforced two-factor, from every policy that applies to this request; `{ app_access: false }` for anonymous callers and shares.",
  })
  @ApiAuth({ anonymous: true })
  @ApiData(
    object({ app_access: 'boolean', admin_access: 'boolean', enforce_tfa: 'boolean' }),
    '`{ data: { app_access, admin_access, enforce_tfa } }`',
  )
  async globals(@Acc() acc: Accountability): Promise<{ data: Globals | { app_access: false } }> {
    // As the reference: a caller signed in as no one learns nothing about the public access.
    if ((!acc.user && !acc.role) || acc.share) return { data: { app_access: false } };
    return { data: await this.grants.globals(acc) };
  }
}
