import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsOptional, IsString } from 'class-validator';

export class PromoteVersionDto {
  @ApiPropertyOptional({
    description:
      'The hash of the main item the caller saw (from compare): promote is refused if it changed since. Required unless the version is the draft of a new item.',
  })
  @IsOptional()
  @IsString()
  mainHash?: string;

  @ApiPropertyOptional({ type: [String], description: 'Promote only these top-level fields of the delta.' })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  fields?: string[];
}
