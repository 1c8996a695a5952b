/**
 * Hand-drawn geography of the synthetic archive (from general atlas knowledge, like the mountain
 * ranges of demoRelief.ts): dry regions, glacier-scoured shields and the largest cities.
 */
import { earthKm } from './demoGroundNoise.js';

/** Dry regions [minLon, minLat, maxLon, maxLat, dryness]: deserts (> 0.55 is desert) and steppes. */
const DRY_REGIONS: ReadonlyArray<readonly [number, number, number, number, number]> = [
  [-17, 15, 33, 32, 1], // Sahara
  [33, 13, 60, 32, 0.95], // Arabia
  [44, 24, 72, 38, 0.75], // Iran, Afghanistan, Pakistan
  [68, 23, 76, 30, 0.7], // Thar
  [50, 36, 80, 48, 0.6], // Central Asian deserts
  [76, 36, 118, 47, 0.8], // Taklamakan and Gobi
  [114, -32, 146, -19, 0.85], // Australian interior
  [-118, 24, -103, 37, 0.7], // Sonoran, Mojave, Chihuahuan
  [-72, -28, -69, -15, 0.9], // Atacama
  [11, -29, 24, -18, 0.75], // Namib and Kalahari
  [-72, -50, -65, -38, 0.5], // Patagonian steppe
  [-110, 38, -97, 50, 0.4], // Great Plains
  [28, 44, 60, 52, 0.4], // Pontic-Caspian steppe
  [-17, 9, 40, 15, 0.45], // Sahel
  [33, -9, 42, 5, 0.4], // East African savanna
];

export function dryness(lon: number, lat: number): number {
  let d = 0;
  for (const [w, s, e, n, v] of DRY_REGIONS) {
    // Soft edges, 3 degrees wide.
    const inside = Math.min(lon - w, e - lon, lat - s, n - lat);
    if (inside > -3) d = Math.max(d, v * Math.min(1, (inside + 3) / 6));
  }
  return d;
}

/**
 * Glacier-scoured shields [minLon, minLat, maxLon, maxLat] (hand-drawn): thin soils, forest and
 * countless lakes rather than farmland (Ontario's Muskoka, Quebec, Finland, Karelia, Sweden).
 */
const SHIELDS: ReadonlyArray<readonly [number, number, number, number]> = [
  [-102, 44.6, -58, 62], // Canadian Shield
  [11, 57, 33, 70], // Fennoscandian Shield
];

export function shieldness(lon: number, lat: number): number {
  let v = 0;
  for (const [w, s, e, n] of SHIELDS) {
    const inside = Math.min(lon - w, e - lon, lat - s, n - lat);
    if (inside > -1) v = Math.max(v, Math.min(1, (inside + 1) / 2));
  }
  return v;
}

/**
 * The largest metropolitan areas [lon, lat, radius km], hand-drawn from atlas knowledge like the dry
 * regions: the towns above are at most ~4 km across, but these are the places people look up first,
 * and Tokyo should read as a city on its bay, not as farmland. Edges ragged by noise, with parks.
 */
const METROS: ReadonlyArray<readonly [number, number, number]> = [
  [139.7, 35.7, 26], [139.6, 35.45, 12], [139.95, 35.65, 9], [135.5, 34.68, 18], [135.2, 34.7, 8], [135.77, 35.0, 7], [136.9, 35.17, 14], // Tokyo, Yokohama, Chiba, Osaka, Kobe, Kyoto, Nagoya
  [126.98, 37.55, 20], [121.47, 31.23, 24], [116.4, 39.9, 22], [113.3, 23.12, 20], [114.06, 22.58, 13], [104.07, 30.66, 14], // Seoul, Shanghai, Beijing, Guangzhou, Shenzhen, Chengdu
  [77.2, 28.62, 22], [72.87, 19.07, 14], [88.36, 22.57, 13], [90.41, 23.8, 12], [67.03, 24.87, 14], [106.83, -6.2, 20], [100.52, 13.75, 18], [121.0, 14.6, 14], // Delhi, Mumbai, Kolkata, Dhaka, Karachi, Jakarta, Bangkok, Manila
  [31.25, 30.05, 17], [3.4, 6.53, 15], [28.97, 41.03, 16], [51.4, 35.7, 15], [37.62, 55.75, 19], [2.35, 48.86, 15], [-0.12, 51.5, 18], [13.4, 52.52, 12], // Cairo, Lagos, Istanbul, Tehran, Moscow, Paris, London, Berlin
  [-73.95, 40.72, 22], [-118.25, 34.05, 26], [-87.7, 41.85, 19], [-99.13, 19.42, 20], [-46.63, -23.55, 22], [-58.45, -34.6, 18], [-43.25, -22.88, 14], [151.1, -33.85, 15], // New York, Los Angeles, Chicago, Mexico City, São Paulo, Buenos Aires, Rio, Sydney
];
export const METROS_KM = METROS.map(([lon, lat, radiusKm]) => {
  const at = new Float64Array(3);
  earthKm(lon, lat, at, 0);
  return { x: at[0], y: at[1], z: at[2], radiusKm };
});

