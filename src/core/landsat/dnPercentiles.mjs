// Percentiles of uint16 DNs from a 65,536-bin histogram, shared by stretchImage.ts and its worker
// (stretchWorker.mjs). Plain JS so that the worker, which loads without tsx, can import it too.

/** Counts of each DN (of the pixels whose `only` byte is non-zero, when given); DN 0 (fill) is counted in bin 0, which the percentiles skip. */
export function dnHistogram(dn, only) {
  const bins = new Uint32Array(65536);
  if (only) {
    for (let i = 0; i < dn.length; i++) if (only[i] !== 0) bins[dn[i]]++;
  } else {
    for (let i = 0; i < dn.length; i++) bins[dn[i]]++;
  }
  return bins;
}

/** The p-th and (100-p)-th percentile DNs of the non-fill pixels, ranked as `percentileRange` ranks them. */
export function dnPercentiles(bins, percent = 2) {
  let n = 0;
  for (let v = 1; v < 65536; v++) n += bins[v];
  if (n === 0) return null;
  const rank = (p) => Math.min(n - 1, Math.max(0, Math.round((p / 100) * (n - 1))));
  const dnAtRank = (k) => {
    let seen = 0;
    for (let v = 1; v < 65536; v++) {
      seen += bins[v];
      if (seen > k) return v;
    }
    return 65535;
  };
  return { lowDn: dnAtRank(rank(percent)), highDn: dnAtRank(rank(100 - percent)) };
}
