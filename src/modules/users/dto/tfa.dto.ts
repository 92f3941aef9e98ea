import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString } from 'class-validator';

export class TfaGenerateDto {
  @ApiPropertyOptional({ description: 'The current password (required for local users).' })
  @IsOptional()
  @IsString()
  password?: string;
}

export class TfaEnableDto {
  @ApiProperty({ description: 'The secret from /users/me/tfa/generate.' }) @IsString() @IsNotEmpty() secret!: string;
  @ApiProperty({ description: 'A current code from the authenticator app.' }) @IsString() @IsNotEmpty() otp!: string;
}

export class TfaDisableDto {
  @ApiProperty({ description: 'A current code from the authenticator app.' }) @IsString() @IsNotEmpty() otp!: string;
}
