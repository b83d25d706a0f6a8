import { describe, expect, it } from 'vitest';
import { fetchThroughNet } from '../../../core/api/net-fetch.ts';

describe('the main process fetch through Electron’s net', () => {
  it('hands net.fetch a string for URL objects and passes everything else on unchanged', async () => {
    const seen: { input: unknown; init: RequestInit | undefined }[] = [];
    const fetch = fetchThroughNet(async (input, init) => {
      seen.push({ input, init });
      return new Response('ok', { status: 201 });
    });
    const init: RequestInit = { method: 'POST', redirect: 'manual' };
    const response = await fetch(new URL('https://control.example/api/x?a=1'), init);
    await fetch('https://control.example/b');
    expect(response.status).toBe(201);
    expect(seen[0]).toEqual({ input: 'https://control.example/api/x?a=1', init });
    expect(seen[1]?.input).toBe('https://control.example/b');
  });
});
