import { describe, expect, it } from 'vitest';
import { scrollToShow } from '../../src/routes/member/builder/useBuilderScroll';

describe('scrollToShow: what the builder brings into view after Gerar página', () => {
  it('leaves a block already on the screen where it is', () => {
    expect(scrollToShow(100, 800, 900)).toBe(0);
  });

  it('brings a warning under the fold up (1366×900: the preview fits, its warning starts at y = 889)', () => {
    // The work area from 280 to 960: its bottom 16 px above the screen's bottom.
    expect(scrollToShow(280, 960, 900)).toBe(76);
  });

  it('keeps room at the edges: a block cut at the top comes down 16 px under it', () => {
    expect(scrollToShow(-50, 600, 900)).toBe(-66);
  });

  it('brings a block below the screen (a phone, the preview under the form) to the top', () => {
    expect(scrollToShow(1700, 2400, 844)).toBe(1572);
  });

  it('brings a block above the screen down to its top', () => {
    expect(scrollToShow(-300, 200, 900)).toBe(-316);
  });

  it('shows the bottom (buttons and messages) of a block taller than the screen', () => {
    expect(scrollToShow(200, 1200, 720)).toBe(1200 + 16 - 720);
  });
});
