import { ApiProperty } from '@nestjs/swagger';
import { IsDefined } from 'class-validator';
import { IsStringOrNumber } from './is-string-or-number';

export class SortItemsDto {
  @ApiProperty({
    description: 'Primary key of the item to move.',
    oneOf: [{ type: 'string' }, { type: 'number' }],
    example: 12,
  })
  @IsDefined()
  @IsStringOrNumber()
  item!: string | number;

  @ApiProperty({
    description: 'Primary key of the item whose position it takes.',
    oneOf: [{ type: 'string' }, { type: 'number' }],
    example: 3,
  })
  @IsDefined()
  @IsStringOrNumber()
  to!: string | number;
}
