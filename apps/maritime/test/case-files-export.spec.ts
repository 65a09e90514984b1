// The case archive end to end: every digest and the manifest digest recomputed, `sha256sum -c`
// on the written files (and failing on a tampered byte), the same bytes on every export (JSON
// and tar), the tarball unpacked by the system tar; plus the reconciliation cross-reference.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FixedClock } from '@platform/clock';
import { mirrorDiscrepancy } from '@platform/maritime-domain';
import { expectErrorBody } from '@platform/testing';
import { insertVessels, testImo } from './support/fixtures';
import {
  buildInvestigationWorld,
  OTHER,
  PARTNER,
  TANKER,
  type InvestigationWorld,
} from './support/investigations-fixtures';
import {
  fetchBytes,
  runSha256sum,
  sha256sumCheck,
  tempDir,
  type ArchiveBody,
} from './support/investigations-support';
import { maritimeForFile } from './support/maritime-harness';

const maritime = maritimeForFile();
const CLEAN = testImo(54);
let world: InvestigationWorld;
let analyst: string;
let stranger: string;
let firstCase: string;
let latestCase: string;
let createdAt: string;

const base = `/api/v1/vessels/${TANKER}/case-files`;
const clock = (): FixedClock => maritime.harness.clock as FixedClock;
const sha = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

beforeAll(async () => {
  world = await buildInvestigationWorld(maritime.harness.db, clock().now());
  analyst = await maritime.mintKey('pro', { owner: 'exp-a', analyst: true });
  stranger = await maritime.mintKey('pro', { owner: 'exp-b', analyst: true });
  createdAt = clock().now().toISOString();
  const first = await maritime.send<{ case: { case_id: string } }>(
    'POST',
    base,
    {
      motif_alert_id: `dark_event:${world.darkEvents.d1}`,
      notes: 'Ålesund → Fujairah?',
      tags: ['sts'],
    },
    analyst,
  );
  firstCase = first.body.case.case_id;
  clock().advance(3_600_000);
  const second = await maritime.send<{ case: { case_id: string } }>(
    'POST',
    base,
    { motif_alert_id: `dark_event:${world.darkEvents.d2}` },
    analyst,
  );
  latestCase = second.body.case.case_id;
});

const exportJson = (query = '', key = analyst) =>
  maritime.get<ArchiveBody>(`${base}/export${query}`, key);

