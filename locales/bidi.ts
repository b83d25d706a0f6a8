/*
 * Data inside a right-to-left sentence keeps its own direction. A room called "Huddle 3.2" or a
 * device called "Display 1" inside an Arabic sentence would otherwise be torn apart by the bidi
 * algorithm ("3.2 Huddle", a full stop jumping to the other end); an Arabic name inside the
 * sentence is likewise one piece. Each such value is wrapped in FIRST STRONG ISOLATE … POP
 * DIRECTIONAL ISOLATE (U+2068 … U+2069), the text form of <bdi>.
 *
 * Only the arguments a message shows as they are (`{room}`) are wrapped: one a message chooses by
 * (`{state, select, on {…} other {…}}`) must stay the bare word the select compares.
 */

/** The shape of intl-messageformat's parsed elements this needs (its TYPE numbers). */
interface Element {
  type: number;
  value?: unknown;
  options?: Record<string, { value: Element[] }>;
  children?: Element[];
}
const ARGUMENT = 1;
const SELECT = 5;
const PLURAL = 6;
const TAG = 8;

export const FSI = '\u2068';
export const PDI = '\u2069';

/** The names of the arguments a message shows as they are, anywhere in its choices. */
export function shownArguments(ast: readonly Element[], into = new Set<string>()): Set<string> {
  for (const el of ast) {
    if (el.type === ARGUMENT && typeof el.value === 'string') into.add(el.value);
    if (el.type === SELECT || el.type === PLURAL) for (const option of Object.values(el.options ?? {})) shownArguments(option.value, into);
    if (el.type === TAG) shownArguments(el.children ?? [], into);
  }
  return into;
}

/** `values` with each shown string argument isolated. */
export function isolateValues<V extends Record<string, unknown>>(values: V, shown: ReadonlySet<string>): V {
  const out: Record<string, unknown> = { ...values };
  for (const name of shown) {
    const v = out[name];
    if (typeof v === 'string' && v !== '') out[name] = `${FSI}${v}${PDI}`;
  }
  return out as V;
}
