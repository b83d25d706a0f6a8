import type { DeviceState } from '../../store/model.ts';
import { InvalidArgumentsError } from '../driver.ts';

/*
 * What the codec keeps by name: its camera presets (a number and a name, as RoomOS lists them)
 * and the directory it searches (the module's `directory` setting, else a small company one).
 */

export interface Preset {
  id: number;
  name: string;
}

export interface Contact {
  name: string;
  number: string;
}

/** RoomOS numbers camera presets 1–35. */
export const MAX_PRESET = 35;
export const DEFAULT_PRESETS = ['Overview', 'Presenter', 'Whiteboard'] as const;
export const MAX_RESULTS = 20;

export const DEFAULT_DIRECTORY: readonly Contact[] = [
  { name: 'AV support desk', number: '4400' },
  { name: 'Harbour Boardroom', number: 'harbour.boardroom@demo.local' },
  { name: 'Huddle 3.2', number: 'huddle.3.2@demo.local' },
  { name: 'Kauri Training Room', number: 'kauri.training@demo.local' },
  { name: 'Auckland office reception', number: '+6493001000' },
  { name: 'Wellington boardroom', number: 'wlg.boardroom@demo.local' },
  { name: 'Sydney project room', number: 'syd.project@demo.local' },
  { name: 'Mere Tane', number: 'mere.tane@demo.local' },
  { name: 'Priya Shah', number: 'priya.shah@demo.local' },
  { name: 'Sam Cole', number: 'sam.cole@demo.local' },
];

/** Presets from the settings: a list of names (numbered from 1) or of `{id, name}`. */
export function presetsFromSettings(settings: Record<string, unknown>): Preset[] {
  const raw = settings.presets;
  if (!Array.isArray(raw) || raw.length === 0) return DEFAULT_PRESETS.map((name, i) => ({ id: i + 1, name }));
  const presets = raw.flatMap((p, i): Preset[] => {
    if (typeof p === 'string' && p.trim() !== '') return [{ id: i + 1, name: p }];
    if (typeof p !== 'object' || p === null) return [];
    const { id, name } = p as Record<string, unknown>;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > MAX_PRESET) return [];
    return [{ id, name: typeof name === 'string' && name.trim() !== '' ? name : `Preset ${id}` }];
  });
  return presets.sort((a, b) => a.id - b.id);
}

export const presetsOf = (state: DeviceState): Preset[] =>
  Array.isArray(state.presets) ? (state.presets as Preset[]) : [];

export function recallPreset(state: DeviceState, id: number): void {
  const preset = presetsOf(state).find((p) => p.id === id);
  if (!preset) {
    const saved = presetsOf(state).map((p) => p.id);
    throw new InvalidArgumentsError(
      `camera_preset: preset ${id} is not saved (${saved.length === 0 ? 'none are' : `saved: ${saved.join(', ')}`})`,
    );
  }
  // A preset is a fixed shot: the camera stops following the speaker.
  Object.assign(state, { camera_preset: id, speaker_track: false });
}

/** Saves where the camera points now as preset `id`, keeping its name unless given a new one. */
export function savePreset(state: DeviceState, id: number, name: string): Preset {
  const before = presetsOf(state);
  const kept = before.find((p) => p.id === id)?.name;
  const preset = { id, name: name.trim() || kept || `Preset ${id}` };
  state.presets = [...before.filter((p) => p.id !== id), preset].sort((a, b) => a.id - b.id);
  state.camera_preset = id;
  return preset;
}

export function directoryOf(settings: Record<string, unknown>): Contact[] {
  const raw = settings.directory;
  if (!Array.isArray(raw)) return [...DEFAULT_DIRECTORY];
  return raw.flatMap((c): Contact[] => {
    if (typeof c !== 'object' || c === null) return [];
    const { name, number } = c as Record<string, unknown>;
    return typeof name === 'string' && typeof number === 'string' && number.trim() !== ''
      ? [{ name, number }]
      : [];
  });
}

/** Contacts whose name or number holds the text (any case), in directory order, at most 20. */
export function search(settings: Record<string, unknown>, text: string): Contact[] {
  const wanted = text.trim().toLowerCase();
  return directoryOf(settings)
    .filter((c) => c.name.toLowerCase().includes(wanted) || c.number.toLowerCase().includes(wanted))
    .slice(0, MAX_RESULTS);
}

/** The name the directory gives a number, else none. */
export function nameFor(settings: Record<string, unknown>, number: string): string | undefined {
  const n = number.toLowerCase();
  return directoryOf(settings).find((c) => c.number.toLowerCase() === n)?.name;
}
