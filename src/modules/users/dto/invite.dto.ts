import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayNotEmpty, IsArray, IsOptional, IsString, IsUUID } from 'class-validator';

export class InviteDto {
  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    description: 'One email or several.',
  })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value))
  @IsArray()
  @ArrayNotEmpty()
  @IsString({ each: true })
  email!: string[];

  @ApiProperty({ description: 'Role of the invited users.' })
  @IsUUID()
  role!: string;

  @ApiPropertyOptional({ description: 'Link target for the mail; must be in USER_INVITE_URL_ALLOW_LIST.' })
  @IsOptional()
  @IsString()
  invite_url?: string;
}

export class AcceptInviteDto {
  @ApiProperty({ description: 'The token from the invite mail.' }) @IsString() token!: string;
  @ApiProperty() @IsString() password!: string;
}
