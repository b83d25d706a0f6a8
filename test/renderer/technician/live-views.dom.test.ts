import type { LiveEvent } from '#contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { ToolsLive } from '../../../renderer/src/lib/technician/live/live-link.ts';
import { formatTimeOfDay } from '../../../renderer/src/lib/time/time-format.ts';
import DebugLogView from '../../../renderer/src/views/technician/DebugLogView.svelte';
import LiveStateView from '../../../renderer/src/views/technician/LiveStateView.svelte';
import { fakeBridge, fakeEvents, huddle } from './fake-bridge.ts';
import WithToolsLive from './WithToolsLive.svelte';

const WATCHER = 'toolsWatcher0001';
const target = { module: 'Display', index: 1 };

function setup(options: { forbid?: string[]; channel?: boolean } = {}) {
  const fake = fakeBridge({ liveMode: 'push', ...(options.forbid ? { forbid: options.forbid } : {}) });
  const events = fakeEvents();
  const live =
    options.channel === false
      ? null
      : new ToolsLive(fake.api.live, { events: events.source, watcher: WATCHER });
  const calls = (verb: string) => fake.calls.filter((c) => c.verb === verb).map((c) => c.args);
  const source = {
    read: () => fake.api.systems.state({ id: huddle.id, ...target }),
    lookup: async () => undefined,
  };
  return { fake, events, live, calls, source };
}

const push = (state: Record<string, unknown>): LiveEvent => ({
  type: 'state',
  id: huddle.id,
  ...target,
  state,
});
const rowOf = (key: string) => screen.getByRole('row', { name: new RegExp(`^${key} `) });

describe('the live-state view', () => {
  it('says Live, shows what the channel pushes, and shows values as unknown while it reconnects', async () => {
    const { events, live, source, calls } = setup();
    const { unmount } = render(WithToolsLive, {
      props: {
        live,
        view: LiveStateView,
        viewProps: { source, title: 'State of Display 1', address: { systemId: huddle.id, target } },
      },
    });
    const status = await screen.findByText('Live');
    expect(status).toHaveAttribute('data-freshness', 'push');
    await waitFor(() => expect(rowOf('volume')).toHaveTextContent('30'));

    events.emit(push({ power: true, volume: 64 }));
    await waitFor(() => expect(rowOf('volume')).toHaveTextContent('64'));
    expect(rowOf('volume')).toHaveAttribute('data-changed', 'true');

    events.emit({ type: 'stale', id: huddle.id, ...target });
    await waitFor(() => expect(rowOf('volume')).toHaveTextContent('unknown'));
    expect(rowOf('power')).toHaveTextContent('unknown');
    expect(screen.getByRole('status')).toHaveTextContent(/^Reconnecting/);
    expect(within(screen.getByLabelText('State of Display 1 JSON')).queryByText(/64/)).toBeNull();

    events.emit(push({ power: true, volume: 12 }));
    await waitFor(() => expect(rowOf('volume')).toHaveTextContent('12'));
    expect(screen.getByRole('status')).toHaveTextContent('Live');

    unmount();
    await waitFor(() =>
      expect(calls('live.watch').at(-1)).toEqual({ watcher: WATCHER, id: huddle.id, targets: [] }),
    );
    expect(events.listeners).toBe(0);
  });

  it('says how often it refreshes when there is no live channel', async () => {
    const { live, source } = setup({ channel: false });
    render(WithToolsLive, {
      props: { live, view: LiveStateView, viewProps: { source, address: { systemId: huddle.id, target } } },
    });
    expect(await screen.findByText('Refreshing every 2 s')).toHaveAttribute('data-freshness', 'polling');
  });
});

describe('the log view', () => {
  it('follows a module’s log, newest at the bottom with the time of day, and stops when closed', async () => {
    const { events, live, calls } = setup();
    const { unmount } = render(WithToolsLive, {
      props: { live, view: DebugLogView, viewProps: { systemId: huddle.id, target, label: 'Display 1' } },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Follow log' }));
    expect(await screen.findByRole('button', { name: 'Stop' })).toBeInTheDocument();
    expect(calls('live.debug')).toEqual([{ watcher: WATCHER, id: huddle.id, ...target }]);
    const at = Date.UTC(2030, 0, 1, 14, 5, 9);
    events.emit({
      type: 'debug',
      id: huddle.id,
      ...target,
      level: 'info',
      message: 'status power = true',
      at,
    });
    events.emit({
      type: 'debug',
      id: huddle.id,
      ...target,
      level: 'warn',
      message: 'input = hdmi2',
      at: at + 1000,
    });
    const lines = await screen.findByRole('list', { name: 'Log lines of Display 1' });
    await waitFor(() => expect(within(lines).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(lines).getAllByRole('listitem');
    expect(first).toHaveTextContent(`${formatTimeOfDay(at)} info status power = true`);
    expect(second).toHaveAttribute('data-level', 'warn');
    expect(second).toHaveTextContent('input = hdmi2');

    unmount();
    await waitFor(() =>
      expect(calls('live.ignore')).toEqual([{ watcher: WATCHER, id: huddle.id, ...target }]),
    );
  });

  it('says in words when the account may not follow logs', async () => {
    const { live } = setup({ forbid: ['live.debug'] });
    render(WithToolsLive, {
      props: { live, view: DebugLogView, viewProps: { systemId: huddle.id, target, label: 'Display 1' } },
    });
    const follow = screen.getByRole('button', { name: 'Follow log' });
    await fireEvent.click(follow);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Your account may not follow Display 1's log: the service allows that only to support and administrator accounts.",
    );
    expect(follow).toBeDisabled();
  });
});
