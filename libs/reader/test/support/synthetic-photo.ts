/**
 * A phone's photo of a printed page, made from an image of the page: the page put in perspective (tilted away from
 * the camera, turned in the frame, taking a share of the photo over a table), lit unevenly (a gradient and the soft
 * shadow of a hand or a phone), blurred, grainy and saved as a JPEG, then decoded as a reader would get it.
 *
 * The page is any grey image of the whole A4 page (210 × 297 mm, 0 = black … 255 = white): the synthetic sheets of
 * the unit tests, or a rendered sheet's PDF rasterised, for a benchmark.
 */
import { decode as decodeJpeg, encode as encodeJpeg } from 'jpeg-js';
import {
  applyHomography,
  grayFromRgba,
  homography,
  invertHomography,
  PAGE_MM,
  type GrayImage,
  type Homography,
  type Point,
  type Quad,
} from '@app/reader';
import { Random } from './random.js';

export interface PhotoOptions {
  /** The photo's size in px (default 3024 × 4032: 12 Mpx, a phone's portrait photo). */
  width?: number;
  height?: number;
  /** The page's share of the photo's height (its bounding box's), 0.5 to 1 (default 0.8). */
  pageShare?: number;
  /** How far the page's plane is tilted away from facing the camera, in degrees (default 10). */
  tiltDeg?: number;
  /** The direction of the tilt's axis on the page, in degrees (0: about the page's horizontal, the top further). */
  tiltAxisDeg?: number;
  /** The page turned in the frame, in degrees, clockwise (default 4). */
  rotationDeg?: number;
  /** The page's centre moved from the photo's, as a share of the room left (−1 … 1 on each axis; default 0). */
  offset?: Point;
  /** How much the soft shadow darkens where it is darkest, 0 … 1 (default 0.35), and the light's gradient (0.15). */
  shadow?: number;
  gradient?: number;
  /** The blur's radius in whole px (two passes of a box that wide across and down: about gaussian; default 2). */
  blur?: number;
  /** The grain's standard deviation in grey levels (default 5). */
  noise?: number;
  /** The JPEG's quality, 0 … 100 (default 60); null for no JPEG. */
  jpegQuality?: number | null;
  /** The table's grey level (default 90). */
  background?: number;
  seed?: number;
}

