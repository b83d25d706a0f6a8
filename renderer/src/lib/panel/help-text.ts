/*
 * The help a room gets when nobody wrote it any: said only of what the room has. A room without
 * cameras is never told about camera pages, one without a projector about warming up.
 */

const list = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

const has = (types: Readonly<Record<string, number>>, className: string) => (types[className] ?? 0) > 0;

export function generatedHelp(types: Readonly<Record<string, number>>, sources: readonly string[]): string {
  const lines: string[] = [];
  const shows = has(types, 'Projector') ? 'the projector' : has(types, 'Display') ? 'the screens' : null;
  if (sources.length > 0) {
    lines.push(
      `**Starting the room.** Touch ${list(sources.map((s) => `**${s}**`))}${shows ? `: ${shows} come${shows === 'the projector' ? 's' : ''} on and show${shows === 'the projector' ? 's' : ''} it` : ''}.`,
    );
    if (has(types, 'Projector')) lines.push('The projector takes about half a minute to warm up.');
    lines.push('');
  }
  if (has(types, 'Mixer') || has(types, 'Display') || has(types, 'Projector'))
    lines.push('- The volume is at the bottom of the screen.');
  const pages = [
    has(types, 'Lighting') ? 'lights' : null,
    has(types, 'Blinds') ? 'blinds' : null,
    has(types, 'Camera') ? 'cameras' : null,
  ].filter((p): p is string => p !== null);
  if (pages.length > 0) {
    const named = list(pages).replace(/ or /, ' and ');
    lines.push(
      `- ${named.charAt(0).toUpperCase()}${named.slice(1)} have their own page${pages.length > 1 ? 's' : ''} at the top.`,
    );
  }
  lines.push('- When you leave, touch **End meeting** (**Room off** when nothing is booked).');
  return lines.join('\n');
}
