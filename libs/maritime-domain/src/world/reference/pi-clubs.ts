/**
 * P&I insurers: the twelve International Group clubs under their real names (all rated low, as
 * we never rate a real company below that) and six plainly fictional fixed-premium insurers.
 */

export interface PiClubDef {
  slug: string;
  name: string;
  igMember: boolean;
  type: 'mutual' | 'fixed_premium';
  riskTier: 'low' | 'medium' | 'high';
  aliases: readonly string[];
}

export const PI_CLUBS: readonly PiClubDef[] = [
  {
    slug: 'american',
    name: 'American Steamship Owners Mutual Protection and Indemnity Association',
    igMember: true,
    type: 'mutual',
    riskTier: 'low',
    aliases: ['American Club', 'American P&I Club'],
  },
  {
    slug: 'britannia',
    name: 'The Britannia Steam Ship Insurance Association',
    igMember: true,
    type: 'mutual',
    riskTier: 'low',
    aliases: ['Britannia', 'Britannia P&I Club'],
  },
  {
    slug: 'gard',
    name: 'Gard P. & I. (Bermuda) Ltd',
    igMember: true,
    type: 'mutual',
    riskTier: 'low',
    aliases: ['Gard', 'Gard AS'],
  },
  {
    slug: 'japan',
    name: 'The Japan Ship Owners\u2019 Mutual Protection & Indemnity Association',
    igMember: true,
    type: 'mutual',
    riskTier: 'low',
    aliases: ['Japan P&I Club', 'JPIA'],
  },
  {
    slug: 'london',
    name: 'The London Steam-Ship Owners\u2019 Mutual Insurance Association',
    igMember: true,
    type: 'mutual',
    riskTier: 'low',
    aliases: ['London P&I Club', 'The London Club'],
  },
  {
    slug: 'northstandard',
    name: 'NorthStandard',
    igMember: true,
    type: 'mutual',
    riskTier: 'low',
    aliases: ['NorthStandard Limited', 'North of England P&I', 'Standard Club'],
  },
  {
    slug: 'shipowners',
    name: 'The Shipowners\u2019 Mutual Protection and Indemnity Association (Luxembourg)',
    igMember: true,
    type: 'mutual',
    riskTier: 'low',
    aliases: ['Shipowners Club', 'The Shipowners\u2019 Club'],
  },
  {
    slug: 'skuld',
    name: 'Assuranceforeningen Skuld (Gjensidig)',
    igMember: true,
    type: 'mutual',
    riskTier: 'low',
    aliases: ['Skuld'],
  },
  {
    slug: 'steamship-mutual',
    name: 'Steamship Mutual Underwriting Association Limited',
    igMember: true,
    type: 'mutual',
    riskTier: 'low',
    aliases: ['Steamship Mutual', 'Steamship'],
  },
  {
    slug: 'swedish',
    name: 'The Swedish Club',
    igMember: true,
    type: 'mutual',
    riskTier: 'low',
    aliases: ['Swedish Club', 'Sveriges Angfartygs Assurans Forening'],
  },
  {
    slug: 'uk-pi',
    name: 'The United Kingdom Mutual Steam Ship Assurance Association Limited',
    igMember: true,
    type: 'mutual',
    riskTier: 'low',
    aliases: ['UK P&I Club', 'UK Club'],
  },
  {
    slug: 'west-of-england',
    name: 'The West of England Ship Owners Mutual Insurance Association (Luxembourg)',
    igMember: true,
    type: 'mutual',
    riskTier: 'low',
    aliases: ['West of England', 'West P&I'],
  },
  {
    slug: 'harbourlight-fixed',
    name: 'Harbourlight Fixed Premium Cover (fictional)',
    igMember: false,
    type: 'fixed_premium',
    riskTier: 'medium',
    aliases: ['Harbourlight'],
  },
  {
    slug: 'brass-lantern',
    name: 'Brass Lantern Marine Indemnity (fictional)',
    igMember: false,
    type: 'fixed_premium',
    riskTier: 'medium',
    aliases: ['Brass Lantern'],
  },
  {
    slug: 'kestrel-reef',
    name: 'Kestrel Reef Underwriting (fictional)',
    igMember: false,
    type: 'fixed_premium',
    riskTier: 'medium',
    aliases: ['Kestrel Reef'],
  },
  {
    slug: 'sable-current',
    name: 'Sable Current P&I (fictional)',
    igMember: false,
    type: 'fixed_premium',
    riskTier: 'high',
    aliases: ['Sable Current'],
  },
  {
    slug: 'quillfish',
    name: 'Quillfish Fixed Premium (fictional)',
    igMember: false,
    type: 'fixed_premium',
    riskTier: 'high',
    aliases: ['Quillfish'],
  },
  {
    slug: 'tamarind-bay',
    name: 'Tamarind Bay Marine Assurance (fictional)',
    igMember: false,
    type: 'fixed_premium',
    riskTier: 'high',
    aliases: ['Tamarind Bay'],
  },
];
