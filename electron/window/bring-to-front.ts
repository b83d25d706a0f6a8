import type { SessionStatus } from '../../core/auth/session.ts';

/** The parts of a BrowserWindow that bringing it to the front needs (a fake in tests). */
export interface FrontableWindow {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  isVisible(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

export interface SessionEvents {
  status(): SessionStatus;
  onChange(listener: (status: SessionStatus) => void): () => void;
}

/**
 * The person signed in in the system browser, which is now in front of Roomdeck: when a sign-in
 * completes, Roomdeck comes back to the front. Only for a sign-in that was under way (restoring a
 * stored session at start-up is not one, and the window shows itself when it is ready).
 */
export function bringToFrontOnSignIn(
  session: SessionEvents,
  window: () => FrontableWindow | null,
  focusApp: () => void = () => undefined,
): () => void {
  let previous = session.status().state;
  return session.onChange((status) => {
    const was = previous;
    previous = status.state;
    if (was !== 'signing-in' || status.state !== 'signed-in') return;
    const win = window();
    if (win === null || win.isDestroyed()) return;
    if (win.isMinimized()) win.restore();
    // A window that has not shown yet will on ready-to-show; showing it now would flash an empty frame.
    if (!win.isVisible()) return;
    win.show();
    focusApp();
    win.focus();
  });
}
