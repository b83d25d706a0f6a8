import { describe, expect, it } from 'vitest';
import { verbNames } from '../../contract/channels.ts';
import { contractApi } from './contract-api.ts';

describe('the tests’ one fake RoomdeckApi', () => {
  it('has every verb the contract declares, answered or not', () => {
    const api = contractApi({}) as unknown as Record<string, Record<string, unknown>>;
    for (const [domain, verbs] of Object.entries(verbNames)) {
      for (const verb of verbs) expect(typeof api[domain]?.[verb], `${domain}.${verb}`).toBe('function');
    }
  });

  it('answers with the test’s answer and rejects a verb it was given none for, by name', async () => {
    const seen: string[] = [];
    const api = contractApi(
      { systems: { count: async () => ({ count: 2 }) } },
      { before: (verb) => seen.push(verb) },
    );
    await expect(api.systems.count({ id: 'sys-1', module: 'Display' })).resolves.toEqual({ count: 2 });
    await expect(api.modules.ping({ id: 'mod-1' })).rejects.toThrow('modules.ping is not faked');
    expect(seen).toEqual(['systems.count', 'modules.ping']);
  });

  it('lets a refusal in the hook stop the verb', async () => {
    let ran = false;
    const api = contractApi(
      {
        panel: {
          report: async () => {
            ran = true;
            return null;
          },
        },
      },
      {
        before: () => {
          throw new Error('refused');
        },
      },
    );
    await expect(
      api.panel.report({ systemId: 's', page: 'sources', roomOn: true, meetingUnderway: false }),
    ).rejects.toThrow('refused');
    expect(ran).toBe(false);
  });
});
