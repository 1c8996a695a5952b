import { ASCII, DOUBLE, LONG, SHORT, TILE_OFFSETS, assembleTiff, deflateTilesAsync, downsample, type TiffTag } from './tiffLayout.js';

/**
 * Writes a multi-band Cloud-Optimized GeoTIFF (classic TIFF, little endian) on a projected grid:
 * every IFD (full resolution, then overviews flagged NewSubfileType=1) precedes all tile data,
 * smallest overview's tiles first, as GDAL's COG driver lays it out
 * (https://github.com/cogeotiff/cog-spec/blob/master/spec.md). Bands are stored as separate planes
 * (PlanarConfiguration=2, GDAL's INTERLEAVE=BAND), deflate-compressed, 512 x 512 tiles (GDAL's COG
 * default block size). Band descriptions, scale and offset go into the GDAL_METADATA tag (42112),
 * the no-data value into GDAL_NODATA (42113), exactly as GDAL itself writes them, so GDAL, QGIS and
 * rasterio read them back. The georeferencing is PixelIsArea with the tie point at the grid's
 * upper-left corner: what GDAL reports as the geotransform, with no half-pixel question.
 */
export interface CogBand {
  /** Row-major values, width * height long. */
  data: Uint16Array | Float32Array;
  /** GDAL band description, e.g. "B04 Red Band (OLI Band 4, SR_B4)". */
  description: string;
  /** GDAL scale/offset (physical = DN * scale + offset); omit for physical values. */
  scale?: number;
  offset?: number;
  /** How overviews are made from this band: mean of valid values, or nearest (bit flags). */
  overviewResampling: 'average' | 'nearest';
}

export interface CogWriteOptions {
  width: number;
  height: number;
  sampleType: 'uint16' | 'float32';
  bands: CogBand[];
  epsg: number;
  /** Upper-left corner of the upper-left pixel, in the CRS's units. */
  originX: number;
  originY: number;
  pixelSizeX: number;
  pixelSizeY: number;
  /** GDAL_NODATA for every band: 0 for DN, NaN for float. */
  nodata: number;
  /** Dataset-level GDAL metadata items (name → value), e.g. the scene id. */
  metadata?: Record<string, string>;
}

export const COG_TILE_SIZE = 512;

/**
 * Overview factors as GDAL's COG driver picks them by default: halve until the level fits in one
 * tile. A window of at most 512 x 512 pixels is one tile already and gets no overview.
 */
export function overviewFactors(width: number, height: number, tileSize = COG_TILE_SIZE): number[] {
  const factors: number[] = [];
  let f = 2;
  while (Math.max(width, height) / (f / 2) > tileSize) {
    factors.push(f);
    f *= 2;
  }
  return factors;
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** GDAL's own GDAL_METADATA XML: dataset items, then per band (sample = 0-based band) description, scale, offset. */
export function gdalMetadataXml(bands: CogBand[], metadata: Record<string, string> = {}): string {
  const items: string[] = Object.entries(metadata).map(([k, v]) => `  <Item name="${xmlEscape(k)}">${xmlEscape(v)}</Item>`);
  bands.forEach((b, i) => {
    if (b.scale !== undefined) items.push(`  <Item name="SCALE" sample="${i}" role="scale">${b.scale}</Item>`);
    if (b.offset !== undefined) items.push(`  <Item name="OFFSET" sample="${i}" role="offset">${b.offset}</Item>`);
    items.push(`  <Item name="DESCRIPTION" sample="${i}" role="description">${xmlEscape(b.description)}</Item>`);
  });
  return `<GDALMetadata>\n${items.join('\n')}\n</GDALMetadata>`;
}

export async function writeCog(opts: CogWriteOptions): Promise<Buffer> {
  const { width, height, bands, sampleType } = opts;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) throw new RangeError(`invalid raster size ${width}x${height}`);
  if (bands.length === 0) throw new RangeError('no bands to write');
  for (const b of bands) if (b.data.length !== width * height) throw new RangeError(`band "${b.description}" has ${b.data.length} values, expected ${width * height}`);
  if (bands.some((b) => (b.data instanceof Float32Array) !== (sampleType === 'float32'))) throw new RangeError(`every band must hold ${sampleType} values`);
  const tile = COG_TILE_SIZE;
  const bytesPerSample = sampleType === 'uint16' ? 2 : 4;
  // Horizontal differencing shrinks smooth 16-bit rasters; float32 is stored as is (GDAL uses predictor 3 there).
  const predictor = sampleType === 'uint16' ? 2 : 1;

  const levels = [{ width, height, factor: 1 }, ...overviewFactors(width, height).map((f) => ({ width: Math.ceil(width / f), height: Math.ceil(height / f), factor: f }))];
  // Planar: all tiles of band 0, then band 1, ... One band of one level at a time: its downsampled
  // copy is dropped once its tiles are deflated.
  const levelTiles: Buffer[][] = [];
  for (const level of levels) {
    const tiles: Buffer[] = [];
    for (const band of bands) {
      const data = level.factor === 1 ? band.data : downsample(band.data, width, height, level.factor, band.overviewResampling, opts.nodata);
      tiles.push(...(await deflateTilesAsync(data, level.width, level.height, tile, predictor)));
    }
    levelTiles.push(tiles);
  }

  const geoTags: TiffTag[] = [
    { code: 33550, type: DOUBLE, values: [opts.pixelSizeX, opts.pixelSizeY, 0] }, // ModelPixelScale
    { code: 33922, type: DOUBLE, values: [0, 0, 0, opts.originX, opts.originY, 0] }, // ModelTiepoint at the corner
    {
      code: 34735, // GeoKeyDirectory 1.1.0: projected, PixelIsArea, EPSG code
      type: SHORT,
      values: [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, opts.epsg],
    },
  ];
  const nodataText = Number.isNaN(opts.nodata) ? 'nan' : String(opts.nodata);
  return assembleTiff(
    levels.map((level, li) => ({
      tiles: levelTiles[li],
      tags: [
        ...(li > 0 ? [{ code: 254, type: LONG, values: [1] }] : []),
        { code: 256, type: LONG, values: [level.width] },
        { code: 257, type: LONG, values: [level.height] },
        { code: 258, type: SHORT, values: bands.map(() => bytesPerSample * 8) },
        { code: 259, type: SHORT, values: [8] }, // deflate
        { code: 262, type: SHORT, values: [1] }, // BlackIsZero
        { code: 277, type: SHORT, values: [bands.length] },
        { code: 284, type: SHORT, values: [2] }, // planar: one plane per band
        { code: 317, type: SHORT, values: [predictor] },
        { code: 322, type: SHORT, values: [tile] },
        { code: 323, type: SHORT, values: [tile] },
        { code: TILE_OFFSETS, type: LONG, values: new Array<number>(levelTiles[li].length).fill(0) },
        { code: 325, type: LONG, values: levelTiles[li].map((t) => t.length) },
        ...(bands.length > 1 ? [{ code: 338, type: SHORT, values: new Array<number>(bands.length - 1).fill(0) }] : []), // ExtraSamples: unspecified
        { code: 339, type: SHORT, values: bands.map(() => (sampleType === 'uint16' ? 1 : 3)) },
        ...(li === 0 ? geoTags : []),
        ...(li === 0 ? [{ code: 42112, type: ASCII, values: gdalMetadataXml(bands, opts.metadata) }] : []),
        { code: 42113, type: ASCII, values: nodataText },
      ],
    })),
  );
}
