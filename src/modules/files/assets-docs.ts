import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiPartialContentResponse, ApiProduces, ApiQuery } from '@nestjs/swagger';
import { ApiErrors } from '../../common/openapi/error-responses';
import { ApiDoc } from '../../common/openapi/operation';
import { ApiAuth } from '../../common/openapi/security';

/** The transformation parameters of API.md 6.7 and the answers of an asset read, for both routes. */
export function ApiAssetRead(id: string, summary: string, description: string, named = false): MethodDecorator {
  const integer = { type: 'integer' as const, minimum: 0 };
  // The handlers read the path from the request, so its parameters are declared here.
  const path = named ? ['id', 'filename'] : ['id'];
  return applyDecorators(
    ...path.map((name) => ApiParam({ name, type: String })),
    ApiDoc({ id, summary, description }),
    ApiAuth({ anonymous: true }),
    ApiQuery({
      name: 'key',
      required: false,
      description: 'A transformation preset: `system-small-cover`, ... or one of `storage_asset_presets`.',
    }),
    ApiQuery({ name: 'width', required: false, schema: { ...integer, minimum: 1 } }),
    ApiQuery({ name: 'height', required: false, schema: { ...integer, minimum: 1 } }),
    ApiQuery({ name: 'fit', required: false, enum: ['cover', 'contain', 'inside', 'outside'] }),
    ApiQuery({ name: 'format', required: false, enum: ['jpg', 'jpeg', 'png', 'webp', 'tiff', 'avif', 'auto'] }),
    ApiQuery({ name: 'quality', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } }),
    ApiQuery({ name: 'withoutEnlargement', required: false, type: Boolean }),
    ApiQuery({ name: 'focal_point_x', required: false, schema: integer }),
    ApiQuery({ name: 'focal_point_y', required: false, schema: integer }),
    ApiQuery({
      name: 'transforms',
      required: false,
      description: 'Image operations as JSON, e.g. `[["blur", 10], ["tint", "#4d4dff"]]`.',
    }),
    ApiQuery({
      name: 'download',
      required: false,
      description: 'Present: answer as an attachment (a download) instead of inline.',
    }),
    ApiProduces('*/*'),
    ApiOkResponse({
      description: 'The content (or its transformation), with its media type.',
      schema: { type: 'string', format: 'binary' },
    }),
    ApiPartialContentResponse({
      description: 'The part asked for with `Range`.',
      schema: { type: 'string', format: 'binary' },
    }),
    ApiErrors(400, 403),
  );
}
