export * from './destinations';
export * from './geo';
export * from './identifiers';
export * from './plans';
export * from './risk';
export * from './sanctions';
export * from './ais';
export * from './world';
