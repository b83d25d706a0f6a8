import { describe, expect, it } from 'vitest';
import { layerOfRecord, merge } from '../../../core/config/layers.ts';

describe('merging the sources of settings', () => {
  const defaults = layerOfRecord(
    { clientId: 'roomdeck', poll: { fastMs: 250, idleMs: 2000 } },
    () => 'default',
  );
  const file = layerOfRecord(
    { poll: { idleMs: 3000 }, serviceAccount: { username: 'panel', password: 'pw' } },
    (pointer) => `file ${pointer}`,
  );
  const flags = new Map([['clientId', { value: 'from-flag', source: 'flag --client-id' }]]);

  it('lets a later source win key by key, a group keeping the values it did not set', () => {
    const { value, sources } = merge([defaults, file, flags]);
    expect(value).toEqual({
      clientId: 'from-flag',
      poll: { fastMs: 250, idleMs: 3000 },
      serviceAccount: { username: 'panel', password: 'pw' },
    });
    expect(Object.fromEntries(sources)).toEqual({
      clientId: 'flag --client-id',
      'poll.fastMs': 'default',
      'poll.idleMs': 'file /poll/idleMs',
      serviceAccount: 'file /serviceAccount',
    });
  });

  it('keeps an earlier value where the later source is silent, whatever the order of reading', () => {
    expect(merge([flags, defaults]).value.clientId).toBe('roomdeck');
    expect(merge([defaults, flags]).value.clientId).toBe('from-flag');
  });

  it('takes an object that is not a group whole, so a later source replaces it entirely', () => {
    const later = layerOfRecord({ serviceAccount: { username: 'other' } }, () => 'env');
    expect(merge([file, later]).value.serviceAccount).toEqual({ username: 'other' });
  });
});
