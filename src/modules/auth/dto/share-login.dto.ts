import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';

/** Body of POST /shares/auth: signing in with a share link rather than a user. */
export class ShareLoginDto {
  @ApiProperty({ description: 'The id of the share.' })
  @IsString()
  @IsNotEmpty()
  share!: string;

  @ApiPropertyOptional({ description: 'Required when the share has a password.' })
  @IsOptional()
  @IsString()
  password?: string;

  @ApiPropertyOptional({ enum: ['json', 'cookie', 'session'], default: 'json' })
  @IsOptional()
  @IsIn(['json', 'cookie', 'session'])
  mode?: 'json' | 'cookie' | 'session';
}
