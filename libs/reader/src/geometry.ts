/**
 * Plane projective geometry: the homography that takes four points to four others (a flat page seen in perspective
 * is one), applying it and inverting it.
 */

export interface Point {
  x: number;
  y: number;
}

export type Quad = readonly [Point, Point, Point, Point];

/** A 3×3 matrix, row by row, acting on (x, y, 1); the last entry is 1 once normalised. */
export type Homography = readonly [number, number, number, number, number, number, number, number, number];

/**
 * Solves A·x = b in place by Gaussian elimination with partial pivoting (n is 8 here: small enough that nothing
 * cleverer pays). Throws when A is singular: three of the points on one line.
 */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    if (Math.abs(a[pivot]![col]!) < 1e-12)
      throw new Error('the points are degenerate: three of them on a line');
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    const row = a[col]!;
    for (let r = col + 1; r < n; r++) {
      const other = a[r]!;
      const f = other[col]! / row[col]!;
      if (f === 0) continue;
      for (let c = col; c < n; c++) other[c]! -= f * row[c]!;
      b[r]! -= f * b[col]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let c = r + 1; c < n; c++) s -= a[r]![c]! * x[c]!;
    x[r] = s / a[r]![r]!;
  }
  return x;
}

/** Whether three of the four points are on a line (or two are one): no homography takes such points anywhere. */
function degenerate(points: Quad): boolean {
  const spread = Math.max(...points.flatMap((p) => points.map((q) => Math.hypot(p.x - q.x, p.y - q.y))));
  for (let i = 0; i < 4; i++) {
    const [a, b, c] = points.filter((_, k) => k !== i) as [Point, Point, Point];
    if (Math.abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) <= 1e-9 * spread * spread)
      return true;
  }
  return false;
}

/** The homography taking each point of `from` to the point of `to` at the same index. */
export function homography(from: Quad, to: Quad): Homography {
  if (degenerate(from) || degenerate(to))
    throw new Error('the points are degenerate: three of them on a line');
  // Two equations per pair: u = (h0 x + h1 y + h2) / (h6 x + h7 y + 1), and v alike with h3…h5.
  // Points are centred and scaled first so the system is well conditioned whatever their units (mm or px).
  const norm = (points: Quad) => {
    const cx = points.reduce((s, p) => s + p.x, 0) / 4;
    const cy = points.reduce((s, p) => s + p.y, 0) / 4;
    const spread = points.reduce((s, p) => s + Math.hypot(p.x - cx, p.y - cy), 0) / 4 || 1;
    const k = Math.SQRT2 / spread;
    return { cx, cy, k };
  };
  const nf = norm(from);
  const nt = norm(to);
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const x = (from[i]!.x - nf.cx) * nf.k;
    const y = (from[i]!.y - nf.cy) * nf.k;
    const u = (to[i]!.x - nt.cx) * nt.k;
    const v = (to[i]!.y - nt.cy) * nt.k;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const h = solve(a, b);
  const core: Homography = [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!, 1];
  // Undo the normalisations: H = T_to⁻¹ · core · T_from.
  const tFrom: Homography = [nf.k, 0, -nf.k * nf.cx, 0, nf.k, -nf.k * nf.cy, 0, 0, 1];
  const tToInverse: Homography = [1 / nt.k, 0, nt.cx, 0, 1 / nt.k, nt.cy, 0, 0, 1];
  return normalised(multiply(tToInverse, multiply(core, tFrom)));
}

export function multiply(a: Homography, b: Homography): Homography {
  const m = new Array<number>(9);
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++)
      m[3 * r + c] = a[3 * r]! * b[c]! + a[3 * r + 1]! * b[3 + c]! + a[3 * r + 2]! * b[6 + c]!;
  return m as unknown as Homography;
}

function normalised(m: Homography): Homography {
  const s = m[8];
  if (Math.abs(s) < 1e-15) return m;
  return m.map((v) => v / s) as unknown as Homography;
}

/** Where `h` takes the point (x, y). */
export function applyHomography(h: Homography, p: Point): Point {
  const w = h[6] * p.x + h[7] * p.y + h[8];
  return { x: (h[0] * p.x + h[1] * p.y + h[2]) / w, y: (h[3] * p.x + h[4] * p.y + h[5]) / w };
}

/** The homography that undoes `h` (its adjugate, normalised). */
export function invertHomography(h: Homography): Homography {
  const [a, b, c, d, e, f, g, i, j] = h;
  const adj: Homography = [
    e * j - f * i,
    c * i - b * j,
    b * f - c * e,
    f * g - d * j,
    a * j - c * g,
    c * d - a * f,
    d * i - e * g,
    b * g - a * i,
    a * e - b * d,
  ];
  const det = a * adj[0] + b * adj[3] + c * adj[6];
  if (Math.abs(det) < 1e-15) throw new Error('the homography is singular');
  return normalised(adj);
}
