import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';

export class LoginDto {
  // The reference's wording of these two refusals, which its clients show as they are.
  @ApiProperty({ example: 'admin@example.com' })
  @IsEmail({}, { message: 'email must be a valid email' })
  email!: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: 'password is required' })
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
