import {
  json,
  urlencoded,
  type NextFunction,
  type Request,
  type Response,
  type Router,
} from 'express';

const LIMIT = '16kb';

/**
 * Body parsing of the two RFC 8628 machine routes, ahead of the app's JSON-only parser: they
 * also take forms (what standard device-flow clients send), and a body the token route cannot
 * read is answered in RFC 6749's error shape, the only one such clients understand.
 */
export function useDeviceRouteBodyParsers(parsers: Router): void {
  const forms = [json({ limit: LIMIT }), urlencoded({ extended: false, limit: LIMIT })];
  parsers.use('/oauth/device/code', ...forms);
  parsers.use('/oauth/device/token', ...forms, tokenBodyError);
}

function tokenBodyError(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(error);
  // RFC 6749 5.2: every error of the token endpoint is a 400 (too large and bad charset too).
  res
    .status(400)
    .set('Cache-Control', 'no-store')
    .json({ error: 'invalid_request', error_description: 'The request body could not be read' });
}
