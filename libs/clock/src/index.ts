export { addUtcDays, Clock, FixedClock, SystemClock, utcDay } from './clock';
