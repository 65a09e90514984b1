import { ladenStateFromDraft } from './laden-state';

describe('laden state from draft (first matching rule wins)', () => {
  it('(1) a draft drop of 1 m or more means ballast, whatever the draft', () => {
    expect(ladenStateFromDraft({ draftDelta: -1.0, draftCurrent: 15, designDraft: 12 })).toBe(
      false,
    );
  });
  it('(2) a rise of 1 m or more means laden', () => {
    expect(ladenStateFromDraft({ draftDelta: 1.0, draftCurrent: 2, designDraft: 12 })).toBe(true);
  });
  it('(3) a known vessel: laden iff draft ≥ 0.75 × design draft', () => {
    expect(ladenStateFromDraft({ draftDelta: 0.5, draftCurrent: 9, designDraft: 12 })).toBe(true);
    expect(ladenStateFromDraft({ draftCurrent: 8.99, designDraft: 12 })).toBe(false);
  });
  it('(4) only a draft: laden iff ≥ 10 m', () => {
    expect(ladenStateFromDraft({ draftCurrent: 10 })).toBe(true);
    expect(ladenStateFromDraft({ draftCurrent: 9.5, designDraft: null })).toBe(false);
  });
  it('(5) otherwise unknown', () => {
    expect(ladenStateFromDraft({})).toBeNull();
    expect(ladenStateFromDraft({ draftDelta: 0.99, designDraft: 12 })).toBeNull();
  });
});
