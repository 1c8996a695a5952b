// The per-pixel half of a box's statistics (statistics.ts): each pixel classed once from QA_PIXEL, then
// every band's pixels counted per DN, split into clear and masked. Plain JS, shared by statistics.ts and
// the worker that runs it off the event loop (stretchWorker.mjs), which loads without tsx.

/** What a pixel of a window is to the statistics. */
export const PIXEL_FILL = 0;
export const PIXEL_MASKED = 1;
export const PIXEL_CLEAR = 2;

/** QA_PIXEL bit 0: the pixel was not imaged (clearPixel.ts' FILL_BIT). */
const FILL_BIT = 1;

/**
 * A pixel's class from its QA_PIXEL value `q` under the mask's bits (clearPixel.ts' maskBits): fill (the
 * fill bit, or DN 0, the file's nodata outside the raster), masked (any of the bits set), or clear. The
 * one rule every count uses (here and tileCounts.mjs).
 */
export function pixelClass(q, maskBits) {
  return q === 0 || (q & FILL_BIT) !== 0 ? PIXEL_FILL : (q & maskBits) !== 0 ? PIXEL_MASKED : PIXEL_CLEAR;
}

/** Each pixel's class (pixelClass). */
export function classifyPixels(qa, maskBits) {
  const classes = new Uint8Array(qa.length);
  for (let i = 0; i < qa.length; i++) classes[i] = pixelClass(qa[i], maskBits);
  return classes;
}

// Scratch (the counting is synchronous, so one set serves every call on a thread): pixels per DN, and the DNs seen.
const DN_VALUES = 65_536;
const clearCount = new Uint32Array(DN_VALUES);
const maskedCount = new Uint32Array(DN_VALUES);
const clearSeen = new Uint16Array(DN_VALUES);
const maskedSeen = new Uint16Array(DN_VALUES);

/**
 * One band's pixels per DN over `classes`: the fill pixels counted, and each distinct DN of the clear
 * and of the masked pixels with its count (a box holds far fewer distinct 16-bit DNs than pixels).
 */
export function countDns(dn, classes) {
  let clearDistinct = 0;
  let maskedDistinct = 0;
  let fill = 0;
  for (let i = 0; i < dn.length; i++) {
    const kind = classes[i];
    if (kind === PIXEL_FILL) {
      fill++;
      continue;
    }
    const d = dn[i];
    if (kind === PIXEL_CLEAR) {
      if (clearCount[d]++ === 0) clearSeen[clearDistinct++] = d;
    } else if (maskedCount[d]++ === 0) maskedSeen[maskedDistinct++] = d;
  }
  const clear = seenCounts(clearCount, clearSeen, clearDistinct);
  const masked = seenCounts(maskedCount, maskedSeen, maskedDistinct);
  return { fill, clearDns: clear.dns, clearCounts: clear.counts, maskedDns: masked.dns, maskedCounts: masked.counts };
}

/**
 * classifyPixels then countDns for every band of one window: what the worker runs per scene. With
 * `inside` (1 per pixel of an area's polygon), the pixels outside count as fill.
 */
export function countWindowDns(qa, maskBits, bands, inside) {
  const classes = classifyPixels(qa, maskBits);
  if (inside) for (let i = 0; i < classes.length; i++) if (inside[i] === 0) classes[i] = PIXEL_FILL;
  return bands.map((dn) => countDns(dn, classes));
}

/** One band's running counts of a tally (createDnTally): pixels per DN, and the DNs in the order first counted. */
function tallySlot() {
  return {
    clearCount: new Uint32Array(DN_VALUES),
    clearSeen: new Uint16Array(DN_VALUES),
    clearDistinct: 0,
    maskedCount: new Uint32Array(DN_VALUES),
    maskedSeen: new Uint16Array(DN_VALUES),
    maskedDistinct: 0,
    fill: 0,
  };
}
// Reused (a tally runs to its end synchronously, so one per band slot serves every tally on a thread).
const tallySlots = [];

function clearSlot(slot) {
  for (let k = 0; k < slot.clearDistinct; k++) slot.clearCount[slot.clearSeen[k]] = 0;
  for (let k = 0; k < slot.maskedDistinct; k++) slot.maskedCount[slot.maskedSeen[k]] = 0;
  slot.clearDistinct = 0;
  slot.maskedDistinct = 0;
  slot.fill = 0;
}

