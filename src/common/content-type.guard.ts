import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AppError, ErrorCode } from './app-error';

const ACCEPTED_TYPES = 'accepted-content-types';

/** Answers 415 when the request body is not one of the given media types. */
@Injectable()
export class ContentTypeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const accepted = this.reflector.getAllAndOverride<string[] | undefined>(ACCEPTED_TYPES, [context.getHandler(), context.getClass()]);
    if (!accepted) return true;
    const req = context.switchToHttp().getRequest<Request>();
    const declared = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (accepted.includes(declared)) return true;
    const what = declared ? `Content-Type ${declared} is not supported` : 'Content-Type header is missing';
    throw new AppError(ErrorCode.UnsupportedMediaType, `${what}; send ${accepted.join(' or ')}`, [
      { field: 'Content-Type', message: `expected ${accepted.join(' or ')}` },
    ]);
  }
}

/** The route takes a body of one of these media types. */
export function AcceptsContentTypes(...types: string[]): MethodDecorator {
  return applyDecorators(SetMetadata(ACCEPTED_TYPES, types), UseGuards(ContentTypeGuard));
}

export const AcceptsJson = (): MethodDecorator => AcceptsContentTypes('application/json');
