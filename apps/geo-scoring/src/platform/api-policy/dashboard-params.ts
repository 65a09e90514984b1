import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsString, ValidateBy } from 'class-validator';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether PostgreSQL could not store `text` as it is: a NUL character (refused by text and
 * jsonb) or an unpaired UTF-16 surrogate (refused by jsonb, silently replaced in text).
 */
export function isUnstorableText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** Whether `text` holds a C0 control character or DEL, other than those listed in `allowed`. */
export function hasControlCharacter(text: string, allowed = ''): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 || code === 0x7f) && !allowed.includes(text[i] as string)) return true;
  }
  return false;
}

/** Length in Unicode code points, which is what "characters" means in every limit here. */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}

/**
 * A dashboard name (portfolio, saved search, member): a string, trimmed, then 1 to `max`
 * characters (code points), without control characters or unpaired surrogates.
 */
export function DashboardName(max: number): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' ? value.trim() : value,
    ),
    IsString({ message: ({ property }) => `${property} must be a string` }),
    ValidateBy({
      name: 'dashboardName',
      validator: {
        validate: (value: unknown) =>
          typeof value !== 'string' ||
          (codePointLength(value) >= 1 &&
            codePointLength(value) <= max &&
            // A name is a one-line label.
            !hasControlCharacter(value) &&
            !isUnstorableText(value)),
        defaultMessage: (args) =>
          `${args?.property ?? 'name'} must be 1 to ${max} characters after trimming, without ` +
          'control characters',
      },
    }),
  );
}

/** Free text PostgreSQL can store: no NUL character, no unpaired surrogate. */
export function StorableText(): PropertyDecorator {
  return ValidateBy({
    name: 'storableText',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || !isUnstorableText(value),
      defaultMessage: (args) =>
        `${args?.property ?? 'value'} must not contain NUL characters or unpaired surrogates`,
    },
  });
}

/** Whether a parsed JSON value nests arrays and objects deeper than `max` levels. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (max === 0) return true;
  const children: unknown[] = Array.isArray(value) ? value : Object.values(value);
  return children.some((child) => nestsDeeperThan(child, max - 1));
}
