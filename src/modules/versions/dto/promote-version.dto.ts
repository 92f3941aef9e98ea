import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsOptional, IsString } from 'class-validator';

export class PromoteVersionDto {
  @ApiProperty({ description: 'The hash of the main item the caller saw (from compare): promote is refused if it changed since.' })
  @IsString()
  mainHash!: string;

  @ApiPropertyOptional({ type: [String], description: 'Promote only these top-level fields of the delta.' })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  fields?: string[];
}
