import type { PixelScene } from '../../shared/api/pixel.js';
import { qaFlagWords } from '../series/qaFlagWords.js';

const ROW = ['north', 'centre', 'south'];
const COL = ['west', 'centre', 'east'];

/**
 * The 240 px 3 x 3 image with its nine pixels outlined, the target pixel marked, and each pixel's
 * QA state written on it (from the pixel series of the same scene; not guessed when the scene differs).
 */
export function GridImage({ src, alt, qaScene }: { src: string; alt: string; qaScene: Pick<PixelScene, 'id' | 'qa'> | null }) {
  return (
    <div className="grid-image">
      <img src={src} alt={alt} />
      <div className="grid-image-cells" aria-hidden="true">
        {ROW.map((_, r) =>
          COL.map((__, c) => {
            const target = r === 1 && c === 1;
            const words = qaScene ? qaFlagWords(qaScene.qa.flags[r]?.[c]).slice(0, 2).join(', ') : null;
            return (
              <div key={`${r}-${c}`} className={`grid-image-cell${target ? ' target' : ''}`} data-target={target ? 'true' : undefined}>
                {(words || target) && <span>{[target ? 'target' : null, words].filter(Boolean).join(': ')}</span>}
              </div>
            );
          }),
        )}
      </div>
    </div>
  );
}

/** The QA state of the nine pixels in words, for the caption (screen readers do not see the overlay). */
export function gridQaSummary(qaScene: Pick<PixelScene, 'qa'>): string {
  return ROW.map((rowName, r) => COL.map((colName, c) => `${rowName === 'centre' && colName === 'centre' ? 'target' : `${rowName}-${colName}`}: ${qaFlagWords(qaScene.qa.flags[r]?.[c]).join(', ')}`).join('; ')).join('; ');
}
