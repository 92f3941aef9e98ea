import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';

/** Body of /auth/refresh and /auth/logout (API.md 3.2, 3.3). */
export class RefreshDto {
  @ApiPropertyOptional({ description: 'The refresh token, in json mode.' })
  @IsOptional()
  @IsString()
  refresh_token?: string;

  @ApiPropertyOptional({
    enum: ['json', 'cookie', 'session'],
    description: 'Default: `json` when `refresh_token` is in the body, `cookie` otherwise.',
  })
  @IsOptional()
  @IsIn(['json', 'cookie', 'session'])
  mode?: 'json' | 'cookie' | 'session';
}
