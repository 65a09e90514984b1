/**
 * Where a guard leaves what it authenticated, for handlers and param decorators to read. A
 * WeakMap keyed by the request, not a request property: a client cannot spoof it through body or
 * query merging, it never shows up in logged request objects, and it is typed.
 */
export class PrincipalSlot<P> {
  private readonly values = new WeakMap<object, P>();

  constructor(private readonly description: string) {}

  set(request: object, principal: P): void {
    this.values.set(request, principal);
  }

  get(request: object): P | undefined {
    return this.values.get(request);
  }

  /** The stored principal; throws (a 500, i.e. our bug) when the route has no guard filling it. */
  require(request: object): P {
    const value = this.values.get(request);
    if (value === undefined) {
      throw new Error(`No ${this.description} on this request: is the route missing its guard?`);
    }
    return value;
  }
}
