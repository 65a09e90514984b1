import { Injectable, PipeTransform } from '@nestjs/common';
import { ApiError, ErrorDetail, validationDetails } from '@platform/http';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { nestsDeeperThan } from '../../platform/api-policy/dashboard-params';
import { MemberBody } from './dto/member.body';

/** Members in one request, bulk or not (and CSV uploads): more is 400 too_many_rows. */
export const MAX_MEMBERS_PER_REQUEST = 500;

export interface MemberInput {
  name: string;
  lat: number;
  lng: number;
  address: string | null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function invalid(details: ErrorDetail[]): ApiError {
  return ApiError.badRequest('invalid_request', details.map((d) => d.message).join('; '), details);
}

/** Validates one member object; its problems are reported under `prefix` (e.g. `members[3]`). */
function memberProblems(
  value: unknown,
  prefix: string,
): { member?: MemberInput; details: ErrorDetail[] } {
  // A member is a flat object; deeper values are refused before class-transformer walks them.
  if (!isPlainObject(value) || nestsDeeperThan(value, 1)) {
    const field = prefix === '' ? 'body' : prefix;
    return { details: [{ field, message: `${field} must be an object {name, lat, lng}` }] };
  }
  const member = plainToInstance(MemberBody, value);
  const errors = validateSync(member, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
  });
  if (errors.length > 0) return { details: validationDetails(errors, prefix) };
  return {
    member: {
      name: member.name,
      lat: member.lat,
      lng: member.lng,
      address: member.address ?? null,
    },
    details: [],
  };
}

/**
 * The body of POST /api/portfolios/{id}/members: one member `{name, lat, lng, address?}` or
 * `{members: [...]}` with 1 to 500 of them. Validated as a whole, so a bulk request is
 * all-or-nothing and its details name each bad field (`members[3].lat`). More than 500 is
 * 400 too_many_rows before anything else is looked at.
 */
@Injectable()
export class MembersBodyPipe implements PipeTransform<unknown, MemberInput[]> {
  transform(body: unknown): MemberInput[] {
    if (!isPlainObject(body) || !('members' in body)) {
      const { member, details } = memberProblems(body, '');
      if (member === undefined) throw invalid(details);
      return [member];
    }
    const extra = Object.keys(body).filter((key) => key !== 'members');
    if (extra.length > 0) {
      throw invalid(
        extra.map((field) => ({ field, message: `property ${field} should not exist` })),
      );
    }
    const { members } = body;
    if (!Array.isArray(members) || members.length === 0) {
      throw invalid([{ field: 'members', message: 'members must be a non-empty array' }]);
    }
    if (members.length > MAX_MEMBERS_PER_REQUEST) {
      throw ApiError.badRequest(
        'too_many_rows',
        `At most ${MAX_MEMBERS_PER_REQUEST} members per request; got ${members.length}`,
      );
    }
    const inputs: MemberInput[] = [];
    const details: ErrorDetail[] = [];
    members.forEach((value: unknown, index) => {
      const checked = memberProblems(value, `members[${index}]`);
      if (checked.member !== undefined) inputs.push(checked.member);
      details.push(...checked.details);
    });
    if (details.length > 0) throw invalid(details);
    return inputs;
  }
}
