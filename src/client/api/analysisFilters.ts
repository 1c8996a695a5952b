/** The filters an analysis of a period sends (a composite layer's tiles, an area's measurement): the page's filter form, as the API names them. */
export interface AnalysisFilters {
  startDate: string;
  endDate: string;
  cloudCoverage: number;
  bands: string[];
  /** The API's mask text; absent means the default. */
  mask?: string;
  /** The page's "Harmonise TM/ETM+ to OLI" switch: sends harmonize=oli. */
  harmonize?: boolean;
}
