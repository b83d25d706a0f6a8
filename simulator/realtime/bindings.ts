import type { Meta, RequestId } from './protocol.ts';

/** One bound status variable of one socket. */
export interface Binding {
  /** The id of the bind that made it: its notifies carry it (D6). */
  id: RequestId;
  meta: Meta;
  /** JSON of the last value sent (or seen at bind); undefined while the status has never existed. */
  last: string | undefined;
}

export const bindingKey = (m: { sys: string; mod: string; index: number; name?: string }): string =>
  JSON.stringify([m.sys, m.mod, m.index, m.name ?? '']);

/**
 * A socket's bindings, keyed by (sys, mod, index, name), with its limit. A repeat bind finds the
 * binding it already has (D7), so there is never a second subscription.
 */
export class BindingRegistry {
  readonly #bindings = new Map<string, Binding>();

  constructor(readonly limit: number) {}

  get size(): number {
    return this.#bindings.size;
  }

  get(meta: Meta): Binding | undefined {
    return this.#bindings.get(bindingKey(meta));
  }

  /** Adds a binding; false when the socket already holds `limit` of them. */
  add(binding: Binding): boolean {
    if (this.#bindings.size >= this.limit) return false;
    this.#bindings.set(bindingKey(binding.meta), binding);
    return true;
  }

  remove(meta: Meta): void {
    this.#bindings.delete(bindingKey(meta));
  }

  values(): IterableIterator<Binding> {
    return this.#bindings.values();
  }

  clear(): void {
    this.#bindings.clear();
  }
}

/**
 * What changed for one binding, given the value its status has now (undefined = absent or its module
 * unresolved): the JSON to send, or null for nothing. D9: only a different JSON is sent; a status
 * that disappears after it had a value is sent as null (deletion).
 */
export function changeFor(binding: Binding, value: unknown): string | null {
  if (value === undefined) return binding.last === undefined || binding.last === 'null' ? null : 'null';
  const json = JSON.stringify(value);
  return json === binding.last ? null : json;
}
