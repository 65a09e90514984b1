/**
 * The shuttle trades: laden from a loading port to a discharge port, ballast back.
 */
import { LINER_AND_LOCAL_TRADES } from './liner-trades';
import { shuttle } from './trade-types';
import type { Trade } from './trade-types';

export type { LocalTrade, LoopTrade, ShuttleTrade, Trade, TrampTrade } from './trade-types';
export { tradeOptions } from './trade-choice';

const SHUTTLES: Trade[] = [
  shuttle(
    'crude-gulf-asia',
    ['ras-tanura', 'fujairah'],
    [
      'ningbo-zhoushan',
      'qingdao',
      'shanghai',
      'tianjin',
      'busan',
      'kaohsiung',
      'singapore',
      'nhava-sheva',
    ],
    ['crude_oil'],
  ),
  shuttle(
    'crude-gulf-europe',
    ['ras-tanura'],
    ['rotterdam', 'piraeus', 'algeciras', 'antwerp-bruges'],
    ['crude_oil'],
  ),
  shuttle(
    'crude-usg-export',
    ['houston', 'new-orleans'],
    ['rotterdam', 'antwerp-bruges', 'ningbo-zhoushan', 'qingdao', 'busan'],
    ['crude_oil'],
  ),
  shuttle(
    'crude-black-sea',
    ['novorossiysk'],
    ['piraeus', 'algeciras', 'rotterdam', 'nhava-sheva', 'valencia'],
    ['crude_oil'],
  ),
  shuttle(
    'products-gulf-asia',
    ['jebel-ali', 'fujairah', 'ras-tanura'],
    ['nhava-sheva', 'colombo', 'singapore', 'port-klang'],
    ['refined_products'],
  ),
  shuttle(
    'products-atlantic',
    ['rotterdam', 'antwerp-bruges'],
    ['new-york-new-jersey', 'tanger-med', 'algeciras', 'hamburg'],
    ['refined_products'],
  ),
  shuttle(
    'products-asia',
    ['singapore', 'port-klang'],
    ['hong-kong', 'shenzhen', 'laem-chabang', 'kaohsiung', 'fremantle'],
    ['refined_products'],
  ),
  shuttle(
    'products-usg',
    ['houston'],
    ['santos', 'new-york-new-jersey', 'rotterdam'],
    ['refined_products'],
  ),
  shuttle(
    'shadow-black-sea',
    ['novorossiysk'],
    ['nhava-sheva', 'qingdao', 'ningbo-zhoushan', 'piraeus'],
    ['crude_oil', 'refined_products'],
  ),
  shuttle(
    'shadow-gulf',
    ['fujairah', 'jebel-ali'],
    ['qingdao', 'ningbo-zhoushan', 'tianjin', 'singapore'],
    ['crude_oil', 'refined_products'],
  ),
  shuttle(
    'chem-usg-europe',
    ['houston', 'new-orleans'],
    ['rotterdam', 'antwerp-bruges', 'hamburg'],
    ['chemicals'],
  ),
  shuttle(
    'chem-europe-asia',
    ['rotterdam', 'antwerp-bruges'],
    ['singapore', 'shanghai', 'nhava-sheva', 'jebel-ali'],
    ['chemicals'],
  ),
  shuttle(
    'chem-asia',
    ['singapore', 'ningbo-zhoushan', 'busan'],
    ['shanghai', 'qingdao', 'kaohsiung', 'laem-chabang', 'port-klang'],
    ['chemicals'],
  ),
  shuttle(
    'chem-middle-east',
    ['jebel-ali'],
    ['nhava-sheva', 'colombo', 'singapore'],
    ['chemicals'],
  ),
  shuttle(
    'chem-europe-short',
    ['rotterdam', 'antwerp-bruges'],
    ['hamburg', 'rouen', 'valencia', 'piraeus'],
    ['chemicals'],
  ),
  shuttle(
    'lng-qatar',
    ['ras-laffan'],
    ['busan', 'shanghai', 'tianjin', 'kaohsiung', 'nhava-sheva', 'rotterdam', 'singapore'],
    ['lng'],
  ),
  shuttle(
    'lng-usg',
    ['houston'],
    ['rotterdam', 'busan', 'shanghai', 'antwerp-bruges', 'piraeus'],
    ['lng'],
  ),
  shuttle(
    'ore-hedland',
    ['port-hedland'],
    ['qingdao', 'tianjin', 'shanghai', 'ningbo-zhoushan', 'busan', 'kaohsiung'],
    ['iron_ore'],
  ),
  shuttle(
    'ore-tubarao',
    ['tubarao'],
    ['qingdao', 'tianjin', 'ningbo-zhoushan', 'rotterdam'],
    ['iron_ore'],
  ),
  shuttle(
    'coal-newcastle',
    ['newcastle-au'],
    ['busan', 'kaohsiung', 'qingdao', 'shanghai', 'laem-chabang'],
    ['coal'],
  ),
  shuttle(
    'coal-richards-bay',
    ['richards-bay'],
    ['nhava-sheva', 'colombo', 'busan', 'rotterdam', 'laem-chabang'],
    ['coal'],
  ),
  shuttle(
    'grain-brazil',
    ['santos', 'paranagua'],
    ['qingdao', 'tianjin', 'shanghai', 'rotterdam', 'valencia'],
    ['soybeans', 'corn'],
  ),
  shuttle(
    'grain-usg',
    ['new-orleans'],
    ['qingdao', 'tianjin', 'busan', 'kaohsiung', 'rotterdam', 'valencia'],
    ['soybeans', 'corn'],
  ),
  shuttle(
    'grain-plata',
    ['rosario'],
    ['qingdao', 'shanghai', 'rotterdam', 'valencia'],
    ['soybeans', 'corn', 'wheat'],
  ),
  shuttle(
    'grain-black-sea',
    ['novorossiysk', 'odesa'],
    ['piraeus', 'valencia', 'tanger-med', 'jebel-ali', 'nhava-sheva', 'algeciras'],
    ['wheat', 'corn'],
  ),
  shuttle('grain-pnw', ['vancouver'], ['qingdao', 'busan', 'kaohsiung'], ['wheat']),
  shuttle(
    'grain-fremantle',
    ['fremantle'],
    ['port-klang', 'laem-chabang', 'busan', 'singapore'],
    ['wheat'],
  ),
  shuttle('grain-rouen', ['rouen'], ['tanger-med', 'algeciras', 'jebel-ali'], ['wheat']),
];

/** Every trade by slug: the shuttles here, the liner, tramp and local trades beside them. */
export const TRADES: Readonly<Record<string, Trade>> = Object.fromEntries(
  [...SHUTTLES, ...LINER_AND_LOCAL_TRADES].map((trade) => [trade.slug, trade]),
);
