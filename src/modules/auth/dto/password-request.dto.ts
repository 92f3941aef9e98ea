import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

export class PasswordRequestDto {
  @ApiProperty({ example: 'user@example.com' })
  @IsString()
  email!: string;

  @ApiPropertyOptional({ description: 'Link target for the mail; must be in PASSWORD_RESET_URL_ALLOW_LIST.' })
  @IsOptional()
  @IsString()
  reset_url?: string;
}
