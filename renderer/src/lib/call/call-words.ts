import { fmt, t } from '../i18n/i18n.svelte.ts';
import type { Call, LastOutcome } from './call-state.ts';

/*
 * How a call reads to a person in the room: how it ended when it did not go through, its status,
 * and how long it has lasted. Numbers and addresses are shown as the codec gives them (the views
 * keep them left to right in a right-to-left language).
 */

/** "The far end is busy: try again in a moment, or call AV support on 4400." */
export function outcomeWords(outcome: LastOutcome, call: string): string {
  switch (outcome) {
    case 'busy':
      return t('call.fail.busy', { call });
    case 'rejected':
      return t('call.fail.rejected', { call });
    case 'dropped':
      return t('call.fail.dropped', { call });
    case 'unreachable':
    case 'not_answered':
      return t('call.fail.unreachable', { call });
    case 'ended':
      return t('call.ended');
  }
}

export function statusWords(call: Call): string {
  switch (call.status) {
    case 'Dialling':
    case 'Ringing':
    case 'Connecting':
      return call.direction === 'incoming' ? t('call.status.connecting') : t('call.status.calling');
    case 'Connected':
      return t('call.status.connected');
    case 'OnHold':
      return t('call.status.onHold');
    case 'Disconnecting':
      return t('call.status.ending');
  }
}

/** "12:05" or "1:02:05": minutes and seconds in the call, in the panel's language's digits. */
export function callTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = { minimumIntegerDigits: 2, useGrouping: false } as const;
  const h = Math.floor(s / 3600);
  const minutes = fmt().number(Math.floor((s % 3600) / 60), h > 0 ? two : { useGrouping: false });
  const secs = fmt().number(s % 60, two);
  return h > 0
    ? t('call.time.long', { hours: fmt().number(h, { useGrouping: false }), minutes, seconds: secs })
    : t('call.time.short', { minutes, seconds: secs });
}
