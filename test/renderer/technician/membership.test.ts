import { describe, expect, it } from 'vitest';
import { addToSystem } from '../../../renderer/src/lib/technician/modules/membership.ts';
import { fakeBridge, huddle, spare } from './fake-bridge.ts';

describe('putting a created module into a room', () => {
  it('appends it with the version read', async () => {
    const fake = fakeBridge();
    const saved = await addToSystem(fake.api, huddle.id, spare.id);
    expect(saved.modules).toEqual([...huddle.modules, spare.id]);
    expect(saved.version).toBe(huddle.version + 1);
  });

  it('tries again on the newer version when someone saved in between, keeping their change', async () => {
    const fake = fakeBridge();
    const get = fake.api.systems.get;
    let first = true;
    const api = { ...fake.api, systems: { ...fake.api.systems } };
    api.systems.get = async (args: { id: string }) => {
      const detail = await get(args);
      if (first) {
        first = false;
        // Someone else saves between our read and our write.
        await fake.api.systems.update({
          id: huddle.id,
          version: detail.system.version,
          changes: { capacity: 9 },
        });
      }
      return detail;
    };
    const saved = await addToSystem(api, huddle.id, spare.id);
    expect(saved).toMatchObject({ capacity: 9, version: huddle.version + 2 });
    expect(saved.modules).toContain(spare.id);
  });

  it('does nothing when the service already put it there (a logic module)', async () => {
    const fake = fakeBridge();
    const saved = await addToSystem(fake.api, huddle.id, huddle.modules[0] ?? '');
    expect(saved.version).toBe(huddle.version);
    expect(fake.calls.some((c) => c.verb === 'systems.update')).toBe(false);
  });
});
