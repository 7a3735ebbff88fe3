import { useEffect, useState } from 'react';
import { reducedMotion } from './view';

/**
 * The timed hint: shown 5 s after editing is locked, for 5 s, then removed after a 0.6 s fade; at once, with no
 * fade, for a member who asked for reduced motion (then it is never half-transparent, so never of low contrast).
 */
const HINT_DELAY_MS = 5000;
const HINT_VISIBLE_MS = 5000;
const HINT_FADE_MS = 600;
export type Hint = 'hidden' | 'shown' | 'fading';

export function useEditHint(locked: boolean) {
  const [hint, setHint] = useState<Hint>('hidden');
  useEffect(() => {
    setHint('hidden');
    if (!locked) return;
    const fade = reducedMotion() ? 0 : HINT_FADE_MS;
    const timers = [
      setTimeout(() => setHint('shown'), HINT_DELAY_MS),
      ...(fade > 0 ? [setTimeout(() => setHint('fading'), HINT_DELAY_MS + HINT_VISIBLE_MS)] : []),
      setTimeout(() => setHint('hidden'), HINT_DELAY_MS + HINT_VISIBLE_MS + fade),
    ];
    return () => timers.forEach(clearTimeout);
  }, [locked]);
  return [hint, () => setHint('hidden')] as const;
}
