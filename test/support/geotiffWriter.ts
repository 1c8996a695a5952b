import { ASCII, DOUBLE, LONG, SHORT, TILE_OFFSETS, assembleTiff, deflateTiles, downsample, type TiffTag } from '../../src/core/export/tiffLayout.js';

export interface GeoTiffWriteOptions {
  width: number;
  height: number;
  /** Row-major pixel values, `width * height` long. */
  data: Uint16Array;
  tileSize: 256 | 512;
  /** Reduced-resolution levels to add, e.g. [2, 4]; each must be > 1. */
  overviewFactors?: number[];
  /** How overview pixels are made: mean of the non-fill pixels (bands) or nearest (bit-flag bands such as QA_PIXEL). */
  resampling?: 'average' | 'nearest';
  epsg: number;
  /** x of the CENTRE of the first pixel (PixelIsPoint, like real Landsat Collection 2). */
  originX: number;
  /** y of the CENTRE of the first pixel. */
  originY: number;
  pixelSizeM: number;
  /** GDAL_NODATA: 0 for Level-2 bands; real QA_PIXEL files say 1 (the fill bit). Averaged overviews skip 0. */
  nodata: number;
  compression: 'deflate';
  /**
   * TIFF predictor: 1 none (default), 2 horizontal differencing, which makes smooth 16-bit images
   * compress several times better and which every TIFF reader (GDAL, geotiff.js) undoes.
   */
  predictor?: 1 | 2;
  /** Optional ImageDescription (TIFF tag 270), e.g. a "SYNTHETIC" label. */
  description?: string;
}

/**
 * Writes a single-band uint16 Cloud-Optimized GeoTIFF (classic TIFF, little endian): every IFD
 * (full resolution first, then overviews flagged NewSubfileType=1) precedes all tile data, so a
 * reader learns the whole layout from the first few kilobytes, as with the COGs of Landsat
 * Collection 2 (https://www.usgs.gov/landsat-missions/landsat-collection-2 ,
 * COG layout: https://github.com/cogeotiff/cog-spec/blob/master/spec.md).
 *
 * Georeferencing follows Collection 2: GTRasterTypeGeoKey = RasterPixelIsPoint with the tie point at
 * the centre of the first pixel, which GDAL reports as AREA_OR_POINT=Point and shifts half a pixel
 * to find the corner (http://docs.opengeospatial.org/is/19-008r4/19-008r4.html#_requirements_class_rastertypegeokey).
 */
export function writeGeoTiff(opts: GeoTiffWriteOptions): Buffer {
  const { width, height, data, tileSize } = opts;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new RangeError(`invalid raster size ${width}x${height}`);
  }
  if (data.length !== width * height) throw new RangeError(`data has ${data.length} values, expected ${width * height}`);
  if (tileSize !== 256 && tileSize !== 512) throw new RangeError(`tileSize must be 256 or 512, got ${tileSize}`);
  if (opts.compression !== 'deflate') throw new RangeError(`unsupported compression ${String(opts.compression)}`);
  const predictor = opts.predictor ?? 1;
  if (predictor !== 1 && predictor !== 2) throw new RangeError(`unsupported predictor ${String(predictor)}`);
  const factors = opts.overviewFactors ?? [];
  for (const f of factors) if (!Number.isInteger(f) || f < 2) throw new RangeError(`invalid overview factor ${f}`);

  // Averaged overviews skip 0 (Level-2 fill) whatever GDAL_NODATA says, as the fixtures need.
  const levels = [{ width, height, data, isOverview: false }];
  for (const factor of [...factors].sort((a, b) => a - b)) {
    levels.push({ width: Math.ceil(width / factor), height: Math.ceil(height / factor), data: downsample(data, width, height, factor, opts.resampling ?? 'average', 0), isOverview: true });
  }

  const geoTags: TiffTag[] = [
    { code: 33550, type: DOUBLE, values: [opts.pixelSizeM, opts.pixelSizeM, 0] }, // ModelPixelScale
    { code: 33922, type: DOUBLE, values: [0, 0, 0, opts.originX, opts.originY, 0] }, // ModelTiepoint
    {
      code: 34735, // GeoKeyDirectory: version 1.1.0, 3 keys
      type: SHORT,
      values: [1, 1, 0, 3, 1024, 0, 1, 1 /* ModelTypeProjected */, 1025, 0, 1, 2 /* RasterPixelIsPoint */, 3072, 0, 1, opts.epsg],
    },
  ];

  return assembleTiff(
    levels.map((level, i) => {
      const tiles = deflateTiles(level.data, level.width, level.height, tileSize, predictor);
      return {
        tiles,
        tags: [
          ...(level.isOverview ? [{ code: 254, type: LONG, values: [1] }] : []),
          { code: 256, type: LONG, values: [level.width] },
          { code: 257, type: LONG, values: [level.height] },
          { code: 258, type: SHORT, values: [16] },
          { code: 259, type: SHORT, values: [8] }, // Adobe deflate
          { code: 262, type: SHORT, values: [1] }, // BlackIsZero
          ...(i === 0 && opts.description ? [{ code: 270, type: ASCII, values: opts.description }] : []),
          { code: 277, type: SHORT, values: [1] },
          { code: 284, type: SHORT, values: [1] },
          { code: 317, type: SHORT, values: [predictor] },
          { code: 322, type: SHORT, values: [tileSize] },
          { code: 323, type: SHORT, values: [tileSize] },
          { code: TILE_OFFSETS, type: LONG, values: new Array<number>(tiles.length).fill(0) },
          { code: 325, type: LONG, values: tiles.map((t) => t.length) },
          { code: 339, type: SHORT, values: [1] }, // unsigned integer
          ...(i === 0 ? geoTags : []),
          { code: 42113, type: ASCII, values: String(opts.nodata) }, // GDAL_NODATA
        ],
      };
    }),
  );
}
