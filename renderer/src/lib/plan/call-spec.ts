import type { ModuleInfo } from './auto-controls.ts';
import type { CallSpec } from './plan.ts';

/*
 * Which module is the room's codec: the first that offers both `dial` and `hangup`, whatever its
 * class name or metadata (a Cisco, a Poly or another vendor's driver all name them so). Its other
 * call methods are listed so the call page offers only what this codec can do.
 */

export const CALL_METHODS = [
  'dial',
  'hangup',
  'call_accept',
  'call_reject',
  'hold',
  'resume',
  'dtmf_send',
  'mic_mute',
  'volume',
  'presentation_start',
  'presentation_stop',
  'camera_preset',
  'speaker_track',
  'selfview',
  'phonebook_search',
] as const;

export type CallMethod = (typeof CALL_METHODS)[number];

export const isCodec = (m: ModuleInfo): boolean => m.funcs.dial !== undefined && m.funcs.hangup !== undefined;

export function callOf(modules: ModuleInfo[]): CallSpec | null {
  const codec = modules.find(isCodec);
  if (!codec) return null;
  return {
    module: codec.module,
    index: codec.index,
    can: CALL_METHODS.filter((name) => codec.funcs[name] !== undefined),
  };
}
