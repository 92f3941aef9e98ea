import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export class ListJobsQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 1000, default: 100, description: 'How many of the newest jobs to list.' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;
}
