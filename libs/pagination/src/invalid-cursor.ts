import { ApiError } from '@platform/http';

/** The one error every cursor problem becomes: a client-visible 400, never a 500. */
export function invalidCursor(message: string): ApiError {
  return new ApiError(400, 'invalid_cursor', message);
}
