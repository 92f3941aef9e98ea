import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';

export class LoginDto {
  @ApiProperty({ example: 'admin@example.com' })
  @IsEmail()
  email!: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  password!: string;

  @ApiPropertyOptional({ description: 'One-time password, when two-factor login is enabled.' })
  @IsOptional()
  @IsString()
  otp?: string;

  @ApiPropertyOptional({ enum: ['json', 'cookie', 'session'], default: 'json' })
  @IsOptional()
  @IsIn(['json', 'cookie', 'session'])
  mode?: 'json' | 'cookie' | 'session';
}
