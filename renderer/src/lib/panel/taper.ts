/*
 * Fader travel (0…1) ⇄ level. A gain in dB is not linear to the ear: like a mixing console's
 * fader scale, 0 dB sits near three quarters of the travel and the bottom quarter covers the long
 * fade to silence. Percent levels stay linear.
 */

/** Console-style scale marks: [travel, dB]. Between marks the scale is linear in dB. */
const SCALE: readonly (readonly [number, number])[] = [
  [1, 12],
  [0.75, 0],
  [0.55, -10],
  [0.4, -20],
  [0.28, -30],
  [0.2, -40],
  [0.1, -60],
  [0, -100],
];

export type Taper = 'audio' | 'linear';

/** The marks that fall inside [min, max], with the ends pinned to min and max. */
function marks(min: number, max: number): [number, number][] {
  const inside = SCALE.filter(([, db]) => db > min && db < max).map(([t, db]) => [t, db] as [number, number]);
  const top = SCALE.find(([, db]) => db <= max)?.[0] ?? 1;
  const bottom = [...SCALE].reverse().find(([, db]) => db >= min)?.[0] ?? 0;
  // Where the range ends between marks, interpolate the end's travel on the console scale.
  const travelAt = (db: number): number => {
    for (let i = 0; i < SCALE.length - 1; i++) {
      const [t1, d1] = SCALE[i]!;
      const [t2, d2] = SCALE[i + 1]!;
      if (db <= d1 && db >= d2) return t2 + ((db - d2) / (d1 - d2)) * (t1 - t2);
    }
    return db > SCALE[0]![1] ? top : bottom;
  };
  const points: [number, number][] = [[travelAt(max), max], ...inside, [travelAt(min), min]];
  // Stretch to the full travel: the ends of the range are the ends of the fader.
  const hi = points[0]![0];
  const lo = points[points.length - 1]![0];
  return points.map(([t, db]) => [hi === lo ? t : (t - lo) / (hi - lo), db]);
}

function usesScale(min: number, max: number): boolean {
  // The console scale only means something for a range around 0 dB that reaches well below it.
  return min < -20 && max >= 0;
}

/** Travel (0…1) for a level. */
export function toTravel(level: number, min: number, max: number, taper: Taper): number {
  const v = Math.min(max, Math.max(min, level));
  if (taper === 'linear' || !usesScale(min, max)) return (v - min) / (max - min);
  const points = marks(min, max);
  for (let i = 0; i < points.length - 1; i++) {
    const [t1, d1] = points[i]!;
    const [t2, d2] = points[i + 1]!;
    if (v <= d1 && v >= d2) return d1 === d2 ? t1 : t2 + ((v - d2) / (d1 - d2)) * (t1 - t2);
  }
  return v >= max ? 1 : 0;
}

/** Level for a travel (0…1), unrounded. */
export function fromTravel(travel: number, min: number, max: number, taper: Taper): number {
  const t = Math.min(1, Math.max(0, travel));
  if (taper === 'linear' || !usesScale(min, max)) return min + t * (max - min);
  const points = marks(min, max);
  for (let i = 0; i < points.length - 1; i++) {
    const [t1, d1] = points[i]!;
    const [t2, d2] = points[i + 1]!;
    if (t <= t1 && t >= t2) return t1 === t2 ? d1 : d2 + ((t - t2) / (t1 - t2)) * (d1 - d2);
  }
  return t >= 1 ? max : min;
}

/** Rounds to the step and keeps inside [low, high] (the installer's limits). */
export function snapLevel(level: number, step: number, low: number, high: number): number {
  const snapped = Math.round(level / step) * step;
  // Floating point: 0.1 + 0.2 steps must not print as 0.30000000000000004.
  const clean = Number(snapped.toFixed(6));
  return Math.min(high, Math.max(low, clean));
}
