import { Controller, Get, Module, Post, Query, UseGuards } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { HttpErrorFilter, openAiErrorBody } from '@platform/http';
import { expectErrorBody, RunningTestApp, startTestApp } from '@platform/testing';
import { AdminAuthModule } from '../admin/admin-auth.module';
import type { AdminPrincipal } from '../admin/admin-principal';
import { AdminSecretOnly, AllowScopedAdminToken } from '../admin/admin-route-access';
import { AdminGuard } from '../admin/admin.guard';
import { CurrentAdmin } from '../admin/current-admin.decorator';
import { sha256Hex } from '../crypto/token-digest';
import { CurrentSession } from '../session/current-session.decorator';
import { mintSessionToken } from '../session/mint-session-token';
import { SessionAuthModule } from '../session/session-auth.module';
import type { DashboardSession } from '../session/session-claims';
import { SessionGuard } from '../session/session.guard';

const ADMIN_SECRET = 'admin-secret-0123456789abcdef';
const SCOPED = 'scoped-token-0123456789abcdef';
const SESSION_SECRET = 'dashboard-session-secret-0123456789abcdef';

@Controller('admin')
@UseGuards(AdminGuard)
class AdminTestController {
  @Post('keys')
  mintKey(): { ok: true } {
    return { ok: true };
  }

  @Get('keys')
  @AllowScopedAdminToken()
  listKeys(
    @CurrentAdmin() principal: AdminPrincipal,
    @Query('team_id') teamId?: string,
  ): { principal: AdminPrincipal; team_id?: string } {
    return { principal, team_id: teamId };
  }

  // Marked by mistake: the guard must still keep scoped tokens off a mutation.
  @Post('keys/revoke')
  @AllowScopedAdminToken()
  revokeKey(): { ok: true } {
    return { ok: true };
  }

  @Get('unlisted')
  unlisted(): { ok: true } {
    return { ok: true };
  }

  @Get('sessions/window')
  @AdminSecretOnly()
  sessionsWindow(): { ok: true } {
    return { ok: true };
  }
}

@Controller('reads')
@UseGuards(AdminGuard)
@AllowScopedAdminToken()
class ScopedReadsController {
  @Get('open')
  open(): { ok: true } {
    return { ok: true };
  }

  @Get('closed')
  @AdminSecretOnly()
  closed(): { ok: true } {
    return { ok: true };
  }
}

@Controller('api')
@UseGuards(SessionGuard)
class DashboardTestController {
  @Get('me')
  me(@CurrentSession() session: DashboardSession): DashboardSession {
    return session;
  }
}

@Module({
  imports: [
    AdminAuthModule.forRoot({
      adminSecret: ADMIN_SECRET,
      scopedTokens: [
        { name: 'ab-reader', token_sha256: sha256Hex(SCOPED), team_ids: ['team-a', 'team-b'] },
      ],
    }),
    SessionAuthModule.forRoot({
      hs256Secret: SESSION_SECRET,
      requiredClaims: ['sub', 'email', 'team_id'],
    }),
  ],
  controllers: [AdminTestController, ScopedReadsController, DashboardTestController],
})
class AuthTestModule {}

let running: RunningTestApp;

beforeAll(async () => {
  running = await startTestApp(async () => {
    const app = await NestFactory.create(AuthTestModule, { logger: false });
    app.useGlobalFilters(new HttpErrorFilter(openAiErrorBody));
    return app;
  });
});

afterAll(() => running.close());

