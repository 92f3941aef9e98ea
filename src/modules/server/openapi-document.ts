import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';

/** Holds the system OpenAPI document built at start: Swagger UI's, and the base of `/server/specs/oas`'s live one. */
@Injectable()
export class OpenApiDocument {
  document: OpenAPIObject | null = null;
}
