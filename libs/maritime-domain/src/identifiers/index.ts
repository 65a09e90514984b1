export { imoCheckDigit, imoFromPrefix, isValidImo } from './imo';
export { isValidMmsi, mmsiMid } from './mmsi';
