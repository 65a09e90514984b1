export { CursorCodec, MAX_CURSOR_LENGTH } from './cursor-codec';
export type { CursorPosition } from './cursor-codec';
export { buildPage } from './build-page';
export type { Page } from './build-page';
export { decodeCursorOrIsoTimestamp } from './iso-timestamp-cursor';
export type { CursorOrTimestamp } from './iso-timestamp-cursor';
