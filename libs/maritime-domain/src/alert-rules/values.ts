/** Value helpers shared by the evaluator: field lookup and the comparisons' coercions. */
import type { RuleAlertRecord } from './types';

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
/** A date, or a date and time with an explicit zone: nothing that depends on the server's zone. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** A string that spells a number (`"12"`, `"-3.5"`, `"1e3"`), as a number; otherwise NaN. */
export function numericString(value: string): number {
  return NUMERIC.test(value) ? Number(value) : NaN;
}

/** The instant an ISO 8601 timestamp names, in ms; NaN for anything else. */
export function isoInstant(value: string): number {
  return ISO_INSTANT.test(value) ? Date.parse(value) : NaN;
}

/** Own keys only: `metadata.constructor` must not find Object.prototype.constructor. */
const hasOwn = Object.prototype.hasOwnProperty;

export function metadataPath(segments: readonly string[]): (record: RuleAlertRecord) => unknown {
  const [key] = segments;
  if (segments.length === 1 && key !== undefined) {
    return (record) => {
      const m = record.metadata;
      if (typeof m !== 'object' || m === null || Array.isArray(m) || !hasOwn.call(m, key))
        return undefined;
      return (m as Record<string, unknown>)[key];
    };
  }
  return (record) => {
    let at: unknown = record.metadata;
    for (const key of segments) {
      if (typeof at !== 'object' || at === null || Array.isArray(at) || !hasOwn.call(at, key))
        return undefined;
      at = (at as Record<string, unknown>)[key];
    }
    return at;
  };
}

const metadataImo = metadataPath(['imo_number']);

/** How a rule reads `field` from a record; see the evaluation rules in the docs. */
export function fieldReader(field: string): (record: RuleAlertRecord) => unknown {
  switch (field) {
    case 'product':
      return (record) => record.product;
    case 'severity':
      return (record) => record.severity;
    case 'source':
      return (record) => record.source;
    case 'event_type':
      return (record) => record.event_type;
    case 'imo_number':
      return metadataImo;
    case 'entity_id':
      // The vessel when there is one; otherwise the alert's own subject (e.g. a gauge slug).
      return (record) => {
        const imo = metadataImo(record);
        return imo === undefined || imo === null ? record.entity_id : imo;
      };
    default:
      return metadataPath(field.slice('metadata.'.length).split('.'));
  }
}