describe('JSON export', () => {
  it('defaults to the latest case and names the attachment', async () => {
    const reply = await exportJson();
    expect(reply.status).toBe(200);
    expect(reply.body.archive.metadata['case_id']).toBe(latestCase);
    expect(reply.headers.get('content-disposition')).toBe(
      `attachment; filename="case-${TANKER}-${latestCase}.json"`,
    );
  });

  it('every digest, byte count and the manifest digest recompute; sha256sum -c passes', async () => {
    const { archive } = (await exportJson(`?case_id=${firstCase}`)).body;
    expect(archive.format).toBe('maritime-case-archive');
    expect(archive.version).toBe(1);
    expect(archive.files.map((f) => f.path)).toEqual([
      'case.json',
      'evidence.json',
      'metadata.json',
      'narrative.md',
      'sources.json',
    ]);
    for (const file of archive.files) {
      const entry = archive.manifest.entries.find((e) => e.path === file.path)!;
      expect(entry.sha256).toBe(sha(Buffer.from(file.content, 'utf8')));
      expect(entry.bytes).toBe(Buffer.byteLength(file.content, 'utf8'));
    }
    const lines = [...archive.manifest.entries]
      .sort((a, b) => (a.path < b.path ? -1 : 1))
      .map((e) => `${e.sha256}  ${e.path}\n`)
      .join('');
    expect(archive.manifest.manifest_sha256).toBe(sha(lines));
    const tmp = tempDir();
    try {
      const check = sha256sumCheck(tmp.dir, archive.files, lines);
      expect(check.output).toContain('case.json: OK');
      expect(check.ok).toBe(true);
      // sha256sum's own listing of the written files is the manifest digest's input.
      const listing = execFileSync('sha256sum', archive.files.map((f) => f.path).sort(), {
        cwd: tmp.dir,
        encoding: 'utf8',
      });
      expect(sha(listing)).toBe(archive.manifest.manifest_sha256);
      // One changed byte is caught.
      const path = join(tmp.dir, 'narrative.md');
      const bytes = readFileSync(path);
      bytes[10] = bytes[10]! ^ 1;
      writeFileSync(path, bytes);
      const tampered = runSha256sum(tmp.dir);
      expect(tampered.ok).toBe(false);
      expect(tampered.output).toContain('narrative.md: FAILED');
    } finally {
      tmp.done();
    }
  });

  it('the content: metadata, case, evidence refs, narrative and sources', async () => {
    const { archive } = (await exportJson(`?case_id=${firstCase}`)).body;
    const file = (path: string): string => archive.files.find((f) => f.path === path)!.content;
    const metadata = JSON.parse(file('metadata.json')) as Record<string, unknown>;
    expect(metadata).toEqual(archive.metadata);
    expect(metadata).toMatchObject({
      case_id: firstCase,
      imo: TANKER,
      generated_at: createdAt,
      evidence_count: 6,
      key_prefix: analyst.slice(0, 8),
    });
    expect(typeof metadata['service_version']).toBe('string');
    const c = JSON.parse(file('case.json')) as { anchor: { motifName: string } };
    expect(c.anchor.motifName).toBe('dark_sts');
    const evidence = JSON.parse(file('evidence.json')) as {
      sourceRefs: { table: string; id: string }[];
    }[];
    const sources = JSON.parse(file('sources.json')) as Record<string, Record<string, unknown>>;
    for (const e of evidence)
      for (const ref of e.sourceRefs) expect(sources[`${ref.table}:${ref.id}`]).toBeDefined();
    expect(sources[`dark_events:${world.darkEvents.d1}`]).toMatchObject({ imo: TANKER });
    const narrative = file('narrative.md');
    expect(narrative).toContain('Ålesund → Fujairah?');
    expect(narrative).toContain('Motif `dark_sts`');
    expect(narrative.indexOf('Draft change')).toBeLessThan(narrative.indexOf('Ship-to-ship'));
  });

  it('the same case exports to identical bytes, whatever the clock says', async () => {
    const one = await fetchBytes(`${maritime.url}${base}/export?case_id=${firstCase}`, analyst);
    clock().advance(86_400_000);
    const two = await fetchBytes(`${maritime.url}${base}/export?case_id=${firstCase}`, analyst);
    expect(one.status).toBe(200);
    expect(two.bytes.equals(one.bytes)).toBe(true);
  });

  it('another owner’s case, an unknown case and a vessel without cases → 404 case_not_found', async () => {
    for (const reply of [
      await exportJson(`?case_id=${firstCase}`, stranger),
      await exportJson('', stranger),
      await exportJson('?case_id=00000000-0000-4000-8000-000000000000'),
      await maritime.get(`/api/v1/vessels/${OTHER}/case-files/export`, analyst),
    ]) {
      expect(reply.status).toBe(404);
      expectErrorBody('code', reply.body, 'case_not_found');
    }
  });

  it.each(['case_id=42', 'format=zip'])('%s → 400', async (q) => {
    const reply = await exportJson(`?${q}`);
    expect(reply.status).toBe(400);
    expectErrorBody('code', reply.body, 'invalid_request');
  });
});

