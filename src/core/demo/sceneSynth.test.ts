import { describe, expect, it } from 'vitest';
import { createDemoSchedule, type DemoScenePlan } from './demoSchedule.js';
import { createLandCoverMap, LandCoverClass, type LandCoverMap } from './landCover.js';
import { createSceneSky } from './sceneSky.js';
import { kelvinToDn, QA, reflectanceToDn, synthesizeScene } from './sceneSynth.js';

const plans = createDemoSchedule(new Date('2026-03-01T00:00:00Z'));
const landCovers = new Map<string, LandCoverMap>();
const landCoverOf = (plan: DemoScenePlan) => {
  if (!landCovers.has(plan.windowKey)) landCovers.set(plan.windowKey, createLandCoverMap(plan.place, plan.window, plan.sceneFootprintLngLat));
  return landCovers.get(plan.windowKey)!;
};
/** The clearest scene of a window in a given month (cloud cover from the cheap mask, as the catalogue does). */
function clearest(windowKey: string, month: number): DemoScenePlan {
  const candidates = plans.filter((p) => p.windowKey === windowKey && p.datetime.getUTCMonth() === month);
  expect(candidates.length).toBeGreaterThan(0);
  const covers = candidates.map((p) => createSceneSky(p, landCoverOf(p), { coverOnly: true }).cloudPercent);
  return candidates[covers.indexOf(Math.min(...covers))];
}
function synth(plan: DemoScenePlan) {
  const landCover = landCoverOf(plan);
  const sky = createSceneSky(plan, landCover);
  return { bands: synthesizeScene(plan, landCover, sky), sky, landCover };
}
const reflectance = (dn: number) => dn * 0.0000275 - 0.2;
const kelvin = (dn: number) => dn * 0.00341802 + 149.0;
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const clearBits = QA.cloud | QA.dilatedCloud | QA.cloudShadow | QA.cirrus | QA.fill;

const ontario = plans.find((p) => p.place.id === 'huntsville')!.windowKey;
const july = synth(clearest(ontario, 6));
const january = synth(clearest(ontario, 0));

