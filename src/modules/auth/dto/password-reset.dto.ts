import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';

export class PasswordResetDto {
  @ApiProperty({ description: 'The token from the reset mail.' })
  @IsString()
  token!: string;

  @ApiProperty()
  @IsString()
  password!: string;
}
