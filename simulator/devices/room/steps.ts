import type { SiblingModule, SystemContext } from '../driver.ts';
import { lightingScenes } from '../lighting.ts';
import { label, ofClass, type Step } from './siblings.ts';

/** What the room asks of each device to start (on) or leave (off) the room. */
export function powerSteps(system: SystemContext, on: boolean): { steps: Step[]; warnings: string[] } {
  const steps: Step[] = [];
  const warnings: string[] = [];
  for (const target of system.siblings()) {
    switch (target.className) {
      case 'Display':
      case 'Projector':
      case 'Camera':
        steps.push({ target, method: 'power', args: [on] });
        break;
      case 'Lighting': {
        const wanted = on ? 'Presentation' : 'Off';
        // A shared gateway: the scene numbers are this room's own (its settings.lighting).
        const n = roomScenes(system, target).indexOf(wanted) + 1;
        if (n > 0) steps.push({ target, method: 'scene', args: [n] });
        else warnings.push(`${label(target)}: no scene named "${wanted}"`);
        break;
      }
      case 'Blinds':
        // Lowered for presenting (glare on the screens), raised again when the room is left.
        steps.push({ target, method: on ? 'down' : 'up', args: [] });
        break;
      case 'Mixer':
        steps.push({ target, method: 'master_mute', args: [!on] });
        break;
      case 'VidConf':
        // Leaving the room leaves its call too; starting it dials nobody (the panel joins).
        if (!on) steps.push({ target, method: 'hangup', args: [] });
        break;
    }
  }
  return { steps, warnings };
}

function roomScenes(system: SystemContext, target: SiblingModule): string[] {
  try {
    const scenes = system.state(target.className, target.index).scenes;
    return Array.isArray(scenes) ? scenes.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return lightingScenes(target.module.settings);
  }
}

/** Power-on steps for the room's screens that report neither on nor warming. */
export function screensOff(system: SystemContext): Step[] {
  return system.siblings().flatMap((target): Step[] => {
    if (target.className !== 'Display' && target.className !== 'Projector') return [];
    let state: Record<string, unknown>;
    try {
      state = system.state(target.className, target.index);
    } catch {
      return [];
    }
    return state.power === true || state.warming === true ? [] : [{ target, method: 'power', args: [true] }];
  });
}

/** The installer's start level (`default_volume`): the mixer's master in dB, else the displays' %. */
export function levelSteps(system: SystemContext, settings: Record<string, unknown>): Step[] {
  const level = settings.default_volume;
  if (typeof level !== 'number') return [];
  const siblings = system.siblings();
  const mixers = ofClass(siblings, 'Mixer');
  if (mixers.length > 0)
    return mixers.map((target) => ({ target, method: 'master', args: [Math.round(level)] }));
  return ofClass(siblings, 'Display').map((target) => ({
    target,
    method: 'volume',
    args: [Math.max(0, Math.min(100, Math.round(level)))],
  }));
}

/** The program sound unmuted: the mixers' master, else the displays' own mute (those switched on). */
export function unmuteSteps(system: SystemContext): Step[] {
  const siblings = system.siblings();
  const mixers = ofClass(siblings, 'Mixer');
  if (mixers.length > 0) return mixers.map((target) => ({ target, method: 'master_mute', args: [false] }));
  return ofClass(siblings, 'Display')
    .filter((target) => {
      try {
        const state = system.state(target.className, target.index);
        return state.power === true && state.mute === true;
      } catch {
        return false;
      }
    })
    .map((target) => ({ target, method: 'mute', args: [false] }));
}
