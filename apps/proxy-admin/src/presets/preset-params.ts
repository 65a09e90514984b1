import { ApiError } from '@platform/http';

export const PRESET_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
const INT4_MIN = -2_147_483_648;
const INT4_MAX = 2_147_483_647;

/** A slug, checked before any lookup (400 invalid_slug). */
export function parsePresetSlug(slug: unknown): string {
  if (typeof slug !== 'string' || !PRESET_SLUG_PATTERN.test(slug)) {
    throw ApiError.badRequest('invalid_slug', 'slug must match ^[a-z0-9][a-z0-9-]{0,63}$', [
      { field: 'slug', message: 'slug must match ^[a-z0-9][a-z0-9-]{0,63}$' },
    ]);
  }
  return slug;
}

/** A version path segment: a decimal integer in the PostgreSQL int4 range (400 invalid_version). */
export function parsePresetVersion(raw: string): number {
  const value = /^(0|-?[1-9][0-9]{0,9})$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < INT4_MIN || value > INT4_MAX) {
    throw ApiError.badRequest(
      'invalid_version',
      'version must be an integer between -2147483648 and 2147483647',
      [{ field: 'version', message: 'version must be an integer in the int4 range' }],
    );
  }
  return value;
}

/**
 * The one answer for a slug that is missing, deleted or another team's: same status, same bytes,
 * so a caller cannot tell which.
 */
export function presetNotFound(): ApiError {
  return ApiError.notFound('preset_not_found', 'Preset not found');
}
