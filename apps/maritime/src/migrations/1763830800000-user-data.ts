import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API keys and what their owners keep: custom risk weights, watchlists and their categories,
 * per-user alert states, investigation case files and signal adjudications.
 *
 * owner_id is the API key's owner; every key of an owner shares these rows. There is no owners
 * table, so owner_id is plain text. Categories and entries reference their parent through
 * (owner_id, id), so a row can only hang under a category of the same owner.
 *
 * Immutable rows: a risk weight set never changes (a change is a new version), and case evidence
 * is captured once when the case is created, so exports stay stable. Triggers refuse UPDATE and
 * DELETE on them; evidence is deleted only together with its case.
 */
export class UserData1763830800000 implements MigrationInterface {
  name = 'UserData1763830800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const notifyOn = `ARRAY['port_entry', 'port_departure', 'dark_event', 'sanctions_match',
      'spoofing', 'sts_transfer', 'loitering', 'zone_entry', 'dark_fleet']::text[]`;
    const defaultNotifyOn = `'{port_entry,port_departure,dark_event,sanctions_match}'`;
    const vesselImo = `imo char(7) NOT NULL REFERENCES vessels (imo) ON DELETE CASCADE
      CHECK (imo_valid(imo))`;
    const statements = [
      `CREATE FUNCTION mar_forbid_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          RAISE EXCEPTION '% rows are immutable: % refused', TG_TABLE_NAME, TG_OP
            USING ERRCODE = 'restrict_violation';
        END $$`,
      // Deleting a case cascades to its evidence; by then the case row is gone, which is how
      // this tells a cascade from a direct DELETE.
      `CREATE FUNCTION mar_case_evidence_guard() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM case_files WHERE id = OLD.case_id)
          THEN
            RETURN OLD;
          END IF;
          RAISE EXCEPTION 'case_evidence rows are immutable: % refused', TG_OP
            USING ERRCODE = 'restrict_violation';
        END $$`,
      `CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        key_sha256 bytea NOT NULL UNIQUE CHECK (octet_length(key_sha256) = 32),
        prefix text NOT NULL CHECK (char_length(prefix) = 8),
        name text NOT NULL DEFAULT '' CHECK (char_length(name) <= 120),
        owner_id text NOT NULL CHECK (char_length(owner_id) BETWEEN 1 AND 200),
        plan text NOT NULL
          CHECK (plan IN ('free', 'starter', 'pro', 'supply_chain_risk', 'admin')),
        analyst boolean NOT NULL DEFAULT false,
        rate_limit_per_min integer CHECK (rate_limit_per_min > 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz,
        last_used_at timestamptz
      )`,
      'CREATE INDEX api_keys_owner ON api_keys (owner_id, created_at DESC)',
      // Custom risk weights of a supply-chain-risk owner: factor -> weight. Every change is a new
      // version; the newest version is in force.
      `CREATE TABLE risk_weight_sets (
        owner_id text NOT NULL,
        version integer NOT NULL CHECK (version >= 1),
        weights jsonb NOT NULL CHECK (jsonb_typeof(weights) = 'object'),
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by_key_id uuid REFERENCES api_keys (id) ON DELETE RESTRICT,
        PRIMARY KEY (owner_id, version)
      )`,
      `CREATE TRIGGER risk_weight_sets_immutable BEFORE UPDATE OR DELETE ON risk_weight_sets
        FOR EACH ROW EXECUTE FUNCTION mar_forbid_change()`,
      `CREATE TABLE watchlist_categories (
        id bigserial PRIMARY KEY,
        owner_id text NOT NULL,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
        parent_id bigint,
        sort_order integer NOT NULL DEFAULT 0,
        default_notify_on text[] NOT NULL DEFAULT ${defaultNotifyOn}
          CHECK (default_notify_on <@ ${notifyOn}),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (owner_id, id),
        FOREIGN KEY (owner_id, parent_id) REFERENCES watchlist_categories (owner_id, id)
          ON DELETE SET NULL (parent_id),
        CHECK (parent_id <> id)
      )`,
      `CREATE UNIQUE INDEX watchlist_categories_name
        ON watchlist_categories (owner_id, coalesce(parent_id, 0), lower(name))`,
      'CREATE INDEX watchlist_categories_parent ON watchlist_categories (parent_id)',
      `CREATE TABLE watchlist_entries (
        id bigserial PRIMARY KEY,
        owner_id text NOT NULL,
        ${vesselImo},
        label text CHECK (char_length(label) <= 200),
        notify_on text[] NOT NULL DEFAULT ${defaultNotifyOn} CHECK (notify_on <@ ${notifyOn}),
        category_id bigint,
        sort_order integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (owner_id, imo),
        FOREIGN KEY (owner_id, category_id) REFERENCES watchlist_categories (owner_id, id)
          ON DELETE SET NULL (category_id)
      )`,
      'CREATE INDEX watchlist_entries_owner ON watchlist_entries (owner_id, sort_order, id)',
      'CREATE INDEX watchlist_entries_category ON watchlist_entries (category_id)',
      'CREATE INDEX watchlist_entries_imo ON watchlist_entries (imo)',
      // No row means `open`.
      `CREATE TABLE alert_states (
        owner_id text NOT NULL,
        alert_uid text NOT NULL
          CHECK (alert_uid ~ '^(platform|dark_event|spoofing_alert|locus_alert):[0-9]+$'),
        state text NOT NULL CHECK (state IN ('open', 'read', 'resolved', 'snoozed')),
        read_at timestamptz,
        resolved_at timestamptz,
        snoozed_until timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (owner_id, alert_uid),
        CHECK (state <> 'resolved' OR resolved_at IS NOT NULL),
        CHECK (state <> 'snoozed' OR snoozed_until IS NOT NULL)
      )`,
      `CREATE TABLE case_files (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id text NOT NULL,
        ${vesselImo},
        motif_alert_uid text NOT NULL
          CHECK (motif_alert_uid ~ '^(platform|dark_event|spoofing_alert|locus_alert):[0-9]+$'),
        motif_name text NOT NULL
          CHECK (motif_name ~ '^(dark_sts|gap_in_risk_zone|loiter_then_dark|identity_shift)$'
            OR motif_name ~ '^single_[a-z_]+$'),
        detected_at timestamptz NOT NULL,
        severity text NOT NULL CHECK (severity IN ('critical', 'warning', 'info')),
        confidence numeric(5, 4) NOT NULL CHECK (confidence BETWEEN 0 AND 1),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (owner_id, imo, motif_alert_uid)
      )`,
      'CREATE INDEX case_files_owner_imo ON case_files (owner_id, imo, created_at DESC)',
      `CREATE TABLE case_evidence (
        id bigserial PRIMARY KEY,
        case_id uuid NOT NULL REFERENCES case_files (id) ON DELETE CASCADE,
        ord integer NOT NULL CHECK (ord >= 0),
        item_id text NOT NULL CHECK (item_id ~ '^[a-z_]+:[0-9]+$'),
        kind text NOT NULL CHECK (kind IN ('dark_event', 'spoofing', 'sts_transfer',
          'destination_deception', 'draft_anomaly', 'lifecycle_change', 'psc_inspection')),
        occurred_at timestamptz NOT NULL,
        title text NOT NULL,
        narrative text NOT NULL,
        confidence numeric(5, 4) NOT NULL CHECK (confidence BETWEEN 0 AND 1),
        severity text NOT NULL CHECK (severity IN ('critical', 'warning', 'info')),
        source_refs jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(source_refs) = 'array'),
        location_name text,
        UNIQUE (case_id, ord),
        UNIQUE (case_id, item_id)
      )`,
      `COMMENT ON COLUMN case_evidence.item_id IS 'the evidence id shown to users, <kind>:<row id>'`,
      `CREATE TRIGGER case_evidence_immutable BEFORE UPDATE OR DELETE ON case_evidence
        FOR EACH ROW EXECUTE FUNCTION mar_case_evidence_guard()`,
      `CREATE TABLE case_annotations (
        case_id uuid PRIMARY KEY REFERENCES case_files (id) ON DELETE CASCADE,
        analyst_notes text CHECK (char_length(analyst_notes) <= 10000),
        tags text[] NOT NULL DEFAULT '{}' CHECK (cardinality(tags) <= 20),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE signal_adjudications (
        owner_id text NOT NULL,
        signal_type text NOT NULL CHECK (signal_type IN ('dark_event', 'spoofing', 'sts_transfer',
          'destination_deception', 'draft_anomaly')),
        signal_id text NOT NULL CHECK (signal_id ~ '^[0-9]+$'),
        ${vesselImo},
        status text NOT NULL CHECK (status IN ('confirmed', 'false_positive', 'pending')),
        reason_code text CHECK (reason_code ~ '^[a-z][a-z0-9_]{1,63}$'),
        notes text CHECK (char_length(notes) <= 10000),
        suppression_hours smallint CHECK (suppression_hours IN (4, 12, 24, 48, 168)),
        suppression_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (owner_id, signal_type, signal_id),
        CHECK ((suppression_hours IS NULL) = (suppression_until IS NULL))
      )`,
      'CREATE INDEX signal_adjudications_imo ON signal_adjudications (owner_id, imo)',
      `CREATE INDEX signal_adjudications_suppressing
        ON signal_adjudications (imo, signal_type, suppression_until)
        WHERE suppression_until IS NOT NULL`,
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE signal_adjudications, case_annotations, case_evidence,
      case_files, alert_states, watchlist_entries, watchlist_categories, risk_weight_sets,
      api_keys`);
    await queryRunner.query('DROP FUNCTION mar_case_evidence_guard(), mar_forbid_change()');
  }
}
