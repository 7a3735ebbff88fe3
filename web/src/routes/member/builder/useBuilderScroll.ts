import { useEffect, useRef } from 'react';
import type { BuilderState } from './state';
import { reducedMotion } from './view';

/** What the member does to move the page herself (the builder stops moving it then). */
const MEMBER_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** Room kept between what is brought into view and the screen's edges. */
const EDGE_PX = 16;

/**
 * How far to scroll (positive: down) so that a block from `top` to `bottom` (viewport coordinates) is on a screen of
 * `height`: nothing when it already is; else it comes into view whole, with room at the edges. A block taller than
 * the screen shows its bottom, where the buttons and the messages beside them are.
 */
export function scrollToShow(top: number, bottom: number, height: number): number {
  if (top >= 0 && bottom <= height) return 0;
  const toBottom = bottom + EDGE_PX - height;
  const toTop = top - EDGE_PX;
  if (bottom - top + 2 * EDGE_PX > height) return toBottom;
  return toBottom > 0 ? toBottom : toTop;
}

/**
 * Whether the member has moved the page herself since the builder last placed it: a message that appears later then
 * waits for her where it is. Watched from the first time the builder places the page.
 */
let memberMoved = false;
let watching = false;

function watchMember() {
  if (watching) return;
  watching = true;
  for (const event of MEMBER_MOVES)
    window.addEventListener(event, () => (memberMoved = true), { passive: true, capture: true });
}

function bringIntoView(blocks: ReadonlyArray<HTMLElement | null>) {
  watchMember();
  memberMoved = false;
  const boxes = blocks.filter((b): b is HTMLElement => b !== null).map((b) => b.getBoundingClientRect());
  if (!boxes.length) return;
  const top = Math.min(...boxes.map((b) => b.top));
  const bottom = Math.max(...boxes.map((b) => (b.height > 0 ? b.bottom : top)));
  const by = scrollToShow(top, bottom, window.innerHeight);
  // To an absolute place, computed from where the page is now: a relative scroll asked while a smooth one still moves
  // depends on where the browser counts it from (the timed hint once stayed half in view on a phone).
  if (by !== 0) window.scrollTo({ top: window.scrollY + by, behavior: reducedMotion() ? 'auto' : 'smooth' });
}

/**
 * Where the builder brings the member's eyes: the preview, its buttons and the messages under them once generated
 * (the insufficient-balance warning, the 'clique em Editar' hint), the messages once a purchase speaks. Answers the
 * refs of the two areas.
 */
export function useBuilderScroll({ step, code, generationFailed, notice, setProgress }: BuilderState) {
  const workArea = useRef<HTMLDivElement>(null);
  const messages = useRef<HTMLDivElement>(null);

  // Once the page is generated (or has failed), its preview, the buttons under it and the messages below them come
  // into view together: on a phone the preview sits below the form; on a laptop the warning sits below the fold.
  // Left alone when they are already in view, so nothing jumps.
  useEffect(() => {
    if (step !== 'generated' && !generationFailed) return;
    const area = workArea.current;
    if (!area) return;
    const bring = () => bringIntoView([workArea.current, messages.current]);
    bring();
    // The preview's image arrives after the code (and 'Ampliar prévia' with it): the area grows, and is brought into
    // view again as it does, until the member moves the page herself. So do the messages: the timed hint that made
    // them too tall for a phone's screen (its bottom shown, the preview's top cut) goes away, and the preview comes
    // back whole (on a busy machine the image once arrived while the hint was up, and the preview stayed cut).
    const observer = new ResizeObserver(bring);
    observer.observe(area);
    if (messages.current) observer.observe(messages.current);
    const stop = () => observer.disconnect();
    for (const event of MEMBER_MOVES) window.addEventListener(event, stop, { passive: true });
    return () => {
      stop();
      for (const event of MEMBER_MOVES) window.removeEventListener(event, stop);
    };
  }, [step, code, generationFailed]);

  // A purchase's outcome shows where the member is looking: beside the buttons, scrolled into view if need be.
  // So does a set's progress bar when its purchase starts.
  const showsProgress = setProgress !== null;
  useEffect(() => {
    if (notice || showsProgress) bringIntoView([messages.current]);
  }, [notice, showsProgress]);

  return { workArea, messages };
}

/**
 * A message that appears later (the timed hint) comes into view when the buttons above it are in view, and stays in
 * view while the messages above it grow (the insufficient-balance warning once the balance arrives, later than the
 * hint on a slow connection), until the member moves the page herself.
 */
export function useShownBesideButtons(shown: boolean, element: { current: HTMLElement | null }) {
  useEffect(() => {
    const el = element.current;
    if (!shown || !el) return;
    // The member has moved the page herself since the builder placed it (to the form): the hint waits for her there,
    // unmoved. Judged by what she did, not by where the page is: the builder's own smooth scroll may still be moving
    // it when the hint appears (on a slow phone the hint once stayed out of view so).
    watchMember();
    if (memberMoved) return;
    bringIntoView([el]);
    const area = el.parentElement;
    if (!area) return;
    const observer = new ResizeObserver(() => bringIntoView([el]));
    observer.observe(area);
    const stop = () => observer.disconnect();
    for (const event of MEMBER_MOVES) window.addEventListener(event, stop, { passive: true });
    return () => {
      stop();
      for (const event of MEMBER_MOVES) window.removeEventListener(event, stop);
    };
  }, [shown, element]);
}
