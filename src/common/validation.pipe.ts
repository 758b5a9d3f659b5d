import { ValidationError, ValidationPipe } from '@nestjs/common';
import { AppError, ErrorCode, ErrorDetail } from './app-error';

/** One detail per violated constraint, with dotted paths for nested fields. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): ErrorDetail[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}

/**
 * The validation pipe every controller of this service uses: strips unknown properties
 * (callers send more than we know), transforms to DTO classes, and reports one detail per
 * offending field in the shared error shape.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
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
