import { Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { AuthenticatedClient } from './api-token.service';

/** Rate limits per token (after authentication), falling back to the caller's IP. */
@Injectable()
export class TokenThrottlerGuard extends ThrottlerGuard {
  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    const user = req.user as AuthenticatedClient | undefined;
    return user ? `token:${user.tokenId}` : `ip:${String(req.ip)}`;
  }
}
