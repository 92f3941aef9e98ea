import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/openapi/error-responses';
import { ApiData, ApiDoc, ApiJsonBody } from '../../common/openapi/operation';
import { object } from '../../common/openapi/schema-shorthand';
import { ApiAuth, ApiPublic } from '../../common/openapi/security';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { SharesService } from './shares.service';

/** The routes of `/shares` beyond the standard ones (creation is SharesService's, with the right to share). */
@ApiTags('Shares')
@Controller('shares')
export class SharesController {
  constructor(private readonly shares: SharesService) {}

  @Get('info/:id')
  @ApiDoc({
    id: 'readShareInfo',
    summary: 'Read what a share link offers',
    description:
      'What the holder of a share link may know before using it (its name, dates, whether it needs a password); 403 once the share is closed.',
  })
  @ApiPublic()
  @ApiErrors(403)
  @ApiData(
    object({
      id: 'uuid',
      collection: 'string',
      item: 'string',
      password: { type: 'string', nullable: true, description: 'Concealed; null when the share needs no password.' },
      date_start: 'datetime?',
      date_end: 'datetime?',
      times_used: 'integer?',
      max_uses: 'integer?',
    }),
    '`{ data: share }`',
  )
  async info(@Param('id') id: string) {
    return { data: await this.shares.info(id) };
  }

  @Post('invite')
  @HttpCode(204)
  @ApiDoc({
    id: 'inviteShare',
    summary: 'Mail a share link',
    description: 'Mails the link of a share the caller may read to each address.',
  })
  @ApiAuth({ anonymous: true })
  @ApiJsonBody(
    object({ share: 'uuid', emails: 'strings' }, { required: ['share', 'emails'] }),
    'The share and the addresses to mail its link to.',
  )
  @ApiErrors(403)
  @ApiNoContentResponse({ description: 'The mails go out after the answer.' })
  async invite(@Body() body: unknown, @Acc() acc: Accountability): Promise<void> {
    await this.shares.invite(body, acc);
  }
}
