// The cards' cover: a strip on the left where the column is narrow beside a wide map, a strip
// along the top where the cards span a phone's width, in 16 px steps, and none without cards.
import { describe, expect, it } from 'vitest';
import { cardCover } from './use-card-cover';

const box = (x: number, y: number, width: number, height: number) =>
  ({ left: x, top: y, right: x + width, bottom: y + height, width, height }) as DOMRect;

const noPanel = { right: 0, bottom: 0 };

describe('cardCover', () => {
  it('is nothing without cards', () => {
    expect(cardCover([], box(0, 100, 900, 700), noPanel)).toEqual({ top: 0, left: 0 });
  });

  it('takes a narrow column as a strip on the left, rounded up to a step', () => {
    // A desktop: two legends 272 px wide, 12 px in from the map's left, most of its height.
    const cards = [box(12, 112, 272, 400), box(12, 520, 272, 200)];
    expect(cardCover(cards, box(0, 100, 900, 700), noPanel)).toEqual({ top: 0, left: 288 });
  });

  it('takes full-width cards as a strip along the top, beside a panel sheet', () => {
    // A phone: the toolbar and a folded legend across the width, the sheet over the bottom.
    const cards = [box(12, 112, 366, 90), box(12, 210, 180, 44)];
    const panel = { right: 0, bottom: 330 };
    expect(cardCover(cards, box(0, 100, 390, 744), panel)).toEqual({ top: 160, left: 0 });
  });
});
