/** "−12 dB", "45 %", "+6 dB": levels as a panel prints them (a real minus sign, a sign on gains). */
export function formatLevel(value: number | null, unit: string): string {
  if (value === null) return '–';
  const db = unit.toLowerCase() === 'db';
  const magnitude = Math.abs(value);
  const number = Number.isInteger(magnitude) ? String(magnitude) : magnitude.toFixed(1);
  const sign = value < 0 ? '−' : db && value > 0 ? '+' : '';
  return unit === '' ? `${sign}${number}` : `${sign}${number} ${unit}`;
}