/** The DNs in the order first counted, with their counts; the slot's counts back to 0. */
function seenCounts(count, seen, distinct) {
  const dns = seen.slice(0, distinct);
  const counts = new Uint32Array(distinct);
  for (let k = 0; k < distinct; k++) {
    counts[k] = count[dns[k]];
    count[dns[k]] = 0;
  }
  return { dns, counts };
}

/**
 * An ordered tally's pieces, kept until its end (one tally at a time per thread): each piece's pixel
 * classes and band DNs copied into growing buffers, and each of its rows as a segment of the window (its
 * first position, the offsets of its pixels, its width and how many window rows it stands for).
 */
const kept = {
  classes: new Uint8Array(0),
  dns: new Uint16Array(0),
  /** Per segment: window position of its first pixel, offset in `classes`, offset in `dns` (band 0), pixels to the next band, width, row repeat. */
  segments: new Float64Array(0),
  pixels: 0,
  bandPixels: 0,
  count: 0,
};
const SEGMENT_FIELDS = 6;

function grown(array, length, make) {
  if (array.length >= length) return array;
  const bigger = make(Math.max(length, 2 * array.length));
  bigger.set(array);
  return bigger;
}

/** Keeps one piece of an ordered tally (its classes already in `classes`) for countKept. */
function keepPiece(classes, bands, nRows, nCols, rowFirstY, rowRepeat, x0, outW) {
  const n = nRows * nCols;
  kept.classes = grown(kept.classes, kept.pixels + n, (m) => new Uint8Array(m));
  kept.classes.set(classes.subarray(0, n), kept.pixels);
  kept.dns = grown(kept.dns, kept.bandPixels + bands.length * n, (m) => new Uint16Array(m));
  for (let b = 0; b < bands.length; b++) {
    const band = bands[b];
    const to = kept.bandPixels + b * n;
    if (ArrayBuffer.isView(band)) kept.dns.set(band.subarray(0, n), to);
    else for (let i = 0; i < n; i++) kept.dns[to + i] = band[i];
  }
  kept.segments = grown(kept.segments, (kept.count + nRows) * SEGMENT_FIELDS, (m) => new Float64Array(m));
  for (let ri = 0; ri < nRows; ri++) {
    const at = (kept.count++) * SEGMENT_FIELDS;
    kept.segments[at] = rowFirstY[ri] * outW + x0;
    kept.segments[at + 1] = kept.pixels + ri * nCols;
    kept.segments[at + 2] = kept.bandPixels + ri * nCols;
    kept.segments[at + 3] = n;
    kept.segments[at + 4] = nCols;
    kept.segments[at + 5] = rowRepeat[ri];
  }
  kept.pixels += n;
  kept.bandPixels += bands.length * n;
}

/**
 * The kept pieces counted into the slots in the window's row-major order (their segments by first
 * position), so that each DN is first counted at its first window position, as countDns meets it over
 * the assembled window: the seen lists are then in that order without positions to keep per DN (the
 * first positions' bookkeeping and their scan at the end were a third of a 40-year scene-box statistic's
 * counting, docs/performance.md, twenty-first round).
 */
function countKept(slots) {
  const seg = kept.segments;
  const order = Array.from({ length: kept.count }, (_, k) => k);
  let rising = true;
  for (let k = 1; k < kept.count && rising; k++) rising = seg[k * SEGMENT_FIELDS] > seg[(k - 1) * SEGMENT_FIELDS];
  if (!rising) order.sort((a, b) => seg[a * SEGMENT_FIELDS] - seg[b * SEGMENT_FIELDS]);
  const classes = kept.classes;
  const dns = kept.dns;
  for (let b = 0; b < slots.length; b++) {
    for (let k = 0; k < order.length; k++) {
      const at = order[k] * SEGMENT_FIELDS;
      countRow(slots[b], classes, seg[at + 1], dns, seg[at + 2] + b * seg[at + 3], seg[at + 4], seg[at + 5]);
    }
  }
  forgetKept();
}

/** No pieces kept (a tally's start and end; one left unfinished when its synthesis threw leaves some). */
function forgetKept() {
  kept.pixels = 0;
  kept.bandPixels = 0;
  kept.count = 0;
}

