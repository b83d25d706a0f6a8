import { vi } from 'vitest';
import type { LiveEvent, LiveTarget, Module, RoomdeckApi, SystemDetail } from '#contract';
import type { LiveEventSource } from '../../../renderer/src/lib/live/live-events.ts';
import { FUNCS, STATES } from './fixtures.ts';
import { contractApi, type VerbAnswers } from '../../support/contract-api.ts';

/** A room's service as the Room sees it through the bridge (record, types, funcs, state, exec). */

export const mod = (id: string, name: string, extra: Partial<Module> = {}): Module => ({
  id,
  name,
  dependency_id: `dep-${name}`,
  role: 1,
  connected: true,
  running: true,
  ...extra,
});

export function detail(panel?: unknown, modules: Module[] = []): SystemDetail {
  return {
    system: {
      id: 'sys-1',
      name: 'Huddle',
      zones: ['z'],
      modules: modules.map((m) => m.id),
      features: ['display'],
      version: 0,
      ...(panel === undefined ? {} : { settings: { panel } }),
    },
    modules,
    zones: [{ id: 'z', name: 'Level 3' }],
  };
}

/**
 * `systems` replaces the default answers of those verbs (a room that is down, or gone); `open` is
 * the default `systems.open`, for a replacement that answers as usual after all.
 */
export function fakeApi(
  d: SystemDetail,
  types: Record<string, number>,
  systems: VerbAnswers['systems'] = {},
) {
  const calls: string[] = [];
  const get = vi.fn(async (_args: { id: string }) => d);
  const typesOf = vi.fn(async (_args: { id: string }) => types);
  const funcs = vi.fn(async ({ module }: { module: string }) => FUNCS[module] ?? {});
  const state = vi.fn(async ({ module, index }: { module: string; index?: number }) => {
    calls.push(`state ${module}/${index ?? 1}`);
    return STATES[module] ?? {};
  });
  const api = contractApi({
    systems: {
      get,
      types: typesOf,
      funcs,
      state,
      exec: vi.fn(async ({ method }: { method: string }) => {
        calls.push(`exec ${method}`);
        return { result: null };
      }),
      // What the host's systems.open answers: the same record, types, funcs and state, in one call.
      open: vi.fn(open),
      ...systems,
    },
  });
  async function open({ id }: { id: string }) {
    const [dd, tt] = await Promise.all([api.systems.get({ id }), api.systems.types({ id })]);
    const instances = Object.entries(tt).flatMap(([module, count]) =>
      Array.from({ length: count }, (_, i) => ({ module, index: i + 1, count })),
    );
    const modules = await Promise.all(
      instances.map(async (m) => ({
        ...m,
        funcs: await api.systems.funcs({ id, module: m.module, index: m.index }),
        state: await api.systems.state({ id, module: m.module, index: m.index }).catch(() => ({})),
      })),
    );
    return { detail: dd, types: tt, modules };
  }
  return { api, calls, open };
}

/** A page's watch list, as `live.watch` takes it. */
export interface LiveWatch {
  watcher: string;
  id: string;
  targets: LiveTarget[];
  /** The room is in use (touched lately, or a page of it shown). */
  active?: boolean;
}

/** The main process's live channel as a page sees it: the watch lists it was given, events it pushes. */
export class FakeLive implements LiveEventSource {
  readonly watches: LiveWatch[] = [];
  readonly #listeners = new Set<(event: LiveEvent) => void>();
  /** What `live.watch` answers. */
  mode: 'push' | 'polling' = 'push';
  /**
   * As the main process does while pushing: each module newly watched gets its whole state as a
   * `state` event soon after the watch (from `states`, the service's truth); null: nothing is sent.
   */
  states: ((target: { module: string; index: number }) => Record<string, unknown>) | null = null;

  readonly api = {
    live: {
      watch: vi.fn(async (args: LiveWatch) => {
        const before = new Set(this.watching);
        this.watches.push(structuredClone(args));
        const states = this.states;
        if (this.mode === 'push' && states !== null) {
          const fresh = args.targets.filter((t) => !before.has(`${t.module}/${t.index}`));
          setTimeout(() => {
            for (const t of fresh) this.emit({ type: 'state', id: args.id, ...t, state: states(t) });
          }, 0);
        }
        return { mode: this.mode };
      }),
    },
  };

  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get listeners(): number {
    return this.#listeners.size;
  }

  emit(event: LiveEvent): void {
    for (const listener of this.#listeners) listener(event);
  }

  /** The modules of the last watch list, as `Class/index`, sorted. */
  get watching(): string[] {
    return (this.watches.at(-1)?.targets ?? []).map((t) => `${t.module}/${t.index}`).sort();
  }
}

/** The fake service with the live verb added. */
export function withLive(api: RoomdeckApi, live: FakeLive): RoomdeckApi {
  return { ...api, live: { ...api.live, watch: live.api.live.watch } };
}
