import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from '../common/error-response.dto';
import { BearerAuthGuard } from './bearer-auth.guard';
import { TokenThrottlerGuard } from './token-throttler.guard';

/** Bearer authentication, per-token rate limiting and their documented error answers. */
export function ProtectedRoute(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    UseGuards(BearerAuthGuard, TokenThrottlerGuard),
    ApiBearerAuth(),
    ApiResponse({ status: 401, description: 'Missing, malformed, unknown or revoked bearer token.', type: ErrorResponseDto }),
    ApiResponse({ status: 429, description: 'Too many requests for this token; see Retry-After.', type: ErrorResponseDto }),
  );
}
