// One Roomdeck panel without a window: the main process's services (session, ControlClient, link
// health, bridge handlers, the live channel when `service.live` is on) behind the renderer's own
// bridge client, and the renderer's Room and PanelModel (Svelte rune classes, compiled by
// svelte-runes.ts) on top. The same code the app runs; only the transport between the two halves is
// a function call instead of IPC (the live events too: the route's subscription is the page's
// LiveEventSource), and nobody draws.
import { createMainServices, type MainServices } from '../../core/bridge/handlers.ts';
import { contractVerbs, dispatch, resolveVerb } from '../../core/bridge/validate.ts';
import type { ResolvedConfig } from '../../core/config/schema.ts';
import type { RoomdeckApi } from '../../contract/types.ts';
import { createMemoryVault } from '../../core/store/vault.ts';
import { createBridge } from '../../renderer/src/lib/bridge/bridge.ts';
import { systemClock } from '../../renderer/src/lib/time/clock.ts';
import { newWatcherId } from '../../renderer/src/lib/live/live-events.ts';
import { PanelModel } from '../../renderer/src/lib/panel/panel.svelte.ts';
import { Room } from '../../renderer/src/lib/room/room.svelte.ts';

export interface PanelCounters {
  /** Requests this panel sent to the service (every endpoint, token requests too). */
  requests: number;
  /** Round trips of state requests, ms, as the panel's HTTP client saw them. */
  stateMs: number[];
  /** Live events that reached the page (state, stale, mode), when the channel is on. */
  events: number;
}

/** The IPC transport without Electron: the same validate-and-dispatch core, as a plain call. */
function inProcessIpc(services: MainServices): RoomdeckApi {
  const api: Record<string, Record<string, (args: unknown) => Promise<unknown>>> = {};
  for (const { domain, verb } of contractVerbs()) {
    const target = resolveVerb(services.api, domain, verb);
    if (target === null) continue;
    api[domain] ??= {};
    (api[domain] as Record<string, (args: unknown) => Promise<unknown>>)[verb] = async (args) => {
      const response = await dispatch(target, structuredClone(args));
      if (response.ok) return response.value;
      throw response.error;
    };
  }
  return api as unknown as RoomdeckApi;
}

export class HeadlessPanel {
  readonly systemId: string;
  readonly counters: PanelCounters = { requests: 0, stateMs: [], events: 0 };
  /** `service.live` on: the page watches what it shows and takes pushed values, as the app does. */
  readonly live: boolean;
  readonly services: MainServices;
  readonly api: RoomdeckApi;
  room: Room | null = null;
  panel: PanelModel | null = null;
  #presses = 0;
  #view: string | undefined;

  constructor(config: ResolvedConfig, systemId: string) {
    this.systemId = systemId;
    this.live = config.service?.live === 'on';
    const counters = this.counters;
    const counting = (async (input: string | URL | Request, init?: RequestInit) => {
      counters.requests += 1;
      const url = input instanceof Request ? input.url : String(input);
      if (!new URL(url).pathname.endsWith('/state')) return fetch(input, init);
      const started = performance.now();
      const response = await fetch(input, init);
      const body = await response.arrayBuffer();
      counters.stateMs.push(performance.now() - started);
      return new Response(body, { status: response.status, headers: response.headers });
    }) as typeof fetch;
    this.services = createMainServices({
      config: { ...config, systemId },
      vault: createMemoryVault(),
      // A panel bound by configuration, never enrolled here.
      settings: {
        getSystemId: () => systemId,
        setSystemId: () => undefined,
        getEnrolment: () => null,
        setEnrolment: () => undefined,
        isEnrolling: () => false,
        setEnrolling: () => undefined,
      },
      signInMode: 'host-redirect',
      hostCallbackUrl: 'http://127.0.0.1:9/callback',
      fetch: counting,
    });
    this.api = createBridge({ ipc: inProcessIpc(this.services) });
  }

  /** What App.svelte does before it mounts the panel: config, sign in (managed account), the room. */
  async open(): Promise<void> {
    const config = await this.api.config.get({});
    let status = await this.api.session.status({});
    // A managed panel signs in by itself, and again after a failure (a busy service may time out).
    for (let attempt = 1; status.state !== 'signed-in'; attempt += 1) {
      status = (await this.api.session.signIn({})).status;
      if (status.state === 'signed-in') break;
      if (attempt === 5) {
        throw new Error(
          `panel for ${this.systemId} could not sign in: ${status.reason?.message ?? status.state}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
    }
    // The IPC transport's part: the route's events, as the preload hands them to the window.
    const route = this.services.live;
    const source = {
      subscribe: (listener: Parameters<typeof route.subscribe>[0]) =>
        route.subscribe((event) => {
          this.counters.events += 1;
          listener(event);
        }),
    };
    const room = new Room({
      api: this.api,
      systemId: this.systemId,
      poll: config.poll,
      clock: systemClock,
      live: this.live ? { source, watcher: newWatcherId() } : null,
    });
    this.room = room;
    this.panel = new PanelModel(room, config.panel);
    await room.load();
    if (room.plan === null) throw new Error(`${this.systemId}: ${room.loadError ?? 'did not load'}`);
    this.panel.syncPolling();
  }

  /**
   * Someone presses a control: the first press starts the room with its first source (as the
   * welcome screen's tiles do); later presses set the volume or pick a source again.
   */
  async press(): Promise<void> {
    const { room, panel } = this;
    if (!room || !panel) return;
    room.touched();
    this.#presses += 1;
    const plan = room.plan;
    const tile = plan?.home[this.#presses % Math.max(1, plan.home.length)];
    const volume = plan?.volume;
    try {
      if (!panel.roomOn && tile) await panel.start(tile);
      else if (volume && this.#presses % 2 === 0) {
        await room.exec(volume.module, volume.index, {
          method: volume.method,
          args: [...volume.args, 20 + (this.#presses % 5) * 5],
        });
      } else if (tile) await panel.start(tile);
    } catch {
      // A refused command is the room's business; the bench counts requests, not outcomes.
    }
    // What Panel.svelte's $effect does when the view changes (welcome ⇄ in use).
    panel.syncPolling();
  }

  /** Re-targets polling when the room's state changed the view, as Panel.svelte's $effect does. */
  sync(): void {
    const view = this.panel?.view;
    if (view === undefined || view === this.#view) return;
    this.#view = view;
    this.panel?.syncPolling();
  }

  dispose(): void {
    this.panel?.dispose();
    this.room?.dispose();
    this.services.dispose();
  }
}
