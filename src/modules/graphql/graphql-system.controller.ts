import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { GraphqlRequestDto } from './dto/graphql-request.dto';
import { GraphqlExecutor } from './graphql-executor';
import { ItemsSchema } from './items/items-schema';
import { SystemSchema } from './system-schema';

@ApiTags('GraphQL')
@ApiBearerAuth()
@Controller('graphql')
export class GraphqlSystemController {
  constructor(
    private readonly systemSchema: SystemSchema,
    private readonly itemsSchema: ItemsSchema,
    private readonly executor: GraphqlExecutor,
  ) {}

  /** The user collections the caller may use: their items, with the query arguments and permission rules of REST. */
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ description: '`{ data, errors? }`; errors carry the REST codes in `extensions.code`.' })
  async items(@Body() dto: GraphqlRequestDto, @Acc() acc: Accountability, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.executor.run(await this.itemsSchema.schemaFor(acc), dto, { acc, req, res });
  }

  /** A document that does not parse or validate is 400 GRAPHQL_VALIDATION; resolver errors come back in `errors`. */
  @Post('system')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{ data, errors? }`; errors carry the REST codes in `extensions.code`.' })
  system(@Body() dto: GraphqlRequestDto, @Acc() acc: Accountability, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.executor.run(this.systemSchema.schema, dto, { acc, req, res });
  }
}
