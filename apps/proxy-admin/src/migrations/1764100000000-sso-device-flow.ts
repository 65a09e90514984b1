import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Identity-provider connections and the device authorizations that sign in through them. A
 * login domain belongs to one connection (so to one team); a connection's client secret is
 * stored only as AES-256-GCM ciphertext with the id of the key that sealed it. Device codes are
 * stored as SHA-256 digests; a removed connection leaves its pending authorizations orphaned
 * (SET NULL), which their next poll reports as invalid_grant.
 */
export class SsoDeviceFlow1764100000000 implements MigrationInterface {
  name = 'SsoDeviceFlow1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE idp_connections (
        id text PRIMARY KEY CHECK (id ~ '^idp_[a-z0-9]{20}$'),
        team_id text NOT NULL,
        provider text NOT NULL CHECK (provider IN ('google_workspace', 'okta')),
        login_domain text NOT NULL UNIQUE CHECK (login_domain = lower(login_domain)),
        issuer text NOT NULL CHECK (issuer LIKE 'https://%'),
        client_id text NOT NULL,
        client_secret_ciphertext bytea NOT NULL,
        client_secret_key_id text NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        discovery jsonb NOT NULL,
        discovered_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX idp_connections_team ON idp_connections (team_id, created_at, id)',
    );
    await queryRunner.query(`
      CREATE TABLE device_authorizations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        device_code_sha256 bytea NOT NULL UNIQUE,
        user_code text NOT NULL CHECK (user_code ~ '^[BCDFGHJKLMNPQRSTVWXZ]{8}$'),
        idp_connection_id text REFERENCES idp_connections (id) ON DELETE SET NULL,
        team_id text NOT NULL,
        email text NOT NULL,
        status text NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'approved', 'denied', 'issued', 'connection_removed')),
        interval_seconds integer NOT NULL CHECK (interval_seconds > 0),
        last_polled_at timestamptz,
        expires_at timestamptz NOT NULL,
        client_ip text NOT NULL,
        user_agent text NOT NULL,
        created_at timestamptz NOT NULL,
        decided_at timestamptz,
        signed_in_subject text,
        key_id uuid
      )`);
    // A user code names one live authorization; finished ones may reuse it later.
    await queryRunner.query(
      `CREATE UNIQUE INDEX device_authorizations_live_user_code
         ON device_authorizations (user_code) WHERE status IN ('pending', 'approved')`,
    );
    await queryRunner.query(
      'CREATE INDEX device_authorizations_expiry ON device_authorizations (expires_at)',
    );
    await queryRunner.query(
      'CREATE INDEX device_authorizations_connection ON device_authorizations (idp_connection_id)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE device_authorizations');
    await queryRunner.query('DROP TABLE idp_connections');
  }
}
