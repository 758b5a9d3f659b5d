import { applyDecorators, UseFilters, UseGuards, UsePipes } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse } from '@nestjs/swagger';
import { ErrorFilter } from '../common/error.filter';
import { ErrorResponseDto } from '../common/error-response.dto';
import { createValidationPipe } from '../common/validation.pipe';
import { recognizeDatabaseUnavailable } from '../database/database-unavailable';
import { ClientAuthGuard } from './client-auth.guard';
import { ClientThrottlerGuard } from './client-throttler.guard';

/**
 * What every product controller carries, so it behaves the same inside any host application:
 * client resolution and rate limiting (from ClientAccessModule), validation, the JSON error
 * shape, and their documentation.
 */
export function ProtectedRoute(): ClassDecorator {
  return applyDecorators(
    UseFilters(new ErrorFilter({ recognizers: [recognizeDatabaseUnavailable] })),
    UseGuards(ClientAuthGuard, ClientThrottlerGuard),
    UsePipes(createValidationPipe()),
    ApiBearerAuth(),
    ApiResponse({ status: 401, description: 'Missing, malformed, unknown or revoked bearer token.', type: ErrorResponseDto }),
    ApiResponse({ status: 429, description: 'Too many requests for this token; see Retry-After.', type: ErrorResponseDto }),
    ApiResponse({ status: 503, description: 'The database is unavailable; see Retry-After. Nothing was stored.', type: ErrorResponseDto }),
  );
}
