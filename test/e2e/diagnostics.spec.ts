import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createFileVault } from '../../core/store/file-vault.ts';
import { expect, ownStack, test } from './support/stack.ts';
import { openHost } from './support/panel.ts';

/*
 * Diagnostics from the technician tools as one file: a managed panel (client secret and service
 * account password in its configuration file) exports the bundle, the test opens the downloaded
 * file and finds versions, configuration with each value's source, and no secret inside.
 */

const CLIENT_SECRET = 'roomdeck-ci-secret';

// The stack's log secrecy check (processes.ts) looks for this same client secret in what the host logged.
ownStack({
  hostConfig: {
    clientId: 'roomdeck-ci',
    clientSecret: CLIENT_SECRET,
    serviceAccount: { username: 'admin@demo.local', password: 'demo', authority: 'demo' },
    supportContact: 'AV desk, extension 4400',
  },
});

test('a technician downloads one diagnostics file: versions, configuration sources, no secret', async ({
  page,
  stack,
}) => {
  const dir = stack.dir;
  const dataDir = path.join(dir, 'host');
  await openHost(page, stack.host.url);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Choose a room' })).toBeVisible();
  await page.getByRole('button', { name: 'Technician tools' }).click();
  await page
    .getByRole('navigation', { name: 'Technician sections' })
    .getByRole('button', { name: 'Panel' })
    .click();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download diagnostics' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^roomdeck-diagnostics-[\dTZ-]+\.json$/);
  const saved = path.join(dir, file.suggestedFilename());
  await file.saveAs(saved);
  const text = readFileSync(saved, 'utf8');
  const bundle = JSON.parse(text) as {
    kind: string;
    versions: Record<string, string>;
    platform: { host: string };
    configuration: { effective: Record<string, unknown>; sources: Record<string, string> };
    session: { state: string };
    log: { event: string }[];
  };

  expect(bundle.kind).toBe('roomdeck-diagnostics');
  expect(bundle.versions.roomdeck).toMatch(/^\d+\.\d+\.\d+/);
  expect(bundle.versions.node).toBe(process.versions.node);
  expect(bundle.platform.host).toBe('browser-host');
  expect(bundle.configuration.sources.clientSecret).toMatch(/config file .*config\.json line \d+/);
  expect(bundle.configuration.sources.serverUrl).toBe('flag --server');
  expect(bundle.configuration.effective).toMatchObject({
    clientId: 'roomdeck-ci',
    clientSecret: '[redacted]',
    serviceAccount: { username: 'admin@demo.local', password: '[redacted]' },
  });
  expect(bundle.session.state).toBe('signed-in');
  expect(bundle.log.map((entry) => entry.event)).toContain('sign-in succeeded');

  const tokens = await createFileVault({ dataDir }).load();
  for (const secret of [CLIENT_SECRET, tokens?.accessToken, tokens?.refreshToken]) {
    expect(secret && secret.length > 8).toBe(true);
    expect(text).not.toContain(secret);
  }
  expect(text).not.toMatch(/"password"\s*:\s*"demo"/);
});
