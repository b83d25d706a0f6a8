import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/stack.ts';
import { expectAccessible, expectNothingCut } from './support/fit.ts';
import { openRoom, section } from './support/panel.ts';
import { ROOT } from './support/processes.ts';
import type { Service } from './support/service.ts';
import { SIZES } from './support/sizes.ts';
import { keepScreenshot, screenshotsWanted } from './support/screens.ts';

/*
 * The panel a lecturer meets: curated from the room's devices (sources, one volume in %, a red
 * speaker for mute, microphone mutes, scenes, blinds, camera presets), with the engineer's controls
 * (the DSP's faders, raw inputs, device power, second volumes) kept off it. And a room whose
 * sources the panel cannot read, as another vendor's service describes it, still gets Room on and
 * its devices' controls.
 */

const AUDITORIUM = 'sys-tasman-auditorium';
const SHOTS = path.join(ROOT, 'test-results', 'screens');

const bar = (page: Page) => page.getByRole('region', { name: 'Room controls' });
const inUse = (page: Page) => page.locator('.in-use');

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await keepScreenshot(page, { path: path.join(SHOTS, `${name}.png`) });
}

/** The background of an element as [r, g, b]. */
async function background(locator: Locator): Promise<number[]> {
  const css = await locator.evaluate((el) => getComputedStyle(el).backgroundColor);
  return (css.match(/\d+/g) ?? []).slice(0, 3).map(Number);
}

/**
 * 'red', or the colour it is: read by polling, since a button's 60 ms colour transition starts
 * when the device's report arrives, the same moment the control is confirmed.
 */
async function redness(locator: Locator): Promise<string> {
  const [r, g, b] = await background(locator);
  return r! > 150 && g! < 80 && b! < 80 ? 'red' : `rgb(${r}, ${g}, ${b})`;
}

async function systemVersion(service: Service, id: string): Promise<number> {
  return (await service.request<{ version: number }>('GET', `/systems/${id}`)).version;
}

