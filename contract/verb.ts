import type { Static, TSchema } from '@sinclair/typebox';

/**
 * Who may call a verb, declared with it in the contract (audience.ts turns it into the rule):
 * - `panel`: what the room's own screens need (sign-in, the room, its controls, the room picker);
 *   anyone standing at the panel may use it.
 * - `technician`: only a technician. On a kiosk it is refused on every route and transport while
 *   the PIN gate is closed; elsewhere the person at the computer is the one signed in.
 * - `gate`: the PIN gate's own verbs (how it opens and closes): answered on every route.
 */
export type Audience = 'panel' | 'technician' | 'gate';

export const AUDIENCES: readonly Audience[] = ['panel', 'technician', 'gate'];

/** One bridge verb: who may call it, the schema its argument must pass, the schema of its result. */
export interface Verb<A extends TSchema = TSchema, R extends TSchema = TSchema> {
  readonly audience: Audience;
  readonly args: A;
  readonly result: R;
}

export const verb = <A extends TSchema, R extends TSchema>(
  audience: Audience,
  args: A,
  result: R,
): Verb<A, R> => ({ audience, args, result });

export type Domain = Readonly<Record<string, Verb>>;

/** The function a verb becomes in the renderer: one argument in, a promise of the result out. */
export type VerbFunction<V extends Verb> = (args: Static<V['args']>) => Promise<Static<V['result']>>;

export type DomainApi<D extends Domain> = { readonly [K in keyof D]: VerbFunction<D[K]> };
