/** The ten commodities, with HS headings and an indicative price used for trade-flow values. */

export interface CommodityDef {
  slug: string;
  name: string;
  hsCode: string;
  usdPerTonne: number;
}

export const COMMODITIES: readonly CommodityDef[] = [
  { slug: 'crude_oil', name: 'Crude oil', hsCode: '2709', usdPerTonne: 560 },
  {
    slug: 'refined_products',
    name: 'Refined petroleum products',
    hsCode: '2710',
    usdPerTonne: 720,
  },
  { slug: 'lng', name: 'Liquefied natural gas', hsCode: '271111', usdPerTonne: 520 },
  { slug: 'iron_ore', name: 'Iron ore', hsCode: '2601', usdPerTonne: 110 },
  { slug: 'coal', name: 'Coal', hsCode: '2701', usdPerTonne: 130 },
  { slug: 'soybeans', name: 'Soybeans', hsCode: '1201', usdPerTonne: 430 },
  { slug: 'wheat', name: 'Wheat', hsCode: '1001', usdPerTonne: 260 },
  { slug: 'corn', name: 'Corn', hsCode: '1005', usdPerTonne: 210 },
  { slug: 'chemicals', name: 'Organic chemicals', hsCode: '29', usdPerTonne: 950 },
  { slug: 'containerised_goods', name: 'Containerised goods', hsCode: '84', usdPerTonne: 4200 },
];

export type CommoditySlug =
  | 'crude_oil'
  | 'refined_products'
  | 'lng'
  | 'iron_ore'
  | 'coal'
  | 'soybeans'
  | 'wheat'
  | 'corn'
  | 'chemicals'
  | 'containerised_goods';
