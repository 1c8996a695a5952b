"""Times USGS LCMAP pyccd (`import ccd`) on the series the change-detection bench gives it.

Input (argv[1]): JSON {"runs": N, "series": {"name": {"dates": [...], "blue": [...], ..., "thermal": [...],
"qa": [...]}}} in pyccd's units (reflectance x 10,000, kelvin x 10, CFMask classes 0 clear, 1 water,
2 shadow, 3 snow, 4 cloud, 255 fill). Output (stdout): JSON {"available": true, "version", "series":
{"name": {"ms": [...], "cpuMs": [...], "segments": n}}} or {"available": false, "reason"} when pyccd cannot be imported.
pyccd is not part of this repository; install it yourself (PyPI: lcmap-pyccd) to compare.
"""
import json
import sys
import time

try:
    import ccd  # noqa: F401
except Exception as exc:  # ImportError, or a dependency of it missing
    print(json.dumps({"available": False, "reason": f"pyccd not available: {type(exc).__name__}: {exc}"}))
    sys.exit(0)

# CFMask classes, as the reference series carry them (not pyccd's default bit-packed QA).
CFMASK = {"QA_BITPACKED": False, "QA_FILL": 255, "QA_CLEAR": 0, "QA_WATER": 1, "QA_SHADOW": 2, "QA_SNOW": 3, "QA_CLOUD": 4}


def main():
    with open(sys.argv[1]) as f:
        job = json.load(f)
    out = {}
    for name, s in job["series"].items():
        args = [s[k] for k in ("dates", "blue", "green", "red", "nir", "swir1", "swir2", "thermal", "qa")]
        times = []
        cpu = []
        result = None
        for _ in range(job["runs"]):
            start = time.perf_counter()
            start_cpu = time.process_time()
            try:
                result = ccd.detect(*args, params=CFMASK)
            except TypeError:  # releases without the params argument read CFMask classes already
                result = ccd.detect(*args)
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
        out[name] = {"ms": times, "cpuMs": cpu, "segments": len(result["change_models"]) if result else None}
    print(json.dumps({"available": True, "version": getattr(ccd, "__version__", "unknown"), "series": out}))


main()
