import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsArray, IsBoolean, IsIn, IsObject, IsOptional, IsString, IsUUID } from 'class-validator';

const STATUSES = ['draft', 'invited', 'unverified', 'active', 'suspended', 'archived'] as const;
const TEXT_DIRECTIONS = ['auto', 'ltr', 'rtl'] as const;

/** Body of POST /users and PATCH /users/:id; every member optional, unknown members dropped. */
export class UserInputDto {
  @ApiPropertyOptional() @IsOptional() @IsString() first_name?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() last_name?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() email?: string | null;
  @ApiPropertyOptional({ description: 'Stored as an argon2 hash; must match settings.auth_password_policy.' })
  @IsOptional()
  @IsString()
  password?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() location?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() title?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() description?: string | null;
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @IsString({ each: true }) tags?: string[] | null;
  @ApiPropertyOptional() @IsOptional() @IsUUID() avatar?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() language?: string | null;
  @ApiPropertyOptional({ description: 'Read-only here: TFA is managed through /users/me/tfa/*.' })
  @IsOptional()
  @IsString()
  tfa_secret?: string | null;
  @ApiPropertyOptional({ enum: STATUSES }) @IsOptional() @IsIn(STATUSES) status?: (typeof STATUSES)[number];
  @ApiPropertyOptional() @IsOptional() @IsUUID() role?: string | null;
  @ApiPropertyOptional({ description: 'Static token: stored as SHA-256, shown in this response only.' })
  @IsOptional()
  @IsString()
  token?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() provider?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() external_identifier?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() email_notifications?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() appearance?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() theme_dark?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() theme_light?: string | null;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true })
  @IsOptional()
  @IsObject()
  theme_light_overrides?: Record<string, unknown> | null;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true })
  @IsOptional()
  @IsObject()
  theme_dark_overrides?: Record<string, unknown> | null;
  @ApiPropertyOptional({ enum: TEXT_DIRECTIONS })
  @IsOptional()
  @IsIn(TEXT_DIRECTIONS)
  text_direction?: (typeof TEXT_DIRECTIONS)[number];
  @ApiPropertyOptional() @IsOptional() @IsString() last_page?: string | null;
  @ApiPropertyOptional({
    description:
      "The user's own policies, as access rows: `[{ policy }]`, or `{ create: [{ policy }], update: [], delete: [<access id>] }`; checked by the items engine.",
  })
  @Allow()
  policies?: unknown;
}
