/**
 * The motif of a case file: the pattern its anchor alert belongs to. Rules are tried in order and
 * the first that holds names the motif; an anchor that fits none is `single_<event_type>`.
 *
 * The dark events a rule looks at are the anchor itself when it is a dark event, otherwise the
 * vessel's dark events that started within 48 h of the anchor.
 */

export type MotifName =
  'dark_sts' | 'gap_in_risk_zone' | 'loiter_then_dark' | 'identity_shift' | `single_${string}`;

export interface MotifDarkEvent {
  id: string;
  startedAt: Date;
  /** Null while the gap is still open. */
  endedAt: Date | null;
  inZone: boolean;
}

export interface MotifContext {
  anchor: { eventType: string; occurredAt: Date; darkEventId: string | null };
  darkEvents: readonly MotifDarkEvent[];
  /** Start times of the vessel's STS transfers. */
  stsStarts: readonly Date[];
  /** End times (or start, when open) of the vessel's loitering episodes. */
  loiterEnds: readonly Date[];
  /** Detection times of identity_clone spoofing alerts. */
  identityClones: readonly Date[];
  /** vessel_identity_history change times (name, flag, MMSI). */
  identityChanges: readonly Date[];
}

const HOUR_MS = 3_600_000;
export const MOTIF_STS_WINDOW_HOURS = 48;
export const MOTIF_LOITER_WINDOW_HOURS = 24;
export const MOTIF_IDENTITY_WINDOW_DAYS = 30;

/** The dark events the rules consider for this anchor. */
export function focalDarkEvents(context: MotifContext): MotifDarkEvent[] {
  const { anchor } = context;
  if (anchor.darkEventId !== null)
    return context.darkEvents.filter((d) => d.id === anchor.darkEventId);
  const t = anchor.occurredAt.getTime();
  return context.darkEvents.filter(
    (d) => Math.abs(d.startedAt.getTime() - t) <= MOTIF_STS_WINDOW_HOURS * HOUR_MS,
  );
}

/** An STS transfer starting within 48 h of the gap (before its start or after its end). */
export function hasStsNear(dark: MotifDarkEvent, stsStarts: readonly Date[]): boolean {
  const from = dark.startedAt.getTime() - MOTIF_STS_WINDOW_HOURS * HOUR_MS;
  const to = (dark.endedAt ?? dark.startedAt).getTime() + MOTIF_STS_WINDOW_HOURS * HOUR_MS;
  return stsStarts.some((s) => s.getTime() >= from && s.getTime() <= to);
}

/** The gap started within 24 h after a loitering episode ended. */
export function followsLoitering(dark: MotifDarkEvent, loiterEnds: readonly Date[]): boolean {
  const start = dark.startedAt.getTime();
  return loiterEnds.some(
    (end) => start >= end.getTime() && start - end.getTime() <= MOTIF_LOITER_WINDOW_HOURS * HOUR_MS,
  );
}

/** An identity_clone within 48 h, or a name/flag/MMSI change within 30 days, of the anchor. */
export function hasIdentityShift(context: MotifContext): boolean {
  const t = context.anchor.occurredAt.getTime();
  return (
    context.identityClones.some(
      (c) => Math.abs(c.getTime() - t) <= MOTIF_STS_WINDOW_HOURS * HOUR_MS,
    ) ||
    context.identityChanges.some(
      (c) => Math.abs(c.getTime() - t) <= MOTIF_IDENTITY_WINDOW_DAYS * 24 * HOUR_MS,
    )
  );
}

export function motifName(context: MotifContext): MotifName {
  const darks = focalDarkEvents(context);
  if (darks.some((d) => hasStsNear(d, context.stsStarts))) return 'dark_sts';
  if (darks.some((d) => d.inZone)) return 'gap_in_risk_zone';
  if (darks.some((d) => followsLoitering(d, context.loiterEnds))) return 'loiter_then_dark';
  if (hasIdentityShift(context)) return 'identity_shift';
  return `single_${context.anchor.eventType}`;
}
