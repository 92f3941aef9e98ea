import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, IsUrl } from 'class-validator';

export class ImportFileDto {
  @ApiProperty({ description: 'http(s) address to download the file from', example: 'https://example.com/photo.jpg' })
  @IsString()
  @IsUrl({ require_protocol: true, require_tld: false, protocols: ['http', 'https'] })
  url!: string;

  @ApiPropertyOptional({ description: 'File fields for the new record (title, folder, ...)', type: Object })
  @IsOptional()
  @IsObject()
  data?: Record<string, unknown>;
}
