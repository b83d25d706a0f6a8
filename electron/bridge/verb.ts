import type { Static, TSchema } from '@sinclair/typebox';

/** One bridge verb: the schema its argument must pass and the schema of what it returns. */
export interface Verb<A extends TSchema = TSchema, R extends TSchema = TSchema> {
  readonly args: A;
  readonly result: R;
}

export const verb = <A extends TSchema, R extends TSchema>(args: A, result: R): Verb<A, R> => ({
  args,
  result,
});

export type Domain = Readonly<Record<string, Verb>>;

/** The function a verb becomes in the renderer: one argument in, a promise of the result out. */
export type VerbFunction<V extends Verb> = (args: Static<V['args']>) => Promise<Static<V['result']>>;

export type DomainApi<D extends Domain> = { readonly [K in keyof D]: VerbFunction<D[K]> };
