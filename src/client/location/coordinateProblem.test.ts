import { describe, expect, it } from 'vitest';
import { coordinateProblem, parseCoordinate } from './coordinateProblem.js';

describe('parseCoordinate', () => {
  it.each([
    ['10.2', 10.2],
    ['10,2', 10.2],
    [' -79.2165 ', -79.2165],
    ['\u221245,5', -45.5],
    ['+3', 3],
    ['.5', 0.5],
    ['7.', 7],
  ])('reads %j as %d', (text, value) => expect(parseCoordinate(text)).toBe(value));

  it.each(['', 'abc', '1,000.5', '10,2,3', '1e3', '12 3', '--4', 'NaN', 'Infinity'])('refuses %j', (text) => expect(parseCoordinate(text)).toBeNull());
});

describe('coordinateProblem', () => {
  it('says what is wrong in words, naming the field', () => {
    expect(coordinateProblem('Latitude', '')).toBe('Latitude is required.');
    expect(coordinateProblem('Longitude', 'east')).toMatch(/^Longitude must be a decimal number/);
    expect(coordinateProblem('Latitude', '91')).toBe('Latitude must be between -90 and 90.');
    expect(coordinateProblem('Longitude', '10,2')).toBeNull();
  });
});
