import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { AdminGuard } from '../guards/admin.guard';

/** Enforcement and its OpenAPI description from one line. */
export function AdminOnly() {
  return applyDecorators(
    UseGuards(AdminGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'No credentials were sent.' }),
    ApiForbiddenResponse({ description: 'The caller is not an administrator (FORBIDDEN).' }),
  );
}
