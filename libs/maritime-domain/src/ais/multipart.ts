/**
 * Groups the sentences of multipart messages before they reach the decoder, whose single buffer
 * would otherwise glue unrelated parts together or lose the next message after a broken one.
 *
 * At most one group is open at a time. Single-part sentences may arrive between the parts of a
 * group (receivers interleave traffic that way) and do not disturb it. A group is rejected when:
 * - another group starts before it is complete (`multipart_interleaved`; the new group is judged
 *   on its own);
 * - a later part carries a different sequence id or part count (`multipart_interleaved`, with
 *   that part);
 * - a part arrives with no open group, or not as the next part (`multipart_incomplete`);
 * - the input ends while it is open (`multipart_incomplete`, from {@link flush}).
 */
import type { AisSentenceFields } from './nmea';
import type { RejectReason } from './types';

export interface Fragment<Meta> {
  fields: AisSentenceFields;
  /** The sentence as it will be written to the decoder. */
  sentence: string;
  line: number;
  meta: Meta;
}

export interface RejectedFragments<Meta> {
  fragments: Fragment<Meta>[];
  reason: Extract<RejectReason, 'multipart_interleaved' | 'multipart_incomplete'>;
}

export interface AssemblyStep<Meta> {
  /** The complete group, in part order, when this fragment was its last part. */
  complete: Fragment<Meta>[] | null;
  rejected: RejectedFragments<Meta>[];
}

export class MultipartAssembler<Meta> {
  private open: Fragment<Meta>[] = [];

  /** Takes one part of a multipart message (fragmentCount > 1). */
  accept(fragment: Fragment<Meta>): AssemblyStep<Meta> {
    const { fragmentIndex, fragmentCount, sequenceId } = fragment.fields;
    const rejected: RejectedFragments<Meta>[] = [];
    if (fragmentIndex === 1) {
      if (this.open.length > 0)
        rejected.push({ fragments: this.open, reason: 'multipart_interleaved' });
      this.open = [fragment];
      return { complete: null, rejected };
    }
    const first = this.open[0];
    if (first === undefined) {
      rejected.push({ fragments: [fragment], reason: 'multipart_incomplete' });
      return { complete: null, rejected };
    }
    if (first.fields.sequenceId !== sequenceId || first.fields.fragmentCount !== fragmentCount) {
      rejected.push({ fragments: [...this.open, fragment], reason: 'multipart_interleaved' });
      this.open = [];
      return { complete: null, rejected };
    }
    if (fragmentIndex !== this.open.length + 1) {
      rejected.push({ fragments: [...this.open, fragment], reason: 'multipart_incomplete' });
      this.open = [];
      return { complete: null, rejected };
    }
    this.open.push(fragment);
    if (fragmentIndex < fragmentCount) return { complete: null, rejected };
    const complete = this.open;
    this.open = [];
    return { complete, rejected };
  }

  /** Rejects the group still open when the input ends. */
  flush(): RejectedFragments<Meta>[] {
    if (this.open.length === 0) return [];
    const fragments = this.open;
    this.open = [];
    return [{ fragments, reason: 'multipart_incomplete' }];
  }
}
