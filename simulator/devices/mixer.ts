import { Type } from '@sinclair/typebox';
import { type DeviceState, ROLE } from '../store/model.ts';
import type { Driver } from './driver.ts';
import { checkAtMost, func, onOff, ordinal, unknownMethod } from './params.ts';
import { dropNumberedKeysBeyond, readInt } from './values.ts';

const gain = (description: string) => Type.Integer({ minimum: -100, maximum: 12, description });

function channelNames(settings: Record<string, unknown>): string[] {
  const raw = settings.channel_names;
  const given = Array.isArray(raw) ? raw.filter((n): n is string => typeof n === 'string') : [];
  const count = readInt(settings, 'channels', given.length > 0 ? given.length : 8, 1, 128);
  // Unnamed channels get the label the DSP software shows.
  return Array.from({ length: count }, (_, i) => given[i] ?? `Channel ${i + 1}`);
}

function reconcile(settings: Record<string, unknown>, state: DeviceState): DeviceState {
  const channels = channelNames(settings);
  for (let c = 1; c <= channels.length; c++) {
    state[`fader_${c}`] ??= 0;
    state[`mute_${c}`] ??= false;
  }
  dropNumberedKeysBeyond(state, 'fader', channels.length);
  dropNumberedKeysBeyond(state, 'mute', channels.length);
  state.master ??= 0;
  state.master_mute ??= false;
  state.channels = channels;
  return state;
}

export const mixer: Driver = {
  key: 'mixer',
  className: 'Mixer',
  role: ROLE.device,
  description: 'Audio DSP with channel faders and mutes and a master (TCP, port 1023).',
  defaultPort: 1023,
  funcs: {
    fader: func({
      channel: ordinal('channel, 1 … settings `channels` (default 8)'),
      level: gain('dB, −100 … +12'),
    }),
    mute: func({
      channel: ordinal('channel, 1 … settings `channels` (default 8)'),
      state: onOff('true = muted'),
    }),
    master: func({ level: gain('dB, −100 … +12') }),
    master_mute: func({ state: onOff('true = muted') }),
  },
  initialState: (settings) => reconcile(settings, {}),
  advance(ctx) {
    reconcile(ctx.module.settings, ctx.state);
  },
  exec(ctx, method, args) {
    const s = ctx.state;
    switch (method) {
      case 'fader':
      case 'mute': {
        const [channel, value] = args as [number, number | boolean];
        const count = channelNames(ctx.module.settings).length;
        checkAtMost(method, 'channel', channel, count, `the mixer has ${count} channels`);
        s[`${method}_${channel}`] = value;
        return;
      }
      case 'master':
        s.master = args[0] as number;
        return;
      case 'master_mute':
        s.master_mute = args[0] as boolean;
        return;
      default:
        unknownMethod('mixer', method);
    }
  },
};
