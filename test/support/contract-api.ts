import { contract, type DomainName, type RoomdeckApi } from '../../contract/verbs.ts';

/** Answers for some of the contract's verbs, each typed as the contract types it. */
export type VerbAnswers = { [D in DomainName]?: Partial<RoomdeckApi[D]> };

export interface ContractApiOptions {
  /**
   * Runs before every verb, answered or not, with its `domain.verb` name: a test records the call
   * here, or refuses it by throwing.
   */
  before?: (verb: string, args: unknown) => void;
}

/**
 * The one fake `RoomdeckApi` of the tests: every verb `contract/verbs.ts` declares, walked from the
 * contract itself so a new verb is never missing from a fake. A verb the test gives no answer for
 * rejects with "<domain.verb> is not faked", so a test that reaches one it did not expect says so.
 */
export function contractApi(answers: VerbAnswers, options: ContractApiOptions = {}): RoomdeckApi {
  const api: Record<string, Record<string, (args: unknown) => Promise<unknown>>> = {};
  for (const domain of Object.keys(contract) as DomainName[]) {
    const given = (answers[domain] ?? {}) as Record<string, ((args: unknown) => unknown) | undefined>;
    api[domain] = {};
    for (const verb of Object.keys(contract[domain])) {
      const name = `${domain}.${verb}`;
      const answer = given[verb];
      // Without a hook the answer itself is the verb, so a test may still read its vi.fn's calls.
      if (answer !== undefined && options.before === undefined) {
        api[domain][verb] = answer as (args: unknown) => Promise<unknown>;
        continue;
      }
      api[domain][verb] = async (args: unknown) => {
        options.before?.(name, args);
        if (answer === undefined) throw new Error(`${name} is not faked`);
        return answer(args);
      };
    }
  }
  return api as unknown as RoomdeckApi;
}
