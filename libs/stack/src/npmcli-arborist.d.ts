// The part of npm's Arborist (@npmcli/arborist, no types of its own) that bundle.ts uses.
declare module '@npmcli/arborist' {
  interface ArboristOptions {
    /** The project folder: its package.json and package-lock.json. */
    path: string;
    /** Never ask the registry: only what the lockfile (and `cache`) holds. */
    offline?: boolean;
    cache?: string;
    lockfileVersion?: 1 | 2 | 3;
    audit?: boolean;
    ignoreScripts?: boolean;
  }
  interface Shrinkwrap {
    /** The lockfile of the tree, as package-lock.json holds it. */
    commit(): { lockfileVersion: number; packages: Record<string, Record<string, unknown>> };
  }
  interface Node {
    meta: Shrinkwrap;
  }
  export default class Arborist {
    constructor(options: ArboristOptions);
    /** The tree npm would install from package.json and package-lock.json (`npm install --package-lock-only`). */
    buildIdealTree(): Promise<Node>;
  }
}
