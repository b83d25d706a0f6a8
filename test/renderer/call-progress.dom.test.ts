import { render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import CallProgress from '../../renderer/src/views/panel/CallProgress.svelte';

/*
 * The steps of joining a meeting are a list a screen reader reads as one ("Joining the meeting,
 * list, 3 items"), and the step under way is announced as it changes. A role on the list itself
 * would take its list semantics away and leave its items orphaned (axe's `listitem`, serious).
 */
describe('the call progress', () => {
  it('is a named list of its steps, the current one marked, announced politely', () => {
    render(CallProgress, { props: { progress: { stage: 'calling', outcome: null }, starting: true } });
    const list = screen.getByRole('list', { name: 'Joining the meeting' });
    const steps = within(list).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent?.trim())).toEqual([
      '✓ Starting the room',
      'Calling',
      'Connected',
    ]);
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(list).toHaveAttribute('aria-live', 'polite');
  });
});
