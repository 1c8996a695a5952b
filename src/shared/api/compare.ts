import { z } from 'zod';
import { OLI_BAND_IDS, type OliBandId } from '../../core/spectral/oliRsr.js';
import { MAX_REFLECTANCE, spectrumProblems } from '../../core/spectral/spectrumProblems.js';

import { isCalendarDateTime } from '../../core/time/calendarDate.js';
import { maskParam } from '../apiQuery.js';
import { DEFAULT_MAX_DAYS, MAX_MAX_DAYS } from '../compareLimits.js';

export { COMPARE_BODY_LIMIT_BYTES } from '../compareLimits.js';

// ISO 8601 with a time zone (Z or ±hh:mm): a field notebook's local time means nothing without one.
export const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

const bandValues = z.partialRecord(z.enum(OLI_BAND_IDS as [OliBandId, ...OliBandId[]]), z.number().min(0, 'reflectance must not be negative').max(MAX_REFLECTANCE, `reflectance must be a 0-1 fraction (at most ${MAX_REFLECTANCE}; 45 % is 0.45)`));

export const compareBodySchema = z
  .strictObject({
    lat: z.number().min(-90).max(90).describe('WGS84 latitude of the field measurement, degrees'),
    lon: z.number().min(-180).max(180).describe('WGS84 longitude, degrees'),
    datetime: z
      .string()
      .regex(ISO_WITH_ZONE, 'datetime must be ISO 8601 with a time zone, e.g. 2019-01-14T14:30:00Z')
      .refine(isCalendarDateTime, 'datetime is not a real date and time (a day of the calendar, hour 00-23, minute and second 00-59)')
      .describe('When the field spectrum was measured, ISO 8601 with a time zone'),
    maxDays: z.number().gt(0).max(MAX_MAX_DAYS).default(DEFAULT_MAX_DAYS).describe(`Largest gap between measurement and scene, days (default ${DEFAULT_MAX_DAYS}, at most ${MAX_MAX_DAYS})`),
    spectrum: z
      .array(z.tuple([z.number(), z.number()]))
      .optional()
      .describe('[[wavelength_um, reflectance 0-1], ...], wavelengths increasing, 0.35-2.6 µm'),
    bands: bandValues.optional().describe('Per-band reflectance (0-1) instead of a spectrum, e.g. {"B04": 0.08}'),
    mask: maskParam,
  })
  .superRefine((body, ctx) => {
    if ((body.spectrum === undefined) === (body.bands === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['spectrum'], message: 'give either "spectrum" or "bands", exactly one of them' });
      return;
    }
    if (body.bands !== undefined && Object.keys(body.bands).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['bands'], message: `give at least one band among ${OLI_BAND_IDS.join(', ')}` });
    }
    if (body.spectrum !== undefined) {
      for (const problem of spectrumProblems(body.spectrum)) ctx.addIssue({ code: 'custom', path: ['spectrum'], message: problem });
    }
  });


const perBand = <T extends z.ZodType>(value: T) => z.partialRecord(z.enum(OLI_BAND_IDS as [OliBandId, ...OliBandId[]]), value);

export const compareResponseSchema = z.object({
  simulated: perBand(z.number().nullable()),
  coverage: perBand(z.number()),
  notSimulated: perBand(z.string()).describe('Extension: why a band has no simulated value'),
  input: z.enum(['spectrum', 'bands']).describe('Extension: what the request gave'),
  scene: z
    .object({
      id: z.string(),
      satellite: z.string(),
      sensor: z.string().describe('Extension: TM, ETM+ or OLI/TIRS'),
      datetime: z.string(),
      wrsPath: z.number(),
      wrsRow: z.number(),
      cloudCover: z.number(),
      hoursFromMeasurement: z.number(),
    })
    .nullable(),
  sceneReason: z.string().optional().describe('Extension: why scene is null'),
  differenceNote: z.string().optional().describe('Extension: why differences are null (target pixel not clear)'),
  landsat: perBand(z.object({ value: z.number().nullable(), mean3x3: z.number().nullable(), sd3x3: z.number().nullable(), qa: z.array(z.string()), clearCount3x3: z.number() })),
  difference: perBand(z.object({ absolute: z.number().nullable(), relative: z.number().nullable() })),
  rmse: z.number().nullable(),
  synthetic: z.boolean(),
  lat: z.number().optional().describe('Extension: the latitude compared (from the file or the request)'),
  lon: z.number().optional().describe('Extension: the longitude compared'),
  datetime: z.string().optional().describe('Extension: the measurement time compared, ISO 8601 UTC'),
  placeFrom: z.enum(['file', 'request']).optional().describe('Where lat/lon came from: the spectrometer file\'s GPS, or the request'),
  timeFrom: z.enum(['file', 'request']).optional().describe('Where the time came from: the file (GPS UTC time, else the instrument clock read as UTC), or the request'),
  placeNote: z.string().optional().describe('Extension: which file fields (and lines) gave the place'),
  timeNote: z.string().optional().describe('Extension: which file fields gave the time, and what that time means'),
  file: z
    .object({
      name: z.string(),
      instrument: z.string().describe('SVC or Spectral Evolution'),
      model: z.string().describe('The instrument as the file names it'),
      reflectanceFrom: z.string().describe('reflectance column, or target / reference radiance'),
      channels: z.number().describe('Data lines read'),
      overlapMatched: z.boolean().describe('SVC _moc file: detector overlap removed by the instrument software'),
      notes: z.array(z.string()),
      spectrum: z.array(z.tuple([z.number(), z.number()]).readonly()).describe('[[wavelength_um, reflectance 0-1], ...]: the part of the file\'s spectrum the bands were simulated from (for a chart)'),
    })
    .optional()
    .describe('Extension: the spectrometer file read (multipart or raw body requests)'),
});

export type CompareResponse = z.output<typeof compareResponseSchema>;
