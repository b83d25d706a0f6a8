/**
 * Test setup through the Control Service's own API (as an administrator, with the CI client's
 * password grant): changing module settings, reading device state to check the panel's claims.
 */

export class Service {
  readonly #base: () => string;
  /** The token, and the service that issued it: a stack started again is another service. */
  #token: { base: string; value: string } | null = null;

  constructor(base: () => string) {
    this.#base = base;
  }

  async #auth(): Promise<string> {
    const base = this.#base();
    if (this.#token?.base === base) return this.#token.value;
    const response = await fetch(`${base}/auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        username: 'admin@demo.local',
        password: 'demo',
        authority: 'demo',
        client_id: 'roomdeck-ci',
        client_secret: 'roomdeck-ci-secret',
      }),
    });
    if (!response.ok) throw new Error(`password grant failed: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { access_token: string };
    this.#token = { base, value: body.access_token };
    return body.access_token;
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.#base()}/api/control${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await this.#auth()}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text === '' ? null : JSON.parse(text)) as T;
  }

  /** Replaces the module's settings (the API changes only the fields sent; settings is one field). */
  async moduleSettings(moduleId: string, settings: Record<string, unknown>): Promise<void> {
    await this.request('PUT', `/modules/${moduleId}`, { settings });
  }

  /** Sets (or, with undefined, removes) the room's own panel layout, settings.panel. */
  async panelLayout(systemId: string, panel: unknown): Promise<void> {
    const system = await this.request<{ version: number; settings: Record<string, unknown> }>(
      'GET',
      `/systems/${systemId}`,
    );
    const { panel: _old, ...rest } = system.settings;
    await this.request('PUT', `/systems/${systemId}`, {
      version: system.version,
      settings: panel === undefined ? rest : { ...rest, panel },
    });
  }

  exec(systemId: string, module: string, method: string, args: unknown[], index = 1): Promise<unknown> {
    return this.request('POST', `/systems/${systemId}/exec`, { module, index, method, args });
  }

  state(systemId: string, module: string, index = 1): Promise<Record<string, unknown>> {
    return this.request('GET', `/systems/${systemId}/state?module=${module}&index=${index}`);
  }
}
