import type { SystemDetail, Types } from '#contract';
import type { ModuleInfo } from '../plan/auto-controls.ts';

/** What a panel remembers of its room between starts: no secrets (settings are dropped). */
export interface RememberedRoom {
  detail: SystemDetail;
  types: Types;
  modules: ModuleInfo[];
}

export interface RoomMemory {
  load(systemId: string): RememberedRoom | null;
  save(systemId: string, room: RememberedRoom): void;
}

/** Keeps the room in the page's local storage (on disk, per origin). A damaged entry is ignored. */
export function storageMemory(storage: Storage | undefined): RoomMemory {
  const key = (id: string) => `roomdeck.room.${id}`;
  return {
    load(systemId) {
      try {
        const raw = storage?.getItem(key(systemId));
        const value = raw ? (JSON.parse(raw) as RememberedRoom) : null;
        return value &&
          typeof value === 'object' &&
          value.detail &&
          value.types &&
          Array.isArray(value.modules)
          ? value
          : null;
      } catch {
        return null;
      }
    },
    save(systemId, room) {
      try {
        storage?.setItem(key(systemId), JSON.stringify(room));
      } catch {
        // Storage full or refused: the panel simply remembers nothing.
      }
    },
  };
}

/** Only what the panel needs: module settings (device credentials live there) and most system settings go. */
export function forgetSecrets(room: RememberedRoom): RememberedRoom {
  const settings = room.detail.system.settings ?? {};
  const kept = Object.fromEntries(Object.entries(settings).filter(([k]) => k === 'panel' || k === 'help'));
  return {
    detail: {
      ...room.detail,
      system: { ...room.detail.system, settings: kept },
      modules: room.detail.modules.map(({ settings: _settings, ...m }) => m) as SystemDetail['modules'],
    },
    types: room.types,
    modules: room.modules,
  };
}
