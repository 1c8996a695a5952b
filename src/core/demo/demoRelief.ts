/**
 * An elevation PROXY for the synthetic archive. No elevation model is bundled (SRTM or GMTED would
 * weigh hundreds of megabytes), so the world's main mountain ranges are HAND-DRAWN here as polylines
 * (ridge axis, half-width, typical crest height), from general atlas knowledge: they put snow on the
 * Alps in winter and not on Lyon, and a tree line on the Rockies, not exact heights. Within a range
 * the synthesizer carves ridges and valleys with noise; elsewhere the land is low hills.
 */

/** [polyline [lon, lat][], half-width km, crest height km]. */
type Range = readonly [ReadonlyArray<readonly [number, number]>, number, number];

const RANGES: readonly Range[] = [
  [[[5.9, 44.2], [6.6, 45.0], [7.0, 45.9], [8.0, 46.5], [9.5, 46.5], [11.0, 46.9], [12.5, 47.1], [14.0, 47.3], [15.8, 47.6]], 80, 3.0], // Alps
  [[[-1.8, 43.0], [0.5, 42.7], [2.8, 42.5]], 40, 2.2], // Pyrenees
  [[[-6.5, 43.0], [-4.5, 43.1], [-3.5, 40.4], [-3.0, 37.1]], 60, 1.2], // Cantabrian, central Spain, Sierra Nevada
  [[[8.5, 44.3], [11.0, 44.0], [13.5, 42.3], [15.5, 40.5], [16.0, 39.0]], 45, 1.4], // Apennines
  [[[14.5, 45.5], [18.0, 43.5], [20.5, 42.0], [22.0, 41.0], [23.5, 42.0]], 70, 1.4], // Dinaric Alps, Balkans
  [[[17.5, 48.6], [20.5, 49.3], [24.0, 48.0], [25.5, 46.5], [23.0, 45.5], [22.0, 45.0]], 60, 1.4], // Carpathians
  [[[6.0, 59.0], [8.5, 61.5], [12.0, 63.5], [15.0, 66.5], [18.0, 68.5], [21.0, 69.8]], 90, 1.3], // Scandinavian mountains
  [[[-5.5, 56.5], [-4.0, 57.5]], 60, 0.7], // Scottish Highlands
  [[[59.0, 51.0], [59.0, 56.0], [60.0, 61.0], [60.0, 66.0], [65.0, 68.0]], 60, 0.9], // Urals
  [[[38.0, 44.0], [42.0, 43.2], [46.0, 42.0], [49.0, 41.0]], 60, 3.0], // Caucasus
  [[[30.0, 38.5], [36.0, 38.5], [42.0, 39.0], [46.0, 38.0]], 150, 1.6], // Anatolian plateau
  [[[45.0, 35.0], [48.0, 33.0], [52.0, 30.0], [56.0, 28.0]], 120, 2.0], // Zagros
  [[[50.0, 36.5], [55.0, 37.0], [62.0, 35.5], [68.0, 35.0], [71.0, 36.0]], 120, 2.5], // Alborz, Hindu Kush
  [[[73.0, 35.0], [78.0, 31.0], [84.0, 28.5], [88.0, 27.8], [92.0, 27.8], [95.0, 28.5]], 80, 5.5], // Himalaya
  [[[78.0, 34.0], [85.0, 32.5], [92.0, 32.0], [98.0, 33.0]], 400, 4.8], // Tibetan plateau
  [[[99.0, 25.0], [101.0, 29.0], [103.0, 31.0]], 200, 2.8], // Hengduan, Yunnan
  [[[68.0, 41.0], [75.0, 41.5], [80.0, 42.0], [86.0, 43.0], [90.0, 43.5]], 100, 3.0], // Tian Shan
  [[[84.0, 50.0], [88.0, 49.5], [92.0, 48.0], [96.0, 47.0]], 100, 2.0], // Altai
  [[[95.0, 47.0], [105.0, 46.0], [112.0, 44.0]], 300, 1.4], // Mongolian plateau
  [[[136.0, 35.0], [138.0, 36.0], [139.0, 37.5], [140.5, 39.5]], 60, 1.6], // Japanese Alps
  [[[-9.5, 30.5], [-6.0, 32.3], [-3.0, 33.5], [1.0, 35.0], [6.0, 35.5], [9.0, 35.5]], 80, 2.0], // Atlas
  [[[36.5, 8.0], [38.0, 10.0], [38.5, 13.0]], 200, 2.3], // Ethiopian Highlands
  [[[36.0, -1.0], [37.3, -3.0], [37.0, 0.0]], 50, 2.0], // Kenyan highlands, Kilimanjaro
  [[[27.0, -31.0], [29.5, -29.0], [30.5, -27.0]], 80, 1.8], // Drakensberg
  [[[146.0, -37.5], [149.0, -36.0], [150.5, -33.0], [152.0, -28.0], [146.0, -19.0]], 80, 0.9], // Great Dividing Range
  [[[166.5, -46.0], [169.0, -44.0], [171.5, -42.5]], 40, 2.0], // Southern Alps
  [[[-106.0, 32.0], [-106.0, 37.0], [-107.0, 40.0], [-110.0, 43.5], [-114.0, 46.5], [-116.0, 49.0], [-118.0, 52.0], [-122.0, 55.0], [-127.0, 58.0], [-133.0, 62.0]], 220, 2.4], // Rockies
  [[[-118.0, 35.5], [-119.5, 37.5], [-121.5, 40.5], [-121.7, 44.0], [-121.5, 47.0], [-121.0, 49.5]], 70, 2.2], // Sierra Nevada, Cascades
  [[[-128.0, 52.0], [-132.0, 56.0], [-137.0, 59.0], [-142.0, 61.0], [-148.0, 63.0], [-152.0, 62.5]], 100, 2.0], // Coast Mountains, Alaska Range
  [[[-108.0, 30.0], [-104.0, 24.0], [-100.0, 20.0], [-97.0, 17.0]], 150, 2.0], // Sierra Madre
  [[[-85.0, 34.5], [-81.0, 37.0], [-78.0, 39.5], [-75.5, 41.5], [-73.0, 44.0], [-70.0, 45.5]], 120, 0.7], // Appalachians
  [[[-78.0, 8.0], [-77.0, 3.0], [-78.5, -2.0], [-77.0, -8.0], [-73.0, -14.0], [-69.0, -17.0], [-68.0, -22.0], [-69.0, -28.0], [-70.0, -33.0], [-71.0, -38.0], [-72.0, -43.0], [-73.0, -49.0], [-72.0, -53.0]], 130, 4.0], // Andes
  [[[-70.0, -15.0], [-67.0, -20.0]], 150, 3.8], // Altiplano
  [[[-47.0, -20.0], [-44.0, -22.0]], 200, 0.9], // Brazilian Highlands
];

