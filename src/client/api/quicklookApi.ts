/** GET /api/quicklook: a whole scene as a small PNG (the timeline's previews and the chosen scene). Commas stay readable in the URL. */
export const quicklookUrl = (sceneId: string, bands: readonly string[]) => `/api/quicklook?${new URLSearchParams({ sceneId, bands: bands.join(',') }).toString().replace(/%2C/g, ',')}`;
