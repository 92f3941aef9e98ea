import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString } from 'class-validator';

export class VerifyHashDto {
  @ApiProperty({ description: 'The string to check.', example: 'correct horse battery staple' })
  @IsString()
  @IsNotEmpty()
  string!: string;

  @ApiProperty({
    description: 'An argon2 hash (argon2i, argon2d or argon2id).',
    example: '$argon2id$v=19$m=65536,t=3,p=4$...',
  })
  @IsString()
  @IsNotEmpty()
  hash!: string;
}
