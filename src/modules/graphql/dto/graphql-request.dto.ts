import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString } from 'class-validator';

/** A GraphQL-over-HTTP POST body. */
export class GraphqlRequestDto {
  @ApiProperty({
    example: 'mutation { auth_login(email: "admin@example.com", password: "...") { access_token expires } }',
  })
  @IsString()
  query!: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  variables?: Record<string, unknown>;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  operationName?: string;
}
