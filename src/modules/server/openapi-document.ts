import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';

/** Holds the OpenAPI document built at start, for `/server/specs/oas`. */
@Injectable()
export class OpenApiDocument {
  document: OpenAPIObject | null = null;
}
