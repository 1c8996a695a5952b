import type { FastifyReply } from 'fastify';
import type { RenderedImage } from '../../core/landsat/landsatResults.js';

/**
 * A scene image with the headers every image call sends: which scene and time, satellite and sensor, bands as
 * R,G,B, the stretch in words and the synthetic flag (the page's captions read them). Map images also
 * say where they lie (`x-image-bounds`).
 */
export function sendScenePng(reply: FastifyReply, image: RenderedImage, options: { cacheControl: string; sendBounds: boolean }) {
  void reply
    .type('image/png')
    .header('cache-control', options.cacheControl)
    .header('x-scene-id', image.scene.id)
    .header('x-scene-datetime', image.scene.datetime)
    .header('x-satellite', image.scene.satellite)
    .header('x-sensor', image.scene.sensor)
    .header('x-bands', image.bands.join(','))
    .header('x-stretch', image.stretch)
    .header('x-synthetic', String(image.synthetic));
  if (options.sendBounds) void reply.header('x-image-bounds', image.boundsLngLat ? image.boundsLngLat.map((v) => v.toFixed(6)).join(',') : '');
  return reply.send(image.png);
}
