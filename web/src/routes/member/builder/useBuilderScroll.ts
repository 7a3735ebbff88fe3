import { useEffect, useRef } from 'react';
import type { BuilderState } from './state';
import { reducedMotion } from './view';

/**
 * Where the builder brings the member's eyes: the preview and its buttons once generated, the messages once a
 * purchase speaks. Answers the refs of the two areas.
 */
export function useBuilderScroll({ step, code, generationFailed, notice, setProgress }: BuilderState) {
  const workArea = useRef<HTMLDivElement>(null);
  const messages = useRef<HTMLDivElement>(null);

  // On a phone the preview sits below the form: once the page is generated (or has failed), its preview and the
  // buttons under it come to the top of the screen, with room below for the messages. Left alone when they are
  // already in view (a desktop), so nothing jumps.
  useEffect(() => {
    if (step !== 'generated' && !generationFailed) return;
    const area = workArea.current;
    if (!area) return;
    const box = area.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    area.scrollIntoView({ block: 'start', behavior: reducedMotion() ? 'auto' : 'smooth' });
  }, [step, code, generationFailed]);

  // A purchase's outcome shows where the member is looking: beside the buttons, scrolled into view if need be.
  // So does a set's progress bar when its purchase starts.
  const showsProgress = setProgress !== null;
  useEffect(() => {
    if (notice || showsProgress)
      messages.current?.scrollIntoView({ block: 'nearest', behavior: reducedMotion() ? 'auto' : 'smooth' });
  }, [notice, showsProgress]);

  return { workArea, messages };
}
