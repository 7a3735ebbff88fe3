import { useEffect, useState } from 'react';

/** The timed hint: shown 5 s after editing is locked, for 5 s, then removed after a 0.6 s fade. */
const HINT_DELAY_MS = 5000;
const HINT_VISIBLE_MS = 5000;
const HINT_FADE_MS = 600;
export type Hint = 'hidden' | 'shown' | 'fading';

export function useEditHint(locked: boolean) {
  const [hint, setHint] = useState<Hint>('hidden');
  useEffect(() => {
    setHint('hidden');
    if (!locked) return;
    const timers = [
      setTimeout(() => setHint('shown'), HINT_DELAY_MS),
      setTimeout(() => setHint('fading'), HINT_DELAY_MS + HINT_VISIBLE_MS),
      setTimeout(() => setHint('hidden'), HINT_DELAY_MS + HINT_VISIBLE_MS + HINT_FADE_MS),
    ];
    return () => timers.forEach(clearTimeout);
  }, [locked]);
  return [hint, () => setHint('hidden')] as const;
}
