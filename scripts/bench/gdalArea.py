"""
The GDAL side of the area bench (scripts/bench/areaVersusGdal.ts): what POST /api/area/stream computes,
done with GDAL and numpy on the same files, so the product's time has a reference measured in the same run.

Per scene: open each file (QA_PIXEL and the bands) through /vsicurl/ on the overview level the product
used (`OVERVIEW_LEVEL=level-1` open option for level >= 1, the full-resolution image for level 0),
read the window of the polygon's bounding box on that grid (the product's rule: floor of the left/top
edge, ceil of the right/bottom edge, clipped to the raster), burn the polygon into an in-memory raster
with the window's geotransform (gdal.RasterizeLayer's default rule: a pixel is inside when its centre
is, not ALL_TOUCHED), and count: pixelCount = inside and imaged (QA not 0, fill bit 0 unset),
clearCount = of those, QA bits in `maskBits` unset; per band, over the clear pixels with DN != 0,
count, mean, median, population standard deviation, min and max of DN * 0.0000275 - 0.2.

Reads go to a pool of threads (one dataset handle per read: GDAL handles are not thread-safe), then
each scene's statistics to the same pool (numpy releases the GIL in its loops).

Input on stdin (JSON): {"threads", "level", "epsg", "maskBits", "ringLngLat": [[lon, lat], ...],
"scenes": [{"id", "qa": url, "bands": {"B04": url, ...}}]}.
Output: {"seconds", "cpuSeconds", "scenes": [{"id", "pixelCount", "clearCount", "window", "bands": {...}}]}.
GDAL's configuration comes from the caller's environment (as gdalReads.py).
"""
import json
import resource
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from osgeo import gdal, ogr, osr

gdal.UseExceptions()

REFLECTANCE_SCALE = 0.0000275
REFLECTANCE_OFFSET = -0.2


def projected_ring(ring_lnglat, epsg):
    src = osr.SpatialReference()
    src.ImportFromEPSG(4326)
    src.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    dst = osr.SpatialReference()
    dst.ImportFromEPSG(epsg)
    dst.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    transform = osr.CoordinateTransformation(src, dst)
    return [transform.TransformPoint(lon, lat)[:2] for lon, lat in ring_lnglat]


def window_of(gt, width, height, ring_xy):
    xs = [p[0] for p in ring_xy]
    ys = [p[1] for p in ring_xy]
    px, py = gt[1], -gt[5]
    c0 = max(0, int(np.floor((min(xs) - gt[0]) / px)))
    c1 = min(width, int(np.ceil((max(xs) - gt[0]) / px)))
    r0 = max(0, int(np.floor((gt[3] - max(ys)) / py)))
    r1 = min(height, int(np.ceil((gt[3] - min(ys)) / py)))
    return c0, r0, c1, r1


def read_one(job):
    """One file's window on the level: (array, geotransform of the window, window)."""
    url, level, ring_xy = job
    options = ['OVERVIEW_LEVEL=%d' % (level - 1)] if level > 0 else []
    ds = gdal.OpenEx('/vsicurl/' + url, gdal.OF_RASTER, open_options=options)
    gt = ds.GetGeoTransform()
    c0, r0, c1, r1 = window_of(gt, ds.RasterXSize, ds.RasterYSize, ring_xy)
    arr = ds.GetRasterBand(1).ReadAsArray(c0, r0, c1 - c0, r1 - r0)
    ds = None
    window_gt = (gt[0] + c0 * gt[1], gt[1], 0.0, gt[3] + r0 * gt[5], 0.0, gt[5])
    return arr, window_gt, (c0, r0, c1, r1)


def inside_mask(window_gt, width, height, ring_wkt, srs_wkt):
    """The polygon burnt into the window's grid: 1 where a pixel's centre lies inside (GDAL's default rule)."""
    target = gdal.GetDriverByName('MEM').Create('', width, height, 1, gdal.GDT_Byte)
    target.SetGeoTransform(window_gt)
    target.SetProjection(srs_wkt)
    source = ogr.GetDriverByName('Memory').CreateDataSource('')
    srs = osr.SpatialReference(wkt=srs_wkt)
    layer = source.CreateLayer('polygon', srs=srs, geom_type=ogr.wkbPolygon)
    feature = ogr.Feature(layer.GetLayerDefn())
    feature.SetGeometry(ogr.CreateGeometryFromWkt(ring_wkt))
    layer.CreateFeature(feature)
    gdal.RasterizeLayer(target, [1], layer, burn_values=[1])
    mask = target.GetRasterBand(1).ReadAsArray().astype(bool)
    target = None
    source = None
    return mask


def band_stats(dn):
    dn = dn[dn != 0]
    if dn.size == 0:
        return {'count': 0, 'mean': None, 'median': None, 'stDev': None, 'min': None, 'max': None}
    v = dn.astype(np.float64) * REFLECTANCE_SCALE + REFLECTANCE_OFFSET
    return {'count': int(v.size), 'mean': float(v.mean()), 'median': float(np.median(v)), 'stDev': float(v.std()), 'min': float(v.min()), 'max': float(v.max())}


def scene_stats(args):
    scene, reads, mask_bits, ring_wkt, srs_wkt = args
    qa, window_gt, window = reads['qa']
    height, width = qa.shape
    inside = inside_mask(window_gt, width, height, ring_wkt, srs_wkt)
    imaged = inside & (qa != 0) & ((qa & 1) == 0)
    clear = imaged & ((qa & mask_bits) == 0)
    bands = {}
    for band_id in scene['bands']:
        arr, _, band_window = reads[band_id]
        if band_window != window:
            raise SystemExit('%s: %s read a different window than QA_PIXEL' % (scene['id'], band_id))
        bands[band_id] = band_stats(arr[clear])
    return {'id': scene['id'], 'pixelCount': int(imaged.sum()), 'clearCount': int(clear.sum()), 'window': list(window), 'bands': bands}


def main():
    spec = json.load(sys.stdin)
    level = spec['level']
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(spec['epsg'])
    srs_wkt = srs.ExportToWkt()
    ring_xy = projected_ring(spec['ringLngLat'], spec['epsg'])
    ring_wkt = 'POLYGON ((%s))' % ', '.join('%.6f %.6f' % (x, y) for x, y in ring_xy)
    scenes = spec['scenes']
    jobs = []
    for scene in scenes:
        jobs.append((scene['id'], 'qa', scene['qa']))
        jobs.extend((scene['id'], band_id, url) for band_id, url in scene['bands'].items())
    start = time.perf_counter()
    cpu_start = resource.getrusage(resource.RUSAGE_SELF)
    with ThreadPoolExecutor(max_workers=spec['threads']) as pool:
        arrays = list(pool.map(read_one, [(url, level, ring_xy) for _, _, url in jobs]))
        reads = {}
        for (scene_id, key, _), result in zip(jobs, arrays):
            reads.setdefault(scene_id, {})[key] = result
        arrays = None
        results = list(pool.map(scene_stats, [(s, reads[s['id']], spec['maskBits'], ring_wkt, srs_wkt) for s in scenes]))
    seconds = time.perf_counter() - start
    cpu_end = resource.getrusage(resource.RUSAGE_SELF)
    cpu_seconds = (cpu_end.ru_utime - cpu_start.ru_utime) + (cpu_end.ru_stime - cpu_start.ru_stime)
    json.dump({'seconds': seconds, 'cpuSeconds': cpu_seconds, 'scenes': results}, sys.stdout)


main()
