import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SharesService } from './shares.service';

/** The route of `/shares` beyond the standard ones (creation is SharesService's, with the right to share). */
@ApiTags('shares')
@Controller('shares')
export class SharesController {
  constructor(private readonly shares: SharesService) {}

  @Get('info/:id')
  @ApiOperation({ summary: 'What the holder of a share link may know before using it; 403 once the share is closed' })
  async info(@Param('id') id: string) {
    return { data: await this.shares.info(id) };
  }
}
