export type ErrorShape = 'openai' | 'code';

/** Reads status-independent error fields from either service error body shape. */
export function errorOf(
  shape: ErrorShape,
  body: unknown,
): { code: unknown; message: unknown; details?: unknown } {
  const b = body as Record<string, unknown>;
  if (shape === 'openai') {
    const e = (b['error'] ?? {}) as Record<string, unknown>;
    return { code: e['code'], message: e['message'], details: e['details'] };
  }
  return { code: b['code'], message: b['error'], details: b['details'] };
}

/** Asserts a body is exactly the service's error shape with the given code. */
export function expectErrorBody(shape: ErrorShape, body: unknown, code: string): void {
  const { code: actual, message } = errorOf(shape, body);
  expect(actual).toBe(code);
  expect(typeof message).toBe('string');
  if (shape === 'openai') {
    expect(Object.keys(body as object)).toEqual(['error']);
    expect(typeof (body as { error: { type: unknown } }).error.type).toBe('string');
  } else {
    expect(typeof (body as { error: unknown }).error).toBe('string');
  }
}
