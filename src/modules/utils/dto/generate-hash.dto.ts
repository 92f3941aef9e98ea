import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString } from 'class-validator';

export class GenerateHashDto {
  @ApiProperty({ description: 'The string to hash with argon2id.', example: 'correct horse battery staple' })
  @IsString()
  @IsNotEmpty()
  string!: string;
}
