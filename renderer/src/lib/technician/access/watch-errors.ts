import type { RoomdeckApi } from '#contract';
import { type BridgeError, toBridgeError } from '../../bridge/bridge.ts';

/** The same api, reporting every failure first (the tools still see it as before). */
export function watchErrors(api: RoomdeckApi, onError: (error: BridgeError) => void): RoomdeckApi {
  type Call = (args: unknown) => Promise<unknown>;
  const watched: Record<string, Record<string, Call>> = {};
  for (const [domain, verbs] of Object.entries(api as unknown as Record<string, Record<string, Call>>)) {
    watched[domain] = Object.fromEntries(
      Object.entries(verbs).map(([name, call]) => [
        name,
        async (args: unknown) => {
          try {
            return await call(args);
          } catch (error) {
            onError(toBridgeError(error));
            throw error;
          }
        },
      ]),
    );
  }
  return watched as unknown as RoomdeckApi;
}
