/**
 * The documents that let other tools add a layer by one URL: TileJSON 3.0.0
 * (https://github.com/mapbox/tilejson-spec/tree/master/3.0.0: MapLibre, Leaflet plug-ins, leafmap) and
 * OGC WMTS 1.0.0 capabilities (OGC 07-057r7: QGIS, GDAL's WMTS driver, ArcGIS) on the WebMercatorQuad
 * tile matrix set, written out by hand: small fixed documents, no library needed.
 */
import { MAX_ZOOM, MERCATOR_HALF_M, MIN_ZOOM, pixelSizeM, TILE_SIZE_PX } from './webMercatorQuad.js';

export interface LayerDescription {
  /** Layer id (WMTS Identifier): letters, digits, _ and -. */
  id: string;
  title: string;
  description: string;
  attribution: string;
  /** URL of the tiles up to the extension, e.g. https://host/api/scenes/ID/tiles/WebMercatorQuad (no trailing slash). */
  tilesBase: string;
  /** The query every tile URL carries (already encoded, without "?"), e.g. bands=B04,B03,B02. */
  query: string;
  boundsLngLat: [number, number, number, number];
  minzoom?: number;
  maxzoom?: number;
  version: string;
}

const withQuery = (url: string, query: string) => (query ? `${url}?${query}` : url);

export function tileJson(layer: LayerDescription, format: 'png' | 'webp' | 'tif' = 'png') {
  const [w, s, e, n] = layer.boundsLngLat;
  const minzoom = layer.minzoom ?? MIN_ZOOM;
  const maxzoom = layer.maxzoom ?? MAX_ZOOM;
  return {
    tilejson: '3.0.0' as const,
    name: layer.title,
    description: layer.description,
    version: layer.version,
    attribution: layer.attribution,
    scheme: 'xyz' as const,
    tiles: [withQuery(`${layer.tilesBase}/{z}/{x}/{y}.${format}`, layer.query)],
    minzoom,
    maxzoom,
    bounds: [w, s, e, n] as [number, number, number, number],
    center: [(w + e) / 2, (s + n) / 2, Math.min(maxzoom, Math.max(minzoom, 8))] as [number, number, number],
  };
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** 0.28 mm: the "standardized rendering pixel size" WMTS scale denominators are defined with (OGC 07-057r7, 6.1). */
const RENDERING_PIXEL_M = 0.00028;

export function wmtsCapabilities(layer: LayerDescription): string {
  const [w, s, e, n] = layer.boundsLngLat;
  const minzoom = layer.minzoom ?? MIN_ZOOM;
  const maxzoom = layer.maxzoom ?? MAX_ZOOM;
  const matrices: string[] = [];
  for (let z = minzoom; z <= maxzoom; z++) {
    matrices.push(`      <TileMatrix>
        <ows:Identifier>${z}</ows:Identifier>
        <ScaleDenominator>${pixelSizeM(z) / RENDERING_PIXEL_M}</ScaleDenominator>
        <TopLeftCorner>${-MERCATOR_HALF_M} ${MERCATOR_HALF_M}</TopLeftCorner>
        <TileWidth>${TILE_SIZE_PX}</TileWidth>
        <TileHeight>${TILE_SIZE_PX}</TileHeight>
        <MatrixWidth>${2 ** z}</MatrixWidth>
        <MatrixHeight>${2 ** z}</MatrixHeight>
      </TileMatrix>`);
  }
  const template = (ext: string) => xml(withQuery(`${layer.tilesBase}/{TileMatrix}/{TileCol}/{TileRow}.${ext}`, layer.query));
  return `<?xml version="1.0" encoding="UTF-8"?>
<Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.opengis.net/wmts/1.0 http://schemas.opengis.net/wmts/1.0/wmtsGetCapabilities_response.xsd" version="1.0.0">
  <ows:ServiceIdentification>
    <ows:Title>${xml(layer.title)}</ows:Title>
    <ows:Abstract>${xml(`${layer.description} ${layer.attribution}`)}</ows:Abstract>
    <ows:ServiceType>OGC WMTS</ows:ServiceType>
    <ows:ServiceTypeVersion>1.0.0</ows:ServiceTypeVersion>
  </ows:ServiceIdentification>
  <Contents>
    <Layer>
      <ows:Title>${xml(layer.title)}</ows:Title>
      <ows:Abstract>${xml(layer.description)}</ows:Abstract>
      <ows:WGS84BoundingBox crs="urn:ogc:def:crs:OGC:2:84">
        <ows:LowerCorner>${w} ${s}</ows:LowerCorner>
        <ows:UpperCorner>${e} ${n}</ows:UpperCorner>
      </ows:WGS84BoundingBox>
      <ows:Identifier>${xml(layer.id)}</ows:Identifier>
      <Style isDefault="true">
        <ows:Identifier>default</ows:Identifier>
      </Style>
      <Format>image/png</Format>
      <Format>image/tiff</Format>
      <TileMatrixSetLink>
        <TileMatrixSet>WebMercatorQuad</TileMatrixSet>
      </TileMatrixSetLink>
      <ResourceURL format="image/png" resourceType="tile" template="${template('png')}"/>
      <ResourceURL format="image/tiff" resourceType="tile" template="${template('tif')}"/>
    </Layer>
    <TileMatrixSet>
      <ows:Identifier>WebMercatorQuad</ows:Identifier>
      <ows:SupportedCRS>urn:ogc:def:crs:EPSG::3857</ows:SupportedCRS>
      <WellKnownScaleSet>urn:ogc:def:wkss:OGC:1.0:GoogleMapsCompatible</WellKnownScaleSet>
${matrices.join('\n')}
    </TileMatrixSet>
  </Contents>
</Capabilities>
`;
}
