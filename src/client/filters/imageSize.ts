/**
 * The image a fetch asks for: the 3 x 3 pixels around the point, or the whole analysis area.
 * (Its own module: the request URLs, the filters form and the link reader all use it, and none of
 * them should import another for it, which made an import circle.)
 */
export type ImageSize = '3x3' | 'full';
