/** A failure of the panel's page, as the kiosk's recovery supervisor and its error screen read it. */
export type FailureKind =
  | 'render-process-gone'
  | 'unresponsive'
  | 'gpu-process-gone'
  | 'heartbeat-lost'
  | 'load-failed';

export interface Failure {
  kind: FailureKind;
  /** Electron's reason or what was observed, for the log and the error screen's detail line. */
  detail: string;
  /**
   * How long the page was silent (unresponsive, heartbeat lost): the error screen words this in
   * the panel's language; `detail` keeps the log's English.
   */
  silentSeconds?: number | undefined;
  at: number;
}