describe('synthesizeScene (plausibility)', () => {
  it('converts with the Collection 2 scale and offset', () => {
    expect(reflectanceToDn(0)).toBe(7273);
    expect(reflectanceToDn(-0.5)).toBe(1);
    expect(reflectanceToDn(2)).toBe(65535);
    expect(kelvinToDn(300)).toBe(Math.round((300 - 149) / 0.00341802));
  });

  it('greens up in summer: NDVI of clear vegetated pixels is higher in July than in January (Ontario)', () => {
    const ndvi = (bands: Record<string, Uint16Array>, i: number) => {
      const red = reflectance(bands.red[i]);
      const nir = reflectance(bands.nir08[i]);
      return (nir - red) / (nir + red);
    };
    const julyNdvi: number[] = [];
    const januaryNdvi: number[] = [];
    const classes = july.landCover.classes;
    for (let i = 0; i < classes.length; i += 7) {
      if (classes[i] !== LandCoverClass.forest) continue;
      if (july.bands.qa_pixel[i] & clearBits || january.bands.qa_pixel[i] & clearBits) continue;
      julyNdvi.push(ndvi(july.bands, i));
      januaryNdvi.push(ndvi(january.bands, i));
    }
    expect(julyNdvi.length).toBeGreaterThan(1000);
    expect(median(julyNdvi)).toBeGreaterThan(0.7);
    expect(median(julyNdvi)).toBeGreaterThan(median(januaryNdvi) + 0.3);
  });

  it('keeps water dark in the infrared and flags it in QA_PIXEL', () => {
    const { bands } = july;
    const nir: number[] = [];
    for (let i = 0; i < bands.qa_pixel.length; i++) {
      const qa = bands.qa_pixel[i];
      if (qa & QA.water && !(qa & clearBits)) nir.push(reflectance(bands.nir08[i]));
    }
    expect(nir.length).toBeGreaterThan(1000);
    expect(Math.max(...nir)).toBeLessThan(0.05);
    // And vegetation is far brighter than water in the NIR.
    const forestNir = median(Array.from(july.landCover.classes.keys()).filter((i) => july.landCover.classes[i] === LandCoverClass.forest && !(bands.qa_pixel[i] & clearBits)).map((i) => reflectance(bands.nir08[i])));
    expect(forestNir).toBeGreaterThan(0.2);
  });

  it('covers Ontario with snow in a clear January scene: bright visible, dark SWIR, flagged snow, below freezing', () => {
    const { bands } = january;
    const green: number[] = [];
    const swir: number[] = [];
    const temps: number[] = [];
    for (let i = 0; i < bands.qa_pixel.length; i++) {
      const qa = bands.qa_pixel[i];
      if (!(qa & QA.snow) || qa & clearBits) continue;
      green.push(reflectance(bands.green[i]));
      swir.push(reflectance(bands.swir16[i]));
      temps.push(kelvin(bands.lwir11[i]));
    }
    expect(green.length).toBeGreaterThan(10_000);
    expect(Math.min(...green)).toBeGreaterThan(0.5);
    expect(median(swir)).toBeLessThan(0.2);
    expect(Math.max(...temps)).toBeLessThan(273.15);
    // Summer: no snow anywhere, and the land is warmer.
    expect(july.bands.qa_pixel.some((qa) => (qa & QA.snow) !== 0)).toBe(false);
    const landTemp = (s: typeof july) => median(Array.from(s.bands.lwir11.filter((_, i) => !(s.bands.qa_pixel[i] & clearBits) && s.landCover.classes[i] !== LandCoverClass.water)).map(kelvin));
    expect(landTemp(july)).toBeGreaterThan(landTemp(january) + 20);
  });

  it('writes clouds that are bright in every reflective band and cold, flagged exactly as in the cloud cover', () => {
    // Find a partly cloudy scene.
    const plan = plans.find((p) => {
      if (p.place.id !== 'paris') return false;
      const pct = createSceneSky(p, landCoverOf(p), { coverOnly: true }).cloudPercent;
      return pct > 20 && pct < 70;
    })!;
    const { bands, sky } = synth(plan);
    let cloudy = 0;
    let valid = 0;
    const cloudSwir: number[] = [];
    const cloudTemp: number[] = [];
    const clearTemp: number[] = [];
    let badFlags = 0;
    let dimClouds = 0;
    for (let i = 0; i < bands.qa_pixel.length; i++) {
      const qa = bands.qa_pixel[i];
      if (qa & QA.fill) continue;
      valid++;
      if (qa & QA.cloud) {
        cloudy++;
        if (qa & QA.clear || ((qa >> 8) & 3) !== 3) badFlags++;
        cloudSwir.push(reflectance(bands.swir16[i]));
        cloudTemp.push(kelvin(bands.lwir11[i]));
        if (reflectance(bands.blue[i]) <= 0.3) dimClouds++;
      } else if (!(qa & clearBits)) {
        if (!(qa & QA.clear)) badFlags++;
        clearTemp.push(kelvin(bands.lwir11[i]));
      }
    }
    expect(badFlags).toBe(0);
    expect(dimClouds).toBe(0);
    expect((100 * cloudy) / valid).toBeCloseTo(sky.cloudPercent, 10);
    expect(median(cloudSwir)).toBeGreaterThan(0.3);
    expect(median(cloudTemp)).toBeLessThan(median(clearTemp) - 10);
    // Shadows and the dilation buffer exist around clouds.
    expect(bands.qa_pixel.some((qa) => (qa & QA.cloudShadow) !== 0)).toBe(true);
    expect(bands.qa_pixel.some((qa) => (qa & QA.dilatedCloud) !== 0)).toBe(true);
  });

  it('uses the real QA_PIXEL values of Collection 2 for clear land and water, and fill outside the scene', () => {
    expect(july.bands.qa_pixel).toContain(21824); // clear land, low confidences
    expect(july.bands.qa_pixel).toContain(21952); // clear water
    // A Cairo window that crosses the edge of its WRS-2 scene: fill is QA bit 0 and DN 0 in every band.
    const edgePlan = plans.find((p) => p.place.id === 'cairo' && landCoverOf(p).classes.includes(LandCoverClass.fill));
    expect(edgePlan).toBeDefined();
    const { bands } = synth(edgePlan!);
    const fill = bands.qa_pixel.findIndex((qa) => qa === QA.fill);
    expect(fill).toBeGreaterThanOrEqual(0);
    for (const key of ['coastal', 'red', 'nir08', 'swir22', 'lwir11'] as const) expect(bands[key][fill]).toBe(0);
  });

  it('is deterministic', () => {
    const again = synth(clearest(ontario, 6));
    expect(Buffer.from(again.bands.nir08.buffer).equals(Buffer.from(july.bands.nir08.buffer))).toBe(true);
    expect(Buffer.from(again.bands.qa_pixel.buffer).equals(Buffer.from(july.bands.qa_pixel.buffer))).toBe(true);
  });
});
