/** A photo's grey levels, row by row: 0 = black … 255 = white. */
export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/**
 * The grey levels of an RGBA image (a canvas's ImageData, a decoded JPEG), with the luma weights of BT.601 in fixed
 * point: what a photo of dark ink on light paper needs, at a few ms for 12 Mpx.
 */
export function grayFromRgba(data: Uint8Array | Uint8ClampedArray, width: number, height: number): GrayImage {
  if (data.length !== width * height * 4)
    throw new Error(`a ${width}×${height} RGBA image has ${width * height * 4} bytes, not ${data.length}`);
  const gray = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < gray.length; i++, p += 4)
    gray[i] = (77 * data[p]! + 150 * data[p + 1]! + 29 * data[p + 2]! + 128) >> 8;
  return { width, height, data: gray };
}

/** A grey image as opaque RGBA pixels (what jsQR takes, and a canvas draws). */
export function rgbaFromGray(gray: GrayImage): Uint8ClampedArray<ArrayBuffer> {
  const rgba = new Uint8ClampedArray(gray.width * gray.height * 4);
  for (let i = 0, p = 0; i < gray.data.length; i++, p += 4) {
    const v = gray.data[i]!;
    rgba[p] = v;
    rgba[p + 1] = v;
    rgba[p + 2] = v;
    rgba[p + 3] = 255;
  }
  return rgba;
}

/**
 * The image shrunk by an integer factor, each pixel the mean of a factor × factor block (the last partial blocks
 * dropped): cheap, and it averages the sensor's noise away instead of aliasing it as sampling would.
 */
export function shrink(image: GrayImage, factor: number): GrayImage {
  if (factor <= 1) return image;
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const sums = new Uint32Array(width);
  const data = new Uint8Array(width * height);
  const area = factor * factor;
  const src = image.data;
  for (let y = 0; y < height; y++) {
    sums.fill(0);
    for (let dy = 0; dy < factor; dy++) {
      const row = (y * factor + dy) * image.width;
      for (let x = 0, sx = row; x < width; x++) {
        let s = 0;
        for (let dx = 0; dx < factor; dx++) s += src[sx++]!;
        sums[x]! += s;
      }
    }
    for (let x = 0; x < width; x++) data[y * width + x] = Math.round(sums[x]! / area);
  }
  return { width, height, data };
}

/** The grey level at (x, y) in pixel coordinates (a pixel's centre at +0.5), interpolated; white outside the image. */
export function sample(image: GrayImage, x: number, y: number): number {
  const u = x - 0.5;
  const v = y - 0.5;
  const x0 = Math.floor(u);
  const y0 = Math.floor(v);
  const fx = u - x0;
  const fy = v - y0;
  const { width, height, data } = image;
  if (x0 >= 0 && y0 >= 0 && x0 + 1 < width && y0 + 1 < height) {
    const i = y0 * width + x0;
    const top = data[i]! + (data[i + 1]! - data[i]!) * fx;
    const bottom = data[i + width]! + (data[i + width + 1]! - data[i + width]!) * fx;
    return top + (bottom - top) * fy;
  }
  const at = (px: number, py: number) =>
    px < 0 || py < 0 || px >= width || py >= height ? 255 : data[py * width + px]!;
  const top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * fx;
  const bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * fx;
  return top + (bottom - top) * fy;
}

/**
 * The mean grey level of the (2r+1)² window around each pixel (clipped to the image), from a summed-area table: any
 * window's sum in four reads.
 */
export function windowMeans(image: GrayImage, r: number): Float32Array {
  const { width, height, data } = image;
  const stride = width + 1;
  const sums = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x]!;
      sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1]! + row;
    }
  }
  const means = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width, x + r + 1);
      const sum =
        sums[y1 * stride + x1]! - sums[y0 * stride + x1]! - sums[y1 * stride + x0]! + sums[y0 * stride + x0]!;
      means[y * width + x] = sum / ((x1 - x0) * (y1 - y0));
    }
  }
  return means;
}
