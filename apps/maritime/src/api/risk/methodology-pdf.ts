import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';

interface MethodologyFactor {
  factor: string;
  weight: number;
  raw_value: number | string | null;
  sub_score: number;
  weighted_contribution: number;
  window_days: number | null;
  rule: string;
}

export interface MethodologyBody {
  risk_methodology: {
    imo: string;
    vessel: { name: string; vessel_type: string; flag: string | null; build_year: number | null };
    version: string;
    computed_at: string;
    risk_score: number;
    risk_tier: string;
    tier_override: string | null;
    tiers: readonly { tier: string; min: number; max: number }[];
    factors: MethodologyFactor[];
    contributions_sum: number;
  };
}

const TIER_COLOURS: Record<string, string> = {
  low: '#2e7d32',
  medium: '#f9a825',
  high: '#ef6c00',
  critical: '#c62828',
};
const MARGIN = 48;
const A4_WIDTH = 595.28;
const CONTENT = A4_WIDTH - 2 * MARGIN;

/**
 * The risk methodology as an A4 PDF a risk officer can file: the vessel, its score and tier, the
 * 14 factors (raw value, sub-score, weight, contribution), contribution bars, the tier
 * thresholds and notes. The footer carries computed_at and the SHA-256 of the JSON body it was
 * drawn from; the document's dates are computed_at, so the same score renders the same bytes.
 */
