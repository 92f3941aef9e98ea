import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';

export class ClearCacheQueryDto {
  @ApiPropertyOptional({
    description:
      'Also reload the system cache (schema, permissions, settings) on every instance. As on the reference ' +
      'platform, the parameter counts when present, whatever its value.',
    type: String,
  })
  @IsOptional()
  system?: unknown;
}
