/*
 * Room help is short Markdown written by the people who run the room: paragraphs, bullet and
 * numbered lists, **bold** and *emphasis*. Parsed into plain data the view renders as text (never
 * as HTML), so help can hold nothing that runs. Hard line breaks inside a paragraph are joined:
 * help written in a narrow editor must not break mid-sentence on a wide panel.
 */

export interface Inline {
  text: string;
  strong?: boolean;
  em?: boolean;
}

export type Block =
  | { type: 'p'; inlines: Inline[] }
  | { type: 'h'; inlines: Inline[] }
  | { type: 'ul' | 'ol'; items: Inline[][] };

export function inlines(text: string): Inline[] {
  const out: Inline[] = [];
  const re = /\*\*(.+?)\*\*|__(.+?)__|\*(.+?)\*|_(.+?)_/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push({ text: text.slice(last, m.index) });
    const strong = m[1] ?? m[2];
    if (strong !== undefined) out.push({ text: strong, strong: true });
    else out.push({ text: m[3] ?? m[4] ?? '', em: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out.filter((i) => i.text !== '');
}

const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBER = /^\s*\d+[.)]\s+(.*)$/;
const HEADING = /^\s*#{1,6}\s+(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { type: 'ul' | 'ol'; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ type: 'p', inlines: inlines(paragraph.join(' ')) });
    paragraph = [];
    if (list !== null) blocks.push({ type: list.type, items: list.items.map(inlines) });
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const bullet = BULLET.exec(raw);
    const number = NUMBER.exec(raw);
    const heading = HEADING.exec(raw);
    if (line === '') flush();
    else if (heading) {
      flush();
      blocks.push({ type: 'h', inlines: inlines(heading[1]!.trim()) });
    } else if (bullet || number) {
      const type = bullet ? 'ul' : 'ol';
      if (paragraph.length > 0 || (list !== null && list.type !== type)) flush();
      list ??= { type, items: [] };
      list.items.push((bullet ?? number)![1]!.trim());
    } else if (list !== null && /^\s+/.test(raw)) {
      // An indented continuation line belongs to the list item above.
      list.items[list.items.length - 1] += ` ${line}`;
    } else {
      if (list !== null) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}
