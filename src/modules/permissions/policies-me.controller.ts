import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { AccessGrantsService } from './access-grants.service';
import type { Globals } from './lib/access-grants';

/** What the caller's policies give them as a whole, as the reference's app asks right after sign-in. */
@ApiTags('policies')
@ApiBearerAuth()
@Controller('policies')
export class PoliciesMeController {
  constructor(private readonly grants: AccessGrantsService) {}

  @Get('me/globals')
  @ApiOperation({ summary: "The caller's admin access, app access and enforced two-factor, from every policy that applies to this request" })
  @ApiOkResponse({ description: '`{ data: { app_access, admin_access, enforce_tfa } }`; `{ data: { app_access: false } }` without a user or role' })
  async globals(@Acc() acc: Accountability): Promise<{ data: Globals | { app_access: false } }> {
    // As the reference: a caller signed in as no one learns nothing about the public access.
    if ((!acc.user && !acc.role) || acc.share) return { data: { app_access: false } };
    return { data: await this.grants.globals(acc) };
  }
}
