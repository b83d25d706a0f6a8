import { type Capabilities, type Capability, outcomeOf } from '../capabilities.ts';

/** A verb's implementation: one argument in, a promise of the result out. */
type Run<A, R> = (args: A) => Promise<R>;

/**
 * Every verb waits for the vault to be read, so the first status is the real one: `ready` is the
 * session's restore.
 */
export const afterReady =
  (ready: Promise<void>) =>
  <A, R>(run: Run<A, R>): Run<A, R> =>
  async (args) => {
    await ready;
    return run(args);
  };

/**
 * What the account may do is corrected by every real request (capabilities.ts): a success proves
 * the capability, a refusal (403) withdraws it; any other failure says nothing about it.
 */
export const learningInto =
  (capabilities: Capabilities) =>
  <A, R>(capability: Capability, run: Run<A, R>): Run<A, R> =>
  async (args) => {
    try {
      const result = await run(args);
      capabilities.learn(capability, true);
      return result;
    } catch (err) {
      if (outcomeOf(err) === 'forbidden') capabilities.learn(capability, false);
      throw err;
    }
  };

/** A verb whose contract result is `null`: the service's answer to the command is not passed on. */
export const answeringNull =
  <A>(run: (args: A) => Promise<unknown>): Run<A, null> =>
  async (args) => {
    await run(args);
    return null;
  };

/**
 * The wrappers of verbs that call the service on the account's behalf: each waits for the vault,
 * `learning` ones correct the capabilities, and a `command` (remove, start, stop) also answers null.
 */
export function serviceCalls(ready: Promise<void>, capabilities: Capabilities) {
  const after = afterReady(ready);
  const learning = learningInto(capabilities);
  const command = <A>(capability: Capability, run: (args: A) => Promise<unknown>): Run<A, null> =>
    after(learning(capability, answeringNull(run)));
  return { after, learning, command };
}