test.describe('the lecturer’s panel in an auditorium with a DSP', () => {
  test.beforeEach(async ({ service }) => {
    // No warm-up: the room is in use at once, and switches off again without waiting.
    await service.moduleSettings('mod-auditorium-projector', { warm_up_seconds: 0, cool_down_seconds: 0 });
    await service.exec(AUDITORIUM, 'RoomLogic', 'power', [true]);
    await service.exec(AUDITORIUM, 'Mixer', 'master', [0]);
    await service.exec(AUDITORIUM, 'Mixer', 'master_mute', [false]);
    await service.exec(AUDITORIUM, 'Mixer', 'mute', [2, false]);
  });

  test.afterEach(async ({ service }) => {
    await service.exec(AUDITORIUM, 'Blinds', 'stop', []).catch(() => undefined);
    await service.exec(AUDITORIUM, 'RoomLogic', 'power', [false]).catch(() => undefined);
    await service.moduleSettings('mod-auditorium-projector', { warm_up_seconds: 30, cool_down_seconds: 20 });
  });

  test('shows no mixer fader, camera power, raw input or second volume; mic mutes, scenes and presets instead', async ({
    page,
    stack,
    service,
  }) => {
    await openRoom(page, stack.host.url, 'Tasman Auditorium');
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
    await expect(page.getByRole('tab')).toHaveText(['Sources', 'Lights', 'Cameras', 'Mics', 'Blinds']);
    for (const tab of await page.getByRole('tab').allTextContents()) {
      await page.getByRole('tab', { name: tab }).click();
      const pageShown = inUse(page);
      // The levels on the panel: the program volume on the bar, and each microphone's beside its mute.
      await expect(pageShown.getByRole('slider'), `${tab}: a fader`).toHaveCount(tab === 'Mics' ? 7 : 0);
      await expect(
        pageShown.getByRole('button', { name: 'Power', exact: true }),
        `${tab}: power`,
      ).toHaveCount(0);
      await expect(pageShown.getByRole('group', { name: 'Input' }), `${tab}: raw inputs`).toHaveCount(0);
      await expect(pageShown.getByText(/HDMI|HDBaseT/), `${tab}: port names`).toHaveCount(0);
      await expect(pageShown.getByText('dB'), `${tab}: decibels`).toHaveCount(0);
    }
    await expect(page.getByRole('slider')).toHaveCount(1);

    // Microphones: a level and a mute per microphone, none for playback; a muted one is red and the
    // DSP agrees.
    await page.getByRole('tab', { name: 'Mics' }).click();
    const mics = section(page, 'Microphones');
    const names = ['Lectern', 'Radio 1', 'Radio 2', 'Panel 1', 'Panel 2', 'Panel 3', 'Audience'];
    await expect(mics.getByRole('button')).toHaveCount(names.length);
    for (const name of names) {
      await expect(mics.getByRole('button', { name: `Mute ${name}`, exact: true })).toBeVisible();
      await expect(mics.getByRole('slider', { name, exact: true })).toBeVisible();
    }
    await expect(mics.getByText('Playback')).toHaveCount(0);
    // The level is the DSP's: a step up on the lectern's is sent as its fader, in dB.
    const lectern = mics.getByRole('slider', { name: 'Lectern', exact: true });
    await expect(lectern).toHaveAttribute('aria-valuetext', /^\d+ %$/);
    await lectern.focus();
    await lectern.press('ArrowUp');
    await expect.poll(async () => (await service.state(AUDITORIUM, 'Mixer')).fader_1).toBeGreaterThan(0);
    await service.exec(AUDITORIUM, 'Mixer', 'fader', [1, 0]);
    const radio = mics.getByRole('button', { name: 'Mute Radio 1' });
    await expect(radio).toHaveAttribute('aria-pressed', 'false');
    await radio.click();
    await expect(radio).toHaveAttribute('aria-pressed', 'true');
    // Blue while the DSP has not yet reported it (pending), then red.
    await expect(radio).toHaveAttribute('data-state', 'confirmed');
    await expect(radio).toHaveAttribute('data-muted', 'true');
    await expect.poll(() => redness(radio)).toBe('red');
    expect((await service.state(AUDITORIUM, 'Mixer')).mute_2).toBe(true);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await shoot(page, `curated-auditorium-mics-muted-${size.width}x${size.height}`);
    }
    await page.setViewportSize(SIZES[0]!);

    // Lights: the scenes, not the areas' levels.
    await page.getByRole('tab', { name: 'Lights' }).click();
    await expect(section(page, 'Lights').getByRole('button')).toHaveText([
      'Off',
      'Presentation',
      'Meeting',
      'Full',
    ]);

    // Cameras: presets that move the camera, and no power.
    await page.getByRole('tab', { name: 'Cameras' }).click();
    const camera2 = section(page, 'Camera 2');
    await expect(camera2.getByRole('button')).toHaveText(['Presenter', 'Audience', 'Wide']);
    await camera2.getByRole('button', { name: 'Wide' }).click();
    await expect(camera2.getByRole('button', { name: 'Wide' })).toHaveAttribute('aria-pressed', 'true');
    expect((await service.state(AUDITORIUM, 'Camera', 2)).preset).toBe(3);
  });

  test('the blinds show where they are and that they are moving', async ({ page, stack, service }) => {
    await service.exec(AUDITORIUM, 'Blinds', 'up', []);
    await openRoom(page, stack.host.url, 'Tasman Auditorium');
    await page.getByRole('tab', { name: 'Blinds' }).click();
    const blinds = section(page, 'Blinds');
    const readout = blinds.getByRole('status');
    await expect(async () => {
      // Raised by the test (or already up): it reads Open once the controller says so.
      const state = await service.state(AUDITORIUM, 'Blinds');
      expect(state.position).toBe(0);
    }).toPass({ timeout: 30_000 });
    await expect(readout).toHaveText('Open', { timeout: 10_000 });
    await blinds.getByRole('button', { name: 'Down' }).click();
    await expect(readout).toContainText('Closing');
    await expect(readout).toHaveAttribute('data-moving', 'down');
    expect((await service.state(AUDITORIUM, 'Blinds')).moving).toBe('down');
    await blinds.getByRole('button', { name: 'Stop' }).click();
    await expect(readout).toHaveAttribute('data-moving', 'no');
    const stopped = (await service.state(AUDITORIUM, 'Blinds')).position as number;
    await expect(readout).toHaveText(
      stopped >= 100 ? 'Closed' : stopped <= 0 ? 'Open' : `${stopped} % closed`,
    );
  });

  test('the volume reads in % through the DSP’s taper, fills its bar, and the mute is a speaker that turns red', async ({
    page,
    stack,
    service,
  }) => {
    await openRoom(page, stack.host.url, 'Tasman Auditorium');
    const volume = bar(page).getByRole('group', { name: 'Volume' });
    const slider = volume.getByRole('slider', { name: 'Volume' });
    // 0 dB sits at three quarters of a console fader's travel.
    await expect(slider).toHaveAttribute('aria-valuetext', '75 %');
    await expect(volume.locator('[data-value]')).toHaveText('75 %');
    await expect(volume).toHaveAttribute('style', /--fill: ?75%/);
    await slider.focus();
    await slider.press('ArrowUp');
    await expect(volume).toHaveAttribute('data-state', 'confirmed');
    const raised = (await service.state(AUDITORIUM, 'Mixer')).master as number;
    expect(raised).toBeGreaterThan(0);
    await expect(slider).toHaveAttribute('aria-valuetext', /^(7[6-9]|[89]\d) %$/);

    const mute = bar(page).getByRole('button', { name: 'Mute', exact: true });
    await expect(mute.locator('svg')).toBeVisible();
    await expect(mute).toHaveAttribute('aria-pressed', 'false');
    // Not a word that reads like a command: the speaker says it, the state is in aria-pressed.
    await expect(mute).not.toContainText(/Off|On/);
    const before = await background(mute);
    expect(before[0]! > 150 && before[1]! < 80, 'unmuted is not red').toBe(false);
    await mute.click();
    await expect(mute).toHaveAttribute('aria-pressed', 'true');
    await expect(mute).toHaveAttribute('data-state', 'confirmed');
    await expect(mute).toContainText('Muted');
    // Read once the button's 60 ms colour transition has run (it starts when the device's report
    // arrives, the same moment the control is confirmed).
    await expect.poll(() => redness(mute)).toBe('red');
    expect((await service.state(AUDITORIUM, 'Mixer')).master_mute).toBe(true);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await shoot(page, `curated-auditorium-bar-muted-${size.width}x${size.height}`);
    }
    await mute.click();
    await expect(mute).toHaveAttribute('aria-pressed', 'false');
    expect((await service.state(AUDITORIUM, 'Mixer')).master_mute).toBe(false);
  });

  test('an Advanced page that settings.panel switches on holds the DSP’s faders and the devices’ power', {
    tag: '@generation',
  }, async ({ page, stack, service }) => {
    await service.panelLayout(AUDITORIUM, { advanced: true });
    try {
      await openRoom(page, stack.host.url, 'Tasman Auditorium');
      await expect(page.locator('[data-layout-error]')).toHaveCount(0);
      await expect(page.getByRole('tab').last()).toHaveText('Advanced');
      await page.getByRole('tab', { name: 'Advanced' }).click();
      // One device at a time: an 8-channel mixer fills a screen by itself.
      const devices = page.getByRole('group', { name: 'Devices' });
      await expect(devices.getByRole('button')).toHaveText([
        'Mixer',
        'Projector',
        'Camera 1',
        'Camera 2',
        'Lights',
      ]);
      const mixer = section(page, 'Mixer');
      await expect(mixer.getByRole('slider', { name: 'Radio 1' })).toBeVisible();
      await expect(mixer.getByRole('slider')).toHaveCount(8);
      await devices.getByRole('button', { name: 'Camera 1' }).click();
      await expect(
        section(page, 'Camera 1').getByRole('button', { name: 'Power', exact: true }),
      ).toBeVisible();
      await devices.getByRole('button', { name: 'Projector' }).click();
      await expect(section(page, 'Projector').getByRole('group', { name: 'Input' })).toBeVisible();
      for (const size of SIZES) {
        await page.setViewportSize(size);
        for (const device of ['Mixer', 'Projector', 'Camera 1', 'Lights']) {
          await devices.getByRole('button', { name: device }).click();
          await shoot(
            page,
            `curated-auditorium-advanced-${device.replace(' ', '').toLowerCase()}-${size.width}x${size.height}`,
          );
        }
      }
    } finally {
      await service.panelLayout(AUDITORIUM, undefined);
    }
  });

  test('screens of every curated page at the three panel sizes', async ({ page, stack }) => {
    test.skip(!screenshotsWanted(), 'only writes screenshots: ROOMDECK_SCREENSHOTS=1 asks for them');
    await openRoom(page, stack.host.url, 'Tasman Auditorium');
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const tab of await page.getByRole('tab').allTextContents()) {
        await page.getByRole('tab', { name: tab }).click();
        await shoot(page, `curated-auditorium-${tab.toLowerCase()}-${size.width}x${size.height}`);
      }
    }
  });
});