const KM_PER_DEG = 111.32;
/** Each range's bounding box grown by its half-width (degrees), to skip far ranges quickly. */
const BOXES = RANGES.map(([line, halfKm]) => {
  const lons = line.map((p) => p[0]);
  const lats = line.map((p) => p[1]);
  const dLat = halfKm / KM_PER_DEG;
  const dLon = halfKm / (KM_PER_DEG * Math.cos((Math.min(75, Math.max(...lats.map(Math.abs))) * Math.PI) / 180));
  return [Math.min(...lons) - dLon, Math.min(...lats) - dLat, Math.max(...lons) + dLon, Math.max(...lats) + dLat] as const;
});

/**
 * The crest height (km) the hand-drawn ranges give a ground point: the range's height on its axis,
 * falling smoothly to 0 at its half-width; the highest range where two meet. 0 outside every range.
 */
export function rangeCrestKm(lon: number, lat: number): number {
  let best = 0;
  const kx = KM_PER_DEG * Math.cos((lat * Math.PI) / 180);
  for (let r = 0; r < RANGES.length; r++) {
    const b = BOXES[r];
    if (lon < b[0] || lon > b[2] || lat < b[1] || lat > b[3]) continue;
    const [line, halfKm, crestKm] = RANGES[r];
    let d2 = Infinity;
    for (let i = 0; i + 1 < line.length; i++) {
      const ax = (line[i][0] - lon) * kx;
      const ay = (line[i][1] - lat) * KM_PER_DEG;
      const bx = (line[i + 1][0] - lon) * kx;
      const by = (line[i + 1][1] - lat) * KM_PER_DEG;
      const vx = bx - ax;
      const vy = by - ay;
      const t = Math.max(0, Math.min(1, -(ax * vx + ay * vy) / (vx * vx + vy * vy)));
      const px = ax + vx * t;
      const py = ay + vy * t;
      d2 = Math.min(d2, px * px + py * py);
    }
    const u = 1 - Math.sqrt(d2) / halfKm;
    if (u > 0) best = Math.max(best, crestKm * u * u * (3 - 2 * u));
  }
  return best;
}