export interface Photo {
  image: GrayImage;
  /** The page's millimetres to the photo's pixels, as made: where the reader should find everything. */
  pageToPhoto: Homography;
  /** The JPEG's bytes (empty when none was made). */
  jpeg: Uint8Array;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * Where the page's corners land in the photo: the page is a plane tilted about an axis through its centre, seen by a
 * pinhole camera of a phone's field of view (focal length 0.75 of the long side, about a 26 mm equivalent), then
 * turned and scaled in the frame (a similarity after a projection is still a projection).
 */
function pageCorners(o: Required<Omit<PhotoOptions, 'jpegQuality' | 'seed'>>): Quad {
  const f = 0.75 * Math.max(o.width, o.height);
  const distance = (f * PAGE_MM.height) / (o.pageShare * o.height);
  const axis = { x: Math.cos(rad(o.tiltAxisDeg)), y: Math.sin(rad(o.tiltAxisDeg)) };
  const t = rad(o.tiltDeg);
  const corners = [
    { x: 0, y: 0 },
    { x: PAGE_MM.width, y: 0 },
    { x: PAGE_MM.width, y: PAGE_MM.height },
    { x: 0, y: PAGE_MM.height },
  ].map((c) => {
    // Rodrigues' rotation of (X, Y, 0) about the in-plane axis: the part along the axis stays, the rest turns.
    const X = c.x - PAGE_MM.width / 2;
    const Y = c.y - PAGE_MM.height / 2;
    const along = X * axis.x + Y * axis.y;
    const px = X - along * axis.x;
    const py = Y - along * axis.y;
    // axis × (px, py, 0) = (0, 0, axis.x·py − axis.y·px)
    const cross = axis.x * py - axis.y * px;
    const rx = along * axis.x + px * Math.cos(t);
    const ry = along * axis.y + py * Math.cos(t);
    const rz = cross * Math.sin(t);
    return { x: (f * rx) / (distance + rz), y: (f * ry) / (distance + rz) };
  });
  const r = rad(o.rotationDeg);
  const turned = corners.map((p) => ({
    x: p.x * Math.cos(r) - p.y * Math.sin(r),
    y: p.x * Math.sin(r) + p.y * Math.cos(r),
  }));
  const xs = turned.map((p) => p.x);
  const ys = turned.map((p) => p.y);
  const w = Math.max(...xs) - Math.min(...xs);
  const h = Math.max(...ys) - Math.min(...ys);
  const scale = Math.min((o.pageShare * o.height) / h, (0.99 * o.width) / w);
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
  const roomX = (o.width - w * scale) / 2;
  const roomY = (o.height - h * scale) / 2;
  const placed = turned.map((p) => ({
    x: o.width / 2 + o.offset.x * roomX + (p.x - cx) * scale,
    y: o.height / 2 + o.offset.y * roomY + (p.y - cy) * scale,
  }));
  return [placed[0]!, placed[1]!, placed[2]!, placed[3]!];
}

/** Two passes of a box blur of radius r along rows then columns, in place. */
function blur(data: Float32Array, width: number, height: number, r: number): void {
  if (r <= 0) return;
  const size = 2 * r + 1;
  const line = new Float32Array(Math.max(width, height) + 2 * r);
  const pass = (start: number, step: number, n: number) => {
    for (let i = 0; i < n + 2 * r; i++) line[i] = data[start + step * Math.min(n - 1, Math.max(0, i - r))]!;
    let sum = 0;
    for (let i = 0; i < size; i++) sum += line[i]!;
    for (let i = 0; i < n; i++) {
      data[start + step * i] = sum / size;
      sum += line[i + size]! - line[i]!;
    }
  };
  for (let round = 0; round < 2; round++) {
    for (let y = 0; y < height; y++) pass(y * width, 1, width);
    for (let x = 0; x < width; x++) pass(x, width, height);
  }
}

/** The page photographed. */
export async function photograph(page: GrayImage, options: PhotoOptions = {}): Promise<Photo> {
  const o = {
    width: options.width ?? 3024,
    height: options.height ?? 4032,
    pageShare: options.pageShare ?? 0.8,
    tiltDeg: options.tiltDeg ?? 10,
    tiltAxisDeg: options.tiltAxisDeg ?? 0,
    rotationDeg: options.rotationDeg ?? 4,
    offset: options.offset ?? { x: 0, y: 0 },
    shadow: options.shadow ?? 0.35,
    gradient: options.gradient ?? 0.15,
    blur: options.blur ?? 2,
    noise: options.noise ?? 5,
    background: options.background ?? 90,
  };
  const random = new Random(options.seed ?? 1);
  const { width, height } = o;
  const paperCorners: Quad = [
    { x: 0, y: 0 },
    { x: PAGE_MM.width, y: 0 },
    { x: PAGE_MM.width, y: PAGE_MM.height },
    { x: 0, y: PAGE_MM.height },
  ];
  const pageToPhoto = homography(paperCorners, pageCorners(o));
  const photoToPage = invertHomography(pageToPhoto);
  const sx = page.width / PAGE_MM.width;
  const sy = page.height / PAGE_MM.height;
  // The shadow: a soft-edged half-plane across the photo at a drawn angle; the light: a gradient the other way.
  const shadowAngle = random.between(0, 2 * Math.PI);
  const sdx = Math.cos(shadowAngle);
  const sdy = Math.sin(shadowAngle);
  const shadowAt = random.between(-0.2, 0.2) * Math.max(width, height);
  const softness = 0.06 * Math.max(width, height);
  const level = new Float32Array(width * height);
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = photoToPage;
  for (let y = 0; y < height; y++) {
    const py = y + 0.5;
    for (let x = 0; x < width; x++) {
      const px = x + 0.5;
      const w = h6 * px + h7 * py + h8;
      const u = ((h0 * px + h1 * py + h2) / w) * sx - 0.5;
      const v = ((h3 * px + h4 * py + h5) / w) * sy - 0.5;
      let value: number;
      if (u < -0.5 || v < -0.5 || u > page.width - 0.5 || v > page.height - 0.5) {
        value = o.background + 12 * Math.sin(px / 97 + py / 151);
      } else {
        const x0 = Math.max(0, Math.min(page.width - 2, Math.floor(u)));
        const y0 = Math.max(0, Math.min(page.height - 2, Math.floor(v)));
        const fx = Math.max(0, Math.min(1, u - x0));
        const fy = Math.max(0, Math.min(1, v - y0));
        const i = y0 * page.width + x0;
        const d = page.data;
        const top = d[i]! + (d[i + 1]! - d[i]!) * fx;
        const bottom = d[i + page.width]! + (d[i + page.width + 1]! - d[i + page.width]!) * fx;
        value = top + (bottom - top) * fy;
      }
      const across = (px - width / 2) * sdx + (py - height / 2) * sdy;
      const inShadow = 1 / (1 + Math.exp(-(across - shadowAt) / softness));
      const light = 1 - o.gradient * (py / height) - o.shadow * inShadow;
      level[y * width + x] = value * light;
    }
  }
  // A box blur's radius is a whole number of pixels.
  blur(level, width, height, Math.round(o.blur));
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, p = 0; i < level.length; i++, p += 4) {
    const v = level[i]! + o.noise * random.normal();
    // A warm light: the reader must take the grey of a colour photo.
    rgba[p] = v + 6;
    rgba[p + 1] = v;
    rgba[p + 2] = v - 8;
    rgba[p + 3] = 255;
  }
  const quality = options.jpegQuality === undefined ? 60 : options.jpegQuality;
  if (quality === null)
    return { image: grayFromRgba(rgba, width, height), pageToPhoto, jpeg: new Uint8Array() };
  // jpeg-js (pure JavaScript): a native canvas crashed the process after a few dozen 12 Mpx photos.
  const jpeg = encodeJpeg({ data: rgba, width, height }, quality).data;
  const pixels = decodeJpeg(jpeg, { useTArray: true, maxMemoryUsageInMB: 1024 });
  return { image: grayFromRgba(pixels.data, width, height), pageToPhoto, jpeg: new Uint8Array(jpeg) };
}

/** Where a point of the page (mm) is in the photo. */
export const inPhoto = (photo: Photo, p: Point): Point => applyHomography(photo.pageToPhoto, p);
