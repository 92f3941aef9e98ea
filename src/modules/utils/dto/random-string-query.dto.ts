import { ApiPropertyOptional } from '@nestjs/swagger';
import { QueryNumber } from '../../../common/decorators/query-number.decorator';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { RANDOM_STRING_DEFAULT_LENGTH, RANDOM_STRING_MAX_LENGTH, RANDOM_STRING_MIN_LENGTH } from '../lib/random-string';

export class RandomStringQueryDto {
  @ApiPropertyOptional({
    minimum: RANDOM_STRING_MIN_LENGTH,
    maximum: RANDOM_STRING_MAX_LENGTH,
    default: RANDOM_STRING_DEFAULT_LENGTH,
  })
  @IsOptional()
  @QueryNumber()
  @IsInt()
  @Min(RANDOM_STRING_MIN_LENGTH)
  @Max(RANDOM_STRING_MAX_LENGTH)
  length?: number;
}
