import { Injectable, PipeTransform } from '@nestjs/common';
import { ApiError, ErrorDetail, validationDetails } from '@platform/http';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { SavedSearchNameBody } from './dto/saved-search.body';
import { checkFilter } from './saved-search-filter';

export interface SavedSearchInput {
  name?: string;
  filter?: Record<string, unknown>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function invalid(details: ErrorDetail[]): ApiError {
  return ApiError.badRequest('invalid_request', details.map((d) => d.message).join('; '), details);
}

/**
 * Reads a saved-search body. The filter is free-form JSON and is checked as it came (an object,
 * at most 8,192 bytes, storable text), never walked by class-transformer, whose recursion a
 * deeply nested filter would exhaust; the other fields go through the DTO as usual.
 */
function readBody(body: unknown, required: boolean): SavedSearchInput {
  if (!isPlainObject(body))
    throw invalid([{ field: 'body', message: 'body must be a JSON object' }]);
  const { filter, ...rest } = body;
  const details: ErrorDetail[] = [];
  const fields = plainToInstance(SavedSearchNameBody, rest);
  const errors = validateSync(fields, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
  });
  details.push(...validationDetails(errors));
  if (required && fields.name === undefined && !details.some((d) => d.field === 'name')) {
    details.push({ field: 'name', message: 'name must be a string' });
  }
  if (filter !== undefined || required) {
    if (!isPlainObject(filter))
      details.push({ field: 'filter', message: 'filter must be a JSON object' });
  }
  if (details.length > 0) throw invalid(details);
  if (isPlainObject(filter)) checkFilter(filter);
  return { name: fields.name, filter: filter as Record<string, unknown> | undefined };
}

/** POST /api/saved-searches: `{name, filter}`, both required. */
@Injectable()
export class CreateSavedSearchPipe implements PipeTransform<unknown, Required<SavedSearchInput>> {
  transform(body: unknown): Required<SavedSearchInput> {
    const input = readBody(body, true);
    return { name: input.name as string, filter: input.filter as Record<string, unknown> };
  }
}

/** PATCH /api/saved-searches: `name`, `filter` or both. */
@Injectable()
export class UpdateSavedSearchPipe implements PipeTransform<unknown, SavedSearchInput> {
  transform(body: unknown): SavedSearchInput {
    const input = readBody(body, false);
    if (input.name === undefined && input.filter === undefined) {
      throw invalid([{ field: 'body', message: 'Send name, filter or both' }]);
    }
    return input;
  }
}
