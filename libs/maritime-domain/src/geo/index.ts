export {
  haversineKm,
  haversineNm,
  initialBearingDeg,
  interpolateGreatCircle,
  KM_PER_NM,
} from './great-circle';
export type { LatLon } from './great-circle';
