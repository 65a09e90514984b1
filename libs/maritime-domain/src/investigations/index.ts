export * from './archive';
export * from './calibration';
export * from './estimates';
export * from './motif';
export * from './ustar';
