import { getContext, setContext } from 'svelte';
import type { CapabilitiesView, Capability, RoomdeckApi } from '#contract';
import { t } from '../../i18n/i18n.svelte.ts';

/**
 * What the signed-in account may do, for the technician tools: an action it may not take is shown
 * disabled with the reason, never as a live button that fails. The main process probes once and
 * learns from every 403; the tools ask again whenever a view opens (no request reaches the service
 * unless something is still unknown).
 */
export class Permissions {
  readonly #api: RoomdeckApi;
  #view = $state.raw<CapabilitiesView | null>(null);

  constructor(api: RoomdeckApi) {
    this.#api = api;
  }

  async load(): Promise<void> {
    try {
      this.#view = await this.#api.session.capabilities({});
    } catch {
      // Not knowing is no reason to block a technician: the service still refuses what it must.
    }
  }

  /** false only when the service said so; unknown counts as allowed. */
  may(capability: Capability): boolean {
    return this.#view?.may[capability] !== false;
  }

  reason(capability: Capability): string | null {
    return this.may(capability) ? null : (this.#view?.reasons[capability] ?? t('tech.words.notAllowed'));
  }

  /** The account can manage or operate devices beyond using a room. */
  get technician(): boolean {
    return this.#view?.technician !== false;
  }
}

const PERMISSIONS = Symbol('roomdeck.permissions');

export function providePermissions(permissions: Permissions): Permissions {
  return setContext(PERMISSIONS, permissions);
}

/** The tools' permissions; outside the tools (component tests) everything is allowed. */
export function usePermissions(): Permissions | null {
  return getContext<Permissions | undefined>(PERMISSIONS) ?? null;
}