async function call(
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(`${running.url}${path}`, { method, headers });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function expectError(
  response: Promise<{ status: number; body: unknown }>,
  status: number,
  code: string,
): Promise<void> {
  const { status: actual, body } = await response;
  expect({ status: actual, code: (body as { error: { code: string } }).error.code }).toEqual({
    status,
    code,
  });
  expectErrorBody('openai', body, code);
}

describe('AdminGuard over HTTP', () => {
  it('answers 401 without or with a malformed Authorization header', async () => {
    const missing = await call('GET', '/admin/keys');
    expectErrorBody('openai', missing.body, 'missing_authorization');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    for (const header of ['Bearer', 'Basic x', `Bearer ${ADMIN_SECRET} extra`]) {
      await expectError(
        call('GET', '/admin/keys', { authorization: header }),
        401,
        'malformed_authorization',
      );
    }
  });

  it('answers 401 virtual_key_not_allowed to an sk-proxy- key, on reads and mutations', async () => {
    await expectError(
      call('GET', '/admin/keys', bearer('sk-proxy-abc')),
      401,
      'virtual_key_not_allowed',
    );
    await expectError(
      call('POST', '/admin/keys', bearer('sk-proxy-abc')),
      401,
      'virtual_key_not_allowed',
    );
  });

  it('answers 401 invalid_admin_token to an unknown token', async () => {
    await expectError(
      call('GET', '/admin/keys', bearer('wrong-token')),
      401,
      'invalid_admin_token',
    );
  });

  it('lets ADMIN_SECRET call every route, with or without team_id', async () => {
    const admin = bearer(ADMIN_SECRET);
    expect(await call('GET', '/admin/keys', admin)).toMatchObject({
      status: 200,
      body: { principal: { kind: 'admin' } },
    });
    for (const [method, path] of [
      ['POST', '/admin/keys'],
      ['POST', '/admin/keys/revoke'],
      ['GET', '/admin/unlisted'],
      ['GET', '/admin/sessions/window'],
      ['GET', '/reads/open'],
      ['GET', '/reads/closed?team_id=anything'],
    ] as const) {
      expect((await call(method, path, admin)).status).toBeLessThan(300);
    }
  });

  it('lets a scoped token read an allowlisted route for one of its teams', async () => {
    expect(await call('GET', '/admin/keys?team_id=team-b', bearer(SCOPED))).toEqual({
      status: 200,
      headers: expect.anything(),
      body: {
        principal: { kind: 'scoped', name: 'ab-reader', teamIds: ['team-a', 'team-b'] },
        team_id: 'team-b',
      },
    });
    expect((await call('GET', '/reads/open?team_id=team-a', bearer(SCOPED))).status).toBe(200);
  });

  it('answers 403 scoped_token_not_allowed to a scoped token on any mutation', async () => {
    await expectError(
      call('POST', '/admin/keys?team_id=team-a', bearer(SCOPED)),
      403,
      'scoped_token_not_allowed',
    );
    await expectError(
      call('POST', '/admin/keys/revoke?team_id=team-a', bearer(SCOPED)),
      403,
      'scoped_token_not_allowed',
    );
  });

  it('answers 403 scoped_token_not_allowed off the allowlist and on admin-secret-only routes', async () => {
    for (const path of ['/admin/unlisted', '/admin/sessions/window', '/reads/closed']) {
      await expectError(
        call('GET', `${path}?team_id=team-a`, bearer(SCOPED)),
        403,
        'scoped_token_not_allowed',
      );
    }
  });

  it('answers 403 team_not_allowed for a team outside the token', async () => {
    await expectError(
      call('GET', '/admin/keys?team_id=team-x', bearer(SCOPED)),
      403,
      'team_not_allowed',
    );
    await expectError(call('GET', '/admin/keys?team_id=', bearer(SCOPED)), 403, 'team_not_allowed');
  });

  it('answers 403 team_id_required when a scoped token names no team', async () => {
    await expectError(call('GET', '/admin/keys', bearer(SCOPED)), 403, 'team_id_required');
  });

  it('answers 400 invalid_request when team_id is repeated', async () => {
    await expectError(
      call('GET', '/admin/keys?team_id=team-a&team_id=team-b', bearer(SCOPED)),
      400,
      'invalid_request',
    );
  });
});

describe('SessionGuard over HTTP', () => {
  const member = { sub: 'user-1', email: 'ada@example.com', team_id: 'team-a' };
  let token: string;

  beforeAll(async () => {
    token = await mintSessionToken({ secret: SESSION_SECRET, ...member, ttlSeconds: 600 });
  });

  it('accepts the session cookie', async () => {
    const response = await call('GET', '/api/me', { cookie: `theme=dark; session=${token}` });
    expect(response).toMatchObject({ status: 200, body: member });
  });

  it('accepts Authorization: Bearer', async () => {
    expect(await call('GET', '/api/me', bearer(token))).toMatchObject({
      status: 200,
      body: member,
    });
  });

  it('answers 401 unauthorized without a session', async () => {
    await expectError(call('GET', '/api/me'), 401, 'unauthorized');
    await expectError(call('GET', '/api/me', { cookie: 'theme=dark' }), 401, 'unauthorized');
  });

  it('answers 401 unauthorized to an invalid, expired or admin token', async () => {
    const expired = await mintSessionToken({
      secret: SESSION_SECRET,
      ...member,
      ttlSeconds: 60,
      now: new Date(Date.now() - 3_600_000),
    });
    await expectError(
      call('GET', '/api/me', { cookie: `session=${expired}` }),
      401,
      'unauthorized',
    );
    await expectError(call('GET', '/api/me', bearer(ADMIN_SECRET)), 401, 'unauthorized');
    await expectError(call('GET', '/api/me', { cookie: 'session=garbage' }), 401, 'unauthorized');
  });

  it('uses an explicit Authorization header over the cookie', async () => {
    await expectError(
      call('GET', '/api/me', { authorization: 'Basic x', cookie: `session=${token}` }),
      401,
      'unauthorized',
    );
  });
});