/**
 * `width` pixels of one row into a tally's slot, `repeat` window rows' worth: their classes from
 * `classes[o]`, their DNs from `dn[d]`. The one per-pixel loop of both tallies (an unordered one's
 * pieces row by row as they come, an ordered one's kept rows in window order).
 */
function countRow(slot, classes, o, dn, d, width, repeat) {
  const { clearCount, clearSeen, maskedCount, maskedSeen } = slot;
  let { clearDistinct, maskedDistinct, fill } = slot;
  for (let c = 0; c < width; c++) {
    const kind = classes[o + c];
    if (kind === PIXEL_CLEAR) {
      const v = dn[d + c];
      if (clearCount[v] === 0) clearSeen[clearDistinct++] = v;
      clearCount[v] += repeat;
    } else if (kind === PIXEL_FILL) {
      fill += repeat;
    } else {
      const v = dn[d + c];
      if (maskedCount[v] === 0) maskedSeen[maskedDistinct++] = v;
      maskedCount[v] += repeat;
    }
  }
  slot.clearDistinct = clearDistinct;
  slot.maskedDistinct = maskedDistinct;
  slot.fill = fill;
}

/** One band of a piece into an unordered tally's slot (createDnTally with `ordered` false: only the counts, an area's), row by row as it comes. */
function addUnordered(slot, dn, classes, nRows, nCols, rowRepeat) {
  for (let ri = 0; ri < nRows; ri++) countRow(slot, classes, ri * nCols, dn, ri * nCols, nCols, rowRepeat[ri]);
}

/**
 * countWindowDns fed piece by piece: a window's tiles, each its picked rows x columns, in any order,
 * without assembling the window (the demo's synthesis worker counts a scene's samples where it makes
 * them, and posts back counts instead of pixels). Each piece says where its pixels sit in the window:
 * its row ri is window row `rowFirstY[ri]`, repeated `rowRepeat[ri]` times below (a decimation that
 * picks a row twice), and its column ci is window column `x0 + ci`. The DNs come out in the order of
 * their first window position (row-major), which is the order countDns meets them in: the counts, and
 * the statistics accumulated over them in that order (statistics.ts), equal countWindowDns' over the
 * assembled window: the pieces are kept (copied) and counted at the end in the window's row order
 * (countKept). `ordered` false: the same counts, the DNs in the order met, each piece counted as it
 * comes (an area's strips of a million pixels are not kept). One tally at a time per thread.
 */
export function createDnTally(bandCount, maskBits, ordered = true) {
  const slots = [];
  for (let b = 0; b < bandCount; b++) {
    const slot = (tallySlots[b] ??= tallySlot());
    // A tally left unfinished (its synthesis threw) leaves counts behind.
    clearSlot(slot);
    slots.push(slot);
  }
  // ... and pieces kept.
  forgetKept();
  let classes = new Uint8Array(0);
  return {
    /** `inside` (optional, 1 per piece pixel): pixels of an area's polygon; the others count as fill, as countWindowDns' `inside`. */
    add(qa, bands, nRows, nCols, rowFirstY, rowRepeat, x0, outW, inside) {
      const n = nRows * nCols;
      if (n === 0) return;
      if (classes.length < n) classes = new Uint8Array(n);
      if (inside) {
        for (let i = 0; i < n; i++) {
          classes[i] = inside[i] === 0 ? PIXEL_FILL : pixelClass(qa[i], maskBits);
        }
      } else {
        for (let i = 0; i < n; i++) classes[i] = pixelClass(qa[i], maskBits);
      }
      if (ordered) keepPiece(classes, bands, nRows, nCols, rowFirstY, rowRepeat, x0, outW);
      else for (let b = 0; b < slots.length; b++) addUnordered(slots[b], bands[b], classes, nRows, nCols, rowRepeat);
    },
    /** Each band's counts; `fillOutside` window pixels no piece covered (outside the raster: DN 0) count as fill. */
    finish(fillOutside = 0) {
      if (ordered) countKept(slots);
      return slots.map((slot) => {
        const clear = seenCounts(slot.clearCount, slot.clearSeen, slot.clearDistinct);
        const masked = seenCounts(slot.maskedCount, slot.maskedSeen, slot.maskedDistinct);
        const fill = slot.fill + fillOutside;
        slot.clearDistinct = 0;
        slot.maskedDistinct = 0;
        slot.fill = 0;
        return { fill, clearDns: clear.dns, clearCounts: clear.counts, maskedDns: masked.dns, maskedCounts: masked.counts };
      });
    },
  };
}

