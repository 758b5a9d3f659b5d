import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { AppError, ErrorCode, ErrorDetail } from './app-error';
import { MAX_JSON_DEPTH, nestedDeeperThan } from './untrusted-json';

/** One detail per violated constraint, with dotted paths for nested fields. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): ErrorDetail[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}

/**
 * Refuses values nested too deeply before class-transformer copies them (recursively), and a
 * JSON array where a DTO (one object) is expected: validated as is, `[{...}]` was reported as
 * missing every required field, though the caller had sent them, one level down.
 */
class DepthLimitedValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && this.toValidate(metadata) && Array.isArray(value)) {
      throw new AppError(ErrorCode.ValidationFailed, 'Request validation failed: body', [
        { field: 'body', message: 'body must be a JSON object, not an array' },
      ]);
    }
    if (this.toValidate(metadata) && nestedDeeperThan(value, MAX_JSON_DEPTH)) {
      throw new AppError(ErrorCode.ValidationFailed, `Request validation failed: ${metadata.type}`, [
        { field: metadata.type, message: `${metadata.type} is nested more than ${MAX_JSON_DEPTH} levels deep` },
      ]);
    }
    try {
      return await super.transform(value, metadata);
    } catch (error) {
      throw metadata.type === 'query' ? namingRepeatedParameters(error, value) : error;
    }
  }
}

/**
 * A query parameter given twice (`?brand_name=A&brand_name=B`) arrives as an array, which the
 * DTO refuses as "must be a string": true, but it does not tell the caller what they did.
 */
function namingRepeatedParameters(error: unknown, query: unknown): unknown {
  if (!(error instanceof AppError) || typeof query !== 'object' || query === null) return error;
  const values = query as Record<string, unknown>;
  const details = error.details.map((detail) => {
    const value = detail.field === undefined ? undefined : values[detail.field];
    return Array.isArray(value) ? { field: detail.field, message: `${detail.field} is given ${value.length} times; give each query parameter once` } : detail;
  });
  return new AppError(error.code, error.message, details);
}

/**
 * The validation pipe every controller of this service uses: strips unknown properties
 * (callers send more than we know), transforms to DTO classes, and reports one detail per
 * offending field in the shared error shape.
 */
export function createValidationPipe(): ValidationPipe {
  return new DepthLimitedValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    forbidUnknownValues: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const details = flattenValidationErrors(errors);
      const fields = [...new Set(details.map((d) => d.field))].join(', ');
      return new AppError(ErrorCode.ValidationFailed, `Request validation failed: ${fields || 'body'}`, details);
    },
  });
}
