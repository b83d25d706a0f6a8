import { describe, expect, it } from 'vitest';
import { AuthError, LinkError, ServiceError } from '../../../core/api/errors.ts';
import { Capabilities, outcomeOf, PROBES } from '../../../core/bridge/capabilities.ts';

describe('learning what the account may do', () => {
  it('reads a 403 as "may not", any other refusal as "may", no answer as "not known"', () => {
    expect(outcomeOf(new AuthError('ROOMDECK_FORBIDDEN'))).toBe('forbidden');
    expect(outcomeOf(new ServiceError('ROOMDECK_NOT_FOUND', 404))).toBe('allowed');
    expect(outcomeOf(new ServiceError('ROOMDECK_VALIDATION_FAILED', 422))).toBe('allowed');
    expect(outcomeOf(new LinkError('ROOMDECK_OFFLINE'))).toBe('unknown');
    expect(outcomeOf(new AuthError('ROOMDECK_AUTH_REQUIRED'))).toBe('unknown');
  });

  it('probes only what real requests have not taught it, and keeps the lesson', async () => {
    const probed: string[] = [];
    const caps = new Capabilities(async (request) => {
      probed.push(`${request.method} ${request.path}`);
      return 'allowed';
    });
    caps.learn('systems.remove', false);
    await caps.refresh();
    expect(probed).not.toContain(`${PROBES['systems.remove'].method} ${PROBES['systems.remove'].path}`);
    expect(caps.view().may['systems.remove']).toBe(false);
    expect(caps.view().may['systems.create']).toBe(true);
    caps.learn('systems.create', false);
    expect(caps.view().reasons['systems.create']).toMatch(/may not create rooms/);
  });

  it('leaves a capability unknown while the service does not answer, and asks again next time', async () => {
    let answer: 'unknown' | 'forbidden' = 'unknown';
    const caps = new Capabilities(async () => answer);
    await caps.refresh();
    expect(caps.view().may['modules.ping']).toBeNull();
    answer = 'forbidden';
    await caps.refresh();
    expect(caps.view().may['modules.ping']).toBe(false);
  });

  it('never probes with a request that could change something', () => {
    for (const probe of Object.values(PROBES)) {
      const harmless =
        probe.path.includes('roomdeck-capability-probe') ||
        (probe.method === 'POST' && JSON.stringify(probe.body) === '{}');
      expect(harmless, `${probe.method} ${probe.path}`).toBe(true);
    }
  });
});
