// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { bandsAsRgb, ImageCaption } from './ImageCaption.js';
import { GridImage } from './GridImage.js';
import { samplePixelResponse } from '../../../test/support/samplePixelResponse.js';

afterEach(cleanup);

describe('image captions', () => {
  it('names bands as R/G/B, or grey for one band', () => {
    expect(bandsAsRgb(['B04', 'B03', 'B02'])).toBe('R/G/B = B04/B03/B02');
    expect(bandsAsRgb(['B05'])).toBe('grey = B05');
  });

  it('shows scene, UTC time, satellite, bands and stretch from the headers', () => {
    render(
      <figure>
        <ImageCaption image={{ sceneId: 'LC09_L2SP_018029_20250622_SYNTHETIC', sceneDatetime: '2025-06-22T16:03:39.000Z', satellite: 'landsat-9', bands: ['B05', 'B04', 'B05'], stretch: 'fixed: 0-0.3 reflectance', synthetic: true }} />
      </figure>,
    );
    const text = screen.getByRole('figure').textContent;
    expect(text).toContain('LC09_L2SP_018029_20250622_SYNTHETIC (synthetic demo data)');
    expect(text).toContain('2025-06-22 16:03:39 UTC');
    expect(text).toContain('Landsat 9');
    expect(text).toContain('R/G/B = B05/B04/B05');
    expect(text).toContain('fixed: 0-0.3 reflectance');
  });

  it("marks the target pixel and writes each pixel's QA state on the 3 x 3 image", () => {
    const scene = samplePixelResponse().scenes[0];
    const { container } = render(<GridImage src="data:image/png;base64,iVBORw0KGgo=" alt="3 x 3" qaScene={scene} />);
    const cells = container.querySelectorAll('.grid-image-cell');
    expect(cells).toHaveLength(9);
    expect(cells[4].getAttribute('data-target')).toBe('true');
    expect(cells[4].textContent).toMatch(/^target: /);
    expect([...cells].every((c) => (c.textContent ?? '').length > 0)).toBe(true);
  });
});
