import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import OnScreenKeyboard from '../../../renderer/src/views/technician/OnScreenKeyboard.svelte';

/*
 * The keyboard against a sign-in form of the kind a service's own page has (e-mail, password,
 * submit): the drawer has none today (its sign-in is by phone or on the service's page), so the
 * e2e test types into the drawer's real fields and this one checks a password stays masked.
 */

function signInForm(onsubmit: (data: FormData) => void) {
  const scope = document.createElement('div');
  scope.innerHTML = `
    <form>
      <label for="u">E-mail</label><input id="u" name="u" type="email" />
      <label for="p">Password</label><input id="p" name="p" type="password" />
      <button type="submit">Sign in</button>
    </form>
    <button type="button">Elsewhere</button>`;
  document.body.append(scope);
  scope.querySelector('form')?.addEventListener('submit', (event) => {
    event.preventDefault();
    onsubmit(new FormData(event.currentTarget as HTMLFormElement));
  });
  render(OnScreenKeyboard, { scope });
  return {
    scope,
    email: screen.getByLabelText('E-mail') as HTMLInputElement,
    password: screen.getByLabelText('Password') as HTMLInputElement,
  };
}

const key = (name: string) => screen.getByRole('button', { name });
async function tap(...names: string[]) {
  for (const name of names) {
    const button = key(name);
    // What a finger does first: the keyboard cancels it so the field keeps the focus.
    expect(await fireEvent.pointerDown(button)).toBe(false);
    expect(await fireEvent.mouseDown(button)).toBe(false);
    await fireEvent.click(button);
  }
}

// jsdom lays nothing out, so it has no scrolling; the browser test checks where the field ends up.
beforeAll(() => {
  Element.prototype.scrollIntoView = () => undefined;
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('on-screen keyboard', () => {
  it('opens on a text field in its scope, types at the caret with input events, and Enter submits the form', async () => {
    const submitted = vi.fn<(data: FormData) => void>();
    const { email, password } = signInForm(submitted);
    expect(screen.queryByRole('group', { name: 'On-screen keyboard' })).toBeNull();

    email.focus();
    await screen.findByRole('group', { name: 'On-screen keyboard' });
    const inputs: string[] = [];
    email.addEventListener('input', (e) => inputs.push((e as InputEvent).data ?? ''));
    await tap('t', 'At sign', 'x', 'Full stop', 'i', 'o');
    expect(email.value).toBe('t@x.io');
    expect(inputs).toEqual(['t', '@', 'x', '.', 'i', 'o']);

    password.focus();
    await tap('Shift', 'S', '3', 'c', 'r', 't', 'Backspace', 'Symbols', 'Exclamation mark');
    expect(password.value).toBe('S3cr!');
    // Still masked: the field is a password field, and the keyboard never shows what was typed.
    expect(password.type).toBe('password');
    expect(screen.getByRole('group', { name: 'On-screen keyboard' }).textContent).not.toContain('S3cr');

    // The caret is honoured: typed in the middle, not at the end.
    password.setSelectionRange(1, 1);
    await tap('Letters', 'x');
    expect(password.value).toBe('Sx3cr!');

    await tap('Enter');
    expect(submitted).toHaveBeenCalledTimes(1);
    const data = submitted.mock.calls[0]?.[0];
    expect(data?.get('u')).toBe('t@x.io');
    expect(data?.get('p')).toBe('Sx3cr!');
    // Like a phone's Go: the keyboard is put away.
    expect(screen.queryByRole('group', { name: 'On-screen keyboard' })).toBeNull();
  });

  it('does not submit past a disabled submit button, and stays shut for fields outside its scope', async () => {
    const submitted = vi.fn();
    const { scope, email } = signInForm(submitted);
    const button = scope.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (button) button.disabled = true;
    email.focus();
    await screen.findByRole('group', { name: 'On-screen keyboard' });
    await tap('Enter');
    expect(submitted).not.toHaveBeenCalled();

    const outside = document.createElement('input');
    document.body.append(outside);
    outside.focus();
    await Promise.resolve();
    expect(screen.queryByRole('group', { name: 'On-screen keyboard' })).toBeNull();
  });

  it('opens for a field tapped before it was loaded (its chunk arriving late)', async () => {
    const scope = document.createElement('div');
    scope.innerHTML = '<label for="q">Name</label><input id="q" type="search" />';
    document.body.append(scope);
    const field = screen.getByLabelText('Name') as HTMLInputElement;
    field.focus();
    render(OnScreenKeyboard, { scope });
    await screen.findByRole('group', { name: 'On-screen keyboard' });
    await tap('s', 'a', 'm');
    expect(field.value).toBe('sam');
  });
});
