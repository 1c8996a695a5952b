import { z } from 'zod';
import { checkDateRange, filterShape } from '../apiQuery.js';
import { MASK_WORDS, MaskParseError, parseMask, type ClearMask } from '../../core/raster/clearPixel.js';
import { MAX_BAD_SITES_LISTED, parseSitesCsv, parseSitesJson, type BadSite, type SiteInput } from '../sitesInput.js';
import type { BandId } from '../../core/bands/bandCatalog.js';
import { errorLineSchema, progressLineSchema } from './ndjsonStream.js';

/** POST /api/sites (issue 24): at most this many sites; more go to POST /api/jobs. */
export const MAX_SITES_PER_REQUEST = 1000;
export const MAX_SITES_PER_JOB = 100_000;
export const SITES_BODY_LIMIT_BYTES = 1024 * 1024;
export const JOBS_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

const siteSchema = z
  .object({
    id: z.union([z.string(), z.number()]).optional().describe('Your name for the site; unique. Absent: its index in `sites`.'),
    lat: z.unknown().describe('WGS84 latitude, degrees'),
    lon: z.unknown().describe('WGS84 longitude, degrees'),
  })
  .passthrough();

/** The parameters, as JSON body fields or (for a CSV body) in the query string; they mean what they mean on /api/pixel. */
const paramShape = {
  startDate: z.string().optional().describe('First acquisition date, inclusive, YYYY-MM-DD (UTC)'),
  endDate: z.string().optional().describe('Last acquisition date, inclusive, YYYY-MM-DD (UTC)'),
  cloudCoverage: z.union([z.number(), z.string()]).optional().describe('Largest scene cloud cover accepted, whole percent 0-100 (default 100)'),
  bands: z.union([z.array(z.string()), z.string()]).optional().describe('Band ids as an array or a comma-separated string (default B01-B05)'),
  harmonize: z.string().optional().describe('oli: Landsat 4/5 TM and 7 ETM+ reflectance harmonised to Landsat 8/9 OLI (Roy et al. 2016, RMA), as on /api/pixel; none or absent (default): as archived'),
  mask: z.union([z.string(), z.array(z.string())]).optional().describe(`QA flags that make a pixel not clear: comma-separated ${MASK_WORDS.join(', ')}, or none (default cloud,dilated_cloud,cirrus,shadow)`),
};

export const sitesQuerySchema = z.object(paramShape).passthrough();
export const sitesJsonBodySchema = z.object({ sites: z.array(siteSchema).describe('The sites: {"id","lat","lon"}'), ...paramShape });
/** application/json ({"sites":[…], parameters}) or text/csv (header with lat/latitude, lon/lng/longitude, optional id). */
export const sitesBodySchema = z.union([sitesJsonBodySchema, z.string().describe('text/csv: header row with lat/latitude, lon/lng/longitude and an optional id column')]);

export const apiErrorSchema = z.object({
  error: z
    .object({
      code: z.string(),
      message: z.string(),
      sites: z.array(z.object({ line: z.number().optional(), index: z.number().optional(), reason: z.string() })).optional().describe('invalid_sites: the bad sites (at most 20)'),
      badSiteCount: z.number().optional(),
    })
    .passthrough(),
});

const SITES_CSV_WORDS =
  'text/csv: site_id, lat, lon, scene_id, satellite, date, wrs_path, wrs_row, cloud_cover, one column per band (B04_…), qa_pixel, clear, note, then (extension) sensor (TM, ETM+, OLI/TIRS) and harmonized (roy2016-rma or empty).';
export const sitesCsvResponseSchema = {
  description: `${SITES_CSV_WORDS} With Accept: application/x-ndjson, NDJSON lines instead`,
  content: {
    'text/csv': { schema: z.string().describe(SITES_CSV_WORDS) },
    'application/x-ndjson': {
      schema: z.string().describe('{"type":"progress","done","total"} lines, then {"type":"row",…the CSV columns as keys…} lines, then {"type":"done"}'),
    },
  },
};

/** A line of POST /api/sites with Accept: application/x-ndjson: progress, one row per site and scene (the CSV columns as keys), then done or error. */
export const sitesStreamLineSchema = z.discriminatedUnion('type', [
  progressLineSchema,
  errorLineSchema,
  z.object({ type: z.literal('row') }).catchall(z.union([z.string(), z.number(), z.boolean(), z.null()])),
  z.object({ type: z.literal('done') }),
]);
export type SitesStreamLine = z.input<typeof sitesStreamLineSchema>;

