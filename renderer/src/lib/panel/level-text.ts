import { fmt, t } from '../i18n/i18n.svelte.ts';

/**
 * "−12 dB", "45 %", "+6 dB": levels as a panel prints them (a real minus sign, a sign on gains), the
 * digits in the page's language. Whole numbers stay whole; others show one decimal.
 */
export function formatLevel(value: number | null, unit: string): string {
  if (value === null) return '–';
  const db = unit.toLowerCase() === 'db';
  const magnitude = Math.abs(value);
  const digits = Number.isInteger(magnitude) ? 0 : 1;
  const number = fmt().number(magnitude, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });
  const sign = value < 0 ? '−' : db && value > 0 ? '+' : '';
  return unit === '' ? `${sign}${number}` : t('room.level.value', { sign, number, unit });
}

/** "45 %": a level shown as a share of its travel (`percent`: 0–100). */
export function formatPercent(percent: number): string {
  return t('room.level.percent', { number: fmt().number(percent, { useGrouping: false }) });
}
