import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../renderer/src/lib/panel/markdown.ts';

describe('room help written in Markdown', () => {
  it('joins hard-wrapped lines, keeps paragraphs, lists and emphasis', () => {
    const blocks = parseMarkdown(
      'Need help? Call AV support on\n**ext. 4400**.\n\n- Touch a *source* to start\n- Volume is at the bottom\n\n1. One\n2. Two',
    );
    expect(blocks).toEqual([
      {
        type: 'p',
        inlines: [
          { text: 'Need help? Call AV support on ' },
          { text: 'ext. 4400', strong: true },
          { text: '.' },
        ],
      },
      {
        type: 'ul',
        items: [
          [{ text: 'Touch a ' }, { text: 'source', em: true }, { text: ' to start' }],
          [{ text: 'Volume is at the bottom' }],
        ],
      },
      { type: 'ol', items: [[{ text: 'One' }], [{ text: 'Two' }]] },
    ]);
  });

  it('never loses text and never produces markup, whatever is written', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const blocks = parseMarkdown(text);
        const out = blocks
          .flatMap((b) => ('inlines' in b ? [b.inlines] : b.items))
          .flat()
          .map((i) => i.text)
          .join('');
        const letters = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, '');
        expect(letters(out).length).toBeLessThanOrEqual(letters(text).length);
        for (const b of blocks) expect(['p', 'h', 'ul', 'ol']).toContain(b.type);
      }),
    );
  });
});
