import { applyDecorators, UseGuards } from '@nestjs/common';
import { AdminGuard } from '../guards/admin.guard';
import { ApiAuth } from '../openapi/security';

/** Enforcement and its OpenAPI description (the caller's token, 401 and 403) from one line. */
export function AdminOnly() {
  return applyDecorators(UseGuards(AdminGuard), ApiAuth({ admin: true }));
}