/**
 * Below this many DN values of range per distinct DN, a sum's DNs are put in ascending order by a scan of
 * the dense scratch over their range; above it (a few DNs far apart) by sorting them.
 */
const SCAN_RANGE_PER_DN = 16;

/**
 * The DNs and summed counts of `lists` (each a part's DNs and counts), in ascending DN order, summed in
 * the thread's scratch (countDns' arrays, left at 0 again): synchronous, so one serves every sum.
 * Ascending because an area's statistics take the DNs in value order: sorting each band's few thousand
 * DNs on the event loop was ~5 % of its time in an area on the real-shaped archive (twentieth round).
 */
function summed(lists) {
  let distinct = 0;
  let low = DN_VALUES;
  let high = -1;
  for (const { dns, counts } of lists) {
    for (let i = 0; i < dns.length; i++) {
      const d = dns[i];
      // A DN listed with no pixel would be listed twice (its scratch count still 0 when met again).
      if (counts[i] === 0) continue;
      if (clearCount[d] === 0) {
        clearSeen[distinct++] = d;
        if (d < low) low = d;
        if (d > high) high = d;
      }
      clearCount[d] += counts[i];
    }
  }
  const dns = new Uint16Array(distinct);
  const counts = new Uint32Array(distinct);
  if (high - low < SCAN_RANGE_PER_DN * distinct) {
    let k = 0;
    for (let d = low; d <= high; d++) {
      const c = clearCount[d];
      if (c === 0) continue;
      dns[k] = d;
      counts[k++] = c;
      clearCount[d] = 0;
    }
  } else {
    dns.set(clearSeen.subarray(0, distinct));
    dns.sort();
    for (let k = 0; k < distinct; k++) {
      counts[k] = clearCount[dns[k]];
      clearCount[dns[k]] = 0;
    }
  }
  return { dns, counts };
}

/**
 * One list's DNs and counts in ascending DN order: as they are when they rise already (a sum's, or a
 * window tally's), else summed alone, which orders them.
 */
export function inDnOrder(dns, counts) {
  for (let i = 1; i < dns.length; i++) if (dns[i] <= dns[i - 1]) return summed([{ dns, counts }]);
  return { dns, counts };
}

/**
 * Counts of parts of one window (groups of its tiles counted apart) added up, band by band: adding a
 * part keeps it, and `finish` sums them at once in the thread's dense scratch, so a sum costs its
 * parts' distinct DNs and no arrays of its own. (Merging through a Map, each part into the sum so far,
 * was 60 % of the event loop's time for an area counted in 43 parts a scene; dense arrays per sum,
 * ~2 MB for three bands, were garbage the event loop collected for every strip of an area.) The DNs
 * come out in ascending order, not a read window's order of first pixels: for statistics that take
 * them by value (areas).
 */
export function createDnSum(bandCount) {
  const parts = [];
  return {
    add(part) {
      if (part.length !== bandCount) throw new RangeError(`a part of ${part.length} bands added to a sum of ${bandCount}`);
      parts.push(part);
    },
    finish(fillOutside = 0) {
      return Array.from({ length: bandCount }, (_, b) => {
        let fill = fillOutside;
        for (const part of parts) fill += part[b].fill;
        const sumOf = (dnsOf, countsOf) =>
          // One part (an area's strip that is the whole window) is its own sum, once in DN order.
          parts.length === 1 ? inDnOrder(dnsOf(parts[0][b]), countsOf(parts[0][b])) : summed(parts.map((part) => ({ dns: dnsOf(part[b]), counts: countsOf(part[b]) })));
        const c = sumOf((p) => p.clearDns, (p) => p.clearCounts);
        const m = sumOf((p) => p.maskedDns, (p) => p.maskedCounts);
        return { fill, clearDns: c.dns, clearCounts: c.counts, maskedDns: m.dns, maskedCounts: m.counts };
      });
    },
  };
}
