import type { Static } from '@sinclair/typebox';
import type { PanelReport as PanelReportSchema } from '../bridge/panel.ts';

export type PanelReport = Static<typeof PanelReportSchema>;

/**
 * The panel's reports as the main process keeps them: only the latest (recovery returns to it)
 * and the listeners that act on each one (display awake, watchdog). Bounded by design.
 */
export class PanelReports {
  #latest: PanelReport | null = null;
  readonly #listeners = new Set<(report: PanelReport) => void>();

  get latest(): PanelReport | null {
    return this.#latest;
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }

  record(report: PanelReport): void {
    this.#latest = { ...report };
    for (const listener of [...this.#listeners]) listener(this.#latest);
  }

  /** Returns the function that removes the listener again. */
  onReport(listener: (report: PanelReport) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
