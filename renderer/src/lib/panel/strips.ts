import type { ControlSpec, LevelSpec, ToggleSpec } from '../layout/model.ts';
import type { FaderSpec } from './fader.svelte.ts';
import type { VolumeSpec } from '../plan/plan.ts';

/** A level control as a fader: dB levels get the audio taper. */
export function faderOf(level: LevelSpec): FaderSpec {
  const unit = level.unit ?? '';
  return {
    id: level.id,
    label: level.label,
    module: level.module,
    index: level.index,
    method: level.method,
    args: level.args,
    key: level.status ?? level.method,
    min: level.min,
    max: level.max,
    step: level.step,
    unit,
    taper: unit.toLowerCase() === 'db' ? 'audio' : 'linear',
    limits: { min: level.min, max: level.max },
    ...(level.display ? { display: level.display } : {}),
  };
}

/** The program volume reads in percent whatever the device's unit (dB on a DSP). */
export function faderOfVolume(v: VolumeSpec): FaderSpec {
  return { ...v, display: 'percent' };
}

export interface Strip {
  fader: FaderSpec;
  mute?: ToggleSpec | undefined;
}

/** Mixer channels as strips: each fader with the mute toggle of the same channel beside it. */
export function stripsOf(controls: readonly ControlSpec[]): { strips: Strip[]; rest: ControlSpec[] } {
  const strips: Strip[] = [];
  const rest: ControlSpec[] = [];
  for (const c of controls) {
    if (c.type === 'level' && c.style === 'slider') strips.push({ fader: faderOf(c) });
    else if (
      c.type === 'toggle' &&
      strips.length > 0 &&
      c.label.startsWith(strips[strips.length - 1]!.fader.label)
    ) {
      strips[strips.length - 1]!.mute = c;
    } else rest.push(c);
  }
  return { strips, rest };
}
