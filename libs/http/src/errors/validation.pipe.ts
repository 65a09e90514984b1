import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiError, ErrorDetail } from './api-error';

/** Flattens nested class-validator errors into `{ field: "a.b[0].c", message }` entries. */
export function validationDetails(errors: ValidationError[], parent = ''): ErrorDetail[] {
  return errors.flatMap((error) => {
    const field = parent
      ? /^\d+$/.test(error.property)
        ? `${parent}[${error.property}]`
        : `${parent}.${error.property}`
      : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...validationDetails(error.children ?? [], field)];
  });
}

/**
 * The global validation pipe: unknown fields are refused, payloads are transformed into DTO
 * instances, and failures become 400 `invalid_request` with `details`.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => {
      const details = validationDetails(errors);
      const summary = details.map((d) => d.message).join('; ');
      return ApiError.badRequest('invalid_request', summary || 'Invalid request', details);
    },
  });
}
