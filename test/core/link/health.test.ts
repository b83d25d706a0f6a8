import { describe, expect, it } from 'vitest';
import { LinkError, ServiceError } from '../../../core/api/errors.ts';
import { LinkHealth, observed } from '../../../core/link/health.ts';
import { FakeClock } from '../../support/fake-clock.ts';

class Client {
  #fail: Error | null = null;
  get failing(): boolean {
    return this.#fail !== null;
  }
  failWith(error: Error | null): void {
    this.#fail = error;
  }
  async call(): Promise<string> {
    if (this.#fail) throw this.#fail;
    return 'ok';
  }
}

describe('the link-health model', () => {
  it('follows each call’s outcome, keeps when a state began, and ignores refusals the service answered', async () => {
    const clock = new FakeClock();
    const health = new LinkHealth(clock);
    const changes: string[] = [];
    health.onChange((v) => changes.push(v.state));
    const client = observed(new Client(), health);
    await client.call();
    expect(health.view()).toMatchObject({ state: 'live', code: null });
    client.failWith(new LinkError('ROOMDECK_OFFLINE'));
    await expect(client.call()).rejects.toThrow();
    const since = health.view().since;
    await clock.advance(1_000);
    await expect(client.call()).rejects.toThrow();
    expect(health.view()).toMatchObject({
      state: 'unreachable',
      since,
      message: expect.stringContaining('not answering'),
    });
    client.failWith(new ServiceError('ROOMDECK_NOT_FOUND', 404));
    await expect(client.call()).rejects.toThrow();
    expect(health.view().state).toBe('live');
    client.failWith(new ServiceError('ROOMDECK_SERVER_ERROR', 503));
    await expect(client.call()).rejects.toThrow();
    expect(health.view().state).toBe('degraded');
    expect(client.failing).toBe(true);
    expect(changes).toEqual(['unreachable', 'live', 'degraded']);
  });
});
