"""
The bench's GDAL side (scripts/bench/versusGdal.ts): reads the same pixels the product reads, through
GDAL's /vsicurl/ driver, with a pool of threads (one dataset handle per read: GDAL handles are not
thread-safe), and prints what it read and how long it took as JSON.

Input on stdin (JSON): {"threads": 36, "reads": [...]} where each read is
  {"url": ..., "window": [xoff, yoff, xsize, ysize]}                  full-resolution pixels, or
  {"url": ..., "window": [...], "out": [width, height]}              decimated (GDAL picks the overview).
Output: {"seconds", "cpuSeconds" (all threads, user + system), "reads", "checksum", "values"?} where values are the first read's DNs row-major when
"returnValues" is set (to compare with the product's pixels).

GDAL's settings are its documented ones for cloud-optimized reads
(https://gdal.org/en/stable/user/configoptions.html), set by the caller in the environment:
GDAL_DISABLE_READDIR_ON_OPEN=EMPTY_DIR (no directory listing per file), CPL_VSIL_CURL_ALLOWED_EXTENSIONS=.TIF,
GDAL_HTTP_MULTIPLEX=YES with GDAL_HTTP_VERSION=2 (HTTP/2 multiplexing where the server offers it; the
bench's archive is HTTP/1.1, so each thread keeps its own connection), VSI_CACHE=TRUE, and
GDAL_HTTP_MERGE_CONSECUTIVE_RANGES=YES.
"""
import json
import resource
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from osgeo import gdal

gdal.UseExceptions()


def read_one(job):
    ds = gdal.Open('/vsicurl/' + job['url'])
    band = ds.GetRasterBand(1)
    xoff, yoff, xsize, ysize = job['window']
    out = job.get('out')
    if out:
        arr = band.ReadAsArray(xoff, yoff, xsize, ysize, buf_xsize=out[0], buf_ysize=out[1], resample_alg=gdal.GRIORA_NearestNeighbour)
    else:
        arr = band.ReadAsArray(xoff, yoff, xsize, ysize)
    ds = None
    return arr


def main():
    spec = json.load(sys.stdin)
    reads = spec['reads']
    start = time.perf_counter()
    cpu_start = resource.getrusage(resource.RUSAGE_SELF)
    with ThreadPoolExecutor(max_workers=spec['threads']) as pool:
        arrays = list(pool.map(read_one, reads))
    seconds = time.perf_counter() - start
    cpu_end = resource.getrusage(resource.RUSAGE_SELF)
    cpu_seconds = (cpu_end.ru_utime - cpu_start.ru_utime) + (cpu_end.ru_stime - cpu_start.ru_stime)
    result = {
        'seconds': seconds,
        'cpuSeconds': cpu_seconds,
        'reads': len(reads),
        'checksum': int(sum(int(a.sum()) for a in arrays)),
    }
    if spec.get('returnValues'):
        result['values'] = [a.ravel().tolist() for a in arrays]
    json.dump(result, sys.stdout)


main()
