import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsObject, IsOptional } from 'class-validator';
import type { ExportFormat } from '../../../common/query/query.types';
import { EXPORT_FORMATS } from '../../../common/export/export-formats';

export class ExportItemsDto {
  @ApiProperty({ enum: EXPORT_FORMATS, description: 'Output format; `csv_utf8` is CSV with a UTF-8 byte order mark.' })
  @IsDefined()
  @IsIn(EXPORT_FORMATS)
  format!: ExportFormat;

  @ApiProperty({
    type: Object,
    description:
      'The read query, as on `GET /items/:collection` (`fields`, `filter`, `sort`, `limit`, ...). Without `limit`, or with `-1`, every row the caller may read: QUERY_LIMIT_DEFAULT and QUERY_LIMIT_MAX do not apply.',
    example: { fields: ['*'], filter: { status: { _eq: 'published' } } },
  })
  @IsDefined()
  @IsObject()
  query!: Record<string, unknown>;

  @ApiPropertyOptional({
    type: Object,
    description: 'File fields of the export file (`title`, `folder`, `description`, ...).',
  })
  @IsOptional()
  @IsObject()
  file?: Record<string, unknown>;
}
