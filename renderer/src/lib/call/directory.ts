/*
 * The codec's directory search answer, as a list of people and rooms to call. Codecs answer in
 * several shapes (a list, or an object holding one under `results`/`contacts`); anything without a
 * number to dial is left out.
 */

export interface Entry {
  name: string;
  number: string;
}

function entryOf(v: unknown): Entry | null {
  if (typeof v !== 'object' || v === null) return null;
  const r = v as Record<string, unknown>;
  const number = [r.number, r.uri, r.sip, r.address].find(
    (x): x is string => typeof x === 'string' && x !== '',
  );
  if (number === undefined) return null;
  const name = typeof r.name === 'string' && r.name.trim() !== '' ? r.name.trim() : number;
  return { name, number };
}

export function directoryOf(answer: unknown): Entry[] {
  const list = Array.isArray(answer)
    ? answer
    : typeof answer === 'object' && answer !== null
      ? ((answer as Record<string, unknown>).results ?? (answer as Record<string, unknown>).contacts)
      : undefined;
  return Array.isArray(list) ? list.flatMap((e) => entryOf(e) ?? []) : [];
}
