import { describe, expect, it } from 'vitest';
import { describeParsedSpectrum, parseSpectrumText } from './parseSpectrumText.js';

describe('parseSpectrumText', () => {
  it('reads an ASD-style tab export in nm and 0-1, skipping its header', () => {
    const text = 'Wavelength\tsample00001.asd\n350\t0.0512\n351\t0.0515\n352\t0.0520\n';
    const p = parseSpectrumText(text);
    expect(p.spectrum).toEqual([[0.35, 0.0512], [0.351, 0.0515], [0.352, 0.052]]);
    expect(p).toMatchObject({ wavelengthUnit: 'nm', reflectanceUnit: 'fraction', detected: { wavelength: true, reflectance: true }, skippedLines: 1 });
    expect(describeParsedSpectrum(p)).toMatch(/^Wavelengths in nanometres \(detected\); reflectance as a 0-1 fraction \(detected\) from "sample00001.asd"; 3 points from 0.35 to 0.352 µm\.$/);
  });

  it('reads µm with percent, semicolons and decimal commas', () => {
    const p = parseSpectrumText('# field site 3\nwl;R\n0,45;12,5\n0,50;40\n');
    expect(p.spectrum).toEqual([[0.45, 0.125], [0.5, 0.4]]);
    expect(p).toMatchObject({ wavelengthUnit: 'um', reflectanceUnit: 'percent' });
  });

  it('takes the reflectance column a header names (SVC .sig: reference, target, reflectance %)', () => {
    const text = '/*** Spectra Vista SIG Data ***/\nwavelength reference target reflectance\n400.0 5000 2500 50.0\n401.0 5100 2601 51.0\n';
    const p = parseSpectrumText(text);
    expect(p.reflectanceColumn).toBe(3);
    expect(p.spectrum).toEqual([[0.4, 0.5], [0.401, 0.51]]);
  });

  it('leaves out points outside 0.35-2.6 µm and says so; lets the person override the units', () => {
    const p = parseSpectrumText('325,0.1\n350,0.1\n2500,0.2\n');
    expect(p.spectrum).toHaveLength(2);
    expect(p.droppedOutside).toBe(1);
    expect(describeParsedSpectrum(p)).toMatch(/1 point outside 0.35-2.6 µm left out/);
    // A dark water spectrum in percent whose largest value is 1.2 %: detection says fraction; the person corrects it.
    const water = parseSpectrumText('400,1.2\n500,0.8\n', { reflectanceUnit: 'percent' });
    expect(water.spectrum).toEqual([[0.4, 0.012], [0.5, 0.008]]);
    expect(water.detected.reflectance).toBe(false);
  });

  it('says in words when there are no numbers', () => {
    expect(() => parseSpectrumText('hello\nworld')).toThrow(/No rows of numbers/);
  });
});
