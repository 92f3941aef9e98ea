import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { AdminOnly } from '../../common/decorators/admin-only.decorator';
import { ClearCacheQueryDto } from './dto/clear-cache-query.dto';
import { GenerateHashDto } from './dto/generate-hash.dto';
import { ListJobsQueryDto } from './dto/list-jobs-query.dto';
import { RandomStringQueryDto } from './dto/random-string-query.dto';
import { VerifyHashDto } from './dto/verify-hash.dto';
import { JobsService } from './jobs.service';
import { UtilsService } from './utils.service';

@ApiTags('Utilities')
@Controller('utils')
export class UtilsController {
  constructor(
    private readonly utils: UtilsService,
    private readonly jobs: JobsService,
  ) {}

  @Post('hash/generate')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{ data: "$argon2id$..." }`' })
  @ApiBadRequestResponse({ description: '`string` missing or empty (INVALID_PAYLOAD).' })
  async generateHash(@Body() dto: GenerateHashDto) {
    return { data: await this.utils.generateHash(dto.string) };
  }

  @Post('hash/verify')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{ data: true | false }`' })
  @ApiBadRequestResponse({ description: 'A field is missing, or `hash` is not an argon2 hash (INVALID_PAYLOAD).' })
  async verifyHash(@Body() dto: VerifyHashDto) {
    return { data: await this.utils.verifyHash(dto.string, dto.hash) };
  }

  @Get('random/string')
  @ApiOkResponse({ description: '`{ data: "<random URL-safe string>" }`' })
  @ApiBadRequestResponse({ description: '`length` outside 1..500 (INVALID_QUERY).' })
  randomString(@Query() query: RandomStringQueryDto) {
    return { data: this.utils.randomString(query.length) };
  }

  @Post('cache/clear')
  @HttpCode(200)
  @AdminOnly()
  @ApiOkResponse({ description: 'Empty body.' })
  async clearCache(@Query() query: ClearCacheQueryDto, @Acc() acc: Accountability): Promise<void> {
    await this.utils.clearCache(acc, query.system !== undefined);
  }

  @Get('jobs')
  @ApiOkResponse({ description: "`{ data: [job] }`: the caller's import and export jobs, newest first." })
  @ApiForbiddenResponse({ description: 'Anonymous caller (FORBIDDEN).' })
  async listJobs(@Query() query: ListJobsQueryDto, @Acc() acc: Accountability) {
    return { data: await this.jobs.readMine(acc, query.limit ?? 100) };
  }

  @Get('jobs/:id')
  @ApiOkResponse({ description: '`{ data: job }`: state, rows done, errors and, for exports, the file id.' })
  @ApiForbiddenResponse({ description: "Unknown job, or another user's (FORBIDDEN)." })
  async readJob(@Param('id') id: string, @Acc() acc: Accountability) {
    return { data: await this.jobs.readOne(id, acc) };
  }
}