describe('tar export', () => {
  it('the same files plus SHA256SUMS; system tar extracts it and sha256sum -c passes', async () => {
    const url = `${maritime.url}${base}/export?case_id=${firstCase}&format=tar`;
    const tar = await fetchBytes(url, analyst);
    expect(tar.status).toBe(200);
    expect(tar.headers.get('content-type')).toContain('application/x-tar');
    expect(tar.headers.get('content-disposition')).toBe(
      `attachment; filename="case-${TANKER}-${firstCase}.tar"`,
    );
    const again = await fetchBytes(url, analyst);
    expect(again.bytes.equals(tar.bytes)).toBe(true);
    const { archive } = (await exportJson(`?case_id=${firstCase}`)).body;
    const tmp = tempDir();
    try {
      writeFileSync(join(tmp.dir, 'case.tar'), tar.bytes);
      const listing = execFileSync('tar', ['--numeric-owner', '--utc', '-tvf', 'case.tar'], {
        cwd: tmp.dir,
        encoding: 'utf8',
      });
      const rows = listing.trim().split('\n');
      expect(rows.map((r) => r.split(/\s+/).pop())).toEqual([
        'case.json',
        'evidence.json',
        'metadata.json',
        'narrative.md',
        'sources.json',
        'SHA256SUMS',
      ]);
      const minute = `${createdAt.slice(0, 10)} ${createdAt.slice(11, 16)}`;
      for (const row of rows) {
        expect(row.startsWith('-rw-r--r-- 0/0 ')).toBe(true);
        expect(row).toContain(minute);
      }
      execFileSync('tar', ['-xf', 'case.tar'], { cwd: tmp.dir });
      const check = runSha256sum(tmp.dir);
      expect(check.ok).toBe(true);
      expect(check.output.trim().split('\n')).toHaveLength(5);
      for (const file of archive.files)
        expect(readFileSync(join(tmp.dir, file.path), 'utf8')).toBe(file.content);
      expect(sha(readFileSync(join(tmp.dir, 'SHA256SUMS')))).toBe(archive.manifest.manifest_sha256);
    } finally {
      tmp.done();
    }
  });
});

describe('reconciliation', () => {
  interface Reconciliation {
    reconciliation: {
      imo: string;
      vessel: Record<string, unknown>;
      supply_chain_entities: Record<string, unknown>[];
      mirror_discrepancies: {
        exported_mt: number;
        imported_mt: number;
        discrepancy_pct: number;
        status: string;
      }[];
      sanctions_matches: { match_type: string }[];
      summary: Record<string, unknown>;
    };
  }
  const reconcile = (imo: string) =>
    maritime.get<Reconciliation>(`/api/v1/vessels/${imo}/case-files/reconciliation`, analyst);

  it('review: a name match and a significant mirror discrepancy (25 %)', async () => {
    const reply = await reconcile(TANKER);
    expect(reply.status).toBe(200);
    const r = reply.body.reconciliation;
    expect(r.vessel).toMatchObject({ imo_number: TANKER, name: 'NIGHT HERON' });
    const year = new Date(clock().nowMs() - 20 * 86_400_000).getUTCFullYear();
    // V1 arrived 20 d ago; the deception voyage (SG → NL, crude) too, 15 d ago.
    expect(r.supply_chain_entities).toEqual([
      {
        exporter: 'SG',
        importer: 'NL',
        commodity: 'crude_oil',
        period: year,
        load_port: 'singapore',
        voyages: 2,
      },
    ]);
    expect(r.mirror_discrepancies).toHaveLength(1);
    const d = r.mirror_discrepancies[0]!;
    const pct =
      (100 * Math.abs(d.exported_mt - d.imported_mt)) / Math.max(d.exported_mt, d.imported_mt);
    expect(d.discrepancy_pct).toBeCloseTo(pct, 4);
    expect(d).toMatchObject({
      exported_mt: 100,
      imported_mt: 75,
      discrepancy_pct: 25,
      status: 'significant',
    });
    expect(mirrorDiscrepancy(100, 75).status).toBe(d.status);
    expect(r.summary).toEqual({
      entities: 1,
      discrepancies_flagged: 1,
      sanctions_matches: 1,
      status: 'review',
    });
  });

  it('alert on a direct IMO match; clear with no match and no flagged discrepancy', async () => {
    const partner = (await reconcile(PARTNER)).body.reconciliation;
    expect(partner.sanctions_matches.map((m) => m.match_type)).toEqual(['direct_imo']);
    expect(partner.summary['status']).toBe('alert');
    // OTHER has no sanctions match, but carried the same discrepant trade: review.
    const other = (await reconcile(OTHER)).body.reconciliation;
    expect(other.summary).toEqual({
      entities: 1,
      discrepancies_flagged: 1,
      sanctions_matches: 0,
      status: 'review',
    });
    await insertVessels(maritime.harness.db, [{ imo: CLEAN, mmsi: '257000054', name: 'QUIET' }]);
    const clean = (await reconcile(CLEAN)).body.reconciliation;
    expect(clean.mirror_discrepancies).toEqual([]);
    expect(clean.summary).toEqual({
      entities: 0,
      discrepancies_flagged: 0,
      sanctions_matches: 0,
      status: 'clear',
    });
  });
});
