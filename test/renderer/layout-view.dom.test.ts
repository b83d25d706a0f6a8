import { render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { buildLayout } from '../../renderer/src/lib/layout/build.ts';
import { ROOM_CONTEXT } from '../../renderer/src/lib/room-context.ts';
import LayoutView from '../../renderer/src/views/LayoutView.svelte';
import { FakeRoom } from './support/fake-room.ts';
import { INNOVATION_LAB_PANEL, moduleInfo } from './support/fixtures.ts';

describe('the layout on screen', () => {
  it('shows a broken layout’s errors by path and reason, with the automatic layout below', () => {
    const broken = structuredClone(INNOVATION_LAB_PANEL) as {
      sections: { controls: Record<string, unknown>[] }[];
    };
    delete broken.sections[0]!.controls[2]!.max;
    const layout = buildLayout(broken, { Display: 1, Lighting: 1 }, [
      moduleInfo('Display'),
      moduleInfo('Lighting'),
    ]);
    render(LayoutView, { props: { layout }, context: new Map([[ROOM_CONTEXT, new FakeRoom()]]) });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('custom panel layout has errors');
    expect(alert).toHaveTextContent('settings.panel/sections/0/controls/2/max is required');
    const display = screen.getByRole('region', { name: 'Display' });
    expect(within(display).getByRole('button', { name: 'Power' })).toHaveAttribute('data-state', 'idle');
    expect(screen.getByRole('region', { name: 'Lighting' })).toBeVisible();
  });

  it('renders every control with data-state and its group label', () => {
    const layout = buildLayout(INNOVATION_LAB_PANEL, { Display: 1, Lighting: 1 }, []);
    render(LayoutView, { props: { layout }, context: new Map([[ROOM_CONTEXT, new FakeRoom()]]) });
    for (const name of ['Screen', 'Source', 'Volume', 'Presentation']) {
      expect(screen.getByRole('group', { name })).toHaveAttribute('data-state', 'idle');
    }
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
