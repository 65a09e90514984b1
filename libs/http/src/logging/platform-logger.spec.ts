import { LogCapture } from '@platform/testing';
import { PlatformLogger } from './platform-logger';

describe('PlatformLogger (Nest LoggerService on pino)', () => {
  const make = (level = 'info'): { logger: PlatformLogger; logs: LogCapture } => {
    const logs = new LogCapture();
    return { logger: new PlatformLogger({ service: 'svc', level, destination: logs }), logs };
  };

  it('takes the last extra parameter as the context and merges an object message', () => {
    const { logger, logs } = make();
    logger.log('listening on 3000', 'Bootstrap');
    logger.warn({ job: 'refresh', password: 'pw' }, 'Jobs');
    expect(logs.entries()).toEqual([
      expect.objectContaining({
        level: 'info',
        service: 'svc',
        msg: 'listening on 3000',
        context: 'Bootstrap',
        time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      }),
      expect.objectContaining({ level: 'warn', job: 'refresh', password: '[REDACTED]' }),
    ]);
    expect(logs.entries()[0]).not.toHaveProperty('req');
  });

  it('puts an Error, or the stack Nest passes as a string, under err', () => {
    const { logger, logs } = make();
    logger.error(new Error('kaput'), 'Worker');
    logger.error(
      'handler failed',
      'Error: handler failed\n    at x (y.js:1:1)',
      'ExceptionsHandler',
    );
    const [first, second] = logs.entries();
    expect(first).toMatchObject({ level: 'error', msg: 'kaput', context: 'Worker' });
    expect((first!['err'] as { message: string }).message).toBe('kaput');
    expect(second).toMatchObject({ msg: 'handler failed', context: 'ExceptionsHandler' });
    expect((second!['err'] as { stack: string }).stack).toContain('at x (y.js:1:1)');
  });

  it('drops lines below its level, verbose included', () => {
    const { logger, logs } = make('warn');
    logger.log('info line');
    logger.debug('debug line');
    logger.verbose('trace line');
    logger.fatal('fatal line');
    expect(logs.entries().map((e) => e['level'])).toEqual(['fatal']);
    expect(logger.isLevelEnabled('info')).toBe(false);
  });
});
