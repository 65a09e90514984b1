export { createDestinationParser, parseDeclaredDestination } from './parser';
export type { DestinationParser, DestinationPort } from './parser';