export interface SitesParameters {
  startDate: string;
  endDate: string;
  cloudCoverage: number;
  bands: BandId[];
  /** The mask words as given (kept by jobs) and as parsed (src/core/raster/clearPixel.ts). */
  maskText: string | undefined;
  mask: ClearMask;
  /** oli: TM/ETM+ reflectance harmonised to OLI (src/core/bands/harmonize.ts); absent: as archived. */
  harmonize?: 'oli';
}

export interface SitesRequestProblem {
  statusCode: number;
  code: string;
  message: string;
  sites?: BadSite[];
  badSiteCount?: number;
}

export type SitesRequest = { ok: true; sites: SiteInput[]; params: SitesParameters } | { ok: false; problem: SitesRequestProblem };

const parameterSchema = z.object({ ...filterShape }).superRefine(checkDateRange);

function parseParameters(raw: Record<string, unknown>): { params?: SitesParameters; problem?: SitesRequestProblem } {
  const text = (v: unknown) => (v === undefined || v === null ? undefined : Array.isArray(v) ? v.join(',') : String(v));
  const harmonizeText = text(raw.harmonize)?.trim().toLowerCase();
  if (harmonizeText !== undefined && harmonizeText !== '' && harmonizeText !== 'none' && harmonizeText !== 'oli') {
    return {
      problem: {
        statusCode: 400,
        code: 'bad_request',
        message: `harmonize must be "oli" (TM and ETM+ reflectance adjusted to OLI with the Roy et al. 2016 coefficients) or none/left out for values as archived, got "${harmonizeText.slice(0, 40)}"`,
      },
    };
  }
  const harmonize = harmonizeText === 'oli' ? ('oli' as const) : undefined;
  const parsed = parameterSchema.safeParse({ startDate: text(raw.startDate) ?? '', endDate: text(raw.endDate) ?? '', cloudCoverage: text(raw.cloudCoverage), bands: text(raw.bands) });
  if (!parsed.success) {
    const message = parsed.error.issues.map((i) => (i.path.length && !i.message.startsWith(String(i.path[0])) ? `${String(i.path[0])}: ${i.message}` : i.message)).join('; ');
    return { problem: { statusCode: 400, code: 'bad_request', message } };
  }
  const maskText = text(raw.mask);
  try {
    return { params: { ...parsed.data, maskText, mask: parseMask(maskText), ...(harmonize ? { harmonize } : {}) } };
  } catch (err) {
    if (err instanceof MaskParseError) return { problem: { statusCode: 400, code: 'bad_request', message: `mask: ${err.message}` } };
    throw err;
  }
}

const where = (b: BadSite) => (b.line !== undefined ? `line ${b.line}` : `index ${b.index}`);

/**
 * The sites and parameters of a POST /api/sites or /api/jobs body (CSV text with the parameters in
 * the query, or JSON), or the reason it is refused whole: every bad site (up to 20) by CSV line or
 * JSON index, or too many sites.
 */
export function readSitesRequest(body: unknown, query: Record<string, unknown>, maxSites: number, tooMany: (count: number) => SitesRequestProblem): SitesRequest {
  const isCsv = typeof body === 'string';
  const raw: Record<string, unknown> = isCsv ? query : ((body ?? {}) as Record<string, unknown>);
  if (!isCsv && !Array.isArray(raw.sites)) return { ok: false, problem: { statusCode: 400, code: 'bad_request', message: 'Send {"sites":[{"id","lat","lon"},…], "startDate", "endDate", …} as JSON, or a CSV file as text/csv.' } };
  const { params, problem } = parseParameters(raw);
  if (problem) return { ok: false, problem };
  const parsedSites = isCsv ? parseSitesCsv(body) : parseSitesJson(raw.sites as unknown[]);
  if (!parsedSites.ok) {
    if (parsedSites.notCsv) return { ok: false, problem: { statusCode: 400, code: 'invalid_sites', message: `The sites could not be read: ${parsedSites.notCsv}.` } };
    const listed = parsedSites.bad.map((b) => `${where(b)}: ${b.reason}`).join('; ');
    const more = parsedSites.badCount > MAX_BAD_SITES_LISTED ? ` (the first ${MAX_BAD_SITES_LISTED} of ${parsedSites.badCount} bad sites)` : '';
    return {
      ok: false,
      problem: {
        statusCode: 400,
        code: 'invalid_sites',
        message: `Nothing was read: fix these sites and send again${more}. ${listed}`,
        sites: parsedSites.bad,
        badSiteCount: parsedSites.badCount,
      },
    };
  }
  if (parsedSites.sites.length > maxSites) return { ok: false, problem: tooMany(parsedSites.sites.length) };
  return { ok: true, sites: parsedSites.sites, params: params! };
}
