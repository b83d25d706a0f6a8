/*
 * A room's equipment as the people in it would list it ("2 displays, 1 camera"): module classes
 * become nouns with counts; the room's own machinery (its logic, calendar service, video switcher)
 * is not equipment anyone in the room touches, so it is left out.
 */

const NOUNS: Record<string, [one: string, many: string] | null> = {
  Display: ['display', 'displays'],
  Projector: ['projector', 'projectors'],
  Camera: ['camera', 'cameras'],
  Mixer: ['sound system', 'sound systems'],
  Lighting: ['lighting control', 'lighting controls'],
  Blinds: ['set of blinds', 'sets of blinds'],
  RoomPC: ['room PC', 'room PCs'],
  Bookings: null,
  RoomLogic: null,
  Switcher: null,
};

/** "PresenterPC" → "presenter PC"; "Microphone" → "microphone". */
function wordsOf(className: string): string {
  return className
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((w) => (w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase()))
    .join(' ');
}

const nounOf = (className: string): [string, string] | null => {
  if (Object.hasOwn(NOUNS, className)) return NOUNS[className] ?? null;
  const one = wordsOf(className);
  return [one, /s$/.test(one) ? one : `${one}s`];
};

/** Each kind of equipment with its count, in the order people think of a room: screens first. */
export function equipmentOf(types: Readonly<Record<string, number>>): string[] {
  const order = Object.keys(NOUNS);
  const rank = (c: string) => (order.includes(c) ? order.indexOf(c) : order.length);
  return Object.entries(types)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .flatMap(([className, n]) => {
      const noun = nounOf(className);
      return noun ? [`${n} ${n === 1 ? noun[0] : noun[1]}`] : [];
    });
}