/** A room as another vendor's service describes it: displays with a free-text input, a bare logic. */
async function foreignRoom(service: Service): Promise<{ id: string; modules: string[] }> {
  const system = await service.request<{ id: string }>('POST', '/systems', {
    name: 'Foreign Lecture Room',
    zones: ['zone-org', 'zone-kauri', 'zone-kauri-l1'],
    description: 'Two displays and a room logic from another vendor’s drivers.',
    capacity: 40,
  });
  const display = (n: number) =>
    service.request<{ id: string }>('POST', '/modules', {
      dependency_id: 'dep-generic-display',
      ip: `10.99.0.${n}`,
      settings: { input: `HDMI${n}` },
    });
  const first = await display(1);
  const second = await display(2);
  const logic = await service.request<{ id: string }>('POST', '/modules', {
    dependency_id: 'dep-generic-logic',
    control_system_id: system.id,
  });
  const modules = [logic.id, first.id, second.id];
  await service.request('PUT', `/systems/${system.id}`, {
    version: await systemVersion(service, system.id),
    modules,
  });
  return { id: system.id, modules };
}

test.describe('a room the panel cannot read as sources', () => {
  test('a room with nothing the panel can use says so, with the number to call', async ({
    page,
    stack,
    service,
  }) => {
    const system = await service.request<{ id: string }>('POST', '/systems', {
      name: 'Bare Seminar Room',
      zones: ['zone-org', 'zone-kauri', 'zone-kauri-l1'],
      description: 'A room whose devices are not configured yet.',
      capacity: 12,
      settings: { help: { phone: 'ext. 4999' } },
    });
    try {
      await openRoom(page, stack.host.url, 'Bare Seminar Room');
      const hint = page.locator('.panel .welcome-hint');
      await expect(hint).toHaveText('This room’s panel isn’t set up. Call AV support on ext. 4999.');
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await expectNothingCut(page, `bare room ${size.width}x${size.height}`);
        await shoot(page, `curated-bare-welcome-${size.width}x${size.height}`);
      }
      await expectAccessible(page, 'bare room welcome');
    } finally {
      await service.request('DELETE', `/systems/${system.id}`).catch(() => undefined);
    }
  });

  test('gives Room on from the room’s logic, then each display’s controls on a page', {
    tag: '@generation',
  }, async ({ page, stack, service }) => {
    // Exactly the shapes a foreign service reports: power(state), input(source: string), set_mode(mode).
    const room = await foreignRoom(service);
    try {
      const funcs = await service.request<
        Record<string, { order: string[]; params: Record<string, object> }>
      >('GET', `/systems/${room.id}/funcs?module=Display&index=1`);
      expect(Object.keys(funcs).sort()).toEqual(['input', 'power']);
      expect(funcs.input?.params.source).not.toHaveProperty('enum');
      expect(
        Object.keys(
          await service.request<Record<string, unknown>>(
            'GET',
            `/systems/${room.id}/funcs?module=System&index=1`,
          ),
        ).sort(),
      ).toEqual(['power', 'set_mode']);

      await openRoom(page, stack.host.url, 'Foreign Lecture Room');
      await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
      await expect(page.getByText('This room has no sources to start')).toHaveCount(0);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await shoot(page, `curated-foreign-welcome-${size.width}x${size.height}`);
      }
      await page.setViewportSize(SIZES[0]!);
      await page.getByRole('button', { name: 'Room on' }).click();
      await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
      expect((await service.state(room.id, 'Display', 1)).power).toBe(true);
      expect((await service.state(room.id, 'Display', 2)).power).toBe(true);
      expect((await service.state(room.id, 'System', 1)).power).toBe(true);

      // A choice of one is no choice: the mode and the input each display shows now are state,
      // on the Advanced page, not one huge button each ("Presentatio" cut); the people get power,
      // on the one page left (no tabs for one page).
      await expect(page.getByRole('tab')).toHaveCount(0);
      const second = section(page, 'Display 2');
      const power = second.getByRole('button', { name: 'Power', exact: true });
      await expect(power).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('.panel').getByRole('group', { name: /^(Input|Mode)$/ })).toHaveCount(0);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await expectNothingCut(page, `foreign room ${size.width}x${size.height}`);
        await shoot(page, `curated-foreign-display-${size.width}x${size.height}`);
      }
      await page.setViewportSize(SIZES[0]!);
      await power.click();
      await expect(power).toHaveAttribute('aria-pressed', 'false');
      expect((await service.state(room.id, 'Display', 2)).power).toBe(false);

      await bar(page)
        .getByRole('button', { name: /Room off/ })
        .click();
      await page.getByRole('alertdialog').getByRole('button').first().click();
      await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
      expect((await service.state(room.id, 'Display', 1)).power).toBe(false);
      expect((await service.state(room.id, 'System', 1)).power).toBe(false);
    } finally {
      await service.request('DELETE', `/systems/${room.id}`).catch(() => undefined);
      for (const id of room.modules) await service.request('DELETE', `/modules/${id}`).catch(() => undefined);
    }
  });
});
