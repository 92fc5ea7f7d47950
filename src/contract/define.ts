import { stamp, z } from './wire.ts';

/** Who may call a method: anyone, or a signed-in player. */
export type Access = 'public' | 'user';

/** One RPC method of the wire, declared once and used by client, workers and sim-server. */
export interface MethodDef<I extends z.ZodMiniType = z.ZodMiniType, O extends z.ZodMiniType = z.ZodMiniType> {
  /** One line for readers of the contract. */
  doc: string;
  access: Access;
  input: I;
  output: O;
  /** Moves money: accepts `stamp` as the idempotency key and is never queued offline. */
  money?: true;
  /**
   * Declared for the wire but not served yet: the server answers NOT_IMPLEMENTED whatever
   * handlers exist (tests/server/planned-methods.test.ts checks both ways). Implementing a
   * method removes this one word.
   */
  planned?: true;
  /**
   * A money method a player on a rest (account.break) may still call: withdrawals, the vault
   * and gift codes (document 1 section 6: the break keeps deposits and withdrawals).
   */
  duringBreak?: true;
}

/**
 * A record whose values are built on first read. The contract declares each method and each
 * socket message as a function that builds its schemas; the record runs that function when its
 * key is first read and keeps the answer, so a page builds the schemas of the calls and
 * messages it meets, not all of the contract's (docs/decisions/0053). Keys are known at once:
 * `Object.hasOwn` and `in` build nothing, `Object.entries` builds everything. A proxy over the
 * builders, not a getter defined per key: some 300 getters were themselves a few milliseconds
 * of every page's start on a phone.
 */
export function builtOnUse<T extends Record<string, () => unknown>>(builders: T): { readonly [K in keyof T]: ReturnType<T[K]> } {
  const made = new Map<string, unknown>();
  const own = (key: PropertyKey): key is string => typeof key === 'string' && Object.hasOwn(builders, key);
  const read = (key: string) => {
    if (!made.has(key)) made.set(key, builders[key]!());
    return made.get(key);
  };
  const record = new Proxy(builders, {
    get: (target, key) => (own(key) ? read(key) : Reflect.get(target, key)),
    getOwnPropertyDescriptor: (_target, key) => (own(key) ? { get: () => read(key), enumerable: true, configurable: true } : undefined),
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  });
  return record as unknown as { readonly [K in keyof T]: ReturnType<T[K]> };
}

/** Declares a method; the identity function exists to infer and check the types. */
export function method<I extends z.ZodMiniType, O extends z.ZodMiniType>(def: MethodDef<I, O>): MethodDef<I, O> {
  return def;
}

/**
 * Declares a method whose payload and answer the spec does not show: any fields pass
 * through to the handler (only a money call's `stamp` is checked) and the answer stays
 * unknown until a later issue names it. The doc line says so.
 */
export function unshown(def: { doc: string; access: Access; money?: true; planned?: true }) {
  return method({
    doc: `${def.doc} Payload and answer not shown in the spec.`,
    access: def.access,
    input: def.money ? z.looseObject({ stamp: stamp() }) : z.looseObject({}),
    output: z.unknown(),
    ...(def.money ? { money: def.money } : {}),
    ...(def.planned ? { planned: def.planned } : {}),
  });
}