export function renderMethodologyPdf(body: MethodologyBody): Promise<Buffer> {
  const m = body.risk_methodology;
  const computedAt = new Date(m.computed_at);
  const digest = createHash('sha256').update(JSON.stringify(body)).digest('hex');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `Risk methodology, IMO ${m.imo}`,
      Author: 'maritime',
      Subject: `${m.version} risk score of ${m.vessel.name}`,
      CreationDate: computedAt,
      ModDate: computedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(18).text('Vessel risk methodology', MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(10).fillColor('#555555').text(`Model ${m.version}`);
  doc.moveDown(0.8).fillColor('#000000').font('Helvetica-Bold').fontSize(13).text(m.vessel.name);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(
      `IMO ${m.imo}   ·   ${m.vessel.vessel_type.replace(/_/g, ' ')}   ·   flag ${m.vessel.flag ?? 'unknown'}   ·   built ${m.vessel.build_year ?? 'unknown'}`,
    );
  scoreBox(doc, m);
  factorTable(doc, m.factors);
  contributionBars(doc, m.factors);
  tierThresholds(doc, m.tiers);
  notes(doc, m);
  footer(doc, m.computed_at, digest);
  doc.end();
  return done;
}

type Doc = InstanceType<typeof PDFDocument>;

function scoreBox(doc: Doc, m: MethodologyBody['risk_methodology']): void {
  const top = doc.y + 12;
  const colour = TIER_COLOURS[m.risk_tier] ?? '#444444';
  doc.roundedRect(MARGIN, top, CONTENT, 54, 6).lineWidth(1.5).strokeColor(colour).stroke();
  doc
    .fillColor(colour)
    .font('Helvetica-Bold')
    .fontSize(26)
    .text(m.risk_score.toFixed(1), MARGIN + 16, top + 13);
  doc.fontSize(14).text(m.risk_tier.toUpperCase(), MARGIN + 110, top + 14);
  doc
    .fillColor('#333333')
    .font('Helvetica')
    .fontSize(9)
    .text(
      m.tier_override
        ? `Tier forced to critical: ${m.tier_override.replace(/_/g, ' ')}`
        : 'Tier from the score thresholds',
      MARGIN + 110,
      top + 34,
    )
    .text(`Sum of contributions ${m.contributions_sum.toFixed(2)}`, MARGIN + 330, top + 20);
  doc.y = top + 70;
}

function factorTable(doc: Doc, factors: MethodologyFactor[]): void {
  const columns = [
    { title: 'Factor', x: MARGIN, width: 150 },
    { title: 'Raw value', x: MARGIN + 150, width: 110 },
    { title: 'Sub-score', x: MARGIN + 260, width: 70 },
    { title: 'Weight', x: MARGIN + 330, width: 70 },
    { title: 'Contribution', x: MARGIN + 400, width: CONTENT - 400 },
  ];
  let y = doc.y;
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#000000');
  for (const c of columns) doc.text(c.title, c.x, y, { width: c.width });
  y += 14;
  doc
    .moveTo(MARGIN, y - 3)
    .lineTo(MARGIN + CONTENT, y - 3)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  doc.font('Helvetica').fontSize(9);
  factors.forEach((f, i) => {
    if (i % 2 === 1)
      doc
        .rect(MARGIN, y - 2, CONTENT, 14)
        .fillColor('#f2f2f2')
        .fill();
    doc.fillColor('#000000');
    const cells = [
      f.factor.replace(/_/g, ' '),
      f.raw_value === null ? '-' : String(f.raw_value).replace(/_/g, ' '),
      f.sub_score.toFixed(1),
      `${(f.weight * 100).toFixed(1)} %`,
      f.weighted_contribution.toFixed(2),
    ];
    columns.forEach((c, j) =>
      doc.text(cells[j] ?? '', c.x + 2, y, { width: c.width - 4, lineBreak: false }),
    );
    y += 14;
  });
  doc.y = y + 10;
}

function contributionBars(doc: Doc, factors: MethodologyFactor[]): void {
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('#000000')
    .text('Contribution by factor', MARGIN, doc.y);
  let y = doc.y + 6;
  // The largest possible contribution is a full sub-score on the heaviest weight.
  const scale = Math.max(...factors.map((f) => f.weight * 100), 1);
  const barWidth = CONTENT - 160;
  doc.font('Helvetica').fontSize(8);
  for (const f of factors) {
    doc
      .fillColor('#333333')
      .text(f.factor.replace(/_/g, ' '), MARGIN, y, { width: 150, lineBreak: false });
    doc
      .rect(MARGIN + 150, y, barWidth, 8)
      .fillColor('#e6e6e6')
      .fill();
    const width = (f.weighted_contribution / scale) * barWidth;
    if (width > 0)
      doc
        .rect(MARGIN + 150, y, width, 8)
        .fillColor('#1f5f8b')
        .fill();
    y += 12;
  }
  doc.y = y + 8;
}

function tierThresholds(doc: Doc, tiers: MethodologyBody['risk_methodology']['tiers']): void {
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('#000000')
    .text('Tier thresholds', MARGIN, doc.y);
  doc.font('Helvetica').fontSize(9);
  const line = tiers
    .map(
      (t, i) =>
        `${t.tier} ${t.min} to ${i === tiers.length - 1 ? `${t.max} inclusive` : `below ${t.max}`}`,
    )
    .join('   ·   ');
  doc.text(line, MARGIN, doc.y + 4, { width: CONTENT });
}

function notes(doc: Doc, m: MethodologyBody['risk_methodology']): void {
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).text('Notes', MARGIN);
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor('#333333')
    .text(
      'Each factor scores 0 to 100 from the facts its rule names; its contribution is the ' +
        'sub-score times the weight, and the score is the sum of the unrounded contributions, ' +
        'rounded to one decimal. A sanctions match on the IMO number or the MMSI forces the ' +
        'critical tier whatever the score. Bars are drawn against the largest contribution a ' +
        `factor can make (${(Math.max(...m.factors.map((f) => f.weight)) * 100).toFixed(1)} points). ` +
        'Every rule with its look-back window is in the JSON form of this methodology ' +
        `(format=json), whose SHA-256 the footer gives. Scored ${m.computed_at}.`,
      MARGIN,
      doc.y + 2,
      { width: CONTENT, align: 'left' },
    );
}

function footer(doc: Doc, computedAt: string, digest: string): void {
  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page += 1) {
    doc.switchToPage(page);
    // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor('#777777')
      .text(
        `Computed ${computedAt} · SHA-256 of the JSON methodology ${digest}`,
        MARGIN,
        841.89 - 30,
        {
          width: CONTENT,
          lineBreak: false,
        },
      );
    doc.page.margins.bottom = bottom;
  }
}
