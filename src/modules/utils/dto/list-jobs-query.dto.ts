import { ApiPropertyOptional } from '@nestjs/swagger';
import { QueryNumber } from '../../../common/decorators/query-number.decorator';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export class ListJobsQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 1000, default: 100, description: 'How many of the newest jobs to list.' })
  @IsOptional()
  @QueryNumber()
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;
}
