import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsArray, IsInt, IsOptional, IsString, Min } from 'class-validator';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const toCsv = ({ value }: { value: unknown }) =>
  value === undefined ? undefined : (Array.isArray(value) ? value : String(value).split(',')).map((v) => String(v).trim()).filter(Boolean);

/** The part of the shared query (API.md 1.6) the users endpoints honour until they move onto the items engine. */
export class UsersQueryDto {
  @ApiPropertyOptional({ description: 'Top-level fields to return, CSV; `*` for all.' })
  @IsOptional()
  @Transform(toCsv)
  @IsArray()
  @IsString({ each: true })
  fields?: string[];

  @ApiPropertyOptional({ description: 'Default 100; -1 for all.' })
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(-1)
  limit?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  offset?: number;
}
