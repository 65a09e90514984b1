/**
 * Identifiers and names that must be unique across the whole world: IMO numbers, MMSIs, ship names
 * (compared in their token-sorted sanctions form, so a sanctions entry naming one ship can never
 * match another) and company names. Vessels claim them in index order, each from its own stream.
 */
import { imoFromPrefix } from '../../identifiers';
import { tokenSorted } from '../../sanctions';
import type { Rng } from '../prng';
import { FLAG_BY_ISO2 } from '../reference/flags';
import {
  COMPANY_WORDS,
  MANAGER_FORMS,
  NAME_ADJECTIVES,
  NAME_NOUNS,
  NAME_PERSONS,
  NAME_PLACES,
  OWNER_FORMS,
  ROMAN,
  SHELL_FORMS,
} from '../reference/names';

export class IdentityRegistry {
  private readonly imos = new Set<string>();
  private readonly mmsis = new Set<string>();
  private readonly names = new Set<string>();
  private readonly companies = new Set<string>();

  /** A new IMO number whose leading digit follows the build era, with its check digit. */
  claimImo(rng: Rng, buildYear: number): string {
    for (;;) {
      let base: number;
      if (buildYear < 1985) base = 7_000_000 + Math.max(0, buildYear - 1955) * 30_000;
      else if (buildYear < 1995) base = 8_000_000 + (buildYear - 1985) * 90_000;
      else base = 9_050_000 + Math.min(930_000, (buildYear - 1995) * 31_000);
      const lead = buildYear < 1985 ? 7 : buildYear < 1995 ? 8 : 9;
      const value = Math.min(lead * 1_000_000 + 999_999, base + rng.int(0, 29_999));
      const imo = imoFromPrefix(String(Math.floor(value / 10)).padStart(6, '0'));
      if (!this.imos.has(imo)) {
        this.imos.add(imo);
        return imo;
      }
    }
  }

  /** A new MMSI: one of the flag's MIDs and six digits. */
  claimMmsi(rng: Rng, flag: string): string {
    const mids = FLAG_BY_ISO2.get(flag)?.mids ?? [];
    if (mids.length === 0) throw new RangeError(`flag ${flag} has no MID`);
    for (;;) {
      const mmsi = `${rng.pick(mids)}${String(rng.int(0, 999_999)).padStart(6, '0')}`;
      if (!this.mmsis.has(mmsi)) {
        this.mmsis.add(mmsi);
        return mmsi;
      }
    }
  }

  /** A ship name no other ship (current or former name) shares, even with its words reordered. */
  claimShipName(rng: Rng): string {
    for (let attempt = 0; ; attempt += 1) {
      let name = proposeShipName(rng);
      if (attempt > 6) name = `${name} ${rng.pick(ROMAN)}`;
      if (attempt > 20) name = `${name} ${rng.int(1, 99)}`;
      const key = tokenSorted(name);
      if (key !== '' && !this.names.has(key)) {
        this.names.add(key);
        return name;
      }
    }
  }

  /** A company name unique in its normalised form. */
  claimCompany(rng: Rng, forms: readonly string[]): string {
    for (let attempt = 0; ; attempt += 1) {
      const words =
        attempt < 10
          ? [rng.pick(COMPANY_WORDS)]
          : [rng.pick(COMPANY_WORDS), rng.pick(COMPANY_WORDS)];
      if (rng.chance(0.4)) words.push(rng.pick(COMPANY_WORDS));
      const name = `${words.join(' ')} ${rng.pick(forms)}`;
      const key = tokenSorted(name);
      if (!this.companies.has(key) && !this.names.has(key)) {
        this.companies.add(key);
        return name;
      }
    }
  }
}

function proposeShipName(rng: Rng): string {
  const style = rng.int(0, 5);
  const upper = (text: string): string => text.toUpperCase();
  switch (style) {
    case 0:
      return upper(`${rng.pick(NAME_ADJECTIVES)} ${rng.pick(NAME_NOUNS)}`);
    case 1:
      return upper(`${rng.pick(NAME_PLACES)} ${rng.pick(NAME_NOUNS)}`);
    case 2:
      return upper(
        rng.chance(0.5) ? rng.pick(NAME_PERSONS) : `${rng.pick(NAME_PERSONS)} ${rng.pick(ROMAN)}`,
      );
    case 3:
      return upper(`${rng.pick(NAME_NOUNS)} ${rng.pick(ROMAN)}`);
    case 4:
      return upper(`${rng.pick(NAME_ADJECTIVES)} ${rng.pick(NAME_PERSONS)}`);
    default:
      return upper(`${rng.pick(NAME_PLACES)} ${rng.pick(NAME_PERSONS)}`);
  }
}

export { MANAGER_FORMS, OWNER_FORMS, SHELL_FORMS };
