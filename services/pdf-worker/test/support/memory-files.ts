/**
 * The RENDERS bucket in memory, for the sheets script and the assembly bench: written once per name, as the real
 * store (libs/kit file-store.ts) is.
 */
export function memoryFiles() {
  const stored = new Map<string, Buffer>();
  return {
    stored,
    async put(name: string, data: Uint8Array) {
      if (!stored.has(name)) stored.set(name, Buffer.from(data));
    },
    async get(name: string) {
      return stored.get(name) ?? null;
    },
    async has(name: string) {
      return stored.has(name);
    },
  };
}
