import type { LimitName } from '@app/contracts';
import type { LimitSettings, Limits, Taken, WhenDown } from '@app/kit';

/**
 * The limits in memory, for unit tests of the use cases that take them (pages, auth, the gateway): the rules of the
 * real ones (libs/kit limits/, tested on the real server by libs/kit/test/integration/limits.test.ts): at most `max`
 * slots per limit and key, a slot ageing out `windowMs` after it was taken (by `now`), a given-back slot free again
 * (once), and `down` playing a store that does not answer.
 */
export function memoryLimits(settings: LimitSettings, now: () => number = Date.now) {
  const slots = new Map<string, Set<{ at: number }>>();
  const state = { down: false };
  const live = (name: LimitName, key: string) => {
    const windowMs = settings[name]?.windowMs ?? Infinity;
    const held = slots.get(`${name}|${key}`) ?? new Set<{ at: number }>();
    slots.set(`${name}|${key}`, held);
    for (const slot of held) if (now() - slot.at >= windowMs) held.delete(slot);
    return held;
  };
  const limits: Pick<Limits, 'take'> = {
    async take(name: LimitName, key: string, whenDown: WhenDown): Promise<Taken> {
      const setting = settings[name];
      if (!setting) throw new Error(`limit ${name} not opened`);
      if (state.down)
        return whenDown === 'allow'
          ? { ok: true, release: () => undefined }
          : { ok: false, reason: 'unavailable' };
      const held = live(name, key);
      if (held.size >= setting.max) return { ok: false, reason: 'full' };
      const slot = { at: now() };
      held.add(slot);
      return { ok: true, release: () => void held.delete(slot) };
    },
  };
  return {
    limits,
    /** True: the store does not answer (NATS down). */
    state,
    /** Slots of `name` held now for `key`. */
    held: (name: LimitName, key: string) => live(name, key).size,
  };
}
