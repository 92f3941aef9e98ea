import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';

export class CreateFolderDto {
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() id?: string;
  @ApiProperty({ example: 'Holidays' }) @IsString() @IsNotEmpty() @MaxLength(255) name!: string;
  @ApiPropertyOptional({ format: 'uuid', nullable: true, description: 'Parent folder' })
  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @IsUUID()
  parent?: string | null;
}

export class UpdateFolderDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(255) name?: string;
  @ApiPropertyOptional({ format: 'uuid', nullable: true })
  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @IsUUID()
  parent?: string | null;
}
