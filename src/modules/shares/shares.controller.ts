import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { SharesService } from './shares.service';

/** The routes of `/shares` beyond the standard ones (creation is SharesService's, with the right to share). */
@ApiTags('shares')
@Controller('shares')
export class SharesController {
  constructor(private readonly shares: SharesService) {}

  @Get('info/:id')
  @ApiOperation({ summary: 'What the holder of a share link may know before using it; 403 once the share is closed' })
  async info(@Param('id') id: string) {
    return { data: await this.shares.info(id) };
  }

  @Post('invite')
  @HttpCode(204)
  @ApiOperation({ summary: 'Mail the link of a share the caller may read to each address' })
  @ApiBody({ description: '{ share, emails: [address, ...] }' })
  @ApiNoContentResponse({ description: 'The mails go out after the answer.' })
  async invite(@Body() body: unknown, @Acc() acc: Accountability): Promise<void> {
    await this.shares.invite(body, acc);
  }
}
