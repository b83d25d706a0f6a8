import { describe, expect, it } from 'vitest';
import type { SessionState, SessionStatus } from '../../../core/auth/session.ts';
import { bringToFrontOnSignIn, type FrontableWindow } from '../../../electron/window/bring-to-front.ts';

class FakeSession {
  state: SessionState = 'signed-out';
  readonly listeners = new Set<(status: SessionStatus) => void>();
  status(): SessionStatus {
    return { state: this.state, reason: null, server: 'https://control.example' };
  }
  onChange(listener: (status: SessionStatus) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  go(state: SessionState) {
    this.state = state;
    for (const listener of this.listeners) listener(this.status());
  }
}

function fakeWindow(over: Partial<{ visible: boolean; minimized: boolean }> = {}) {
  const calls: string[] = [];
  const win: FrontableWindow = {
    isDestroyed: () => false,
    isMinimized: () => over.minimized ?? false,
    isVisible: () => over.visible ?? true,
    restore: () => calls.push('restore'),
    show: () => calls.push('show'),
    focus: () => calls.push('focus'),
  };
  return { win, calls };
}

describe('after sign-in the window comes to the front', () => {
  it('when a sign-in under way completes', () => {
    const session = new FakeSession();
    const { win, calls } = fakeWindow({ minimized: true });
    const focusedApp: number[] = [];
    bringToFrontOnSignIn(
      session,
      () => win,
      () => focusedApp.push(1),
    );
    session.go('signing-in');
    expect(calls).toEqual([]);
    session.go('signed-in');
    expect(calls).toEqual(['restore', 'show', 'focus']);
    expect(focusedApp).toEqual([1]);
  });

  it('not when a stored session is restored at start-up, nor on a failed sign-in', () => {
    const session = new FakeSession();
    const { win, calls } = fakeWindow();
    bringToFrontOnSignIn(session, () => win);
    session.go('signed-in');
    session.go('signed-out');
    session.go('signing-in');
    session.go('signed-out');
    expect(calls).toEqual([]);
  });

  it('leaves a window that has not shown yet to show itself, and survives no window', () => {
    const session = new FakeSession();
    const { win, calls } = fakeWindow({ visible: false });
    let current: FrontableWindow | null = null;
    const stop = bringToFrontOnSignIn(session, () => current);
    session.go('signing-in');
    session.go('signed-in');
    current = win;
    session.go('signing-in');
    session.go('signed-in');
    expect(calls).toEqual([]);
    stop();
    expect(session.listeners.size).toBe(0);
  });
});
